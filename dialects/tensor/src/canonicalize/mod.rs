//! Folds and canonicalization patterns of the tensor ops, after upstream's `TensorOps.cpp`, one
//! file per op family. [`HOOKS`] is the one list that attaches them to the op definitions: a
//! family adds its lines there and nothing else changes.

mod build;
mod pad;
mod slice;

use flowgate_ir::{FoldFn, OpDef, PatternsFn};

/// Op name, fold hook, canonicalization patterns.
type Hook = (&'static str, Option<FoldFn>, Option<PatternsFn>);

const HOOKS: &[Hook] = &[
    // slice.rs (its patterns include one rooted at `tensor.cast`: a cast of a slice)
    ("tensor.extract_slice", Some(slice::fold_extract_slice), Some(slice::extract_slice_patterns)),
    ("tensor.insert_slice", Some(slice::fold_insert_slice), Some(slice::insert_slice_patterns)),
    // pad.rs
    ("tensor.pad", Some(pad::fold_pad), Some(pad::pad_patterns)),
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
