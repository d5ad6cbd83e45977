//! `func.func` and `func.return`.

use flowgate_ir::asm::{Argument, Delimiter, OpParser, OpPrinter, PResult};
use flowgate_ir::{AttrKind, Context, Count, Diagnostic, OpDef, OpId, Traits, Type};

pub fn register(ctx: &mut Context) {
    ctx.register_op(OpDef {
        traits: Traits::ISOLATED_FROM_ABOVE | Traits::SYMBOL,
        inherent_attrs: &["sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs", "no_inline"],
        parse: Some(parse_func),
        print: Some(print_func),
        verify: Some(verify_func),
        default_dialect: Some("func"),
        operands: Count::Exactly(0),
        results: Count::Exactly(0),
        regions: Count::Exactly(1),
        successors: Count::Exactly(0),
        ..OpDef::new("func.func")
    });
    ctx.register_op(OpDef {
        traits: Traits::TERMINATOR | Traits::RETURN_LIKE | Traits::PURE,
        parse: Some(parse_return),
        print: Some(print_return),
        verify: Some(verify_return),
        results: Count::Exactly(0),
        regions: Count::Exactly(0),
        successors: Count::Exactly(0),
        ..OpDef::new("func.return")
    });
}

/// A function's signature, read from its `function_type` attribute.
pub struct FuncSignature {
    pub inputs: Vec<Type>,
    pub results: Vec<Type>,
}

pub fn function_type(ctx: &Context, func: OpId) -> Option<FuncSignature> {
    let t = ctx.attr(func, "function_type").and_then(|a| ctx.attr_as_type(a))?;
    let (i, r) = ctx.function_signature(t)?;
    Some(FuncSignature { inputs: i.to_vec(), results: r.to_vec() })
}

/// `func.func private @name(%a: i32 {attrs}, ...) -> (i32 {attrs}) attributes {...} {...}`
fn parse_func(p: &mut OpParser<'_, '_>) -> PResult<()> {
    for vis in ["private", "public", "nested"] {
        if p.accept_keyword(vis) {
            let a = p.ctx().string_attr(vis);
            p.add_attr("sym_visibility", a);
        }
    }
    let name = p.parse_symbol_name()?;
    let a = p.ctx().string_attr(&name);
    p.add_attr("sym_name", a);
    // Arguments: either named (`%a: i32`) for a definition or bare types for a declaration.
    p.expect(flowgate_ir::asm::TokKind::LParen, "'('")?;
    let mut args: Vec<Argument> = Vec::new();
    let mut inputs = Vec::new();
    let mut arg_attrs = Vec::new();
    if !p.accept(flowgate_ir::asm::TokKind::RParen) {
        loop {
            if p.is_operand() {
                if !inputs.is_empty() && args.is_empty() {
                    return Err(p.error("expected type instead of SSA identifier"));
                }
                let a = p.parse_argument(true, true)?;
                let ty = a.ty.ok_or_else(|| p.error("expected ':'"))?;
                inputs.push(ty);
                arg_attrs.push(a.attrs);
                args.push(a);
            } else {
                if !args.is_empty() {
                    return Err(p.error("expected SSA identifier"));
                }
                inputs.push(p.parse_type()?);
                arg_attrs.push(if p.is_dictionary() { Some(p.parse_dictionary()?) } else { None });
            }
            if !p.accept_comma() {
                break;
            }
        }
        p.expect(flowgate_ir::asm::TokKind::RParen, "')'")?;
    }
    let mut results = Vec::new();
    let mut res_attrs = Vec::new();
    if p.accept(flowgate_ir::asm::TokKind::Arrow) {
        if p.accept(flowgate_ir::asm::TokKind::LParen) {
            if !p.accept(flowgate_ir::asm::TokKind::RParen) {
                loop {
                    results.push(p.parse_type()?);
                    res_attrs.push(if p.is_dictionary() { Some(p.parse_dictionary()?) } else { None });
                    if !p.accept_comma() {
                        break;
                    }
                }
                p.expect(flowgate_ir::asm::TokKind::RParen, "')'")?;
            }
        } else {
            results.push(p.parse_type()?);
        }
    }
    let ft = p.ctx().function_type(inputs, results.clone());
    let fta = p.ctx().type_attr(ft);
    p.add_attr("function_type", fta);
    add_attr_list(p, "arg_attrs", arg_attrs);
    add_attr_list(p, "res_attrs", res_attrs);
    if p.accept_keyword("attributes") {
        // Upstream's parseFunctionOp: attributes the syntax already gives may not be repeated.
        let loc = p.current_loc();
        let dict = p.parse_dictionary()?;
        let entries = match p.ctx().attr_kind(dict) {
            AttrKind::Dictionary(e) => e.clone(),
            _ => Vec::new(),
        };
        for (name, value) in entries {
            let name = p.ctx().str(name).to_string();
            if ["sym_visibility", "sym_name", "function_type"].contains(&name.as_str()) {
                return Err(p.error_at(
                    loc,
                    format!("'{name}' is an inferred attribute and should not be specified in the explicit attribute dictionary"),
                ));
            }
            p.add_attr(&name, value);
        }
    }
    if p.is_region() {
        let loc = p.current_loc();
        let r = p.add_region(&args)?;
        if p.ctx().region_blocks(r).is_empty() {
            return Err(p.error_at(loc, "expected non-empty function body"));
        }
    } else {
        if !args.is_empty() {
            // Named arguments without a body are still a declaration.
        }
        p.add_empty_region();
    }
    let _ = Delimiter::None;
    Ok(())
}

