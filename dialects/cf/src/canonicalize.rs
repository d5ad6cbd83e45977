//! Upstream's branch canonicalizations: constant conditions, identical destinations, merging a
//! block into its only predecessor, and skipping blocks that only forward to another block.

use flowgate_ir::{BlockId, Builder, Context, OpId, OperationState, RewritePattern, Traits, Value, ValueDef};

/// The integer value of a constant-like op defining `v` (upstream's `m_Zero`/`m_NonZero`).
fn constant_int(ctx: &Context, v: Value) -> Option<i128> {
    let d = ctx.defining_op(v)?;
    if !ctx.has_trait(d, Traits::CONSTANT_LIKE) {
        return None;
    }
    ctx.attr_as_int(ctx.attr(d, "value")?)
}

/// Replace `op` by `cf.br dest(operands)`.
fn replace_with_br(b: &mut Builder<'_>, op: OpId, dest: BlockId, operands: &[Value]) {
    let loc = b.ctx.op_loc(op);
    let st = OperationState::new(b.ctx, "cf.br", loc).operands(operands).successors(&[dest]);
    b.create(st);
    b.ctx.erase_op(op);
}

/// The `cf.br` of a block that holds nothing else and whose arguments only that branch uses.
fn forwarding_br(ctx: &Context, block: BlockId) -> Option<OpId> {
    let first = ctx.first_op(block)?;
    if ctx.last_op(block) != Some(first) || !ctx.is_op(first, "cf.br") {
        return None;
    }
    for &a in ctx.block_args(block) {
        if ctx.uses(a).iter().any(|u| u.op != first) {
            return None;
        }
    }
    Some(first)
}

/// How far `forwards_back` follows forwarding blocks before it gives up and answers "yes".
/// Without a bound, a chain of n forwarding blocks costs O(n) per collapsed edge and O(n^2) per
/// canonicalization (the mlir_opt fuzz target found a lit input that took minutes). Longer
/// chains are left to block merging (`BrToSinglePredBlock`), which removes them in linear time.
const FORWARDING_WALK_LIMIT: usize = 64;

/// True when following forwarding blocks from `from` comes back to `to` (a cycle of blocks
/// that only branch: collapsing into it would never settle), or when the walk is longer than
/// `FORWARDING_WALK_LIMIT`: the conservative answer, which only leaves the edge alone. A cycle
/// that does not pass through `to` also ends at the limit.
fn forwards_back(ctx: &Context, from: BlockId, to: BlockId) -> bool {
    let mut cur = from;
    for _ in 0..FORWARDING_WALK_LIMIT {
        if cur == to {
            return true;
        }
        let Some(br) = forwarding_br(ctx, cur) else { return false };
        match ctx.successors(br).first() {
            Some(&next) => cur = next,
            None => return false,
        }
    }
    true
}

/// If `succ` holds nothing but a `cf.br` to another block, whose arguments are used only by
/// that branch, the edge can go straight to that block: returns the new target and operands.
fn collapse(ctx: &Context, succ: BlockId, operands: &[Value]) -> Option<(BlockId, Vec<Value>)> {
    let first = forwarding_br(ctx, succ)?;
    let dest = *ctx.successors(first).first()?;
    // Upstream only refuses a self loop; a longer cycle of forwarding blocks would make it
    // flip edges until its iteration limit, so we leave those edges alone.
    if dest == succ || forwards_back(ctx, dest, succ) {
        return None;
    }
    let mut out = Vec::new();
    for &v in ctx.operands(first) {
        match ctx.value_def(v) {
            ValueDef::BlockArg { block, index } if block == succ => out.push(*operands.get(index as usize)?),
            _ => out.push(v),
        }
    }
    Some((dest, out))
}

