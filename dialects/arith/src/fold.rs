//! Folding: constant evaluation with upstream's semantics, and the identities upstream folds.
//! Integer ops wrap at the type's width; division by zero and signed overflow of division do
//! not fold; float ops round to the type's precision.

use crate::consts::{
    decode, encode, float_bits, float_from_bits, int_to_float, int_width, mask, sext, signed_max, signed_min, zext,
    zip2, Const, Elems,
};
use crate::flags::{
    op_flags, BitEnum, CMPF_PREDICATES, CMPI_PREDICATES, FASTMATH_CONTRACT, FASTMATH_NNAN, FASTMATH_NSZ, OVERFLOW_NSW,
    OVERFLOW_NUW,
};
use flowgate_ir::{Attribute, Context, FoldResult, OpId, Type, Value};

type Folded = Option<Vec<FoldResult>>;

/// The fold hook of every arith op.
pub fn fold(ctx: &mut Context, op: OpId, consts: &[Option<Attribute>]) -> Folded {
    let name = ctx.op_name(op).to_string();
    let c: Vec<Option<Const>> = consts.iter().map(|a| a.and_then(|a| decode(ctx, a))).collect();
    let res_ty = *ctx.result_types(op).first()?;
    let short = name.strip_prefix("arith.")?;
    match short {
        "constant" => Some(vec![FoldResult::Attr(ctx.attr(op, "value")?)]),
        "addi" | "subi" | "muli" | "divsi" | "divui" | "ceildivsi" | "ceildivui" | "floordivsi" | "remsi" | "remui"
        | "andi" | "ori" | "xori" | "shli" | "shrsi" | "shrui" | "maxsi" | "maxui" | "minsi" | "minui" => {
            fold_int_binary(ctx, op, short, &c, res_ty)
        }
        "addf" | "subf" | "mulf" | "divf" | "remf" | "maximumf" | "minimumf" | "maxnumf" | "minnumf" => {
            fold_float_binary(ctx, op, short, &c, res_ty)
        }
        "negf" => fold_negf(ctx, op, &c, res_ty),
        "cmpi" => fold_cmpi(ctx, op, &c, res_ty),
        "cmpf" => fold_cmpf(ctx, op, &c, res_ty),
        "select" => fold_select(ctx, op, &c),
        "addui_extended" => fold_addui_extended(ctx, op, &c),
        "mului_extended" | "mulsi_extended" => fold_mul_extended(ctx, op, short == "mulsi_extended", &c),
        _ => fold_cast(ctx, op, short, &c, res_ty).or_else(|| identity_cast(ctx, op, short, res_ty)),
    }
}

/// Upstream's `CastOpInterface` fold, tried after the op's own: a cast to its operand's type is
/// the operand (only `bitcast` verifies with equal types).
fn identity_cast(ctx: &Context, op: OpId, name: &str, ty: Type) -> Folded {
    let is_cast = crate::spec::spec(&format!("arith.{name}")).is_some_and(|sp| sp.cast.is_some());
    let x = opd(ctx, op, 0)?;
    (is_cast && ctx.operands(op).len() == 1 && ctx.value_type(x) == ty).then(|| vec![FoldResult::Value(x)])
}

fn one(r: FoldResult) -> Folded {
    Some(vec![r])
}

fn value(v: Value) -> Folded {
    one(FoldResult::Value(v))
}

fn attr(a: Option<Attribute>) -> Folded {
    a.map(|a| vec![FoldResult::Attr(a)])
}

/// Operand `i` of `op`, if it has one (folds never index blindly).
fn opd(ctx: &Context, op: OpId, i: usize) -> Option<Value> {
    ctx.operands(op).get(i).copied()
}

fn def_name(ctx: &Context, v: Value) -> Option<(OpId, &str)> {
    let d = ctx.defining_op(v)?;
    Some((d, ctx.op_name(d)))
}

// ----- integers -----

