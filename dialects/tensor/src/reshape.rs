//! Shape-changing tensor ops with upstream's syntax and verifiers: `splat`, `rank` (the definition
//! memref shares, `flowgate_builtin::shaped::rank_op`), `reshape`,
//! `expand_shape`, `collapse_shape` and `concat`.

use crate::util::*;
use flowgate_builtin::reassociation::reassociation;
use flowgate_builtin::shaped::{
    check_reshape_elements, check_reshape_rank, parse_source_sizes, print_source_sizes, reshape_shape_len, Shaped,
};
use flowgate_ir::asm::{Delimiter, OpParser, OpPrinter, PResult};
use flowgate_ir::{Context, Count, Diagnostic, OpDef, OpId, Type, DYNAMIC};

pub(crate) fn defs() -> Vec<OpDef> {
    let base = OpDef::pure_value;
    vec![
        OpDef {
            parse: Some(parse_splat),
            print: Some(print_splat),
            verify: Some(verify_splat),
            result_names: Some(|_, _| Some("splat".into())),
            operands: Count::AtLeast(1),
            ..base("tensor.splat")
        },
        flowgate_builtin::shaped::rank_op(Shaped::Tensor),
        flowgate_builtin::shaped::reshape_op(Shaped::Tensor, verify_reshape),
        OpDef {
            parse: Some(parse_expand_shape),
            print: Some(flowgate_builtin::reassociation::print_expand_shape),
            verify: Some(verify_expand_shape),
            inherent_attrs: flowgate_builtin::reassociation::RESHAPE_ELIDED,
            result_names: Some(|_, _| Some("expanded".into())),
            operands: Count::AtLeast(1),
            ..base("tensor.expand_shape")
        },
        OpDef {
            parse: Some(parse_collapse_shape),
            print: Some(flowgate_builtin::reassociation::print_collapse_shape),
            verify: Some(verify_collapse_shape),
            inherent_attrs: flowgate_builtin::reassociation::RESHAPE_ELIDED,
            result_names: Some(|_, _| Some("collapsed".into())),
            operands: Count::Exactly(1),
            ..base("tensor.collapse_shape")
        },
        OpDef {
            parse: Some(parse_concat),
            print: Some(print_concat),
            verify: Some(verify_concat),
            inherent_attrs: &["dim"],
            result_names: Some(|_, _| Some("concat".into())),
            ..base("tensor.concat")
        },
    ]
}

fn op_err(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::op_error(ctx, op, msg)
}

fn result_type(ctx: &Context, op: OpId) -> Type {
    ctx.value_type(ctx.result(op, 0))
}

fn operand_type(ctx: &Context, op: OpId, i: usize) -> Type {
    ctx.value_type(ctx.operand(op, i))
}

/// A ranked tensor result, or upstream's operand/result constraint error.
fn ranked_or(ctx: &Context, op: OpId, t: Type, what: &str) -> Result<(Vec<i64>, Type), Diagnostic> {
    ranked(ctx, t).ok_or_else(|| {
        op_err(ctx, op, format!("{what} must be ranked tensor of any type values, but got {}", q(ctx, t)))
    })
}

// ----- splat -----

/// `tensor.splat %v [%d...]? : tensor<...>`; the operand's type is the result's element type.
fn parse_splat(p: &mut OpParser<'_, '_>) -> PResult<()> {
    parse_source_sizes(p, Delimiter::OptionalSquare, |p| {
        let t = parse_tensor_type(p, true)?;
        Ok((p.ctx().element_type(t).unwrap_or(t), t))
    })
}

fn print_splat(p: &mut OpPrinter<'_>, op: OpId) {
    print_source_sizes(p, op, Delimiter::Square, result_type(p.ctx, op));
}

fn verify_splat(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let vt = operand_type(ctx, op, 0);
    if !(ctx.is_signless_int_or_index(vt) || ctx.is_float(vt)) {
        return Err(op_err(ctx, op, format!("operand #0 must be integer/index/float type, but got {}", q(ctx, vt))));
    }
    check_index_operands(ctx, op, 1..usize::MAX)?;
    let (shape, elem) = ranked_or(ctx, op, result_type(ctx, op), "result #0")?;
    if elem != vt {
        return Err(op_err(ctx, op, "failed to verify that operand type matches element type of result"));
    }
    let want = shape.iter().filter(|&&d| d == DYNAMIC).count();
    let have = ctx.operands(op).len() - 1;
    if want != have {
        return Err(op_err(ctx, op, format!("incorrect number of dynamic sizes, has {have}, expected {want}")));
    }
    Ok(())
}

// ----- reshape -----

fn static_count(shape: &[i64]) -> Option<i64> {
    shape.iter().try_fold(1i64, |acc, &d| if d == DYNAMIC { None } else { acc.checked_mul(d) })
}

