//! `arith` ops, once for every backend. Integer semantics follow upstream's LLVM lowering (two's
//! complement, wrapping). Where upstream leaves a result undefined (poison or UB) we compute a
//! defined one, so no backend traps or lets its optimizer assume the case away:
//! - division by zero: `divsi`/`divui` give -1 (all ones), `remsi`/`remui` give the dividend
//!   (RISC-V's rule); `INT_MIN divsi -1` wraps to `INT_MIN` and its remainder is 0 (the divisor
//!   is replaced by 1 under a select before dividing);
//! - a shift amount >= the width (unsigned): `shli`/`shrui` give 0 and `shrsi` gives the sign
//!   fill (as if shifting one bit at a time);
//! - `fptosi`/`fptoui` out of range saturate to the target's bounds and NaN gives 0.

use super::{BuilderMethods, FloatBinOp, FloatPredicate, IntBinOp, IntPredicate};
use crate::abi::Scalar;
use crate::Result;
use flowgate_ir::{AttrKind, OpId};

/// Translate an `arith` op; returns false for one no backend knows.
pub fn arith<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId) -> Result<bool> {
    let name = bx.ctx().op_name(op);
    let Some(short) = name.strip_prefix("arith.") else { return Ok(false) };
    let int_op = match short {
        "addi" => Some(IntBinOp::Add),
        "subi" => Some(IntBinOp::Sub),
        "muli" => Some(IntBinOp::Mul),
        "andi" => Some(IntBinOp::And),
        "ori" => Some(IntBinOp::Or),
        "xori" => Some(IntBinOp::Xor),
        "maxsi" => Some(IntBinOp::SMax),
        "minsi" => Some(IntBinOp::SMin),
        "maxui" => Some(IntBinOp::UMax),
        "minui" => Some(IntBinOp::UMin),
        _ => None,
    };
    if let Some(kind) = int_op {
        let (a, b, s) = bin_int(bx, op)?;
        let r = bx.int_binary(kind, s, a, b)?;
        bx.define1(op, r)?;
        return Ok(true);
    }
    match short {
        "constant" => constant(bx, op)?,
        "divsi" | "remsi" | "divui" | "remui" | "ceildivsi" | "ceildivui" | "floordivsi" => division(bx, op, short)?,
        "shli" | "shrsi" | "shrui" => shift(bx, op, short)?,
        "addf" | "subf" | "mulf" | "divf" | "maximumf" | "minimumf" | "maxnumf" | "minnumf" | "remf" => {
            float_binary(bx, op, short)?
        }
        "negf" => {
            let s = bx.result_scalar(op, 0)?;
            if !s.is_float() {
                return Err(bx.op_err(op, "expects a floating-point operand"));
            }
            let a = bx.operand(op, 0)?;
            let r = bx.fneg(s, a)?;
            bx.define1(op, r)?;
        }
        "cmpi" => cmpi(bx, op)?,
        "cmpf" => cmpf(bx, op)?,
        "select" => select(bx, op)?,
        "extsi" | "extui" | "trunci" | "index_cast" | "index_castui" => int_cast(bx, op, short)?,
        "sitofp" | "uitofp" => {
            let src = bx.operand_scalar(op, 0)?;
            let dst = bx.result_scalar(op, 0)?;
            if !dst.is_float() || src.int_width().is_none() {
                return Err(bx.op_err(op, "expects an integer operand and a floating-point result"));
            }
            let a = bx.operand(op, 0)?;
            let r = bx.int_to_float(short == "sitofp", src, dst, a)?;
            bx.define1(op, r)?;
        }
        "fptosi" | "fptoui" => {
            let dst = bx.result_scalar(op, 0)?;
            if dst.int_width().is_none() {
                return Err(bx.op_err(op, "expects an integer result"));
            }
            let src = bx.operand_scalar(op, 0)?;
            if !src.is_float() {
                return Err(bx.op_err(op, "expects a floating-point operand"));
            }
            let a = bx.operand(op, 0)?;
            let r = bx.float_to_int_sat(short == "fptosi", src, dst, a)?;
            bx.define1(op, r)?;
        }
        "extf" | "truncf" => {
            let src = bx.operand_scalar(op, 0)?;
            let dst = bx.result_scalar(op, 0)?;
            let a = bx.operand(op, 0)?;
            let r = match (src, dst) {
                (x, y) if x == y => a,
                (Scalar::F32, Scalar::F64) | (Scalar::F64, Scalar::F32) => bx.float_cast(src, dst, a)?,
                _ => return Err(bx.unsupported(op)),
            };
            bx.define1(op, r)?;
        }
        "bitcast" => {
            let src = bx.operand_scalar(op, 0)?;
            let dst = bx.result_scalar(op, 0)?;
            let a = bx.operand(op, 0)?;
            let r = if src == dst {
                Some(a)
            } else if src.size() == dst.size() {
                bx.bitcast(src, dst, a)?
            } else {
                None
            };
            let Some(r) = r else { return Err(bx.op_err(op, "operand and result must have the same bit width")) };
            bx.define1(op, r)?;
        }
        "addui_extended" => {
            let (a, b, s) = bin_int(bx, op)?;
            let sum = bx.int_binary(IntBinOp::Add, s, a, b)?;
            let carry = bx.icmp(IntPredicate::Ult, s, sum, a)?;
            bx.define(op, 0, vec![sum])?;
            bx.define(op, 1, vec![carry])?;
        }
        "mulsi_extended" | "mului_extended" => {
            let (a, b, s) = bin_int(bx, op)?;
            if s == Scalar::Int(1) {
                return Err(bx.unsupported(op));
            }
            let (lo, hi) = bx.mul_extended(short == "mulsi_extended", s, a, b)?;
            bx.define(op, 0, vec![lo])?;
            bx.define(op, 1, vec![hi])?;
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// Both operands of a same-typed integer op and their scalar type.
fn bin_int<'a, B: BuilderMethods<'a>>(bx: &B, op: OpId) -> Result<(B::Value, B::Value, Scalar)> {
    let s = bx.result_scalar(op, 0)?;
    if s.int_width().is_none() {
        return Err(bx.op_err(op, "expects integer or index operands"));
    }
    Ok((bx.operand(op, 0)?, bx.operand(op, 1)?, s))
}

/// An integer constant of type `s`, truncated to its width.
pub fn const_int<'a, B: BuilderMethods<'a>>(bx: &mut B, s: Scalar, v: i64) -> Result<B::Value> {
    let w = s.int_width().unwrap_or(64);
    let bits = if w >= 64 { v } else { v & ((1i64 << w) - 1) };
    bx.const_int(s, bits)
}

fn constant<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId) -> Result<()> {
    let ctx = bx.ctx();
    let Some(attr) = ctx.attr(op, "value") else {
        return Err(bx.op_err(op, "requires attribute 'value'"));
    };
    let s = bx.result_scalar(op, 0)?;
    let v = match (ctx.attr_kind(attr), s) {
        (AttrKind::Integer { value, .. }, s) if s.int_width().is_some() => const_int(bx, s, *value as i64)?,
        (AttrKind::Float { bits, .. }, Scalar::F32) => bx.const_float(s, f64::from_bits(*bits) as f32 as f64)?,
        (AttrKind::Float { bits, .. }, Scalar::F64) => bx.const_float(s, f64::from_bits(*bits))?,
        _ => {
            let msg = format!("has a constant the {} code generator does not support", B::NAME);
            return Err(bx.op_err(op, msg));
        }
    };
    bx.define1(op, v)
}

fn division<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId, short: &str) -> Result<()> {
    let (a, b, s) = bin_int(bx, op)?;
    let signed = matches!(short, "divsi" | "remsi" | "ceildivsi" | "floordivsi");
    // `i1` is widened to `i8` (0/-1 signed, 0/1 unsigned): in `i1` every non-zero divisor is -1
    // and `-1 / -1` overflows. The result is truncated back.
    let (a, b, ty) = if s == Scalar::Int(1) {
        let t = Scalar::Int(8);
        (bx.int_cast(signed, s, t, a)?, bx.int_cast(signed, s, t, b)?, t)
    } else {
        (a, b, s)
    };
    let bool_ = Scalar::Int(1);
    let zero_c = const_int(bx, ty, 0)?;
    let zero = bx.icmp(IntPredicate::Eq, ty, b, zero_c)?;
    let one = const_int(bx, ty, 1)?;
    let all_ones = const_int(bx, ty, -1)?;
    let bad = if signed {
        let w = ty.int_width().unwrap_or(64);
        let min = const_int(bx, ty, 1i64.wrapping_shl(w - 1))?;
        let a_min = bx.icmp(IntPredicate::Eq, ty, a, min)?;
        let b_neg1 = bx.icmp(IntPredicate::Eq, ty, b, all_ones)?;
        let ovf = bx.int_binary(IntBinOp::And, bool_, a_min, b_neg1)?;
        bx.int_binary(IntBinOp::Or, bool_, zero, ovf)?
    } else {
        zero
    };
    let safe_b = bx.select(bad, one, b)?;
    let (q, r) = if signed {
        (bx.int_binary(IntBinOp::SDiv, ty, a, safe_b)?, bx.int_binary(IntBinOp::SRem, ty, a, safe_b)?)
    } else {
        (bx.int_binary(IntBinOp::UDiv, ty, a, safe_b)?, bx.int_binary(IntBinOp::URem, ty, a, safe_b)?)
    };
    let q = bx.select(zero, all_ones, q)?;
    let r = bx.select(zero, a, r)?;
    let res = match short {
        "divsi" | "divui" => q,
        "remsi" | "remui" => r,
        _ => {
            // Round the truncated quotient towards +inf (ceil) or -inf (floor) when the
            // division is inexact: the remainder takes the dividend's sign.
            let inexact = bx.icmp(IntPredicate::Ne, ty, r, zero_c)?;
            let adjust = match short {
                "ceildivui" => inexact,
                _ => {
                    let x = bx.int_binary(IntBinOp::Xor, ty, r, b)?;
                    let cc = if short == "ceildivsi" { IntPredicate::Sge } else { IntPredicate::Slt };
                    let same = bx.icmp(cc, ty, x, zero_c)?;
                    bx.int_binary(IntBinOp::And, bool_, inexact, same)?
                }
            };
            let adj = bx.int_cast(false, bool_, ty, adjust)?;
            let k = if short == "floordivsi" { IntBinOp::Sub } else { IntBinOp::Add };
            bx.int_binary(k, ty, q, adj)?
        }
    };
    let res = if s == Scalar::Int(1) { bx.int_cast(false, ty, s, res)? } else { res };
    bx.define1(op, res)
}

fn shift<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId, short: &str) -> Result<()> {
    let (a, b, s) = bin_int(bx, op)?;
    let width = s.int_width().unwrap_or(64) as i64;
    let w = const_int(bx, s, width)?;
    let too_far = bx.icmp(IntPredicate::Uge, s, b, w)?;
    let r = match short {
        "shli" | "shrui" => {
            let k = if short == "shli" { IntBinOp::Shl } else { IntBinOp::LShr };
            let sh = bx.int_binary(k, s, a, b)?;
            let zero = const_int(bx, s, 0)?;
            bx.select(too_far, zero, sh)?
        }
        _ => {
            let sh = bx.int_binary(IntBinOp::AShr, s, a, b)?;
            let last = const_int(bx, s, width - 1)?;
            let fill = bx.int_binary(IntBinOp::AShr, s, a, last)?;
            bx.select(too_far, fill, sh)?
        }
    };
    bx.define1(op, r)
}

