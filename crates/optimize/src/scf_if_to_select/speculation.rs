//! Which ops may run on a path where the program did not run them: upstream's
//! `isSpeculatable` for the ops if-conversion hoists out of `scf.if` branches.

use flowgate_ir::{Context, OpId, Traits, TypeKind, Value};

/// Integer divisions upstream marks `ConditionallySpeculatable`: they trap (or are undefined)
/// on a zero divisor, and the signed ones also on `INT_MIN / -1`.
const UNSIGNED_DIVISIONS: &[&str] = &["arith.divui", "arith.ceildivui", "arith.remui"];
const SIGNED_DIVISIONS: &[&str] = &["arith.divsi", "arith.ceildivsi", "arith.floordivsi", "arith.remsi"];

/// `math.ipowi` is Pure upstream, but `convert-math-to-funcs` lowers a negative exponent with
/// a zero base to a deliberate `1 / 0`; executing it where the program did not would trap.
const TRAPPING_MATH: &[&str] = &["math.ipowi"];

/// True when `op` can be executed unconditionally without changing what the program does:
/// a registered, pure `arith` or `math` op without regions whose evaluation cannot trap.
/// Unknown ops, ops with regions and ops with memory effects never are.
pub(crate) fn is_speculatable(ctx: &Context, op: OpId) -> bool {
    let name = ctx.op_name(op);
    if !(name.starts_with("arith.") || name.starts_with("math.")) {
        return false;
    }
    if !ctx.is_registered(op) || !ctx.has_trait(op, Traits::PURE) || !ctx.regions(op).is_empty() {
        return false;
    }
    if TRAPPING_MATH.contains(&name) {
        return false;
    }
    let divisor = || ctx.operands(op).get(1).copied().and_then(|v| scalar_constant(ctx, v));
    if UNSIGNED_DIVISIONS.contains(&name) {
        return divisor().is_some_and(|d| d != 0);
    }
    if SIGNED_DIVISIONS.contains(&name) {
        return divisor().is_some_and(|d| d != 0 && d != -1);
    }
    true
}

/// The value of a scalar integer `arith.constant`, sign-extended from its type's width (so an
/// `i8` 255 is -1, and so is an `i1` true, which `normalize_int` keeps as 1).
fn scalar_constant(ctx: &Context, v: Value) -> Option<i128> {
    let d = ctx.defining_op(v)?;
    if !ctx.is_op(d, "arith.constant") {
        return None;
    }
    let attr = ctx.attr(d, "value")?;
    let raw = ctx.attr_as_int(attr)?;
    let ty = ctx.value_type(v);
    if matches!(ctx.type_kind(ty), TypeKind::Integer { width: 1, .. }) {
        return Some(-(raw & 1));
    }
    Some(ctx.normalize_int(raw, ty))
}