/// `a op b` on the bits of width `w`; `None` when upstream does not fold (division by zero,
/// signed division overflow, shifting by the width or more).
pub fn eval_int(op: &str, a: i128, b: i128, w: u32) -> Option<i128> {
    let (ua, ub) = (zext(a, w), zext(b, w));
    let (sa, sb) = (sext(a, w), sext(b, w));
    let sdiv_overflow = sa == signed_min(w) && sb == -1;
    let r: i128 = match op {
        "addi" => ua.wrapping_add(ub) as i128,
        "subi" => ua.wrapping_sub(ub) as i128,
        "muli" => ua.wrapping_mul(ub) as i128,
        "divui" => ua.checked_div(ub)? as i128,
        "remui" => ua.checked_rem(ub)? as i128,
        "ceildivui" => {
            let q = ua.checked_div(ub)?;
            (q + (ua % ub != 0) as u128) as i128
        }
        "remsi" if sb == 0 => return None,
        // APInt::srem: INT_MIN % -1 is 0, not an overflow.
        "remsi" => sext(sa.wrapping_rem(sb), w),
        "ceildivsi" if sb == 0 => return None,
        "divsi" | "floordivsi" if sb == 0 || sdiv_overflow => return None,
        "divsi" => sa / sb,
        "ceildivsi" => ceildivsi(sa, sb, w)?,
        "floordivsi" => {
            let (q, r) = (sa / sb, sa % sb);
            if r != 0 && ((r < 0) != (sb < 0)) {
                q - 1
            } else {
                q
            }
        }
        "andi" => a & b,
        "ori" => a | b,
        "xori" => a ^ b,
        "shli" | "shrsi" | "shrui" if ub >= w as u128 => return None,
        "shli" => (ua << ub) as i128,
        "shrui" => (ua >> ub) as i128,
        "shrsi" => sa >> ub,
        "maxsi" => sa.max(sb),
        "minsi" => sa.min(sb),
        "maxui" => ua.max(ub) as i128,
        "minui" => ua.min(ub) as i128,
        _ => return None,
    };
    Some(r)
}

/// Upstream's `ceildivsi` folding: by sign cases, through negations and `(a - 1) / b + 1`,
/// giving up when any intermediate step overflows the width.
fn ceildivsi(a: i128, b: i128, w: u32) -> Option<i128> {
    if a == 0 {
        return Some(0);
    }
    let (min, max) = (signed_min(w), signed_max(w));
    let neg = |x: i128| (x != min).then(|| -x);
    let ceil_nonneg = |a: i128, b: i128| {
        let q = (a - 1) / b;
        (q != max).then_some(q + 1)
    };
    match (a > 0, b > 0) {
        (true, true) => ceil_nonneg(a, b),
        (false, false) => ceil_nonneg(neg(a)?, neg(b)?),
        (false, true) => neg(neg(a)? / b),
        (true, false) => neg(a / neg(b)?),
    }
}

/// `name(x, k)` where the constant `kc` (the value of `k`) makes the result known.
fn int_identity(
    ctx: &mut Context,
    name: &str,
    x: Value,
    k: Value,
    kc: &Option<Const>,
    w: u32,
    ty: Type,
) -> Option<FoldResult> {
    let is = |k: &Option<Const>, f: &dyn Fn(i128) -> bool| k.as_ref().is_some_and(|k| k.all_int(f));
    let zero = |x: i128| zext(x, w) == 0;
    let one_ = |x: i128| zext(x, w) == 1;
    let ones = |x: i128| zext(x, w) == mask(w);
    let zero_attr = |ctx: &mut Context| attr(encode(ctx, ty, Elems::Int(vec![0])));
    let r = match name {
        "addi" if is(kc, &zero) => value(x),
        "muli" if is(kc, &zero) => value(k),
        "muli" if is(kc, &one_) => value(x),
        "subi" if is(kc, &zero) => value(x),
        "divsi" | "divui" | "ceildivsi" | "ceildivui" | "floordivsi" if is(kc, &one_) => value(x),
        "remsi" | "remui" if is(kc, &one_) => zero_attr(ctx),
        "andi" if is(kc, &zero) => value(k),
        "andi" if is(kc, &ones) => value(x),
        "ori" if is(kc, &zero) => value(x),
        "ori" if is(kc, &ones) => value(k),
        "xori" if is(kc, &zero) => value(x),
        "shli" | "shrsi" | "shrui" if is(kc, &zero) => value(x),
        "maxsi" if is(kc, &|v| sext(v, w) == signed_max(w)) => value(k),
        "maxsi" if is(kc, &|v| sext(v, w) == signed_min(w)) => value(x),
        "minsi" if is(kc, &|v| sext(v, w) == signed_min(w)) => value(k),
        "minsi" if is(kc, &|v| sext(v, w) == signed_max(w)) => value(x),
        "maxui" if is(kc, &ones) => value(k),
        "maxui" if is(kc, &zero) => value(x),
        "minui" if is(kc, &zero) => value(k),
        "minui" if is(kc, &ones) => value(x),
        _ => None,
    };
    r.and_then(|v| v.into_iter().next())
}

