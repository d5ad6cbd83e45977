//! The `cf` and `arith` ops the lowering emits: branches through the cf dialect's builders,
//! the rest by name with upstream's generic attribute forms.

use flowgate_ir::asm::parse_attr_str;
use flowgate_ir::{BlockId, Builder, Diagnostic, Location, OpId, OperationState, Value};

/// `arith.cmpi` predicates, as upstream numbers them.
#[derive(Copy, Clone)]
pub(crate) enum CmpPredicate {
    Slt = 2,
    Ult = 6,
}

/// `cf.br` and `cf.cond_br` as the cf dialect lays them out.
pub(crate) use flowgate_cf::builders::br;

/// `cf.cond_br %c, ^t(targs), ^f(fargs)`.
pub(crate) fn cond_br(
    b: &mut Builder<'_>,
    cond: Value,
    (t, targs): (BlockId, &[Value]),
    (f, fargs): (BlockId, &[Value]),
    loc: Location,
) -> OpId {
    flowgate_cf::builders::cond_br(b, cond, t, targs, f, fargs, loc)
}

/// `cf.switch %flag : i64, [default: ^d, v: ^b, ...]` with no successor operands. The flag and
/// the case values are 64 bits wide: an `index` case such as 2^32 must not collide with 0.
pub(crate) fn switch(
    b: &mut Builder<'_>,
    flag: Value,
    default: BlockId,
    cases: &[(i64, BlockId)],
    loc: Location,
) -> Result<OpId, Diagnostic> {
    let seg = b.ctx.dense_i32_array_attr(&[1, 0, 0]);
    let case_segs = b.ctx.dense_i32_array_attr(&vec![0; cases.len()]);
    let mut succs = vec![default];
    succs.extend(cases.iter().map(|c| c.1));
    let mut st = OperationState::new(b.ctx, "cf.switch", loc)
        .operands(&[flag])
        .successors(&succs)
        .attr(b.ctx, "operandSegmentSizes", seg)
        .attr(b.ctx, "case_operand_segments", case_segs);
    if !cases.is_empty() {
        let vals: Vec<String> = cases.iter().map(|c| c.0.to_string()).collect();
        let text = format!("dense<[{}]> : vector<{}xi64>", vals.join(", "), cases.len());
        let attr = parse_attr_str(b.ctx, &text)?;
        st.add_attr(b.ctx, "case_values", attr);
    }
    Ok(b.create(st))
}

pub(crate) fn cmpi(b: &mut Builder<'_>, pred: CmpPredicate, lhs: Value, rhs: Value, loc: Location) -> Value {
    let i64t = b.ctx.integer_type(64);
    let p = b.ctx.integer_attr(pred as i128, i64t);
    let i1 = b.ctx.i1_type();
    let st =
        OperationState::new(b.ctx, "arith.cmpi", loc).operands(&[lhs, rhs]).results(&[i1]).attr(b.ctx, "predicate", p);
    b.create_value(st)
}

pub(crate) fn addi(b: &mut Builder<'_>, lhs: Value, rhs: Value, loc: Location) -> Result<Value, Diagnostic> {
    let ty = b.ctx.value_type(lhs);
    let flags = parse_attr_str(b.ctx, "#arith.overflow<none>")?;
    let st = OperationState::new(b.ctx, "arith.addi", loc).operands(&[lhs, rhs]).results(&[ty]).attr(
        b.ctx,
        "overflowFlags",
        flags,
    );
    Ok(b.create_value(st))
}

pub(crate) fn index_cast(b: &mut Builder<'_>, v: Value, to: flowgate_ir::Type, loc: Location) -> Value {
    let st = OperationState::new(b.ctx, "arith.index_cast", loc).operands(&[v]).results(&[to]);
    b.create_value(st)
}
