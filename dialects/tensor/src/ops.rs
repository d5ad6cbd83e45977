//! `tensor.empty`, `extract`, `insert`, `dim`, `from_elements`, `cast`, `bitcast`, `generate`,
//! `yield`.

use crate::util::*;
use flowgate_builtin::shaped::{parse_element_write, print_element_write, Shaped, WriteSeparator};
use flowgate_ir::asm::formats::cast_op;
use flowgate_ir::asm::{Argument, Delimiter, OpParser, OpPrinter, PResult};
use flowgate_ir::{Context, Count, Diagnostic, OpDef, OpId, Traits, TypeKind, DYNAMIC};

pub(crate) fn defs() -> Vec<OpDef> {
    let base = OpDef::leaf;
    vec![
        OpDef {
            traits: Traits::PURE,
            parse: Some(parse_empty),
            print: Some(print_empty),
            verify: Some(verify_empty),
            results: Count::Exactly(1),
            ..base("tensor.empty")
        },
        OpDef {
            traits: Traits::PURE,
            parse: Some(parse_extract),
            print: Some(print_extract),
            verify: Some(verify_extract),
            result_names: Some(|_, _| Some("extracted".into())),
            operands: Count::AtLeast(1),
            results: Count::Exactly(1),
            ..base("tensor.extract")
        },
        OpDef {
            traits: Traits::PURE,
            parse: Some(parse_insert),
            print: Some(print_insert),
            verify: Some(verify_insert),
            result_names: Some(|_, _| Some("inserted".into())),
            operands: Count::AtLeast(2),
            results: Count::Exactly(1),
            ..base("tensor.insert")
        },
        OpDef {
            traits: Traits::PURE,
            parse: Some(parse_dim),
            print: Some(flowgate_builtin::shaped::print_dim),
            verify: Some(verify_dim),
            result_names: Some(|_, _| Some("dim".into())),
            operands: Count::Exactly(2),
            results: Count::Exactly(1),
            ..base("tensor.dim")
        },
        OpDef {
            traits: Traits::PURE,
            parse: Some(parse_from_elements),
            print: Some(print_from_elements),
            verify: Some(verify_from_elements),
            result_names: Some(|_, _| Some("from_elements".into())),
            results: Count::Exactly(1),
            ..base("tensor.from_elements")
        },
        OpDef { result_names: Some(|_, _| Some("cast".into())), ..cast_op("tensor.cast", verify_cast) },
        cast_op("tensor.bitcast", verify_bitcast),
        OpDef {
            traits: Traits::SINGLE_BLOCK | Traits::RECURSIVE_EFFECTS,
            parse: Some(parse_generate),
            print: Some(print_generate),
            verify: Some(verify_generate),
            verify_regions: Some(verify_generate_body),
            result_names: Some(|_, _| Some("generated".into())),
            results: Count::Exactly(1),
            regions: Count::Exactly(1),
            successors: Count::Exactly(0),
            ..OpDef::new("tensor.generate")
        },
        flowgate_builtin::shaped::single_yield_op("tensor.yield", verify_yield),
    ]
}

fn dynamic_count(shape: &[i64]) -> usize {
    shape.iter().filter(|&&d| d == DYNAMIC).count()
}

fn check_dynamic_sizes(ctx: &Context, op: OpId, shape: &[i64], have: usize) -> Result<(), Diagnostic> {
    let want = dynamic_count(shape);
    if have != want {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("incorrect number of dynamic sizes, has {have}, expected {want}"),
        ));
    }
    Ok(())
}

fn result_ranked(ctx: &Context, op: OpId) -> Result<(Vec<i64>, flowgate_ir::Type), Diagnostic> {
    let t = ctx.value_type(ctx.result(op, 0));
    ranked(ctx, t).ok_or_else(|| {
        Diagnostic::op_error(
            ctx,
            op,
            format!("result #0 must be ranked tensor of any type values, but got {}", q(ctx, t)),
        )
    })
}

/// `tensor.empty(%d...) : tensor<...>`
fn parse_empty(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let dims = p.parse_operand_list(Delimiter::Paren)?;
    p.parse_optional_attr_dict()?;
    let t = p.parse_colon_type()?;
    p.add_index_operands(&dims)?;
    p.add_result_types(&[t]);
    Ok(())
}

fn print_empty(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write("(");
    p.print_operands(ctx.operands(op));
    p.write(")");
    p.print_attrs_colon_type(op, ctx.value_type(ctx.result(op, 0)));
}

fn verify_empty(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let (shape, _) = result_ranked(ctx, op)?;
    check_index_operands(ctx, op, 0..usize::MAX)?;
    check_dynamic_sizes(ctx, op, &shape, ctx.operands(op).len())
}

fn tensor_element(p: &mut OpParser<'_, '_>, t: flowgate_ir::Type) -> PResult<flowgate_ir::Type> {
    match p.ctx().element_type(t).filter(|_| p.ctx().is_tensor(t)) {
        Some(e) => Ok(e),
        None => Err(p.error("expected tensor type")),
    }
}

