//! Folds and canonicalization patterns of the tensor ops (upstream's `fold` methods and
//! `getCanonicalizationPatterns` in `TensorOps.cpp`), one file per op family. [`HOOKS`] is the
//! one list that puts them on the op definitions; add a line per op.

mod reshape;

use flowgate_ir::{Attribute, Builder, FoldFn, Location, OpDef, OpId, PatternsFn, Type};

/// The fold and pattern hooks of one op.
struct Hooks {
    op: &'static str,
    fold: Option<FoldFn>,
    patterns: Option<PatternsFn>,
}

const HOOKS: &[Hooks] = &[
    // reshape.rs
    Hooks {
        op: "tensor.expand_shape",
        fold: Some(reshape::fold_expand_shape),
        patterns: Some(reshape::expand_shape_patterns),
    },
    Hooks {
        op: "tensor.collapse_shape",
        fold: Some(reshape::fold_collapse_shape),
        patterns: Some(reshape::collapse_shape_patterns),
    },
    Hooks { op: "tensor.reshape", fold: Some(reshape::fold_reshape), patterns: Some(reshape::reshape_patterns) },
];

/// Puts the hooks of [`HOOKS`] on the definitions they name.
pub(crate) fn attach(defs: &mut [OpDef]) {
    for d in defs.iter_mut() {
        for h in HOOKS.iter().filter(|h| h.op == d.name) {
            d.fold = h.fold.or(d.fold);
            d.canonicalize = h.patterns.or(d.canonicalize);
        }
    }
}

/// Constants that tensor folds produce are `arith.constant`s, as upstream's
/// `TensorDialect::materializeConstant` builds them.
pub(crate) fn materialize_constant(b: &mut Builder<'_>, value: Attribute, ty: Type, loc: Location) -> Option<OpId> {
    flowgate_arith::materialize_constant(b, value, ty, loc)
}
