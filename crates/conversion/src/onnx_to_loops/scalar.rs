//! The scalar semantics of ONNX ops on registers, where they are not a single `arith`/`math` op.
//! Each follows what onnxruntime (CPU, x86-64) computes, including where ONNX leaves the result
//! undefined, so a model gives the same answer compiled as interpreted:
//! - float -> integer conversions are the x86 `cvttss2si` family onnxruntime's C++ casts compile
//!   to: NaN and out-of-range values give the type's minimum, narrow types convert through
//!   `i32` (then wrap), `u32` through `i64`, and `u64` as compilers convert it;
//! - integer division and remainder by zero are run-time errors (onnxruntime's "Integer division
//!   by zero"): a cold branch hands the operands to the runtime kernel, which reports it with the
//!   node's name; `INT_MIN / -1` wraps and its remainder is 0, guarded in the IR (no backend
//!   sees a division by -1);
//! - `Min`/`Max` propagate NaN and return the second operand on ties (`+0`/`-0`), `Clip` ignores
//!   a NaN bound, `Relu(-0)` is `-0`, `Sign(-0)` is `+0`, integer `Pow` is `pow` in double
//!   precision converted as Cast does;
//! - shifts by the width or more give 0, guarded in the IR like `INT_MIN / -1`, so no backend
//!   depends on its own definition of them.

use super::emit::{LResult, Lower};
use super::types::Elem;
use flowgate_ir::{InsertPoint, OpId, OperationState, Type, Value};

/// `cvtt<N>`: truncation of `x` to a signed `N`-bit integer, `INT<N>_MIN` when `x` is NaN or out
/// of range (negative overflow saturates to the same value).
fn cvtt(l: &mut Lower<'_>, x: Value, bits: u32) -> Value {
    let it = l.ctx.integer_type(bits);
    let ft = l.ctx.value_type(x);
    let t = l.cast("arith.fptosi", x, it);
    let limit = l.const_float((bits as f64 - 1.0).exp2(), ft);
    let ok = l.cmpf("olt", x, limit);
    let min = l.const_int(-(1i128 << (bits - 1)), it);
    l.select(ok, t, min)
}

/// ONNX Cast from a float register to integer element `to` (type `tt`), as onnxruntime on x86.
pub(crate) fn float_to_int(l: &mut Lower<'_>, x: Value, to: Elem, tt: Type) -> Value {
    let w = l.ctx.int_width(tt).unwrap_or(64);
    match (to, w) {
        (Elem::UInt(64), _) => {
            let ft = l.ctx.value_type(x);
            let two63 = l.const_float(2f64.powi(63), ft);
            let big = l.cmpf("oge", x, two63);
            let low = cvtt(l, x, 64);
            let shifted = l.arith("arith.subf", x, two63);
            let high = cvtt(l, shifted, 64);
            let i64t = l.ctx.integer_type(64);
            let sign = l.const_int(i64::MIN as i128, i64t);
            let high = l.arith("arith.xori", high, sign);
            l.select(big, high, low)
        }
        (_, 64) => cvtt(l, x, 64),
        (Elem::UInt(32), _) => {
            let r = cvtt(l, x, 64);
            l.cast("arith.trunci", r, tt)
        }
        (_, 32) => cvtt(l, x, 32),
        _ => {
            let r = cvtt(l, x, 32);
            l.cast("arith.trunci", r, tt)
        }
    }
}

/// The integer constant `v` holds, if it is an `arith.constant`.
fn int_constant(l: &Lower<'_>, v: Value) -> Option<i128> {
    l.ctx
        .defining_op(v)
        .filter(|&d| l.ctx.is_op(d, "arith.constant"))
        .and_then(|d| l.ctx.attr(d, "value"))
        .and_then(|a| l.ctx.attr_as_int(a))
}

