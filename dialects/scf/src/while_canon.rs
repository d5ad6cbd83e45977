//! Canonicalization of `scf.while`, as upstream MLIR 22 registers it: the op's own patterns
//! (`WhileConditionTruth`, `WhileCmpCond`, `WhileOpAlignBeforeArgs`) and the generic
//! region-branch patterns that upstream enables for `scf.while`: a successor input (block
//! argument or result) that can only ever hold one value from above takes that value, two
//! inputs fed the same values from every predecessor are merged, and inputs nobody reads are
//! removed with the operands that feed them.

use crate::util::region_terminator;
use flowgate_ir::{BlockId, Builder, Context, OpId, OperationState, RewritePattern, Value};
use std::collections::HashSet;

/// The pieces of a well-formed `scf.while`; `None` when counts disagree (the verifier reports
/// that, the patterns only stay away).
struct Parts {
    before: BlockId,
    after: BlockId,
    cond: OpId,
    yield_op: OpId,
}

fn parts(ctx: &Context, op: OpId) -> Option<Parts> {
    let (br, ar) = (*ctx.regions(op).first()?, *ctx.regions(op).get(1)?);
    let (before, after) = (ctx.entry_block(br)?, ctx.entry_block(ar)?);
    let (cond, yield_op) = (region_terminator(ctx, br)?, region_terminator(ctx, ar)?);
    if !ctx.is_op(cond, "scf.condition") || !ctx.is_op(yield_op, "scf.yield") {
        return None;
    }
    let n = ctx.operands(op).len();
    let m = ctx.operands(cond).len().checked_sub(1)?;
    let ok = ctx.block_args(before).len() == n
        && ctx.operands(yield_op).len() == n
        && ctx.block_args(after).len() == m
        && ctx.results(op).len() == m;
    ok.then_some(Parts { before, after, cond, yield_op })
}

/// The values `scf.condition` forwards (without the condition).
fn forwarded(ctx: &Context, cond: OpId) -> Vec<Value> {
    ctx.operands(cond).get(1..).unwrap_or(&[]).to_vec()
}

/// A value defined outside `op` (it dominates `op` when `op` uses it).
fn defined_outside(ctx: &Context, v: Value, op: OpId) -> bool {
    let Some(b) = ctx.value_block(v) else { return false };
    match ctx.block_parent_op(b) {
        Some(p) => !ctx.is_ancestor(op, p),
        None => true,
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

// ----- the op's own patterns -----

/// An after-block argument that receives the condition itself is `true` in the body.
struct WhileConditionTruth;

impl RewritePattern for WhileConditionTruth {
    fn root(&self) -> Option<&'static str> {
        Some("scf.while")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some(p) = parts(ctx, op) else { return false };
        let c = ctx.operand(p.cond, 0);
        let after_args = ctx.block_args(p.after).to_vec();
        let mut truth = None;
        for (v, a) in forwarded(ctx, p.cond).into_iter().zip(after_args) {
            if v != c || !ctx.has_uses(a) {
                continue;
            }
            let t = *truth.get_or_insert_with(|| bool_constant(ctx, true, op));
            ctx.replace_all_uses(a, t);
        }
        truth.is_some()
    }
}

/// A `cmpi` in the body that repeats (or inverts) the condition's `cmpi` on the forwarded
/// operand is `true` (or `false`) there.
struct WhileCmpCond;

impl RewritePattern for WhileCmpCond {
    fn root(&self) -> Option<&'static str> {
        Some("scf.while")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some(p) = parts(ctx, op) else { return false };
        let c = ctx.operand(p.cond, 0);
        let Some(cmp) = ctx.defining_op(c).filter(|&d| ctx.is_op(d, "arith.cmpi")) else { return false };
        let (Some(pred), [x, y]) = (cmpi_predicate(ctx, cmp), ctx.operands(cmp)) else { return false };
        let cmp_operands = [*x, *y];
        let after_args = ctx.block_args(p.after).to_vec();
        let mut changed = false;
        for (v, a) in forwarded(ctx, p.cond).into_iter().zip(after_args) {
            for idx in 0..2 {
                if v != cmp_operands[idx] {
                    continue;
                }
                let users: Vec<OpId> = ctx.uses(a).iter().map(|u| u.op).collect();
                for user in users {
                    if ctx.is_erased(user) || !ctx.is_op(user, "arith.cmpi") || ctx.operands(user).len() != 2 {
                        continue;
                    }
                    if ctx.operand(user, 1 - idx) != cmp_operands[1 - idx] {
                        continue;
                    }
                    let Some(p2) = cmpi_predicate(ctx, user) else { continue };
                    let same = if p2 == pred {
                        true
                    } else if p2 == invert(pred) {
                        false
                    } else {
                        continue;
                    };
                    let k = bool_constant(ctx, same, user);
                    let r = ctx.result(user, 0);
                    ctx.replace_all_uses(r, k);
                    ctx.erase_op(user);
                    changed = true;
                }
            }
        }
        changed
    }
}

