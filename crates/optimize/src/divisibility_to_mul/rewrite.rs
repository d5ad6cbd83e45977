//! Matching `cmpi eq|ne, (remui|remsi x, C), 0` and building the replacement ops.

use super::plan::{plan, width_mask, Signedness, ZeroRemainderTest};
use flowgate_arith::builders;
use flowgate_arith::constant_of;
use flowgate_ir::{AttrKind, Builder, Context, OpId, Type, Value};

/// A compare that tests a remainder by a constant against zero.
pub struct ZeroRemainderMatch {
    /// The remainder op; erased after the rewrite when nothing else uses it.
    rem: OpId,
    /// The dividend.
    x: Value,
    /// The zero constant the compare used, reused by the `andi` form.
    zero: Value,
    /// `true` for `eq` (divisible), `false` for `ne`.
    is_eq: bool,
    width: u32,
    test: ZeroRemainderTest,
}

/// `cmpi` predicate numbers (upstream's `CmpIPredicate`).
const EQ: i128 = 0;
const NE: i128 = 1;

/// The integer value of a scalar integer constant.
fn scalar_constant(ctx: &Context, v: Value) -> Option<i128> {
    match ctx.attr_kind(constant_of(ctx, v)?) {
        AttrKind::Integer { value, .. } => Some(*value),
        _ => None,
    }
}

/// The bit width the remainder is computed at: an integer's width, 64 for `index` (as the
/// code generators lower it); `None` for vectors and anything else.
fn scalar_width(ctx: &Context, ty: Type) -> Option<u32> {
    if ctx.is_index(ty) {
        Some(64)
    } else {
        ctx.int_width(ty)
    }
}

pub fn match_zero_remainder_test(ctx: &Context, cmp: OpId) -> Option<ZeroRemainderMatch> {
    if ctx.operands(cmp).len() != 2 || ctx.results(cmp).len() != 1 {
        return None;
    }
    let is_eq = match ctx.attr(cmp, "predicate").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Integer { value: EQ, .. }) => true,
        Some(AttrKind::Integer { value: NE, .. }) => false,
        _ => return None,
    };
    let (lhs, rhs) = (ctx.operand(cmp, 0), ctx.operand(cmp, 1));
    let (rem_value, zero) = if scalar_constant(ctx, rhs) == Some(0) {
        (lhs, rhs)
    } else if scalar_constant(ctx, lhs) == Some(0) {
        (rhs, lhs)
    } else {
        return None;
    };
    let rem = ctx.defining_op(rem_value)?;
    let signedness = if ctx.is_op(rem, "arith.remui") {
        Signedness::Unsigned
    } else if ctx.is_op(rem, "arith.remsi") {
        Signedness::Signed
    } else {
        return None;
    };
    if ctx.operands(rem).len() != 2 {
        return None;
    }
    let (x, divisor) = (ctx.operand(rem, 0), ctx.operand(rem, 1));
    let width = scalar_width(ctx, ctx.value_type(x))?;
    let divisor_bits = scalar_constant(ctx, divisor)? as u128;
    let test = plan(width, divisor_bits, signedness)?;
    Some(ZeroRemainderMatch { rem, x, zero, is_eq, width, test })
}

/// Replace `cmp` by the test of `m`, built right before it. `None` only if an arith builder
/// declined an op, which the names used here rule out; `cmp` then stays as it was.
pub fn apply(ctx: &mut Context, cmp: OpId, m: &ZeroRemainderMatch) -> Option<()> {
    let loc = ctx.op_loc(cmp);
    let ty = ctx.value_type(m.x);
    let mask = width_mask(m.width);
    let mut b = Builder::before(ctx, cmp);
    // Constants are W-bit patterns; the attribute sign-extends them as MLIR prints them.
    let constant = |b: &mut Builder<'_>, bits: u128| builders::constant_int(b, (bits & mask) as i128, ty, loc);
    let new_cmp = match m.test {
        ZeroRemainderTest::LowBitsClear { mask: low } => {
            let c = constant(&mut b, low);
            let low_bits = builders::binary(&mut b, "arith.andi", m.x, c, loc)?;
            builders::cmpi(&mut b, if m.is_eq { "eq" } else { "ne" }, low_bits, m.zero, loc)?
        }
        ZeroRemainderTest::MulRotateCompare { inverse, offset, shift, bound } => {
            let c = constant(&mut b, inverse);
            let mut y = builders::binary(&mut b, "arith.muli", m.x, c, loc)?;
            if offset != 0 {
                let c = constant(&mut b, offset);
                y = builders::binary(&mut b, "arith.addi", y, c, loc)?;
            }
            if shift != 0 {
                let right = constant(&mut b, u128::from(shift));
                let left = constant(&mut b, u128::from(m.width - shift));
                let low = builders::binary(&mut b, "arith.shrui", y, right, loc)?;
                let high = builders::binary(&mut b, "arith.shli", y, left, loc)?;
                y = builders::binary(&mut b, "arith.ori", low, high, loc)?;
            }
            let c = constant(&mut b, bound);
            builders::cmpi(&mut b, if m.is_eq { "ule" } else { "ugt" }, y, c, loc)?
        }
    };
    let old = ctx.result(cmp, 0);
    ctx.replace_all_uses(old, new_cmp);
    ctx.erase_op(cmp);
    if !ctx.results(m.rem).iter().any(|&r| ctx.has_uses(r)) {
        ctx.erase_op(m.rem);
    }
    Some(())
}
