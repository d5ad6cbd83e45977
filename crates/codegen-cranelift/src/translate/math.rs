//! `math` ops: Cranelift instructions where it has one, the C math library otherwise
//! (`sinf`/`sin`, `expf`/`exp`, ...), as upstream's LLVM lowering ends up doing.

use super::Translator;
use crate::abi::{Scalar, ScalarExt};
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{self, types, InstBuilder};
use cranelift_module::Module;
use flowgate_codegen::translate::BuilderMethods;
use flowgate_codegen::Result;
use flowgate_ir::OpId;

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

impl<M: Module> Translator<'_, '_, M> {
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
        let r = match short {
            "sqrt" => {
                let a = self.operand(op, 0)?;
                self.b.ins().sqrt(a)
            }
            "rsqrt" => {
                let a = self.operand(op, 0)?;
                let sq = self.b.ins().sqrt(a);
                let one = self.fconst(s, 1.0);
                self.b.ins().fdiv(one, sq)
            }
            "absf" => {
                let a = self.operand(op, 0)?;
                self.b.ins().fabs(a)
            }
            "floor" | "ceil" | "trunc" | "roundeven" => {
                let a = self.operand(op, 0)?;
                match short {
                    "floor" => self.b.ins().floor(a),
                    "ceil" => self.b.ins().ceil(a),
                    "trunc" => self.b.ins().trunc(a),
                    _ => self.b.ins().nearest(a),
                }
            }
            "copysign" => {
                let (a, b) = (self.operand(op, 0)?, self.operand(op, 1)?);
                self.b.ins().fcopysign(a, b)
            }
            "powf" | "atan2" => {
                let (a, b) = (self.operand(op, 0)?, self.operand(op, 1)?);
                let f = if short == "powf" { "pow" } else { "atan2" };
                self.libm(op, f, s, &[a, b])?
            }
            "fpowi" => {
                let (a, n) = (self.operand(op, 0)?, self.operand(op, 1)?);
                let ns = self.operand_scalar(op, 1)?;
                let n = self.sx(n, ns);
                self.fpowi(s, a, n)
            }
            "ipowi" => {
                let (b, p) = (self.operand(op, 0)?, self.operand(op, 1)?);
                self.ipowi(s, b, p)
            }
            "fma" => {
                let (a, b, c) = (self.operand(op, 0)?, self.operand(op, 1)?, self.operand(op, 2)?);
                self.b.ins().fma(a, b, c)
            }
            "absi" => {
                let a = self.operand(op, 0)?;
                if s == Scalar::Int(1) {
                    a
                } else {
                    self.b.ins().iabs(a)
                }
            }
            "ctlz" | "cttz" | "ctpop" => {
                let a = self.operand(op, 0)?;
                if s == Scalar::Int(1) {
                    // One bit: ctpop is the bit itself, the leading/trailing zero count its negation.
                    if short == "ctpop" {
                        a
                    } else {
                        self.b.ins().bxor_imm_s(a, 1)
                    }
                } else {
                    match short {
                        "ctlz" => self.b.ins().clz(a),
                        "cttz" => self.b.ins().ctz(a),
                        _ => self.b.ins().popcnt(a),
                    }
                }
            }
            "isnan" | "isinf" | "isfinite" => {
                let a = self.operand(op, 0)?;
                let src = self.operand_scalar(op, 0)?;
                match short {
                    "isnan" => self.b.ins().fcmp(FloatCC::Unordered, a, a),
                    _ => {
                        let abs = self.b.ins().fabs(a);
                        let inf = self.fconst(src, f64::INFINITY);
                        let cc = if short == "isinf" { FloatCC::Equal } else { FloatCC::LessThan };
                        self.b.ins().fcmp(cc, abs, inf)
                    }
                }
            }
            _ => return Ok(false),
        };
        self.define1(op, r)?;
        Ok(true)
    }

    /// Integer power by squaring, with upstream's `convert-math-to-funcs` semantics for
    /// negative exponents: 1 for base 1, +-1 for base -1 by parity, 0 otherwise, and base 0
    /// gives `1 / 0`, which is -1 under this backend's defined division by zero.
    fn ipowi(&mut self, s: Scalar, base: ir::Value, exp: ir::Value) -> ir::Value {
        let ty = s.cl_type();
        let (neg, head, body, done) =
            (self.b.create_block(), self.b.create_block(), self.b.create_block(), self.b.create_block());
        for _ in 0..3 {
            self.b.append_block_param(head, ty);
        }
        self.b.append_block_param(done, ty);
        let exp = self.sx(exp, s);
        let one = self.b.ins().iconst(ty, 1);
        let is_neg = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, exp, 0);
        self.b.ins().brif(is_neg, neg, &[], head, &[one.into(), base.into(), exp.into()]);

        self.b.switch_to_block(neg);
        let zero = self.b.ins().iconst(ty, 0);
        let one = self.b.ins().iconst(ty, 1);
        let minus_one = self.b.ins().iconst(ty, -1);
        let odd = self.b.ins().band_imm_s(exp, 1);
        let by_parity = self.b.ins().select(odd, minus_one, one);
        let is_one = self.b.ins().icmp_imm_s(IntCC::Equal, base, 1);
        let r = self.b.ins().select(is_one, one, zero);
        let b_sx = self.sx(base, s);
        let is_minus_one = self.b.ins().icmp_imm_s(IntCC::Equal, b_sx, -1);
        let r = self.b.ins().select(is_minus_one, by_parity, r);
        let is_zero = self.b.ins().icmp_imm_s(IntCC::Equal, base, 0);
        let r = self.b.ins().select(is_zero, minus_one, r);
        self.b.ins().jump(done, &[r.into()]);

        self.b.switch_to_block(head);
        let (acc, b, e) = (self.b.block_params(head)[0], self.b.block_params(head)[1], self.b.block_params(head)[2]);
        let finished = self.b.ins().icmp_imm_s(IntCC::Equal, e, 0);
        self.b.ins().brif(finished, done, &[acc.into()], body, &[]);

        self.b.switch_to_block(body);
        let odd = self.b.ins().band_imm_s(e, 1);
        let times = self.b.ins().imul(acc, b);
        let acc2 = self.b.ins().select(odd, times, acc);
        let e2 = self.b.ins().ushr_imm_u(e, 1);
        let b2 = self.b.ins().imul(b, b);
        self.b.ins().jump(head, &[acc2.into(), b2.into(), e2.into()]);

        self.b.switch_to_block(done);
        self.b.block_params(done)[0]
    }

    /// Float to an integer power by squaring, as upstream's `convert-math-to-funcs` computes it
    /// (so results agree to the bit): multiply for |p|, then take the reciprocal for p < 0.
    fn fpowi(&mut self, s: Scalar, base: ir::Value, exp: ir::Value) -> ir::Value {
        let (ft, it) = (s.cl_type(), self.b.func.dfg.value_type(exp));
        let (head, body, done) = (self.b.create_block(), self.b.create_block(), self.b.create_block());
        self.b.append_block_param(head, ft);
        self.b.append_block_param(head, ft);
        self.b.append_block_param(head, it);
        self.b.append_block_param(done, ft);
        let negative = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, exp, 0);
        let magnitude = self.b.ins().iabs(exp);
        let one = self.fconst(s, 1.0);
        self.b.ins().jump(head, &[one.into(), base.into(), magnitude.into()]);

        self.b.switch_to_block(head);
        let (acc, b, e) = (self.b.block_params(head)[0], self.b.block_params(head)[1], self.b.block_params(head)[2]);
        let finished = self.b.ins().icmp_imm_s(IntCC::Equal, e, 0);
        self.b.ins().brif(finished, done, &[acc.into()], body, &[]);

        self.b.switch_to_block(body);
        let odd = self.b.ins().band_imm_s(e, 1);
        let times = self.b.ins().fmul(acc, b);
        let acc2 = self.b.ins().select(odd, times, acc);
        let e2 = self.b.ins().ushr_imm_u(e, 1);
        let b2 = self.b.ins().fmul(b, b);
        self.b.ins().jump(head, &[acc2.into(), b2.into(), e2.into()]);

        self.b.switch_to_block(done);
        let r = self.b.block_params(done)[0];
        let one = self.fconst(s, 1.0);
        let recip = self.b.ins().fdiv(one, r);
        self.b.ins().select(negative, recip, r)
    }

    pub(super) fn fconst(&mut self, s: Scalar, v: f64) -> ir::Value {
        if s == Scalar::F32 {
            self.b.ins().f32const(v as f32)
        } else {
            self.b.ins().f64const(v)
        }
    }

    /// Call the libm function `f` (double precision name) at the precision of `s`.
    fn libm(&mut self, op: OpId, f: &str, s: Scalar, args: &[ir::Value]) -> Result<ir::Value> {
        let (name, t) = match s {
            Scalar::F32 => (format!("{f}f"), types::F32),
            Scalar::F64 => (f.to_string(), types::F64),
            _ => return Err(self.op_err(op, "expects floating-point operands")),
        };
        let params = vec![t; args.len()];
        self.call_c(&name, &params, Some(t), args)?.ok_or_else(|| self.ice(format!("{name} returned nothing")))
    }
}