const CMPI_PREDICATES: [&str; 10] = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];

fn cmpi_predicate(ctx: &Context, op: OpId) -> Option<&'static str> {
    let p = ctx.attr(op, "predicate").and_then(|a| ctx.attr_as_int(a))?;
    CMPI_PREDICATES.get(usize::try_from(p).ok()?).copied()
}

/// Upstream's `invertPredicate` (the negation, not the swap).
fn invert(pred: &str) -> &'static str {
    match pred {
        "eq" => "ne",
        "ne" => "eq",
        "slt" => "sge",
        "sle" => "sgt",
        "sgt" => "sle",
        "sge" => "slt",
        "ult" => "uge",
        "ule" => "ugt",
        "ugt" => "ule",
        _ => "ult",
    }
}

/// When the condition forwards a permutation of the before-block arguments, forward them in
/// their own order and permute the after-block arguments and results instead.
struct WhileOpAlignBeforeArgs;

impl RewritePattern for WhileOpAlignBeforeArgs {
    fn root(&self) -> Option<&'static str> {
        Some("scf.while")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some(p) = parts(ctx, op) else { return false };
        let before_args = ctx.block_args(p.before).to_vec();
        let fwd = forwarded(ctx, p.cond);
        if fwd == before_args || fwd.len() != before_args.len() {
            return false;
        }
        let distinct: HashSet<Value> = fwd.iter().copied().collect();
        if distinct.len() != fwd.len() {
            return false;
        }
        // to[j] = i: forwarded value j is before-block argument i.
        let Some(to) = fwd.iter().map(|v| before_args.iter().position(|a| a == v)).collect::<Option<Vec<usize>>>()
        else {
            return false;
        };
        let c = ctx.operand(p.cond, 0);
        let mut ops = vec![c];
        ops.extend(&before_args);
        ctx.set_operands(p.cond, ops);
        // New after block with the arguments in before-block order.
        let old_args = ctx.block_args(p.after).to_vec();
        let mut types = vec![None; old_args.len()];
        for (j, &i) in to.iter().enumerate() {
            types[i] = Some(ctx.value_type(old_args[j]));
        }
        let Some(types) = types.into_iter().collect::<Option<Vec<_>>>() else { return false };
        let loc = ctx.op_loc(op);
        let ar = ctx.region(op, 1);
        let nb = ctx.create_block();
        for &t in &types {
            ctx.add_block_arg(nb, t, loc);
        }
        ctx.insert_block(ar, nb, Some(p.after));
        let new_args = ctx.block_args(nb).to_vec();
        let mapped: Vec<Value> = to.iter().map(|&i| new_args[i]).collect();
        ctx.merge_blocks(p.after, nb, &mapped);
        // Results in the new order.
        let old_results = ctx.results(op).to_vec();
        let keep = vec![true; old_results.len()];
        let inits = ctx.operands(op).to_vec();
        let new = rebuild(ctx, op, &inits, &keep, Some(&types));
        for (j, &i) in to.iter().enumerate() {
            let nr = ctx.result(new, i);
            ctx.replace_all_uses(old_results[j], nr);
        }
        ctx.erase_op(op);
        true
    }
}