/// `a op b` for an integer division or remainder (`code` is Div, Mod or FMod): `fast(l, d)`
/// computes it in registers with divisor `d`, except that a zero divisor takes a cold branch
/// through the runtime kernel `code`, which records the error.
///
/// For `signed` elements a divisor of -1 is never handed to `fast`: `INT_MIN / -1` overflows,
/// which x86's `idiv` traps on (SIGFPE) and upstream MLIR's lowering leaves undefined. The IR
/// divides by 1 instead and negates a quotient (`0 - a` wraps, so `INT_MIN / -1` is `INT_MIN`);
/// a remainder by 1 is already the 0 it must be. This is what onnxruntime and our Cranelift and
/// LLVM code generators give, so every backend agrees without relying on the target.
pub(crate) fn guarded_division(
    l: &mut Lower<'_>,
    op: OpId,
    code: flowgate_runtime_abi::BinaryOp,
    signed: bool,
    a: Value,
    b: Value,
    fast: impl FnOnce(&mut Lower<'_>, Value) -> Value,
) -> LResult<Value> {
    let constant = int_constant(l, b);
    let safe = |l: &mut Lower<'_>| {
        if !signed || constant.is_some_and(|c| c != -1) {
            return fast(l, b);
        }
        let t = l.ctx.value_type(b);
        let minus_one = l.const_int(-1, t);
        let is_minus_one = l.cmpi("eq", b, minus_one);
        let one = l.const_int(1, t);
        let divisor = l.select(is_minus_one, one, b);
        let r = fast(l, divisor);
        if code != flowgate_runtime_abi::BinaryOp::Div {
            return r;
        }
        let zero = l.const_int(0, t);
        let negated = l.arith("arith.subi", zero, r);
        l.select(is_minus_one, negated, r)
    };
    if constant.is_some_and(|c| c != 0) {
        return Ok(safe(l));
    }
    let t = l.ctx.value_type(a);
    let zero = l.const_int(0, t);
    let is_zero = l.cmpi("eq", b, zero);
    let elem = l.elem(a);
    scf_if(
        l,
        is_zero,
        t,
        |l| {
            let node = l.node_id(op);
            let c = l.const_i32(code as i32);
            let ha = l.handle(a)?;
            let hb = l.handle(b)?;
            let r = l.rt("binary", &[node, c, ha, hb])?;
            let e = elem.unwrap_or(Elem::SInt(64));
            l.scalar(node, r, e)
        },
        |l| Ok(safe(l)),
    )
}

/// `a shift b` (`arith.shli` or `arith.shrui`) where a shift by the width or more gives 0, as
/// onnxruntime's BitShift does. `arith` leaves such shifts undefined (upstream's lowering makes
/// them poison and x86 masks the count), so the IR never shifts by them: the count is replaced by
/// 0 and the result by 0.
pub(crate) fn shift(l: &mut Lower<'_>, name: &str, a: Value, b: Value) -> Value {
    let t = l.ctx.value_type(a);
    let width = l.ctx.int_width(t).unwrap_or(64);
    let (w, zero) = (l.const_int(i128::from(width), t), l.const_int(0, t));
    let too_far = l.cmpi("uge", b, w);
    let count = l.select(too_far, zero, b);
    let r = l.arith(name, a, count);
    l.select(too_far, zero, r)
}

/// BitShift-28's right shift of a signed value: arithmetic; an amount of the width or more, or
/// negative (a huge unsigned amount), leaves only the sign fill (-1 or 0).
pub(crate) fn shift_right_signed(l: &mut Lower<'_>, a: Value, b: Value) -> Value {
    let t = l.ctx.value_type(a);
    let width = l.ctx.int_width(t).unwrap_or(64);
    let last = l.const_int(i128::from(width) - 1, t);
    let too_far = l.cmpi("uge", b, last);
    let count = l.select(too_far, last, b);
    l.arith("arith.shrsi", a, count)
}