fn parse_extract(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let t = p.parse_operand()?;
    let ty = flowgate_builtin::shaped::parse_indexed(p, &t)?;
    let e = tensor_element(p, ty)?;
    p.add_result_types(&[e]);
    Ok(())
}

fn print_extract(p: &mut OpPrinter<'_>, op: OpId) {
    p.write(" ");
    flowgate_builtin::shaped::print_indexed(p, op, 0, &[]);
}

/// The tensor operand at `at`: its type and rank (`None` when unranked).
fn tensor_operand(
    ctx: &Context,
    op: OpId,
    at: usize,
    what: &str,
) -> Result<(flowgate_ir::Type, Option<usize>), Diagnostic> {
    let t = ctx.value_type(ctx.operand(op, at));
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } => Ok((t, Some(shape.len()))),
        TypeKind::UnrankedTensor { .. } => Ok((t, None)),
        _ => Err(Diagnostic::op_error(ctx, op, format!("operand #{at} must be {what}, but got {}", q(ctx, t)))),
    }
}

fn verify_extract(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let (t, rank) = tensor_operand(ctx, op, 0, "ranked tensor of any type values")?;
    check_index_operands(ctx, op, 1..usize::MAX)?;
    if ctx.element_type(t) != Some(ctx.value_type(ctx.result(op, 0))) {
        return Err(Diagnostic::op_error(ctx, op, "failed to verify that result type matches element type of tensor"));
    }
    if rank.is_some_and(|r| r != ctx.operands(op).len() - 1) {
        return Err(Diagnostic::op_error(ctx, op, "incorrect number of indices for extract_element"));
    }
    Ok(())
}

/// `tensor.insert %v into %t[%i] : tensor<...>`
fn parse_insert(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let ty = parse_element_write(p, Shaped::Tensor, WriteSeparator::Into)?;
    p.add_result_types(&[ty]);
    Ok(())
}

fn print_insert(p: &mut OpPrinter<'_>, op: OpId) {
    print_element_write(p, op, WriteSeparator::Into, &[]);
}

fn verify_insert(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let (t, rank) = tensor_operand(ctx, op, 1, "ranked tensor of any type values")?;
    check_index_operands(ctx, op, 2..usize::MAX)?;
    if ctx.value_type(ctx.result(op, 0)) != t {
        return Err(Diagnostic::op_error(ctx, op, "failed to verify that result type matches type of dest"));
    }
    if ctx.element_type(t) != Some(ctx.value_type(ctx.operand(op, 0))) {
        return Err(Diagnostic::op_error(ctx, op, "failed to verify that scalar type matches element type of dest"));
    }
    if rank.is_some_and(|r| r != ctx.operands(op).len() - 2) {
        return Err(Diagnostic::op_error(ctx, op, "incorrect number of indices"));
    }
    Ok(())
}

/// `tensor.dim %t, %i : tensor<...>`
fn parse_dim(p: &mut OpParser<'_, '_>) -> PResult<()> {
    flowgate_builtin::shaped::parse_dim(p, |p| {
        let loc = p.current_loc();
        let ty = p.parse_type()?;
        if !p.ctx().is_tensor(ty) {
            return Err(p.error_at(loc, "invalid kind of type specified"));
        }
        Ok(ty)
    })
}

fn verify_dim(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    const WHAT: &str = "non-0-ranked or unranked tensor";
    if let (t, Some(0)) = tensor_operand(ctx, op, 0, WHAT)? {
        return Err(Diagnostic::op_error(ctx, op, format!("operand #0 must be {WHAT}, but got {}", q(ctx, t))));
    }
    check_index_operands(ctx, op, 1..2)
}

/// `tensor.from_elements %a, %b : tensor<2xf32>`
fn parse_from_elements(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let vals = p.parse_operand_list(Delimiter::None)?;
    p.parse_optional_attr_dict()?;
    p.expect_colon()?;
    let loc = p.current_loc();
    let ty = p.parse_type()?;
    if ranked(p.ctx(), ty).is_none() {
        let shown = flowgate_ir::asm::type_to_string(p.ctx(), ty);
        return Err(
            p.error_at(loc, format!("invalid kind of type specified: expected builtin.tensor, but found '{shown}'"))
        );
    }
    let Some((shape, e)) = ranked(p.ctx(), ty).filter(|(s, _)| s.iter().all(|&d| d != DYNAMIC)) else {
        let shown = flowgate_ir::asm::type_to_string(p.ctx(), ty);
        return Err(p.error_at(
            loc,
            format!("'result' must be statically shaped tensor of any type values, but got '{shown}'"),
        ));
    };
    let n: i64 = shape.iter().product();
    if vals.len() as i64 != n {
        return Err(p.error_at(
            loc,
            format!("number of operands and types do not match: got {} operands and {n} types", vals.len()),
        ));
    }
    p.add_operands_same_type(&vals, e)?;
    p.add_result_types(&[ty]);
    Ok(())
}

fn print_from_elements(p: &mut OpPrinter<'_>, op: OpId) {
    let elements = p.ctx.operands(op);
    p.write(" ");
    p.print_operands(elements);
    p.print_attrs_colon_type(op, p.ctx.value_type(p.ctx.result(op, 0)));
}

