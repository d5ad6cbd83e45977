//! Checks shared by the scf verifiers, worded as upstream's traits and interfaces word them.

use flowgate_ir::asm::{type_to_string, Argument, OpParser, OpPrinter, PResult, TokKind, UnresolvedOperand};
use flowgate_ir::{Context, Diagnostic, OpId, RegionId, Type, Value};

/// `'f32'`: a type quoted the way upstream diagnostics print it.
pub(crate) fn q(ctx: &Context, t: Type) -> String {
    format!("'{}'", type_to_string(ctx, t))
}

pub(crate) fn types(ctx: &Context, vs: &[Value]) -> Vec<Type> {
    vs.iter().map(|&v| ctx.value_type(v)).collect()
}

/// The last op of the region's entry block.
pub(crate) fn region_terminator(ctx: &Context, r: RegionId) -> Option<OpId> {
    ctx.entry_block(r).and_then(|b| ctx.last_op(b))
}

pub(crate) fn entry_args(ctx: &Context, r: RegionId) -> Vec<Value> {
    ctx.entry_block(r).map(|b| ctx.block_args(b).to_vec()).unwrap_or_default()
}

/// One edge of upstream's RegionBranchOpInterface check: the values a branch point forwards
/// must match the inputs of its successor in number and type.
pub(crate) fn check_edge(
    ctx: &Context,
    op: OpId,
    (from, to): (&str, &str),
    point: Option<OpId>,
    operands: &[Type],
    inputs: &[Type],
) -> Result<(), Diagnostic> {
    // The branch point is the terminator, or the op itself for edges entering from it.
    let at = point.unwrap_or(op);
    check_edge_counts(ctx, op, (from, to), operands, inputs)
        .map_err(|d| d.with_note(ctx.op_loc(at), "region branch point"))
}

fn check_edge_counts(
    ctx: &Context,
    op: OpId,
    (from, to): (&str, &str),
    operands: &[Type],
    inputs: &[Type],
) -> Result<(), Diagnostic> {
    let prefix = format!("along control flow edge from {from} to {to}: ");
    if operands.len() != inputs.len() {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!(
                "{prefix}region branch point has {} operands, but region successor needs {} inputs",
                operands.len(),
                inputs.len()
            ),
        ));
    }
    for (i, (&a, &b)) in operands.iter().zip(inputs).enumerate() {
        if a != b {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!(
                    "{prefix}successor operand type #{i} {} should match successor input type #{i} {}",
                    q(ctx, a),
                    q(ctx, b)
                ),
            ));
        }
    }
    Ok(())
}

/// Upstream's `SingleBlockImplicitTerminator<T>`: every non-empty region is one block ending
/// in `terminator`.
pub(crate) fn check_implicit_terminator(ctx: &Context, op: OpId, terminator: &str) -> Result<(), Diagnostic> {
    for (i, &r) in ctx.regions(op).iter().enumerate() {
        let blocks = ctx.region_blocks(r);
        if blocks.len() > 1 {
            return Err(Diagnostic::op_error(ctx, op, format!("expects region #{i} to have 0 or 1 blocks")));
        }
        let Some(&b) = blocks.first() else { continue };
        let Some(last) = ctx.last_op(b) else {
            return Err(Diagnostic::op_error(ctx, op, "expects a non-empty block"));
        };
        if !ctx.is_op(last, terminator) {
            // Upstream verifies nested ops before this region trait: a misplaced terminator
            // reports its own error (e.g. its parent constraint) first.
            if let Some(f) = ctx.op_def(last).and_then(|d| d.verify) {
                f(ctx, last)?;
            }
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!("expects regions to end with '{terminator}', found '{}'", ctx.op_name(last)),
            )
            .with_note(
                ctx.op_loc(op),
                format!("in custom textual format, the absence of terminator implies '{terminator}'"),
            ));
        }
    }
    Ok(())
}

