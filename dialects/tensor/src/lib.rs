//! The tensor dialect with upstream MLIR 22's syntax and verifiers: `empty`, `extract`,
//! `insert`, `extract_slice`, `insert_slice`, `dim`, `from_elements`, `cast`, `generate` and its
//! `yield`, `splat`, `rank`, `reshape`, `expand_shape`, `collapse_shape`, `concat`, `pad`,
//! `gather`, `scatter`, `bitcast` and `parallel_insert_slice`; folds and canonicalization patterns in
//! `canonicalize/`.

mod canonicalize;
mod ops;
mod pad_gather;
mod parallel_insert;
mod reshape;
mod slice;
mod util;

use flowgate_ir::{Context, DialectDef};

pub fn register(ctx: &mut Context) {
    // Folded values become `arith.constant`s, as upstream's `TensorDialect::materializeConstant`.
    ctx.register_dialect(DialectDef {
        name: "tensor",
        materialize_constant: Some(flowgate_arith::materialize_constant),
    });
    let mut defs: Vec<_> = [ops::defs(), slice::defs(), reshape::defs(), pad_gather::defs(), parallel_insert::defs()]
        .into_iter()
        .flatten()
        .collect();
    canonicalize::attach(&mut defs);
    ctx.register_ops(defs);
}
