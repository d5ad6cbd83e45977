//! `math` ops: Cranelift instructions where it has one, the C math library otherwise
//! (`sinf`/`sin`, `expf`/`exp`, ...), as upstream's LLVM lowering ends up doing.

use super::Translator;
use crate::abi::Scalar;
use crate::error::Result;
use cranelift_codegen::ir::condcodes::FloatCC;
use cranelift_codegen::ir::{self, types, InstBuilder};
use cranelift_module::Module;
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
        let int_op = matches!(short, "absi" | "ctlz" | "cttz" | "ctpop");
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
                let n = if ns.cl_type().bits() < 32 { self.b.ins().sextend(types::I32, n) } else { n };
                let nf = self.b.ins().fcvt_from_sint(s.cl_type(), n);
                self.libm(op, "pow", s, &[a, nf])?
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
