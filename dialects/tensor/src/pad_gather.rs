//! `tensor.pad` (low/high mixed index lists and a body yielding the padding value) and
//! `tensor.gather` / `tensor.scatter`, with upstream's syntax and verifiers.

use crate::util::*;
use flowgate_ir::asm::{Argument, OpParser, OpPrinter, PResult, TokKind};
use flowgate_ir::{Context, Count, Diagnostic, OpDef, OpId, Traits, Type, DYNAMIC};

const PAD_ELIDED: &[&str] = &["operandSegmentSizes", "static_low", "static_high", "nofold"];

pub(crate) fn defs() -> Vec<OpDef> {
    vec![
        OpDef {
            traits: Traits::PURE | Traits::SINGLE_BLOCK,
            parse: Some(parse_pad),
            print: Some(print_pad),
            verify: Some(verify_pad),
            inherent_attrs: PAD_ELIDED,
            result_names: Some(|_, _| Some("padded".into())),
            operands: Count::AtLeast(1),
            results: Count::Exactly(1),
            regions: Count::Exactly(1),
            successors: Count::Exactly(0),
            ..OpDef::new("tensor.pad")
        },
        OpDef {
            parse: Some(parse_gather),
            print: Some(print_gather),
            verify: Some(verify_gather),
            inherent_attrs: &["gather_dims", "unique"],
            result_names: Some(|_, _| Some("gather".into())),
            operands: Count::Exactly(2),
            ..OpDef::pure_value("tensor.gather")
        },
        OpDef {
            parse: Some(parse_scatter),
            print: Some(print_scatter),
            verify: Some(verify_scatter),
            inherent_attrs: &["scatter_dims", "unique"],
            result_names: Some(|_, _| Some("scatter".into())),
            operands: Count::Exactly(3),
            ..OpDef::pure_value("tensor.scatter")
        },
    ]
}

fn op_err(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::op_error(ctx, op, msg)
}

fn ranked_or(ctx: &Context, op: OpId, t: Type, what: &str) -> Result<(Vec<i64>, Type), Diagnostic> {
    ranked(ctx, t).ok_or_else(|| {
        op_err(ctx, op, format!("{what} must be ranked tensor of any type values, but got {}", q(ctx, t)))
    })
}

// ----- pad -----

/// `tensor.pad %src nofold? low[...] high[...] { ^bb0(...): tensor.yield %v } : src to result`
fn parse_pad(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.parse_operand()?;
    if p.accept_keyword("nofold") {
        let u = p.ctx().unit_attr();
        p.add_attr("nofold", u);
    }
    p.expect_keyword("low")?;
    let (low_dyn, low) = p.parse_dynamic_index_list()?;
    p.expect_keyword("high")?;
    let (high_dyn, high) = p.parse_dynamic_index_list()?;
    let no_args: [Argument; 0] = [];
    p.add_region(&no_args)?;
    p.parse_optional_attr_dict()?;
    let st = p.parse_colon_type()?;
    p.expect_keyword("to")?;
    let rt = p.parse_type()?;
    p.add_operand(&src, st)?;
    p.add_index_operands(&low_dyn)?;
    p.add_index_operands(&high_dyn)?;
    let (a, b) = (p.ctx().dense_i64_array_attr(&low), p.ctx().dense_i64_array_attr(&high));
    p.add_attr("static_low", a);
    p.add_attr("static_high", b);
    let seg = p.ctx().dense_i32_array_attr(&[1, low_dyn.len() as i32, high_dyn.len() as i32]);
    p.add_attr("operandSegmentSizes", seg);
    p.add_result_types(&[rt]);
    Ok(())
}

