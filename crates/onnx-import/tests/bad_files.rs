//! Bad files never panic and give one-line errors: empty, truncated, random bytes, text
//! garbage, corrupted real models, and what the fuzzers found (`fuzz/regressions/`).

use std::path::{Path, PathBuf};

use flowgate_onnx_import::{
    check_model, decode_model, decode_model_named, import_model, load_model, parse_model_text, ImportError,
};

fn backend_model(name: &str) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/onnx-backend-cf").join(name).join("model.onnx");
    std::fs::read(p).expect("backend model")
}

/// Decodes and, if that works, checks: the path a tool takes. Returns the rendered error.
fn import_bytes(bytes: &[u8]) -> Result<(), String> {
    let model = decode_model_named(bytes, "m.onnx").map_err(|e| e.to_string())?;
    check_model(&model, "m.onnx").map_err(|e| e.to_string())
}

fn assert_one_line_error(bytes: &[u8], what: &str) -> String {
    match import_bytes(bytes) {
        Ok(()) => panic!("{what}: accepted"),
        Err(e) => {
            assert!(!e.contains('\n'), "{what}: multi-line error: {e}");
            assert!(e.starts_with("m.onnx: error: not an ONNX model: "), "{what}: {e}");
            e
        }
    }
}

/// A small deterministic generator: no dependency, same bytes on every machine.
struct XorShift(u64);
impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A fresh directory, removed when the value is dropped (the test's end).
fn temp_dir(tag: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(&format!("flowgate-bad-files-{tag}-")).tempdir().expect("temp dir")
}

#[test]
fn empty_input() {
    assert_eq!(assert_one_line_error(&[], "empty"), "m.onnx: error: not an ONNX model: the file is empty");
}

#[test]
fn every_truncation_of_real_models_is_rejected() {
    for name in ["test_if", "test_loop11", "test_scan9_sum", "test_if_opt"] {
        let bytes = backend_model(name);
        assert!(decode_model(&bytes).is_ok());
        for len in 0..bytes.len() {
            assert_one_line_error(&bytes[..len], &format!("{name} cut at {len}"));
        }
    }
}

#[test]
fn truncation_is_reported_as_malformed_protobuf() {
    let bytes = backend_model("test_loop11");
    let e = assert_one_line_error(&bytes[..bytes.len() / 2], "half");
    assert!(e.starts_with("m.onnx: error: not an ONNX model: malformed protobuf ("), "{e}");
}

#[test]
fn random_bytes_are_rejected() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    for i in 0..3000 {
        let len = (rng.next() % 600) as usize;
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        assert_one_line_error(&bytes, &format!("random buffer #{i}"));
    }
}

#[test]
fn text_garbage_is_rejected() {
    let samples: [&[u8]; 7] = [
        b"hello world",
        b"Lorem ipsum dolor sit amet, consectetur adipiscing elit.\n",
        b"{\"ir_version\": 8, \"graph\": {}}",
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR",
        b"#!/bin/sh\necho not a model\n",
        b"\n\n\n",
        b"<ir_version: 8, opset_import: [\"\" : 17]> g (float x) => (float y) { y = Identity (x) }",
    ];
    for s in samples {
        assert_one_line_error(s, &String::from_utf8_lossy(s));
    }
    let e = assert_one_line_error(samples[6], "text model");
    assert!(e.contains("textual syntax"), "{e}");
}

#[test]
fn corrupted_bytes_of_a_real_model_never_panic() {
    for name in ["test_if", "test_loop16_seq_none", "test_scan9_sum"] {
        let bytes = backend_model(name);
        for i in 0..bytes.len() {
            for flip in [0x01u8, 0x80, 0xFF] {
                let mut b = bytes.clone();
                b[i] ^= flip;
                if let Err(e) = import_bytes(&b) {
                    assert!(e.lines().all(|l| l.starts_with("m.onnx: ")), "{e}");
                }
            }
        }
    }
}

