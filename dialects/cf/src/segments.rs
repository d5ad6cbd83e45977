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

/// Range of operand group `i` under `operandSegmentSizes`, when the sizes add up to the
/// operand count. An inconsistent layout gives no range at all rather than a clamped one, so
/// code that edits operands and checks the resulting ranges cannot mistake it for a valid one.
fn group(ctx: &Context, op: OpId, i: usize) -> Option<Range<usize>> {
    let s = sizes(ctx, op, "operandSegmentSizes")?;
    if s.iter().sum::<usize>() != ctx.operands(op).len() {
        return None;
    }
    let start: usize = s.get(..i)?.iter().sum();
    Some(start..start + s.get(i)?)
}

/// `cf.cond_br`: group 0 is the condition, 1 the true operands, 2 the false operands.
pub fn cond_br_operand_range(ctx: &Context, op: OpId, succ: usize) -> Range<usize> {
    checked_cond_br_range(ctx, op, succ).unwrap_or(0..0)
}

/// `cond_br_operand_range`, `None` when the segment attribute does not describe the operands.
pub(crate) fn checked_cond_br_range(ctx: &Context, op: OpId, succ: usize) -> Option<Range<usize>> {
    if succ > 1 {
        return None;
    }
    group(ctx, op, succ + 1)
}

/// `cf.switch`: successor 0 is the default (group 1); successor `k` is case `k - 1`, a slice
/// of group 2.
pub fn switch_operand_range(ctx: &Context, op: OpId, succ: usize) -> Range<usize> {
    checked_switch_range(ctx, op, succ).unwrap_or(0..0)
}

/// `switch_operand_range`, `None` when the segment attributes do not describe the operands.
pub(crate) fn checked_switch_range(ctx: &Context, op: OpId, succ: usize) -> Option<Range<usize>> {
    if succ == 0 {
        return group(ctx, op, 1);
    }
    let cases = group(ctx, op, 2)?;
    let segs = sizes(ctx, op, "case_operand_segments")?;
    if segs.iter().sum::<usize>() != cases.len() {
        return None;
    }
    let before = segs.get(..succ - 1)?;
    let len = *segs.get(succ - 1)?;
    let start = cases.start + before.iter().sum::<usize>();
    Some(start..start + len)
}