fn fold_int_binary(ctx: &mut Context, op: OpId, name: &str, c: &[Option<Const>], ty: Type) -> Folded {
    let [lhs, rhs] = ctx.operands(op) else { return None };
    let (lhs, rhs) = (*lhs, *rhs);
    let w = int_width(ctx, ctx.element_type_or_self(ty))?;
    let (cl, cr) = (c.first()?, c.get(1)?);
    // Upstream's order: identities with a constant right-hand side, then evaluation, so an
    // all-constant `x * 1` gives back `x` itself. Commutative identities with the constant on
    // the left come last (upstream's canonicalizer moves such constants right first).
    if let Some(r) = int_identity(ctx, name, lhs, rhs, cr, w, ty) {
        return one(r);
    }
    if let Some(v) = div_of_mul(ctx, name, lhs, rhs) {
        return value(v);
    }
    if let Some(r) = logic_of_not(ctx, name, lhs, rhs, w, ty) {
        return one(r);
    }
    if let (Some(a), Some(b)) = (cl, cr) {
        let pairs = zip2(a.ints()?, b.ints()?)?;
        let out: Option<Vec<i128>> = pairs.into_iter().map(|(x, y)| eval_int(name, x, y, w)).collect();
        if let Some(out) = out {
            return attr(encode(ctx, ty, Elems::Int(out)));
        }
    }
    let commutative = matches!(name, "addi" | "muli" | "andi" | "ori" | "xori" | "maxsi" | "maxui" | "minsi" | "minui");
    if commutative {
        if let Some(r) = int_identity(ctx, name, rhs, lhs, cl, w, ty) {
            return one(r);
        }
    }
    let zero_attr = |ctx: &mut Context| attr(encode(ctx, ty, Elems::Int(vec![0])));
    if lhs == rhs {
        match name {
            "subi" | "xori" => return zero_attr(ctx),
            "andi" | "ori" | "maxsi" | "maxui" | "minsi" | "minui" => return value(lhs),
            _ => {}
        }
    }
    match name {
        // (a - b) + b -> a, b + (a - b) -> a
        "addi" => {
            for (x, y) in [(lhs, rhs), (rhs, lhs)] {
                if let Some((d, "arith.subi")) = def_name(ctx, x) {
                    if opd(ctx, d, 1) == Some(y) {
                        return value(opd(ctx, d, 0)?);
                    }
                }
            }
            None
        }
        // (a + b) - b -> a, (a + b) - a -> b
        "subi" => {
            if let Some((d, "arith.addi")) = def_name(ctx, lhs) {
                let (a, b) = (opd(ctx, d, 0)?, opd(ctx, d, 1)?);
                if b == rhs {
                    return value(a);
                }
                if a == rhs {
                    return value(b);
                }
            }
            None
        }
        // (x ^ a) ^ a -> x
        "xori" => {
            for (x, y) in [(lhs, rhs), (rhs, lhs)] {
                if let Some((d, "arith.xori")) = def_name(ctx, x) {
                    let (a, b) = (opd(ctx, d, 0)?, opd(ctx, d, 1)?);
                    if b == y {
                        return value(a);
                    }
                    if a == y {
                        return value(b);
                    }
                }
            }
            None
        }
        _ => None,
    }
}

/// `(a * b) / b -> a` and `(a * b) / a -> b` when the product cannot have wrapped: `divui`
/// needs `nuw` on the `muli`, `divsi` needs `nsw` (upstream's `foldDivMul`). A zero divisor
/// makes the division undefined, so any result is right for it.
fn div_of_mul(ctx: &Context, name: &str, lhs: Value, rhs: Value) -> Option<Value> {
    let need = match name {
        "divui" => OVERFLOW_NUW,
        "divsi" => OVERFLOW_NSW,
        _ => return None,
    };
    let (d, "arith.muli") = def_name(ctx, lhs)? else { return None };
    if op_flags(ctx, d, "overflowFlags", BitEnum::Overflow) & need != need {
        return None;
    }
    let (a, b) = (opd(ctx, d, 0)?, opd(ctx, d, 1)?);
    if a == rhs {
        return Some(b);
    }
    if b == rhs {
        return Some(a);
    }
    None
}

/// Logic with a complement (`xori(x, -1)`) or a repeated operand, as upstream's `AndIOp::fold`
/// and `OrIOp::fold`: `and(x, not x) -> 0`, `or(x, not x) -> -1` (the `xori`'s constant),
/// `and(a, and(a, b)) -> and(a, b)`, each with the operands either way round.
fn logic_of_not(ctx: &mut Context, name: &str, lhs: Value, rhs: Value, w: u32, ty: Type) -> Option<FoldResult> {
    if name != "andi" && name != "ori" {
        return None;
    }
    for (x, y) in [(lhs, rhs), (rhs, lhs)] {
        // `y` is `xori(x, c)` with `c` all ones.
        let Some((d, "arith.xori")) = def_name(ctx, y) else { continue };
        let (Some(a), Some(k)) = (opd(ctx, d, 0), opd(ctx, d, 1)) else { continue };
        let ones = crate::canonicalize::constant_of(ctx, k)
            .and_then(|c| decode(ctx, c))
            .is_some_and(|c| c.splat_int().is_some_and(|v| zext(v, w) == mask(w)));
        if a != x || !ones {
            continue;
        }
        return if name == "andi" {
            attr(encode(ctx, ty, Elems::Int(vec![0])))?.into_iter().next()
        } else {
            Some(FoldResult::Value(k))
        };
    }
    if name == "andi" {
        for (prev, other) in [(lhs, rhs), (rhs, lhs)] {
            let Some((d, "arith.andi")) = def_name(ctx, prev) else { continue };
            if opd(ctx, d, 0) == Some(other) || opd(ctx, d, 1) == Some(other) {
                return Some(FoldResult::Value(prev));
            }
        }
    }
    None
}

