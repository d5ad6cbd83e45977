//! The control-flow facts every backend needs from a function body: the order blocks are
//! translated in, and which operands of a terminator go to which successor.

use crate::op_attrs::int_list;
use flowgate_cf::{BranchOp, CondBranchOp, SwitchOp};
use flowgate_ir::{BlockId, Context, Diagnostic, OpId, RegionId, Value};
use std::ops::Range;

/// Blocks reachable from the entry, in reverse post-order, so every value is translated after
/// the block that defines it (definitions dominate uses, whatever the textual block order).
/// Unreachable blocks are dropped.
pub fn reverse_post_order(ctx: &Context, region: RegionId) -> Vec<BlockId> {
    let Some(entry) = ctx.entry_block(region) else { return Vec::new() };
    let mut visited = std::collections::HashSet::new();
    let mut post = Vec::new();
    let mut stack: Vec<(BlockId, usize)> = vec![(entry, 0)];
    visited.insert(entry);
    while let Some((b, i)) = stack.pop() {
        let succs: &[BlockId] = ctx.last_op(b).map(|t| ctx.successors(t)).unwrap_or(&[]);
        if let Some(&s) = succs.get(i) {
            stack.push((b, i + 1));
            if visited.insert(s) && ctx.block_parent(s) == Some(region) {
                stack.push((s, 0));
            }
        } else {
            post.push(b);
        }
    }
    post.reverse();
    post
}

/// Successor `i` of `op`, which must not be the entry block of its region.
pub fn successor(ctx: &Context, op: OpId, i: usize) -> Result<BlockId, Diagnostic> {
    let Some(&s) = ctx.successors(op).get(i) else {
        return Err(Diagnostic::op_error(ctx, op, format!("expected successor #{i}")));
    };
    let region = ctx.block_parent(s);
    if region.and_then(|r| ctx.entry_block(r)) == Some(s) {
        return Err(Diagnostic::op_error(ctx, op, "cannot branch to the entry block of a region"));
    }
    Ok(s)
}

/// The operands `op` passes to successor `i`, checked against the successor's arguments
/// (unregistered branches are not checked by the verifier).
pub fn successor_operands(ctx: &Context, op: OpId, i: usize) -> Result<&[Value], Diagnostic> {
    let range = successor_operand_range(ctx, op, i)?;
    let Some(vals) = ctx.operands(op).get(range) else {
        return Err(Diagnostic::op_error(ctx, op, "has successor operands out of range"));
    };
    let Some(&succ) = ctx.successors(op).get(i) else {
        return Err(Diagnostic::op_error(ctx, op, format!("expected successor #{i}")));
    };
    let args = ctx.block_args(succ);
    let same = vals.len() == args.len() && vals.iter().zip(args).all(|(&v, &a)| ctx.value_type(v) == ctx.value_type(a));
    if !same {
        let msg = format!("passes operands that do not match the arguments of successor #{i}");
        return Err(Diagnostic::op_error(ctx, op, msg));
    }
    Ok(vals)
}

/// Which operands go to successor `i`: the cf views decode the segment attributes (also for
/// ops parsed without the dialect registered, which the verifier has not checked); other
/// branches answer through their op definition.
fn successor_operand_range(ctx: &Context, op: OpId, i: usize) -> Result<Range<usize>, Diagnostic> {
    let cf = [BranchOp::NAME, CondBranchOp::NAME, SwitchOp::NAME];
    if !cf.contains(&ctx.op_name(op)) {
        return Ok(ctx.successor_operand_range(op, i));
    }
    flowgate_cf::branch_operand_range(ctx, op, i).ok_or_else(|| {
        Diagnostic::op_error(ctx, op, "has operand segment attributes that do not match its operands and successors")
    })
}

/// The case values of a `cf.switch` with the successor each goes to, first value winning (in
/// a C switch a duplicate case is unreachable); values are masked to the flag's `width`.
pub fn switch_cases(ctx: &Context, op: OpId, width: u32) -> Result<Vec<(u64, usize)>, Diagnostic> {
    let values = int_list(ctx, op, "case_values").unwrap_or_default();
    if values.len() + 1 != ctx.successors(op).len() {
        let msg = "has a number of case values that does not match its successors";
        return Err(Diagnostic::op_error(ctx, op, msg));
    }
    let mask: u64 = if width >= 64 { u64::MAX } else { (1u64 << width) - 1 };
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for (k, &v) in values.iter().enumerate() {
        let key = (v as u64) & mask;
        if seen.insert(key) {
            out.push((key, k + 1));
        }
    }
    Ok(out)
}