fn verify_reshape(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let (st, rt) = (operand_type(ctx, op, 0), result_type(ctx, op));
    if !ctx.is_tensor(st) {
        return Err(op_err(ctx, op, format!("operand #0 must be tensor of any type values, but got {}", q(ctx, st))));
    }
    let shape_len = reshape_shape_len(ctx, op, Shaped::Tensor)?;
    if !ctx.is_tensor(rt) {
        return Err(op_err(ctx, op, format!("result #0 must be tensor of any type values, but got {}", q(ctx, rt))));
    }
    check_reshape_elements(ctx, op, Shaped::Tensor, st, rt)?;
    if let Some((rshape, _)) = ranked(ctx, rt) {
        if let (Some((sshape, _)), Some(rn)) = (ranked(ctx, st), static_count(&rshape)) {
            if static_count(&sshape).is_some_and(|sn| sn != rn) {
                return Err(op_err(ctx, op, "source and destination tensor should have the same number of elements"));
            }
        }
        check_reshape_rank(ctx, op, Shaped::Tensor, shape_len, rshape.len())?;
    }
    Ok(())
}

// ----- expand_shape / collapse_shape -----

fn parse_expand_shape(p: &mut OpParser<'_, '_>) -> PResult<()> {
    flowgate_builtin::reassociation::parse_expand_shape(p, parse_tensor_type)
}

fn parse_collapse_shape(p: &mut OpParser<'_, '_>) -> PResult<()> {
    flowgate_builtin::reassociation::parse_collapse_shape(p, parse_tensor_type)
}

