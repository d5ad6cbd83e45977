//! Operator-set imports: which domains a model may use, and the supported default opsets.

use std::collections::HashMap;

use super::diagnostic::Rule;
use crate::proto::OperatorSetIdProto;

/// Default-domain opsets Flowgate accepts: 11 is where `Loop`/`If`/`Scan` took their current
/// form with sequences; 28 is the newest known to onnx 1.23.2. Opset 28's new versions widen
/// type constraints (bfloat16, the small floats, signed BitShift), define floating-point Mod with
/// fmod = 0 and add SpaceToDepth's `mode`; the lowering follows each (BitShift sign-fills) or
/// refuses it with an error naming it (float Mod with fmod = 0; SpaceToDepth has no lowering).
pub const SUPPORTED_OPSETS: std::ops::RangeInclusive<i64> = 11..=28;

/// The model's opset version for the default domain (`""` or `"ai.onnx"`), if it imports one.
pub fn default_opset(model: &crate::proto::ModelProto) -> Option<i64> {
    model
        .opset_import
        .iter()
        .find(|o| normalize_domain(o.domain.as_deref().unwrap_or("")).is_empty())
        .and_then(|o| o.version)
}

/// `""` and `"ai.onnx"` name the same (default) domain.
pub(super) fn normalize_domain(d: &str) -> &str {
    if d == "ai.onnx" {
        ""
    } else {
        d
    }
}

pub(super) fn domain_label(d: &str) -> String {
    if d.is_empty() {
        "the default domain (ai.onnx)".to_string()
    } else {
        format!("domain '{d}'")
    }
}

/// Reads an opset import list into domain → version, with the problems found.
pub(super) fn read_imports(imports: &[OperatorSetIdProto]) -> (HashMap<String, i64>, Vec<(Rule, String)>) {
    let mut map = HashMap::new();
    let mut problems = Vec::new();
    for imp in imports {
        let domain = normalize_domain(imp.domain.as_deref().unwrap_or("")).to_string();
        let version = imp.version.unwrap_or(0);
        if map.insert(domain.clone(), version).is_some() {
            problems.push((Rule::DuplicateOpset, format!("{} is imported more than once", domain_label(&domain))));
        }
        if domain.is_empty() && !SUPPORTED_OPSETS.contains(&version) {
            problems.push((
                Rule::UnsupportedOpset,
                format!(
                    "opset {version} of the default domain is not supported (supported: {} to {})",
                    SUPPORTED_OPSETS.start(),
                    SUPPORTED_OPSETS.end()
                ),
            ));
        }
    }
    (map, problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn imp(d: &str, v: i64) -> OperatorSetIdProto {
        OperatorSetIdProto { domain: Some(d.into()), version: Some(v) }
    }

    #[test]
    fn range_and_duplicates() {
        let (m, p) = read_imports(&[imp("", 17), imp("com.x", 1)]);
        assert!(p.is_empty());
        assert_eq!(m.get(""), Some(&17));
        let (_, p) = read_imports(&[imp("ai.onnx", 10)]);
        assert_eq!(p[0].0, Rule::UnsupportedOpset);
        assert!(p[0].1.contains("opset 10"));
        let (_, p) = read_imports(&[imp("", 29)]);
        assert_eq!(p[0].0, Rule::UnsupportedOpset);
        let (_, p) = read_imports(&[imp("", 17), imp("ai.onnx", 18)]);
        assert_eq!(p[0].0, Rule::DuplicateOpset);
    }
}
