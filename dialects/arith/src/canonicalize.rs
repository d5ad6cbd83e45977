//! A few of upstream's arith canonicalization patterns.

use crate::consts::{decode, encode, int_width, zip2, Elems};
use crate::flags::{op_flags, BitEnum, CMPI_PREDICATES};
use crate::fold::eval_int;
use flowgate_ir::{Attribute, Builder, Context, OpId, OperationState, RewritePattern, Traits, Value};

/// The `value` of a constant-like op defining `v`.
pub fn constant_of(ctx: &Context, v: Value) -> Option<Attribute> {
    let d = ctx.defining_op(v)?;
    if !ctx.has_trait(d, Traits::CONSTANT_LIKE) {
        return None;
    }
    ctx.attr(d, "value")
}

fn make_constant(b: &mut Builder<'_>, value: Attribute, loc: flowgate_ir::Location) -> Option<Value> {
    let ty = b.ctx.attr_type(value)?;
    let st = OperationState::new(b.ctx, "arith.constant", loc).results(&[ty]).attr(b.ctx, "value", value);
    Some(b.create_value(st))
}

/// `c0 op c1` for two integer constants of type `ty`.
fn combine(ctx: &mut Context, op: &str, c0: Attribute, c1: Attribute, ty: flowgate_ir::Type) -> Option<Attribute> {
    let w = int_width(ctx, ctx.element_type_or_self(ty))?;
    let (a, b) = (decode(ctx, c0)?, decode(ctx, c1)?);
    let pairs = zip2(a.ints()?, b.ints()?)?;
    let out: Option<Vec<i128>> = pairs.into_iter().map(|(x, y)| eval_int(op, x, y, w)).collect();
    encode(ctx, ty, Elems::Int(out?))
}

/// `(x op0 c0) op1 c1 -> x op0 (c0 combine c1)`, the constant on either side of the inner op.
fn reassociate(b: &mut Builder<'_>, op: OpId, outer: &str, inner: &str, combine_op: &str) -> bool {
    let ctx = &*b.ctx;
    if ctx.operands(op).len() != 2 || ctx.results(op).len() != 1 {
        return false;
    }
    let (lhs, rhs) = (ctx.operand(op, 0), ctx.operand(op, 1));
    let Some(c1) = constant_of(ctx, rhs) else { return false };
    let Some(d) = ctx.defining_op(lhs).filter(|&d| ctx.is_op(d, inner) && ctx.operands(d).len() == 2) else {
        return false;
    };
    let (a, bb) = (ctx.operand(d, 0), ctx.operand(d, 1));
    let (x, c0) = match (constant_of(ctx, a), constant_of(ctx, bb)) {
        (_, Some(c0)) => (a, c0),
        (Some(c0), None) if inner != "arith.subi" => (bb, c0),
        _ => return false,
    };
    let ty = ctx.value_type(ctx.result(op, 0));
    // Upstream merges the flags, except for `SubIRHSAddConstant`, which drops them.
    let flags = if outer == "arith.subi" {
        0
    } else {
        op_flags(ctx, op, "overflowFlags", BitEnum::Overflow) & op_flags(ctx, d, "overflowFlags", BitEnum::Overflow)
    };
    let loc = ctx.op_loc(op);
    // Flags that the constant combination keeps sound (splats only; other constants keep none).
    let w = int_width(b.ctx, b.ctx.element_type_or_self(ty)).unwrap_or(0);
    let splat = |a| decode(b.ctx, a).and_then(|k| k.splat_int());
    let flags = match (splat(c0), splat(c1)) {
        (Some(a), Some(k)) if w > 0 => crate::canonicalize_int::sound_flags(flags, combine_op, a, k, w),
        _ => 0,
    };
    let Some(c) = combine(b.ctx, combine_op, c0, c1, ty) else { return false };
    let Some(cv) = make_constant(b, c, loc) else { return false };
    let result_op = if inner == "arith.muli" { "arith.muli" } else { "arith.addi" };
    let fl = BitEnum::Overflow.attr(b.ctx, flags);
    let st =
        OperationState::new(b.ctx, result_op, loc).operands(&[x, cv]).results(&[ty]).attr(b.ctx, "overflowFlags", fl);
    let nv = b.create_value(st);
    b.ctx.replace_op(op, &[nv]);
    true
}

/// `addi(addi(x, c0), c1) -> addi(x, c0 + c1)`
struct AddIAddConstant;
impl RewritePattern for AddIAddConstant {
    fn root(&self) -> Option<&'static str> {
        Some("arith.addi")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        reassociate(b, op, "arith.addi", "arith.addi", "addi")
    }
}

