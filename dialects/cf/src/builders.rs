//! Typed constructors for passes that create branches (the scf-to-cf lowering): they lay out
//! the operands and set the segment attributes the generic form carries.

use flowgate_ir::{AttrKind, BlockId, Builder, DenseElements, Location, OpId, OperationState, TypeKind, Value};

/// `cf.br dest(operands)`.
pub fn br(b: &mut Builder<'_>, dest: BlockId, operands: &[Value], loc: Location) -> OpId {
    let st = OperationState::new(b.ctx, "cf.br", loc).operands(operands).successors(&[dest]);
    b.create(st)
}

/// `cf.cond_br cond, t(t_ops), f(f_ops)`.
pub fn cond_br(
    b: &mut Builder<'_>,
    cond: Value,
    t: BlockId,
    t_ops: &[Value],
    f: BlockId,
    f_ops: &[Value],
    loc: Location,
) -> OpId {
    let segs = b.ctx.dense_i32_array_attr(&[1, t_ops.len() as i32, f_ops.len() as i32]);
    let mut operands = vec![cond];
    operands.extend_from_slice(t_ops);
    operands.extend_from_slice(f_ops);
    let st = OperationState::new(b.ctx, "cf.cond_br", loc).operands(&operands).successors(&[t, f]).attr(
        b.ctx,
        "operandSegmentSizes",
        segs,
    );
    b.create(st)
}

/// `cf.switch flag : T, [default: d(d_ops), v0: b0(ops0), ...]`; case values are taken at the
/// flag's width.
pub fn switch(
    b: &mut Builder<'_>,
    flag: Value,
    default: BlockId,
    default_ops: &[Value],
    cases: &[(i128, BlockId, Vec<Value>)],
    loc: Location,
) -> OpId {
    let ty = b.ctx.value_type(flag);
    let mut operands = vec![flag];
    operands.extend_from_slice(default_ops);
    let mut succs = vec![default];
    let mut segs = Vec::with_capacity(cases.len());
    for (_, dest, ops) in cases {
        operands.extend_from_slice(ops);
        succs.push(*dest);
        segs.push(ops.len() as i32);
    }
    let case_total: i32 = segs.iter().sum();
    let groups = b.ctx.dense_i32_array_attr(&[1, default_ops.len() as i32, case_total]);
    let seg_attr = b.ctx.dense_i32_array_attr(&segs);
    let mut st = OperationState::new(b.ctx, "cf.switch", loc)
        .operands(&operands)
        .successors(&succs)
        .attr(b.ctx, "operandSegmentSizes", groups)
        .attr(b.ctx, "case_operand_segments", seg_attr);
    if !cases.is_empty() {
        let values: Vec<i128> = cases.iter().map(|(v, _, _)| b.ctx.normalize_int(*v, ty)).collect();
        let vty = b.ctx.intern_type(TypeKind::Vector {
            shape: vec![values.len() as i64],
            scalable: vec![false],
            element: ty,
        });
        let splat = values.windows(2).all(|w| w[0] == w[1]);
        let data = DenseElements::Ints(if splat { values[..1].to_vec() } else { values });
        let a = b.ctx.intern_attr(AttrKind::DenseElements { ty: vty, splat, data });
        st.add_attr(b.ctx, "case_values", a);
    }
    b.create(st)
}

/// `cf.assert cond, "msg"`.
pub fn assert(b: &mut Builder<'_>, cond: Value, msg: &str, loc: Location) -> OpId {
    let m = b.ctx.string_attr(msg);
    let st = OperationState::new(b.ctx, "cf.assert", loc).operands(&[cond]).attr(b.ctx, "msg", m);
    b.create(st)
}
