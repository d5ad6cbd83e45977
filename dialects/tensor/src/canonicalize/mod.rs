//! Canonicalization of tensor ops: folds and rewrite patterns, one file per op family. This
//! module is the one registration list: `FOLDS` gives each op at most one fold hook, and every
//! pattern names its root op, so [`attach`] hands each op exactly the patterns rooted at it
//! (several families may add patterns for the same op, e.g. `tensor.cast`).

mod build;
mod cast;
mod elements;
mod pad;
mod reshape;
mod slice;

use flowgate_ir::{FoldFn, OpDef, PatternsFn, RewritePattern};

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

fn rooted_at(name: &str) -> Vec<Box<dyn RewritePattern>> {
    all_patterns().into_iter().filter(|p| p.root() == Some(name)).collect()
}

/// The ops that have patterns, each with a hook that selects its own.
const PATTERN_ROOTS: &[(&str, PatternsFn)] = &[
    ("tensor.bitcast", || rooted_at("tensor.bitcast")),
    ("tensor.cast", || rooted_at("tensor.cast")),
    ("tensor.collapse_shape", || rooted_at("tensor.collapse_shape")),
    ("tensor.concat", || rooted_at("tensor.concat")),
    ("tensor.dim", || rooted_at("tensor.dim")),
    ("tensor.empty", || rooted_at("tensor.empty")),
    ("tensor.expand_shape", || rooted_at("tensor.expand_shape")),
    ("tensor.extract", || rooted_at("tensor.extract")),
    ("tensor.extract_slice", || rooted_at("tensor.extract_slice")),
    ("tensor.generate", || rooted_at("tensor.generate")),
    ("tensor.insert_slice", || rooted_at("tensor.insert_slice")),
    ("tensor.pad", || rooted_at("tensor.pad")),
];

/// Set the fold and canonicalize hooks of the dialect's op definitions.
pub(crate) fn attach(defs: &mut [OpDef]) {
    for def in defs.iter_mut() {
        if let Some((_, f)) = folds().find(|(n, _)| *n == def.name) {
            def.fold = Some(*f);
        }
        if let Some((_, p)) = PATTERN_ROOTS.iter().find(|(n, _)| *n == def.name) {
            def.canonicalize = Some(*p);
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
            assert!(PATTERN_ROOTS.iter().any(|(n, _)| *n == root), "{root} has no PATTERN_ROOTS entry");
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