/// Upstream's `verifyReshapeLikeTypes` and `reshapeLikeShapesAreCompatible`: the groups cover
/// the expanded dimensions in order, and each collapsed dimension is the product of its group
/// (dynamic when any member is).
pub(crate) fn verify_reassociation(
    ctx: &Context,
    op: OpId,
    expanded: &[i64],
    collapsed: &[i64],
    expanded_t: Type,
    collapsed_t: Type,
) -> Result<(), Diagnostic> {
    let groups = reassociation(ctx, op).ok_or_else(|| op_err(ctx, op, "requires attribute 'reassociation'"))?;
    if expanded.len() < collapsed.len() {
        return Err(op_err(
            ctx,
            op,
            format!(
                "expected the expanded type, {} to have a higher (or same) rank than the collapsed type, {}.",
                q(ctx, expanded_t),
                q(ctx, collapsed_t)
            ),
        ));
    }
    if collapsed.is_empty() {
        if groups.is_empty() && expanded.iter().all(|&d| d == 1) {
            return Ok(());
        }
        if groups.is_empty() {
            return Err(op_err(
                ctx,
                op,
                "invalid to reshape tensor/memref with non-unit extent dimensions to zero-rank tensor/memref",
            ));
        }
    }
    if collapsed.len() != groups.len() {
        return Err(op_err(
            ctx,
            op,
            format!(
                "expected collapsed rank ({}) to equal the number of reassociation maps ({}).",
                collapsed.len(),
                groups.len()
            ),
        ));
    }
    let mut next = 0i64;
    for (i, g) in groups.iter().enumerate() {
        for &d in g {
            if d != next {
                return Err(op_err(ctx, op, format!("expected reassociation map #{i} to be valid and contiguous.")));
            }
            next += 1;
        }
    }
    if next != expanded.len() as i64 {
        return Err(op_err(ctx, op, "expected reassociation maps to cover all dimensions of the expanded type"));
    }
    for (i, g) in groups.iter().enumerate() {
        let dims: Vec<i64> = g.iter().map(|&d| expanded[d as usize]).collect();
        match static_count(&dims) {
            None if collapsed[i] != DYNAMIC => {
                return Err(op_err(
                    ctx,
                    op,
                    format!(
                        "expected dimension {i} of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic"
                    ),
                ));
            }
            Some(n) if collapsed[i] != n => {
                return Err(op_err(
                    ctx,
                    op,
                    format!("expected dimension {i} of collapsed type to be static value of {n}"),
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

fn verify_expand_shape(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let st = operand_type(ctx, op, 0);
    let rt = result_type(ctx, op);
    let (sshape, se) = ranked_or(ctx, op, st, "operand #0")?;
    let (rshape, re) = ranked_or(ctx, op, rt, "result #0")?;
    check_index_operands(ctx, op, 1..usize::MAX)?;
    if se != re {
        return Err(op_err(ctx, op, "failed to verify that source and result element types match"));
    }
    let statics = i64_array(ctx, op, "static_output_shape");
    if statics.len() != rshape.len() {
        return Err(op_err(
            ctx,
            op,
            format!(
                "expected number of static shape dims to be equal to the output rank ({}) but found {} inputs instead",
                rshape.len(),
                statics.len()
            ),
        ));
    }
    let dynamic = statics.iter().filter(|&&d| d == DYNAMIC).count();
    let values = ctx.operands(op).len() - 1;
    if dynamic != values {
        return Err(op_err(
            ctx,
            op,
            format!(
                "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {dynamic} dynamic dims while output_shape has {values} values"
            ),
        ));
    }
    verify_reassociation(ctx, op, &rshape, &sshape, rt, st)
}

fn verify_collapse_shape(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let st = operand_type(ctx, op, 0);
    let rt = result_type(ctx, op);
    let (sshape, se) = ranked_or(ctx, op, st, "operand #0")?;
    let (rshape, re) = ranked_or(ctx, op, rt, "result #0")?;
    if se != re {
        return Err(op_err(ctx, op, "failed to verify that source and result element types match"));
    }
    // Upstream's `CollapseShapeOp::verify` checks this first (its expand_shape would crash).
    if reassociation(ctx, op).is_some_and(|groups| groups.iter().any(Vec::is_empty)) {
        return Err(op_err(ctx, op, "reassociation indices must not be empty"));
    }
    verify_reassociation(ctx, op, &sshape, &rshape, st, rt)
}

// ----- concat -----

/// `tensor.concat dim(0) %a, %b : (ta, tb) -> result`
fn parse_concat(p: &mut OpParser<'_, '_>) -> PResult<()> {
    p.expect_keyword("dim")?;
    p.expect(flowgate_ir::asm::TokKind::LParen, "'('")?;
    let d = p.parse_integer()?;
    p.expect(flowgate_ir::asm::TokKind::RParen, "')'")?;
    let i64t = p.ctx().integer_type(64);
    let a = p.ctx().integer_attr(d, i64t);
    p.add_attr("dim", a);
    let inputs = p.parse_operand_list(Delimiter::None)?;
    p.parse_optional_attr_dict()?;
    p.expect_colon()?;
    let loc = p.current_loc();
    let (ins, outs) = p.parse_functional_type()?;
    if ins.len() != inputs.len() || outs.len() != 1 {
        return Err(p.error_at(loc, format!("{} operands present, but expected {}", inputs.len(), ins.len())));
    }
    p.add_operands(&inputs, &ins, loc)?;
    p.add_result_types(&outs);
    Ok(())
}

fn print_concat(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let d = ctx.attr(op, "dim").and_then(|a| ctx.attr_as_int(a)).unwrap_or(0);
    p.write(&format!(" dim({d})"));
    if !ctx.operands(op).is_empty() {
        p.write(" ");
        p.print_operands(ctx.operands(op));
    }
    p.print_optional_attr_dict(op, &["dim"]);
    p.write(" : ");
    p.print_functional_type(op);
}

fn verify_concat(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let dim = ctx
        .attr(op, "dim")
        .and_then(|a| ctx.attr_as_int(a))
        .and_then(|v| i64::try_from(v).ok())
        .ok_or_else(|| op_err(ctx, op, "requires attribute 'dim'"))?;
    let mut inputs = Vec::new();
    for (i, &v) in ctx.operands(op).iter().enumerate() {
        inputs.push(ranked_or(ctx, op, ctx.value_type(v), &format!("operand #{i}"))?);
    }
    let rt = result_type(ctx, op);
    let (rshape, relem) = ranked_or(ctx, op, rt, "result #0")?;
    if inputs.is_empty() {
        return Err(op_err(ctx, op, "requires at least one input"));
    }
    let rank = rshape.len();
    if inputs.iter().any(|(s, _)| s.len() != rank) {
        return Err(op_err(ctx, op, "rank of concatenated inputs must match result rank"));
    }
    if inputs.iter().any(|&(_, e)| e != relem) {
        return Err(op_err(ctx, op, "inputs and result element type must match"));
    }
    if dim < 0 || dim as usize >= rank {
        return Err(op_err(ctx, op, "concatenation dim must be less than the tensor rank"));
    }
    let dim = dim as usize;
    let mut sizes = vec![DYNAMIC; rank];
    for (i, size) in sizes.iter_mut().enumerate() {
        if i == dim {
            continue;
        }
        for (s, _) in &inputs {
            if s[i] == DYNAMIC {
                continue;
            }
            if *size != DYNAMIC && *size != s[i] {
                return Err(op_err(
                    ctx,
                    op,
                    format!("static concatenation size mismatch along non-concatenated dimension {i}"),
                ));
            }
            *size = s[i];
        }
    }
    sizes[dim] = inputs
        .iter()
        .try_fold(0i64, |acc, (s, _)| if s[dim] == DYNAMIC { None } else { acc.checked_add(s[dim]) })
        .unwrap_or(DYNAMIC);
    if sizes.iter().zip(&rshape).any(|(&a, &b)| a != DYNAMIC && b != DYNAMIC && a != b) {
        return Err(op_err(
            ctx,
            op,
            format!(
                "result type {}does not match inferred shape 'tensor<{}{}>' static sizes",
                q(ctx, rt),
                dims_text(&sizes),
                flowgate_ir::asm::type_to_string(ctx, inputs[0].1)
            ),
        ));
    }
    Ok(())
}
