//! `memref.copy`: a copy reads through layout-only casts (upstream's `FoldCopyOfCast`); a copy
//! onto itself and a copy of no elements are erased (`FoldSelfCopy`, `FoldEmptyCopy`).

use super::cast_consumers::can_fold_into_consumer;
use flowgate_ir::{Attribute, Builder, Context, FoldResult, OpId, RewritePattern};

/// One operand at a time, as upstream's fold: the driver folds again for the other.
pub(crate) fn fold(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    for (i, v) in ctx.operands(op).to_vec().into_iter().enumerate() {
        let Some(cast) = ctx.defining_op(v).filter(|&d| ctx.is_op(d, "memref.cast")) else { continue };
        if can_fold_into_consumer(ctx, cast) {
            let src = ctx.operand(cast, 0);
            ctx.set_operand(op, i, src);
            return Some(Vec::new());
        }
    }
    None
}

pub(crate) fn patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(EraseNoOpCopy)]
}

/// `copy %a, %a` and copies where either side has a zero dimension do nothing.
struct EraseNoOpCopy;

impl RewritePattern for EraseNoOpCopy {
    fn root(&self) -> Option<&'static str> {
        Some("memref.copy")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let &[src, dst] = ctx.operands(op) else { return false };
        let empty = |v| crate::util::ranked(ctx, ctx.value_type(v)).is_some_and(|m| m.shape.contains(&0));
        if src != dst && !empty(src) && !empty(dst) {
            return false;
        }
        ctx.erase_op(op);
        true
    }
}
