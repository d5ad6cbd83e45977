//! Where each successor's operands sit in the operand list of `cf.cond_br` and `cf.switch`:
//! `operandSegmentSizes` splits the operands into groups, and `case_operand_segments` splits the
//! switch's case group per case. Malformed attributes give empty ranges (the verifier reports
//! them).

use flowgate_ir::{Context, OpId};
use std::ops::Range;

/// Segment sizes as unsigned counts; `None` when absent or negative.
pub fn sizes(ctx: &Context, op: OpId, name: &str) -> Option<Vec<usize>> {
    let a = ctx.attr(op, name)?;
    ctx.attr_as_dense_array(a)?.iter().map(|&v| usize::try_from(v).ok()).collect()
}

/// Range of operand group `i` under `operandSegmentSizes`.
fn group(ctx: &Context, op: OpId, i: usize) -> Option<Range<usize>> {
    let s = sizes(ctx, op, "operandSegmentSizes")?;
    let start: usize = s.get(..i)?.iter().sum();
    Some(start..start + s.get(i)?)
}

/// `cf.cond_br`: group 0 is the condition, 1 the true operands, 2 the false operands.
pub fn cond_br_operand_range(ctx: &Context, op: OpId, succ: usize) -> Range<usize> {
    group(ctx, op, succ + 1).unwrap_or(0..0)
}

/// `cf.switch`: successor 0 is the default (group 1); successor `k` is case `k - 1`, a slice
/// of group 2.
pub fn switch_operand_range(ctx: &Context, op: OpId, succ: usize) -> Range<usize> {
    if succ == 0 {
        return group(ctx, op, 1).unwrap_or(0..0);
    }
    let (Some(cases), Some(segs)) = (group(ctx, op, 2), sizes(ctx, op, "case_operand_segments")) else {
        return 0..0;
    };
    let Some(before) = segs.get(..succ - 1) else { return 0..0 };
    let Some(&len) = segs.get(succ - 1) else { return 0..0 };
    let start = cases.start + before.iter().sum::<usize>();
    start..start + len
}