fn print_pad(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let Ok(seg) = segments(ctx, op, 3) else { return };
    p.write(" ");
    p.print_value(ctx.operand(op, 0));
    if ctx.has_attr(op, "nofold") {
        p.write(" nofold");
    }
    p.write(" low");
    p.print_dynamic_index_list(&i64_array(ctx, op, "static_low"), &seg[1]);
    p.write(" high");
    p.print_dynamic_index_list(&i64_array(ctx, op, "static_high"), &seg[2]);
    p.write(" ");
    p.print_region(ctx.region(op, 0), true, true);
    p.print_optional_attr_dict(op, PAD_ELIDED);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.operand(op, 0)));
    p.write(" to ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn verify_pad(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let seg = segments(ctx, op, 3)?;
    check_index_operands(ctx, op, 1..usize::MAX)?;
    let st = ctx.value_type(ctx.operand(op, 0));
    let rt = ctx.value_type(ctx.result(op, 0));
    let (sshape, selem) = ranked_or(ctx, op, st, "operand #0")?;
    let (rshape, relem) = ranked_or(ctx, op, rt, "result #0")?;
    let (low, high) = (i64_array(ctx, op, "static_low"), i64_array(ctx, op, "static_high"));
    for (name, list, dynamic) in [("static_low", &low, &seg[1]), ("static_high", &high, &seg[2])] {
        if list.iter().filter(|&&d| d == DYNAMIC).count() != dynamic.len() {
            return Err(op_err(ctx, op, format!("expected as many dynamic values as '?' entries in {name}")));
        }
    }
    // Upstream's PadOp::inferResultType: a dimension is static when the source and both pads are.
    if low.len() != sshape.len() || high.len() != sshape.len() {
        return Err(Diagnostic::error(
            ctx.op_loc(op),
            format!(
                "failed to infer expectedType from sourceType {}, specified resultType is {}",
                q(ctx, st),
                q(ctx, rt)
            ),
        ));
    }
    let inferred: Vec<i64> = (0..sshape.len())
        .map(|i| {
            if [sshape[i], low[i], high[i]].contains(&DYNAMIC) {
                DYNAMIC
            } else {
                sshape[i].saturating_add(low[i]).saturating_add(high[i])
            }
        })
        .collect();
    let mismatch =
        rshape.len() != inferred.len() || rshape.iter().zip(&inferred).any(|(&r, &e)| r != e && e != DYNAMIC);
    if mismatch {
        return Err(Diagnostic::error(
            ctx.op_loc(op),
            format!(
                "specified type {} does not match the inferred type 'tensor<{}{}>'",
                q(ctx, rt),
                dims_text(&inferred),
                flowgate_ir::asm::type_to_string(ctx, selem)
            ),
        ));
    }
    // The body: one index argument per dimension, yielding the element type.
    let Some(b) = ctx.entry_block(ctx.region(op, 0)) else {
        return Err(op_err(ctx, op, "region #0 ('region') failed to verify constraint: region with 1 blocks"));
    };
    let args = ctx.block_args(b);
    if args.len() != rshape.len() {
        return Err(Diagnostic::error(
            ctx.op_loc(op),
            format!("expected the block to have {} arguments", rshape.len()),
        ));
    }
    if let Some(i) = args.iter().position(|&a| !ctx.is_index(ctx.value_type(a))) {
        return Err(op_err(ctx, op, format!("expected block argument {} to be an index", i + 1)));
    }
    let yielded = ctx
        .last_op(b)
        .filter(|&t| ctx.is_op(t, "tensor.yield"))
        .and_then(|t| ctx.operands(t).first().copied())
        .map(|v| ctx.value_type(v));
    if yielded != Some(relem) {
        return Err(op_err(ctx, op, "expected yield type to match shape element type"));
    }
    Ok(())
}

// ----- gather / scatter -----

