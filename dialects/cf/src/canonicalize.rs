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

/// If `succ` holds nothing but a `cf.br` to another block, whose arguments are used only by
/// that branch, the edge can go straight to that block: returns the new target and operands.
fn collapse(ctx: &Context, succ: BlockId, operands: &[Value]) -> Option<(BlockId, Vec<Value>)> {
    let first = ctx.first_op(succ)?;
    if ctx.last_op(succ) != Some(first) || !ctx.is_op(first, "cf.br") {
        return None;
    }
    for &a in ctx.block_args(succ) {
        if ctx.uses(a).iter().any(|u| u.op != first) {
            return None;
        }
    }
    let dest = *ctx.successors(first).first()?;
    if dest == succ {
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
        let segs = b.ctx.dense_i32_array_attr(&[1, tv.len() as i32, fv.len() as i32]);
        let mut operands = vec![c];
        operands.extend(&tv);
        operands.extend(&fv);
        let mut st = OperationState::new(b.ctx, "cf.cond_br", loc).operands(&operands).successors(&[td, fd]).attr(
            b.ctx,
            "operandSegmentSizes",
            segs,
        );
        if let Some(w) = weights {
            st.add_attr(b.ctx, "branch_weights", w);
        }
        b.create(st);
        b.ctx.erase_op(op);
        true
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

pub fn br_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(BrToSinglePredBlock), Box::new(BrPassThrough)]
}

pub fn cond_br_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(ConstCondBranch), Box::new(IdenticalSuccessors), Box::new(CondBranchPassThrough)]
}

pub fn assert_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(AssertTrue)]
}
