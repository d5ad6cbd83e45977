//! Replays what the fuzzers found (`fuzz/regressions/<target>/`) through the code each target
//! drives, so CI keeps every reproducer fixed without cargo-fuzz: the input-file readers
//! (`input_npy`, `input_pb`) and the whole pipeline (`onnx_run`: compile, run on the
//! initializers, drop). Each must come back within a bound (a reader once hung on a header),
//! without a panic, and a reader's error must be one line naming the file.
//! (`onnx_import`'s reproducers are replayed by flowgate-onnx-import's `tests/bad_files.rs`.)

use flowgate_driver::data::{read_pb, Kind};
use flowgate_driver::model::Options;
use flowgate_driver::npy::read_npy;
use flowgate_driver::specialize::Model;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

/// Far above what a fixed reader takes (milliseconds) and far below a hang.
const BOUND: Duration = Duration::from_secs(60);

/// The reproducers of fuzz target `target`, sorted (none is fine: a target may have none yet).
fn reproducers(target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/regressions").join(target);
    let mut files: Vec<PathBuf> = match std::fs::read_dir(&dir) {
        Ok(entries) => entries.map(|e| e.unwrap().path()).filter(|p| p.is_file()).collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    files
}

/// Runs `f` on a thread of its own; a panic or a run past [`BOUND`] fails the test, naming `what`.
fn bounded<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let _ = tx.send(f());
        })
        .unwrap();
    match rx.recv_timeout(BOUND) {
        Ok(v) => v,
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("{what}: still running after {BOUND:?}"),
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{what}: panicked"),
    }
}

/// A reader's error: one line, naming the file.
fn assert_one_line(what: &Path, file: &Path, e: &str) {
    assert!(!e.contains('\n'), "{}: the error spans lines: {e:?}", what.display());
    assert!(e.contains(&file.display().to_string()), "{}: the error does not name the file: {e}", what.display());
}

fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("flowgate-fuzz-replay-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn input_npy_reproducers() {
    let files = reproducers("input_npy");
    assert!(!files.is_empty(), "fuzz/regressions/input_npy has reproducers");
    for f in files {
        let path = f.clone();
        match bounded(&f.display().to_string(), move || read_npy(&path).map_err(|e| e.to_string())) {
            Ok(t) => assert_eq!(t.len(), t.shape().iter().product::<usize>(), "{}", f.display()),
            Err(e) => assert_one_line(&f, &f, &e),
        }
    }
}

#[test]
fn input_pb_reproducers() {
    let dir = scratch("pb");
    for f in reproducers("input_pb") {
        // As the target: the first byte picks the kind, the rest is the file.
        let bytes = std::fs::read(&f).unwrap();
        let Some((&mode, rest)) = bytes.split_first() else { continue };
        let kind = match mode % 3 {
            0 => Kind::Tensor,
            1 => Kind::Sequence(Some(1)),
            _ => Kind::Optional(Box::new(Kind::Tensor)),
        };
        let file = dir.join("input.pb");
        std::fs::write(&file, rest).unwrap();
        let path = file.clone();
        if let Err(e) =
            bounded(&f.display().to_string(), move || read_pb(&path, &kind).map(drop).map_err(|e| e.to_string()))
        {
            assert_one_line(&f, &file, &e);
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn onnx_run_reproducers() {
    let dir = scratch("run");
    for f in reproducers("onnx_run") {
        let file = dir.join("model.onnx");
        std::fs::copy(&f, &file).unwrap();
        bounded(&f.display().to_string(), move || {
            let backend = flowgate_driver::backend::select("cranelift", None, "test").unwrap();
            let o = Options::new(backend);
            // A diagnostic is fine; a model whose inputs all have initializers also runs.
            let Ok(m) = Model::load(&file, &o) else { return };
            let args: Option<Vec<_>> = m.inputs.iter().map(|p| p.default.clone()).collect();
            if let Some(args) = args {
                let _ = m.run(&args, 64 << 20);
            }
        });
    }
    std::fs::remove_dir_all(dir).unwrap();
}