/// `name([1, 2])`: the dims list of gather or scatter.
fn parse_dims(p: &mut OpParser<'_, '_>, name: &str) -> PResult<()> {
    p.expect_keyword(name)?;
    p.expect(TokKind::LParen, "'('")?;
    p.expect(TokKind::LSquare, "'['")?;
    let mut dims = Vec::new();
    if !p.accept(TokKind::RSquare) {
        loop {
            let v = p.parse_integer()?;
            dims.push(i64::try_from(v).map_err(|_| p.error("integer value too large"))?);
            if !p.accept_comma() {
                break;
            }
        }
        p.expect(TokKind::RSquare, "']'")?;
    }
    p.expect(TokKind::RParen, "')'")?;
    let a = p.ctx().dense_i64_array_attr(&dims);
    p.add_attr(name, a);
    if p.accept_keyword("unique") {
        let u = p.ctx().unit_attr();
        p.add_attr("unique", u);
    }
    Ok(())
}

fn print_dims(p: &mut OpPrinter<'_>, op: OpId, name: &str) {
    let dims = i64_array(p.ctx, op, name);
    let list: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
    p.write(&format!(" {name}([{}])", list.join(", ")));
    if p.ctx.has_attr(op, "unique") {
        p.write(" unique");
    }
}

fn parse_typed_operands(p: &mut OpParser<'_, '_>, operands: &[flowgate_ir::asm::UnresolvedOperand]) -> PResult<()> {
    p.parse_optional_attr_dict()?;
    p.expect_colon()?;
    let loc = p.current_loc();
    let (ins, outs) = p.parse_functional_type()?;
    if ins.len() != operands.len() || outs.len() != 1 {
        return Err(p.error_at(loc, format!("{} operands present, but expected {}", operands.len(), ins.len())));
    }
    p.add_operands(operands, &ins, loc)?;
    p.add_result_types(&outs);
    Ok(())
}

/// `tensor.gather %src[%idx] gather_dims([..]) unique? : (src, idx) -> result`
fn parse_gather(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.parse_operand()?;
    p.expect(TokKind::LSquare, "'['")?;
    let idx = p.parse_operand()?;
    p.expect(TokKind::RSquare, "']'")?;
    parse_dims(p, "gather_dims")?;
    parse_typed_operands(p, &[src, idx])
}

fn print_gather(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_value(ctx.operand(op, 0));
    p.write("[");
    p.print_value(ctx.operand(op, 1));
    p.write("]");
    print_dims(p, op, "gather_dims");
    p.print_optional_attr_dict(op, &["gather_dims", "unique"]);
    p.write(" : ");
    p.print_functional_type(op);
}

/// `tensor.scatter %src into %dest[%idx] scatter_dims([..]) unique? : (src, dest, idx) -> result`
fn parse_scatter(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.parse_operand()?;
    p.expect_keyword("into")?;
    let dest = p.parse_operand()?;
    p.expect(TokKind::LSquare, "'['")?;
    let idx = p.parse_operand()?;
    p.expect(TokKind::RSquare, "']'")?;
    parse_dims(p, "scatter_dims")?;
    parse_typed_operands(p, &[src, dest, idx])
}

fn print_scatter(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_value(ctx.operand(op, 0));
    p.write(" into ");
    p.print_value(ctx.operand(op, 1));
    p.write("[");
    p.print_value(ctx.operand(op, 2));
    p.write("]");
    print_dims(p, op, "scatter_dims");
    p.print_optional_attr_dict(op, &["scatter_dims", "unique"]);
    p.write(" : ");
    p.print_functional_type(op);
}

/// Upstream's `verifyGatherOrScatterDims`.
fn verify_dims(
    ctx: &Context,
    op: OpId,
    dims: &[i64],
    indices: &[i64],
    rank: usize,
    kind: &str,
    of: &str,
) -> Result<(), Diagnostic> {
    if dims.is_empty() {
        return Err(op_err(ctx, op, format!("{kind}_dims must be non-empty")));
    }
    if dims.len() > rank {
        return Err(op_err(ctx, op, format!("{kind}_dims overflow {of} rank")));
    }
    if indices.last() != Some(&(dims.len() as i64)) {
        return Err(op_err(ctx, op, format!("{kind}_dims length must match the size of last dimension of indices")));
    }
    for &d in dims {
        if d < 0 {
            return Err(op_err(ctx, op, format!("{kind}_dims value must be non-negative")));
        }
        if d >= rank as i64 {
            return Err(op_err(ctx, op, format!("{kind}_dims value must be smaller than {of} rank")));
        }
    }
    if dims.windows(2).any(|w| w[0] >= w[1]) {
        return Err(op_err(ctx, op, format!("{kind}_dims values must be strictly increasing")));
    }
    Ok(())
}

