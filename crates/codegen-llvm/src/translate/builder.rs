//! [`BuilderMethods`] in LLVM terms: the generic translation (`flowgate_codegen::translate`)
//! composes these. Nothing here may produce poison: shift amounts are masked to the width, and
//! the generic translation keeps divisions defined.

use super::{Translator, V};
use crate::abi::{int_type, part_types};
use crate::error::Error;
use flowgate_codegen::abi::{Kind, Scalar};
use flowgate_codegen::translate::{BuilderMethods, FloatBinOp, FloatPredicate, IntBinOp, IntPredicate, ValueMap};
use flowgate_codegen::Result;
use flowgate_ir::Context;
use inkwell::types::BasicTypeEnum;
use inkwell::values::BasicValue;

/// An inkwell builder result as the generic translation's.
fn ok<T>(r: std::result::Result<T, inkwell::builder::BuilderError>) -> Result<T> {
    r.map_err(|e| Error::from(e).0)
}

impl<'a, 'c> BuilderMethods<'a> for Translator<'a, 'c> {
    type Value = V<'c>;
    const NAME: &'static str = "LLVM";

    fn ctx(&self) -> &'a Context {
        self.ctx
    }

    fn func_name(&self) -> &str {
        &self.func_name
    }

    fn values(&self) -> &ValueMap<V<'c>> {
        &self.values
    }

    fn values_mut(&mut self) -> &mut ValueMap<V<'c>> {
        &mut self.values
    }

    fn same_representation(&self, a: Kind, b: Kind) -> bool {
        part_types(self.llc, a) == part_types(self.llc, b)
    }

    fn const_int(&mut self, s: Scalar, bits: i64) -> Result<V<'c>> {
        let w = s.int_width().ok_or_else(|| self.ice("integer constant of a non-integer type"))?;
        Ok(int_type(self.llc, w).const_int(bits as u64, false).into())
    }

    fn const_float(&mut self, s: Scalar, v: f64) -> Result<V<'c>> {
        Ok(self.fconst(s, v)?.into())
    }

    fn int_binary(&mut self, op: IntBinOp, s: Scalar, a: V<'c>, b: V<'c>) -> Result<V<'c>> {
        use IntBinOp::*;
        let (a, b) = (self.int(a)?, self.int(b)?);
        let minmax = match op {
            SMax => Some("llvm.smax"),
            SMin => Some("llvm.smin"),
            UMax => Some("llvm.umax"),
            UMin => Some("llvm.umin"),
            _ => None,
        };
        if let Some(name) = minmax {
            return Ok(self.intrinsic(name, &[self.ty(s)], &[a.into(), b.into()])?);
        }
        let bx = &self.b;
        // A shift amount is masked to the width: LLVM's shift by the width or more is poison.
        let amount = |bx: &inkwell::builder::Builder<'c>| {
            let w = s.int_width().unwrap_or(64) as u64;
            bx.build_and(b, a.get_type().const_int(w - 1, false), "")
        };
        let r = match op {
            Add => bx.build_int_add(a, b, ""),
            Sub => bx.build_int_sub(a, b, ""),
            Mul => bx.build_int_mul(a, b, ""),
            And => bx.build_and(a, b, ""),
            Or => bx.build_or(a, b, ""),
            Xor => bx.build_xor(a, b, ""),
            SDiv => bx.build_int_signed_div(a, b, ""),
            UDiv => bx.build_int_unsigned_div(a, b, ""),
            SRem => bx.build_int_signed_rem(a, b, ""),
            URem => bx.build_int_unsigned_rem(a, b, ""),
            Shl => bx.build_left_shift(a, ok(amount(bx))?, ""),
            LShr => bx.build_right_shift(a, ok(amount(bx))?, false, ""),
            AShr => bx.build_right_shift(a, ok(amount(bx))?, true, ""),
            SMax | SMin | UMax | UMin => return Err(BuilderMethods::ice(self, "min/max handled above")),
        };
        Ok(ok(r)?.into())
    }

    fn icmp(&mut self, p: IntPredicate, _s: Scalar, a: V<'c>, b: V<'c>) -> Result<V<'c>> {
        use inkwell::IntPredicate as P;
        let cc = match p {
            IntPredicate::Eq => P::EQ,
            IntPredicate::Ne => P::NE,
            IntPredicate::Slt => P::SLT,
            IntPredicate::Sle => P::SLE,
            IntPredicate::Sgt => P::SGT,
            IntPredicate::Sge => P::SGE,
            IntPredicate::Ult => P::ULT,
            IntPredicate::Ule => P::ULE,
            IntPredicate::Ugt => P::UGT,
            IntPredicate::Uge => P::UGE,
        };
        Ok(ok(self.b.build_int_compare(cc, self.int(a)?, self.int(b)?, ""))?.into())
    }

    fn float_binary(&mut self, op: FloatBinOp, s: Scalar, a: V<'c>, b: V<'c>) -> Result<V<'c>> {
        let (x, y) = (self.float(a)?, self.float(b)?);
        let bx = &self.b;
        let r = match op {
            FloatBinOp::Add => bx.build_float_add(x, y, ""),
            FloatBinOp::Sub => bx.build_float_sub(x, y, ""),
            FloatBinOp::Mul => bx.build_float_mul(x, y, ""),
            FloatBinOp::Div => bx.build_float_div(x, y, ""),
            FloatBinOp::Rem => bx.build_float_rem(x, y, ""),
            FloatBinOp::Maximum | FloatBinOp::Minimum => {
                let name = if op == FloatBinOp::Maximum { "llvm.maximum" } else { "llvm.minimum" };
                return Ok(self.intrinsic(name, &[self.ty(s)], &[a, b])?);
            }
        };
        Ok(ok(r)?.into())
    }

    fn fneg(&mut self, _s: Scalar, a: V<'c>) -> Result<V<'c>> {
        Ok(ok(self.b.build_float_neg(self.float(a)?, ""))?.into())
    }

    fn fcmp(&mut self, p: FloatPredicate, _s: Scalar, a: V<'c>, b: V<'c>) -> Result<V<'c>> {
        use inkwell::FloatPredicate as P;
        let cc = match p {
            FloatPredicate::False => P::PredicateFalse,
            FloatPredicate::Oeq => P::OEQ,
            FloatPredicate::Ogt => P::OGT,
            FloatPredicate::Oge => P::OGE,
            FloatPredicate::Olt => P::OLT,
            FloatPredicate::Ole => P::OLE,
            FloatPredicate::One => P::ONE,
            FloatPredicate::Ord => P::ORD,
            FloatPredicate::Ueq => P::UEQ,
            FloatPredicate::Ugt => P::UGT,
            FloatPredicate::Uge => P::UGE,
            FloatPredicate::Ult => P::ULT,
            FloatPredicate::Ule => P::ULE,
            FloatPredicate::Une => P::UNE,
            FloatPredicate::Uno => P::UNO,
            FloatPredicate::True => P::PredicateTrue,
        };
        Ok(ok(self.b.build_float_compare(cc, self.float(a)?, self.float(b)?, ""))?.into())
    }

    fn select(&mut self, c: V<'c>, a: V<'c>, b: V<'c>) -> Result<V<'c>> {
        ok(self.b.build_select(self.int(c)?, a, b, ""))
    }

    fn int_cast(&mut self, signed: bool, src: Scalar, dst: Scalar, a: V<'c>) -> Result<V<'c>> {
        let (Some(sw), Some(dw)) = (src.int_width(), dst.int_width()) else {
            return Err(BuilderMethods::ice(self, "integer cast of a non-integer type"));
        };
        let (a, dt) = (self.int(a)?, int_type(self.llc, dw));
        let r = if dw > sw {
            if signed {
                self.b.build_int_s_extend(a, dt, "")
            } else {
                self.b.build_int_z_extend(a, dt, "")
            }
        } else if dw < sw {
            self.b.build_int_truncate(a, dt, "")
        } else {
            return Ok(a.into());
        };
        Ok(ok(r)?.into())
    }

    fn int_to_float(&mut self, signed: bool, _src: Scalar, dst: Scalar, a: V<'c>) -> Result<V<'c>> {
        let BasicTypeEnum::FloatType(ft) = self.ty(dst) else { return Err(BuilderMethods::ice(self, "float type")) };
        let a = self.int(a)?;
        let r = if signed {
            self.b.build_signed_int_to_float(a, ft, "")
        } else {
            self.b.build_unsigned_int_to_float(a, ft, "")
        };
        Ok(ok(r)?.into())
    }

    fn float_to_int_sat(&mut self, signed: bool, src: Scalar, dst: Scalar, a: V<'c>) -> Result<V<'c>> {
        let name = if signed { "llvm.fptosi.sat" } else { "llvm.fptoui.sat" };
        Ok(self.intrinsic(name, &[self.ty(dst), self.ty(src)], &[a])?)
    }

    fn float_cast(&mut self, _src: Scalar, dst: Scalar, a: V<'c>) -> Result<V<'c>> {
        let a = self.float(a)?;
        let r = if dst == Scalar::F64 {
            self.b.build_float_ext(a, self.llc.f64_type(), "")
        } else {
            self.b.build_float_trunc(a, self.llc.f32_type(), "")
        };
        Ok(ok(r)?.into())
    }

    fn bitcast(&mut self, src: Scalar, dst: Scalar, a: V<'c>) -> Result<Option<V<'c>>> {
        if src == Scalar::Ptr || dst == Scalar::Ptr {
            return Ok(None);
        }
        Ok(Some(ok(self.b.build_bit_cast(a, self.ty(dst), ""))?))
    }

    fn mul_extended(&mut self, signed: bool, s: Scalar, a: V<'c>, b: V<'c>) -> Result<(V<'c>, V<'c>)> {
        let w = s.int_width().unwrap_or(64);
        let (a, b) = (self.int(a)?, self.int(b)?);
        let wide = int_type(self.llc, 2 * w);
        let bx = &self.b;
        let ext = |x| if signed { bx.build_int_s_extend(x, wide, "") } else { bx.build_int_z_extend(x, wide, "") };
        let p = ok(bx.build_int_mul(ok(ext(a))?, ok(ext(b))?, ""))?;
        let t = a.get_type();
        let lo = ok(bx.build_int_truncate(p, t, ""))?;
        let sh = ok(bx.build_right_shift(p, wide.const_int(w as u64, false), false, ""))?;
        let hi = ok(bx.build_int_truncate(sh, t, ""))?;
        Ok((lo.as_basic_value_enum(), hi.as_basic_value_enum()))
    }
}