/// `scf.if %cond -> (t) { then } else { els }`, built at the current insertion point.
fn scf_if(
    l: &mut Lower<'_>,
    cond: Value,
    t: Type,
    then: impl FnOnce(&mut Lower<'_>) -> LResult<Value>,
    els: impl FnOnce(&mut Lower<'_>) -> LResult<Value>,
) -> LResult<Value> {
    let loc = l.loc;
    let regions = [l.ctx.create_region(), l.ctx.create_region()];
    let blocks = [l.ctx.add_block(regions[0], &[], loc), l.ctx.add_block(regions[1], &[], loc)];
    let st = OperationState::new(l.ctx, "scf.if", loc).operands(&[cond]).results(&[t]).regions(&regions);
    let op = l.create(st);
    let saved = l.ip;
    l.ip = InsertPoint::End(blocks[0]);
    let v = then(l)?;
    let y = OperationState::new(l.ctx, "scf.yield", loc).operands(&[v]);
    l.create(y);
    l.ip = InsertPoint::End(blocks[1]);
    let v = els(l)?;
    let y = OperationState::new(l.ctx, "scf.yield", loc).operands(&[v]);
    l.create(y);
    l.ip = saved;
    Ok(l.ctx.result(op, 0))
}

/// ONNX Mod with fmod = 0 on integers: the remainder takes the sign of the divisor.
pub(crate) fn floor_mod(l: &mut Lower<'_>, a: Value, b: Value, e: Elem) -> Value {
    // By a positive power of two the floor remainder is the low bits, for either sign of `a` in
    // two's complement: one `and` where the remainder and its sign fix-up cost a division's
    // worth (bench/onnx/shapes.py's loop_while, an LCG modulo 2^31, ran at 1.5x gcc -O2).
    if let Some(c) = int_constant(l, b).filter(|&c| c > 0 && (c & (c - 1)) == 0) {
        let t = l.ctx.value_type(a);
        let mask = l.const_int(c - 1, t);
        return l.arith("arith.andi", a, mask);
    }
    if e.is_unsigned() {
        return l.arith("arith.remui", a, b);
    }
    let r = l.arith("arith.remsi", a, b);
    let t = l.ctx.value_type(a);
    let zero = l.const_int(0, t);
    let r_nonzero = l.cmpi("ne", r, zero);
    let r_neg = l.cmpi("slt", r, zero);
    let b_neg = l.cmpi("slt", b, zero);
    let signs_differ = l.arith("arith.xori", r_neg, b_neg);
    let adjust = l.arith("arith.andi", r_nonzero, signs_differ);
    let sum = l.arith("arith.addi", r, b);
    l.select(adjust, sum, r)
}

/// Float `Min`/`Max` as onnxruntime: `a < b ? a : b` (`>` for Max), NaN when `a` is NaN (a NaN
/// `b` already wins the comparison).
pub(crate) fn float_min_max(l: &mut Lower<'_>, a: Value, b: Value, max: bool) -> Value {
    let first = l.cmpf(if max { "ogt" } else { "olt" }, a, b);
    let r = l.select(first, a, b);
    let nan = l.cmpf("uno", a, a);
    l.select(nan, a, r)
}

/// `x < y` in the element's own order (ordered for floats, so a NaN bound never applies).
pub(crate) fn less(l: &mut Lower<'_>, x: Value, y: Value, e: Elem) -> Value {
    match e {
        Elem::Float(_) => l.cmpf("olt", x, y),
        Elem::UInt(_) | Elem::Bool => l.cmpi("ult", x, y),
        Elem::SInt(_) => l.cmpi("slt", x, y),
    }
}

/// Clip: `x < lo ? lo : x`, then `hi < m ? hi : m` (onnxruntime's order; NaN bounds ignored).
pub(crate) fn clip(l: &mut Lower<'_>, x: Value, lo: Option<Value>, hi: Option<Value>, e: Elem) -> Value {
    let mut m = x;
    if let Some(lo) = lo {
        let below = less(l, m, lo, e);
        m = l.select(below, lo, m);
    }
    if let Some(hi) = hi {
        let above = less(l, hi, m, e);
        m = l.select(above, hi, m);
    }
    m
}

/// Sign: -1, 0 or 1 in the element type; NaN stays NaN and -0 gives +0.
pub(crate) fn sign(l: &mut Lower<'_>, x: Value, e: Elem) -> Value {
    let t = l.ctx.value_type(x);
    match e {
        Elem::Float(_) => {
            let (z, one, m1) = (l.const_float(0.0, t), l.const_float(1.0, t), l.const_float(-1.0, t));
            let pos = l.cmpf("ogt", x, z);
            let neg = l.cmpf("olt", x, z);
            let nan = l.cmpf("uno", x, x);
            let r = l.select(nan, x, z);
            let r = l.select(neg, m1, r);
            l.select(pos, one, r)
        }
        Elem::SInt(_) => {
            let (z, one, m1) = (l.const_int(0, t), l.const_int(1, t), l.const_int(-1, t));
            let pos = l.cmpi("sgt", x, z);
            let neg = l.cmpi("slt", x, z);
            let r = l.select(neg, m1, z);
            l.select(pos, one, r)
        }
        Elem::UInt(_) | Elem::Bool => {
            let z = l.const_int(0, t);
            let nz = l.cmpi("ne", x, z);
            if t == l.ctx.i1_type() {
                nz
            } else {
                l.cast("arith.extui", nz, t)
            }
        }
    }
}

/// A float register converted to float type `to` (exact or rounded once).
fn float_to_float(l: &mut Lower<'_>, x: Value, to: Type) -> Value {
    let from = l.ctx.value_type(x);
    match (l.ctx.float_width(from), l.ctx.float_width(to)) {
        (Some(a), Some(b)) if a < b => l.cast("arith.extf", x, to),
        (Some(a), Some(b)) if a > b => l.cast("arith.truncf", x, to),
        _ => x,
    }
}

/// A register of element `e` as a float of type `to`.
pub(crate) fn to_float(l: &mut Lower<'_>, x: Value, e: Elem, to: Type) -> Value {
    match e {
        Elem::Float(_) => float_to_float(l, x, to),
        Elem::UInt(_) | Elem::Bool => l.cast("arith.uitofp", x, to),
        Elem::SInt(_) => l.cast("arith.sitofp", x, to),
    }
}

/// Pow with onnxruntime's types: a float base computes in its own type (the exponent converted
/// to it); an integer base computes `pow` in double and converts the result as Cast does.
pub(crate) fn pow(l: &mut Lower<'_>, a: Value, b: Value, ea: Elem, eb: Elem) -> LResult<Value> {
    let ta = l.ctx.value_type(a);
    if ea.is_float() {
        let y = to_float(l, b, eb, ta);
        return l.math2("math.powf", a, y);
    }
    let f64t = l.ctx.float_type(flowgate_ir::FloatKind::F64);
    let x = to_float(l, a, ea, f64t);
    let y = to_float(l, b, eb, f64t);
    let p = l.math2("math.powf", x, y)?;
    Ok(float_to_int(l, p, ea, ta))
}

/// An f32 register rounded (to nearest, ties to even) to float16 or bfloat16 precision and
/// range, still as an f32: integer arithmetic on the bits, as `half` does. NaN passes through.
pub(crate) fn round_to_narrow(l: &mut Lower<'_>, x: Value, kind: flowgate_ir::FloatKind) -> Value {
    let i32t = l.ctx.integer_type(32);
    let f32t = l.ctx.value_type(x);
    let bits = l.cast("arith.bitcast", x, i32t);
    let nan = l.cmpf("uno", x, x);
    let int = |l: &mut Lower<'_>, v: i64| l.const_int(v as i128, i32t);
    let rounded = if kind == flowgate_ir::FloatKind::BF16 {
        // Keep the upper 16 bits: add 0x7FFF plus the lowest kept bit, then clear the rest.
        let (sixteen, one, half) = (int(l, 16), int(l, 1), int(l, 0x7FFF));
        let lsb = l.arith("arith.shrui", bits, sixteen);
        let lsb = l.arith("arith.andi", lsb, one);
        let r = l.arith("arith.addi", bits, half);
        let r = l.arith("arith.addi", r, lsb);
        let mask = int(l, -65536);
        let r = l.arith("arith.andi", r, mask);
        l.cast("arith.bitcast", r, f32t)
    } else {
        // Normal float16 range: keep 10 of the 23 mantissa bits the same way; at or past 65520
        // the carry reaches 2^16, which is infinity. Below 2^-14 (subnormal float16) the
        // quantum is 2^-24: adding and subtracting 0.5 rounds to it.
        let (abs_mask, sign_mask) = (int(l, 0x7FFF_FFFF), int(l, i32::MIN as i64));
        let a = l.arith("arith.andi", bits, abs_mask);
        let sign = l.arith("arith.andi", bits, sign_mask);
        let (thirteen, one, half) = (int(l, 13), int(l, 1), int(l, 0xFFF));
        let lsb = l.arith("arith.shrui", a, thirteen);
        let lsb = l.arith("arith.andi", lsb, one);
        let r = l.arith("arith.addi", a, half);
        let r = l.arith("arith.addi", r, lsb);
        let mask = int(l, !0x1FFF);
        let r = l.arith("arith.andi", r, mask);
        let (limit, inf) = (int(l, 0x4780_0000), int(l, 0x7F80_0000));
        let over = l.cmpi("uge", r, limit);
        let r = l.select(over, inf, r);
        let normal = l.arith("arith.ori", r, sign);
        let ax = l.cast("arith.bitcast", a, f32t);
        let p5 = l.const_float(0.5, f32t);
        let s = l.arith("arith.addf", ax, p5);
        let s = l.arith("arith.subf", s, p5);
        let sb = l.cast("arith.bitcast", s, i32t);
        let sub = l.arith("arith.ori", sb, sign);
        let tiny = l.const_float(2f64.powi(-14), f32t);
        let small = l.cmpf("olt", ax, tiny);
        let r = l.select(small, sub, normal);
        l.cast("arith.bitcast", r, f32t)
    };
    l.select(nan, x, rounded)
}

/// `tanh` of an `f32`: Eigen's `generic_fast_tanh_float` (the approximation onnxruntime's MLAS
/// uses too), `x * P(x^2) / Q(x^2)` on `x` clamped to `[-c, c]`, and `x` itself below 0.0004.
/// At most 6 ulp (3.4e-7) from the exact value over all of f32; +-inf give +-1, NaN stays NaN
/// (the clamps are compares that a NaN fails), -0 stays -0. A call to libm's `tanhf` was a third
/// of the Scan RNN benchmark's run time.
pub(crate) fn tanh_f32(l: &mut Lower<'_>, x: Value) -> Value {
    const CLAMP: f64 = 7.905_311_107_635_498;
    const TINY: f64 = 0.0004;
    const ALPHA: [f64; 7] = [
        4.893_524_558_917_86e-3,
        6.372_619_288_754_36e-4,
        1.485_722_357_179_79e-5,
        5.122_297_090_371_14e-8,
        -8.604_671_522_137_35e-11,
        2.000_187_904_824_77e-13,
        -2.760_768_477_423_55e-16,
    ];
    const BETA: [f64; 4] =
        [4.893_525_185_543_85e-3, 2.268_434_632_439e-3, 1.185_347_056_866_54e-4, 1.198_258_394_667_02e-6];
    let t = l.ctx.value_type(x);
    let hi = l.const_float(CLAMP, t);
    let lo = l.const_float(-CLAMP, t);
    let above = l.cmpf("ogt", x, hi);
    let c = l.select(above, hi, x);
    let below = l.cmpf("olt", c, lo);
    let c = l.select(below, lo, c);
    let x2 = l.arith("arith.mulf", c, c);
    let horner = |l: &mut Lower<'_>, coeffs: &[f64]| {
        let mut p = l.const_float(coeffs[coeffs.len() - 1], t);
        for &k in coeffs.iter().rev().skip(1) {
            let m = l.arith("arith.mulf", x2, p);
            let kv = l.const_float(k, t);
            p = l.arith("arith.addf", m, kv);
        }
        p
    };
    let p = horner(l, &ALPHA);
    let p = l.arith("arith.mulf", c, p);
    let q = horner(l, &BETA);
    let r = l.arith("arith.divf", p, q);
    let tiny = l.const_float(TINY, t);
    let neg_tiny = l.const_float(-TINY, t);
    let under = l.cmpf("olt", x, tiny);
    let over = l.cmpf("ogt", x, neg_tiny);
    let small = l.arith("arith.andi", under, over);
    l.select(small, x, r)
}