// ----- the generic region-branch patterns -----

/// A successor input of the loop: before-block argument, after-block argument or result.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
enum Input {
    Before(usize),
    After(usize),
    Result(usize),
}

struct Flow {
    inits: Vec<Value>,
    yields: Vec<Value>,
    fwd: Vec<Value>,
    before_args: Vec<Value>,
    after_args: Vec<Value>,
}

impl Flow {
    fn of(ctx: &Context, op: OpId, p: &Parts) -> Flow {
        Flow {
            inits: ctx.operands(op).to_vec(),
            yields: ctx.operands(p.yield_op).to_vec(),
            fwd: forwarded(ctx, p.cond),
            before_args: ctx.block_args(p.before).to_vec(),
            after_args: ctx.block_args(p.after).to_vec(),
        }
    }

    /// The values flowing into `input`, one per predecessor.
    fn preds(&self, input: Input) -> Vec<Value> {
        match input {
            Input::Before(i) => vec![self.inits[i], self.yields[i]],
            Input::After(j) | Input::Result(j) => vec![self.fwd[j]],
        }
    }

    /// `v` as an input of this loop, when it is one of its block arguments.
    fn as_input(&self, v: Value) -> Option<Input> {
        if let Some(i) = self.before_args.iter().position(|&a| a == v) {
            return Some(Input::Before(i));
        }
        self.after_args.iter().position(|&a| a == v).map(Input::After)
    }

    /// The one non-input value that reaches `start` through any chain of inputs, if there is
    /// exactly one.
    fn single_source(&self, start: Input) -> Option<Value> {
        let mut seen = HashSet::from([start]);
        let mut stack = vec![start];
        let mut found: Option<Value> = None;
        while let Some(i) = stack.pop() {
            for v in self.preds(i) {
                match self.as_input(v) {
                    Some(k) => {
                        if seen.insert(k) {
                            stack.push(k);
                        }
                    }
                    None if found.is_some_and(|f| f != v) => return None,
                    None => found = Some(v),
                }
            }
        }
        found
    }
}

/// An input that can only hold one value defined above the loop is that value.
struct SingleSourceInputs;

impl RewritePattern for SingleSourceInputs {
    fn root(&self) -> Option<&'static str> {
        Some("scf.while")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some(p) = parts(ctx, op) else { return false };
        let flow = Flow::of(ctx, op, &p);
        let results = ctx.results(op).to_vec();
        let mut inputs: Vec<(Input, Value)> =
            flow.before_args.iter().enumerate().map(|(i, &a)| (Input::Before(i), a)).collect();
        inputs.extend(flow.after_args.iter().enumerate().map(|(j, &a)| (Input::After(j), a)));
        inputs.extend(results.iter().enumerate().map(|(j, &r)| (Input::Result(j), r)));
        let mut replace = Vec::new();
        for (input, v) in inputs {
            if !ctx.has_uses(v) {
                continue;
            }
            if let Some(src) = flow.single_source(input).filter(|&s| s != v && defined_outside(ctx, s, op)) {
                replace.push((v, src));
            }
        }
        for &(v, src) in &replace {
            ctx.replace_all_uses(v, src);
        }
        !replace.is_empty()
    }
}

/// The constructor of one kind of input, from its index.
type InputKind = fn(usize) -> Input;

/// Two inputs fed the same value by every predecessor are one: uses of the later one move to
/// the earlier one.
struct DuplicateInputs;

