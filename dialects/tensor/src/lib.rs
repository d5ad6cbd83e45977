//! The tensor dialect with upstream MLIR 22's syntax and verifiers: `empty`, `extract`,
//! `insert`, `extract_slice`, `insert_slice`, `dim`, `from_elements`, `cast`, `generate` and its
//! `yield`, `splat`, `rank`, `reshape`, `expand_shape`, `collapse_shape`, `concat`, `pad`,
//! `gather`, `scatter` and `parallel_insert_slice`.

mod ops;
mod pad_gather;
mod parallel_insert;
mod reshape;
mod slice;
mod util;

use flowgate_ir::{Context, DialectDef};

pub fn register(ctx: &mut Context) {
    ctx.register_dialect(DialectDef { name: "tensor", materialize_constant: None });
    ctx.register_ops(ops::defs());
    ctx.register_ops(slice::defs());
    ctx.register_ops(reshape::defs());
    ctx.register_ops(pad_gather::defs());
    ctx.register_ops(parallel_insert::defs());
}
