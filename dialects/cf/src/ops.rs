//! Custom syntax and verifiers of the cf ops.

use crate::segments::sizes;
use flowgate_ir::asm::{type_to_string, OpParser, OpPrinter, PResult, TokKind};
use flowgate_ir::{AttrKind, Context, DenseElements, Diagnostic, OpId};

type VResult = Result<(), Diagnostic>;

fn err(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::op_error(ctx, op, msg)
}

// ----- cf.br -----

/// `cf.br ^bb1(%a : i32)`
pub fn parse_br(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let (b, vals) = p.parse_successor_and_use_list()?;
    p.add_successor(b);
    p.state.operands.extend(vals);
    p.parse_optional_attr_dict()
}

pub fn print_br(p: &mut OpPrinter<'_>, op: OpId) {
    p.write(" ");
    if !p.ctx.successors(op).is_empty() {
        p.print_successor_and_use_list(op, 0);
    }
    p.print_optional_attr_dict(op, &[]);
}

// ----- cf.cond_br -----

/// `weights([3, 5])`
fn parse_weights(p: &mut OpParser<'_, '_>) -> PResult<()> {
    if !p.accept_keyword("weights") {
        return Ok(());
    }
    p.expect(TokKind::LParen, "'('")?;
    p.expect(TokKind::LSquare, "'['")?;
    let mut ws = Vec::new();
    if !p.is(TokKind::RSquare) {
        loop {
            let loc = p.current_loc();
            let v = p.parse_integer()?;
            ws.push(i32::try_from(v).map_err(|_| p.error_at(loc, "integer value too large"))?);
            if !p.accept_comma() {
                break;
            }
        }
    }
    p.expect(TokKind::RSquare, "']'")?;
    p.expect(TokKind::RParen, "')'")?;
    let a = p.ctx().dense_i32_array_attr(&ws);
    p.add_attr("branch_weights", a);
    Ok(())
}

fn print_weights(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    if let Some(ws) = ctx.attr(op, "branch_weights").and_then(|a| ctx.attr_as_dense_array(a)) {
        let s: Vec<String> = ws.iter().map(|w| w.to_string()).collect();
        p.write(&format!(" weights([{}])", s.join(", ")));
    }
}

/// `cf.cond_br %c weights([1, 2]), ^bb1(%a : i32), ^bb2`
pub fn parse_cond_br(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let c = p.parse_operand()?;
    parse_weights(p)?;
    p.expect_comma()?;
    let (t, tv) = p.parse_successor_and_use_list()?;
    p.expect_comma()?;
    let (f, fv) = p.parse_successor_and_use_list()?;
    p.parse_optional_attr_dict()?;
    let i1 = p.ctx().i1_type();
    p.add_operand(&c, i1)?;
    let segs = [1, tv.len() as i32, fv.len() as i32];
    p.state.operands.extend(tv);
    p.state.operands.extend(fv);
    p.add_successor(t);
    p.add_successor(f);
    let a = p.ctx().dense_i32_array_attr(&segs);
    p.add_attr("operandSegmentSizes", a);
    Ok(())
}

pub fn print_cond_br(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    if let Some(&c) = ctx.operands(op).first() {
        p.print_operand(c);
    }
    print_weights(p, op);
    for i in 0..ctx.successors(op).len() {
        p.write(", ");
        p.print_successor_and_use_list(op, i);
    }
    p.print_optional_attr_dict(op, &["operandSegmentSizes", "branch_weights"]);
}

/// `operandSegmentSizes` must have `n` entries adding up to the operand count.
fn verify_segments(ctx: &Context, op: OpId, attr: &str, what: &str, n: usize, total: usize) -> VResult {
    let segs = sizes(ctx, op, attr).unwrap_or_else(|| vec![0; n]);
    if segs.len() != n {
        return Err(err(
            ctx,
            op,
            format!("'{attr}' attribute for specifying {what} segments must have {n} elements, but got {}", segs.len()),
        ));
    }
    let sum: usize = segs.iter().sum();
    if sum != total {
        return Err(err(
            ctx,
            op,
            format!(
                "{what} count ({total}) does not match with the total size ({sum}) specified in attribute '{attr}'"
            ),
        ));
    }
    Ok(())
}

fn is_i1(ctx: &Context, t: flowgate_ir::Type) -> bool {
    ctx.is_signless_integer(t) && ctx.int_width(t) == Some(1)
}

