//! Custom assembly of the arith ops, one parser and one printer driven by the op table.

use crate::flags::{lookup, BitEnum, CMPF_PREDICATES, CMPI_PREDICATES, ROUNDING_MODES};
use crate::spec::{spec, Syntax};
use crate::types::{i1_same_shape, Class};
use flowgate_ir::asm::{type_to_string, OpParser, OpPrinter, PResult, TokKind, UnresolvedOperand};
use flowgate_ir::{AttrKind, OpId, Type};

/// Attributes the custom syntax prints itself; never repeated in the attribute dictionary.
const ELIDED: &[&str] = &["overflowFlags", "fastmath", "predicate", "roundingmode", "value", "isExact"];

pub fn parse(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let sym = p.state.name;
    let name = p.ctx().str(sym).to_string();
    let Some(sp) = spec(&name) else { return Err(p.error(format!("unknown arith op '{name}'"))) };
    match sp.syntax {
        Syntax::Constant => parse_constant(p),
        Syntax::Select => parse_select(p),
        Syntax::CmpI | Syntax::CmpF => parse_cmp(p, sp.syntax, sp.operand),
        syn => parse_generic_shape(p, syn),
    }
}

fn parse_flags(p: &mut OpParser<'_, '_>, kind: BitEnum, attr: &str, defaulted: bool) -> PResult<()> {
    let kw = if kind == BitEnum::FastMath { "fastmath" } else { "overflow" };
    if !p.accept_keyword(kw) {
        if defaulted {
            let a = kind.attr(p.ctx(), 0);
            p.add_attr(attr, a);
        }
        return Ok(());
    }
    p.expect(TokKind::Less, "'<'")?;
    let words_loc = p.current_loc();
    let mut words = Vec::new();
    loop {
        words.push(p.parse_keyword()?);
        if !p.accept_comma() {
            break;
        }
    }
    let end_loc = p.current_loc();
    // Upstream reports a bad flag twice: the enum parser's error, then the attribute's.
    if kind.parse_list(words.iter().map(String::as_str)).is_err() {
        let sym = p.state.name;
        let name = p.ctx().str(sym).to_string();
        let (enum_msg, attr_msg) = match kind {
            BitEnum::FastMath => (
                "expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast",
                "failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`",
            ),
            BitEnum::Overflow => (
                "expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw",
                "failed to parse Arith_IntegerOverflowAttr parameter 'value' which is to be a `::mlir::arith::IntegerOverflowFlags`",
            ),
        };
        return Err(p
            .error_at(words_loc, format!("custom op '{name}' {enum_msg}"))
            .with_error(end_loc, format!("custom op '{name}' {attr_msg}")));
    }
    p.expect(TokKind::Greater, "'>'")?;
    let v = kind.parse_list(words.iter().map(String::as_str)).map_err(|_| p.error("invalid flags"))?;
    let a = kind.attr(p.ctx(), v);
    p.add_attr(attr, a);
    Ok(())
}

fn parse_rounding(p: &mut OpParser<'_, '_>) {
    for (i, m) in ROUNDING_MODES.iter().enumerate() {
        if p.accept_keyword(m) {
            let i32t = p.ctx().integer_type(32);
            let a = p.ctx().integer_attr(i as i128, i32t);
            p.add_attr("roundingmode", a);
            return;
        }
    }
}

