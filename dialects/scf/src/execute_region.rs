//! `scf.execute_region`: a region of any number of blocks run once, in place.

use crate::rewrite::inline_before;
use crate::util::*;
use flowgate_ir::asm::{OpParser, OpPrinter, PResult};
use flowgate_ir::{Builder, Context, Count, Diagnostic, OpDef, OpId, RewritePattern, Traits};

pub(crate) fn def() -> OpDef {
    OpDef {
        traits: Traits::RECURSIVE_EFFECTS,
        inherent_attrs: &["no_inline"],
        parse: Some(parse_execute_region),
        print: Some(print_execute_region),
        verify: Some(verify_execute_region),
        canonicalize: Some(patterns),
        operands: Count::Exactly(0),
        regions: Count::Exactly(1),
        successors: Count::Exactly(0),
        ..OpDef::new("scf.execute_region")
    }
}

/// `scf.execute_region [-> (t)] [no_inline] {...}`
fn parse_execute_region(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let tys = p.parse_optional_arrow_type_list()?;
    p.add_result_types(&tys);
    if p.accept_keyword("no_inline") {
        let u = p.ctx().unit_attr();
        p.add_attr("no_inline", u);
    }
    p.add_region(&[])?;
    p.parse_optional_attr_dict()
}

fn print_execute_region(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.print_optional_arrow_type_list(&ctx.result_types(op));
    if ctx.has_attr(op, "no_inline") {
        p.write(" no_inline");
    }
    p.write(" ");
    p.print_region(ctx.region(op, 0), false, true);
    p.print_optional_attr_dict(op, &["no_inline"]);
}

fn verify_execute_region(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let body = ctx.region(op, 0);
    if ctx.is_region_empty(body) {
        return Err(Diagnostic::op_error(ctx, op, "region needs to have at least one block"));
    }
    if !entry_args(ctx, body).is_empty() {
        return Err(Diagnostic::op_error(ctx, op, "region cannot have any arguments"));
    }
    let results = ctx.result_types(op);
    for &b in ctx.region_blocks(body) {
        if let Some(t) = ctx.last_op(b).filter(|&t| ctx.is_op(t, "scf.yield")) {
            let ys = types(ctx, ctx.operands(t));
            check_edge(ctx, op, ("Operation scf.yield", "parent"), Some(t), &ys, &results)?;
        }
    }
    Ok(())
}

// ----- canonicalization: a single block is inlined -----

fn patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(InlineSingleBlockExecuteRegion)]
}

/// A single-block `scf.execute_region` (without `no_inline`) is just its ops.
struct InlineSingleBlockExecuteRegion;

impl RewritePattern for InlineSingleBlockExecuteRegion {
    fn root(&self) -> Option<&'static str> {
        Some("scf.execute_region")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let r = ctx.region(op, 0);
        if ctx.has_attr(op, "no_inline") || ctx.region_blocks(r).len() != 1 {
            return false;
        }
        if !region_terminator(ctx, r).is_some_and(|t| ctx.is_op(t, "scf.yield")) {
            return false;
        }
        let yielded = inline_before(ctx, r, op, &[]);
        ctx.replace_op(op, &yielded);
        true
    }
}
