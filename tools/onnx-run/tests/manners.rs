//! The onnx-run process (issue 23, "the tools' manners"): `--version`, exit codes (0 success,
//! 1 an error or a failed test, 2 a usage error), results streamed as each case ends, and the
//! progress line on a terminal only.

use flowgate_onnx_import::proto::TensorProto;
use flowgate_onnx_import::text::parse_model_text;
use prost::Message as _;
use std::io::{BufRead as _, Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_onnx-run");
const MODEL: &str = r#"<ir_version: 8, opset_import: ["" : 17]>
g (float[3] x) => (float[3] y) {
  y = Add (x, x)
}"#;
/// Long enough for a loaded CI machine; a broken test fails after it instead of hanging.
const PATIENCE: Duration = Duration::from_secs(300);

fn tensor(v: &[f32]) -> Vec<u8> {
    TensorProto { data_type: Some(1), dims: vec![v.len() as i64], float_data: v.to_vec(), ..Default::default() }
        .encode_to_vec()
}

fn temp_root(what: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let root = std::env::temp_dir().join(format!("onnx-run-manners-{what}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    root
}

/// A case `name` under `root` computing `y = x + x` on `[1, 2, 3]`, expecting `expected`.
/// Returns its data set directory.
fn case(root: &Path, name: &str, expected: &[f32]) -> PathBuf {
    let dir = root.join(name);
    let set = dir.join("test_data_set_0");
    std::fs::create_dir_all(&set).unwrap();
    let model = parse_model_text(MODEL, "add.onnxtxt").unwrap();
    std::fs::write(dir.join("model.onnx"), model.encode_to_vec()).unwrap();
    std::fs::write(set.join("input_0.pb"), tensor(&[1.0, 2.0, 3.0])).unwrap();
    std::fs::write(set.join("output_0.pb"), tensor(expected)).unwrap();
    set
}

/// Exit code, stdout and stderr of onnx-run with `args`.
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(BIN).args(args).stdin(Stdio::null()).output().expect("run onnx-run");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn version_names_the_commit() {
    let (code, out, err) = run(&["--version"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, format!("{}\n", flowgate_version::version_line("onnx-run")));
}

#[test]
fn exit_codes() {
    let root = temp_root("codes");
    let set = case(&root, "add", &[2.0, 4.0, 6.0]);
    let model = root.join("add/model.onnx");
    let (model, set, root_s) = (model.to_str().unwrap(), set.to_str().unwrap(), root.to_str().unwrap());
    // Usage errors: the command line alone is wrong; nothing is read.
    for args in [
        &["--bogus"][..],
        &["--backend", "gcc", model],
        &["-O7", model],
        &["--rtol=-1", model],
        &["--input", "x", model],
        &["--output-format", "csv", model],
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.starts_with("error: ") && err.contains("try '--help'"), "{args:?}: {err}");
    }
    // Success.
    let (code, out, err) = run(&[model, "--test-data", set]);
    assert_eq!((code, out.as_str()), (Some(0), format!("PASS {set}\n").as_str()), "{err}");
    // Errors: a missing file, an input the model does not have.
    let (code, _, err) = run(&["/nonexistent/model.onnx"]);
    assert_eq!(code, Some(1), "{err}");
    let (code, _, err) = run(&[model, "--input", "nope=x.npy"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("no input 'nope'"), "{err}");
    // A failed test.
    case(&root, "wrong", &[2.0, 4.0, 7.0]);
    let (code, out, err) = run(&["--backend-tests", root_s]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        out.contains("PASS add\n") && out.contains("FAIL wrong: ") && out.ends_with("1 passed, 1 failed\n"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(root);
}

/// Lines of `child`'s stdout, as they come, on a channel.
fn stdout_lines(child: &mut Child) -> mpsc::Receiver<String> {
    let stdout = child.stdout.take().expect("piped stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// A suite of two cases, `a` and `b`, where `b`'s input is a named pipe: `b` cannot end until
/// the test writes the input into it. Returns the root and the pipe.
fn suite_held_open(what: &str) -> (PathBuf, PathBuf) {
    let root = temp_root(what);
    case(&root, "a", &[2.0, 4.0, 6.0]);
    let held = case(&root, "b", &[2.0, 4.0, 6.0]).join("input_0.pb");
    std::fs::remove_file(&held).unwrap();
    let status = Command::new("mkfifo").arg(&held).status().expect("mkfifo");
    assert!(status.success());
    (root, held)
}

/// Let `b` go on: write its input into the pipe.
fn release(fifo: &Path) {
    let mut w = std::fs::OpenOptions::new().write(true).open(fifo).expect("open the pipe");
    w.write_all(&tensor(&[1.0, 2.0, 3.0])).expect("write the input");
}

#[test]
fn each_result_line_comes_when_its_case_ends() {
    let (root, fifo) = suite_held_open("stream");
    let mut child = Command::new(BIN)
        .args(["--backend-tests".as_ref(), root.as_os_str()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn onnx-run");
    let lines = stdout_lines(&mut child);
    // `a`'s line arrives while `b` waits on its input: it was written and flushed when `a` ended.
    let first = lines.recv_timeout(PATIENCE);
    release(&fifo);
    assert_eq!(first.as_deref(), Ok("PASS a"), "no line while the suite was still running");
    let rest: Vec<String> = lines.iter().collect();
    assert_eq!(rest, ["PASS b", "2 passed, 0 failed"]);
    let out = child.wait_with_output().expect("wait");
    assert_eq!(out.status.code(), Some(0));
    // Redirected, stderr gets no progress line.
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains('\r') && !err.contains("[2/2]"), "{err:?}");
    let _ = std::fs::remove_dir_all(root);
}

#[test]
fn a_terminal_sees_the_progress_line() {
    let (root, fifo) = suite_held_open("progress");
    let (mut master, slave) = flowgate_progress::pseudo_terminal().expect("openpty");
    let child = Command::new(BIN)
        .args(["--backend-tests".as_ref(), root.as_os_str()])
        .stdout(Stdio::piped())
        .stderr(Stdio::from(slave))
        .spawn()
        .expect("spawn onnx-run");
    // What reaches the terminal, gathered on a thread (reads block).
    let (tx, rx) = mpsc::channel::<Vec<u8>>();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = master.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut seen = String::new();
    let want = "[2/2] b: running test_data_set_0…";
    while !seen.contains(want) {
        match rx.recv_timeout(PATIENCE) {
            Ok(b) => seen.push_str(&String::from_utf8_lossy(&b)),
            Err(_) => break,
        }
    }
    release(&fifo);
    let out = child.wait_with_output().expect("wait");
    assert!(seen.contains(&format!("\r\x1b[K{want}")), "{seen:?}");
    // Standard output, not a terminal, has only the results.
    assert_eq!(String::from_utf8_lossy(&out.stdout), "PASS a\nPASS b\n2 passed, 0 failed\n");
    assert_eq!(out.status.code(), Some(0));
    let _ = std::fs::remove_dir_all(root);
}