/// Every shape made of operands, optional modifiers, `:` types and an optional `to` type.
fn parse_generic_shape(p: &mut OpParser<'_, '_>, syn: Syntax) -> PResult<()> {
    let mut ops = vec![p.parse_operand()?];
    for _ in 1..syn.operand_count() {
        p.expect_comma()?;
        ops.push(p.parse_operand()?);
    }
    if syn.has_rounding() {
        parse_rounding(p);
    }
    if syn == Syntax::BinExact && p.accept_keyword("exact") {
        let u = p.ctx().unit_attr();
        p.add_attr("isExact", u);
    }
    if syn.has_overflow() {
        parse_flags(p, BitEnum::Overflow, "overflowFlags", true)?;
    }
    if syn.has_fastmath() {
        parse_flags(p, BitEnum::FastMath, "fastmath", syn.default_fastmath())?;
    }
    p.parse_optional_attr_dict()?;
    p.expect_colon()?;
    let t = p.parse_type()?;
    match syn {
        Syntax::Bin | Syntax::BinExact | Syntax::BinOverflow | Syntax::BinFast | Syntax::UnaryFast => {
            p.add_operands_same_type(&ops, t)?;
            p.add_result_types(&[t]);
        }
        Syntax::MulExtended => {
            p.add_operands_same_type(&ops, t)?;
            p.add_result_types(&[t, t]);
        }
        Syntax::AddExtended => {
            p.expect_comma()?;
            let b = p.parse_type()?;
            p.add_operands_same_type(&ops, t)?;
            p.add_result_types(&[t, b]);
        }
        Syntax::ScalingExtF | Syntax::ScalingTruncF => {
            p.expect_comma()?;
            let st = p.parse_type()?;
            p.expect_keyword("to")?;
            let out = p.parse_type()?;
            add(p, &ops[0], t)?;
            add(p, &ops[1], st)?;
            p.add_result_types(&[out]);
        }
        _ => {
            p.expect_keyword("to")?;
            let out = p.parse_type()?;
            add(p, &ops[0], t)?;
            p.add_result_types(&[out]);
        }
    }
    Ok(())
}

fn add(p: &mut OpParser<'_, '_>, u: &UnresolvedOperand, t: Type) -> PResult<()> {
    p.add_operand(u, t).map(|_| ())
}

fn parse_cmp(p: &mut OpParser<'_, '_>, syn: Syntax, class: Class) -> PResult<()> {
    let table: &[&str] = if syn == Syntax::CmpI { &CMPI_PREDICATES } else { &CMPF_PREDICATES };
    let loc = p.current_loc();
    let word = if p.is(TokKind::String) { Some(p.parse_string()?) } else { p.parse_optional_keyword() };
    let Some(idx) = word.as_deref().and_then(|w| lookup(table, w)) else {
        return Err(p.error_at(
            loc,
            format!(
                "expected string or keyword containing one of the following enum values for attribute 'predicate' [{}]",
                table.join(", ")
            ),
        ));
    };
    let i64t = p.ctx().integer_type(64);
    let pred = p.ctx().integer_attr(idx as i128, i64t);
    p.add_attr("predicate", pred);
    p.expect_comma()?;
    let a = p.parse_operand()?;
    p.expect_comma()?;
    let b = p.parse_operand()?;
    if syn == Syntax::CmpF {
        parse_flags(p, BitEnum::FastMath, "fastmath", true)?;
    }
    p.parse_optional_attr_dict()?;
    p.expect_colon()?;
    let t = p.parse_type()?;
    // The result type is inferred from the operands, so a bad operand type is a parse error.
    if !class.accepts(p.ctx(), t) {
        let msg = format!("'lhs' must be {}, but got '{}'", class.description(), type_to_string(p.ctx(), t));
        return Err(p.error_at(p.op_loc(), msg));
    }
    p.add_operands_same_type(&[a, b], t)?;
    let r = i1_same_shape(p.ctx(), t);
    p.add_result_types(&[r]);
    Ok(())
}

fn parse_select(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let c = p.parse_operand()?;
    p.expect_comma()?;
    let a = p.parse_operand()?;
    p.expect_comma()?;
    let b = p.parse_operand()?;
    p.parse_optional_attr_dict()?;
    p.expect_colon()?;
    let first = p.parse_type()?;
    let (ct, t) = if p.accept_comma() { (first, p.parse_type()?) } else { (p.ctx().i1_type(), first) };
    add(p, &c, ct)?;
    p.add_operands_same_type(&[a, b], t)?;
    p.add_result_types(&[t]);
    Ok(())
}

fn parse_constant(p: &mut OpParser<'_, '_>) -> PResult<()> {
    p.parse_optional_attr_dict()?;
    let loc = p.current_loc();
    let v = p.parse_attribute(None)?;
    // Upstream's TypedAttr: strings count as typed (with type `none`) and are rejected by the
    // verifier; anything else without a type is a parse error.
    let t = match p.ctx().attr_type(v) {
        Some(t) => t,
        None if p.ctx().attr_as_str(v).is_some() => p.ctx().none_type(),
        None => return Err(p.error_at(loc, "invalid kind of attribute specified")),
    };
    p.add_attr("value", v);
    p.add_result_types(&[t]);
    Ok(())
}