pub fn verify_cond_br(ctx: &Context, op: OpId) -> VResult {
    verify_segments(ctx, op, "operandSegmentSizes", "operand", 3, ctx.operands(op).len())?;
    if sizes(ctx, op, "operandSegmentSizes").is_some_and(|s| s.first() != Some(&1)) {
        return Err(err(ctx, op, "operand group 0 must have exactly one operand (the condition)"));
    }
    let c = ctx.value_type(ctx.operand(op, 0));
    if !is_i1(ctx, c) {
        return Err(err(
            ctx,
            op,
            format!("operand #0 must be 1-bit signless integer, but got '{}'", type_to_string(ctx, c)),
        ));
    }
    if let Some(ws) = ctx.attr(op, "branch_weights").and_then(|a| ctx.attr_as_dense_array(a)) {
        let n = ctx.successors(op).len();
        if !ws.is_empty() {
            if ws.len() != n {
                return Err(err(
                    ctx,
                    op,
                    format!("expects number of branch weights to match number of successors: {} vs {n}", ws.len()),
                ));
            }
            if ws.iter().all(|&w| w == 0) {
                return Err(err(ctx, op, "branch weights cannot all be zero"));
            }
        }
    }
    Ok(())
}

// ----- cf.switch -----

/// `cf.switch %flag : i32, [ default: ^bb1(%a : i32), 42: ^bb2, 43: ^bb3 ]`
pub fn parse_switch(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let flag = p.parse_operand()?;
    p.expect_colon()?;
    let ty_loc = p.current_loc();
    let ty = p.parse_type()?;
    if p.ctx().int_width(ty).is_none() {
        let msg = format!(
            "invalid kind of type specified: expected builtin.integer, but found '{}'",
            type_to_string(p.ctx(), ty)
        );
        return Err(p.error_at(ty_loc, msg));
    }
    p.expect_comma()?;
    p.expect(TokKind::LSquare, "'['")?;
    p.expect_keyword("default")?;
    p.expect_colon()?;
    let (default, dv) = p.parse_successor_and_use_list()?;
    let mut values = Vec::new();
    let mut dests = Vec::new();
    let mut case_ops = Vec::new();
    let mut segs = Vec::new();
    while p.accept_comma() {
        if !p.is_integer() {
            return Err(p.error("expected integer value"));
        }
        // Upstream 22 reads case values as 64-bit integers and truncates them to the flag's
        // width without complaint. It prints them unsigned, so for i64 flags it cannot read
        // its own output back; we also accept unsigned 64-bit values to keep round trips.
        let loc = p.current_loc();
        let v = p.parse_integer()?;
        if i64::try_from(v).is_err() && u64::try_from(v).is_err() {
            return Err(p.error_at(loc, "integer value too large"));
        }
        p.expect_colon()?;
        let (b, vals) = p.parse_successor_and_use_list()?;
        values.push(p.ctx().normalize_int(v, ty));
        dests.push(b);
        segs.push(vals.len() as i32);
        case_ops.extend(vals);
    }
    p.expect(TokKind::RSquare, "']'")?;
    p.parse_optional_attr_dict()?;
    p.add_operand(&flag, ty)?;
    let group = [1, dv.len() as i32, case_ops.len() as i32];
    p.state.operands.extend(dv);
    p.state.operands.extend(case_ops);
    p.add_successor(default);
    for d in dests {
        p.add_successor(d);
    }
    if !values.is_empty() {
        let vty = p.ctx().intern_type(flowgate_ir::TypeKind::Vector {
            shape: vec![values.len() as i64],
            scalable: vec![false],
            element: ty,
        });
        let splat = values.windows(2).all(|w| w[0] == w[1]);
        let data = DenseElements::Ints(if splat { values[..1].to_vec() } else { values });
        let a = p.ctx().intern_attr(AttrKind::DenseElements { ty: vty, splat, data });
        p.add_attr("case_values", a);
    }
    let a = p.ctx().dense_i32_array_attr(&segs);
    p.add_attr("case_operand_segments", a);
    let a = p.ctx().dense_i32_array_attr(&group);
    p.add_attr("operandSegmentSizes", a);
    Ok(())
}

/// The case values of a switch, one per case (a splat repeated).
pub(crate) fn case_values(ctx: &Context, op: OpId) -> Option<(flowgate_ir::Type, Vec<i128>)> {
    let a = ctx.attr(op, "case_values")?;
    let AttrKind::DenseElements { ty, splat, data: DenseElements::Ints(v) } = ctx.attr_kind(a) else { return None };
    let n = ctx.shape(*ty).and_then(|s| s.first()).copied().unwrap_or(0).max(0) as usize;
    let vals = if *splat { vec![v.first().copied().unwrap_or(0); n] } else { v.clone() };
    Some((ctx.element_type(*ty)?, vals))
}

