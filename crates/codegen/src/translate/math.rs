//! `math` ops, once for every backend: an instruction where both backends have one, the C math
//! library otherwise (`sinf`/`sin`, `expf`/`exp`, ...), as upstream's LLVM lowering ends up
//! doing, so both backends compute the same bits. `ipowi` and `fpowi` are loops here, with
//! upstream's `convert-math-to-funcs` semantics.

use super::{BuilderMethods, FloatBinOp, FloatPredicate, FloatUnOp, IntBinOp, IntPredicate, IntUnOp};
use crate::abi::Scalar;
use crate::Result;
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

/// Translate a `math` op; returns false for one no backend knows.
pub fn math<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId) -> Result<bool> {
    let ctx = bx.ctx();
    let name = ctx.op_name(op);
    let Some(short) = name.strip_prefix("math.") else { return Ok(false) };
    let s = bx.result_scalar(op, 0)?;
    let int_op = matches!(short, "absi" | "ctlz" | "cttz" | "ctpop" | "ipowi");
    let pred_op = matches!(short, "isnan" | "isinf" | "isfinite");
    let operand_ok = match ctx.operands(op).first() {
        Some(&v) => {
            let src = bx.scalar(ctx.value_type(v), op)?;
            if int_op {
                src.int_width().is_some()
            } else {
                src.is_float()
            }
        }
        None => false,
    };
    if !operand_ok || (!int_op && !pred_op && !s.is_float()) {
        return Err(bx.op_err(op, if int_op { "expects integer operands" } else { "expects floating-point operands" }));
    }
    if let Some((_, f)) = LIBM_UNARY.iter().find(|(n, _)| *n == short) {
        let a = bx.operand(op, 0)?;
        let r = libm(bx, op, f, s, &[a])?;
        bx.define1(op, r)?;
        return Ok(true);
    }
    let float_unary = match short {
        "sqrt" => Some(FloatUnOp::Sqrt),
        "absf" => Some(FloatUnOp::Abs),
        "floor" => Some(FloatUnOp::Floor),
        "ceil" => Some(FloatUnOp::Ceil),
        "trunc" => Some(FloatUnOp::Trunc),
        "roundeven" => Some(FloatUnOp::RoundEven),
        _ => None,
    };
    let r = match short {
        _ if float_unary.is_some() => {
            let a = bx.operand(op, 0)?;
            bx.float_unary(float_unary.unwrap_or(FloatUnOp::Sqrt), s, a)?
        }
        "rsqrt" => {
            let a = bx.operand(op, 0)?;
            let sq = bx.float_unary(FloatUnOp::Sqrt, s, a)?;
            let one = bx.const_float(s, 1.0)?;
            bx.float_binary(FloatBinOp::Div, s, one, sq)?
        }
        "copysign" => {
            let (a, b) = (bx.operand(op, 0)?, bx.operand(op, 1)?);
            bx.float_binary(FloatBinOp::CopySign, s, a, b)?
        }
        "powf" | "atan2" => {
            let (a, b) = (bx.operand(op, 0)?, bx.operand(op, 1)?);
            let f = if short == "powf" { "pow" } else { "atan2" };
            libm(bx, op, f, s, &[a, b])?
        }
        "fpowi" => {
            let (a, n) = (bx.operand(op, 0)?, bx.operand(op, 1)?);
            let ns = bx.operand_scalar(op, 1)?;
            if ns.int_width().is_none() {
                return Err(bx.op_err(op, "expects an integer exponent"));
            }
            fpowi(bx, s, a, ns, n)?
        }
        "ipowi" => {
            let (b, p) = (bx.operand(op, 0)?, bx.operand(op, 1)?);
            ipowi(bx, s, b, p)?
        }
        "fma" => {
            let (a, b, c) = (bx.operand(op, 0)?, bx.operand(op, 1)?, bx.operand(op, 2)?);
            bx.fma(s, a, b, c)?
        }
        "absi" | "ctlz" | "cttz" | "ctpop" => {
            let a = bx.operand(op, 0)?;
            if s == Scalar::Int(1) {
                // One bit: abs and ctpop are the bit itself, the leading/trailing zero count
                // its negation.
                if matches!(short, "absi" | "ctpop") {
                    a
                } else {
                    let one = bx.const_int(s, 1)?;
                    bx.int_binary(IntBinOp::Xor, s, a, one)?
                }
            } else {
                let k = match short {
                    "absi" => IntUnOp::Abs,
                    "ctlz" => IntUnOp::Ctlz,
                    "cttz" => IntUnOp::Cttz,
                    _ => IntUnOp::Ctpop,
                };
                bx.int_unary(k, s, a)?
            }
        }
        "isnan" | "isinf" | "isfinite" => {
            let a = bx.operand(op, 0)?;
            let src = bx.operand_scalar(op, 0)?;
            match short {
                "isnan" => bx.fcmp(FloatPredicate::Uno, src, a, a)?,
                _ => {
                    let abs = bx.float_unary(FloatUnOp::Abs, src, a)?;
                    let inf = bx.const_float(src, f64::INFINITY)?;
                    let cc = if short == "isinf" { FloatPredicate::Oeq } else { FloatPredicate::Olt };
                    bx.fcmp(cc, src, abs, inf)?
                }
            }
        }
        _ => return Ok(false),
    };
    bx.define1(op, r)?;
    Ok(true)
}

/// Call the libm function `f` (double precision name) at the precision of `s`.
fn libm<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId, f: &str, s: Scalar, args: &[B::Value]) -> Result<B::Value> {
    let name = match s {
        Scalar::F32 => format!("{f}f"),
        Scalar::F64 => f.to_string(),
        _ => return Err(bx.op_err(op, "expects floating-point operands")),
    };
    bx.call_libm(&name, s, args)
}

