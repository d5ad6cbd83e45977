//! `--cache-dir` and `$FLOWGATE_CACHE_DIR` from the command line: a cold run stores the model,
//! a warm one (through the variable) loads it, a damaged entry is a warning and is compiled
//! again, and a folder that cannot be written is a warning, not a failure.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_onnx-run");

fn case() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/onnx-cf/rnn_tanh_scan")
}

/// onnx-run on the case's data set with `args`, without `$FLOWGATE_CACHE_DIR` unless `env`.
fn run(args: &[&str], env: Option<&Path>) -> Output {
    let c = case();
    let mut cmd = Command::new(BIN);
    cmd.arg(c.join("model.onnx")).arg("--test-data").arg(c.join("test_data_set_0")).args(args);
    cmd.env_remove("FLOWGATE_CACHE_DIR");
    if let Some(d) = env {
        cmd.env("FLOWGATE_CACHE_DIR", d);
    }
    let out = cmd.output().expect("run onnx-run");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("PASS"));
    out
}

fn entries(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn the_flag_stores_the_variable_loads_and_damage_is_recompiled() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let cold = run(&["--cache-dir", d], None);
    assert_eq!(stderr(&cold), "");
    let stored = entries(dir.path());
    assert_eq!(stored.len(), 1, "{stored:?}");
    let warm = run(&["--time"], Some(dir.path()));
    assert!(!stderr(&warm).contains("warning"), "{}", stderr(&warm));
    assert_eq!(entries(dir.path()), stored);
    // A flipped byte in the library: refused with its reason, compiled and stored again.
    let mut bytes = std::fs::read(&stored[0]).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 1;
    std::fs::write(&stored[0], &bytes).unwrap();
    let again = run(&["--cache-dir", d], None);
    let err = stderr(&again);
    assert!(err.contains("warning: compiled-model cache:") && err.contains("corrupted"), "{err}");
    assert!(err.contains("compiling the model again"), "{err}");
    assert_eq!(stderr(&run(&["--cache-dir", d], None)), "", "the recompiled entry is whole");
}

#[test]
fn an_unwritable_folder_is_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a file");
    std::fs::write(&file, b"").unwrap();
    let under = file.join("cache");
    let out = run(&["--cache-dir", under.to_str().unwrap()], None);
    let err = stderr(&out);
    assert!(err.contains("cannot write the cache folder") && err.contains("not cached"), "{err}");
}
