//! `--upstream-verify` and `--upstream-pass-pipeline` in a build without the cargo feature
//! `mlir`: a clear error that names the feature, before any input is read. (With the feature,
//! lit-tests/Upstream runs the flags through the bridge.)
#![cfg(not(feature = "mlir"))]

use onnx_opt::run_opt;

fn opt(args: &[&str]) -> (i32, String) {
    let o = run_opt(args, b"func.func @f() {\n  return\n}\n");
    (o.status, o.stderr)
}

#[test]
fn upstream_verify_names_the_missing_feature() {
    let (st, err) = opt(&["--upstream-verify"]);
    assert_eq!(st, 1);
    assert!(err.contains("--upstream-verify needs upstream MLIR"), "{err}");
    assert!(err.contains("cargo feature `mlir`"), "{err}");
}

#[test]
fn upstream_pass_pipeline_names_the_missing_feature() {
    let (st, err) = opt(&["--upstream-pass-pipeline=builtin.module(canonicalize)"]);
    assert_eq!(st, 1);
    assert!(err.contains("--upstream-pass-pipeline needs upstream MLIR"), "{err}");
    assert!(err.contains("cargo feature `mlir`"), "{err}");
}

#[test]
fn without_the_flags_nothing_changes() {
    let (st, err) = opt(&[]);
    assert_eq!(st, 0, "{err}");
}
