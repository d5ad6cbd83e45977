//! The `reassociation` attribute of the reshaping ops (`memref.expand_shape`/`collapse_shape`
//! and `tensor.expand_shape`/`collapse_shape`): groups of dimension indices, an array of arrays
//! of integers. One parser, printer and reader for both dialects, and the folds and
//! composition patterns both dialects share (`compose`: the index arithmetic; `rewrite`: the IR
//! rewrites over op names).

mod compose;
mod rewrite;

pub use compose::{
    collapsed_shape, compose_collapse_of_expand as compose_collapse_of_expand_groups, compose_reassociations,
    find_collapsing_reassociation, reassociation_for_collapse, Groups,
};
pub use rewrite::{
    compose_collapse_of_expand, compose_expand_of_collapse, compose_reassociative, constant_int, create_collapse,
    create_expand, fold_reshape, has_non_identity_layout, output_shape, reassociation_attr, ComposeCollapseOfExpand,
    ComposeExpandOfCollapse, ComposeReassociative, ConstIndexFn, MixedSize, MulIndexFn, ReshapeOps,
};

use flowgate_ir::asm::{OpParser, OpPrinter, PResult};
use flowgate_ir::{AttrKind, Context, OpId, Type};

/// The `reassociation` groups, if the attribute is an array of arrays of integers.
pub fn reassociation(ctx: &Context, op: OpId) -> Option<Vec<Vec<i64>>> {
    let a = ctx.attr(op, "reassociation")?;
    ctx.attr_as_array(a)?
        .iter()
        .map(|&g| {
            ctx.attr_as_array(g)?.iter().map(|&i| ctx.attr_as_int(i).and_then(|v| i64::try_from(v).ok())).collect()
        })
        .collect()
}

/// `[[0, 1], [2]]`, stored as the op's `reassociation` attribute.
pub fn parse_reassociation(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let loc = p.current_loc();
    let a = p.parse_attribute(None)?;
    let ctx: &Context = p.ctx();
    let ok = match ctx.attr_kind(a) {
        AttrKind::Array(groups) => groups
            .iter()
            .all(|&g| ctx.attr_as_array(g).is_some_and(|items| items.iter().all(|&i| ctx.attr_as_int(i).is_some()))),
        _ => false,
    };
    if !ok {
        return Err(p.error_at(loc, "expected reassociation: an array of arrays of integers"));
    }
    p.add_attr("reassociation", a);
    Ok(())
}

pub fn print_reassociation(p: &mut OpPrinter<'_>, op: OpId) {
    if let Some(a) = p.ctx.attr(op, "reassociation") {
        p.write(" ");
        p.print_attr(a);
    }
}

/// The attributes `expand_shape`/`collapse_shape` print in their own syntax, not in the dictionary.
pub const RESHAPE_ELIDED: &[&str] = &["reassociation", "static_output_shape"];

/// Parses the dialect's shaped type (tensor or memref) of a reshape; `ranked_only` refuses
/// unranked types.
pub type ShapedTypeParser = fn(&mut OpParser<'_, '_>, bool) -> PResult<Type>;

/// `%src [[0, 1], [2]] output_shape [%d, 4, 5] : src into result`, the syntax tensor and
/// memref `expand_shape` share; `parse_type` reads the dialect's type.
pub fn parse_expand_shape(p: &mut OpParser<'_, '_>, parse_type: ShapedTypeParser) -> PResult<()> {
    let src = p.parse_operand()?;
    parse_reassociation(p)?;
    p.expect_keyword("output_shape")?;
    let (dynamic, values) = p.parse_dynamic_index_list()?;
    let a = p.ctx().dense_i64_array_attr(&values);
    p.add_attr("static_output_shape", a);
    p.parse_optional_attr_dict()?;
    p.expect_colon()?;
    let st = parse_type(p, true)?;
    p.expect_keyword("into")?;
    let rt = parse_type(p, true)?;
    p.add_operand(&src, st)?;
    p.add_index_operands(&dynamic)?;
    p.add_result_types(&[rt]);
    Ok(())
}

pub fn print_expand_shape(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let ops = ctx.operands(op);
    let statics: Vec<i64> = ctx
        .attr(op, "static_output_shape")
        .and_then(|a| ctx.attr_as_dense_array(a))
        .map(|v| v.iter().map(|&x| x as i64).collect())
        .unwrap_or_default();
    p.print_first_operand(op);
    print_reassociation(p, op);
    p.write(" output_shape ");
    p.print_dynamic_index_list(&statics, &ops[1..]);
    p.print_optional_attr_dict(op, RESHAPE_ELIDED);
    p.write(" : ");
    p.print_type(ctx.value_type(ops[0]));
    p.write(" into ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

/// `%src [[0, 1], [2]] : src into result`, the syntax tensor and memref `collapse_shape` share.
pub fn parse_collapse_shape(p: &mut OpParser<'_, '_>, parse_type: ShapedTypeParser) -> PResult<()> {
    let src = p.parse_operand()?;
    parse_reassociation(p)?;
    p.parse_optional_attr_dict()?;
    p.expect_colon()?;
    let st = parse_type(p, true)?;
    p.expect_keyword("into")?;
    let rt = parse_type(p, true)?;
    p.add_operand(&src, st)?;
    p.add_result_types(&[rt]);
    Ok(())
}

pub fn print_collapse_shape(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let src = ctx.operand(op, 0);
    p.write(" ");
    p.print_value(src);
    print_reassociation(p, op);
    p.print_optional_attr_dict(op, RESHAPE_ELIDED);
    p.write(" : ");
    p.print_type(ctx.value_type(src));
    p.write(" into ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}
