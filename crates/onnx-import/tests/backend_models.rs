//! All 38 ONNX backend models that use control flow: they load, pass the checker, and have the
//! structure recorded in `backend_structure.txt` (computed once with the reference `onnx`
//! package by `gen_fixtures.py`). The printed-text form of each model must give the same.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use flowgate_onnx_import::check::SUPPORTED_OPSETS;
use flowgate_onnx_import::proto::{GraphProto, ModelProto};
use flowgate_onnx_import::walk::{node_label, subgraphs};
use flowgate_onnx_import::{check_model, load_model, parse_model_text, Rule};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// What the fixture file states about one model.
#[derive(Debug, Default, PartialEq)]
struct Structure {
    opset: i64,
    counts: String,
    graphs: Vec<String>,
}

fn expected_structures() -> BTreeMap<String, Structure> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/backend_structure.txt");
    let text = std::fs::read_to_string(path).expect("backend_structure.txt");
    let mut out: BTreeMap<String, Structure> = BTreeMap::new();
    let mut current = None;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        if let Some(rest) = line.strip_prefix("model ") {
            let (name, rest) = rest.split_once(' ').expect("model line");
            let (opset, counts) = rest.split_once(' ').expect("model line");
            let opset = opset.strip_prefix("opset=").and_then(|v| v.parse().ok()).expect("opset=V");
            current = Some(name.to_string());
            let entry = out.entry(name.to_string()).or_default();
            entry.opset = opset;
            entry.counts = counts.to_string();
        } else if let Some(rest) = line.strip_prefix("graph ") {
            let name = current.as_ref().expect("graph line after a model line");
            out.get_mut(name).expect("model").graphs.push(rest.to_string());
        } else {
            panic!("unexpected fixture line: {line}");
        }
    }
    out
}

fn walk(g: &GraphProto, path: &str, counts: &mut [usize; 3], graphs: &mut Vec<String>) {
    for (i, node) in g.node.iter().enumerate() {
        let op = node.op_type.as_deref().unwrap_or("");
        if matches!(node.domain.as_deref(), None | Some("") | Some("ai.onnx")) {
            match op {
                "If" => counts[0] += 1,
                "Loop" => counts[1] += 1,
                "Scan" => counts[2] += 1,
                _ => {}
            }
        }
        for sub in subgraphs(node) {
            let p = format!("{path}/{}/{}", node_label(node, i), sub.attr_name);
            graphs.push(format!("{p} op={op} inputs={} outputs={}", sub.graph.input.len(), sub.graph.output.len()));
            walk(sub.graph, &p, counts, graphs);
        }
    }
}

fn structure_of(model: &ModelProto) -> Structure {
    let opset = model
        .opset_import
        .iter()
        .find(|o| matches!(o.domain.as_deref(), None | Some("") | Some("ai.onnx")))
        .and_then(|o| o.version)
        .expect("default opset");
    let g = model.graph.as_ref().expect("graph");
    let top = g.name.as_deref().filter(|n| !n.is_empty()).unwrap_or("main");
    let mut counts = [0; 3];
    let mut graphs = Vec::new();
    walk(g, top, &mut counts, &mut graphs);
    Structure { opset, counts: format!("if={} loop={} scan={}", counts[0], counts[1], counts[2]), graphs }
}

/// Models of a supported opset check clean. The four Scan tests stamped opset 8 or 9 must get
/// exactly one diagnostic, naming their opset: Flowgate's contract starts at opset 11.
fn check_as_expected(model: &ModelProto, file: &str, opset: i64, failures: &mut Vec<String>) {
    let result = check_model(model, file);
    if SUPPORTED_OPSETS.contains(&opset) {
        if let Err(d) = result {
            failures.push(d.to_string());
        }
        return;
    }
    match result {
        Ok(()) => failures.push(format!("{file}: opset {opset} accepted")),
        Err(d) => {
            let ok = d.len() == 1
                && d.0[0].rule == Rule::UnsupportedOpset
                && d.0[0].to_string()
                    == format!(
                        "{file}: error: opset {opset} of the default domain is not supported (supported: 11 to 28)"
                    );
            if !ok {
                failures.push(format!("{file}: unexpected diagnostics:\n{d}"));
            }
        }
    }
}

