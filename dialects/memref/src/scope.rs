//! `memref.alloca_scope` and its terminator `memref.alloca_scope.return`: a single-block
//! region run once in place, whose `alloca`s are freed when it ends (upstream's
//! AutomaticAllocationScope, which `alloc.rs`'s alloca check recognizes by name).

use flowgate_ir::asm::{Delimiter, OpParser, OpPrinter, PResult};
use flowgate_ir::{Context, Count, Diagnostic, OpDef, OpId, Traits};

pub(crate) fn defs() -> Vec<OpDef> {
    vec![
        OpDef {
            traits: Traits::RECURSIVE_EFFECTS | Traits::SINGLE_BLOCK,
            parse: Some(parse_scope),
            print: Some(print_scope),
            verify: Some(verify_scope),
            implicit_terminator: Some("memref.alloca_scope.return"),
            operands: Count::Exactly(0),
            regions: Count::Exactly(1),
            successors: Count::Exactly(0),
            ..OpDef::new("memref.alloca_scope")
        },
        OpDef {
            traits: Traits::PURE | Traits::TERMINATOR | Traits::RETURN_LIKE,
            parse: Some(parse_return),
            print: Some(print_return),
            verify: Some(verify_return),
            results: Count::Exactly(0),
            ..OpDef::leaf("memref.alloca_scope.return")
        },
    ]
}

/// `memref.alloca_scope [-> (types)] {...} [attrs]`
fn parse_scope(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let tys = p.parse_optional_arrow_type_list()?;
    p.add_result_types(&tys);
    let body = p.add_region(&[])?;
    p.ensure_terminator(body, "memref.alloca_scope.return");
    p.parse_optional_attr_dict()
}

/// Upstream prints a space before the optional arrow and another before the region, so a
/// scope without results reads `memref.alloca_scope  {`; terminators print only with results.
fn print_scope(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let results = ctx.result_types(op);
    p.write(" ");
    if !results.is_empty() {
        p.write(" -> (");
        for (i, &t) in results.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_type(t);
        }
        p.write(")");
    }
    p.write(" ");
    p.print_region(ctx.region(op, 0), false, !results.is_empty());
    p.print_optional_attr_dict(op, &[]);
}

fn verify_scope(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let body = ctx.region(op, 0);
    let Some(entry) = ctx.entry_block(body) else {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            "region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks",
        ));
    };
    if !ctx.block_args(entry).is_empty() {
        return Err(Diagnostic::op_error(ctx, op, "region should have no arguments"));
    }
    Ok(())
}

/// `memref.alloca_scope.return [attrs] [%v : type, ...]`
fn parse_return(p: &mut OpParser<'_, '_>) -> PResult<()> {
    p.parse_optional_attr_dict()?;
    let vals = p.parse_operand_list(Delimiter::None)?;
    if !vals.is_empty() {
        let loc = p.current_loc();
        let tys = p.parse_colon_type_list()?;
        p.add_operands(&vals, &tys, loc)?;
    }
    Ok(())
}

fn print_return(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.print_optional_attr_dict(op, &[]);
    let vals = ctx.operands(op);
    if !vals.is_empty() {
        p.write(" ");
        p.print_operands(vals);
        p.write(" : ");
        p.print_value_types(vals);
    }
}

/// The parent is a scope and the returned types are its result types.
fn verify_return(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(parent) = ctx.parent_op(op).filter(|&o| ctx.is_op(o, "memref.alloca_scope")) else {
        return Err(Diagnostic::op_error(ctx, op, "expects parent op 'memref.alloca_scope'"));
    };
    if ctx.operand_types(op) != ctx.result_types(parent) {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            "along control flow edge from Region #0 to parent results: source type mismatch",
        ));
    }
    Ok(())
}
