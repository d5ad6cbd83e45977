//! Upstream's `arith.select` patterns: a select nested in the same condition picks directly, a
//! negated condition swaps the choices, and choosing between the integers 1 and 0 is an
//! extension of the condition.

use crate::builders;
use crate::canonicalize::constant_of;
use crate::consts::{decode, int_width, mask, zext};
use flowgate_ir::{Builder, Context, OpId, RewritePattern, Value};

/// `select(p, select(p, a, b), c) -> select(p, a, c)` (`RedundantSelectTrue`) and
/// `select(p, a, select(p, b, c)) -> select(p, a, c)` (`RedundantSelectFalse`).
struct RedundantSelect {
    /// Which operand holds the inner select: 1 (true value) or 2 (false value).
    side: usize,
}

impl RewritePattern for RedundantSelect {
    fn root(&self) -> Option<&'static str> {
        Some("arith.select")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let [p, t, f] = ctx.operands(op) else { return false };
        let (p, t, f) = (*p, *t, *f);
        let inner_v = if self.side == 1 { t } else { f };
        let Some(inner) = ctx.defining_op(inner_v).filter(|&d| ctx.is_op(d, "arith.select")) else { return false };
        let [ip, it, iff] = ctx.operands(inner) else { return false };
        if *ip != p {
            return false;
        }
        let (nt, nf) = if self.side == 1 { (*it, f) } else { (t, *iff) };
        let loc = ctx.op_loc(op);
        let nv = builders::select(b, p, nt, nf, loc);
        b.ctx.replace_op(op, &[nv]);
        true
    }
}

/// All bits set in every element of the constant `v` (of integer element width `w`).
fn all_ones(ctx: &Context, v: Value) -> bool {
    let Some(w) = int_width(ctx, ctx.element_type_or_self(ctx.value_type(v))) else { return false };
    constant_of(ctx, v).and_then(|a| decode(ctx, a)).and_then(|k| k.splat_int()).is_some_and(|x| zext(x, w) == mask(w))
}

/// `select(xori(p, -1), a, b) -> select(p, b, a)` (`SelectNotCond`).
struct SelectNotCond;

impl RewritePattern for SelectNotCond {
    fn root(&self) -> Option<&'static str> {
        Some("arith.select")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let [c, t, f] = ctx.operands(op) else { return false };
        let (t, f) = (*t, *f);
        let Some(x) = ctx.defining_op(*c).filter(|&d| ctx.is_op(d, "arith.xori")) else { return false };
        let [p, ones] = ctx.operands(x) else { return false };
        if !all_ones(ctx, *ones) {
            return false;
        }
        let (p, loc) = (*p, ctx.op_loc(op));
        let nv = builders::select(b, p, f, t, loc);
        b.ctx.replace_op(op, &[nv]);
        true
    }
}

/// The integer constant `v` is the scalar (or splat) `k`.
fn is_int(ctx: &Context, v: Value, k: u128) -> bool {
    let Some(w) = int_width(ctx, ctx.element_type_or_self(ctx.value_type(v))) else { return false };
    constant_of(ctx, v).and_then(|a| decode(ctx, a)).and_then(|c| c.splat_int()).is_some_and(|x| zext(x, w) == k)
}

/// `select(c, 1, 0) -> extui(c)` and `select(c, 0, 1) -> extui(not c)` for a scalar integer
/// result wider than `i1` (`SelectToExtUI`).
struct SelectToExtUI;

impl RewritePattern for SelectToExtUI {
    fn root(&self) -> Option<&'static str> {
        Some("arith.select")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let [c, t, f] = ctx.operands(op) else { return false };
        let (c, t, f) = (*c, *t, *f);
        let ty = ctx.value_type(t);
        if !ctx.is_signless_integer(ty) || ctx.int_width(ty) == Some(1) {
            return false;
        }
        let negate = if is_int(ctx, t, 1) && is_int(ctx, f, 0) {
            false
        } else if is_int(ctx, t, 0) && is_int(ctx, f, 1) {
            true
        } else {
            return false;
        };
        let loc = ctx.op_loc(op);
        let cond = if negate {
            let i1 = b.ctx.value_type(c);
            let one = builders::constant_int(b, 1, i1, loc);
            let Some(n) = builders::binary(b, "arith.xori", c, one, loc) else { return false };
            n
        } else {
            c
        };
        let Some(nv) = builders::cast(b, "arith.extui", cond, ty, loc) else { return false };
        b.ctx.replace_op(op, &[nv]);
        true
    }
}

/// The patterns upstream registers before and after `SelectI1ToNot`.
pub fn before_i1_to_not() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(RedundantSelect { side: 2 }), Box::new(RedundantSelect { side: 1 }), Box::new(SelectNotCond)]
}

pub fn after_i1_to_not() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(SelectToExtUI)]
}
