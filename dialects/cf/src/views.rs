//! Typed views of the cf branches (`flowgate_ir::op_view!`): the condition or flag by name and
//! each successor's operands decoded from the segment attributes in one place (`segments.rs`),
//! whether or not the dialect is registered in the context that holds the op.

use crate::segments::{checked_cond_br_range, checked_switch_range};
use flowgate_ir::{op_view, Context, OpId, Value};
use std::ops::Range;

op_view! {
    /// `cf.br ^dest(operands)`.
    pub struct BranchOp = "cf.br" {
        operands: [], dest_operands..;
        successors: [dest];
    }
}

op_view! {
    /// `cf.cond_br %c, ^t(t_ops), ^f(f_ops)`.
    pub struct CondBranchOp = "cf.cond_br" {
        operands: [condition];
        successors: [true_dest, false_dest];
    }
}

op_view! {
    /// `cf.switch %flag, [default: ^d(d_ops), v: ^b(ops), ...]`.
    pub struct SwitchOp = "cf.switch" {
        operands: [flag];
        successors: [default_dest], case_dests..;
    }
}

/// The operands successor `i` of an op receives, given their range.
fn slice(ctx: &Context, op: OpId, r: Option<Range<usize>>) -> &[Value] {
    r.and_then(|r| ctx.operands(op).get(r)).unwrap_or(&[])
}

/// Each successor's operands of a branch whose layout `$range` decodes.
macro_rules! successor_accessors {
    ($view:ident, $range:path) => {
        impl $view {
            /// Where successor `i`'s operands sit; `None` when the segment attributes are
            /// missing or do not add up to the operands.
            pub fn successor_operand_range(self, ctx: &Context, i: usize) -> Option<Range<usize>> {
                $range(ctx, self.0, i)
            }

            pub fn successor_operands(self, ctx: &Context, i: usize) -> &[Value] {
                slice(ctx, self.0, self.successor_operand_range(ctx, i))
            }
        }
    };
}

successor_accessors!(CondBranchOp, checked_cond_br_range);
successor_accessors!(SwitchOp, checked_switch_range);

impl CondBranchOp {
    pub fn true_operands(self, ctx: &Context) -> &[Value] {
        self.successor_operands(ctx, 0)
    }

    pub fn false_operands(self, ctx: &Context) -> &[Value] {
        self.successor_operands(ctx, 1)
    }
}

impl SwitchOp {
    /// Successor 0 is the default; successor `k` is case `k - 1`.
    pub fn default_operands(self, ctx: &Context) -> &[Value] {
        self.successor_operands(ctx, 0)
    }
}

/// Successor `i`'s operand range of any cf branch, decoded from its attributes.
pub fn branch_operand_range(ctx: &Context, op: OpId, i: usize) -> Option<Range<usize>> {
    if let Some(b) = CondBranchOp::cast(ctx, op) {
        return b.successor_operand_range(ctx, i);
    }
    if let Some(s) = SwitchOp::cast(ctx, op) {
        return s.successor_operand_range(ctx, i);
    }
    BranchOp::cast(ctx, op).filter(|_| i == 0).map(|_| 0..ctx.operands(op).len())
}
