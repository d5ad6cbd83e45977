//! `scf.if`: two single-block regions, the taken one yields the results.

use crate::util::*;
use flowgate_ir::asm::{OpParser, OpPrinter, PResult};
use flowgate_ir::{Context, Count, Diagnostic, OpDef, OpId, Traits};

pub(crate) fn def() -> OpDef {
    OpDef {
        traits: Traits::SINGLE_BLOCK | Traits::RECURSIVE_EFFECTS,
        parse: Some(parse),
        print: Some(print),
        verify: Some(verify),
        canonicalize: Some(crate::canonicalize::if_patterns),
        implicit_terminator: Some("scf.yield"),
        operands: Count::Exactly(1),
        regions: Count::Exactly(2),
        successors: Count::Exactly(0),
        ..OpDef::new("scf.if")
    }
}

/// `scf.if %c [-> (t...)] {...} [else {...}]`
fn parse(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let cond = p.parse_operand()?;
    let i1 = p.ctx().i1_type();
    p.add_operand(&cond, i1)?;
    let tys = p.parse_optional_arrow_type_list()?;
    p.add_result_types(&tys);
    let then = p.add_region(&[])?;
    p.ensure_terminator(then, "scf.yield");
    if p.accept_keyword("else") {
        let els = p.add_region(&[])?;
        p.ensure_terminator(els, "scf.yield");
    } else {
        p.add_empty_region();
    }
    p.parse_optional_attr_dict()
}

fn print(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_value(ctx.operand(op, 0));
    let results = ctx.result_types(op);
    if !results.is_empty() {
        p.write(" -> (");
        p.print_types(&results);
        p.write(")");
    }
    let terms = !results.is_empty();
    p.write(" ");
    p.print_region(ctx.region(op, 0), false, terms);
    let els = ctx.region(op, 1);
    if !ctx.is_region_empty(els) {
        p.write(" else ");
        p.print_region(els, false, terms);
    }
    p.print_optional_attr_dict(op, &[]);
}

fn verify(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    check_operand(ctx, op, 0, is_i1, "1-bit signless integer")?;
    for (i, &r) in ctx.regions(op).iter().enumerate() {
        if !entry_args(ctx, r).is_empty() {
            return Err(Diagnostic::op_error(ctx, op, format!("region #{i} should have no arguments")));
        }
    }
    check_implicit_terminator(ctx, op, "scf.yield")?;
    check_one_block(ctx, op, 0, "thenRegion")?;
    let results = ctx.result_types(op);
    if !results.is_empty() && ctx.is_region_empty(ctx.region(op, 1)) {
        return Err(Diagnostic::op_error(ctx, op, "must have an else block if defining values"));
    }
    for &r in ctx.regions(op) {
        if let Some(y) = region_terminator(ctx, r) {
            let ys = types(ctx, ctx.operands(y));
            check_edge(ctx, op, ("Operation scf.yield", "parent"), Some(y), &ys, &results)?;
        }
    }
    Ok(())
}
