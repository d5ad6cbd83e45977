//! Shape specialization (issue 18 item 3): a model with a symbolic dimension is compiled for
//! the shapes it is called with, the guard compiles another specialization when a call's shapes
//! differ, and the results are right either way.

use flowgate_driver::model::{self, Options};
use flowgate_driver::specialize::{Model, MAX_SPECIALIZATIONS};
use flowgate_runtime::{RtValue, Tensor};
use std::sync::Arc;

/// `y = x * 2^3` through a Loop that carries a `float[N]` value, then a Scan over `x`'s rows.
const MODEL: &str = r#"<ir_version: 8, opset_import: ["" : 17]>
g (float[N] x) => (float[N] y, float[N] c) {
  m = Constant <value = int64 {3}> ()
  y = Loop (m, "", x) <body: graph = b (int64 i, bool cin, float[N] v) => (bool cout, float[N] w) {
    cout = Identity (cin)
    w = Add (v, v)
  }>
  zero = Constant <value = float {0}> ()
  s, c = Scan (zero, x) <num_scan_inputs = 1, body: graph = sb (float acc, float t) => (float a2, float a3) {
    a2 = Add (acc, t)
    a3 = Identity (a2)
  }>
}"#;

fn options(specialize: bool) -> Options {
    let backend = flowgate_driver::backend::select("cranelift", None, "test").expect("cranelift");
    Options { stack_size: 16 << 20, specialize, ..Options::new(backend) }
}

fn input(v: &[f32]) -> Vec<Arc<RtValue>> {
    vec![Arc::new(RtValue::tensor(Tensor::from_vec(vec![v.len()], v.to_vec()).expect("tensor")))]
}

fn run(m: &Model, v: &[f32]) -> (String, String) {
    let (out, _) = m.run(&input(v), 16 << 20).expect("runs");
    (flowgate_runtime::describe(&out[0]), flowgate_runtime::describe(&out[1]))
}

#[test]
fn the_guard_compiles_one_specialization_per_shape() {
    let proto = flowgate_onnx_import::text::parse_model_text(MODEL, "t.onnxtxt").expect("parses");
    let o = options(true);
    let m = Model::new(proto, "t.onnxtxt", &o).expect("loads");
    assert_eq!(m.specializations(), 0, "a symbolic input waits for its first call");
    assert_eq!(run(&m, &[1.0, 2.0]), ("float32[2] = [8, 16]".into(), "float32[2] = [1, 3]".into()));
    assert_eq!(m.specializations(), 1);
    assert_eq!(run(&m, &[1.0, 2.0, 3.0]), ("float32[3] = [8, 16, 24]".into(), "float32[3] = [1, 3, 6]".into()));
    assert_eq!(m.specializations(), 2, "a new shape compiles a new specialization");
    assert_eq!(run(&m, &[0.5, 4.0]), ("float32[2] = [4, 32]".into(), "float32[2] = [0.5, 4.5]".into()));
    assert_eq!(m.specializations(), 2, "a known shape reuses its specialization");
    assert_eq!(m.compiles().len(), 2);
    // Past the cache's limit the symbolic code serves every further shape.
    for n in 4..4 + MAX_SPECIALIZATIONS {
        let v: Vec<f32> = (0..n).map(|k| k as f32).collect();
        let (y, _) = run(&m, &v);
        assert!(y.starts_with(&format!("float32[{n}] = [0, 8, 16")), "{y}");
    }
    assert_eq!(m.specializations(), MAX_SPECIALIZATIONS);
    assert_eq!(m.compiles().len(), MAX_SPECIALIZATIONS + 1, "one symbolic compile after the limit");
}

#[test]
fn without_specialization_the_symbolic_code_serves_every_shape() {
    let proto = flowgate_onnx_import::text::parse_model_text(MODEL, "t.onnxtxt").expect("parses");
    let o = options(false);
    let m = Model::new(proto, "t.onnxtxt", &o).expect("loads");
    assert_eq!(m.compiles().len(), 1, "compiled when loaded");
    assert_eq!(run(&m, &[1.0, 2.0]).0, "float32[2] = [8, 16]");
    assert_eq!(run(&m, &[1.0, 2.0, 3.0]).1, "float32[3] = [1, 3, 6]");
    assert_eq!((m.specializations(), m.compiles().len()), (0, 1));
}

#[test]
fn a_specialization_makes_the_loop_bodies_static() {
    let proto = flowgate_onnx_import::text::parse_model_text(MODEL, "t.onnxtxt").expect("parses");
    let o = options(true);
    let key = vec![Some(vec![5])];
    let l = model::lower_model_for(&proto, "t.onnxtxt", &o, Some(&key)).map_err(|e| e.message).expect("lowers");
    let text = flowgate_ir::asm::print_op(&l.ctx, l.module, flowgate_ir::asm::PrintFlags::default());
    assert!(text.contains("memref<5xf32>"), "the carried [5] value is a buffer: {text}");
    let l = model::lower_model(&proto, "t.onnxtxt", &o).map_err(|e| e.message).expect("lowers");
    let text = flowgate_ir::asm::print_op(&l.ctx, l.module, flowgate_ir::asm::PrintFlags::default());
    assert!(!text.contains("memref<5xf32>"), "{text}");
}
