//! `tensor.parallel_insert_slice`: `insert_slice` without a result, only inside an
//! `scf.forall.in_parallel` terminator, which applies it to the loop's shared output.

use crate::slice::{check_slice_type, mixed, verify_lists, ELIDED};
use crate::util::*;
use flowgate_builtin::shaped::{add_index_lists, parse_index_lists, parse_source_dest_types};
use flowgate_ir::asm::{OpParser, OpPrinter, PResult};
use flowgate_ir::{Context, Count, Diagnostic, OpDef, OpId};

pub(crate) fn defs() -> Vec<OpDef> {
    vec![OpDef {
        inherent_attrs: ELIDED,
        parse: Some(parse),
        print: Some(print),
        verify: Some(verify),
        operands: Count::AtLeast(2),
        results: Count::Exactly(0),
        ..OpDef::leaf("tensor.parallel_insert_slice")
    }]
}

/// `tensor.parallel_insert_slice %s into %d[offsets] [sizes] [strides] : src into dest`
fn parse(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.parse_operand()?;
    p.expect_keyword("into")?;
    let dest = p.parse_operand()?;
    let lists = parse_index_lists(p)?;
    parse_source_dest_types(p, &src, &dest, "into")?;
    add_index_lists(p, 2, lists)
}

/// The same text as `tensor.insert_slice`, which has no result to name.
fn print(p: &mut OpPrinter<'_>, op: OpId) {
    crate::slice::print_insert_slice(p, op);
}

fn verify(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if !ctx.parent_op(op).is_some_and(|p| ctx.is_op(p, "scf.forall.in_parallel")) {
        let parent = ctx.parent_op(op).map_or("none", |p| ctx.op_name(p));
        let msg = format!("expected InParallelOpInterface parent, got: {parent}");
        return Err(Diagnostic::error(ctx.op_loc(op), msg));
    }
    let (t, lists) = mixed(ctx, op, 2)?;
    let dt = ctx.value_type(t[1]);
    let Some((shape, elem)) = ranked(ctx, dt) else {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("operand #1 must be ranked tensor of any type values, but got {}", q(ctx, dt)),
        ));
    };
    verify_lists(ctx, op, &lists, shape.len())?;
    check_index_operands(ctx, op, 2..usize::MAX)?;
    check_slice_type(ctx, op, &lists[1].0, elem, ctx.value_type(t[0]))?;
    check_in_bounds(ctx, op, &shape, &lists[0].0, &lists[1].0, &lists[2].0)
}