/// Whether the low bit of integer `v` of type `s` is set, as an `i1`.
fn is_odd<'a, B: BuilderMethods<'a>>(bx: &mut B, s: Scalar, v: B::Value) -> Result<B::Value> {
    let (zero, one) = (bx.const_int(s, 0)?, bx.const_int(s, 1)?);
    let low = bx.int_binary(IntBinOp::And, s, v, one)?;
    bx.icmp(IntPredicate::Ne, s, low, zero)
}

/// Integer power by squaring, with upstream's `convert-math-to-funcs` semantics for negative
/// exponents: 1 for base 1, +-1 for base -1 by parity, 0 otherwise, and base 0 gives `1 / 0`,
/// which is -1 under the defined division by zero.
fn ipowi<'a, B: BuilderMethods<'a>>(bx: &mut B, s: Scalar, base: B::Value, exp: B::Value) -> Result<B::Value> {
    let neg = bx.new_block(&[])?;
    let head = bx.new_block(&[s, s, s])?;
    let done = bx.new_block(&[s])?;
    let (zero, one) = (bx.const_int(s, 0)?, bx.const_int(s, 1)?);
    let is_neg = bx.icmp(IntPredicate::Slt, s, exp, zero)?;
    bx.cond_br(is_neg, neg, &[], head, &[one, base, exp])?;

    bx.switch_to_block(neg)?;
    let (zero, one) = (bx.const_int(s, 0)?, bx.const_int(s, 1)?);
    let minus_one = super::arith::const_int(bx, s, -1)?;
    let odd = is_odd(bx, s, exp)?;
    let by_parity = bx.select(odd, minus_one, one)?;
    let is_one = bx.icmp(IntPredicate::Eq, s, base, one)?;
    let r = bx.select(is_one, one, zero)?;
    let is_minus_one = bx.icmp(IntPredicate::Eq, s, base, minus_one)?;
    let r = bx.select(is_minus_one, by_parity, r)?;
    let is_zero = bx.icmp(IntPredicate::Eq, s, base, zero)?;
    let r = bx.select(is_zero, minus_one, r)?;
    bx.br(done, &[r])?;

    squaring_loop(bx, head, done, s, |bx, a, b| bx.int_binary(IntBinOp::Mul, s, a, b))?;

    bx.switch_to_block(done)?;
    let [r] = params::<B, 1>(bx, done)?;
    Ok(r)
}

/// Float to an integer power by squaring, as upstream's `convert-math-to-funcs` computes it (so
/// results agree to the bit): multiply for |p|, then take the reciprocal for p < 0.
fn fpowi<'a, B: BuilderMethods<'a>>(
    bx: &mut B,
    s: Scalar,
    base: B::Value,
    ns: Scalar,
    exp: B::Value,
) -> Result<B::Value> {
    // An `i1` exponent (0 or -1) is read as the signed `i8` it stands for.
    let (ns, exp) =
        if ns == Scalar::Int(1) { (Scalar::Int(8), bx.int_cast(true, ns, Scalar::Int(8), exp)?) } else { (ns, exp) };
    let zero = bx.const_int(ns, 0)?;
    let negative = bx.icmp(IntPredicate::Slt, ns, exp, zero)?;
    let magnitude = bx.int_unary(IntUnOp::Abs, ns, exp)?;
    let head = bx.new_block(&[s, s, ns])?;
    let done = bx.new_block(&[s])?;
    let one = bx.const_float(s, 1.0)?;
    bx.br(head, &[one, base, magnitude])?;

    squaring_loop(bx, head, done, ns, |bx, a, b| bx.float_binary(FloatBinOp::Mul, s, a, b))?;

    bx.switch_to_block(done)?;
    let [r] = params::<B, 1>(bx, done)?;
    let one = bx.const_float(s, 1.0)?;
    let recip = bx.float_binary(FloatBinOp::Div, s, one, r)?;
    bx.select(negative, recip, r)
}

/// Fill `head(acc, b, e)` (`e` of type `es`), the loop of power by squaring: it
/// passes `acc` to `done` when `e` is 0, else multiplies `acc` by `b` when `e` is odd, squares
/// `b`, halves `e` and loops.
fn squaring_loop<'a, B: BuilderMethods<'a>>(
    bx: &mut B,
    head: B::Block,
    done: B::Block,
    es: Scalar,
    mul: impl Fn(&mut B, B::Value, B::Value) -> Result<B::Value>,
) -> Result<()> {
    let body = bx.new_block(&[])?;
    bx.switch_to_block(head)?;
    let [acc, b, e] = params::<B, 3>(bx, head)?;
    let zero = bx.const_int(es, 0)?;
    let finished = bx.icmp(IntPredicate::Eq, es, e, zero)?;
    bx.cond_br(finished, done, &[acc], body, &[])?;

    bx.switch_to_block(body)?;
    let odd = is_odd(bx, es, e)?;
    let times = mul(bx, acc, b)?;
    let acc2 = bx.select(odd, times, acc)?;
    let one = bx.const_int(es, 1)?;
    let e2 = bx.int_binary(IntBinOp::LShr, es, e, one)?;
    let b2 = mul(bx, b, b)?;
    bx.br(head, &[acc2, b2, e2])
}

/// The `N` arguments of block `b`.
fn params<'a, B: BuilderMethods<'a>, const N: usize>(bx: &B, b: B::Block) -> Result<[B::Value; N]> {
    bx.block_params(b)?.try_into().map_err(|_| bx.ice("block has the wrong number of arguments"))
}
