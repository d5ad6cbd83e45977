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
use flowgate_ir::{AttrKind, Context, OpId};

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
