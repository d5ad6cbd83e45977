//! The onnx-compile process: `--version` and exit codes (README, "Exit codes"): 0 success,
//! 1 an error, 2 a usage error (what the command line alone gets wrong).

use std::io::Write as _;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_onnx-compile");
const PROGRAM: &str = "func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n";

/// Exit code, stdout and stderr of onnx-compile with `args`, `stdin` on standard input.
fn run(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn onnx-compile");
    if let Some(mut i) = child.stdin.take() {
        let _ = i.write_all(stdin.as_bytes());
    }
    let out = child.wait_with_output().expect("wait");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

fn temp(name: &str) -> String {
    std::env::temp_dir().join(format!("onnx-compile-cli-{}-{name}", std::process::id())).display().to_string()
}

#[test]
fn version_names_the_commit() {
    let (code, out, err) = run(&["--version"], "");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, format!("{}\n", flowgate_version::version_line("onnx-compile")));
}

#[test]
fn usage_errors_exit_2() {
    let o = temp("usage.o");
    for args in [
        &["--bogus", "-o", &o][..],
        &["-"],                               // no -o
        &["-", "-o", &o, "-O7"],              // no such level
        &["-", "-o", &o, "--backend", "gcc"], // no such backend
    ] {
        let (code, _, err) = run(args, PROGRAM);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.starts_with("error: ") && err.contains("Usage: onnx-compile"), "{args:?}: {err}");
    }
    assert!(!std::path::Path::new(&o).exists(), "a usage error wrote an object");
}

#[test]
fn errors_exit_1_and_success_0() {
    let o = temp("ok.o");
    let (code, _, err) = run(&["-", "-o", &o], "func.func @f( {");
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("<stdin>:1:") && err.contains("error:"), "{err}");
    let (code, _, err) = run(&["/nonexistent/in.mlir", "-o", &o], "");
    assert_eq!(code, Some(1), "{err}");
    let (code, _, err) = run(&["-", "-o", &o], PROGRAM);
    assert_eq!(code, Some(0), "{err}");
    assert!(std::fs::metadata(&o).is_ok_and(|m| m.len() > 0));
    let _ = std::fs::remove_file(o);
}

/// On a terminal the steps of a compile show on the progress line (every step at once with
/// FLOWGATE_PROGRESS_DELAY_MS=0; by default only those that last); redirected, never.
#[test]
fn progress_line_on_a_terminal_only() {
    use std::io::Read as _;
    let o = temp("progress.o");
    let (mut master, slave) = flowgate_progress::pseudo_terminal().expect("openpty");
    let mut child = Command::new(BIN)
        .args(["-", "-o", &o])
        .env("FLOWGATE_PROGRESS_DELAY_MS", "0")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::from(slave))
        .spawn()
        .expect("spawn onnx-compile");
    if let Some(mut i) = child.stdin.take() {
        let _ = i.write_all(PROGRAM.as_bytes());
    }
    assert_eq!(child.wait().expect("wait").code(), Some(0));
    // The child has exited and the slave is closed: read what the terminal got (EIO ends it).
    let mut seen = Vec::new();
    let _ = master.read_to_end(&mut seen);
    let seen = String::from_utf8_lossy(&seen);
    assert!(seen.contains("\r\x1b[Kcompiling <stdin>: lowering…"), "{seen:?}");
    assert!(seen.contains("\r\x1b[Kcompiling <stdin>: code generation…"), "{seen:?}");
    assert!(seen.ends_with("\r\x1b[K"), "the line is cleared at the end: {seen:?}");
    // Redirected stderr gets nothing of it.
    let (code, _, err) = run(&["-", "-o", &o], PROGRAM);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.is_empty(), "{err:?}");
    let _ = std::fs::remove_file(o);
}
