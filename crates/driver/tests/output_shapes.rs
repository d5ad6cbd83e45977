//! `output_shapes::inferred_output_shapes` on models of the corpora: static sizes from the
//! plain import, input names carried through by the sentinel import, and no made-up name for
//! an input dimension that has none.

use flowgate_driver::output_shapes::{inferred_output_shapes, InferredDim};
use std::path::PathBuf;

fn shapes(case: &str) -> Vec<Option<Vec<InferredDim>>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata").join(case).join("model.onnx");
    let model = flowgate_onnx_import::load_model(&path).expect("the model loads");
    inferred_output_shapes(&model, case).expect("the model imports")
}

use InferredDim::{Static, Symbol, Unknown};

#[test]
fn a_loop_s_scan_output_carries_the_input_s_names() {
    // x: float[p, q]; ys stacks x + i over M trips.
    assert_eq!(
        shapes("onnx-cf/loop_scan_zero_trips_symbolic_dims"),
        [Some(vec![Unknown, Symbol("p".into()), Symbol("q".into())])]
    );
}

#[test]
fn static_sizes_come_from_the_plain_import() {
    let s = shapes("onnx-cf/seq_insert_at_erase");
    assert_eq!(s[2], Some(vec![Static(3), Static(3)]));
}

#[test]
fn an_input_dimension_without_a_name_stays_unknown() {
    // X: float[?, 10]; GPmean follows its first dimension.
    let s = shapes("real/skl_gpr_diabetes_f32");
    let gp_mean = s[0].as_ref().expect("GPmean has a known rank");
    assert_eq!(gp_mean.first(), Some(&Unknown));
    assert!(s.iter().flatten().flatten().all(|d| !matches!(d, Symbol(_))), "{s:?}");
}