/// `cf.br` to a block whose only predecessor is this branch: merge the blocks.
struct BrToSinglePredBlock;
impl RewritePattern for BrToSinglePredBlock {
    fn root(&self) -> Option<&'static str> {
        Some("cf.br")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let (Some(&succ), Some(parent)) = (ctx.successors(op).first(), ctx.parent_block(op)) else { return false };
        let entry = ctx.block_parent(succ).and_then(|r| ctx.entry_block(r));
        if succ == parent || entry == Some(succ) || ctx.predecessors(succ).len() != 1 {
            return false;
        }
        if ctx.block_args(succ).len() != ctx.operands(op).len() {
            return false;
        }
        let args = ctx.operands(op).to_vec();
        // Erase the branch first so the merged ops land after the last real op of the block;
        // its operands stay alive as the replacements of the block arguments.
        b.ctx.erase_op(op);
        b.ctx.merge_blocks(succ, parent, &args);
        true
    }
}

/// `cf.br ^bb1` where `^bb1` only branches on: branch to the final target directly.
struct BrPassThrough;
impl RewritePattern for BrPassThrough {
    fn root(&self) -> Option<&'static str> {
        Some("cf.br")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(&dest) = ctx.successors(op).first() else { return false };
        if Some(dest) == ctx.parent_block(op) {
            return false;
        }
        let Some((nd, ops)) = collapse(ctx, dest, ctx.operands(op)) else { return false };
        replace_with_br(b, op, nd, &ops);
        true
    }
}

fn cond_br_parts(ctx: &Context, op: OpId) -> Option<(Value, [BlockId; 2], [Vec<Value>; 2])> {
    let c = *ctx.operands(op).first()?;
    let s = ctx.successors(op);
    if s.len() != 2 {
        return None;
    }
    Some((c, [s[0], s[1]], [ctx.successor_operands(op, 0).to_vec(), ctx.successor_operands(op, 1).to_vec()]))
}

/// `cf.cond_br true, ^a, ^b -> cf.br ^a` (and `false` to `^b`).
struct ConstCondBranch;
impl RewritePattern for ConstCondBranch {
    fn root(&self) -> Option<&'static str> {
        Some("cf.cond_br")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some((c, dests, ops)) = cond_br_parts(ctx, op) else { return false };
        let Some(k) = constant_int(ctx, c) else { return false };
        let i = if k != 0 { 0 } else { 1 };
        replace_with_br(b, op, dests[i], &ops[i]);
        true
    }
}

/// `cf.cond_br %c, ^a(x), ^a(x) -> cf.br ^a(x)`; `cf.cond_br %c, ^a(x), ^a(y)` ->
/// `cf.br ^a(arith.select %c, x, y)`.
struct IdenticalSuccessors;
impl RewritePattern for IdenticalSuccessors {
    fn root(&self) -> Option<&'static str> {
        Some("cf.cond_br")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some((c, dests, ops)) = cond_br_parts(ctx, op) else { return false };
        if dests[0] != dests[1] || ops[0].len() != ops[1].len() {
            return false;
        }
        if ops[0] == ops[1] {
            replace_with_br(b, op, dests[0], &ops[0]);
            return true;
        }
        // Differing operands become selects, but only when this block is the destination's
        // unique predecessor (otherwise other edges would see the select too).
        let preds = ctx.predecessors(dests[0]);
        if preds.is_empty() || preds.iter().any(|&p| Some(p) != ctx.parent_block(op)) {
            return false;
        }
        let loc = ctx.op_loc(op);
        let mut merged = Vec::with_capacity(ops[0].len());
        for (&t, &f) in ops[0].iter().zip(&ops[1]) {
            if t == f {
                merged.push(t);
                continue;
            }
            let ty = b.ctx.value_type(t);
            let st = OperationState::new(b.ctx, "arith.select", loc).operands(&[c, t, f]).results(&[ty]);
            merged.push(b.create_value(st));
        }
        replace_with_br(b, op, dests[0], &merged);
        true
    }
}

