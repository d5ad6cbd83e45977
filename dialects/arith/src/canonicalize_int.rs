//! Upstream's integer reassociation and extended-arithmetic patterns (ArithCanonicalization.td)
//! that `canonicalize.rs` does not hold: constants on either side of `subi` combined, `x * -1`
//! added as a subtraction, `(x - y) - x`, and `*_extended` ops whose second result is unused.

use crate::builders;
use crate::canonicalize::constant_of;
use crate::consts::{decode, int_width, mask, sext, signed_max, signed_min, zext};
use crate::flags::{op_flags, BitEnum, OVERFLOW_NSW, OVERFLOW_NUW};
use crate::fold::eval_int;
use flowgate_ir::{AttrKind, Builder, Context, OpId, OperationState, RewritePattern, Type, Value};

/// The value of a scalar integer constant (upstream's `APIntAttr` matcher: no splats).
fn scalar_const(ctx: &Context, v: Value) -> Option<i128> {
    let a = constant_of(ctx, v)?;
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => Some(*value),
        _ => None,
    }
}

fn flags(ctx: &Context, op: OpId) -> u32 {
    op_flags(ctx, op, "overflowFlags", BitEnum::Overflow)
}

/// The flags of `merged` (both replaced ops carried them) that still hold on the single op
/// that uses `K = a combine b` (`addi`, `subi` or `muli`) for the two constants: a flag holds
/// when `K`, computed exactly (signed for `nsw`, unsigned for `nuw`), fits the width, since
/// the new op then computes the original exact result in one step. Upstream keeps the merged
/// flags unconditionally, which is wrong when the combination wraps (`(x - 100) + 100` in `i8`
/// would claim `x + -56` does not wrap unsigned).
pub(crate) fn sound_flags(merged: u32, combine: &str, a: i128, b: i128, w: u32) -> u32 {
    let exact = |x: i128, y: i128| match combine {
        "addi" => x.checked_add(y),
        "subi" => x.checked_sub(y),
        "muli" => x.checked_mul(y),
        _ => None,
    };
    let mut fl = merged;
    let signed_ok = exact(sext(a, w), sext(b, w)).is_some_and(|k| k >= signed_min(w) && k <= signed_max(w));
    if !signed_ok {
        fl &= !OVERFLOW_NSW;
    }
    let unsigned = |v: i128| i128::try_from(zext(v, w)).ok();
    let top = i128::try_from(mask(w)).ok();
    let unsigned_ok = match (unsigned(a), unsigned(b), top) {
        (Some(x), Some(y), Some(top)) => exact(x, y).is_some_and(|k| (0..=top).contains(&k)),
        _ => false,
    };
    if !unsigned_ok {
        fl &= !OVERFLOW_NUW;
    }
    fl
}

/// `name(lhs, rhs)` of type `ty` with overflow flags `fl`.
fn int_op(
    b: &mut Builder<'_>,
    name: &str,
    lhs: Value,
    rhs: Value,
    ty: Type,
    fl: u32,
    loc: flowgate_ir::Location,
) -> Value {
    let a = BitEnum::Overflow.attr(b.ctx, fl);
    let st = OperationState::new(b.ctx, name, loc).operands(&[lhs, rhs]).results(&[ty]).attr(b.ctx, "overflowFlags", a);
    b.create_value(st)
}

/// Which constant-combining rewrite a pattern does; `k0` is the inner op's constant, `k1` the
/// outer's.
#[derive(Clone, Copy)]
enum Shape {
    /// addi(subi(x, k0), k1) -> addi(x, k1 - k0)
    AddSubRhs,
    /// addi(subi(k0, x), k1) -> subi(k0 + k1, x)
    AddSubLhs,
    /// subi(k1, addi(x, k0)) -> subi(k1 - k0, x)
    SubLhsAdd,
    /// subi(subi(x, k0), k1) -> subi(x, k0 + k1)
    SubSubRhsRhs,
    /// subi(subi(k0, x), k1) -> subi(k0 - k1, x)
    SubSubRhsLhs,
    /// subi(k1, subi(x, k0)) -> subi(k0 + k1, x)
    SubLhsSubRhs,
    /// subi(k1, subi(k0, x)) -> addi(x, k1 - k0)
    SubLhsSubLhs,
}