fn fold_addui_extended(ctx: &mut Context, op: OpId, c: &[Option<Const>]) -> Folded {
    let tys = ctx.result_types(op);
    let (&sum_ty, &ovf_ty) = (tys.first()?, tys.get(1)?);
    let w = int_width(ctx, ctx.element_type_or_self(sum_ty))?;
    let lhs = opd(ctx, op, 0)?;
    if let (Some(a), Some(b)) = (c.first()?, c.get(1)?) {
        let pairs = zip2(a.ints()?, b.ints()?)?;
        let sums: Vec<i128> =
            pairs.iter().map(|&(x, y)| (zext(x, w).wrapping_add(zext(y, w)) & mask(w)) as i128).collect();
        let ovf: Vec<i128> = pairs.iter().zip(&sums).map(|(&(x, _), &s)| ((s as u128) < zext(x, w)) as i128).collect();
        let s = encode(ctx, sum_ty, Elems::Int(sums))?;
        let o = encode(ctx, ovf_ty, Elems::Int(ovf))?;
        return Some(vec![FoldResult::Attr(s), FoldResult::Attr(o)]);
    }
    if c.get(1)?.as_ref().is_some_and(|k| k.all_int(|v| zext(v, w) == 0)) {
        let f = encode(ctx, ovf_ty, Elems::Int(vec![0]))?;
        return Some(vec![FoldResult::Value(lhs), FoldResult::Attr(f)]);
    }
    None
}

fn fold_mul_extended(ctx: &mut Context, op: OpId, signed: bool, c: &[Option<Const>]) -> Folded {
    let ty = *ctx.result_types(op).first()?;
    let w = int_width(ctx, ctx.element_type_or_self(ty))?;
    let (a, b) = (c.first()?.as_ref(), c.get(1)?.as_ref());
    if let (Some(a), Some(b)) = (a, b) {
        // The full product of two 64-bit values fits in 128 bits.
        if w > 64 {
            return None;
        }
        let pairs = zip2(a.ints()?, b.ints()?)?;
        let prods: Vec<i128> = pairs
            .into_iter()
            .map(|(x, y)| if signed { sext(x, w) * sext(y, w) } else { (zext(x, w) * zext(y, w)) as i128 })
            .collect();
        let low: Vec<i128> = prods.clone();
        let high: Vec<i128> = prods.iter().map(|&p| p >> w).collect();
        let l = encode(ctx, ty, Elems::Int(low))?;
        let h = encode(ctx, ty, Elems::Int(high))?;
        return Some(vec![FoldResult::Attr(l), FoldResult::Attr(h)]);
    }
    let zero = |k: Option<&Const>| k.is_some_and(|k| k.all_int(|v| zext(v, w) == 0));
    if zero(a) || zero(b) {
        let z = encode(ctx, ty, Elems::Int(vec![0]))?;
        return Some(vec![FoldResult::Attr(z), FoldResult::Attr(z)]);
    }
    None
}

pub fn eval_cmpi(pred: &str, a: i128, b: i128, w: u32) -> Option<bool> {
    let (ua, ub, sa, sb) = (zext(a, w), zext(b, w), sext(a, w), sext(b, w));
    Some(match pred {
        "eq" => ua == ub,
        "ne" => ua != ub,
        "slt" => sa < sb,
        "sle" => sa <= sb,
        "sgt" => sa > sb,
        "sge" => sa >= sb,
        "ult" => ua < ub,
        "ule" => ua <= ub,
        "ugt" => ua > ub,
        "uge" => ua >= ub,
        _ => return None,
    })
}

fn predicate<'t>(ctx: &Context, op: OpId, table: &[&'t str]) -> Option<&'t str> {
    let p = ctx.attr(op, "predicate").and_then(|a| ctx.attr_as_int(a))?;
    table.get(usize::try_from(p).ok()?).copied()
}