/// `cf.cond_br %c, ^a, ^b` where `^a` or `^b` only branches on: target the final blocks.
struct CondBranchPassThrough;
impl RewritePattern for CondBranchPassThrough {
    fn root(&self) -> Option<&'static str> {
        Some("cf.cond_br")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some((c, dests, ops)) = cond_br_parts(ctx, op) else { return false };
        let t = collapse(ctx, dests[0], &ops[0]);
        let f = collapse(ctx, dests[1], &ops[1]);
        if t.is_none() && f.is_none() {
            return false;
        }
        let (td, tv) = t.unwrap_or((dests[0], ops[0].clone()));
        let (fd, fv) = f.unwrap_or((dests[1], ops[1].clone()));
        let loc = ctx.op_loc(op);
        let weights = ctx.attr(op, "branch_weights");
        let new = crate::builders::cond_br(b, c, td, &tv, fd, &fv, loc);
        if let Some(w) = weights {
            b.ctx.set_attr(new, "branch_weights", w);
        }
        b.ctx.erase_op(op);
        true
    }
}

/// The block's only incoming edge (upstream's `getSinglePredecessor`: two edges from the same
/// block do not count).
fn single_predecessor(ctx: &Context, block: BlockId) -> Option<BlockId> {
    match ctx.predecessors(block).as_slice() {
        [p] => Some(*p),
        _ => None,
    }
}

/// A `cf.cond_br` reached only from a `cf.cond_br` on the same condition already knows which
/// way it goes.
struct CondBranchOnSameCondition;
impl RewritePattern for CondBranchOnSameCondition {
    fn root(&self) -> Option<&'static str> {
        Some("cf.cond_br")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some((c, dests, ops)) = cond_br_parts(ctx, op) else { return false };
        let Some(block) = ctx.parent_block(op) else { return false };
        let Some(pred) = single_predecessor(ctx, block) else { return false };
        let Some(pt) = ctx.last_op(pred).filter(|&t| ctx.is_op(t, "cf.cond_br")) else { return false };
        if ctx.operands(pt).first() != Some(&c) {
            return false;
        }
        let i = if ctx.successors(pt).first() == Some(&block) { 0 } else { 1 };
        replace_with_br(b, op, dests[i], &ops[i]);
        true
    }
}

/// Inside a successor reached only through this branch, the condition is known: its uses
/// there become `true` (or `false`) constants.
struct CondBranchTruthPropagation;
impl RewritePattern for CondBranchTruthPropagation {
    fn root(&self) -> Option<&'static str> {
        Some("cf.cond_br")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some((c, dests, _)) = cond_br_parts(ctx, op) else { return false };
        let loc = ctx.op_loc(op);
        let mut changed = false;
        for (i, known) in [(0, true), (1, false)] {
            let ctx = &*b.ctx;
            if single_predecessor(ctx, dests[i]).is_none() {
                continue;
            }
            let uses: Vec<_> =
                ctx.uses(c).iter().copied().filter(|u| ctx.parent_block(u.op) == Some(dests[i])).collect();
            if uses.is_empty() {
                continue;
            }
            let ty = ctx.value_type(c);
            let a = b.ctx.bool_attr(known);
            let st = OperationState::new(b.ctx, "arith.constant", loc).results(&[ty]).attr(b.ctx, "value", a);
            let k = b.create_value(st);
            for u in uses {
                b.ctx.set_operand(u.op, u.index as usize, k);
            }
            changed = true;
        }
        changed
    }
}

/// `cf.assert true, "..."` never fires.
struct AssertTrue;
impl RewritePattern for AssertTrue {
    fn root(&self) -> Option<&'static str> {
        Some("cf.assert")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(&c) = ctx.operands(op).first() else { return false };
        if constant_int(ctx, c).is_some_and(|k| k & 1 == 1) {
            b.ctx.erase_op(op);
            return true;
        }
        false
    }
}

/// The destination a switch takes for `flag` (case values compared at the flag's width).
fn switch_target(ctx: &Context, op: OpId, flag: i128) -> Option<usize> {
    let ty = ctx.value_type(*ctx.operands(op).first()?);
    let w = ctx.int_width(ty)?;
    let mask = if w >= 128 { u128::MAX } else { (1u128 << w) - 1 };
    let (_, values) = crate::ops::case_values(ctx, op).unwrap_or((ty, Vec::new()));
    let hit = values.iter().position(|&v| (v as u128) & mask == (flag as u128) & mask);
    Some(hit.map_or(0, |i| i + 1))
}