fn backend_dirs() -> Vec<PathBuf> {
    let root = repo_root().join("testdata/onnx-backend-cf");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("testdata/onnx-backend-cf")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.join("model.onnx").is_file())
        .collect();
    dirs.sort();
    dirs
}

#[test]
fn all_backend_models_decode_check_and_have_the_recorded_structure() {
    let expected = expected_structures();
    let dirs = backend_dirs();
    assert_eq!(dirs.len(), 38);
    assert_eq!(expected.len(), 38);
    let mut failures = Vec::new();
    for dir in &dirs {
        let name = dir.file_name().and_then(|n| n.to_str()).expect("name").to_string();
        let path = dir.join("model.onnx");
        let model = load_model(&path).unwrap_or_else(|e| panic!("{e}"));
        let want = expected.get(&name).unwrap_or_else(|| panic!("{name} not in fixture"));
        check_as_expected(&model, &path.display().to_string(), want.opset, &mut failures);
        let got = structure_of(&model);
        if &got != want {
            failures.push(format!("{name}: structure {got:#?}\nexpected {want:#?}"));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn printed_text_of_backend_models_has_the_same_structure_and_checks() {
    let expected = expected_structures();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/text/backend");
    let mut failures = Vec::new();
    for (name, want) in &expected {
        let file = dir.join(format!("{name}.txt"));
        let src = std::fs::read_to_string(&file).expect("printed text");
        let model = parse_model_text(&src, &file.display().to_string()).unwrap_or_else(|e| panic!("{e}"));
        check_as_expected(&model, &file.display().to_string(), want.opset, &mut failures);
        if &structure_of(&model) != want {
            failures.push(format!("{name}: text form has a different structure"));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn structure_facts_cover_every_kind_of_control_flow() {
    let expected = expected_structures();
    let total = |i: usize| {
        expected
            .values()
            .map(|s| {
                s.counts
                    .split(' ')
                    .nth(i)
                    .and_then(|c| c.split_once('='))
                    .and_then(|(_, n)| n.parse::<usize>().ok())
                    .expect("count")
            })
            .sum::<usize>()
    };
    assert!(total(0) > 0 && total(1) > 0 && total(2) > 0);
    // Spot checks against the specification's arities.
    let loop11 = &expected["test_loop11"];
    assert_eq!(loop11.graphs, ["test_loop11/Loop#0/body op=Loop inputs=3 outputs=3"]);
    let scan = &expected["test_scan9_sum"];
    assert_eq!(scan.counts, "if=0 loop=0 scan=1");
    let rejected: Vec<_> =
        expected.iter().filter(|(_, s)| !SUPPORTED_OPSETS.contains(&s.opset)).map(|(n, _)| n.as_str()).collect();
    assert_eq!(rejected, ["test_scan9_multi_state", "test_scan9_scalar", "test_scan9_sum", "test_scan_sum"]);
}

/// Scan-9 has the signature of Scan-11 onwards, so the three opset-9 Scan models, restamped as
/// opset 11, must satisfy every Scan contract: this runs the Scan rules on real exporter output.
#[test]
fn opset9_scan_models_meet_the_scan_contracts_when_restamped() {
    for name in ["test_scan9_multi_state", "test_scan9_scalar", "test_scan9_sum"] {
        let path = repo_root().join("testdata/onnx-backend-cf").join(name).join("model.onnx");
        let mut model = load_model(&path).unwrap_or_else(|e| panic!("{e}"));
        for o in &mut model.opset_import {
            if matches!(o.domain.as_deref(), None | Some("")) {
                assert_eq!(o.version, Some(9));
                o.version = Some(11);
            }
        }
        check_model(&model, name).unwrap_or_else(|d| panic!("{d}"));
    }
}
