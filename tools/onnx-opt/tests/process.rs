//! The onnx-opt process: arguments that are not UTF-8 and outputs that cannot be written
//! (issue 11). These need a real process (argv bytes, a full stdout), so they are not lit tests.

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt as _;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_onnx-opt");
const PROGRAM: &str = "func.func @f() {\n  return\n}\n";

fn bytes(b: &[u8]) -> OsString {
    OsString::from_vec(b.to_vec())
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("onnx-opt-process-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// Exit code and stderr of onnx-opt with `args`, stdin from `PROGRAM`, stdout discarded.
fn run(args: &[OsString]) -> (Option<i32>, String) {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn onnx-opt");
    if let Some(mut stdin) = child.stdin.take() {
        let _ = std::io::Write::write_all(&mut stdin, PROGRAM.as_bytes());
    }
    let out = child.wait_with_output().expect("wait");
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn non_utf8_file_names_are_files() {
    let dir = temp_dir("names");
    let input = dir.join(bytes(b"in\xff.mlir"));
    std::fs::write(&input, PROGRAM).expect("write input");
    let output = dir.join(bytes(b"out\xfe.mlir"));
    let (code, err) = run(&[input.clone().into_os_string(), "-o".into(), output.clone().into_os_string()]);
    assert_eq!(code, Some(0), "{err}");
    let printed = std::fs::read_to_string(&output).expect("output written under its non-UTF-8 name");
    assert!(printed.contains("func.func @f()"), "{printed}");
    // `-o=<path>` too.
    let mut eq = OsString::from("-o=");
    eq.push(dir.join(bytes(b"eq\xff.mlir")));
    assert_eq!(run(&[input.into_os_string(), eq]).0, Some(0));
    assert!(dir.join(bytes(b"eq\xff.mlir")).exists());
    // A missing one is a normal error, named lossily.
    let (code, err) = run(&[dir.join(bytes(b"missing\xff.mlir")).into_os_string()]);
    assert_eq!(code, Some(1));
    assert!(err.contains("cannot open input file") && err.contains("missing\u{fffd}.mlir"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn non_utf8_pipelines_and_options_are_diagnostics() {
    for arg in [
        bytes(b"--pass-pipeline=builtin.module(\xff)"),
        bytes(b"--canonicalize=max-iterations=\xff"),
        bytes(b"--\xff"),
        bytes(b"--verify-each=\xff"),
    ] {
        let (code, err) = run(std::slice::from_ref(&arg));
        assert_eq!(code, Some(1), "{arg:?}: {err}");
        assert!(err.contains("error"), "{arg:?}: {err}");
        assert!(!err.contains("panicked"), "{arg:?}: {err}");
    }
}

#[test]
fn a_full_stdout_is_an_error() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else { return };
    let out = Command::new(BIN)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(full)
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            if let Some(mut stdin) = c.stdin.take() {
                let _ = std::io::Write::write_all(&mut stdin, PROGRAM.as_bytes());
            }
            c.wait_with_output()
        })
        .expect("run onnx-opt");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.starts_with("error: cannot write output: "), "{err}");
    // `-o /dev/full` says the same.
    let (code, err) = run(&["-".into(), "-o".into(), "/dev/full".into()]);
    assert_eq!(code, Some(1));
    assert!(err.starts_with("error: cannot write output: "), "{err}");
}

#[test]
fn version_names_the_commit() {
    let out = Command::new(BIN).arg("--version").stdin(Stdio::null()).output().expect("run onnx-opt");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("{}\n", flowgate_version::version_line("onnx-opt")));
}

/// onnx-opt keeps mlir-opt 22's exit codes, which differ from the other tools' in one place: a
/// usage error exits 1, not 2 (README, "Exit codes").
#[test]
fn exit_codes_are_mlir_opts() {
    // Usage errors: an unknown flag, a bad value, two inputs, a pipeline with pass flags.
    for args in [
        &["--bogus"][..],
        &["--verify-each=maybe"],
        &["a.mlir", "b.mlir"],
        &["--cse", "--pass-pipeline=builtin.module(cse)"],
    ] {
        let args: Vec<OsString> = args.iter().map(OsString::from).collect();
        let (code, err) = run(&args);
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert!(err.starts_with("onnx-opt: error: "), "{args:?}: {err}");
    }
    // An unknown pass in a pipeline, and `--verify-diagnostics` with an expectation not met.
    let dir = temp_dir("codes");
    let expects = dir.join("expects.mlir");
    std::fs::write(&expects, "func.func @f() {\n  // expected-error@+1 {{nope}}\n  return\n}\n").expect("write");
    for args in [
        vec!["--pass-pipeline=builtin.module(nope)".into()],
        vec!["--verify-diagnostics".into(), expects.into_os_string()],
    ] {
        let (code, err) = run(&args);
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert!(err.contains("error"), "{args:?}: {err}");
    }
    assert_eq!(run(&[]).0, Some(0));
    let _ = std::fs::remove_dir_all(dir);
}