fn float_binary<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId, short: &str) -> Result<()> {
    let s = bx.result_scalar(op, 0)?;
    if !s.is_float() {
        return Err(bx.op_err(op, "expects floating-point operands"));
    }
    let a = bx.operand(op, 0)?;
    let b = bx.operand(op, 1)?;
    let kind = match short {
        "addf" => FloatBinOp::Add,
        "subf" => FloatBinOp::Sub,
        "mulf" => FloatBinOp::Mul,
        "divf" => FloatBinOp::Div,
        "remf" => FloatBinOp::Rem,
        "maximumf" => FloatBinOp::Maximum,
        "minimumf" => FloatBinOp::Minimum,
        _ => {
            // maxnum/minnum: the other operand when one is NaN, otherwise maximum/minimum (so
            // signed zeros are ordered).
            let k = if short == "maxnumf" { FloatBinOp::Maximum } else { FloatBinOp::Minimum };
            let m = bx.float_binary(k, s, a, b)?;
            let a_nan = bx.fcmp(FloatPredicate::Uno, s, a, a)?;
            let b_nan = bx.fcmp(FloatPredicate::Uno, s, b, b)?;
            let t = bx.select(b_nan, a, m)?;
            let r = bx.select(a_nan, b, t)?;
            return bx.define1(op, r);
        }
    };
    let r = bx.float_binary(kind, s, a, b)?;
    bx.define1(op, r)
}

