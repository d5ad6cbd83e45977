//! The text reader against the reference parser: every fixture `NAME.txt` must read into
//! exactly the proto that `onnx.parser.parse_model` built (committed as `NAME.onnx` by
//! `gen_fixtures.py`), and every invalid case must fail with its recorded message.

use std::path::{Path, PathBuf};

use flowgate_onnx_import::parse_model_text;
use flowgate_onnx_import::proto::ModelProto;
use prost::Message;

fn fixture_dir(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/text").join(sub)
}

fn text_fixtures(sub: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(fixture_dir(sub))
        .expect("fixture dir")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    v.sort();
    v
}

/// Compares through prost's encoding so NaN payloads compare by bits and field order is fixed.
fn assert_same_as_reference(txt: &Path) {
    let src = std::fs::read_to_string(txt).expect("read text");
    let name = txt.display().to_string();
    let ours = parse_model_text(&src, &name).unwrap_or_else(|e| panic!("{e}"));
    let reference_bytes = std::fs::read(txt.with_extension("onnx")).expect("reference proto");
    let reference = ModelProto::decode(reference_bytes.as_slice()).expect("reference decodes");
    if ours.encode_to_vec() != reference.encode_to_vec() {
        let (a, b) = (format!("{ours:#?}"), format!("{reference:#?}"));
        let line = a.lines().zip(b.lines()).position(|(x, y)| x != y).unwrap_or(0);
        let ctx = |s: &str| s.lines().skip(line.saturating_sub(8)).take(12).collect::<Vec<_>>().join("\n");
        panic!(
            "{name}: differs from the reference parser at debug line {line}\n--- ours:\n{}\n--- reference:\n{}",
            ctx(&a),
            ctx(&b)
        );
    }
}

#[test]
fn backend_models_printed_as_text_read_back_as_the_reference_parser_reads_them() {
    let files = text_fixtures("backend");
    assert_eq!(files.len(), 38, "one printed text per backend model");
    for f in &files {
        assert_same_as_reference(f);
    }
}

#[test]
fn hand_written_syntax_cases_match_the_reference_parser() {
    let files = text_fixtures("cases");
    assert!(files.len() >= 15, "found {}", files.len());
    for f in &files {
        assert_same_as_reference(f);
    }
}

#[test]
fn invalid_text_gives_located_errors() {
    let all = std::fs::read_to_string(fixture_dir("").join("invalid_cases.txt")).expect("invalid cases");
    let mut count = 0;
    let mut failures = Vec::new();
    for section in all.split("\n=== ").skip(1) {
        let (name, rest) = section.split_once('\n').unwrap_or((section, ""));
        let (expect_line, src) = rest.split_once('\n').unwrap_or((rest, ""));
        let expected = expect_line.strip_prefix("expect: ").expect("expect line");
        count += 1;
        match parse_model_text(src, "case.txt") {
            Ok(_) => failures.push(format!("{name}: parsed, expected `{expected}`")),
            Err(e) if e.to_string() != expected => failures.push(format!("{name}: got `{e}`, expected `{expected}`")),
            Err(_) => {}
        }
    }
    assert!(count >= 25, "found {count} cases");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