/// ODS's `SizedRegion<1>` constraint.
pub(crate) fn check_one_block(ctx: &Context, op: OpId, i: usize, name: &str) -> Result<(), Diagnostic> {
    if ctx.region_blocks(ctx.region(op, i)).len() != 1 {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("region #{i} ('{name}') failed to verify constraint: region with 1 blocks"),
        ));
    }
    Ok(())
}

/// ODS operand constraints: `operand #i must be <what>, but got 't'`.
pub(crate) fn check_operand(
    ctx: &Context,
    op: OpId,
    i: usize,
    ok: impl Fn(&Context, Type) -> bool,
    what: &str,
) -> Result<(), Diagnostic> {
    let t = ctx.value_type(ctx.operand(op, i));
    if !ok(ctx, t) {
        return Err(Diagnostic::op_error(ctx, op, format!("operand #{i} must be {what}, but got {}", q(ctx, t))));
    }
    Ok(())
}

pub(crate) fn is_i1(ctx: &Context, t: Type) -> bool {
    ctx.is_signless_integer(t) && ctx.int_width(t) == Some(1)
}

/// `HasParent<...>` / `ParentOneOf<...>`.
pub(crate) fn check_parent(ctx: &Context, op: OpId, allowed: &[&str]) -> Result<OpId, Diagnostic> {
    if let Some(p) = ctx.parent_op(op).filter(|&p| allowed.iter().any(|a| ctx.is_op(p, a))) {
        return Ok(p);
    }
    let msg = if allowed.len() == 1 {
        format!("expects parent op '{}'", allowed[0])
    } else {
        format!("expects parent op to be one of '{}'", allowed.join(", "))
    };
    Err(Diagnostic::op_error(ctx, op, msg))
}

/// The integer value of `v` when it is defined by an `arith.constant` (the only constant op
/// the step checks look through).
pub(crate) fn constant_int(ctx: &Context, v: Value) -> Option<i128> {
    let d = ctx.defining_op(v)?;
    if !ctx.is_op(d, "arith.constant") {
        return None;
    }
    ctx.attr(d, "value").and_then(|a| ctx.attr_as_int(a))
}

/// `(%a = %x, %b = %y)`: region arguments (types filled in later) and the values bound to them.
pub(crate) fn parse_assignment_list(p: &mut OpParser<'_, '_>) -> PResult<(Vec<Argument>, Vec<UnresolvedOperand>)> {
    let mut args = Vec::new();
    let mut vals = Vec::new();
    p.expect(TokKind::LParen, "'('")?;
    if p.accept(TokKind::RParen) {
        return Ok((args, vals));
    }
    loop {
        let name = p.parse_operand()?;
        args.push(Argument { name, ty: None, attrs: None, loc: None });
        p.expect_equal()?;
        vals.push(p.parse_operand()?);
        if !p.accept_comma() {
            break;
        }
    }
    p.expect(TokKind::RParen, "')'")?;
    Ok((args, vals))
}

/// ` iter_args(%a = %x, ...)`; nothing when there are no values.
pub(crate) fn print_init_list(p: &mut OpPrinter<'_>, prefix: &str, args: &[Value], inits: &[Value]) {
    if inits.is_empty() {
        return;
    }
    p.write(prefix);
    p.write("(");
    for (i, (&a, &v)) in args.iter().zip(inits).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(a);
        p.write(" = ");
        p.print_value(v);
    }
    p.write(")");
}

pub(crate) fn typed_args(args: &mut [Argument], tys: &[Type]) {
    for (a, &t) in args.iter_mut().zip(tys) {
        a.ty = Some(t);
    }
}

/// An error from a custom parser, prefixed as upstream's `OpAsmParser::emitError` does.
pub(crate) fn custom_error(
    p: &mut OpParser<'_, '_>,
    loc: flowgate_ir::Location,
    msg: impl std::fmt::Display,
) -> Diagnostic {
    p.error_at(loc, msg.to_string())
}
