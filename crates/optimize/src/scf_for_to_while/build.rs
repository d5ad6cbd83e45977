//! The `arith` and `scf` ops the rewrite creates, built by name with the attributes upstream's
//! builders give them (so the generic form matches), without depending on the dialect crates.

use flowgate_ir::asm::parse_attr_str;
use flowgate_ir::{Builder, Location, OperationState, Value};
use flowgate_scf::ConditionOp;

/// The `arith.cmpi` predicates the rewrite uses, numbered as upstream's enum.
#[derive(Copy, Clone)]
pub(super) enum Predicate {
    Slt = 2,
    Ult = 6,
}

pub(super) fn cmpi(b: &mut Builder<'_>, pred: Predicate, lhs: Value, rhs: Value, loc: Location) -> Value {
    let i64t = b.ctx.integer_type(64);
    let p = b.ctx.integer_attr(pred as i128, i64t);
    let i1 = b.ctx.i1_type();
    let st =
        OperationState::new(b.ctx, "arith.cmpi", loc).operands(&[lhs, rhs]).results(&[i1]).attr(b.ctx, "predicate", p);
    b.create_value(st)
}

/// `arith.addi` with upstream's default `overflowFlags = #arith.overflow<none>`.
pub(super) fn addi(b: &mut Builder<'_>, lhs: Value, rhs: Value, loc: Location) -> Value {
    let ty = b.ctx.value_type(lhs);
    let mut st = OperationState::new(b.ctx, "arith.addi", loc).operands(&[lhs, rhs]).results(&[ty]);
    // The attribute text is a constant, so it always parses; without it the op would still be
    // valid (the flags default to none).
    if let Ok(flags) = parse_attr_str(b.ctx, "#arith.overflow<none>") {
        st.add_attr(b.ctx, "overflowFlags", flags);
    }
    b.create_value(st)
}

pub(super) fn condition(b: &mut Builder<'_>, flag: Value, args: &[Value], loc: Location) {
    let mut operands = vec![flag];
    operands.extend_from_slice(args);
    let st = OperationState::new(b.ctx, ConditionOp::NAME, loc).operands(&operands);
    b.create(st);
}
