//! memref ops that state facts about buffers for the optimizer and change no data:
//! `assume_alignment` and `distinct_objects`, with upstream's syntax and verifiers.

use crate::util::*;
use flowgate_ir::asm::{Delimiter, OpParser, OpPrinter, PResult};
use flowgate_ir::{Context, Count, Diagnostic, OpDef, OpId, Type};

pub(crate) fn defs() -> Vec<OpDef> {
    let base = OpDef::pure_value;
    vec![
        OpDef {
            parse: Some(parse_assume_alignment),
            print: Some(print_assume_alignment),
            verify: Some(verify_assume_alignment),
            inherent_attrs: &["alignment"],
            result_names: Some(|_, _| Some("assume_align".into())),
            operands: Count::Exactly(1),
            ..base("memref.assume_alignment")
        },
        OpDef {
            parse: Some(parse_distinct_objects),
            print: Some(print_distinct_objects),
            verify: Some(verify_distinct_objects),
            results: Count::Any,
            operands: Count::Any,
            ..base("memref.distinct_objects")
        },
    ]
}

// ----- assume_alignment -----

/// `%r = memref.assume_alignment %m, 16 : memref<...>`
fn parse_assume_alignment(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let m = p.parse_operand()?;
    p.expect_comma()?;
    let v = p.parse_integer()?;
    let i32t = p.ctx().integer_type(32);
    let a = p.ctx().integer_attr(v, i32t);
    p.add_attr("alignment", a);
    p.parse_optional_attr_dict()?;
    p.expect_colon()?;
    let t = parse_memref_type(p, false)?;
    p.add_operand(&m, t)?;
    p.add_result_types(&[t]);
    Ok(())
}

fn print_assume_alignment(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_value(ctx.operand(op, 0));
    let a = ctx.attr(op, "alignment").and_then(|a| ctx.attr_as_int(a)).unwrap_or(0);
    p.write(&format!(", {a}"));
    p.print_optional_attr_dict(op, &["alignment"]);
    p.write(" : ");
    p.print_type(operand_type(ctx, op, 0));
}

fn verify_assume_alignment(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let a = ctx.attr(op, "alignment").ok_or_else(|| op_err(ctx, op, "requires attribute 'alignment'"))?;
    let v = ctx.attr_as_int(a);
    let i32_typed = ctx.attr_type(a).is_some_and(|t| ctx.is_signless_integer(t) && ctx.int_width(t) == Some(32));
    let Some(v) = v.filter(|&v| v > 0 && i32_typed) else {
        return Err(op_err(
            ctx,
            op,
            "attribute 'alignment' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive",
        ));
    };
    let t = operand_type(ctx, op, 0);
    if !ctx.is_memref(t) {
        return Err(op_err(ctx, op, format!("operand #0 must be memref of any type values, but got {}", q(ctx, t))));
    }
    if result_type(ctx, op) != t {
        return Err(op_err(ctx, op, "failed to verify that all of {memref, result} have same type"));
    }
    if v & (v - 1) != 0 {
        return Err(op_err(ctx, op, "alignment must be power of 2"));
    }
    Ok(())
}

// ----- distinct_objects -----

/// `memref.distinct_objects %a, %b {attrs} : type(%a), type(%b)`; the results take the
/// operands' types (upstream's inferred return types).
fn parse_distinct_objects(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let vals = p.parse_operand_list(Delimiter::None)?;
    p.parse_optional_attr_dict()?;
    p.expect_colon()?;
    let loc = p.current_loc();
    let tys = p.parse_type_list()?;
    p.add_operands(&vals, &tys, loc)?;
    p.add_result_types(&tys);
    Ok(())
}

fn print_distinct_objects(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let vals = ctx.operands(op);
    p.write(" ");
    p.print_operands(vals);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_value_types(vals);
}

fn verify_distinct_objects(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let ins: Vec<Type> = ctx.operands(op).iter().map(|&v| ctx.value_type(v)).collect();
    let outs: Vec<Type> = ctx.results(op).iter().map(|&v| ctx.value_type(v)).collect();
    if ins != outs {
        return Err(op_err(ctx, op, "operand types and result types must match"));
    }
    if ins.is_empty() {
        return Err(op_err(ctx, op, "expected at least one operand"));
    }
    if let Some((i, &t)) = ins.iter().enumerate().find(|(_, &t)| !ctx.is_memref(t)) {
        return Err(op_err(
            ctx,
            op,
            format!(
                "operand #{i} must be variadic of ranked or unranked memref of any type values, but got {}",
                q(ctx, t)
            ),
        ));
    }
    Ok(())
}
