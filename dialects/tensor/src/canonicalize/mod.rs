//! Canonicalization of tensor ops: folds and rewrite patterns, one file per op family. This
//! module is the one registration list: `FOLDS` gives each op at most one fold hook, and every
//! pattern names its root op, so [`attach`] hands the ops with patterns one hook that returns
//! them all (several families may add patterns for the same op, e.g. `tensor.cast`).

mod build;
mod cast;
mod elements;
mod pad;
mod reshape;
mod slice;

use flowgate_ir::{FoldFn, OpDef, RewritePattern};

/// Fold hooks of every family, by op name.
fn folds() -> impl Iterator<Item = &'static (&'static str, FoldFn)> {
    [slice::FOLDS, pad::FOLDS, reshape::FOLDS, cast::FOLDS, elements::FOLDS].into_iter().flatten()
}

/// Every tensor pattern, in registration order (the driver tries equal benefits in order).
fn all_patterns() -> Vec<Box<dyn RewritePattern>> {
    let mut v = Vec::new();
    v.extend(slice::patterns());
    v.extend(pad::patterns());
    v.extend(reshape::patterns());
    v.extend(cast::patterns());
    v.extend(elements::patterns());
    v
}

/// The ops that have patterns. They share one hook, [`all_patterns`]: each pattern names its
/// root, and building the patterns of one op by filtering all of them cost the canonicalizer's
/// start 12 times the work.
const PATTERN_ROOTS: &[&str] = &[
    "tensor.bitcast",
    "tensor.cast",
    "tensor.collapse_shape",
    "tensor.concat",
    "tensor.dim",
    "tensor.empty",
    "tensor.expand_shape",
    "tensor.extract",
    "tensor.extract_slice",
    "tensor.generate",
    "tensor.insert_slice",
    "tensor.pad",
];

/// Set the fold and canonicalize hooks of the dialect's op definitions.
pub(crate) fn attach(defs: &mut [OpDef]) {
    for def in defs.iter_mut() {
        if let Some((_, f)) = folds().find(|(n, _)| *n == def.name) {
            def.fold = Some(*f);
        }
        if PATTERN_ROOTS.contains(&def.name) {
            def.canonicalize = Some(all_patterns);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pattern's root has an entry in `PATTERN_ROOTS`, else it would never run.
    #[test]
    fn every_root_is_registered() {
        for p in all_patterns() {
            let root = p.root().unwrap_or_default();
            assert!(PATTERN_ROOTS.contains(&root), "{root} has no PATTERN_ROOTS entry");
        }
    }

    /// No op gets two fold hooks from different families.
    #[test]
    fn one_fold_per_op() {
        let names: Vec<&str> = folds().map(|(n, _)| *n).collect();
        for (i, n) in names.iter().enumerate() {
            assert!(!names[..i].contains(n), "{n} has two folds");
        }
    }
}
