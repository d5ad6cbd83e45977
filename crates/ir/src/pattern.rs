//! Rewrite patterns, applied by the greedy driver in `flowgate-pass`.

use crate::{Builder, OpId};

/// A local rewrite rooted at one op. `match_and_rewrite` returns true when it changed the IR;
/// it must leave the IR unchanged when it returns false.
pub trait RewritePattern {
    /// The op name this pattern applies to; `None` for any op.
    fn root(&self) -> Option<&'static str>;

    fn benefit(&self) -> u16 {
        1
    }

    /// A name for debugging and `--mlir-print-ir` style traces.
    fn name(&self) -> &'static str {
        std::any::type_name::<Self>()
    }

    /// The builder's insertion point is set before `op`.
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool;
}
