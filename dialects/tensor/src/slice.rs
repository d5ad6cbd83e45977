//! `tensor.extract_slice` and `tensor.insert_slice`: offsets, sizes and strides as mixed
//! static/dynamic lists, with rank-reducing slices.

use crate::util::*;
use flowgate_builtin::shaped::{add_index_lists, parse_index_lists, parse_source_dest_types};
use flowgate_ir::asm::{type_to_string, OpParser, OpPrinter, PResult};
use flowgate_ir::{Context, Count, Diagnostic, OpDef, OpId, Type, Value, DYNAMIC};

pub(crate) const ELIDED: &[&str] = &["operandSegmentSizes", "static_offsets", "static_sizes", "static_strides"];

pub(crate) fn defs() -> Vec<OpDef> {
    let base = |name| OpDef { inherent_attrs: ELIDED, ..OpDef::pure_value(name) };
    vec![
        OpDef {
            parse: Some(parse_extract_slice),
            print: Some(print_extract_slice),
            verify: Some(verify_extract_slice),
            result_names: Some(|_, _| Some("extracted_slice".into())),
            operands: Count::AtLeast(1),
            ..base("tensor.extract_slice")
        },
        OpDef {
            parse: Some(parse_insert_slice),
            print: Some(print_insert_slice),
            verify: Some(verify_insert_slice),
            result_names: Some(|_, _| Some("inserted_slice".into())),
            operands: Count::AtLeast(2),
            ..base("tensor.insert_slice")
        },
    ]
}

pub(crate) type List = (Vec<i64>, Vec<Value>);

/// The tensors (1 or 2) and the three mixed lists.
pub(crate) fn mixed(ctx: &Context, op: OpId, tensors: usize) -> Result<(Vec<Value>, [List; 3]), Diagnostic> {
    let seg = segments(ctx, op, tensors + 3)?;
    let heads: Vec<Value> = seg[..tensors].iter().filter_map(|s| s.first().copied()).collect();
    if heads.len() != tensors || seg[..tensors].iter().any(|s| s.len() != 1) {
        return Err(Diagnostic::op_error(ctx, op, "expects one value per tensor operand segment"));
    }
    let list = |name: &str, i: usize| (i64_array(ctx, op, name), seg[tensors + i].clone());
    Ok((heads, [list("static_offsets", 0), list("static_sizes", 1), list("static_strides", 2)]))
}

pub(crate) fn print_lists(p: &mut OpPrinter<'_>, lists: &[List; 3]) {
    for (i, (values, dynamic)) in lists.iter().enumerate() {
        if i > 0 {
            p.write(" ");
        }
        p.print_dynamic_index_list(values, dynamic);
    }
}

/// `tensor.extract_slice %t[offsets] [sizes] [strides] : src to result`
fn parse_extract_slice(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.parse_operand()?;
    let lists = parse_index_lists(p)?;
    p.parse_optional_attr_dict()?;
    let st = p.parse_colon_type()?;
    p.expect_keyword("to")?;
    let rt = p.parse_type()?;
    p.add_operand(&src, st)?;
    add_index_lists(p, 1, lists)?;
    p.add_result_types(&[rt]);
    Ok(())
}

