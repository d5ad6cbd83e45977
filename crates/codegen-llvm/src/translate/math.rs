//! `math` ops: LLVM instructions and intrinsics where the Cranelift backend has an instruction,
//! the same C math library calls where it calls libm (`sinf`/`sin`, ...), so both backends
//! compute the same bits.

use super::{Translator, V};
use crate::error::Result;
use flowgate_codegen::abi::Scalar;
use flowgate_codegen::translate::BuilderMethods;
use flowgate_ir::OpId;
use inkwell::values::{FloatValue, IntValue};
use inkwell::{FloatPredicate, IntPredicate};

/// Unary math ops that are a libm call, by op name and the double-precision function.
const LIBM_UNARY: &[(&str, &str)] = &[
    ("exp", "exp"),
    ("exp2", "exp2"),
    ("expm1", "expm1"),
    ("log", "log"),
    ("log2", "log2"),
    ("log10", "log10"),
    ("log1p", "log1p"),
    ("sin", "sin"),
    ("cos", "cos"),
    ("tan", "tan"),
    ("asin", "asin"),
    ("acos", "acos"),
    ("atan", "atan"),
    ("sinh", "sinh"),
    ("cosh", "cosh"),
    ("tanh", "tanh"),
    ("asinh", "asinh"),
    ("acosh", "acosh"),
    ("atanh", "atanh"),
    ("cbrt", "cbrt"),
    ("erf", "erf"),
    ("erfc", "erfc"),
    ("round", "round"),
];

