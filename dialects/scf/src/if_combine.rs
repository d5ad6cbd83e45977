//! Upstream's `scf.if` rewrites that use what the condition says: the regions of `if not c`
//! swap (the fold), the condition is `true` in the then region and `false` in the else region
//! (`ConditionPropagation`), an `if` holding only an `if` becomes one `if` on both conditions
//! (`CombineNestedIfs`), and an `if` right after one on the same (or the negated) condition
//! merges into it (`CombineIfs`).

use crate::util::region_terminator;
use flowgate_ir::{BlockId, Builder, Context, FoldResult, OpId, OperationState, RegionId, RewritePattern, Value};

/// `c` when `v` is `arith.xori(c, true)`.
fn negation_of(ctx: &Context, v: Value) -> Option<Value> {
    let d = ctx.defining_op(v).filter(|&d| ctx.is_op(d, "arith.xori"))?;
    let [c, one] = ctx.operands(d) else { return None };
    let k = ctx.defining_op(*one).filter(|&k| ctx.is_op(k, "arith.constant"))?;
    let is_one = ctx.attr(k, "value").and_then(|a| ctx.attr_as_int(a)).is_some_and(|x| x & 1 == 1);
    is_one.then_some(*c)
}

/// Upstream's `IfOp::fold`: `if not c then A else B` is `if c then B else A`.
pub(crate) fn fold_if(
    ctx: &mut Context,
    op: OpId,
    _consts: &[Option<flowgate_ir::Attribute>],
) -> Option<Vec<FoldResult>> {
    let (&then_r, &else_r) = (ctx.regions(op).first()?, ctx.regions(op).get(1)?);
    if ctx.is_region_empty(else_r) {
        return None;
    }
    let c = negation_of(ctx, *ctx.operands(op).first()?)?;
    ctx.set_operand(op, 0, c);
    let tmp = ctx.create_region();
    ctx.take_region_body(then_r, tmp);
    ctx.take_region_body(else_r, then_r);
    ctx.take_region_body(tmp, else_r);
    Some(ctx.results(op).iter().map(|&r| FoldResult::Value(r)).collect())
}

/// The index of the region of `op` that (transitively) holds `user`.
fn region_index_holding(ctx: &Context, user: OpId, op: OpId) -> Option<usize> {
    let mut cur = user;
    loop {
        let r = ctx.parent_region(cur)?;
        let parent = ctx.region_parent(r)?;
        if parent == op {
            return ctx.regions(op).iter().position(|&x| x == r);
        }
        cur = parent;
    }
}

fn bool_constant(ctx: &mut Context, value: bool, before: OpId) -> Value {
    let i1 = ctx.i1_type();
    let loc = ctx.op_loc(before);
    let a = ctx.bool_attr(value);
    let st = OperationState::new(ctx, "arith.constant", loc).results(&[i1]).attr(ctx, "value", a);
    let c = ctx.create_op(st);
    ctx.insert_op_before(c, before);
    ctx.result(c, 0)
}

/// Uses of the condition inside the then region are `true`, inside the else region `false`.
struct ConditionPropagation;

impl RewritePattern for ConditionPropagation {
    fn root(&self) -> Option<&'static str> {
        Some("scf.if")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some(&c) = ctx.operands(op).first() else { return false };
        if ctx.defining_op(c).is_some_and(|d| ctx.has_trait(d, flowgate_ir::Traits::CONSTANT_LIKE)) {
            return false;
        }
        let uses: Vec<_> = ctx.uses(c).iter().map(|u| (u.op, u.index as usize)).collect();
        let (mut t, mut f) = (None, None);
        let mut changed = false;
        for (user, k) in uses {
            let v = match region_index_holding(ctx, user, op) {
                Some(0) => *t.get_or_insert_with(|| bool_constant(ctx, true, op)),
                Some(1) => *f.get_or_insert_with(|| bool_constant(ctx, false, op)),
                _ => continue,
            };
            ctx.set_operand(user, k, v);
            changed = true;
        }
        changed
    }
}

/// The single block of region `r` and its `scf.yield`.
fn block_and_yield(ctx: &Context, r: RegionId) -> Option<(BlockId, OpId)> {
    let b = ctx.entry_block(r)?;
    let y = region_terminator(ctx, r).filter(|&y| ctx.is_op(y, "scf.yield"))?;
    Some((b, y))
}

/// A block holding nothing but its terminator.
fn only_terminator(ctx: &Context, b: BlockId) -> bool {
    ctx.first_op(b).is_some() && ctx.first_op(b) == ctx.last_op(b)
}

