//! The `onnx` dialect. Ops are printed in generic form, as onnx-mlir does:
//! `%y = "onnx.Add"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>`.
//! `onnx.If`, `onnx.Loop` and `onnx.Scan` hold their subgraphs as regions terminated by
//! `onnx.Yield`; their contracts (seed 004) are checked here, so they hold for imported models
//! and for hand-written textual IR alike. Omitted optional inputs are `none` values made by
//! `onnx.NoValue`. Sequence and optional values have types `!onnx.seq<T>` and `!onnx.opt<T>`.
//! Operators the dialect does not list are still accepted as generic `onnx.*` ops.

mod control_flow;
pub mod dtype;
mod ops;
pub mod types;

use flowgate_ir::{Context, DialectDef};

pub fn register(ctx: &mut Context) {
    ctx.register_dialect(DialectDef { name: "onnx", materialize_constant: None });
    ctx.allow_unknown_ops_in("onnx");
    ops::register(ctx);
    control_flow::register(ctx);
}

/// Operators of other domains that Flowgate lowers: (domain, op type). They are imported as
/// `onnx.<OpType>` with an `onnx.domain` attribute.
pub const DOMAIN_OPS: &[(&str, &str)] = &[
    ("ai.onnx.ml", "ArrayFeatureExtractor"),
    ("ai.onnx.ml", "Binarizer"),
    ("ai.onnx.ml", "LabelEncoder"),
    ("ai.onnx.ml", "TreeEnsemble"),
    ("ai.onnx.preview.training", "Adagrad"),
    ("ai.onnx.preview.training", "Adam"),
    ("ai.onnx.preview.training", "Momentum"),
];

/// Is `op_type` of `domain` (not the default one) an operator Flowgate knows?
pub fn is_known_domain_op(domain: &str, op_type: &str) -> bool {
    DOMAIN_OPS.contains(&(domain, op_type))
}

/// Is `op_type` (without the `onnx.` prefix) an operator this dialect registers?
pub fn is_known_op(ctx: &Context, op_type: &str) -> bool {
    ctx.lookup_str(&format!("onnx.{op_type}")).is_some_and(|s| ctx.op_def_by_name(s).is_some())
}
