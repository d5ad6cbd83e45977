//! Comparison tolerances: DESIGN.md §8's defaults, a test case's `tolerance.json` (the
//! real-model corpus records the tolerance each model needs, with the reason), and `--rtol` /
//! `--atol` on the command line, which override the file field by field.

use anyhow::{anyhow, Result};
use std::fmt;
use std::path::Path;

/// DESIGN.md §8.
pub const DEFAULT_RTOL: f64 = 1e-3;
pub const DEFAULT_ATOL: f64 = 1e-7;

/// The file a test case directory may hold.
pub const FILE: &str = "tolerance.json";

/// Where a tolerance came from (named in FAIL lines).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    Default,
    File,
    CommandLine,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Origin::Default => "default",
            Origin::File => FILE,
            Origin::CommandLine => "command line",
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tolerance {
    pub rtol: f64,
    pub atol: f64,
    pub rtol_from: Origin,
    pub atol_from: Origin,
}

impl fmt::Display for Tolerance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.rtol_from == self.atol_from {
            write!(f, "rtol {:e}, atol {:e} ({})", self.rtol, self.atol, self.rtol_from)
        } else {
            write!(f, "rtol {:e} ({}), atol {:e} ({})", self.rtol, self.rtol_from, self.atol, self.atol_from)
        }
    }
}

/// `--rtol` / `--atol` as given (None when not on the command line).
#[derive(Clone, Copy, Debug, Default)]
pub struct Overrides {
    pub rtol: Option<f64>,
    pub atol: Option<f64>,
}

/// The fields of `tolerance.json`; each is optional (a missing one takes the default).
#[derive(serde::Deserialize, Debug, Default, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CaseFile {
    pub rtol: Option<f64>,
    pub atol: Option<f64>,
    /// Why the model needs this tolerance (documentation; not used).
    pub reason: Option<String>,
}

/// Parse the text of a `tolerance.json`; tolerances must be finite and not negative.
pub fn parse(text: &str) -> Result<CaseFile> {
    let f: CaseFile = serde_json::from_str(text).map_err(|e| anyhow!("{e}"))?;
    for (name, v) in [("rtol", f.rtol), ("atol", f.atol)] {
        if let Some(v) = v {
            if !v.is_finite() || v < 0.0 {
                return Err(anyhow!("'{name}' must be a finite number >= 0, got {v}"));
            }
        }
    }
    Ok(f)
}

/// The tolerance for the test case in `case_dir`: the command line's, else the case file's,
/// else the default, per field. A case file that cannot be read or parsed is an error.
pub fn for_case(case_dir: Option<&Path>, over: Overrides) -> Result<Tolerance> {
    let file = match case_dir.map(|d| d.join(FILE)) {
        Some(p) if p.is_file() => {
            let text = std::fs::read_to_string(&p).map_err(|e| anyhow!("cannot read '{}': {e}", p.display()))?;
            parse(&text).map_err(|e| anyhow!("'{}': {e}", p.display()))?
        }
        _ => CaseFile::default(),
    };
    Ok(resolve(&file, over))
}

pub fn resolve(file: &CaseFile, over: Overrides) -> Tolerance {
    let pick = |cli: Option<f64>, from_file: Option<f64>, default: f64| match (cli, from_file) {
        (Some(v), _) => (v, Origin::CommandLine),
        (None, Some(v)) => (v, Origin::File),
        (None, None) => (default, Origin::Default),
    };
    let (rtol, rtol_from) = pick(over.rtol, file.rtol, DEFAULT_RTOL);
    let (atol, atol_from) = pick(over.atol, file.atol, DEFAULT_ATOL);
    Tolerance { rtol, atol, rtol_from, atol_from }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_fields_and_overrides() {
        let f = parse(r#"{"rtol": 0.01, "atol": 1e-5, "reason": "summation order"}"#).unwrap();
        assert_eq!(f.reason.as_deref(), Some("summation order"));
        let t = resolve(&f, Overrides::default());
        assert_eq!((t.rtol, t.atol, t.rtol_from, t.atol_from), (0.01, 1e-5, Origin::File, Origin::File));
        assert_eq!(t.to_string(), "rtol 1e-2, atol 1e-5 (tolerance.json)");
        // The command line wins field by field.
        let t = resolve(&f, Overrides { rtol: Some(1e-3), atol: None });
        assert_eq!((t.rtol, t.atol), (1e-3, 1e-5));
        assert_eq!(t.to_string(), "rtol 1e-3 (command line), atol 1e-5 (tolerance.json)");
        // Missing fields and a missing file take DESIGN §8's defaults.
        let t = resolve(&parse(r#"{"atol": 0}"#).unwrap(), Overrides::default());
        assert_eq!((t.rtol, t.rtol_from, t.atol), (DEFAULT_RTOL, Origin::Default, 0.0));
        let t = for_case(None, Overrides::default()).unwrap();
        assert_eq!(t.to_string(), "rtol 1e-3, atol 1e-7 (default)");
    }

    #[test]
    fn bad_files_are_errors() {
        assert!(parse("{").is_err());
        assert!(parse(r#"{"rtol": "big"}"#).is_err());
        assert!(parse(r#"{"rtol": -1}"#).is_err());
        assert!(parse(r#"{"rtl": 0.1}"#).is_err());
        assert!(parse("[]").is_err());
    }
}
