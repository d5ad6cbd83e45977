//! Folds and canonicalization patterns of the memref ops, one file per op family. [`attach`]
//! is the single list that hands them to the op definitions; a new family adds its lines
//! there.

mod cast;
mod layout;
mod mixed;
mod reinterpret;
mod subview;
mod transpose;
mod view;

use flowgate_ir::{FoldFn, OpDef, PatternsFn};

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
