//! `func.call`, `func.call_indirect` and `func.constant`.

use flowgate_ir::asm::{type_to_string, Delimiter, OpParser, OpPrinter, PResult};
use flowgate_ir::{Builder, Context, Count, Diagnostic, OpDef, OpId, OperationState, RewritePattern, Traits, Type};

pub fn register(ctx: &mut Context) {
    ctx.register_op(OpDef {
        inherent_attrs: &["callee", "arg_attrs", "res_attrs", "no_inline"],
        parse: Some(parse_call),
        print: Some(print_call),
        verify: Some(verify_call),
        regions: Count::Exactly(0),
        successors: Count::Exactly(0),
        ..OpDef::new("func.call")
    });
    ctx.register_op(OpDef {
        parse: Some(parse_call_indirect),
        print: Some(print_call_indirect),
        verify: Some(verify_call_indirect),
        canonicalize: Some(|| vec![Box::new(IndirectCallOfConstant)]),
        operands: Count::AtLeast(1),
        regions: Count::Exactly(0),
        successors: Count::Exactly(0),
        ..OpDef::new("func.call_indirect")
    });
    ctx.register_op(OpDef {
        traits: Traits::PURE | Traits::CONSTANT_LIKE,
        inherent_attrs: &["value"],
        parse: Some(parse_constant),
        print: Some(print_constant),
        verify: Some(verify_constant),
        operands: Count::Exactly(0),
        results: Count::Exactly(1),
        regions: Count::Exactly(0),
        successors: Count::Exactly(0),
        result_names: Some(|_, _| Some("f".to_string())),
        ..OpDef::new("func.constant")
    });
}

/// `%r = func.call @f(%a, %b) : (i32, i32) -> i32`
fn parse_call(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let callee = p.parse_symbol_ref()?;
    p.add_attr("callee", callee);
    let ops = p.parse_operand_list(Delimiter::Paren)?;
    p.parse_optional_attr_dict()?;
    let loc = p.current_loc();
    p.expect_colon()?;
    let (ins, outs) = p.parse_functional_type()?;
    p.add_operands(&ops, &ins, loc)?;
    p.add_result_types(&outs);
    Ok(())
}

fn print_call(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    if let Some(c) = ctx.attr(op, "callee") {
        p.print_attr(c);
    }
    p.write("(");
    p.print_operands(ctx.operands(op));
    p.write(")");
    p.print_optional_attr_dict(op, &["callee"]);
    p.write(" : ");
    p.print_functional_type(op);
}

fn verify_call(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(name) = ctx.attr(op, "callee").and_then(|a| ctx.attr_as_symbol_ref(a)) else {
        return Err(Diagnostic::op_error(ctx, op, "requires a 'callee' symbol reference attribute"));
    };
    let Some(func) = ctx.lookup_symbol(op, name).filter(|&f| ctx.is_op(f, "func.func")) else {
        return Err(Diagnostic::op_error(ctx, op, format!("'{name}' does not reference a valid function")));
    };
    let Some(sig) = crate::function_type(ctx, func) else { return Ok(()) };
    let ins = ctx.operand_types(op);
    if ins.len() != sig.inputs.len() {
        return Err(Diagnostic::op_error(ctx, op, "incorrect number of operands for callee"));
    }
    for (i, (&a, &b)) in ins.iter().zip(&sig.inputs).enumerate() {
        if a != b {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!(
                    "operand type mismatch: expected operand type '{}', but provided '{}' for operand number {i}",
                    type_to_string(ctx, b),
                    type_to_string(ctx, a)
                ),
            ));
        }
    }
    let outs = ctx.result_types(op);
    if outs.len() != sig.results.len() {
        return Err(Diagnostic::op_error(ctx, op, "incorrect number of results for callee"));
    }
    for (i, (&a, &b)) in outs.iter().zip(&sig.results).enumerate() {
        if a != b {
            return Err(Diagnostic::op_error(ctx, op, format!("result type mismatch at index {i}"))
                .with_note(ctx.op_loc(op), format!("      op result types: {}", quoted_types(ctx, &outs)))
                .with_note(ctx.op_loc(op), format!("function result types: {}", quoted_types(ctx, &sig.results))));
        }
    }
    Ok(())
}