fn create(ctx: &mut Context, before: OpId, name: &str, operands: &[Value], ty: flowgate_ir::Type) -> Value {
    let loc = ctx.op_loc(before);
    let st = OperationState::new(ctx, name, loc).operands(operands).results(&[ty]);
    let o = ctx.create_op(st);
    ctx.insert_op_before(o, before);
    ctx.result(o, 0)
}

fn yield_at_end(ctx: &mut Context, block: BlockId, values: &[Value], loc: flowgate_ir::Location) {
    let st = OperationState::new(ctx, "scf.yield", loc).operands(values);
    let y = ctx.create_op(st);
    ctx.append_op(block, y);
}

/// `if a { if b { X } }` is `if (a and b) { X }`. Results the outer if yields from the inner
/// one need the same else value in both; other then-values must come from above and become an
/// `arith.select` on `a`.
struct CombineNestedIfs;

impl RewritePattern for CombineNestedIfs {
    fn root(&self) -> Option<&'static str> {
        Some("scf.if")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let (then_r, else_r) = (ctx.region(op, 0), ctx.region(op, 1));
        let Some((then_b, then_y)) = block_and_yield(ctx, then_r) else { return false };
        let Some(nested) = ctx.first_op(then_b).filter(|&n| ctx.is_op(n, "scf.if")) else { return false };
        if ctx.next_op(nested) != Some(then_y) {
            return false;
        }
        let outer_else = if ctx.is_region_empty(else_r) {
            None
        } else {
            match block_and_yield(ctx, else_r) {
                Some((eb, ey)) if only_terminator(ctx, eb) => Some(ey),
                _ => return false,
            }
        };
        let (n_then, n_else) = (ctx.region(nested, 0), ctx.region(nested, 1));
        let Some((n_then_b, n_then_y)) = block_and_yield(ctx, n_then) else { return false };
        let nested_else = if ctx.is_region_empty(n_else) {
            None
        } else {
            match block_and_yield(ctx, n_else) {
                Some((eb, ey)) if only_terminator(ctx, eb) => Some(ey),
                _ => return false,
            }
        };
        let mut then_vals = ctx.operands(then_y).to_vec();
        let else_vals = outer_else.map(|e| ctx.operands(e).to_vec()).unwrap_or_default();
        if !else_vals.is_empty() && else_vals.len() != then_vals.len() {
            return false;
        }
        let nested_results = ctx.results(nested).to_vec();
        let mut to_select = Vec::new();
        for (i, v) in then_vals.clone().into_iter().enumerate() {
            if let Some(k) = nested_results.iter().position(|&r| r == v) {
                let (Some(ne), Some(&ev)) = (nested_else, else_vals.get(i)) else { return false };
                if ctx.operands(ne).get(k) != Some(&ev) {
                    return false;
                }
                let Some(&tv) = ctx.operands(n_then_y).get(k) else { return false };
                then_vals[i] = tv;
                continue;
            }
            if ctx.value_block(v).and_then(|bb| ctx.block_parent(bb)) == Some(then_r) {
                return false;
            }
            to_select.push(i);
        }
        let outer_c = ctx.operand(op, 0);
        let inner_c = ctx.operand(nested, 0);
        let i1 = ctx.i1_type();
        let cond = create(ctx, op, "arith.andi", &[outer_c, inner_c], i1);
        let loc = ctx.op_loc(op);
        let result_types: Vec<_> = ctx.results(op).iter().map(|&r| ctx.value_type(r)).collect();
        let new_then = ctx.create_region();
        let nb = ctx.add_block(new_then, &[], loc);
        let new_else = ctx.create_region();
        let st = OperationState::new(ctx, "scf.if", loc).operands(&[cond]).results(&result_types);
        let st = st.regions(&[new_then, new_else]);
        let new_if = ctx.create_op(st);
        ctx.insert_op_before(new_if, op);
        let mut results: Vec<Value> = ctx.results(new_if).to_vec();
        for &i in &to_select {
            let ty = result_types[i];
            results[i] = create(ctx, new_if, "arith.select", &[outer_c, then_vals[i], else_vals[i]], ty);
        }
        ctx.merge_blocks(n_then_b, nb, &[]);
        let yloc = ctx.op_loc(n_then_y);
        ctx.erase_op(n_then_y);
        yield_at_end(ctx, nb, &then_vals, yloc);
        if !else_vals.is_empty() {
            let eb = ctx.add_block(new_else, &[], loc);
            yield_at_end(ctx, eb, &else_vals, loc);
        }
        ctx.replace_op(op, &results);
        true
    }
}