#[test]
fn files_on_disk() {
    let tmp = temp_dir("disk");
    let dir = tmp.path();
    let missing = dir.join("missing.onnx");
    let e = load_model(&missing).unwrap_err();
    assert!(matches!(e, ImportError::Io { .. }));
    assert!(e.to_string().starts_with(&format!("{}: error: cannot read file: ", missing.display())));

    let empty = dir.join("empty.onnx");
    std::fs::write(&empty, b"").expect("write");
    assert_eq!(
        load_model(&empty).unwrap_err().to_string(),
        format!("{}: error: not an ONNX model: the file is empty", empty.display())
    );

    let text = dir.join("model.txt");
    std::fs::write(
        &text,
        "<ir_version: 8, opset_import: [\"\" : 17]>\ng (float x) => (float y) {\n  y = Identity (x\n}",
    )
    .expect("write");
    assert_eq!(
        load_model(&text).unwrap_err().to_string(),
        format!("{}:4:1: error: expected ')', found '}}'", text.display())
    );

    let garbage = dir.join("garbage.txt");
    std::fs::write(&garbage, "this is not onnx").expect("write");
    let e = load_model(&garbage).unwrap_err().to_string();
    assert!(e.starts_with(&format!("{}:1:6: error: ", garbage.display())), "{e}");

    let no_header = dir.join("graph_only.onnxtxt");
    std::fs::write(&no_header, "g (float x) => (float y) { y = Identity (x) }").expect("write");
    assert_eq!(
        load_model(&no_header).unwrap_err().to_string(),
        format!("{}: error: not an ONNX model: it has no ir_version", no_header.display())
    );

    let not_utf8 = dir.join("bad.txt");
    std::fs::write(&not_utf8, [b'<', 0xFF, 0xFE]).expect("write");
    assert!(load_model(&not_utf8).unwrap_err().to_string().contains("not valid UTF-8"));
}

#[test]
fn text_models_load_with_external_data_and_are_checked() {
    let tmp = temp_dir("ext");
    let dir = tmp.path();
    let mut w = Vec::new();
    w.extend_from_slice(&1.5f32.to_le_bytes());
    w.extend_from_slice(&2.5f32.to_le_bytes());
    std::fs::write(dir.join("weights.bin"), &w).expect("write");
    let path = dir.join("model.onnxtxt");
    std::fs::write(
        &path,
        "<ir_version: 8, opset_import: [\"\" : 17]>\next (float[2] x) => (float[2] y) <float[2] w = [\"location\": \"weights.bin\"]> { y = Add (x, w) }",
    )
    .expect("write");
    let model = import_model(&path).expect("imports");
    let init = &model.graph.as_ref().expect("graph").initializer[0];
    assert_eq!(init.raw_data.as_deref(), Some(w.as_slice()));

    let escaping = dir.join("escape.onnxtxt");
    std::fs::write(
        &escaping,
        "<ir_version: 8, opset_import: [\"\" : 17]>\next (float[2] x) => (float[2] y) <float[2] w = [\"location\": \"../weights.bin\"]> { y = Add (x, w) }",
    )
    .expect("write");
    assert_eq!(
        import_model(&escaping).unwrap_err().to_string(),
        format!(
            "{}: error: external data of tensor 'w': location '../weights.bin' may not contain '..'",
            escaping.display()
        )
    );

    let invalid = dir.join("invalid.onnxtxt");
    std::fs::write(
        &invalid,
        "<ir_version: 8, opset_import: [\"\" : 17]>\nmain (float x) => (float y) { y = Add (x, q) }",
    )
    .expect("write");
    assert_eq!(
        import_model(&invalid).unwrap_err().to_string(),
        format!(
            "{}: graph main: node 'Add#0' (Add): error: input 'q' is not defined in this graph or any enclosing graph",
            invalid.display()
        )
    );
}

fn regression_inputs(target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/regressions").join(target);
    let mut v: Vec<PathBuf> =
        std::fs::read_dir(dir).map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect()).unwrap_or_default();
    v.sort();
    v
}

/// Replays what the fuzz targets do on every input the fuzzers once crashed on.
#[test]
fn fuzz_regressions_replay() {
    let bins = regression_inputs("onnx_import");
    assert!(!bins.is_empty(), "fuzz/regressions/onnx_import holds the first crash");
    for p in bins {
        let bytes = std::fs::read(&p).expect("read");
        if let Err(e) = import_bytes(&bytes) {
            assert!(e.lines().all(|l| l.starts_with("m.onnx: ")), "{}: {e}", p.display());
            for line in e.lines() {
                assert!(!line.contains('\n'));
            }
        }
    }
    for p in regression_inputs("onnx_text") {
        let bytes = std::fs::read(&p).expect("read");
        if let Ok(src) = std::str::from_utf8(&bytes) {
            if let Ok(model) = parse_model_text(src, "fuzz.txt") {
                let _ = check_model(&model, "fuzz.txt");
            }
        }
    }
}