fn fold_cmpi(ctx: &mut Context, op: OpId, c: &[Option<Const>], ty: Type) -> Folded {
    let pred = predicate(ctx, op, &CMPI_PREDICATES)?;
    let (lhs, rhs) = (opd(ctx, op, 0)?, opd(ctx, op, 1)?);
    let w = int_width(ctx, ctx.element_type_or_self(ctx.value_type(lhs)))?;
    if lhs == rhs {
        let r = matches!(pred, "eq" | "sle" | "sge" | "ule" | "uge");
        return attr(encode(ctx, ty, Elems::Int(vec![r as i128])));
    }
    if let Some(v) = cmpi_of_bool(ctx, pred, lhs, c.get(1)?.as_ref(), w) {
        return value(v);
    }
    match (c.first()?, c.get(1)?) {
        (Some(a), Some(b)) => {
            let pairs = zip2(a.ints()?, b.ints()?)?;
            let out: Option<Vec<i128>> =
                pairs.into_iter().map(|(x, y)| eval_cmpi(pred, x, y, w).map(|r| r as i128)).collect();
            attr(encode(ctx, ty, Elems::Int(out?)))
        }
        // Upstream moves a constant to the right in place, swapping (not inverting) the
        // predicate.
        (Some(_), None) => {
            let swapped = match pred {
                "slt" => "sgt",
                "sgt" => "slt",
                "sle" => "sge",
                "sge" => "sle",
                "ult" => "ugt",
                "ugt" => "ult",
                "ule" => "uge",
                "uge" => "ule",
                p => p,
            };
            let idx = CMPI_PREDICATES.iter().position(|p| *p == swapped)?;
            let i64t = ctx.integer_type(64);
            let pa = ctx.integer_attr(idx as i128, i64t);
            ctx.set_attr(op, "predicate", pa);
            ctx.set_operands(op, vec![rhs, lhs]);
            value(ctx.result(op, 0))
        }
        _ => None,
    }
}

/// Comparisons that give back a boolean they test, as upstream's `CmpIOp::fold`:
/// `ext(x : i1) != 0 -> x` (scalars and vectors only: upstream reads the width of integer and
/// vector types, not tensors), `x != 0 -> x` and `x == 1 -> x` for `i1` elements.
fn cmpi_of_bool(ctx: &Context, pred: &str, lhs: Value, rhs: Option<&Const>, w: u32) -> Option<Value> {
    let rhs = rhs?;
    let is_i1 = |t: Type| ctx.is_signless_integer(t) && ctx.int_width(t) == Some(1);
    if rhs.all_int(|v| zext(v, w) == 0) && pred == "ne" {
        if let Some((d, "arith.extsi" | "arith.extui")) = def_name(ctx, lhs) {
            let src = opd(ctx, d, 0)?;
            let st = ctx.value_type(src);
            if !ctx.is_tensor(st) && is_i1(ctx.element_type_or_self(st)) {
                return Some(src);
            }
        }
        if is_i1(ctx.element_type_or_self(ctx.value_type(lhs))) {
            return Some(lhs);
        }
    }
    if rhs.all_int(|v| zext(v, w) == 1) && pred == "eq" && is_i1(ctx.element_type_or_self(ctx.value_type(lhs))) {
        return Some(lhs);
    }
    None
}

// ----- floats -----

/// Order for maximum/minimum: -0 below +0.
fn total_lt(a: f64, b: f64) -> bool {
    a < b || (a == 0.0 && b == 0.0 && a.is_sign_negative() && !b.is_sign_negative())
}

pub fn eval_float(op: &str, a: f64, b: f64) -> Option<f64> {
    let nan = f64::NAN;
    Some(match op {
        "addf" => a + b,
        "subf" => a - b,
        "mulf" => a * b,
        "divf" => a / b,
        // Rust's `%` on floats is C's fmod, as APFloat::mod.
        "remf" => a % b,
        "maximumf" if a.is_nan() || b.is_nan() => nan,
        "minimumf" if a.is_nan() || b.is_nan() => nan,
        "maxnumf" | "minnumf" if a.is_nan() => b,
        "maxnumf" | "minnumf" if b.is_nan() => a,
        "maximumf" | "maxnumf" => {
            if total_lt(a, b) {
                b
            } else {
                a
            }
        }
        "minimumf" | "minnumf" => {
            if total_lt(b, a) {
                b
            } else {
                a
            }
        }
        _ => return None,
    })
}

/// `name(x, k)` is `x` when the constant `k` is the operation's identity.
fn float_identity(name: &str, kc: &Option<Const>) -> bool {
    let is = |f: &dyn Fn(f64) -> bool| kc.as_ref().is_some_and(|k| k.all_float(f));
    match name {
        "addf" => is(&|v| v == 0.0 && v.is_sign_negative()),
        "subf" => is(&|v| v == 0.0 && v.is_sign_positive()),
        "mulf" | "divf" => is(&|v| v == 1.0),
        "maximumf" => is(&|v| v == f64::NEG_INFINITY),
        "minimumf" => is(&|v| v == f64::INFINITY),
        "maxnumf" | "minnumf" => is(&|v| v.is_nan()),
        _ => false,
    }
}