pub fn print(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let Some(sp) = spec(ctx.op_name(op)) else { return };
    let operands = ctx.operands(op).to_vec();
    match sp.syntax {
        Syntax::Constant => {
            p.print_optional_attr_dict(op, &["value"]);
            if let Some(v) = ctx.attr(op, "value") {
                p.write(" ");
                p.print_attr(v);
            }
        }
        Syntax::CmpI | Syntax::CmpF => {
            let table: &[&str] = if sp.syntax == Syntax::CmpI { &CMPI_PREDICATES } else { &CMPF_PREDICATES };
            let pred = ctx.attr(op, "predicate").and_then(|a| ctx.attr_as_int(a));
            let word = pred.and_then(|i| usize::try_from(i).ok()).and_then(|i| table.get(i)).copied();
            p.write(" ");
            p.write(word.unwrap_or("<<invalid predicate>>"));
            p.write(", ");
            p.print_operands(&operands);
            print_flags(p, op, sp.syntax);
            p.print_optional_attr_dict(op, ELIDED);
            p.write(" : ");
            if let Some(&a) = operands.first() {
                p.print_type(ctx.value_type(a));
            }
        }
        Syntax::Select => {
            p.write(" ");
            p.print_operands(&operands);
            p.print_optional_attr_dict(op, ELIDED);
            p.write(" : ");
            if let Some(&c) = operands.first() {
                let ct = ctx.value_type(c);
                if !(ctx.is_signless_integer(ct) && ctx.int_width(ct) == Some(1)) {
                    p.print_type(ct);
                    p.write(", ");
                }
            }
            p.print_types(&ctx.result_types(op));
        }
        syn => {
            p.write(" ");
            p.print_operands(&operands);
            print_flags(p, op, syn);
            p.print_optional_attr_dict(op, ELIDED);
            p.write(" : ");
            match syn {
                Syntax::AddExtended => p.print_types(&ctx.result_types(op)),
                Syntax::Bin
                | Syntax::BinExact
                | Syntax::BinOverflow
                | Syntax::BinFast
                | Syntax::UnaryFast
                | Syntax::MulExtended => {
                    if let Some(&r) = ctx.results(op).first() {
                        p.print_type(ctx.value_type(r));
                    }
                }
                _ => {
                    p.print_value_types(&operands);
                    p.write(" to ");
                    p.print_types(&ctx.result_types(op));
                }
            }
        }
    }
}

/// ` downward`, ` overflow<nsw>`, ` fastmath<fast>`: default-valued flags are elided at their
/// default, optional ones are printed whenever present.
fn print_flags(p: &mut OpPrinter<'_>, op: OpId, syn: Syntax) {
    let ctx = p.ctx;
    if syn == Syntax::BinExact && ctx.has_attr(op, "isExact") {
        p.write(" exact");
    }
    if syn.has_rounding() {
        if let Some(m) = ctx.attr(op, "roundingmode").and_then(|a| ctx.attr_as_int(a)) {
            if let Some(name) = usize::try_from(m).ok().and_then(|i| ROUNDING_MODES.get(i)) {
                p.write(" ");
                p.write(name);
            }
        }
    }
    let mut flag = |attr: &str, kind: BitEnum, defaulted: bool| {
        let Some(a) = ctx.attr(op, attr) else { return };
        let Some(v) = kind.decode(ctx, a) else { return };
        if defaulted && v == 0 {
            return;
        }
        p.write(if kind == BitEnum::FastMath { " fastmath<" } else { " overflow<" });
        p.write(&kind.to_text(v));
        p.write(">");
    };
    if syn.has_overflow() {
        flag("overflowFlags", BitEnum::Overflow, true);
    }
    if syn.has_fastmath() {
        flag("fastmath", BitEnum::FastMath, syn.default_fastmath());
    }
}

/// `%c42_i32`, `%c0`, `%true`, `%cst`: upstream's names for constants.
pub fn constant_result_name(ctx: &flowgate_ir::Context, op: OpId) -> Option<String> {
    let v = ctx.attr(op, "value")?;
    match ctx.attr_kind(v) {
        AttrKind::Integer { value, ty } => {
            let ty = *ty;
            if ctx.is_integer(ty) && ctx.int_width(ty) == Some(1) {
                return Some(if *value != 0 { "true" } else { "false" }.to_string());
            }
            if ctx.is_integer(ty) {
                Some(format!("c{value}_{}", type_to_string(ctx, ty)))
            } else {
                Some(format!("c{value}"))
            }
        }
        _ => Some("cst".to_string()),
    }
}