struct Reassociate(Shape);

impl RewritePattern for Reassociate {
    fn root(&self) -> Option<&'static str> {
        Some(match self.0 {
            Shape::AddSubRhs | Shape::AddSubLhs => "arith.addi",
            _ => "arith.subi",
        })
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        use Shape::*;
        let ctx = &*b.ctx;
        let ([l, r], [res]) = (ctx.operands(op), ctx.results(op)) else { return false };
        let (l, r, ty) = (*l, *r, ctx.value_type(*res));
        let Some(w) = int_width(ctx, ty) else { return false };
        // The outer constant and the inner op, by the side the shape names.
        let outer_const_rhs = matches!(self.0, AddSubRhs | AddSubLhs | SubSubRhsRhs | SubSubRhsLhs);
        let (k1, inner_v) = if outer_const_rhs { (scalar_const(ctx, r), l) } else { (scalar_const(ctx, l), r) };
        let Some(k1) = k1 else { return false };
        let inner_name = if matches!(self.0, SubLhsAdd) { "arith.addi" } else { "arith.subi" };
        let Some(d) = ctx.defining_op(inner_v).filter(|&d| ctx.is_op(d, inner_name)) else { return false };
        let [a, c] = ctx.operands(d) else { return false };
        let inner_const_rhs = matches!(self.0, AddSubRhs | SubLhsAdd | SubSubRhsRhs | SubLhsSubRhs);
        let (k0, x) = if inner_const_rhs { (scalar_const(ctx, *c), *a) } else { (scalar_const(ctx, *a), *c) };
        let Some(k0) = k0 else { return false };
        let merged = flags(ctx, op) & flags(ctx, d);
        let (combine, k_first, result_op, const_lhs) = match self.0 {
            AddSubRhs => ("subi", (k1, k0), "arith.addi", false),
            AddSubLhs => ("addi", (k0, k1), "arith.subi", true),
            SubLhsAdd => ("subi", (k1, k0), "arith.subi", true),
            SubSubRhsRhs => ("addi", (k0, k1), "arith.subi", false),
            SubSubRhsLhs => ("subi", (k0, k1), "arith.subi", true),
            SubLhsSubRhs => ("addi", (k0, k1), "arith.subi", true),
            SubLhsSubLhs => ("subi", (k1, k0), "arith.addi", false),
        };
        let Some(k) = eval_int(combine, k_first.0, k_first.1, w) else { return false };
        let merged = sound_flags(merged, combine, k_first.0, k_first.1, w);
        let loc = ctx.op_loc(op);
        let kv = builders::constant_int(b, k, ty, loc);
        let (lhs, rhs) = if const_lhs { (kv, x) } else { (x, kv) };
        let nv = int_op(b, result_op, lhs, rhs, ty, merged, loc);
        b.ctx.replace_op(op, &[nv]);
        true
    }
}

/// Every element of the constant `v` is -1.
fn is_minus_one(ctx: &Context, v: Value) -> bool {
    let Some(w) = int_width(ctx, ctx.element_type_or_self(ctx.value_type(v))) else { return false };
    constant_of(ctx, v).and_then(|a| decode(ctx, a)).and_then(|k| k.splat_int()).is_some_and(|x| zext(x, w) == mask(w))
}

/// `addi(x, muli(y, -1)) -> subi(x, y)` and `addi(muli(x, -1), y) -> subi(y, x)` (upstream
/// drops the overflow flags).
struct AddMulMinusOne;

impl RewritePattern for AddMulMinusOne {
    fn root(&self) -> Option<&'static str> {
        Some("arith.addi")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let ([l, r], [res]) = (ctx.operands(op), ctx.results(op)) else { return false };
        let (l, r, ty) = (*l, *r, ctx.value_type(*res));
        let neg = |v: Value| {
            let d = ctx.defining_op(v).filter(|&d| ctx.is_op(d, "arith.muli"))?;
            let [y, m] = ctx.operands(d) else { return None };
            is_minus_one(ctx, *m).then_some(*y)
        };
        let (a, s) = match (neg(r), neg(l)) {
            (Some(y), _) => (l, y),
            (None, Some(x)) => (r, x),
            _ => return false,
        };
        let loc = ctx.op_loc(op);
        let nv = int_op(b, "arith.subi", a, s, ty, 0, loc);
        b.ctx.replace_op(op, &[nv]);
        true
    }
}

