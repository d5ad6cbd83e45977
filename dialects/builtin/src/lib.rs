//! The builtin dialect: `builtin.module` and `builtin.unrealized_conversion_cast`.

pub mod offsets;
pub mod producer;
pub mod reassociation;
pub mod shaped;

use flowgate_ir::asm::{Delimiter, OpParser, OpPrinter, PResult};
use flowgate_ir::{Context, Count, Diagnostic, DialectDef, FoldResult, OpDef, OpId, Traits, ValueDef};

pub fn register(ctx: &mut Context) {
    ctx.register_dialect(DialectDef { name: "builtin", materialize_constant: None });
    ctx.register_op(OpDef {
        traits: Traits::NO_TERMINATOR
            | Traits::SYMBOL_TABLE
            | Traits::ISOLATED_FROM_ABOVE
            | Traits::GRAPH_REGION
            | Traits::SINGLE_BLOCK
            | Traits::SYMBOL,
        inherent_attrs: &["sym_name", "sym_visibility"],
        parse: Some(parse_module),
        print: Some(print_module),
        verify: Some(verify_module),
        // Upstream ModuleOp's OpAsmOpInterface: ops in a module resolve without a prefix in builtin.
        default_dialect: Some("builtin"),
        operands: Count::Exactly(0),
        results: Count::Exactly(0),
        regions: Count::Exactly(1),
        successors: Count::Exactly(0),
        ..OpDef::new("builtin.module")
    });
    ctx.register_op(OpDef {
        traits: Traits::PURE,
        parse: Some(parse_cast),
        print: Some(print_cast),
        verify: Some(verify_cast),
        fold: Some(fold_cast),
        regions: Count::Exactly(0),
        successors: Count::Exactly(0),
        ..OpDef::new("builtin.unrealized_conversion_cast")
    });
}

/// `module @name? attributes {...}? { ... }`
fn parse_module(p: &mut OpParser<'_, '_>) -> PResult<()> {
    if p.is_symbol_name() {
        let name = p.parse_symbol_name()?;
        let a = p.ctx().string_attr(&name);
        p.add_attr("sym_name", a);
    }
    p.parse_optional_attr_dict_with_keyword()?;
    let r = p.add_region(&[])?;
    let ctx = p.ctx();
    if ctx.entry_block(r).is_none() {
        let loc = p.op_loc();
        p.ctx().add_block(r, &[], loc);
    }
    Ok(())
}

fn print_module(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    if let Some(name) = ctx.symbol_name(op) {
        p.write(" ");
        p.print_symbol_name(name);
    }
    p.print_optional_attr_dict_with_keyword(op, &["sym_name"]);
    p.write(" ");
    p.print_region(ctx.region(op, 0), false, false);
}

/// `%r = builtin.unrealized_conversion_cast %a, %b : t1, t2 to t3`
fn parse_cast(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let ops = p.parse_operand_list(Delimiter::None)?;
    let loc = p.current_loc();
    if !ops.is_empty() {
        let tys = p.parse_colon_type_list()?;
        p.add_operands(&ops, &tys, loc)?;
    }
    p.expect_keyword("to")?;
    let outs = p.parse_type_list()?;
    p.add_result_types(&outs);
    p.parse_optional_attr_dict()
}

fn print_cast(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let ins = ctx.operands(op).to_vec();
    if !ins.is_empty() {
        p.write(" ");
        p.print_operands(&ins);
        p.write(" : ");
        p.print_value_types(&ins);
    }
    p.write(" to ");
    p.print_types(&ctx.result_types(op));
    p.print_optional_attr_dict(op, &[]);
}

/// Upstream's `ModuleOp::verify`: no region arguments, and every discardable attribute
/// belongs to a dialect.
fn verify_module(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if let Some(entry) = ctx.entry_block(ctx.region(op, 0)) {
        if !ctx.block_args(entry).is_empty() {
            return Err(Diagnostic::op_error(ctx, op, "region should have no arguments"));
        }
    }
    for &(name, _) in ctx.attrs(op) {
        let name = ctx.str(name);
        if name != "sym_name" && name != "sym_visibility" && !name.contains('.') {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!("can only contain attributes with dialect-prefixed names, found: '{name}'"),
            ));
        }
    }
    Ok(())
}

fn verify_cast(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if ctx.results(op).is_empty() {
        return Err(Diagnostic::op_error(ctx, op, "expected at least one result for cast operation"));
    }
    Ok(())
}

/// Upstream's `UnrealizedConversionCastOp::fold`: an identity cast gives its inputs back, and
/// a cast that exactly undoes the cast producing all its inputs gives that cast's inputs.
fn fold_cast(ctx: &mut Context, op: OpId, _: &[Option<flowgate_ir::Attribute>]) -> Option<Vec<FoldResult>> {
    let ins = ctx.operands(op).to_vec();
    let outs = ctx.result_types(op);
    if ctx.operand_types(op) == outs {
        return Some(ins.into_iter().map(FoldResult::Value).collect());
    }
    let first = *ins.first()?;
    let producer = ctx.defining_op(first).filter(|&p| ctx.is_op(p, "builtin.unrealized_conversion_cast"))?;
    if ctx.results(producer).len() != ins.len() {
        return None;
    }
    for (i, &v) in ins.iter().enumerate() {
        match ctx.value_def(v) {
            ValueDef::OpResult { op: o, index } if o == producer && index as usize == i => {}
            _ => return None,
        }
    }
    if ctx.operand_types(producer) != outs {
        return None;
    }
    Some(ctx.operands(producer).iter().map(|&v| FoldResult::Value(v)).collect())
}
