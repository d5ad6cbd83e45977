//! Upstream's float canonicalization patterns: negations that cancel in `mulf`/`divf`, and
//! `cmpf` of an integer converted to float against a constant turned into `cmpi`
//! (`CmpFIntToFPConst`, after LLVM's InstCombine).

use crate::builders;
use crate::canonicalize::constant_of;
use crate::consts::{decode, int_to_float, int_width, mask, sext};
use crate::flags::CMPF_PREDICATES;
use crate::fold::float_to_int;
use flowgate_ir::{Builder, FloatKind, OpId, OperationState, RewritePattern, Value};

/// `mulf(negf(x), negf(y)) -> mulf(x, y)` and the same for `divf`, keeping the op's fastmath
/// flags: the two sign flips cancel exactly (also for NaN payloads' signs, which IEEE leaves
/// unspecified for these ops).
struct BinaryOfNegations(&'static str);

impl RewritePattern for BinaryOfNegations {
    fn root(&self) -> Option<&'static str> {
        Some(self.0)
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let ([l, r], [res]) = (ctx.operands(op), ctx.results(op)) else { return false };
        let neg_of = |v: Value| {
            let d = ctx.defining_op(v).filter(|&d| ctx.is_op(d, "arith.negf"))?;
            ctx.operands(d).first().copied()
        };
        let (Some(x), Some(y)) = (neg_of(*l), neg_of(*r)) else { return false };
        if ctx.value_type(x) != ctx.value_type(y) {
            return false;
        }
        let ty = ctx.value_type(*res);
        let loc = ctx.op_loc(op);
        let mut st = OperationState::new(b.ctx, self.0, loc).operands(&[x, y]).results(&[ty]);
        if let Some(fm) = b.ctx.attr(op, "fastmath") {
            st.add_attr(b.ctx, "fastmath", fm);
        }
        let nv = b.create_value(st);
        b.ctx.replace_op(op, &[nv]);
        true
    }
}

/// Significand bits with the implicit one (APFloat's `getFPMantissaWidth`).
fn mantissa_width(k: FloatKind) -> i32 {
    match k {
        FloatKind::F16 => 11,
        FloatKind::BF16 => 8,
        FloatKind::F32 => 24,
        FloatKind::F64 => 53,
    }
}

/// Exponent of the largest finite value.
fn max_exponent(k: FloatKind) -> i32 {
    match k {
        FloatKind::F16 => 15,
        FloatKind::BF16 | FloatKind::F32 => 127,
        FloatKind::F64 => 1023,
    }
}

/// `ilogb` of a finite non-zero value: the exponent of its leading bit.
fn ilogb(v: f64) -> i32 {
    let bits = v.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i32;
    if e != 0 {
        return e - 1023;
    }
    let m = bits & ((1u64 << 52) - 1);
    -1075 + (64 - m.leading_zeros() as i32)
}

