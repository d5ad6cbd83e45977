//! `arith` ops. Integer semantics follow upstream's LLVM lowering (two's complement, wrapping).
//! Where upstream leaves a result undefined (poison or UB) we pick a defined one, because a
//! Cranelift trap would kill the process:
//! - division by zero: `divsi`/`divui` give -1 (all ones), `remsi`/`remui` give the dividend
//!   (RISC-V's rule); `INT_MIN divsi -1` wraps to `INT_MIN` and its remainder is 0;
//! - a shift amount >= the width (unsigned): `shli`/`shrui` give 0 and `shrsi` gives the sign
//!   fill (as if shifting one bit at a time);
//! - `fptosi`/`fptoui` out of range saturate to the target's bounds and NaN gives 0
//!   (Cranelift's `fcvt_to_*_sat`).

use super::Translator;
use crate::abi::{Scalar, ScalarExt};
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{self, types, InstBuilder, MemFlagsData};
use cranelift_module::Module;
use flowgate_codegen::Result;
use flowgate_ir::{AttrKind, OpId};

impl<M: Module> Translator<'_, '_, M> {
    /// Returns false for an `arith` op this backend does not know.
    pub(super) fn arith(&mut self, op: OpId) -> Result<bool> {
        let name = self.ctx.op_name(op);
        let Some(short) = name.strip_prefix("arith.") else { return Ok(false) };
        match short {
            "constant" => self.constant(op)?,
            "addi" | "subi" | "muli" | "andi" | "ori" | "xori" => {
                let (a, b, s) = self.bin_int(op)?;
                let r = match short {
                    "addi" => self.b.ins().iadd(a, b),
                    "subi" => self.b.ins().isub(a, b),
                    "muli" => self.b.ins().imul(a, b),
                    "andi" => self.b.ins().band(a, b),
                    "ori" => self.b.ins().bor(a, b),
                    _ => self.b.ins().bxor(a, b),
                };
                let r = self.norm(r, s);
                self.define1(op, r)?;
            }
            "divsi" | "remsi" | "divui" | "remui" | "ceildivsi" | "ceildivui" | "floordivsi" => {
                self.division(op, short)?
            }
            "shli" | "shrsi" | "shrui" => self.shift(op, short)?,
            "maxsi" | "minsi" | "maxui" | "minui" => {
                let (a, b, s) = self.bin_int(op)?;
                let r = match short {
                    "maxsi" | "minsi" => {
                        let (a, b) = (self.sx(a, s), self.sx(b, s));
                        if short == "maxsi" {
                            self.b.ins().smax(a, b)
                        } else {
                            self.b.ins().smin(a, b)
                        }
                    }
                    "maxui" => self.b.ins().umax(a, b),
                    _ => self.b.ins().umin(a, b),
                };
                let r = self.norm(r, s);
                self.define1(op, r)?;
            }
            "addf" | "subf" | "mulf" | "divf" | "maximumf" | "minimumf" | "maxnumf" | "minnumf" | "remf" => {
                self.float_binary(op, short)?
            }
            "negf" => {
                if !self.result_scalar(op, 0)?.is_float() {
                    return Err(self.op_err(op, "expects a floating-point operand"));
                }
                let a = self.operand(op, 0)?;
                let r = self.b.ins().fneg(a);
                self.define1(op, r)?;
            }
            "cmpi" => self.cmpi(op)?,
            "cmpf" => self.cmpf(op)?,
            "select" => self.select(op)?,
            "extsi" | "extui" | "trunci" | "index_cast" | "index_castui" => self.int_cast(op, short)?,
            "sitofp" | "uitofp" => {
                let src = self.operand_scalar(op, 0)?;
                let dst = self.result_scalar(op, 0)?;
                let a = self.operand(op, 0)?;
                if !dst.is_float() || src.int_width().is_none() {
                    return Err(self.op_err(op, "expects an integer operand and a floating-point result"));
                }
                let signed = short == "sitofp";
                let a = if signed { self.sx(a, src) } else { a };
                // Widen narrow sources so every backend has a conversion for them.
                let a = if src.cl_type().bits() < 32 {
                    if signed {
                        self.b.ins().sextend(types::I32, a)
                    } else {
                        self.b.ins().uextend(types::I32, a)
                    }
                } else {
                    a
                };
                let r = if signed {
                    self.b.ins().fcvt_from_sint(dst.cl_type(), a)
                } else {
                    self.b.ins().fcvt_from_uint(dst.cl_type(), a)
                };
                self.define1(op, r)?;
            }
            "fptosi" | "fptoui" => self.fp_to_int(op, short == "fptosi")?,
            "extf" | "truncf" => {
                let src = self.operand_scalar(op, 0)?;
                let dst = self.result_scalar(op, 0)?;
                let a = self.operand(op, 0)?;
                let r = match (src, dst) {
                    (x, y) if x == y => a,
                    (Scalar::F32, Scalar::F64) => self.b.ins().fpromote(types::F64, a),
                    (Scalar::F64, Scalar::F32) => self.b.ins().fdemote(types::F32, a),
                    _ => return Err(self.unsupported(op)),
                };
                self.define1(op, r)?;
            }
            "bitcast" => {
                let src = self.operand_scalar(op, 0)?;
                let dst = self.result_scalar(op, 0)?;
                let a = self.operand(op, 0)?;
                let r = if src.cl_type() == dst.cl_type() {
                    a
                } else if src.size() == dst.size() {
                    self.b.ins().bitcast(dst.cl_type(), MemFlagsData::new(), a)
                } else {
                    return Err(self.op_err(op, "operand and result must have the same bit width"));
                };
                self.define1(op, r)?;
            }
            "addui_extended" => {
                let (a, b, s) = self.bin_int(op)?;
                let sum = self.b.ins().iadd(a, b);
                let sum = self.norm(sum, s);
                let carry = self.b.ins().icmp(IntCC::UnsignedLessThan, sum, a);
                self.define(op, 0, vec![sum])?;
                self.define(op, 1, vec![carry])?;
            }
            "mulsi_extended" | "mului_extended" => {
                let (a, b, s) = self.bin_int(op)?;
                if s == Scalar::Int(1) {
                    return Err(self.unsupported(op));
                }
                let lo = self.b.ins().imul(a, b);
                let hi = if short == "mulsi_extended" { self.b.ins().smulhi(a, b) } else { self.b.ins().umulhi(a, b) };
                self.define(op, 0, vec![lo])?;
                self.define(op, 1, vec![hi])?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Both operands of a same-typed integer op and their scalar type.
    fn bin_int(&mut self, op: OpId) -> Result<(ir::Value, ir::Value, Scalar)> {
        let s = self.result_scalar(op, 0)?;
        if s.int_width().is_none() {
            return Err(self.op_err(op, "expects integer or index operands"));
        }
        Ok((self.operand(op, 0)?, self.operand(op, 1)?, s))
    }

    /// Keep an `i1` in its 0/1 representation after arithmetic.
    pub(super) fn norm(&mut self, v: ir::Value, s: Scalar) -> ir::Value {
        if s == Scalar::Int(1) {
            self.b.ins().band_imm_s(v, 1)
        } else {
            v
        }
    }

    /// The signed reading of a value: an `i1` holding 1 is -1.
    pub(super) fn sx(&mut self, v: ir::Value, s: Scalar) -> ir::Value {
        if s == Scalar::Int(1) {
            self.b.ins().ineg(v)
        } else {
            v
        }
    }

    fn constant(&mut self, op: OpId) -> Result<()> {
        let Some(attr) = self.ctx.attr(op, "value") else {
            return Err(self.op_err(op, "requires attribute 'value'"));
        };
        let s = self.result_scalar(op, 0)?;
        let v = match (self.ctx.attr_kind(attr), s) {
            (AttrKind::Integer { value, .. }, s) if s.int_width().is_some() => {
                let w = s.int_width().unwrap_or(64);
                let bits = if w >= 64 { *value as i64 } else { (*value as i64) & ((1i64 << w) - 1) };
                let bits = if w == 1 { bits & 1 } else { bits };
                self.iconst(s.cl_type(), bits)
            }
            (AttrKind::Float { bits, .. }, Scalar::F32) => self.b.ins().f32const(f64::from_bits(*bits) as f32),
            (AttrKind::Float { bits, .. }, Scalar::F64) => self.b.ins().f64const(f64::from_bits(*bits)),
            _ => return Err(self.op_err(op, "has a constant the Cranelift code generator does not support")),
        };
        self.define1(op, v)
    }

    fn division(&mut self, op: OpId, short: &str) -> Result<()> {
        let (a, b, s) = self.bin_int(op)?;
        let ty = s.cl_type();
        let signed = matches!(short, "divsi" | "remsi" | "ceildivsi" | "floordivsi");
        let (a, b) = if signed { (self.sx(a, s), self.sx(b, s)) } else { (a, b) };
        let zero = self.b.ins().icmp_imm_s(IntCC::Equal, b, 0);
        let one = self.iconst(ty, 1);
        let bad = if signed && s != Scalar::Int(1) {
            let min = self.iconst(ty, min_signed(ty));
            let a_min = self.b.ins().icmp(IntCC::Equal, a, min);
            let neg1 = self.iconst(ty, -1);
            let b_neg1 = self.b.ins().icmp(IntCC::Equal, b, neg1);
            let ovf = self.b.ins().band(a_min, b_neg1);
            self.b.ins().bor(zero, ovf)
        } else {
            zero
        };
        let safe_b = self.b.ins().select(bad, one, b);
        let (q, r) = if signed {
            (self.b.ins().sdiv(a, safe_b), self.b.ins().srem(a, safe_b))
        } else {
            (self.b.ins().udiv(a, safe_b), self.b.ins().urem(a, safe_b))
        };
        let all_ones = self.iconst(ty, -1);
        let q = self.b.ins().select(zero, all_ones, q);
        let r = self.b.ins().select(zero, a, r);
        let res = match short {
            "divsi" | "divui" => q,
            "remsi" | "remui" => r,
            _ => {
                // Round the truncated quotient towards +inf (ceil) or -inf (floor) when the
                // division is inexact: the remainder takes the dividend's sign.
                let inexact = self.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0);
                let adjust = match short {
                    "ceildivui" => inexact,
                    _ => {
                        let x = self.b.ins().bxor(r, b);
                        let cc =
                            if short == "ceildivsi" { IntCC::SignedGreaterThanOrEqual } else { IntCC::SignedLessThan };
                        let same = self.b.ins().icmp_imm_s(cc, x, 0);
                        self.b.ins().band(inexact, same)
                    }
                };
                let adj = self.b.ins().uextend_or_copy(ty, adjust);
                if short == "floordivsi" {
                    self.b.ins().isub(q, adj)
                } else {
                    self.b.ins().iadd(q, adj)
                }
            }
        };
        let res = self.norm(res, s);
        self.define1(op, res)
    }

    fn shift(&mut self, op: OpId, short: &str) -> Result<()> {
        let (a, b, s) = self.bin_int(op)?;
        let ty = s.cl_type();
        let width = s.int_width().unwrap_or(64) as i64;
        let too_far = self.b.ins().icmp_imm_s(IntCC::UnsignedGreaterThanOrEqual, b, width);
        let r = match short {
            "shli" | "shrui" => {
                let sh = if short == "shli" { self.b.ins().ishl(a, b) } else { self.b.ins().ushr(a, b) };
                let zero = self.iconst(ty, 0);
                self.b.ins().select(too_far, zero, sh)
            }
            _ => {
                let a = self.sx(a, s);
                let sh = self.b.ins().sshr(a, b);
                let fill = self.b.ins().sshr_imm_s(a, ty.bits() as i64 - 1);
                self.b.ins().select(too_far, fill, sh)
            }
        };
        let r = self.norm(r, s);
        self.define1(op, r)
    }

    fn float_binary(&mut self, op: OpId, short: &str) -> Result<()> {
        let s = self.result_scalar(op, 0)?;
        if !s.is_float() {
            return Err(self.op_err(op, "expects floating-point operands"));
        }
        let a = self.operand(op, 0)?;
        let b = self.operand(op, 1)?;
        let r = match short {
            "addf" => self.b.ins().fadd(a, b),
            "subf" => self.b.ins().fsub(a, b),
            "mulf" => self.b.ins().fmul(a, b),
            "divf" => self.b.ins().fdiv(a, b),
            // Cranelift's fmax/fmin propagate NaN and order -0 below +0, as IEEE's maximum does.
            "maximumf" => self.b.ins().fmax(a, b),
            "minimumf" => self.b.ins().fmin(a, b),
            "maxnumf" | "minnumf" => {
                let m = if short == "maxnumf" { self.b.ins().fmax(a, b) } else { self.b.ins().fmin(a, b) };
                let a_nan = self.b.ins().fcmp(FloatCC::Unordered, a, a);
                let b_nan = self.b.ins().fcmp(FloatCC::Unordered, b, b);
                let t = self.b.ins().select(b_nan, a, m);
                self.b.ins().select(a_nan, b, t)
            }
            _ => {
                let (f, t) = if s == Scalar::F32 { ("fmodf", types::F32) } else { ("fmod", types::F64) };
                match self.call_c(f, &[t, t], Some(t), &[a, b])? {
                    Some(r) => r,
                    None => return Err(self.ice("fmod returned nothing")),
                }
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
        let a = self.operand(op, 0)?;
        let b = self.operand(op, 1)?;
        let pred = self.predicate(op)?;
        let cc = match pred {
            0 => IntCC::Equal,
            1 => IntCC::NotEqual,
            2 => IntCC::SignedLessThan,
            3 => IntCC::SignedLessThanOrEqual,
            4 => IntCC::SignedGreaterThan,
            5 => IntCC::SignedGreaterThanOrEqual,
            6 => IntCC::UnsignedLessThan,
            7 => IntCC::UnsignedLessThanOrEqual,
            8 => IntCC::UnsignedGreaterThan,
            9 => IntCC::UnsignedGreaterThanOrEqual,
            _ => return Err(self.op_err(op, format!("has unknown predicate {pred}"))),
        };
        let (a, b) = if (2..=5).contains(&pred) { (self.sx(a, s), self.sx(b, s)) } else { (a, b) };
        let r = self.b.ins().icmp(cc, a, b);
        self.define1(op, r)
    }

    fn cmpf(&mut self, op: OpId) -> Result<()> {
        if !self.operand_scalar(op, 0)?.is_float() {
            return Err(self.op_err(op, "expects floating-point operands"));
        }
        let a = self.operand(op, 0)?;
        let b = self.operand(op, 1)?;
        let pred = self.predicate(op)?;
        let cc = match pred {
            0 | 15 => {
                let r = self.iconst(types::I8, (pred == 15) as i64);
                return self.define1(op, r);
            }
            1 => FloatCC::Equal,
            2 => FloatCC::GreaterThan,
            3 => FloatCC::GreaterThanOrEqual,
            4 => FloatCC::LessThan,
            5 => FloatCC::LessThanOrEqual,
            6 => FloatCC::OrderedNotEqual,
            7 => FloatCC::Ordered,
            8 => FloatCC::UnorderedOrEqual,
            9 => FloatCC::UnorderedOrGreaterThan,
            10 => FloatCC::UnorderedOrGreaterThanOrEqual,
            11 => FloatCC::UnorderedOrLessThan,
            12 => FloatCC::UnorderedOrLessThanOrEqual,
            13 => FloatCC::NotEqual,
            14 => FloatCC::Unordered,
            _ => return Err(self.op_err(op, format!("has unknown predicate {pred}"))),
        };
        let r = self.b.ins().fcmp(cc, a, b);
        self.define1(op, r)
    }

    fn select(&mut self, op: OpId) -> Result<()> {
        let c = self.operand(op, 0)?;
        let t = self.operand_parts(op, 1)?;
        let f = self.operand_parts(op, 2)?;
        if t.len() != f.len() {
            return Err(self.op_err(op, "requires both branches to have the same type"));
        }
        let r = t.iter().zip(&f).map(|(&x, &y)| self.b.ins().select(c, x, y)).collect();
        self.define(op, 0, r)
    }

    fn int_cast(&mut self, op: OpId, short: &str) -> Result<()> {
        let src = self.operand_scalar(op, 0)?;
        let dst = self.result_scalar(op, 0)?;
        if src.int_width().is_none() || dst.int_width().is_none() {
            return Err(self.op_err(op, "expects integer or index types"));
        }
        let a = self.operand(op, 0)?;
        let (st, dt) = (src.cl_type(), dst.cl_type());
        let signed = matches!(short, "extsi" | "index_cast");
        let a = if signed { self.sx(a, src) } else { a };
        let r = if dt.bits() > st.bits() {
            if signed {
                self.b.ins().sextend(dt, a)
            } else {
                self.b.ins().uextend(dt, a)
            }
        } else if dt.bits() < st.bits() {
            self.b.ins().ireduce(dt, a)
        } else {
            a
        };
        let r = self.norm(r, dst);
        self.define1(op, r)
    }

    fn fp_to_int(&mut self, op: OpId, signed: bool) -> Result<()> {
        let dst = self.result_scalar(op, 0)?;
        let Some(w) = dst.int_width() else { return Err(self.op_err(op, "expects an integer result")) };
        if !self.operand_scalar(op, 0)?.is_float() {
            return Err(self.op_err(op, "expects a floating-point operand"));
        }
        let a = self.operand(op, 0)?;
        let dt = dst.cl_type();
        let r = if dt.bits() >= 32 && w == dt.bits() {
            if signed {
                self.b.ins().fcvt_to_sint_sat(dt, a)
            } else {
                self.b.ins().fcvt_to_uint_sat(dt, a)
            }
        } else {
            // Saturate through i32, then clamp to the narrow type's range.
            let wide = if signed {
                self.b.ins().fcvt_to_sint_sat(types::I32, a)
            } else {
                self.b.ins().fcvt_to_uint_sat(types::I32, a)
            };
            let clamped = if signed {
                let lo = self.iconst(types::I32, -(1i64 << (w - 1)));
                let hi = self.iconst(types::I32, (1i64 << (w - 1)) - 1);
                let t = self.b.ins().smax(wide, lo);
                self.b.ins().smin(t, hi)
            } else {
                let hi = self.iconst(types::I32, (1i64 << w) - 1);
                self.b.ins().umin(wide, hi)
            };
            let r = self.b.ins().ireduce(dt, clamped);
            self.norm(r, dst)
        };
        self.define1(op, r)
    }
}

fn min_signed(ty: ir::Type) -> i64 {
    match ty.bits() {
        8 => i8::MIN as i64,
        16 => i16::MIN as i64,
        32 => i32::MIN as i64,
        _ => i64::MIN,
    }
}

/// `uextend` that accepts a value already of the target type (Cranelift's does not).
trait UextendOrCopy {
    fn uextend_or_copy(self, ty: ir::Type, v: ir::Value) -> ir::Value;
}

impl<'a, T: InstBuilder<'a>> UextendOrCopy for T {
    fn uextend_or_copy(self, ty: ir::Type, v: ir::Value) -> ir::Value {
        if ty == types::I8 {
            // Comparison results are already i8.
            self.band_imm_s(v, 1)
        } else {
            self.uextend(ty, v)
        }
    }
}