/// `%r = func.call_indirect %f(%a) : (i32) -> i32`
fn parse_call_indirect(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let callee = p.parse_operand()?;
    let ops = p.parse_operand_list(Delimiter::Paren)?;
    p.parse_optional_attr_dict()?;
    let loc = p.current_loc();
    let fty = p.parse_colon_type()?;
    let Some((ins, outs)) = p.ctx().function_signature(fty).map(|(a, b)| (a.to_vec(), b.to_vec())) else {
        return Err(p.error_at(loc, "expected function type"));
    };
    p.add_operand(&callee, fty)?;
    p.add_operands(&ops, &ins, loc)?;
    p.add_result_types(&outs);
    Ok(())
}

fn print_call_indirect(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let ops = ctx.operands(op);
    p.write(" ");
    p.print_operand(ops[0]);
    p.write("(");
    p.print_operands(&ops[1..]);
    p.write(")");
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ctx.value_type(ops[0]));
}

fn verify_call_indirect(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let fty = ctx.value_type(ctx.operand(op, 0));
    let Some((ins, outs)) = ctx.function_signature(fty) else {
        return Err(Diagnostic::op_error(ctx, op, "callee must be a function"));
    };
    // Upstream checks inputs and results as two separate ODS predicates.
    let args: Vec<_> = ctx.operand_types(op).iter().skip(1).copied().collect();
    if args != ins {
        return Err(Diagnostic::op_error(ctx, op, "failed to verify that callee input types match argument types"));
    }
    if ctx.result_types(op) != outs {
        return Err(Diagnostic::op_error(ctx, op, "failed to verify that callee result types match result types"));
    }
    Ok(())
}

/// Upstream streams a TypeRange into a diagnostic as quoted, comma-separated types.
fn quoted_types(ctx: &Context, tys: &[Type]) -> String {
    tys.iter().map(|&t| format!("'{}'", type_to_string(ctx, t))).collect::<Vec<_>>().join(", ")
}

/// `%f = func.constant @fn : (i32) -> i32`
fn parse_constant(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let loc = p.current_loc();
    let sym = p.parse_symbol_ref()?;
    // Upstream parses any attribute, then checks its kind.
    if p.ctx().attr_as_symbol_ref(sym).is_none() {
        return Err(Diagnostic::error(loc, "invalid kind of attribute specified"));
    }
    p.add_attr("value", sym);
    p.parse_optional_attr_dict()?;
    let t = p.parse_colon_type()?;
    p.add_result_types(&[t]);
    Ok(())
}

fn print_constant(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    if let Some(v) = ctx.attr(op, "value") {
        p.print_attr(v);
    }
    p.print_optional_attr_dict(op, &["value"]);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn verify_constant(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(name) = ctx.attr(op, "value").and_then(|a| ctx.attr_as_symbol_ref(a)) else {
        return Err(Diagnostic::op_error(ctx, op, "requires a 'value' symbol reference attribute"));
    };
    let Some(func) = ctx.lookup_symbol(op, name).filter(|&f| ctx.is_op(f, "func.func")) else {
        return Err(Diagnostic::op_error(ctx, op, format!("reference to undefined function '{name}'")));
    };
    let ft = ctx.attr(func, "function_type").and_then(|a| ctx.attr_as_type(a));
    if ft != Some(ctx.value_type(ctx.result(op, 0))) {
        return Err(Diagnostic::op_error(ctx, op, "reference to function with mismatched type"));
    }
    Ok(())
}

/// Upstream's `SimplifyIndirectCallWithKnownCallee`: `call_indirect` of a `func.constant`
/// becomes a direct `func.call`.
struct IndirectCallOfConstant;
impl RewritePattern for IndirectCallOfConstant {
    fn root(&self) -> Option<&'static str> {
        Some("func.call_indirect")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(&callee) = ctx.operands(op).first() else { return false };
        let Some(value) = ctx
            .defining_op(callee)
            .filter(|&c| ctx.is_op(c, "func.constant"))
            .and_then(|c| ctx.attr(c, "value"))
            .filter(|&a| ctx.attr_as_symbol_ref(a).is_some())
        else {
            return false;
        };
        let args = ctx.operands(op)[1..].to_vec();
        let tys = ctx.result_types(op).to_vec();
        let loc = ctx.op_loc(op);
        let st =
            OperationState::new(b.ctx, "func.call", loc).operands(&args).results(&tys).attr(b.ctx, "callee", value);
        let call = b.create(st);
        let results = b.ctx.results(call).to_vec();
        b.ctx.replace_op(op, &results);
        true
    }
}