/// `cf.switch` with only a default, or on a constant flag: a plain branch to where it goes.
struct SwitchToBranch;
impl RewritePattern for SwitchToBranch {
    fn root(&self) -> Option<&'static str> {
        Some("cf.switch")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(&flag) = ctx.operands(op).first() else { return false };
        let succ = if ctx.successors(op).len() == 1 {
            0
        } else {
            match constant_int(ctx, flag).and_then(|k| switch_target(ctx, op, k)) {
                Some(i) => i,
                None => return false,
            }
        };
        let Some(&dest) = ctx.successors(op).get(succ) else { return false };
        let operands = ctx.successor_operands(op, succ).to_vec();
        replace_with_br(b, op, dest, &operands);
        true
    }
}

/// Cases that go where the default goes, with the same operands, are dropped.
struct DropCasesMatchingDefault;
impl RewritePattern for DropCasesMatchingDefault {
    fn root(&self) -> Option<&'static str> {
        Some("cf.switch")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(&flag) = ctx.operands(op).first() else { return false };
        let succs = ctx.successors(op).to_vec();
        let Some(&default) = succs.first() else { return false };
        let default_ops = ctx.successor_operands(op, 0).to_vec();
        let Some((_, values)) = crate::ops::case_values(ctx, op) else { return false };
        if values.len() + 1 != succs.len() {
            return false;
        }
        let mut kept = Vec::new();
        let mut kept_idx = Vec::new();
        for (i, &v) in values.iter().enumerate() {
            let ops = ctx.successor_operands(op, i + 1).to_vec();
            if succs[i + 1] == default && ops == default_ops {
                continue;
            }
            kept.push((v, succs[i + 1], ops));
            kept_idx.push(i + 1);
        }
        if kept.len() == values.len() {
            return false;
        }
        let weights = ctx.attr(op, "branch_weights").and_then(|a| ctx.attr_as_dense_array(a)).map(|w| w.to_vec());
        let loc = ctx.op_loc(op);
        let new = crate::builders::switch(b, flag, default, &default_ops, &kept, loc);
        if let Some(w) = weights.filter(|w| w.len() == succs.len()) {
            let mut keep = vec![w[0] as i32];
            keep.extend(kept_idx.iter().map(|&i| w[i] as i32));
            let a = b.ctx.dense_i32_array_attr(&keep);
            b.ctx.set_attr(new, "branch_weights", a);
        }
        b.ctx.erase_op(op);
        true
    }
}

/// A switch destination that only forwards to another block: target that block directly.
struct SwitchPassThrough;
impl RewritePattern for SwitchPassThrough {
    fn root(&self) -> Option<&'static str> {
        Some("cf.switch")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(&flag) = ctx.operands(op).first() else { return false };
        let succs = ctx.successors(op).to_vec();
        let values = crate::ops::case_values(ctx, op).map(|(_, v)| v).unwrap_or_default();
        if values.len() + 1 != succs.len() {
            return false;
        }
        let mut changed = false;
        let mut targets = Vec::with_capacity(succs.len());
        for (i, &s) in succs.iter().enumerate() {
            let ops = ctx.successor_operands(op, i).to_vec();
            match collapse(ctx, s, &ops) {
                Some(t) => {
                    changed = true;
                    targets.push(t);
                }
                None => targets.push((s, ops)),
            }
        }
        if !changed {
            return false;
        }
        let weights = ctx.attr(op, "branch_weights");
        let loc = ctx.op_loc(op);
        let (default, default_ops) = targets[0].clone();
        let cases: Vec<_> = values.iter().zip(&targets[1..]).map(|(&v, (d, o))| (v, *d, o.clone())).collect();
        let new = crate::builders::switch(b, flag, default, &default_ops, &cases, loc);
        if let Some(w) = weights {
            b.ctx.set_attr(new, "branch_weights", w);
        }
        b.ctx.erase_op(op);
        true
    }
}