/// `subi(addi(x, c0), c1) -> addi(x, c0 - c1)`
struct SubIRHSAddConstant;
impl RewritePattern for SubIRHSAddConstant {
    fn root(&self) -> Option<&'static str> {
        Some("arith.subi")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        reassociate(b, op, "arith.subi", "arith.addi", "subi")
    }
}

/// `muli(muli(x, c0), c1) -> muli(x, c0 * c1)`
struct MulIMulIConstant;
impl RewritePattern for MulIMulIConstant {
    fn root(&self) -> Option<&'static str> {
        Some("arith.muli")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        reassociate(b, op, "arith.muli", "arith.muli", "muli")
    }
}

fn is_bool_const(ctx: &Context, v: Value, want: bool) -> bool {
    constant_of(ctx, v).and_then(|a| decode(ctx, a)).is_some_and(|k| k.all_int(|x| (x & 1 == 1) == want))
}

/// `select(c, false, true) -> xori(c, true)` for `i1` values.
struct SelectI1ToNot;
impl RewritePattern for SelectI1ToNot {
    fn root(&self) -> Option<&'static str> {
        Some("arith.select")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let [c, t, f] = ctx.operands(op) else { return false };
        let (c, t, f) = (*c, *t, *f);
        let ty = ctx.value_type(t);
        if ctx.value_type(c) != ty || !is_bool_const(ctx, t, false) || !is_bool_const(ctx, f, true) {
            return false;
        }
        let loc = ctx.op_loc(op);
        let one = match encode(b.ctx, ty, Elems::Int(vec![1])) {
            Some(a) => a,
            None => return false,
        };
        let Some(cv) = make_constant(b, one, loc) else { return false };
        let st = OperationState::new(b.ctx, "arith.xori", loc).operands(&[c, cv]).results(&[ty]);
        let nv = b.create_value(st);
        b.ctx.replace_op(op, &[nv]);
        true
    }
}

/// Upstream's `invertPredicate`.
fn invert(pred: &str) -> &'static str {
    match pred {
        "eq" => "ne",
        "ne" => "eq",
        "slt" => "sge",
        "sle" => "sgt",
        "sgt" => "sle",
        "sge" => "slt",
        "ult" => "uge",
        "ule" => "ugt",
        "ugt" => "ule",
        _ => "ult",
    }
}

fn cmpi_predicate(ctx: &Context, op: OpId) -> Option<&'static str> {
    let p = ctx.attr(op, "predicate").and_then(|a| ctx.attr_as_int(a))?;
    CMPI_PREDICATES.get(usize::try_from(p).ok()?).copied()
}

fn build_cmpi(b: &mut Builder<'_>, op: OpId, pred: &str, lhs: Value, rhs: Value) -> bool {
    let Some(idx) = CMPI_PREDICATES.iter().position(|p| *p == pred) else { return false };
    let loc = b.ctx.op_loc(op);
    let ty = b.ctx.value_type(b.ctx.result(op, 0));
    let i64t = b.ctx.integer_type(64);
    let pa = b.ctx.integer_attr(idx as i128, i64t);
    let st =
        OperationState::new(b.ctx, "arith.cmpi", loc).operands(&[lhs, rhs]).results(&[ty]).attr(b.ctx, "predicate", pa);
    let nv = b.create_value(st);
    b.ctx.replace_op(op, &[nv]);
    true
}

/// `xori(cmpi(pred, a, b), true) -> cmpi(!pred, a, b)`
struct XOrINotCmpI;
impl RewritePattern for XOrINotCmpI {
    fn root(&self) -> Option<&'static str> {
        Some("arith.xori")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let [x, y] = ctx.operands(op) else { return false };
        let (x, y) = (*x, *y);
        if !is_bool_const(ctx, y, true) {
            return false;
        }
        let Some(d) = ctx.defining_op(x).filter(|&d| ctx.is_op(d, "arith.cmpi") && ctx.operands(d).len() == 2) else {
            return false;
        };
        if ctx.value_type(x) != ctx.value_type(ctx.result(op, 0)) {
            return false;
        }
        let Some(pred) = cmpi_predicate(ctx, d) else { return false };
        let (a, c) = (ctx.operand(d, 0), ctx.operand(d, 1));
        build_cmpi(b, op, invert(pred), a, c)
    }
}

