//! `scf.while` and its `scf.condition` terminator.

use crate::util::*;
use flowgate_ir::asm::{Delimiter, OpParser, OpPrinter, PResult, TokKind};
use flowgate_ir::{Context, Count, Diagnostic, OpDef, OpId, RegionId, Traits};

pub(crate) fn defs() -> Vec<OpDef> {
    vec![
        OpDef {
            traits: Traits::SINGLE_BLOCK | Traits::RECURSIVE_EFFECTS,
            parse: Some(parse_while),
            print: Some(print_while),
            verify: Some(verify_while),
            canonicalize: Some(crate::while_canon::patterns),
            region_branch: Some(crate::views::while_edges),
            regions: Count::Exactly(2),
            successors: Count::Exactly(0),
            ..OpDef::new("scf.while")
        },
        OpDef {
            traits: Traits::TERMINATOR | Traits::PURE,
            parse: Some(parse_condition),
            print: Some(print_condition),
            verify: Some(verify_condition),
            operands: Count::AtLeast(1),
            results: Count::Exactly(0),
            regions: Count::Exactly(0),
            successors: Count::Exactly(0),
            ..OpDef::new("scf.condition")
        },
    ]
}

/// `scf.while (%a = %x) : (t) -> (r) {before} do {after}`
fn parse_while(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let (mut args, inits) = if p.is(TokKind::LParen) { parse_assignment_list(p)? } else { (vec![], vec![]) };
    p.expect_colon()?;
    let type_loc = p.current_loc();
    let (ins, outs) = p.parse_functional_type()?;
    p.add_result_types(&outs);
    if ins.len() != inits.len() {
        let msg = format!("expected as many input types as operands (expected {} got {})", inits.len(), ins.len());
        return Err(custom_error(p, type_loc, msg));
    }
    for (u, &t) in inits.iter().zip(&ins) {
        p.add_operand(u, t)?;
    }
    typed_args(&mut args, &ins);
    p.add_region(&args)?;
    p.expect_keyword("do")?;
    p.add_region(&[])?;
    p.parse_optional_attr_dict_with_keyword()
}

fn print_while(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let before = ctx.region(op, 0);
    print_init_list(p, " ", &entry_args(ctx, before), ctx.operands(op));
    p.write(" : (");
    p.print_value_types(ctx.operands(op));
    p.write(") -> ");
    p.print_result_types(&ctx.result_types(op));
    p.write(" ");
    p.print_region(before, false, true);
    p.write(" do ");
    p.print_region(ctx.region(op, 1), true, true);
    p.print_optional_attr_dict_with_keyword(op, &[]);
}

/// Upstream's `verifyAndGetTerminator`: the region's terminator must be `name`.
fn expect_terminator(ctx: &Context, op: OpId, r: RegionId, name: &str, msg: &str) -> Result<OpId, Diagnostic> {
    match region_terminator(ctx, r) {
        Some(t) if ctx.is_op(t, name) => Ok(t),
        Some(t) => Err(Diagnostic::op_error(ctx, op, msg).with_note(ctx.op_loc(t), "terminator here")),
        None => Err(Diagnostic::op_error(ctx, op, msg)),
    }
}

fn verify_while(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    check_one_block(ctx, op, 0, "before")?;
    check_one_block(ctx, op, 1, "after")?;
    let (before, after) = (ctx.region(op, 0), ctx.region(op, 1));
    for r in [before, after] {
        if ctx.entry_block(r).is_some_and(|b| ctx.is_block_empty(b)) {
            return Err(Diagnostic::op_error(ctx, op, "expects a non-empty block"));
        }
    }
    let msg = "expects the 'before' region to terminate with 'scf.condition'";
    let cond = expect_terminator(ctx, op, before, "scf.condition", msg)?;
    let msg = "expects the 'after' region to terminate with 'scf.yield'";
    let yield_op = expect_terminator(ctx, op, after, "scf.yield", msg)?;
    let before_args = types(ctx, &entry_args(ctx, before));
    let after_args = types(ctx, &entry_args(ctx, after));
    let forwarded = types(ctx, ctx.operands(cond).get(1..).unwrap_or(&[]));
    let inits = types(ctx, ctx.operands(op));
    check_edge(ctx, op, ("parent", "Region #0"), None, &inits, &before_args)?;
    let c = Some(cond);
    check_edge(ctx, op, ("Operation scf.condition", "parent"), c, &forwarded, &ctx.result_types(op))?;
    check_edge(ctx, op, ("Operation scf.condition", "Region #1"), c, &forwarded, &after_args)?;
    let ys = types(ctx, ctx.operands(yield_op));
    check_edge(ctx, op, ("Operation scf.yield", "Region #0"), Some(yield_op), &ys, &before_args)
}

/// `scf.condition(%c) %a, %b : t1, t2`
fn parse_condition(p: &mut OpParser<'_, '_>) -> PResult<()> {
    p.expect(TokKind::LParen, "'('")?;
    let c = p.parse_operand()?;
    p.expect(TokKind::RParen, "')'")?;
    p.parse_optional_attr_dict()?;
    let i1 = p.ctx().i1_type();
    p.add_operand(&c, i1)?;
    let args = p.parse_operand_list(Delimiter::None)?;
    if !args.is_empty() {
        let loc = p.current_loc();
        let tys = p.parse_colon_type_list()?;
        p.add_operands(&args, &tys, loc)?;
    }
    Ok(())
}

fn print_condition(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let ops = ctx.operands(op);
    p.write("(");
    p.print_value(ops[0]);
    p.write(")");
    p.print_optional_attr_dict(op, &[]);
    if ops.len() > 1 {
        p.write(" ");
        p.print_operands(&ops[1..]);
        p.write(" : ");
        p.print_value_types(&ops[1..]);
    }
}

fn verify_condition(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    check_parent(ctx, op, &["scf.while"])?;
    check_operand(ctx, op, 0, is_i1, "1-bit signless integer")
}
