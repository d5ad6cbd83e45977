//! Custom assembly formats that ops of several dialects share, as one ODS `assemblyFormat`
//! string serves many upstream ops. Each pair parses and prints the same text, so an op that
//! uses a pair round-trips by construction.

use super::{Delimiter, OpParser, OpPrinter, PResult};
use crate::{Count, OpDef, OpId, Type, Value, VerifyFn};

/// `$operand attr-dict : type($operand)`: adds the operand, with the type `parse_ty` reads (a
/// dialect passes its own type parser to keep upstream's "invalid kind of type" message), and
/// returns that type. Results, if any, are the caller's.
pub fn parse_operand_colon_type(
    p: &mut OpParser<'_, '_>,
    parse_ty: impl FnOnce(&mut OpParser<'_, '_>) -> PResult<Type>,
) -> PResult<Type> {
    let v = p.parse_operand()?;
    p.parse_optional_attr_dict()?;
    p.expect_colon()?;
    let t = parse_ty(p)?;
    p.add_operand(&v, t)?;
    Ok(t)
}

/// [`parse_operand_colon_type`] with any type, for ops like the `yield`s of region bodies.
pub fn parse_operand_colon_any_type(p: &mut OpParser<'_, '_>) -> PResult<()> {
    parse_operand_colon_type(p, |p| p.parse_type()).map(drop)
}

/// Prints [`parse_operand_colon_type`]'s format for operand #0.
pub fn print_operand_colon_type(p: &mut OpPrinter<'_>, op: OpId) {
    let v = p.ctx.operand(op, 0);
    p.write(" ");
    p.print_value(v);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(p.ctx.value_type(v));
}

/// `$source attr-dict : type($source) to type($result)`, the format of upstream's cast-like ops
/// (`memref.cast`, `tensor.cast`, `memref.memory_space_cast`).
pub fn parse_cast(p: &mut OpParser<'_, '_>) -> PResult<()> {
    parse_operand_colon_type(p, |p| p.parse_type())?;
    p.expect_keyword("to")?;
    let r = p.parse_type()?;
    p.add_result_types(&[r]);
    Ok(())
}

/// Prints [`parse_cast`]'s format.
pub fn print_cast(p: &mut OpPrinter<'_>, op: OpId) {
    print_operand_colon_type(p, op);
    p.write(" to ");
    p.print_type(p.ctx.value_type(p.ctx.result(op, 0)));
}

/// The definition of a cast-like op: pure, one operand and one result, no regions or
/// successors, the [`parse_cast`] format; `verify` says which type pairs it accepts.
pub fn cast_op(name: &'static str, verify: VerifyFn) -> OpDef {
    OpDef {
        parse: Some(parse_cast),
        print: Some(print_cast),
        verify: Some(verify),
        operands: Count::Exactly(1),
        ..OpDef::pure_value(name)
    }
}

/// `$source($shape) attr-dict : (type($source), type($shape)) -> type($result)`, the format of
/// `memref.reshape` and `tensor.reshape`.
pub fn parse_reshape(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.parse_operand()?;
    let shape = p.parse_operand_list(Delimiter::Paren)?;
    p.parse_optional_attr_dict()?;
    p.expect_colon()?;
    let loc = p.current_loc();
    let (ins, outs) = p.parse_functional_type()?;
    if shape.len() != 1 || ins.len() != 2 || outs.len() != 1 {
        return Err(p.error_at(loc, "expected 2 operand types and 1 result type"));
    }
    p.add_operand(&src, ins[0])?;
    p.add_operand(&shape[0], ins[1])?;
    p.add_result_types(&outs);
    Ok(())
}

/// Prints [`parse_reshape`]'s format.
pub fn print_reshape(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_value(ctx.operand(op, 0));
    p.write("(");
    p.print_value(ctx.operand(op, 1));
    p.write(")");
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_functional_type(op);
}

/// A value list in `open`/`close` brackets, or nothing when it is empty: the printed side of
/// `Delimiter::OptionalParen` and `Delimiter::OptionalSquare`.
pub fn print_optional_list(p: &mut OpPrinter<'_>, values: &[Value], delim: Delimiter) {
    if values.is_empty() {
        return;
    }
    let (open, close) = match delim {
        Delimiter::Paren | Delimiter::OptionalParen => ("(", ")"),
        Delimiter::Square | Delimiter::OptionalSquare => ("[", "]"),
        Delimiter::None => ("", ""),
    };
    p.write(open);
    p.print_operands(values);
    p.write(close);
}