fn add_attr_list(p: &mut OpParser<'_, '_>, name: &str, list: Vec<Option<flowgate_ir::Attribute>>) {
    if list.iter().all(|a| a.is_none()) {
        return;
    }
    let ctx = p.ctx();
    let items = list.into_iter().map(|a| a.unwrap_or_else(|| ctx.dictionary_attr(Vec::new()))).collect();
    let arr = ctx.array_attr(items);
    p.add_attr(name, arr);
}

fn attr_list_entry(ctx: &Context, op: OpId, name: &str, i: usize) -> Option<flowgate_ir::Attribute> {
    let a = ctx.attr(op, name)?;
    let d = *ctx.attr_as_array(a)?.get(i)?;
    match ctx.attr_kind(d) {
        AttrKind::Dictionary(e) if !e.is_empty() => Some(d),
        _ => None,
    }
}

fn print_func(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    if let Some(vis) = ctx.attr(op, "sym_visibility").and_then(|a| ctx.attr_as_str(a)) {
        p.write(" ");
        p.write(vis);
    }
    p.write(" ");
    p.print_symbol_name(ctx.symbol_name(op).unwrap_or(""));
    let sig = function_type(ctx, op).unwrap_or(FuncSignature { inputs: vec![], results: vec![] });
    let body = ctx.region(op, 0);
    let entry = ctx.entry_block(body);
    p.write("(");
    for (i, &t) in sig.inputs.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        match entry.and_then(|b| ctx.block_args(b).get(i).copied()) {
            Some(v) => p.print_block_arg_decl(v),
            None => p.print_type(t),
        }
        if let Some(d) = attr_list_entry(ctx, op, "arg_attrs", i) {
            p.write(" ");
            p.print_attr(d);
        }
    }
    p.write(")");
    if !sig.results.is_empty() {
        p.write(" -> ");
        let any_attrs = (0..sig.results.len()).any(|i| attr_list_entry(ctx, op, "res_attrs", i).is_some());
        if sig.results.len() == 1
            && !any_attrs
            && !matches!(ctx.type_kind(sig.results[0]), flowgate_ir::TypeKind::Function { .. })
        {
            p.print_type(sig.results[0]);
        } else {
            p.write("(");
            for (i, &t) in sig.results.iter().enumerate() {
                if i > 0 {
                    p.write(", ");
                }
                p.print_type(t);
                if let Some(d) = attr_list_entry(ctx, op, "res_attrs", i) {
                    p.write(" ");
                    p.print_attr(d);
                }
            }
            p.write(")");
        }
    }
    p.print_optional_attr_dict_with_keyword(
        op,
        &["sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs"],
    );
    if entry.is_some() {
        p.write(" ");
        p.print_region(body, false, true);
    }
}

