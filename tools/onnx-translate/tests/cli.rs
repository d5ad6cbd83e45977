//! The onnx-translate process: `--version` and exit codes (README, "Exit codes"): 0 success,
//! 1 an error, 2 a usage error.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_onnx-translate");

/// Exit code, stdout and stderr of onnx-translate with `args`.
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(BIN).args(args).output().expect("run onnx-translate");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn version_names_the_commit() {
    let (code, out, err) = run(&["--version"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, format!("{}\n", flowgate_version::version_line("onnx-translate")));
}

#[test]
fn usage_errors_exit_2() {
    for args in [&[][..], &["--import-onnx", "a.onnx", "--import-onnx-text", "b.onnxtxt"], &["--bogus"]] {
        let (code, out, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.starts_with("error: ") && err.contains("Usage: onnx-translate"), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
    }
}

#[test]
fn errors_exit_1_and_success_0() {
    let (code, _, err) = run(&["--import-onnx", "/nonexistent/model.onnx"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("/nonexistent/model.onnx"), "{err}");
    let model = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/onnx-backend-cf/test_loop11/model.onnx");
    let (code, out, err) = run(&["--import-onnx", model]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("onnx.Loop"), "{out}");
}