/// Upstream's `GatherOp::inferResultType`: the batch dimensions of the indices, then the source
/// dimensions, with the gathered ones set to 1 (or dropped when rank-reduced).
fn gathered_shape(source: &[i64], indices: &[i64], dims: &[i64], reduced: bool) -> Vec<i64> {
    let mut out: Vec<i64> = indices[..indices.len().saturating_sub(1)].to_vec();
    for (i, &d) in source.iter().enumerate() {
        if dims.contains(&(i as i64)) {
            if !reduced {
                out.push(1);
            }
        } else {
            out.push(d);
        }
    }
    out
}

fn indices_shape(ctx: &Context, op: OpId, at: usize) -> Result<Vec<i64>, Diagnostic> {
    let t = ctx.value_type(ctx.operand(op, at));
    match ranked(ctx, t) {
        Some((s, e)) if ctx.is_signless_int_or_index(e) => Ok(s),
        _ => Err(op_err(
            ctx,
            op,
            format!("operand #{at} must be ranked tensor of signless integer or index values, but got {}", q(ctx, t)),
        )),
    }
}

/// The type `shape` of `elem`, quoted, as upstream prints it.
fn tensor_text(ctx: &Context, shape: &[i64], elem: Type) -> String {
    format!("'tensor<{}{}>'", dims_text(shape), flowgate_ir::asm::type_to_string(ctx, elem))
}

fn check_gathered(
    ctx: &Context,
    op: OpId,
    what: &str,
    got: Type,
    of: (&[i64], Type),
    indices: &[i64],
    dims: &[i64],
) -> Result<(), Diagnostic> {
    let full = gathered_shape(of.0, indices, dims, false);
    let reduced = gathered_shape(of.0, indices, dims, true);
    let matches = ranked(ctx, got).is_some_and(|(s, e)| e == of.1 && (s == full || s == reduced));
    if !matches {
        return Err(op_err(
            ctx,
            op,
            format!(
                "{what} type mismatch: expected {} or its rank-reduced variant {} (got: {})",
                tensor_text(ctx, &full, of.1),
                tensor_text(ctx, &reduced, of.1),
                q(ctx, got)
            ),
        ));
    }
    Ok(())
}

fn verify_gather(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let (src, elem) = ranked_or(ctx, op, ctx.value_type(ctx.operand(op, 0)), "operand #0")?;
    let indices = indices_shape(ctx, op, 1)?;
    let dims = i64_array(ctx, op, "gather_dims");
    verify_dims(ctx, op, &dims, &indices, src.len(), "gather", "source")?;
    let rt = ctx.value_type(ctx.result(op, 0));
    check_gathered(ctx, op, "result", rt, (&src, elem), &indices, &dims)
}

fn verify_scatter(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let st = ctx.value_type(ctx.operand(op, 0));
    ranked_or(ctx, op, st, "operand #0")?;
    let (dest, elem) = ranked_or(ctx, op, ctx.value_type(ctx.operand(op, 1)), "operand #1")?;
    let indices = indices_shape(ctx, op, 2)?;
    let dims = i64_array(ctx, op, "scatter_dims");
    verify_dims(ctx, op, &dims, &indices, dest.len(), "scatter", "dest")?;
    if !ctx.has_attr(op, "unique") {
        return Err(op_err(ctx, op, "requires 'unique' attribute to be set"));
    }
    check_gathered(ctx, op, "source", st, (&dest, elem), &indices, &dims)
}