impl RewritePattern for DuplicateInputs {
    fn root(&self) -> Option<&'static str> {
        Some("scf.while")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some(p) = parts(ctx, op) else { return false };
        let flow = Flow::of(ctx, op, &p);
        let results = ctx.results(op).to_vec();
        let groups: [(Vec<Value>, InputKind); 3] = [
            (flow.before_args.clone(), Input::Before),
            (flow.after_args.clone(), Input::After),
            (results, Input::Result),
        ];
        let mut changed = false;
        for (vals, kind) in groups {
            for k in 0..vals.len() {
                if !ctx.has_uses(vals[k]) {
                    continue;
                }
                let pk = flow.preds(kind(k));
                if let Some(i) = (0..k).find(|&i| flow.preds(kind(i)) == pk) {
                    ctx.replace_all_uses(vals[k], vals[i]);
                    changed = true;
                }
            }
        }
        changed
    }
}

/// Inputs nobody reads go, with the operands feeding them: a before-block argument with its
/// init and yielded value, an after-block argument together with its result (they share the
/// forwarded value).
struct DeadInputs;

impl RewritePattern for DeadInputs {
    fn root(&self) -> Option<&'static str> {
        Some("scf.while")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some(p) = parts(ctx, op) else { return false };
        let flow = Flow::of(ctx, op, &p);
        let results = ctx.results(op).to_vec();
        let keep_before: Vec<bool> = flow.before_args.iter().map(|&a| ctx.has_uses(a)).collect();
        let keep_after: Vec<bool> =
            flow.after_args.iter().zip(&results).map(|(&a, &r)| ctx.has_uses(a) || ctx.has_uses(r)).collect();
        if keep_before.iter().all(|&k| k) && keep_after.iter().all(|&k| k) {
            return false;
        }
        let pick = |vals: &[Value], keep: &[bool]| -> Vec<Value> {
            vals.iter().zip(keep).filter(|(_, &k)| k).map(|(&v, _)| v).collect()
        };
        let ys = pick(&flow.yields, &keep_before);
        ctx.set_operands(p.yield_op, ys);
        let mut cs = vec![ctx.operand(p.cond, 0)];
        cs.extend(pick(&flow.fwd, &keep_after));
        ctx.set_operands(p.cond, cs);
        for i in (0..keep_before.len()).rev().filter(|&i| !keep_before[i]) {
            ctx.erase_block_arg(p.before, i);
        }
        for j in (0..keep_after.len()).rev().filter(|&j| !keep_after[j]) {
            ctx.erase_block_arg(p.after, j);
        }
        let inits = pick(&flow.inits, &keep_before);
        let new = rebuild(ctx, op, &inits, &keep_after, None);
        let kept = results.iter().zip(&keep_after).filter(|(_, &k)| k).map(|(&r, _)| r);
        for (k, r) in kept.enumerate() {
            let nr = ctx.result(new, k);
            ctx.replace_all_uses(r, nr);
        }
        ctx.erase_op(op);
        true
    }
}

/// A new `scf.while` before `op` with `inits`, the `keep`-filtered result types (or `types`)
/// and `op`'s regions and attributes; `op` stays for the caller to replace.
fn rebuild(ctx: &mut Context, op: OpId, inits: &[Value], keep: &[bool], types: Option<&[flowgate_ir::Type]>) -> OpId {
    let name = ctx.op_name_sym(op);
    let loc = ctx.op_loc(op);
    let tys: Vec<_> = match types {
        Some(t) => t.to_vec(),
        None => ctx.results(op).iter().zip(keep).filter(|(_, &k)| k).map(|(&r, _)| ctx.value_type(r)).collect(),
    };
    let mut regions = Vec::new();
    for r in ctx.regions(op).to_vec() {
        let n = ctx.create_region();
        ctx.take_region_body(r, n);
        regions.push(n);
    }
    let mut st = OperationState::with_symbol(name, loc).operands(inits).results(&tys).regions(&regions);
    st.attrs = ctx.attrs(op).to_vec();
    let new = ctx.create_op(st);
    ctx.insert_op_before(new, op);
    new
}

pub(crate) fn patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![
        Box::new(WhileConditionTruth),
        Box::new(WhileCmpCond),
        Box::new(WhileOpAlignBeforeArgs),
        Box::new(SingleSourceInputs),
        Box::new(DuplicateInputs),
        Box::new(DeadInputs),
    ]
}