fn fold_float_binary(ctx: &mut Context, op: OpId, name: &str, c: &[Option<Const>], ty: Type) -> Folded {
    let [lhs, rhs] = ctx.operands(op) else { return None };
    let (lhs, rhs) = (*lhs, *rhs);
    let (cl, cr) = (c.first()?, c.get(1)?);
    // Upstream's order: `max(x, x)`, identities with a constant right-hand side, evaluation;
    // commutative identities with the constant on the left last (upstream's canonicalizer moves
    // constants right before folding).
    if lhs == rhs && matches!(name, "maximumf" | "minimumf" | "maxnumf" | "minnumf") {
        return value(lhs);
    }
    if float_identity(name, cr) {
        return value(lhs);
    }
    // mulf(x, ±0) -> ±0 when NaNs and the sign of zero may be ignored.
    let need = FASTMATH_NNAN | FASTMATH_NSZ;
    if name == "mulf"
        && op_flags(ctx, op, "fastmath", BitEnum::FastMath) & need == need
        && cr.as_ref().is_some_and(|k| k.all_float(|v| v == 0.0))
    {
        return value(rhs);
    }
    if let (Some(a), Some(b)) = (cl, cr) {
        let pairs = zip2(a.floats()?, b.floats()?)?;
        // Each value is exact in f64 and f64 has more than twice the precision of f32, f16 and
        // bf16, so computing in f64 and rounding once to the type (in `encode`, through `half`
        // for the 16-bit formats) gives the correctly rounded result of the type's operation.
        let out: Option<Vec<f64>> = pairs
            .into_iter()
            .map(|(x, y)| {
                // An invalid operation (0/0, inf-inf, x%0) makes APFloat's default NaN, which is
                // positive; the host's would be negative on x86. NaN operands propagate as is.
                eval_float(name, x, y).map(|r| if r.is_nan() && !x.is_nan() && !y.is_nan() { f64::NAN } else { r })
            })
            .collect();
        return attr(encode(ctx, ty, Elems::Float(out?)));
    }
    let commutative = matches!(name, "addf" | "mulf" | "maximumf" | "minimumf" | "maxnumf" | "minnumf");
    if commutative && float_identity(name, cl) {
        return value(rhs);
    }
    None
}

fn fold_negf(ctx: &mut Context, op: OpId, c: &[Option<Const>], ty: Type) -> Folded {
    if let Some(Some(a)) = c.first() {
        let out: Vec<f64> = a.floats()?.iter().map(|&x| -x).collect();
        return attr(encode(ctx, ty, Elems::Float(out)));
    }
    let x = opd(ctx, op, 0)?;
    match def_name(ctx, x) {
        Some((d, "arith.negf")) => value(opd(ctx, d, 0)?),
        _ => None,
    }
}

pub fn eval_cmpf(pred: &str, a: f64, b: f64) -> Option<bool> {
    let un = a.is_nan() || b.is_nan();
    Some(match pred {
        "false" => false,
        "oeq" => !un && a == b,
        "ogt" => !un && a > b,
        "oge" => !un && a >= b,
        "olt" => !un && a < b,
        "ole" => !un && a <= b,
        "one" => !un && a != b,
        "ord" => !un,
        "ueq" => un || a == b,
        "ugt" => un || a > b,
        "uge" => un || a >= b,
        "ult" => un || a < b,
        "ule" => un || a <= b,
        "une" => un || a != b,
        "uno" => un,
        "true" => true,
        _ => return None,
    })
}

/// Scalars only, as upstream; one NaN operand decides every predicate on its own.
fn fold_cmpf(ctx: &mut Context, op: OpId, c: &[Option<Const>], ty: Type) -> Folded {
    let pred = predicate(ctx, op, &CMPF_PREDICATES)?;
    if ctx.element_type(ty).is_some() {
        return None;
    }
    let scalar = |k: &Option<Const>| k.as_ref().and_then(|k| k.floats()).and_then(|v| (v.len() == 1).then(|| v[0]));
    let (mut a, mut b) = (scalar(c.first()?), scalar(c.get(1)?));
    if a.is_some_and(f64::is_nan) {
        b = a;
    }
    if b.is_some_and(f64::is_nan) {
        a = b;
    }
    let r = eval_cmpf(pred, a?, b?)?;
    let ctx_bool = ctx.bool_attr(r);
    one(FoldResult::Attr(ctx_bool))
}

// ----- select -----