/// `subi(subi(x, y), x) -> subi(0, y)`.
struct SubOfSubLhs;

impl RewritePattern for SubOfSubLhs {
    fn root(&self) -> Option<&'static str> {
        Some("arith.subi")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let ([l, r], [res]) = (ctx.operands(op), ctx.results(op)) else { return false };
        let Some(d) = ctx.defining_op(*l).filter(|&d| ctx.is_op(d, "arith.subi")) else { return false };
        let [x, y] = ctx.operands(d) else { return false };
        if x != r {
            return false;
        }
        let (y, ty, merged, loc) = (*y, ctx.value_type(*res), flags(ctx, op) & flags(ctx, d), ctx.op_loc(op));
        let Some(zero) = crate::consts::encode(b.ctx, ty, crate::consts::Elems::Int(vec![0])) else { return false };
        let Some(z) = builders::constant(b, zero, loc) else { return false };
        let nv = int_op(b, "arith.subi", z, y, ty, merged, loc);
        b.ctx.replace_op(op, &[nv]);
        true
    }
}

/// `addui_extended`, `mulsi_extended`, `mului_extended` whose second result is unused: the
/// plain op, the second result replaced by the first operand (it has no users).
struct ExtendedToPlain(&'static str, &'static str);

impl RewritePattern for ExtendedToPlain {
    fn root(&self) -> Option<&'static str> {
        Some(self.0)
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let ([x, y], [r0, r1]) = (ctx.operands(op), ctx.results(op)) else { return false };
        if ctx.has_uses(*r1) {
            return false;
        }
        let (x, y, ty, loc) = (*x, *y, ctx.value_type(*r0), ctx.op_loc(op));
        let nv = int_op(b, self.1, x, y, ty, 0, loc);
        b.ctx.replace_op(op, &[nv, x]);
        true
    }
}

/// `mulsi_extended(x, 1) -> [x, extsi(x < 0)]` (the constant must be a positive 1, so not for
/// `i1`, where 1 is -1).
struct MulSIExtendedByOne;

impl RewritePattern for MulSIExtendedByOne {
    fn root(&self) -> Option<&'static str> {
        Some("arith.mulsi_extended")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let ([x, one], [_, _]) = (ctx.operands(op), ctx.results(op)) else { return false };
        let x = *x;
        let ty = ctx.value_type(x);
        let Some(w) = int_width(ctx, ctx.element_type_or_self(ty)) else { return false };
        let is_one = constant_of(ctx, *one).and_then(|a| decode(ctx, a)).and_then(|k| k.splat_int());
        if w < 2 || is_one.is_none_or(|v| zext(v, w) != 1) {
            return false;
        }
        let loc = ctx.op_loc(op);
        let Some(zero) = crate::consts::encode(b.ctx, ty, crate::consts::Elems::Int(vec![0])) else { return false };
        let Some(z) = builders::constant(b, zero, loc) else { return false };
        let Some(neg) = builders::cmpi(b, "slt", x, z, loc) else { return false };
        let Some(high) = builders::cast(b, "arith.extsi", neg, ty, loc) else { return false };
        b.ctx.replace_op(op, &[x, high]);
        true
    }
}

pub fn addi_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(Reassociate(Shape::AddSubRhs)), Box::new(Reassociate(Shape::AddSubLhs)), Box::new(AddMulMinusOne)]
}

pub fn subi_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![
        Box::new(Reassociate(Shape::SubLhsAdd)),
        Box::new(Reassociate(Shape::SubSubRhsRhs)),
        Box::new(Reassociate(Shape::SubSubRhsLhs)),
        Box::new(Reassociate(Shape::SubLhsSubRhs)),
        Box::new(Reassociate(Shape::SubLhsSubLhs)),
        Box::new(SubOfSubLhs),
    ]
}

pub fn addui_extended_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(ExtendedToPlain("arith.addui_extended", "arith.addi"))]
}

pub fn mulsi_extended_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(ExtendedToPlain("arith.mulsi_extended", "arith.muli")), Box::new(MulSIExtendedByOne)]
}

pub fn mului_extended_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(ExtendedToPlain("arith.mului_extended", "arith.muli"))]
}