fn verify_from_elements(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let t = ctx.value_type(ctx.result(op, 0));
    let Some((shape, e)) = ranked(ctx, t).filter(|(s, _)| s.iter().all(|&d| d != DYNAMIC)) else {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("result #0 must be statically shaped tensor of any type values, but got {}", q(ctx, t)),
        ));
    };
    let n: i64 = shape.iter().product();
    let ops = ctx.operands(op);
    if ops.len() as i64 != n || ops.iter().any(|&v| ctx.value_type(v) != e) {
        return Err(Diagnostic::op_error(ctx, op, "failed to verify that operand types match result element type"));
    }
    Ok(())
}

fn verify_cast(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let (a, b) = (ctx.value_type(ctx.operand(op, 0)), ctx.value_type(ctx.result(op, 0)));
    let ok = ctx.is_tensor(a)
        && ctx.is_tensor(b)
        && ctx.element_type(a) == ctx.element_type(b)
        && match (ctx.shape(a), ctx.shape(b)) {
            (Some(x), Some(y)) => compatible_shapes(x, y),
            _ => true,
        };
    if !ok {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("operand type {} and result type {} are cast incompatible", q(ctx, a), q(ctx, b)),
        ));
    }
    Ok(())
}

/// Upstream's `tensor.bitcast`: integer or float elements of one bit width, compatible shapes.
fn verify_bitcast(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    const WHAT: &str = "tensor of signless integer or unsigned integer or signed integer or floating-point values";
    let (a, b) = (ctx.value_type(ctx.operand(op, 0)), ctx.value_type(ctx.result(op, 0)));
    let width = |t| {
        let e = ctx.element_type(t).filter(|_| ctx.is_tensor(t))?;
        ctx.int_width(e).filter(|_| ctx.is_integer(e)).or_else(|| ctx.float_width(e))
    };
    for (t, what) in [(a, "operand"), (b, "result")] {
        if width(t).is_none() {
            return Err(Diagnostic::op_error(ctx, op, format!("{what} #0 must be {WHAT}, but got {}", q(ctx, t))));
        }
    }
    let ok = width(a) == width(b)
        && match (ctx.shape(a), ctx.shape(b)) {
            (Some(x), Some(y)) => compatible_shapes(x, y),
            _ => true,
        };
    if !ok {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("operand type {} and result type {} are cast incompatible", q(ctx, a), q(ctx, b)),
        ));
    }
    Ok(())
}

/// `tensor.generate %d... { ^bb0(%i: index, ...): ... tensor.yield %v : t } : tensor<...>`
fn parse_generate(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let dims = p.parse_operand_list(Delimiter::None)?;
    let no_args: [Argument; 0] = [];
    p.add_region(&no_args)?;
    p.parse_optional_attr_dict()?;
    let t = p.parse_colon_type()?;
    p.add_index_operands(&dims)?;
    p.add_result_types(&[t]);
    Ok(())
}

fn print_generate(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let ops = ctx.operands(op);
    if !ops.is_empty() {
        p.write(" ");
        p.print_operands(ops);
    }
    p.write(" ");
    p.print_region(ctx.region(op, 0), true, true);
    p.print_attrs_colon_type(op, ctx.value_type(ctx.result(op, 0)));
}

fn verify_generate(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let (shape, _) = result_ranked(ctx, op)?;
    check_index_operands(ctx, op, 0..usize::MAX)?;
    check_dynamic_sizes(ctx, op, &shape, ctx.operands(op).len())?;
    let body = ctx.region(op, 0);
    if ctx.entry_block(body).is_none() {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            "region #0 ('body') failed to verify constraint: region with 1 blocks",
        ));
    }
    Ok(())
}

/// The body checks run after the ops inside it are verified (upstream's `verifyRegions`).
fn verify_generate_body(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let (shape, elem) = result_ranked(ctx, op)?;
    let Some(b) = ctx.entry_block(ctx.region(op, 0)) else { return Ok(()) };
    let args = ctx.block_args(b);
    if args.len() != shape.len() {
        return Err(Diagnostic::error(ctx.op_loc(op), "must have one body argument per input dimension"));
    }
    if args.iter().any(|&a| !ctx.is_index(ctx.value_type(a))) {
        return Err(Diagnostic::error(ctx.op_loc(op), "all body arguments must be index"));
    }
    let ok = ctx
        .last_op(b)
        .filter(|&t| ctx.is_op(t, "tensor.yield"))
        .is_some_and(|t| ctx.operands(t).len() == 1 && ctx.value_type(ctx.operand(t, 0)) == elem);
    if !ok {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            "body must be terminated with a `yield` operation of the tensor element type",
        ));
    }
    Ok(())
}

fn verify_yield(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let ok = ctx.parent_op(op).is_some_and(|p| ctx.is_op(p, "tensor.generate") || ctx.is_op(p, "tensor.pad"));
    if !ok {
        return Err(Diagnostic::op_error(ctx, op, "expects parent op to be one of 'tensor.generate, tensor.pad'"));
    }
    Ok(())
}