/// What `cmpf pred, (s|u)itofp(x), k` becomes.
#[derive(Debug, PartialEq)]
pub(crate) enum IntCompare {
    Const(bool),
    CmpI(&'static str, i128),
}

/// Upstream's `CmpFIntToFPConst` decision for an integer of width `w` converted to float kind
/// `kind` and compared with the constant `rhs`; `None` where upstream leaves the op alone.
pub(crate) fn int_compare(pred: &str, rhs: f64, w: u32, unsigned: bool, kind: FloatKind) -> Option<IntCompare> {
    use IntCompare::{CmpI, Const};
    if rhs.is_nan() || w == 0 {
        return None;
    }
    let mantissa = mantissa_width(kind);
    let value_bits = if unsigned { w as i32 } else { w as i32 - 1 };
    if w as i32 > mantissa {
        // The conversion may round: leave comparisons it could change.
        if rhs.is_infinite() {
            if max_exponent(kind) < value_bits {
                return None;
            }
        } else if rhs != 0.0 {
            let e = ilogb(rhs);
            if mantissa <= e && e <= value_bits {
                return None;
            }
        }
    }
    let mut p: &'static str = match pred {
        "ord" => return Some(Const(true)),
        "uno" => return Some(Const(false)),
        "oeq" | "ueq" => "eq",
        "one" | "une" => "ne",
        "ogt" | "ugt" if unsigned => "ugt",
        "ogt" | "ugt" => "sgt",
        "oge" | "uge" if unsigned => "uge",
        "oge" | "uge" => "sge",
        "olt" | "ult" if unsigned => "ult",
        "olt" | "ult" => "slt",
        "ole" | "ule" if unsigned => "ule",
        "ole" | "ule" => "sle",
        // `false` and `true` are not handled upstream either.
        _ => return None,
    };
    // Constants beyond the integer range decide the comparison.
    let top = if unsigned { mask(w) } else { mask(w) >> 1 };
    let max = int_to_float(false, top, kind);
    if max < rhs {
        return Some(Const(matches!(p, "ne" | "slt" | "sle" | "ult" | "ule")));
    }
    let min = if unsigned { 0.0 } else { int_to_float(true, 1u128 << (w - 1), kind) };
    if min > rhs {
        return Some(Const(matches!(p, "ne" | "sgt" | "sge" | "ugt" | "uge")));
    }
    let k = float_to_int(rhs, w, !unsigned)?;
    if rhs != 0.0 {
        let back =
            if unsigned { int_to_float(false, k as u128, kind) } else { int_to_float(k < 0, k.unsigned_abs(), kind) };
        if back != rhs {
            // A fractional constant: `k` is `rhs` rounded toward zero.
            let neg = rhs < 0.0;
            p = match p {
                "ne" => return Some(Const(true)),
                "eq" => return Some(Const(false)),
                "ule" | "ult" if neg => return Some(Const(false)),
                "ugt" | "uge" if neg => return Some(Const(true)),
                "ult" => "ule",
                "uge" => "ugt",
                "sle" if neg => "slt",
                "slt" if !neg => "sle",
                "sgt" if neg => "sge",
                "sge" if !neg => "sgt",
                other => other,
            };
        }
    }
    Some(CmpI(p, k))
}

struct CmpFIntToFPConst;

impl RewritePattern for CmpFIntToFPConst {
    fn root(&self) -> Option<&'static str> {
        Some("arith.cmpf")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let [lhs, rhs] = ctx.operands(op) else { return false };
        let (lhs, rhs) = (*lhs, *rhs);
        // A scalar float constant (upstream matches a `FloatAttr`).
        let rhs_ty = ctx.value_type(rhs);
        let Some(kind) = ctx.float_kind(rhs_ty) else { return false };
        let Some(k) = constant_of(ctx, rhs).and_then(|a| decode(ctx, a)) else { return false };
        let Some(&[r]) = k.floats() else { return false };
        let Some(d) = ctx.defining_op(lhs) else { return false };
        let unsigned = match ctx.op_name(d) {
            "arith.sitofp" => false,
            "arith.uitofp" => true,
            _ => return false,
        };
        let Some(&x) = ctx.operands(d).first() else { return false };
        let int_ty = ctx.value_type(x);
        if !ctx.is_signless_integer(int_ty) {
            return false;
        }
        let Some(w) = int_width(ctx, int_ty) else { return false };
        let pred = ctx.attr(op, "predicate").and_then(|a| ctx.attr_as_int(a));
        let Some(pred) = pred.and_then(|p| CMPF_PREDICATES.get(usize::try_from(p).ok()?)) else { return false };
        let Some(decision) = int_compare(pred, r, w, unsigned, kind) else { return false };
        let loc = ctx.op_loc(op);
        let nv = match decision {
            IntCompare::Const(v) => {
                let a = b.ctx.bool_attr(v);
                let Some(c) = builders::constant(b, a, loc) else { return false };
                c
            }
            IntCompare::CmpI(p, k) => {
                let c = builders::constant_int(b, sext(k, w), int_ty, loc);
                let Some(v) = builders::cmpi(b, p, x, c, loc) else { return false };
                v
            }
        };
        b.ctx.replace_op(op, &[nv]);
        true
    }
}

pub fn mulf_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(BinaryOfNegations("arith.mulf"))]
}

pub fn divf_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(BinaryOfNegations("arith.divf"))]
}

pub fn cmpf_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(CmpFIntToFPConst)]
}
