//! `scf.yield`, the terminator of `for`, `if`, `while`'s after region, `index_switch` and
//! `execute_region`.

use crate::util::*;
use flowgate_ir::asm::{Delimiter, OpParser, OpPrinter, PResult};
use flowgate_ir::{Context, Count, Diagnostic, OpDef, OpId, Traits};

pub(crate) fn def() -> OpDef {
    OpDef {
        traits: Traits::TERMINATOR | Traits::RETURN_LIKE | Traits::PURE,
        parse: Some(parse_yield),
        print: Some(print_yield),
        verify: Some(verify_yield),
        results: Count::Exactly(0),
        regions: Count::Exactly(0),
        successors: Count::Exactly(0),
        ..OpDef::new("scf.yield")
    }
}

/// `scf.yield [%a, %b : t1, t2]`
fn parse_yield(p: &mut OpParser<'_, '_>) -> PResult<()> {
    p.parse_optional_attr_dict()?;
    let vals = p.parse_operand_list(Delimiter::None)?;
    if !vals.is_empty() {
        let loc = p.current_loc();
        let tys = p.parse_colon_type_list()?;
        p.add_operands(&vals, &tys, loc)?;
    }
    Ok(())
}

fn print_yield(p: &mut OpPrinter<'_>, op: OpId) {
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

fn verify_yield(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let parents = ["scf.execute_region", "scf.for", "scf.if", "scf.index_switch", "scf.while"];
    check_parent(ctx, op, &parents).map(|_| ())
}
