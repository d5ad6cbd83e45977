//! A compiled model keeps its constants (and constant subgraphs' results) in slots of its own
//! memory; dropping the model must free them. Before `@__flowgate_release_slots` the slots'
//! references outlived the freed code, so every compile-and-drop leaked each constant: the
//! `onnx_run` fuzz target's first finding (fuzz/regressions/onnx_run/leak-f797..., the model
//! below). The runtime's live-value count must come back to where it started.
//!
//! One test in its own binary: the count is process-wide, and other tests would move it.

use flowgate_driver::model::{self, Options};
use flowgate_runtime::live_values;
use std::path::{Path, PathBuf};

fn testdata(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata").join(rel)
}

#[test]
fn dropping_a_model_frees_what_its_slots_keep() {
    let start = live_values();
    for (case, compiled_tensors) in [
        ("onnx-node/test_maxpool_1d_default", true),
        ("onnx-node/test_maxpool_1d_default", false),
        ("onnx-cf/rnn_tanh_scan", true),
    ] {
        let dir = testdata(case);
        let backend = flowgate_driver::backend::select("cranelift", None, "test").unwrap();
        let o = Options { compiled_tensors, specialize: false, ..Options::new(backend) };
        let m = model::compile(&dir.join("model.onnx"), &o).unwrap_or_else(|e| panic!("{case}: {e}"));
        let data = dir.join("test_data_set_0");
        let args: Vec<_> = m
            .inputs
            .iter()
            .enumerate()
            .map(|(k, p)| match &p.default {
                Some(d) => d.clone(),
                None => flowgate_driver::data::read_pb(&data.join(format!("input_{k}.pb")), &p.kind).unwrap(),
            })
            .collect();
        for _ in 0..2 {
            let (outs, _) = m.run(&args, 64 << 20).unwrap_or_else(|e| panic!("{case}: {e}"));
            assert!(!outs.is_empty(), "{case}");
        }
        // The slots hold the constants between runs (made once, not per run): something to free.
        assert!(live_values() > start + args.len() as i64, "{case}: no constant was kept in a slot");
        drop(args);
        drop(m);
        assert_eq!(live_values(), start, "{case} (compiled tensors {compiled_tensors}): values leaked");
    }
}