fn fold_select(ctx: &mut Context, op: OpId, c: &[Option<Const>]) -> Folded {
    let [cond, t, f] = ctx.operands(op) else { return None };
    let (cond, t, f) = (*cond, *t, *f);
    if t == f {
        return value(t);
    }
    if let Some(Some(k)) = c.first() {
        if k.all_int(|v| v & 1 == 1) {
            return value(t);
        }
        if k.all_int(|v| v & 1 == 0) {
            return value(f);
        }
    }
    // select %c, true, false -> %c (same i1 type)
    let is_i1 = |ctx: &Context, v: Value| {
        let ty = ctx.value_type(v);
        ctx.is_signless_integer(ty) && ctx.int_width(ty) == Some(1)
    };
    if is_i1(ctx, t) && ctx.value_type(cond) == ctx.value_type(t) {
        let tc = c.get(1)?.as_ref().is_some_and(|k| k.all_int(|v| v & 1 == 1));
        let fc = c.get(2)?.as_ref().is_some_and(|k| k.all_int(|v| v & 1 == 0));
        if tc && fc {
            return value(cond);
        }
    }
    // select(cmpi eq|ne(a, b), a, b): the value the comparison picks either way.
    if let Some((d, "arith.cmpi")) = def_name(ctx, cond) {
        if let Some(pred) = predicate(ctx, d, &CMPI_PREDICATES).filter(|p| matches!(*p, "eq" | "ne")) {
            let (a, b) = (opd(ctx, d, 0)?, opd(ctx, d, 1)?);
            if (a == t && b == f) || (b == t && a == f) {
                return value(if pred == "ne" { t } else { f });
            }
        }
    }
    // A constant vector or tensor condition picks element by element between constants.
    if let (Some(Some(k)), Some(Some(tk)), Some(Some(fk))) = (c.first(), c.get(1), c.get(2)) {
        if ctx.element_type(ctx.value_type(cond)).is_some() {
            let ty = ctx.value_type(t);
            let picks = k.ints()?;
            let n = picks.len().max(tk_len(tk)).max(tk_len(fk));
            let at = |len: usize, i: usize| if len == 1 { 0 } else { i };
            let ok = |len: usize| len == 1 || len == n;
            if !ok(picks.len()) || !ok(tk_len(tk)) || !ok(tk_len(fk)) {
                return None;
            }
            let pick = |i: usize| picks[at(picks.len(), i)] & 1 == 1;
            let elems = match (&tk.elems, &fk.elems) {
                (Elems::Int(a), Elems::Int(b)) => {
                    Elems::Int((0..n).map(|i| if pick(i) { a[at(a.len(), i)] } else { b[at(b.len(), i)] }).collect())
                }
                (Elems::Float(a), Elems::Float(b)) => {
                    Elems::Float((0..n).map(|i| if pick(i) { a[at(a.len(), i)] } else { b[at(b.len(), i)] }).collect())
                }
                _ => return None,
            };
            return attr(encode(ctx, ty, elems));
        }
    }
    None
}

fn tk_len(k: &Const) -> usize {
    match &k.elems {
        Elems::Int(v) => v.len(),
        Elems::Float(v) => v.len(),
    }
}

// ----- casts -----

fn fold_cast(ctx: &mut Context, op: OpId, name: &str, c: &[Option<Const>], ty: Type) -> Folded {
    let x = *ctx.operands(op).first()?;
    let in_ty = ctx.value_type(x);
    // Cast round trips that give back the original value.
    if let Some((d, dname)) = def_name(ctx, x) {
        let src = ctx.operands(d).first().copied();
        let back = matches!(
            (name, dname),
            ("trunci", "arith.extsi" | "arith.extui")
                | ("index_cast", "arith.index_cast")
                | ("index_castui", "arith.index_castui")
                | ("bitcast", "arith.bitcast")
        );
        if let Some(src) = src.filter(|&s| back && ctx.value_type(s) == ty) {
            return value(src);
        }
    }
    if let Some(r) = fold_cast_chain(ctx, op, name, x, ty) {
        return Some(r);
    }
    if let Some(r) = fold_float_round_trip(ctx, op, name, x, ty) {
        return Some(r);
    }
    let Some(Some(k)) = c.first() else { return None };
    let (ie, oe) = (ctx.element_type_or_self(in_ty), ctx.element_type_or_self(ty));
    let out = match name {
        "extsi" | "extui" | "trunci" | "index_cast" | "index_castui" => {
            let wi = int_width(ctx, ie)?;
            let v = k.ints()?;
            let signed = matches!(name, "extsi" | "index_cast");
            Elems::Int(v.iter().map(|&x| if signed { sext(x, wi) } else { zext(x, wi) as i128 }).collect())
        }
        "sitofp" | "uitofp" => {
            let wi = int_width(ctx, ie)?;
            let kind = ctx.float_kind(oe)?;
            let v = k.ints()?;
            Elems::Float(
                v.iter()
                    .map(|&x| {
                        if name == "sitofp" {
                            let s = sext(x, wi);
                            int_to_float(s < 0, s.unsigned_abs(), kind)
                        } else {
                            int_to_float(false, zext(x, wi), kind)
                        }
                    })
                    .collect(),
            )
        }
        "fptosi" | "fptoui" => {
            let wo = int_width(ctx, oe)?;
            let v = k.floats()?;
            let out: Option<Vec<i128>> = v.iter().map(|&f| float_to_int(f, wo, name == "fptosi")).collect();
            Elems::Int(out?)
        }
        "extf" => Elems::Float(k.floats()?.to_vec()),
        "truncf" => {
            // Upstream folds only exact conversions (then the rounding mode does not matter);
            // a NaN whose payload would be cut does not fold either.
            let v = k.floats()?;
            if v.iter().any(|&x| ctx.round_float(x, oe).to_bits() != x.to_bits()) {
                return None;
            }
            Elems::Float(v.to_vec())
        }
        "bitcast" => bitcast(ctx, k, ie, oe)?,
        _ => return None,
    };
    attr(encode(ctx, ty, out))
}

