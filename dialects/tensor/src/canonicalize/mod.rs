//! Folds and canonicalization patterns of the tensor ops, after upstream's `TensorOps.cpp`, one
//! file per op family. [`HOOKS`] is the one list that attaches them to the op definitions: a
//! family adds its lines there and nothing else changes.

mod cast;
mod elements;

use flowgate_ir::{FoldFn, OpDef, PatternsFn};

/// Op name, fold hook, canonicalization patterns.
type Hook = (&'static str, Option<FoldFn>, Option<PatternsFn>);

const HOOKS: &[Hook] = &[
    // cast.rs
    ("tensor.bitcast", Some(cast::fold_bitcast), Some(cast::bitcast_patterns)),
    ("tensor.cast", Some(cast::fold_cast), Some(cast::cast_patterns)),
    ("tensor.concat", Some(cast::fold_concat), Some(cast::concat_patterns)),
    // elements.rs
    ("tensor.dim", Some(elements::fold_dim), Some(elements::dim_patterns)),
    ("tensor.empty", None, Some(elements::empty_patterns)),
    ("tensor.extract", Some(elements::fold_extract), Some(elements::extract_patterns)),
    ("tensor.from_elements", Some(elements::fold_from_elements), None),
    ("tensor.gather", Some(elements::fold_gather), None),
    ("tensor.generate", None, Some(elements::generate_patterns)),
    ("tensor.insert", Some(elements::fold_insert), None),
    ("tensor.rank", Some(elements::fold_rank), None),
    ("tensor.splat", Some(elements::fold_splat), None),
];

/// Set the fold and canonicalization hooks of the ops in `defs` that have them.
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
