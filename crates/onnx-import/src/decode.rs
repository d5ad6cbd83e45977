//! Binary protobuf decoding plus the validation prost cannot do.
//!
//! Protobuf has no magic number and prost skips unknown fields, so arbitrary bytes (and even an
//! empty buffer) can "decode" into a `ModelProto`. A model is only accepted when it carries the
//! fields every real exporter writes: an IR version in range, opset imports and a graph.

use prost::Message;

use crate::error::{one_line, ImportError};
use crate::proto::ModelProto;

/// The newest IR version this crate's `onnx.proto` knows (`Version::IR_VERSION`).
pub const MAX_IR_VERSION: i64 = crate::proto::Version::IrVersion as i64;

/// Decodes and validates a binary ONNX model. Errors name the input as `<input>`.
pub fn decode_model(bytes: &[u8]) -> Result<ModelProto, ImportError> {
    decode_model_named(bytes, "<input>")
}

/// Decodes and validates a binary ONNX model; `file` names the input in error messages.
pub fn decode_model_named(bytes: &[u8], file: &str) -> Result<ModelProto, ImportError> {
    if bytes.is_empty() {
        return Err(not_a_model(file, "the file is empty"));
    }
    // A text model handed to the binary reader is a common mistake; say so.
    let hint =
        if looks_like_text(bytes) { "; this looks like ONNX textual syntax, which the text reader reads" } else { "" };
    let model = ModelProto::decode(bytes).map_err(|e| {
        let file = crate::util::one_line(file).into_owned();
        let reason = one_line(&e);
        match nesting_limit(&reason) {
            Some((depth, innermost)) => ImportError::NestingLimit { file, depth, innermost },
            None => ImportError::Decode { file, reason: format!("{reason}{hint}") },
        }
    })?;
    validate_model_shape(&model).map_err(|reason| not_a_model(file, &format!("{reason}{hint}")))?;
    Ok(model)
}

/// prost's recursion limit, recognised from its message (`failed to decode Protobuf message:
/// Inner.field: ... ModelProto.graph: recursion limit reached`, innermost first; prost exposes
/// no other way): the number of subgraph attributes on the way, and the innermost field.
fn nesting_limit(message: &str) -> Option<(usize, String)> {
    let body = message.strip_suffix("recursion limit reached")?;
    let body = body.strip_prefix("failed to decode Protobuf message: ").unwrap_or(body);
    let fields: Vec<&str> = body.split(": ").map(str::trim).filter(|f| !f.is_empty()).collect();
    let depth = fields.iter().filter(|f| matches!(**f, "AttributeProto.g" | "AttributeProto.graphs")).count();
    let innermost = fields.first().map_or("ModelProto", |f| f.trim_end_matches(':')).to_string();
    Some((depth, innermost))
}

fn not_a_model(file: &str, reason: &str) -> ImportError {
    ImportError::NotAModel {
        file: crate::util::one_line(file).into_owned(),
        reason: crate::util::one_line(reason).into_owned(),
    }
}

/// Checks the envelope of a decoded model; returns the first problem in words.
pub(crate) fn validate_model_shape(model: &ModelProto) -> Result<(), String> {
    let ir = model.ir_version.ok_or("it has no ir_version")?;
    if !(1..=MAX_IR_VERSION).contains(&ir) {
        return Err(format!("ir_version {ir} is outside the known range 1..={MAX_IR_VERSION}"));
    }
    let graph = model.graph.as_ref().ok_or("it has no graph")?;
    // IR version 3 introduced opset imports; every later model must name its opsets.
    if ir >= 3 && model.opset_import.is_empty() {
        return Err("it imports no operator set".to_string());
    }
    for (i, node) in graph.node.iter().enumerate() {
        if node.op_type.as_deref().unwrap_or("").is_empty() {
            return Err(format!("node #{i} of the main graph has no op_type"));
        }
    }
    Ok(())
}

