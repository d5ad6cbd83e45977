//! `tolerance.json` in a test case directory: `--backend-tests` and `--test-data` compare within
//! it, `--rtol`/`--atol` override it, and FAIL lines name the tolerance used.

use flowgate_onnx_import::proto::TensorProto;
use flowgate_onnx_import::text::parse_model_text;
use prost::Message as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

const MODEL: &str = r#"<ir_version: 8, opset_import: ["" : 17]>
g (float[3] x) => (float[3] y) {
  y = Add (x, x)
}"#;

fn tensor(v: &[f32]) -> Vec<u8> {
    TensorProto { data_type: Some(1), dims: vec![v.len() as i64], float_data: v.to_vec(), ..Default::default() }
        .encode_to_vec()
}

/// A suite root with one case, `add`, whose expected output is 1% off in its first element
/// (2 * 1 = 2, recorded as 2.02): outside the default rtol 1e-3, inside 5e-2.
fn suite(tolerance: Option<&str>) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let root = std::env::temp_dir().join(format!(
        "onnx-run-tolerance-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let case = root.join("add");
    let set = case.join("test_data_set_0");
    std::fs::create_dir_all(&set).unwrap();
    let model = parse_model_text(MODEL, "add.onnxtxt").unwrap();
    std::fs::write(case.join("model.onnx"), model.encode_to_vec()).unwrap();
    std::fs::write(set.join("input_0.pb"), tensor(&[1.0, 2.0, 3.0])).unwrap();
    std::fs::write(set.join("output_0.pb"), tensor(&[2.02, 4.0, 6.0])).unwrap();
    if let Some(t) = tolerance {
        std::fs::write(case.join("tolerance.json"), t).unwrap();
    }
    root
}

fn onnx_run(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_onnx-run")).args(args).output().unwrap();
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into_owned())
}

fn backend_tests(root: &Path, extra: &[&str]) -> (bool, String) {
    let mut args = vec!["--backend-tests", root.to_str().unwrap()];
    args.extend_from_slice(extra);
    onnx_run(&args)
}

#[test]
fn default_tolerance_fails_and_is_named() {
    let root = suite(None);
    let (ok, out) = backend_tests(&root, &[]);
    assert!(!ok, "{out}");
    let fail = out.lines().find(|l| l.starts_with("FAIL add:")).unwrap_or_else(|| panic!("{out}"));
    assert!(fail.ends_with("(rtol 1e-3, atol 1e-7 (default))"), "{fail}");
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn case_file_loosens_and_command_line_overrides() {
    let root = suite(Some(r#"{"rtol": 0.05, "atol": 0, "reason": "test"}"#));
    let (ok, out) = backend_tests(&root, &[]);
    assert!(ok, "{out}");
    assert!(out.contains("PASS add"), "{out}");
    // --rtol on the command line wins over the file's; the file's atol still applies.
    let (ok, out) = backend_tests(&root, &["--rtol", "1e-3"]);
    assert!(!ok, "{out}");
    assert!(out.contains("(rtol 1e-3 (command line), atol 0e0 (tolerance.json))"), "{out}");
    // --test-data reads the file of the data set's case directory.
    let case = root.join("add");
    let (m, d) = (case.join("model.onnx"), case.join("test_data_set_0"));
    let (ok, out) = onnx_run(&[m.to_str().unwrap(), "--test-data", d.to_str().unwrap()]);
    assert!(ok, "{out}");
    let (ok, out) = onnx_run(&[m.to_str().unwrap(), "--test-data", d.to_str().unwrap(), "--rtol", "1e-4"]);
    assert!(!ok && out.contains("FAIL") && out.contains("command line"), "{out}");
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn malformed_file_fails_the_case() {
    let root = suite(Some(r#"{"rtol": "loose"}"#));
    let (ok, out) = backend_tests(&root, &[]);
    assert!(!ok, "{out}");
    assert!(out.contains("FAIL add:") && out.contains("tolerance.json"), "{out}");
    std::fs::remove_dir_all(root).unwrap();
}
