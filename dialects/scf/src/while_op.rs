//! `scf.while` and its `scf.condition` terminator.

use crate::util::*;
use flowgate_ir::asm::{Delimiter, OpParser, OpPrinter, PResult, TokKind};
use flowgate_ir::{
    Builder, Context, Count, Diagnostic, OpDef, OpId, OperationState, RegionId, RewritePattern, Traits, Value,
};

pub(crate) fn defs() -> Vec<OpDef> {
    vec![
        OpDef {
            traits: Traits::SINGLE_BLOCK | Traits::RECURSIVE_EFFECTS,
            parse: Some(parse_while),
            print: Some(print_while),
            verify: Some(verify_while),
            canonicalize: Some(patterns),
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

// ----- canonicalization: loop-invariant values carried through the loop -----

fn patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(WhileRemoveInvariant)]
}

/// A value that `scf.while` carries unchanged (the condition forwards the before-argument and
/// the body yields it back) is its init value throughout: drop it from the loop.
struct WhileRemoveInvariant;

impl RewritePattern for WhileRemoveInvariant {
    fn root(&self) -> Option<&'static str> {
        Some("scf.while")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let (br, ar) = (ctx.region(op, 0), ctx.region(op, 1));
        let (Some(bb), Some(ab)) = (ctx.entry_block(br), ctx.entry_block(ar)) else { return false };
        let (Some(cond), Some(y)) = (region_terminator(ctx, br), region_terminator(ctx, ar)) else { return false };
        if !ctx.is_op(cond, "scf.condition") || !ctx.is_op(y, "scf.yield") {
            return false;
        }
        let inits = ctx.operands(op).to_vec();
        let before_args = ctx.block_args(bb).to_vec();
        let after_args = ctx.block_args(ab).to_vec();
        let forwarded = ctx.operands(cond).get(1..).unwrap_or(&[]).to_vec();
        let yielded = ctx.operands(y).to_vec();
        if before_args.len() != inits.len()
            || yielded.len() != inits.len()
            || after_args.len() != forwarded.len()
            || ctx.results(op).len() != forwarded.len()
        {
            return false;
        }
        // (before index, forwarded index) of one invariant value.
        let found = (0..inits.len()).find_map(|i| {
            let j = forwarded.iter().position(|&f| f == before_args[i])?;
            (yielded[i] == after_args[j]).then_some((i, j))
        });
        let Some((i, j)) = found else { return false };
        let init = inits[i];
        let result = ctx.result(op, j);
        ctx.replace_all_uses(before_args[i], init);
        ctx.replace_all_uses(after_args[j], init);
        ctx.replace_all_uses(result, init);
        // Drop the value from the terminators, the blocks and the op.
        let mut ys = ctx.operands(y).to_vec();
        ys.remove(i);
        ctx.set_operands(y, ys);
        let mut cs = ctx.operands(cond).to_vec();
        cs.remove(j + 1);
        ctx.set_operands(cond, cs);
        ctx.erase_block_arg(bb, i);
        ctx.erase_block_arg(ab, j);
        let mut operands = inits;
        operands.remove(i);
        let keep: Vec<bool> = (0..forwarded.len()).map(|k| k != j).collect();
        rebuild_while(ctx, op, &operands, &keep);
        true
    }
}

/// Re-create a `scf.while` with new inits and the kept results; its regions move over.
fn rebuild_while(ctx: &mut Context, op: OpId, operands: &[Value], keep: &[bool]) {
    let name = ctx.op_name_sym(op);
    let loc = ctx.op_loc(op);
    let results = ctx.results(op).to_vec();
    let types: Vec<_> = results.iter().zip(keep).filter(|(_, &k)| k).map(|(&r, _)| ctx.value_type(r)).collect();
    let mut regions = Vec::new();
    for r in ctx.regions(op).to_vec() {
        let n = ctx.create_region();
        ctx.take_region_body(r, n);
        regions.push(n);
    }
    let mut st = OperationState::with_symbol(name, loc).operands(operands).results(&types).regions(&regions);
    st.attrs = ctx.attrs(op).to_vec();
    let new = ctx.create_op(st);
    ctx.insert_op_before(new, op);
    let kept = results.iter().zip(keep).filter(|(_, &k)| k).map(|(&r, _)| r);
    for (k, r) in kept.enumerate() {
        let nr = ctx.result(new, k);
        ctx.replace_all_uses(r, nr);
    }
    ctx.erase_op(op);
}