fn verify_func(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if ctx.attr(op, "function_type").is_none() {
        return Err(Diagnostic::op_error(ctx, op, "requires attribute 'function_type'"));
    }
    let Some(sig) = function_type(ctx, op) else {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            "attribute 'function_type' failed to satisfy constraint: type attribute of function type",
        ));
    };
    if ctx.symbol_name(op).is_none() {
        return Err(Diagnostic::op_error(ctx, op, "requires attribute 'sym_name'"));
    }
    let vis = ctx.attr(op, "sym_visibility").and_then(|a| ctx.attr_as_str(a));
    if let Some(v) = vis.filter(|v| !["public", "private", "nested"].contains(v)) {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"{v}\""),
        ));
    }
    verify_attr_array_len(ctx, op, "arg_attrs", "argument", "arguments", sig.inputs.len())?;
    verify_attr_array_len(ctx, op, "res_attrs", "result", "results", sig.results.len())?;
    // Argument and result attributes must belong to a dialect (`dialect.name`).
    for (list, n, what) in [("arg_attrs", sig.inputs.len(), "arguments"), ("res_attrs", sig.results.len(), "results")] {
        for i in 0..n {
            let Some(d) = attr_list_entry(ctx, op, list, i) else { continue };
            if let AttrKind::Dictionary(entries) = ctx.attr_kind(d) {
                if entries.iter().any(|&(name, _)| !ctx.str(name).contains('.')) {
                    return Err(Diagnostic::op_error(ctx, op, format!("{what} may only have dialect attributes")));
                }
            }
        }
    }
    let body = ctx.region(op, 0);
    let Some(entry) = ctx.entry_block(body) else {
        if vis.is_none() || vis == Some("public") {
            return Err(Diagnostic::op_error(ctx, op, "symbol declaration cannot have public visibility"));
        }
        return Ok(());
    };
    let args = ctx.block_args(entry);
    if args.len() != sig.inputs.len() {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("entry block must have {} arguments to match function signature", sig.inputs.len()),
        ));
    }
    for (i, (&a, &t)) in args.iter().zip(&sig.inputs).enumerate() {
        let at = ctx.value_type(a);
        if at != t {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!(
                    "type of entry block argument #{i}('{}') must match the type of the corresponding argument in function signature('{}')",
                    flowgate_ir::asm::type_to_string(ctx, at),
                    flowgate_ir::asm::type_to_string(ctx, t)
                ),
            ));
        }
    }
    Ok(())
}

/// Upstream's function_interface_impl::verifyTrait: per-argument/result attribute
/// arrays must line up with the signature.
fn verify_attr_array_len(
    ctx: &Context,
    op: OpId,
    attr: &str,
    what: &str,
    whats: &str,
    expected: usize,
) -> Result<(), Diagnostic> {
    let Some(a) = ctx.attr(op, attr) else { return Ok(()) };
    let Some(arr) = ctx.attr_as_array(a) else {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("attribute '{attr}' failed to satisfy constraint: Array of dictionary attributes"),
        ));
    };
    if arr.len() != expected {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!(
                "expects {what} attribute array to have the same number of elements as the number of function {whats}, got {}, but expected {expected}",
                arr.len()
            ),
        ));
    }
    Ok(())
}

fn parse_return(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let ops = p.parse_operand_list(Delimiter::None)?;
    let loc = p.current_loc();
    if !ops.is_empty() {
        let tys = p.parse_colon_type_list()?;
        p.add_operands(&ops, &tys, loc)?;
    }
    p.parse_optional_attr_dict()
}

fn print_return(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let vals = ctx.operands(op).to_vec();
    if !vals.is_empty() {
        p.write(" ");
        p.print_operands(&vals);
        p.write(" : ");
        p.print_value_types(&vals);
    }
    p.print_optional_attr_dict(op, &[]);
}

fn verify_return(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(func) = ctx.parent_op(op).filter(|&f| ctx.is_op(f, "func.func")) else {
        return Err(Diagnostic::op_error(ctx, op, "expects parent op 'func.func'"));
    };
    let Some(sig) = function_type(ctx, func) else { return Ok(()) };
    let name = ctx.symbol_name(func).unwrap_or("");
    let vals = ctx.operands(op);
    if vals.len() != sig.results.len() {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("has {} operands, but enclosing function (@{name}) returns {}", vals.len(), sig.results.len()),
        ));
    }
    for (i, (&v, &t)) in vals.iter().zip(&sig.results).enumerate() {
        let vt = ctx.value_type(v);
        if vt != t {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!(
                    "type of return operand {i} ('{}') doesn't match function result type ('{}') in function @{name}",
                    flowgate_ir::asm::type_to_string(ctx, vt),
                    flowgate_ir::asm::type_to_string(ctx, t)
                ),
            ));
        }
    }
    Ok(())
}