/// Whether `bytes` are a binary ONNX model, whatever the file is called. Protobuf writes fields
/// in number order, so a model starts with byte 0x08, the tag of `ir_version` (field 1); no text
/// starts with that control character. Other bytes that do not start like text (after blanks, a
/// printable ASCII character) are a model when they decode as one with a valid envelope. Text
/// (MLIR, the ONNX text syntax) is never taken for a model.
pub fn is_binary_model(bytes: &[u8]) -> bool {
    match bytes.iter().find(|b| !b.is_ascii_whitespace()) {
        Some(0x08) => true,
        Some(b) if b.is_ascii_graphic() => false,
        Some(_) => decode_model(bytes).is_ok(),
        None => false,
    }
}

/// True when the bytes start like the ONNX textual syntax (`<` header or an identifier).
pub(crate) fn looks_like_text(bytes: &[u8]) -> bool {
    let trimmed = bytes.iter().position(|b| !b.is_ascii_whitespace()).map(|i| &bytes[i..]).unwrap_or(&[]);
    match trimmed.first() {
        Some(b'<') | Some(b'#') => true,
        Some(c) if c.is_ascii_alphabetic() || *c == b'_' => {
            std::str::from_utf8(trimmed).map(|s| s.contains("=>")).unwrap_or(false)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proto::{GraphProto, NodeProto, OperatorSetIdProto};

    fn minimal() -> ModelProto {
        ModelProto {
            ir_version: Some(8),
            opset_import: vec![OperatorSetIdProto { domain: Some(String::new()), version: Some(17) }],
            graph: Some(GraphProto {
                name: Some("g".into()),
                node: vec![NodeProto {
                    op_type: Some("Identity".into()),
                    input: vec!["x".into()],
                    output: vec!["y".into()],
                    ..Default::default()
                }],
                ..Default::default()
            }),
            ..Default::default()
        }
    }

    #[test]
    fn round_trips_a_minimal_model() {
        let bytes = minimal().encode_to_vec();
        let model = decode_model(&bytes).expect("valid model");
        assert_eq!(model, minimal());
    }

    #[test]
    fn binary_models_are_recognised_by_content() {
        assert!(is_binary_model(&minimal().encode_to_vec()));
        assert!(!is_binary_model(b"module {\n}\n"));
        assert!(!is_binary_model(b"// comment\nfunc.func @f() { return }"));
        assert!(!is_binary_model(b"<ir_version: 8> g () => () {}"));
        assert!(!is_binary_model(b""));
        assert!(!is_binary_model(b"\x01\x02garbage"));
    }

    #[test]
    fn empty_input_is_not_a_model() {
        let err = decode_model(&[]).unwrap_err().to_string();
        assert_eq!(err, "<input>: error: not an ONNX model: the file is empty");
    }

    #[test]
    fn truncated_input_is_a_decode_error() {
        let bytes = minimal().encode_to_vec();
        let err = decode_model_named(&bytes[..bytes.len() - 3], "m.onnx").unwrap_err();
        assert!(matches!(err, ImportError::Decode { .. }), "{err}");
        let text = err.to_string();
        assert!(text.starts_with("m.onnx: error: not an ONNX model: malformed protobuf"));
        assert!(!text.contains('\n'));
    }

    #[test]
    fn missing_graph_is_rejected() {
        let mut m = minimal();
        m.graph = None;
        let err = decode_model(&m.encode_to_vec()).unwrap_err().to_string();
        assert!(err.ends_with("it has no graph"), "{err}");
    }

    #[test]
    fn missing_ir_version_is_rejected() {
        let mut m = minimal();
        m.ir_version = None;
        let err = decode_model(&m.encode_to_vec()).unwrap_err().to_string();
        assert!(err.ends_with("it has no ir_version"), "{err}");
    }

    #[test]
    fn text_given_to_binary_reader_gets_a_hint() {
        let src = b"<ir_version: 8, opset_import: [\"\" : 17]> g (float x) => (float y) { y = Identity(x) }";
        let err = decode_model(src).unwrap_err().to_string();
        assert!(err.contains("textual syntax"), "{err}");
    }
}