fn print_extract_slice(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let Ok((t, lists)) = mixed(ctx, op, 1) else { return };
    p.write(" ");
    p.print_value(t[0]);
    print_lists(p, &lists);
    p.print_optional_attr_dict(op, ELIDED);
    p.write(" : ");
    p.print_type(ctx.value_type(t[0]));
    p.write(" to ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

/// `tensor.insert_slice %s into %d[offsets] [sizes] [strides] : src into dest`
fn parse_insert_slice(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.parse_operand()?;
    p.expect_keyword("into")?;
    let dest = p.parse_operand()?;
    let lists = parse_index_lists(p)?;
    let dt = parse_source_dest_types(p, &src, &dest, "into")?;
    add_index_lists(p, 2, lists)?;
    p.add_result_types(&[dt]);
    Ok(())
}

pub(crate) fn print_insert_slice(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let Ok((t, lists)) = mixed(ctx, op, 2) else { return };
    p.write(" ");
    p.print_value(t[0]);
    p.write(" into ");
    p.print_value(t[1]);
    print_lists(p, &lists);
    p.print_optional_attr_dict(op, ELIDED);
    p.write(" : ");
    p.print_type(ctx.value_type(t[0]));
    p.write(" into ");
    p.print_type(ctx.value_type(t[1]));
}

/// Upstream's `verifyOffsetSizeAndStrideOp` with every list as long as `rank`.
pub(crate) fn verify_lists(ctx: &Context, op: OpId, lists: &[List; 3], rank: usize) -> Result<(), Diagnostic> {
    let err = |msg: String| Err(Diagnostic::error(ctx.op_loc(op), msg));
    let (no, ns, nt) = (lists[0].0.len(), lists[1].0.len(), lists[2].0.len());
    if !(no == 1 && rank == 1) && no != ns {
        return err(format!(
            "expected mixed offsets rank to match mixed sizes rank ({no} vs {ns}) so the rank of the result type is well-formed."
        ));
    }
    if ns != nt {
        return err(format!(
            "expected mixed sizes rank to match mixed strides rank ({ns} vs {nt}) so the rank of the result type is well-formed."
        ));
    }
    for (name, (values, dynamic)) in ["offset", "size", "stride"].iter().zip(lists) {
        if values.len() != rank {
            return err(format!("expected {rank} {name} values, got {}", values.len()));
        }
        let n_dyn = values.iter().filter(|&&v| v == DYNAMIC).count();
        if n_dyn != dynamic.len() {
            return err(format!("expected {n_dyn} dynamic {name} values"));
        }
    }
    if let Some(o) = lists[0].0.iter().find(|&&v| v != DYNAMIC && v < 0) {
        return err(format!("expected offsets to be non-negative, but got {o}"));
    }
    if let Some(s) = lists[1].0.iter().find(|&&v| v != DYNAMIC && v < 0) {
        return err(format!("expected sizes to be non-negative, but got {s}"));
    }
    Ok(())
}

/// The slice type (`tensor<sizes x elem>`) must be `actual` up to dropped unit dimensions.
pub(crate) fn check_slice_type(
    ctx: &Context,
    op: OpId,
    sizes: &[i64],
    elem: Type,
    actual: Type,
) -> Result<(), Diagnostic> {
    let err = |msg: String| Err(Diagnostic::error(ctx.op_loc(op), msg));
    let Some((shape, e)) = ranked(ctx, actual) else {
        return err(format!("expected a ranked tensor, but got {}", q(ctx, actual)));
    };
    // Upstream's isRankReducedType order: rank, then sizes, then the element type.
    if shape.len() > sizes.len() {
        return err("expected rank to be smaller or equal to the other rank. ".to_string());
    }
    if !is_rank_reduction(sizes, &shape) {
        let want = format!("tensor<{}{}>", dims_text(sizes), type_to_string(ctx, elem));
        return err(format!("expected type to be '{want}' or a rank-reduced version. (size mismatch) "));
    }
    if e != elem {
        return err(format!("expected element type to be {}", q(ctx, elem)));
    }
    Ok(())
}

fn verify_extract_slice(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let (t, lists) = mixed(ctx, op, 1)?;
    let st = ctx.value_type(t[0]);
    let Some((shape, elem)) = ranked(ctx, st) else {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("operand #0 must be ranked tensor of any type values, but got {}", q(ctx, st)),
        ));
    };
    verify_lists(ctx, op, &lists, shape.len())?;
    check_index_operands(ctx, op, 1..usize::MAX)?;
    check_slice_type(ctx, op, &lists[1].0, elem, ctx.value_type(ctx.result(op, 0)))?;
    check_in_bounds(ctx, op, &shape, &lists[0].0, &lists[1].0, &lists[2].0)
}

fn verify_insert_slice(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let (t, lists) = mixed(ctx, op, 2)?;
    let dt = ctx.value_type(t[1]);
    let Some((shape, elem)) = ranked(ctx, dt) else {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("operand #1 must be ranked tensor of any type values, but got {}", q(ctx, dt)),
        ));
    };
    if ctx.value_type(ctx.result(op, 0)) != dt {
        return Err(Diagnostic::op_error(ctx, op, "failed to verify that expected result type to match dest type"));
    }
    verify_lists(ctx, op, &lists, shape.len())?;
    check_index_operands(ctx, op, 2..usize::MAX)?;
    check_slice_type(ctx, op, &lists[1].0, elem, ctx.value_type(t[0]))?;
    check_in_bounds(ctx, op, &shape, &lists[0].0, &lists[1].0, &lists[2].0)
}