fn predicate<'a, B: BuilderMethods<'a>>(bx: &B, op: OpId) -> Result<i64> {
    let ctx = bx.ctx();
    let attr = ctx.attr(op, "predicate").ok_or_else(|| bx.op_err(op, "requires attribute 'predicate'"))?;
    match ctx.attr_kind(attr) {
        AttrKind::Integer { value, .. } => Ok(*value as i64),
        _ => Err(bx.op_err(op, "has a 'predicate' attribute that is not an integer")),
    }
}

fn cmpi<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId) -> Result<()> {
    let s = bx.operand_scalar(op, 0)?;
    if s.int_width().is_none() {
        return Err(bx.op_err(op, "expects integer or index operands"));
    }
    let a = bx.operand(op, 0)?;
    let b = bx.operand(op, 1)?;
    let pred = predicate(bx, op)?;
    let Some(&cc) = usize::try_from(pred).ok().and_then(|p| IntPredicate::ALL.get(p)) else {
        return Err(bx.op_err(op, format!("has unknown predicate {pred}")));
    };
    let r = bx.icmp(cc, s, a, b)?;
    bx.define1(op, r)
}

fn cmpf<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId) -> Result<()> {
    let s = bx.operand_scalar(op, 0)?;
    if !s.is_float() {
        return Err(bx.op_err(op, "expects floating-point operands"));
    }
    let a = bx.operand(op, 0)?;
    let b = bx.operand(op, 1)?;
    let pred = predicate(bx, op)?;
    let Some(&cc) = usize::try_from(pred).ok().and_then(|p| FloatPredicate::ALL.get(p)) else {
        return Err(bx.op_err(op, format!("has unknown predicate {pred}")));
    };
    let r = bx.fcmp(cc, s, a, b)?;
    bx.define1(op, r)
}

fn select<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId) -> Result<()> {
    let c = bx.operand(op, 0)?;
    let t = bx.operand_parts(op, 1)?;
    let f = bx.operand_parts(op, 2)?;
    if t.len() != f.len() {
        return Err(bx.op_err(op, "requires both branches to have the same type"));
    }
    let r = t.iter().zip(&f).map(|(&x, &y)| bx.select(c, x, y)).collect::<Result<_>>()?;
    bx.define(op, 0, r)
}

fn int_cast<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId, short: &str) -> Result<()> {
    let src = bx.operand_scalar(op, 0)?;
    let dst = bx.result_scalar(op, 0)?;
    let (Some(sw), Some(dw)) = (src.int_width(), dst.int_width()) else {
        return Err(bx.op_err(op, "expects integer or index types"));
    };
    let a = bx.operand(op, 0)?;
    let r = if sw == dw { a } else { bx.int_cast(matches!(short, "extsi" | "index_cast"), src, dst, a)? };
    bx.define1(op, r)
}
