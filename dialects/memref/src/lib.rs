//! The memref dialect with upstream MLIR 22's syntax and verifiers: `alloc`, `alloca`,
//! `dealloc`, `load`, `store`, `dim`, `copy`, `cast`, `subview`, `reinterpret_cast`, `global`,
//! `get_global`, `expand_shape`, `collapse_shape`, `reshape`, `view`, `realloc`, `rank`,
//! `assume_alignment`, `distinct_objects`, `atomic_rmw`, `generic_atomic_rmw`, `atomic_yield` and
//! `prefetch`, `dma_start`, `dma_wait`, `extract_aligned_pointer_as_index`,
//! `extract_strided_metadata`, `memory_space_cast` and `transpose`. Folds and canonicalization patterns live
//! in `canonicalize/`.

mod access;
mod affine_layout;
mod alloc;
mod assumptions;
mod atomic;
mod canonicalize;
mod dma;
pub mod expand_strided_metadata;
mod metadata;
mod realloc;
mod reshape;
mod scope;
mod space_cast;
mod transpose;
mod util;
mod view;

use flowgate_ir::{Context, DialectDef};

pub fn register(ctx: &mut Context) {
    ctx.register_dialect(DialectDef { name: "memref", materialize_constant: Some(canonicalize::materialize_constant) });
    let rank = vec![flowgate_builtin::shaped::rank_op(flowgate_builtin::shaped::Shaped::MemRef)];
    let mut defs: Vec<_> = [
        alloc::defs(),
        access::defs(),
        view::defs(),
        reshape::defs(),
        realloc::defs(),
        rank,
        assumptions::defs(),
        atomic::defs(),
        dma::defs(),
        metadata::defs(),
        scope::defs(),
        space_cast::defs(),
        transpose::defs(),
    ]
    .into_iter()
    .flatten()
    .collect();
    canonicalize::attach(&mut defs);
    ctx.register_ops(defs);
}