/// `cmpi(eq|ne, ext(a), ext(b)) -> cmpi(eq|ne, a, b)` when both are extended the same way from
/// the same type.
struct CmpIOfExtensions;
impl RewritePattern for CmpIOfExtensions {
    fn root(&self) -> Option<&'static str> {
        Some("arith.cmpi")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(pred) = cmpi_predicate(ctx, op).filter(|p| matches!(*p, "eq" | "ne")) else { return false };
        let [x, y] = ctx.operands(op) else { return false };
        let (Some(dx), Some(dy)) = (ctx.defining_op(*x), ctx.defining_op(*y)) else { return false };
        let ext = |d: OpId| ctx.is_op(d, "arith.extsi") || ctx.is_op(d, "arith.extui");
        if !ext(dx) || ctx.op_name(dx) != ctx.op_name(dy) {
            return false;
        }
        let (Some(&a), Some(&c)) = (ctx.operands(dx).first(), ctx.operands(dy).first()) else { return false };
        if ctx.value_type(a) != ctx.value_type(c) {
            return false;
        }
        build_cmpi(b, op, pred, a, c)
    }
}

/// `extsi(extui(x)) -> extui(x)`: the inner zero extension leaves a clear sign bit.
struct ExtSIOfExtUI;
impl RewritePattern for ExtSIOfExtUI {
    fn root(&self) -> Option<&'static str> {
        Some("arith.extsi")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(&x) = ctx.operands(op).first() else { return false };
        let Some(d) = ctx.defining_op(x).filter(|&d| ctx.is_op(d, "arith.extui")) else { return false };
        let Some(&src) = ctx.operands(d).first() else { return false };
        let ty = ctx.value_type(ctx.result(op, 0));
        let loc = ctx.op_loc(op);
        let st = OperationState::new(b.ctx, "arith.extui", loc).operands(&[src]).results(&[ty]);
        let nv = b.create_value(st);
        b.ctx.replace_op(op, &[nv]);
        true
    }
}

/// `trunci(extui(x)) -> extui(x)` (and `extsi`) when `x` is narrower than the result.
struct TruncIOfNarrowExt;
impl RewritePattern for TruncIOfNarrowExt {
    fn root(&self) -> Option<&'static str> {
        Some("arith.trunci")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let (Some(&x), Some(&r)) = (ctx.operands(op).first(), ctx.results(op).first()) else { return false };
        let Some(d) = ctx.defining_op(x) else { return false };
        let ext = ctx.op_name(d);
        if ext != "arith.extui" && ext != "arith.extsi" {
            return false;
        }
        let Some(&src) = ctx.operands(d).first() else { return false };
        let ty = ctx.value_type(r);
        let width = |t| ctx.int_width(ctx.element_type_or_self(t));
        if !matches!((width(ctx.value_type(src)), width(ty)), (Some(a), Some(b)) if a < b) {
            return false;
        }
        let ext = ext.to_string();
        let loc = ctx.op_loc(op);
        let st = OperationState::new(b.ctx, &ext, loc).operands(&[src]).results(&[ty]);
        let nv = b.create_value(st);
        b.ctx.replace_op(op, &[nv]);
        true
    }
}

pub fn trunci_patterns() -> Vec<Box<dyn RewritePattern>> {
    let mut v: Vec<Box<dyn RewritePattern>> = vec![Box::new(TruncIOfNarrowExt)];
    v.extend(crate::canonicalize_casts::trunci_shift_patterns());
    v
}

pub fn addi_patterns() -> Vec<Box<dyn RewritePattern>> {
    let mut v: Vec<Box<dyn RewritePattern>> = vec![Box::new(AddIAddConstant)];
    v.extend(crate::canonicalize_int::addi_patterns());
    v
}

pub fn subi_patterns() -> Vec<Box<dyn RewritePattern>> {
    let mut v: Vec<Box<dyn RewritePattern>> = vec![Box::new(SubIRHSAddConstant)];
    v.extend(crate::canonicalize_int::subi_patterns());
    v
}

pub fn muli_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(MulIMulIConstant)]
}

pub fn select_patterns() -> Vec<Box<dyn RewritePattern>> {
    let mut v = crate::canonicalize_select::before_i1_to_not();
    v.push(Box::new(SelectI1ToNot));
    v.extend(crate::canonicalize_select::after_i1_to_not());
    v
}

pub fn xori_patterns() -> Vec<Box<dyn RewritePattern>> {
    let mut v: Vec<Box<dyn RewritePattern>> = vec![Box::new(XOrINotCmpI)];
    v.extend(crate::canonicalize_casts::xori_ext_patterns());
    v
}

pub fn cmpi_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(CmpIOfExtensions)]
}

pub fn extsi_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(ExtSIOfExtUI)]
}