/// `if c {A} else {B}; if c {C} else {D}` is `if c {A; C} else {B; D}` (also with the second
/// condition `not c`, or the first `not` of the second, taking the second's regions swapped).
/// Uses of the first results inside the second's regions take the values yielded there.
struct CombineIfs;

impl RewritePattern for CombineIfs {
    fn root(&self) -> Option<&'static str> {
        Some("scf.if")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, next: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some(prev) = ctx.prev_op(next).filter(|&p| ctx.is_op(p, "scf.if")) else { return false };
        let (pc, nc) = (ctx.operand(prev, 0), ctx.operand(next, 0));
        let (n_then_r, n_else_r) = (ctx.region(next, 0), ctx.region(next, 1));
        let n_else_r = (!ctx.is_region_empty(n_else_r)).then_some(n_else_r);
        // The regions of `next` that run when `prev` takes its then / else region.
        let (mut on_then, mut on_else) = (None, None);
        if nc == pc {
            (on_then, on_else) = (Some(n_then_r), n_else_r);
        }
        if negation_of(ctx, nc) == Some(pc) || negation_of(ctx, pc) == Some(nc) {
            (on_then, on_else) = (n_else_r, Some(n_then_r));
        }
        if on_then.is_none() && on_else.is_none() {
            return false;
        }
        let (p_then_r, p_else_r) = (ctx.region(prev, 0), ctx.region(prev, 1));
        let Some((_, p_then_y)) = block_and_yield(ctx, p_then_r) else { return false };
        let p_else_y = block_and_yield(ctx, p_else_r).map(|(_, y)| y);
        for r in [on_then, on_else].into_iter().flatten() {
            if block_and_yield(ctx, r).is_none() {
                return false;
            }
        }
        let prev_results = ctx.results(prev).to_vec();
        let then_vals = ctx.operands(p_then_y).to_vec();
        let else_vals = p_else_y.map(|y| ctx.operands(y).to_vec()).unwrap_or_default();
        for (i, &res) in prev_results.iter().enumerate() {
            let (Some(&tv), Some(&ev)) = (then_vals.get(i), else_vals.get(i)) else { continue };
            let uses: Vec<_> = ctx.uses(res).iter().map(|u| (u.op, u.index as usize)).collect();
            for (user, k) in uses {
                match region_index_holding(ctx, user, next).map(|ri| ctx.region(next, ri)) {
                    Some(r) if Some(r) == on_then => ctx.set_operand(user, k, tv),
                    Some(r) if Some(r) == on_else => ctx.set_operand(user, k, ev),
                    _ => {}
                }
            }
        }
        let loc = ctx.op_loc(next);
        let mut types: Vec<_> = prev_results.iter().map(|&r| ctx.value_type(r)).collect();
        types.extend(ctx.results(next).iter().map(|&r| ctx.value_type(r)));
        let (new_then, new_else) = (ctx.create_region(), ctx.create_region());
        ctx.take_region_body(p_then_r, new_then);
        ctx.take_region_body(p_else_r, new_else);
        let st = OperationState::new(ctx, "scf.if", loc).operands(&[pc]).results(&types).regions(&[new_then, new_else]);
        let combined = ctx.create_op(st);
        ctx.insert_op_before(combined, next);
        for (dest, src) in [(new_then, on_then), (new_else, on_else)] {
            let Some(src) = src else { continue };
            match block_and_yield(ctx, dest) {
                None => ctx.take_region_body(src, dest),
                Some((db, dy)) => {
                    let Some((sb, sy)) = block_and_yield(ctx, src) else { continue };
                    let mut vals = ctx.operands(dy).to_vec();
                    vals.extend(ctx.operands(sy).to_vec());
                    let yloc = ctx.op_loc(sy);
                    ctx.merge_blocks(sb, db, &[]);
                    ctx.erase_op(dy);
                    ctx.erase_op(sy);
                    yield_at_end(ctx, db, &vals, yloc);
                }
            }
        }
        let all = ctx.results(combined).to_vec();
        let (first, rest) = all.split_at(prev_results.len());
        let (first, rest) = (first.to_vec(), rest.to_vec());
        ctx.replace_op(prev, &first);
        ctx.replace_op(next, &rest);
        true
    }
}

pub(crate) fn patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(CombineIfs), Box::new(CombineNestedIfs), Box::new(ConditionPropagation)]
}