/// The `cf.switch` ending the only predecessor of `op`'s block, when it switches on the same
/// flag: (that switch, the successor index through which it reaches `op`'s block).
fn switch_predecessor_on_same_flag(ctx: &Context, op: OpId) -> Option<(OpId, usize)> {
    let flag = *ctx.operands(op).first()?;
    let block = ctx.parent_block(op)?;
    let pred = single_predecessor(ctx, block)?;
    let ps = ctx.last_op(pred).filter(|&t| ctx.is_op(t, "cf.switch"))?;
    if ctx.operands(ps).first() != Some(&flag) {
        return None;
    }
    let i = ctx.successors(ps).iter().position(|&s| s == block)?;
    Some((ps, i))
}

/// Reached through case `v` of a switch on the same flag: the flag is `v` here.
struct SwitchAfterCaseOnSameFlag;
impl RewritePattern for SwitchAfterCaseOnSameFlag {
    fn root(&self) -> Option<&'static str> {
        Some("cf.switch")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some((ps, i)) = switch_predecessor_on_same_flag(ctx, op) else { return false };
        if i == 0 {
            return false;
        }
        let Some(v) = crate::ops::case_values(ctx, ps).and_then(|(_, vals)| vals.get(i - 1).copied()) else {
            return false;
        };
        let Some(succ) = switch_target(ctx, op, v) else { return false };
        let Some(&dest) = ctx.successors(op).get(succ) else { return false };
        let operands = ctx.successor_operands(op, succ).to_vec();
        replace_with_br(b, op, dest, &operands);
        true
    }
}

/// Reached through the default of a switch on the same flag: cases for values that switch
/// sends elsewhere cannot happen here.
struct SwitchAfterDefaultOnSameFlag;
impl RewritePattern for SwitchAfterDefaultOnSameFlag {
    fn root(&self) -> Option<&'static str> {
        Some("cf.switch")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some((ps, 0)) = switch_predecessor_on_same_flag(ctx, op) else { return false };
        let Some(&flag) = ctx.operands(op).first() else { return false };
        let Some(w) = ctx.int_width(ctx.value_type(flag)) else { return false };
        let mask = if w >= 128 { u128::MAX } else { (1u128 << w) - 1 };
        let impossible: Vec<u128> = crate::ops::case_values(ctx, ps)
            .map(|(_, v)| v)
            .unwrap_or_default()
            .iter()
            .map(|&v| (v as u128) & mask)
            .collect();
        let succs = ctx.successors(op).to_vec();
        let Some((_, values)) = crate::ops::case_values(ctx, op) else { return false };
        if values.len() + 1 != succs.len() {
            return false;
        }
        let kept: Vec<_> = values
            .iter()
            .enumerate()
            .filter(|(_, &v)| !impossible.contains(&((v as u128) & mask)))
            .map(|(i, &v)| (v, succs[i + 1], ctx.successor_operands(op, i + 1).to_vec()))
            .collect();
        if kept.len() == values.len() {
            return false;
        }
        let default_ops = ctx.successor_operands(op, 0).to_vec();
        let loc = ctx.op_loc(op);
        crate::builders::switch(b, flag, succs[0], &default_ops, &kept, loc);
        b.ctx.erase_op(op);
        true
    }
}

pub fn switch_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![
        Box::new(SwitchToBranch),
        Box::new(DropCasesMatchingDefault),
        Box::new(SwitchPassThrough),
        Box::new(SwitchAfterCaseOnSameFlag),
        Box::new(SwitchAfterDefaultOnSameFlag),
    ]
}

pub fn br_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(BrToSinglePredBlock), Box::new(BrPassThrough)]
}

pub fn cond_br_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![
        Box::new(ConstCondBranch),
        Box::new(CondBranchPassThrough),
        Box::new(IdenticalSuccessors),
        Box::new(CondBranchOnSameCondition),
        Box::new(CondBranchTruthPropagation),
    ]
}

pub fn assert_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(AssertTrue)]
}
