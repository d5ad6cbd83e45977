//! `arith` ops. Integer semantics follow upstream's LLVM lowering (two's complement, wrapping).
//! Where upstream has poison or UB we compute the Cranelift backend's defined result
//! (ARCHITECTURE.md), and LLVM never sees the undefined case:
//! - division by zero: `div*` give -1, `rem*` give the dividend; `INT_MIN divsi -1` wraps and
//!   its remainder is 0 (the divisor is replaced by 1 under a select before dividing);
//! - a shift amount >= the width: `shli`/`shrui` give 0, `shrsi` the sign fill (the amount
//!   is masked first, so the shift itself is always defined);
//! - `fptosi`/`fptoui` saturate and NaN gives 0 (`llvm.fpto[su]i.sat`).

use super::{Translator, V};
use crate::error::Result;
use flowgate_codegen::abi::Scalar;
use flowgate_ir::{AttrKind, OpId};
use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicValue, IntValue};
use inkwell::{FloatPredicate, IntPredicate};

impl<'c> Translator<'_, 'c> {
    /// Returns false for an `arith` op this backend does not know.
    pub(super) fn arith(&mut self, op: OpId) -> Result<bool> {
        let name = self.ctx.op_name(op);
        let Some(short) = name.strip_prefix("arith.") else { return Ok(false) };
        match short {
            "constant" => self.constant(op)?,
            "addi" | "subi" | "muli" | "andi" | "ori" | "xori" => {
                let (a, b, _) = self.bin_int(op)?;
                let r = match short {
                    "addi" => self.b.build_int_add(a, b, "")?,
                    "subi" => self.b.build_int_sub(a, b, "")?,
                    "muli" => self.b.build_int_mul(a, b, "")?,
                    "andi" => self.b.build_and(a, b, "")?,
                    "ori" => self.b.build_or(a, b, "")?,
                    _ => self.b.build_xor(a, b, "")?,
                };
                self.define1(op, r)?;
            }
            "divsi" | "remsi" | "divui" | "remui" | "ceildivsi" | "ceildivui" | "floordivsi" => {
                self.division(op, short)?
            }
            "shli" | "shrsi" | "shrui" => self.shift(op, short)?,
            "maxsi" | "minsi" | "maxui" | "minui" => {
                let (a, b, s) = self.bin_int(op)?;
                let name = match short {
                    "maxsi" => "llvm.smax",
                    "minsi" => "llvm.smin",
                    "maxui" => "llvm.umax",
                    _ => "llvm.umin",
                };
                let r = self.intrinsic(name, &[self.ty(s)], &[a.into(), b.into()])?;
                self.define1(op, r)?;
            }
            "addf" | "subf" | "mulf" | "divf" | "maximumf" | "minimumf" | "maxnumf" | "minnumf" | "remf" => {
                self.float_binary(op, short)?
            }
            "negf" => {
                if !self.result_scalar(op, 0)?.is_float() {
                    return Err(self.op_err(op, "expects a floating-point operand"));
                }
                let a = self.float_operand(op, 0)?;
                let r = self.b.build_float_neg(a, "")?;
                self.define1(op, r)?;
            }
            "cmpi" => self.cmpi(op)?,
            "cmpf" => self.cmpf(op)?,
            "select" => self.select(op)?,
            "extsi" | "extui" | "trunci" | "index_cast" | "index_castui" => self.int_cast(op, short)?,
            "sitofp" | "uitofp" => {
                let src = self.operand_scalar(op, 0)?;
                let dst = self.result_scalar(op, 0)?;
                if !dst.is_float() || src.int_width().is_none() {
                    return Err(self.op_err(op, "expects an integer operand and a floating-point result"));
                }
                let a = self.int_operand(op, 0)?;
                let BasicTypeEnum::FloatType(ft) = self.ty(dst) else { return Err(self.ice("float type")) };
                let r = if short == "sitofp" {
                    self.b.build_signed_int_to_float(a, ft, "")?
                } else {
                    self.b.build_unsigned_int_to_float(a, ft, "")?
                };
                self.define1(op, r)?;
            }
            "fptosi" | "fptoui" => self.fp_to_int(op, short == "fptosi")?,
            "extf" | "truncf" => {
                let src = self.operand_scalar(op, 0)?;
                let dst = self.result_scalar(op, 0)?;
                let a = self.float_operand(op, 0)?;
                let r = match (src, dst) {
                    (x, y) if x == y => a,
                    (Scalar::F32, Scalar::F64) => self.b.build_float_ext(a, self.llc.f64_type(), "")?,
                    (Scalar::F64, Scalar::F32) => self.b.build_float_trunc(a, self.llc.f32_type(), "")?,
                    _ => return Err(self.unsupported(op)),
                };
                self.define1(op, r)?;
            }
            "bitcast" => {
                let src = self.operand_scalar(op, 0)?;
                let dst = self.result_scalar(op, 0)?;
                let a = self.operand(op, 0)?;
                let r = if src == dst {
                    a
                } else if src.size() == dst.size() && src != Scalar::Ptr && dst != Scalar::Ptr {
                    self.b.build_bit_cast(a, self.ty(dst), "")?
                } else {
                    return Err(self.op_err(op, "operand and result must have the same bit width"));
                };
                self.define1(op, r)?;
            }
            "addui_extended" => {
                let (a, b, _) = self.bin_int(op)?;
                let sum = self.b.build_int_add(a, b, "")?;
                let carry = self.b.build_int_compare(IntPredicate::ULT, sum, a, "")?;
                self.define(op, 0, vec![sum.into()])?;
                self.define(op, 1, vec![carry.into()])?;
            }
            "mulsi_extended" | "mului_extended" => {
                let (a, b, s) = self.bin_int(op)?;
                let Some(w) = s.int_width().filter(|&w| w > 1) else { return Err(self.unsupported(op)) };
                let wide = crate::abi::int_type(self.llc, 2 * w);
                let ext = |x: IntValue<'c>| -> Result<IntValue<'c>> {
                    Ok(if short == "mulsi_extended" {
                        self.b.build_int_s_extend(x, wide, "")?
                    } else {
                        self.b.build_int_z_extend(x, wide, "")?
                    })
                };
                let p = self.b.build_int_mul(ext(a)?, ext(b)?, "")?;
                let t = a.get_type();
                let lo = self.b.build_int_truncate(p, t, "")?;
                let sh = self.b.build_right_shift(p, wide.const_int(w as u64, false), false, "")?;
                let hi = self.b.build_int_truncate(sh, t, "")?;
                self.define(op, 0, vec![lo.into()])?;
                self.define(op, 1, vec![hi.into()])?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn bin_int(&self, op: OpId) -> Result<(IntValue<'c>, IntValue<'c>, Scalar)> {
        let s = self.result_scalar(op, 0)?;
        if s.int_width().is_none() {
            return Err(self.op_err(op, "expects integer or index operands"));
        }
        Ok((self.int_operand(op, 0)?, self.int_operand(op, 1)?, s))
    }

    fn constant(&mut self, op: OpId) -> Result<()> {
        let Some(attr) = self.ctx.attr(op, "value") else {
            return Err(self.op_err(op, "requires attribute 'value'"));
        };
        let s = self.result_scalar(op, 0)?;
        let v: V<'c> = match (self.ctx.attr_kind(attr), s) {
            (AttrKind::Integer { value, .. }, s) if s.int_width().is_some() => {
                let w = s.int_width().unwrap_or(64);
                let bits = *value as u64;
                let bits = if w >= 64 { bits } else { bits & ((1u64 << w) - 1) };
                crate::abi::int_type(self.llc, w).const_int(bits, false).into()
            }
            (AttrKind::Float { bits, .. }, Scalar::F32) => {
                self.llc.f32_type().const_float(f64::from_bits(*bits) as f32 as f64).into()
            }
            (AttrKind::Float { bits, .. }, Scalar::F64) => {
                self.llc.f64_type().const_float(f64::from_bits(*bits)).into()
            }
            _ => return Err(self.op_err(op, "has a constant the LLVM code generator does not support")),
        };
        self.define1(op, v)
    }

    fn division(&mut self, op: OpId, short: &str) -> Result<()> {
        let (a, b, s) = self.bin_int(op)?;
        let signed = matches!(short, "divsi" | "remsi" | "ceildivsi" | "floordivsi");
        // `i1` is widened to `i8` (0/-1 signed, 0/1 unsigned): in `i1` every non-zero divisor
        // is -1 and `-1 / -1` overflows. The result is truncated back.
        let (a, b) = if s == Scalar::Int(1) {
            let t = self.llc.i8_type();
            if signed {
                (self.b.build_int_s_extend(a, t, "")?, self.b.build_int_s_extend(b, t, "")?)
            } else {
                (self.b.build_int_z_extend(a, t, "")?, self.b.build_int_z_extend(b, t, "")?)
            }
        } else {
            (a, b)
        };
        let ty = a.get_type();
        let zero = self.b.build_int_compare(IntPredicate::EQ, b, ty.const_zero(), "")?;
        let one = ty.const_int(1, false);
        let all_ones = ty.const_all_ones();
        let bad = if signed {
            let w = ty.get_bit_width();
            let min = ty.const_int(1u64 << (w - 1), false);
            let a_min = self.b.build_int_compare(IntPredicate::EQ, a, min, "")?;
            let b_neg1 = self.b.build_int_compare(IntPredicate::EQ, b, all_ones, "")?;
            let ovf = self.b.build_and(a_min, b_neg1, "")?;
            self.b.build_or(zero, ovf, "")?
        } else {
            zero
        };
        let safe_b = self.b.build_select(bad, one, b, "")?.into_int_value();
        let (q, r) = if signed {
            (self.b.build_int_signed_div(a, safe_b, "")?, self.b.build_int_signed_rem(a, safe_b, "")?)
        } else {
            (self.b.build_int_unsigned_div(a, safe_b, "")?, self.b.build_int_unsigned_rem(a, safe_b, "")?)
        };
        let q = self.b.build_select(zero, all_ones, q, "")?.into_int_value();
        let r = self.b.build_select(zero, a, r, "")?.into_int_value();
        let res = match short {
            "divsi" | "divui" => q,
            "remsi" | "remui" => r,
            _ => {
                // Round the truncated quotient towards +inf (ceil) or -inf (floor) when the
                // division is inexact: the remainder takes the dividend's sign.
                let inexact = self.b.build_int_compare(IntPredicate::NE, r, ty.const_zero(), "")?;
                let adjust = match short {
                    "ceildivui" => inexact,
                    _ => {
                        let x = self.b.build_xor(r, b, "")?;
                        let cc = if short == "ceildivsi" { IntPredicate::SGE } else { IntPredicate::SLT };
                        let same = self.b.build_int_compare(cc, x, ty.const_zero(), "")?;
                        self.b.build_and(inexact, same, "")?
                    }
                };
                let adj = self.b.build_int_z_extend(adjust, ty, "")?;
                if short == "floordivsi" {
                    self.b.build_int_sub(q, adj, "")?
                } else {
                    self.b.build_int_add(q, adj, "")?
                }
            }
        };
        let res = if s == Scalar::Int(1) { self.b.build_int_truncate(res, self.llc.bool_type(), "")? } else { res };
        self.define1(op, res)
    }

    fn shift(&mut self, op: OpId, short: &str) -> Result<()> {
        let (a, b, s) = self.bin_int(op)?;
        let ty = a.get_type();
        let width = s.int_width().unwrap_or(64) as u64;
        let too_far = self.b.build_int_compare(IntPredicate::UGE, b, ty.const_int(width, false), "")?;
        let amount = self.b.build_and(b, ty.const_int(width - 1, false), "")?;
        let r = match short {
            "shli" | "shrui" => {
                let sh = if short == "shli" {
                    self.b.build_left_shift(a, amount, "")?
                } else {
                    self.b.build_right_shift(a, amount, false, "")?
                };
                self.b.build_select(too_far, ty.const_zero(), sh, "")?
            }
            _ => {
                let sh = self.b.build_right_shift(a, amount, true, "")?;
                let fill = self.b.build_right_shift(a, ty.const_int(width - 1, false), true, "")?;
                self.b.build_select(too_far, fill, sh, "")?
            }
        };
        self.define1(op, r)
    }

    fn float_binary(&mut self, op: OpId, short: &str) -> Result<()> {
        let s = self.result_scalar(op, 0)?;
        if !s.is_float() {
            return Err(self.op_err(op, "expects floating-point operands"));
        }
        let a = self.float_operand(op, 0)?;
        let b = self.float_operand(op, 1)?;
        let t = self.ty(s);
        let r: V<'c> = match short {
            "addf" => self.b.build_float_add(a, b, "")?.into(),
            "subf" => self.b.build_float_sub(a, b, "")?.into(),
            "mulf" => self.b.build_float_mul(a, b, "")?.into(),
            "divf" => self.b.build_float_div(a, b, "")?.into(),
            "remf" => self.b.build_float_rem(a, b, "")?.into(),
            // IEEE maximum/minimum: NaN propagates, -0 orders below +0.
            "maximumf" => self.intrinsic("llvm.maximum", &[t], &[a.into(), b.into()])?,
            "minimumf" => self.intrinsic("llvm.minimum", &[t], &[a.into(), b.into()])?,
            _ => {
                // maxnum/minnum as the Cranelift backend computes them (the other operand
                // when one is NaN, otherwise maximum/minimum, so signed zeros are ordered).
                let m = if short == "maxnumf" { "llvm.maximum" } else { "llvm.minimum" };
                let m = self.intrinsic(m, &[t], &[a.into(), b.into()])?;
                let a_nan = self.b.build_float_compare(FloatPredicate::UNO, a, a, "")?;
                let b_nan = self.b.build_float_compare(FloatPredicate::UNO, b, b, "")?;
                let x = self.b.build_select(b_nan, a.as_basic_value_enum(), m, "")?;
                self.b.build_select(a_nan, b.as_basic_value_enum(), x, "")?
            }
        };
        self.define1(op, r)
    }

    fn predicate(&self, op: OpId) -> Result<i64> {
        let attr = self.ctx.attr(op, "predicate").ok_or_else(|| self.op_err(op, "requires attribute 'predicate'"))?;
        match self.ctx.attr_kind(attr) {
            AttrKind::Integer { value, .. } => Ok(*value as i64),
            _ => Err(self.op_err(op, "has a 'predicate' attribute that is not an integer")),
        }
    }

    fn cmpi(&mut self, op: OpId) -> Result<()> {
        let s = self.operand_scalar(op, 0)?;
        if s.int_width().is_none() {
            return Err(self.op_err(op, "expects integer or index operands"));
        }
        let a = self.int_operand(op, 0)?;
        let b = self.int_operand(op, 1)?;
        let pred = self.predicate(op)?;
        let cc = match pred {
            0 => IntPredicate::EQ,
            1 => IntPredicate::NE,
            2 => IntPredicate::SLT,
            3 => IntPredicate::SLE,
            4 => IntPredicate::SGT,
            5 => IntPredicate::SGE,
            6 => IntPredicate::ULT,
            7 => IntPredicate::ULE,
            8 => IntPredicate::UGT,
            9 => IntPredicate::UGE,
            _ => return Err(self.op_err(op, format!("has unknown predicate {pred}"))),
        };
        let r = self.b.build_int_compare(cc, a, b, "")?;
        self.define1(op, r)
    }

    fn cmpf(&mut self, op: OpId) -> Result<()> {
        if !self.operand_scalar(op, 0)?.is_float() {
            return Err(self.op_err(op, "expects floating-point operands"));
        }
        let a = self.float_operand(op, 0)?;
        let b = self.float_operand(op, 1)?;
        let pred = self.predicate(op)?;
        let cc = match pred {
            0 => FloatPredicate::PredicateFalse,
            1 => FloatPredicate::OEQ,
            2 => FloatPredicate::OGT,
            3 => FloatPredicate::OGE,
            4 => FloatPredicate::OLT,
            5 => FloatPredicate::OLE,
            6 => FloatPredicate::ONE,
            7 => FloatPredicate::ORD,
            8 => FloatPredicate::UEQ,
            9 => FloatPredicate::UGT,
            10 => FloatPredicate::UGE,
            11 => FloatPredicate::ULT,
            12 => FloatPredicate::ULE,
            13 => FloatPredicate::UNE,
            14 => FloatPredicate::UNO,
            15 => FloatPredicate::PredicateTrue,
            _ => return Err(self.op_err(op, format!("has unknown predicate {pred}"))),
        };
        let r = self.b.build_float_compare(cc, a, b, "")?;
        self.define1(op, r)
    }

    fn select(&mut self, op: OpId) -> Result<()> {
        let c = self.int_operand(op, 0)?;
        let t = self.operand_parts(op, 1)?;
        let f = self.operand_parts(op, 2)?;
        if t.len() != f.len() {
            return Err(self.op_err(op, "requires both branches to have the same type"));
        }
        let r =
            t.iter().zip(&f).map(|(&x, &y)| self.b.build_select(c, x, y, "")).collect::<std::result::Result<_, _>>()?;
        self.define(op, 0, r)
    }

    fn int_cast(&mut self, op: OpId, short: &str) -> Result<()> {
        let src = self.operand_scalar(op, 0)?;
        let dst = self.result_scalar(op, 0)?;
        let (Some(sw), Some(dw)) = (src.int_width(), dst.int_width()) else {
            return Err(self.op_err(op, "expects integer or index types"));
        };
        let a = self.int_operand(op, 0)?;
        let dt = crate::abi::int_type(self.llc, dw);
        let signed = matches!(short, "extsi" | "index_cast");
        let r = if dw > sw {
            if signed {
                self.b.build_int_s_extend(a, dt, "")?
            } else {
                self.b.build_int_z_extend(a, dt, "")?
            }
        } else if dw < sw {
            self.b.build_int_truncate(a, dt, "")?
        } else {
            a
        };
        self.define1(op, r)
    }

    fn fp_to_int(&mut self, op: OpId, signed: bool) -> Result<()> {
        let dst = self.result_scalar(op, 0)?;
        let src = self.operand_scalar(op, 0)?;
        if dst.int_width().is_none() {
            return Err(self.op_err(op, "expects an integer result"));
        }
        if !src.is_float() {
            return Err(self.op_err(op, "expects a floating-point operand"));
        }
        let a = self.operand(op, 0)?;
        let name = if signed { "llvm.fptosi.sat" } else { "llvm.fptoui.sat" };
        let r = self.intrinsic(name, &[self.ty(dst), self.ty(src)], &[a])?;
        self.define1(op, r)
    }
}