pub fn print_switch(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let Some(&flag) = ctx.operands(op).first() else { return };
    p.write(" ");
    p.print_operand(flag);
    p.write(" : ");
    p.print_type(ctx.value_type(flag));
    p.write(", [");
    p.increase_indent();
    p.newline();
    p.write("default: ");
    p.print_successor_and_use_list(op, 0);
    let (vty, vals) = case_values(ctx, op).unwrap_or((ctx.value_type(flag), Vec::new()));
    // Upstream prints case values as unsigned (`255` for `-1 : i8`), but reads them as signed
    // 64-bit numbers: at 64 bits an unsigned spelling above INT64_MAX cannot be read back
    // (upstream fails on its own output), so those print signed.
    let width = ctx.int_width(vty).unwrap_or(64);
    let mask = if width >= 128 { u128::MAX } else { (1u128 << width) - 1 };
    for (i, v) in vals.iter().enumerate() {
        let v = if width >= 64 { v.to_string() } else { ((*v as u128) & mask).to_string() };
        if i + 1 >= ctx.successors(op).len() {
            break;
        }
        p.write(",");
        p.newline();
        p.write(&format!("{v}: "));
        p.print_successor_and_use_list(op, i + 1);
    }
    p.decrease_indent();
    if !vals.is_empty() {
        p.newline();
    }
    p.write("]");
    p.print_optional_attr_dict(op, &["case_values", "case_operand_segments", "operandSegmentSizes"]);
}

pub fn verify_switch(ctx: &Context, op: OpId) -> VResult {
    verify_segments(ctx, op, "operandSegmentSizes", "operand", 3, ctx.operands(op).len())?;
    let groups = sizes(ctx, op, "operandSegmentSizes").unwrap_or_default();
    if groups.first() != Some(&1) {
        return Err(err(ctx, op, "operand group 0 must have exactly one operand (the flag)"));
    }
    let flag_ty = ctx.value_type(ctx.operand(op, 0));
    if !ctx.is_signless_integer(flag_ty) {
        return Err(err(ctx, op, format!("operand #0 must be integer, but got '{}'", type_to_string(ctx, flag_ty))));
    }
    let cases = ctx.successors(op).len() - 1;
    let case_total = groups.get(2).copied().unwrap_or(0);
    let Some(segs) = sizes(ctx, op, "case_operand_segments") else {
        return Err(err(ctx, op, "requires attribute 'case_operand_segments'"));
    };
    let sum: usize = segs.iter().sum();
    if sum != case_total {
        return Err(err(
            ctx,
            op,
            format!(
                "caseOperands count ({case_total}) does not match with the total size ({sum}) specified in attribute 'case_operand_segments'"
            ),
        ));
    }
    if ctx.attr(op, "case_values").is_none() && cases == 0 {
        return Ok(());
    }
    let Some((vty, vals)) = case_values(ctx, op) else {
        return Err(err(
            ctx,
            op,
            "number of case values (0) should match number of case destinations (".to_string()
                + &cases.to_string()
                + ")",
        ));
    };
    if vty != flag_ty {
        return Err(err(
            ctx,
            op,
            format!(
                "'flag' type ('{}') should match case value type ('{}')",
                type_to_string(ctx, flag_ty),
                type_to_string(ctx, vty)
            ),
        ));
    }
    if vals.len() != cases {
        return Err(err(
            ctx,
            op,
            format!("number of case values ({}) should match number of case destinations ({cases})", vals.len()),
        ));
    }
    if segs.len() != cases {
        return Err(err(
            ctx,
            op,
            format!(
                "number of case operand segments ({}) should match number of case destinations ({cases})",
                segs.len()
            ),
        ));
    }
    Ok(())
}

// ----- cf.assert -----

/// `cf.assert %cond, "message"`
pub fn parse_assert(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let c = p.parse_operand()?;
    p.expect_comma()?;
    let msg = p.parse_string()?;
    let a = p.ctx().string_attr(&msg);
    p.add_attr("msg", a);
    p.parse_optional_attr_dict()?;
    let i1 = p.ctx().i1_type();
    p.add_operand(&c, i1)?;
    Ok(())
}

pub fn print_assert(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    if let Some(&c) = ctx.operands(op).first() {
        p.print_operand(c);
    }
    p.write(", ");
    if let Some(m) = ctx.attr(op, "msg").and_then(|a| ctx.attr_as_str(a)) {
        p.print_string(m);
    }
    p.print_optional_attr_dict(op, &["msg"]);
}

pub fn verify_assert(ctx: &Context, op: OpId) -> VResult {
    if ctx.attr(op, "msg").and_then(|a| ctx.attr_as_str(a)).is_none() {
        return Err(err(ctx, op, "requires attribute 'msg'"));
    }
    let c = ctx.value_type(ctx.operand(op, 0));
    if !is_i1(ctx, c) {
        return Err(err(
            ctx,
            op,
            format!("operand #0 must be 1-bit signless integer, but got '{}'", type_to_string(ctx, c)),
        ));
    }
    Ok(())
}