/// Chains of casts that fold in place, as upstream: `ext(ext(a)) -> ext(a)` for the same
/// integer extension (not `extf`, which upstream keeps), `trunci(trunci(a)) -> trunci(a)`, `trunci(ext(a)) -> trunci(a)` when `a` is
/// still wider than the result. The op keeps its result and takes `a` as its operand.
fn fold_cast_chain(ctx: &mut Context, op: OpId, name: &str, x: Value, ty: Type) -> Folded {
    let (d, dname) = def_name(ctx, x)?;
    let src = opd(ctx, d, 0)?;
    let wider = || {
        let ws = ctx.int_width(ctx.element_type_or_self(ctx.value_type(src)));
        let wr = ctx.int_width(ctx.element_type_or_self(ty));
        matches!((ws, wr), (Some(a), Some(b)) if a > b)
    };
    let chain = match (name, dname) {
        ("extui", "arith.extui") | ("extsi", "arith.extsi") => true,
        ("trunci", "arith.trunci") => true,
        ("trunci", "arith.extui" | "arith.extsi") => wider(),
        _ => false,
    };
    if !chain {
        return None;
    }
    ctx.set_operand(op, 0, src);
    one(FoldResult::Value(ctx.result(op, 0)))
}

/// Upstream's `ExtFOp::fold` and `TruncFOp::fold` on each other: `extf(truncf(a))` is `a` when
/// both allow contraction; `truncf(extf(a))` is `a` for `a` of the result type, or
/// `truncf(a)` (in place) for a wider `a`, since the extension is exact.
fn fold_float_round_trip(ctx: &mut Context, op: OpId, name: &str, x: Value, ty: Type) -> Folded {
    let (d, dname) = def_name(ctx, x)?;
    let src = opd(ctx, d, 0)?;
    let st = ctx.value_type(src);
    match (name, dname) {
        ("extf", "arith.truncf") => {
            let contract = |o| op_flags(ctx, o, "fastmath", BitEnum::FastMath) & FASTMATH_CONTRACT != 0;
            (st == ty && contract(op) && contract(d)).then(|| vec![FoldResult::Value(src)])
        }
        ("truncf", "arith.extf") => {
            if st == ty {
                return value(src);
            }
            let width = |t: Type| ctx.float_kind(ctx.element_type_or_self(t)).map(|k| k.width());
            if !matches!((width(st), width(ty)), (Some(a), Some(b)) if a > b) {
                return None;
            }
            ctx.set_operand(op, 0, src);
            one(FoldResult::Value(ctx.result(op, 0)))
        }
        _ => None,
    }
}

/// Truncation toward zero; out of range and NaN do not fold (upstream's invalid-op status).
pub(crate) fn float_to_int(f: f64, w: u32, signed: bool) -> Option<i128> {
    if !f.is_finite() {
        return None;
    }
    let t = f.trunc();
    let (lo, hi) =
        if signed { (-(2f64.powi(w as i32 - 1)), 2f64.powi(w as i32 - 1)) } else { (0.0, 2f64.powi(w as i32)) };
    if t < lo || t >= hi {
        return None;
    }
    if signed {
        Some(t as i128)
    } else {
        Some((t as u128) as i128)
    }
}

fn bitcast(ctx: &Context, k: &Const, ie: Type, oe: Type) -> Option<Elems> {
    let bits: Vec<u128> = match &k.elems {
        Elems::Int(v) => {
            let w = int_width(ctx, ie)?;
            v.iter().map(|&x| zext(x, w)).collect()
        }
        Elems::Float(v) => {
            let kind = ctx.float_kind(ie)?;
            v.iter().map(|&x| float_bits(x, kind)).collect()
        }
    };
    Some(match ctx.float_kind(oe) {
        Some(kind) => Elems::Float(bits.into_iter().map(|b| float_from_bits(b, kind)).collect()),
        None => Elems::Int(bits.into_iter().map(|b| b as i128).collect()),
    })
}
