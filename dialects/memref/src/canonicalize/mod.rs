//! Folds and canonicalization patterns of the memref ops, one file per op family. [`attach`]
//! is the single list that hands them to the op definitions; a new family adds its lines
//! there.

mod alloc;
mod cast;
mod cast_consumers;
mod copy;
mod dim;
mod layout;
pub(crate) mod mixed;
mod reinterpret;
mod reshape;
mod scope;
mod subview;
mod transpose;
mod view;

use flowgate_ir::{
    AttrKind, Attribute, Builder, FoldFn, Location, OpDef, OpId, OperationState, PatternsFn, Traits, Type, Value,
};

pub(crate) use layout::reduction_mask;

/// `(op, fold, canonicalization patterns)` of every memref op that has any.
const HOOKS: &[(&str, Option<FoldFn>, Option<PatternsFn>)] = &[
    // Views: subview, reinterpret_cast, view and the casts feeding them.
    ("memref.cast", Some(cast::fold), None),
    ("memref.subview", Some(subview::fold), Some(subview::patterns)),
    ("memref.reinterpret_cast", Some(reinterpret::fold), Some(reinterpret::patterns)),
    ("memref.extract_strided_metadata", None, Some(reinterpret::metadata_patterns)),
    ("memref.view", Some(view::fold_view), Some(view::view_patterns)),
    ("memref.assume_alignment", Some(view::fold_assume_alignment), None),
    ("memref.memory_space_cast", Some(view::fold_memory_space_cast), None),
    ("memref.transpose", Some(transpose::fold), None),
    // Allocation, access, sizes and copies.
    ("memref.alloc", None, Some(alloc::alloc_patterns)),
    ("memref.alloca", None, Some(alloc::alloca_patterns)),
    ("memref.realloc", None, Some(alloc::realloc_patterns)),
    ("memref.dealloc", Some(cast_consumers::fold_all), None),
    ("memref.load", Some(cast_consumers::fold_all), None),
    ("memref.store", Some(cast_consumers::fold_except_value), None),
    ("memref.atomic_rmw", Some(cast_consumers::fold_except_value), None),
    ("memref.prefetch", Some(cast_consumers::fold_all), None),
    ("memref.dma_start", Some(cast_consumers::fold_all), None),
    ("memref.dma_wait", Some(cast_consumers::fold_all), None),
    ("memref.copy", Some(copy::fold), Some(copy::patterns)),
    ("memref.dim", Some(dim::fold_dim), Some(dim::patterns)),
    ("memref.rank", Some(dim::fold_rank), None),
    // Reassociative reshapes.
    ("memref.expand_shape", Some(reshape::fold_expand), Some(reshape::expand_patterns)),
    ("memref.collapse_shape", Some(reshape::fold_collapse), Some(reshape::collapse_patterns)),
    // Allocation scopes.
    ("memref.alloca_scope", None, Some(scope::patterns)),
];

/// Set the fold and canonicalization hooks of the ops in `defs` that [`HOOKS`] lists.
pub(crate) fn attach(defs: &mut [OpDef]) {
    for def in defs {
        for &(name, fold, patterns) in HOOKS {
            if def.name == name {
                def.fold = fold.or(def.fold);
                def.canonicalize = patterns.or(def.canonicalize);
            }
        }
    }
}

/// Upstream's `MemRefDialect::materializeConstant`: an `arith.constant` (folds of `dim` and
/// `rank` give index attributes).
pub(crate) fn materialize_constant(b: &mut Builder<'_>, value: Attribute, ty: Type, loc: Location) -> Option<OpId> {
    if !b.ctx.is_index(ty) || !matches!(b.ctx.attr_kind(value), AttrKind::Integer { ty: t, .. } if *t == ty) {
        return None;
    }
    let st = OperationState::new(b.ctx, "arith.constant", loc).results(&[ty]).attr(b.ctx, "value", value);
    Some(b.create(st))
}

/// The integer a constant-like op defining `v` holds (upstream's `m_ConstantInt`).
pub(crate) fn constant_index(ctx: &flowgate_ir::Context, v: Value) -> Option<i128> {
    let d = ctx.defining_op(v)?;
    if !ctx.has_trait(d, Traits::CONSTANT_LIKE) {
        return None;
    }
    ctx.attr_as_int(ctx.attr(d, "value")?)
}