impl<'c> Translator<'_, 'c> {
    pub(super) fn math(&mut self, op: OpId) -> Result<bool> {
        let name = self.ctx.op_name(op);
        let Some(short) = name.strip_prefix("math.") else { return Ok(false) };
        let s = self.result_scalar(op, 0)?;
        let int_op = matches!(short, "absi" | "ctlz" | "cttz" | "ctpop" | "ipowi");
        let pred_op = matches!(short, "isnan" | "isinf" | "isfinite");
        let operand_ok = match self.ctx.operands(op).first() {
            Some(&v) => {
                let src = self.scalar(self.ctx.value_type(v), op)?;
                if int_op {
                    src.int_width().is_some()
                } else {
                    src.is_float()
                }
            }
            None => false,
        };
        if !operand_ok || (!int_op && !pred_op && !s.is_float()) {
            return Err(
                self.op_err(op, if int_op { "expects integer operands" } else { "expects floating-point operands" })
            );
        }
        if let Some((_, f)) = LIBM_UNARY.iter().find(|(n, _)| *n == short) {
            let a = self.operand(op, 0)?;
            let r = self.libm(op, f, s, &[a])?;
            self.define1(op, r)?;
            return Ok(true);
        }
        let t = self.ty(s);
        let r: V<'c> = match short {
            "sqrt" | "absf" | "floor" | "ceil" | "trunc" | "roundeven" => {
                let a = self.operand(op, 0)?;
                let i = match short {
                    "sqrt" => "llvm.sqrt",
                    "absf" => "llvm.fabs",
                    "floor" => "llvm.floor",
                    "ceil" => "llvm.ceil",
                    "trunc" => "llvm.trunc",
                    _ => "llvm.roundeven",
                };
                self.intrinsic(i, &[t], &[a])?
            }
            "rsqrt" => {
                let a = self.operand(op, 0)?;
                let sq = self.float(self.intrinsic("llvm.sqrt", &[t], &[a])?)?;
                let one = self.fconst(s, 1.0)?;
                self.b.build_float_div(one, sq, "")?.into()
            }
            "copysign" => {
                let (a, b) = (self.operand(op, 0)?, self.operand(op, 1)?);
                self.intrinsic("llvm.copysign", &[t], &[a, b])?
            }
            "powf" | "atan2" => {
                let (a, b) = (self.operand(op, 0)?, self.operand(op, 1)?);
                let f = if short == "powf" { "pow" } else { "atan2" };
                self.libm(op, f, s, &[a, b])?
            }
            "fpowi" => {
                let a = self.float_operand(op, 0)?;
                let n = self.int_operand(op, 1)?;
                self.fpowi(s, a, n)?.into()
            }
            "ipowi" => {
                let (b, p) = (self.int_operand(op, 0)?, self.int_operand(op, 1)?);
                self.ipowi(b, p)?.into()
            }
            "fma" => {
                let (a, b, c) = (self.operand(op, 0)?, self.operand(op, 1)?, self.operand(op, 2)?);
                self.intrinsic("llvm.fma", &[t], &[a, b, c])?
            }
            "absi" => {
                let a = self.operand(op, 0)?;
                if s == Scalar::Int(1) {
                    a
                } else {
                    // is_int_min_poison = false: abs(INT_MIN) wraps to INT_MIN.
                    let f = self.llc.bool_type().const_zero();
                    self.intrinsic("llvm.abs", &[t], &[a, f.into()])?
                }
            }
            "ctlz" | "cttz" | "ctpop" => {
                let a = self.int_operand(op, 0)?;
                if s == Scalar::Int(1) {
                    // One bit: ctpop is the bit itself, the leading/trailing zero count its negation.
                    if short == "ctpop" {
                        a.into()
                    } else {
                        self.b.build_not(a, "")?.into()
                    }
                } else if short == "ctpop" {
                    self.intrinsic("llvm.ctpop", &[t], &[a.into()])?
                } else {
                    // is_zero_poison = false: a zero input counts the full width.
                    let f = self.llc.bool_type().const_zero();
                    let i = if short == "ctlz" { "llvm.ctlz" } else { "llvm.cttz" };
                    self.intrinsic(i, &[t], &[a.into(), f.into()])?
                }
            }
            "isnan" | "isinf" | "isfinite" => {
                let a = self.float_operand(op, 0)?;
                let src = self.operand_scalar(op, 0)?;
                match short {
                    "isnan" => self.b.build_float_compare(FloatPredicate::UNO, a, a, "")?.into(),
                    _ => {
                        let abs = self.float(self.intrinsic("llvm.fabs", &[self.ty(src)], &[a.into()])?)?;
                        let inf = self.fconst(src, f64::INFINITY)?;
                        let cc = if short == "isinf" { FloatPredicate::OEQ } else { FloatPredicate::OLT };
                        self.b.build_float_compare(cc, abs, inf, "")?.into()
                    }
                }
            }
            _ => return Ok(false),
        };
        self.define1(op, r)?;
        Ok(true)
    }

    pub(super) fn fconst(&self, s: Scalar, v: f64) -> Result<FloatValue<'c>> {
        match s {
            Scalar::F32 => Ok(self.llc.f32_type().const_float(v)),
            Scalar::F64 => Ok(self.llc.f64_type().const_float(v)),
            _ => Err(self.ice("float constant of a non-float type")),
        }
    }

    /// Integer power by squaring, with upstream's `convert-math-to-funcs` semantics for
    /// negative exponents: 1 for base 1, +-1 for base -1 by parity, 0 otherwise, and base 0
    /// gives `1 / 0`, which is -1 under this backend's defined division by zero.
    fn ipowi(&mut self, base: IntValue<'c>, exp: IntValue<'c>) -> Result<IntValue<'c>> {
        let ty = base.get_type();
        let (zero, one, minus_one) = (ty.const_zero(), ty.const_int(1, false), ty.const_all_ones());
        let start = self.current()?;
        let (neg, head, body, done) = (
            self.new_block("ipowi.neg"),
            self.new_block("ipowi.head"),
            self.new_block("ipowi.body"),
            self.new_block("ipowi.done"),
        );
        let is_neg = self.b.build_int_compare(IntPredicate::SLT, exp, zero, "")?;
        self.b.build_conditional_branch(is_neg, neg, head)?;

        self.b.position_at_end(neg);
        let odd = self.b.build_and(exp, one, "")?;
        let odd = self.b.build_int_compare(IntPredicate::NE, odd, zero, "")?;
        let by_parity = self.b.build_select(odd, minus_one, one, "")?.into_int_value();
        let is_one = self.b.build_int_compare(IntPredicate::EQ, base, one, "")?;
        let r = self.b.build_select(is_one, one, zero, "")?.into_int_value();
        let is_m1 = self.b.build_int_compare(IntPredicate::EQ, base, minus_one, "")?;
        let r = self.b.build_select(is_m1, by_parity, r, "")?.into_int_value();
        let is_zero = self.b.build_int_compare(IntPredicate::EQ, base, zero, "")?;
        let r_neg = self.b.build_select(is_zero, minus_one, r, "")?.into_int_value();
        self.b.build_unconditional_branch(done)?;

        self.b.position_at_end(head);
        let acc = self.b.build_phi(ty, "acc")?;
        let b = self.b.build_phi(ty, "b")?;
        let e = self.b.build_phi(ty, "e")?;
        let finished = self.b.build_int_compare(IntPredicate::EQ, e.as_basic_value().into_int_value(), zero, "")?;
        self.b.build_conditional_branch(finished, done, body)?;

        self.b.position_at_end(body);
        let (accv, bv, ev) = (
            acc.as_basic_value().into_int_value(),
            b.as_basic_value().into_int_value(),
            e.as_basic_value().into_int_value(),
        );
        let odd = self.b.build_and(ev, one, "")?;
        let odd = self.b.build_int_compare(IntPredicate::NE, odd, zero, "")?;
        let times = self.b.build_int_mul(accv, bv, "")?;
        let acc2 = self.b.build_select(odd, times, accv, "")?.into_int_value();
        let e2 = self.b.build_right_shift(ev, one, false, "")?;
        let b2 = self.b.build_int_mul(bv, bv, "")?;
        self.b.build_unconditional_branch(head)?;
        acc.add_incoming(&[(&one, start), (&acc2, body)]);
        b.add_incoming(&[(&base, start), (&b2, body)]);
        e.add_incoming(&[(&exp, start), (&e2, body)]);

        self.b.position_at_end(done);
        let r = self.b.build_phi(ty, "ipowi")?;
        r.add_incoming(&[(&r_neg, neg), (&accv, head)]);
        Ok(r.as_basic_value().into_int_value())
    }

    /// Float to an integer power by squaring, as upstream's `convert-math-to-funcs` computes it
    /// (so results agree to the bit): multiply for |p|, then take the reciprocal for p < 0.
    fn fpowi(&mut self, s: Scalar, base: FloatValue<'c>, exp: IntValue<'c>) -> Result<FloatValue<'c>> {
        let (ft, it) = (base.get_type(), exp.get_type());
        let zero = it.const_zero();
        let negative = self.b.build_int_compare(IntPredicate::SLT, exp, zero, "")?;
        let f = self.llc.bool_type().const_zero();
        let magnitude = self.intrinsic("llvm.abs", &[it.into()], &[exp.into(), f.into()])?.into_int_value();
        let start = self.current()?;
        let (head, body, done) =
            (self.new_block("fpowi.head"), self.new_block("fpowi.body"), self.new_block("fpowi.done"));
        self.b.build_unconditional_branch(head)?;
        self.b.position_at_end(head);
        let acc = self.b.build_phi(ft, "acc")?;
        let b = self.b.build_phi(ft, "b")?;
        let e = self.b.build_phi(it, "e")?;
        let ev = e.as_basic_value().into_int_value();
        let finished = self.b.build_int_compare(IntPredicate::EQ, ev, zero, "")?;
        self.b.build_conditional_branch(finished, done, body)?;

        self.b.position_at_end(body);
        let (accv, bv) = (acc.as_basic_value().into_float_value(), b.as_basic_value().into_float_value());
        let one_i = it.const_int(1, false);
        let odd = self.b.build_and(ev, one_i, "")?;
        let odd = self.b.build_int_compare(IntPredicate::NE, odd, zero, "")?;
        let times = self.b.build_float_mul(accv, bv, "")?;
        let acc2 = self.b.build_select(odd, times, accv, "")?.into_float_value();
        let e2 = self.b.build_right_shift(ev, one_i, false, "")?;
        let b2 = self.b.build_float_mul(bv, bv, "")?;
        self.b.build_unconditional_branch(head)?;
        let one = self.fconst(s, 1.0)?;
        acc.add_incoming(&[(&one, start), (&acc2, body)]);
        b.add_incoming(&[(&base, start), (&b2, body)]);
        e.add_incoming(&[(&magnitude, start), (&e2, body)]);

        self.b.position_at_end(done);
        let recip = self.b.build_float_div(one, accv, "")?;
        Ok(self.b.build_select(negative, recip, accv, "")?.into_float_value())
    }

    /// Call the libm function `f` (double precision name) at the precision of `s`.
    fn libm(&self, op: OpId, f: &str, s: Scalar, args: &[V<'c>]) -> Result<V<'c>> {
        let name = match s {
            Scalar::F32 => format!("{f}f"),
            Scalar::F64 => f.to_string(),
            _ => return Err(self.op_err(op, "expects floating-point operands")),
        };
        self.call_libm(&name, self.ty(s), args)
    }
}
