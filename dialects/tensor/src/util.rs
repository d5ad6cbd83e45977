//! Shared helpers: quoting types, mixed static/dynamic index lists, operand segments.

use flowgate_ir::asm::{type_to_string, OpParser};
use flowgate_ir::{Context, Diagnostic, OpId, Type, Value, DYNAMIC};

pub(crate) fn q(ctx: &Context, t: Type) -> String {
    format!("'{}'", type_to_string(ctx, t))
}

/// An error from a custom parser, prefixed as upstream's `OpAsmParser::emitError` does.
pub(crate) fn custom_error(
    p: &mut OpParser<'_, '_>,
    loc: flowgate_ir::Location,
    msg: impl std::fmt::Display,
) -> Diagnostic {
    p.error_at(loc, msg.to_string())
}

pub(crate) fn i64_array(ctx: &Context, op: OpId, name: &str) -> Vec<i64> {
    ctx.attr(op, name)
        .and_then(|a| ctx.attr_as_dense_array(a))
        .map(|v| v.iter().map(|&x| x as i64).collect())
        .unwrap_or_default()
}

/// Operand groups by `operandSegmentSizes`.
pub(crate) fn segments(ctx: &Context, op: OpId, n: usize) -> Result<Vec<Vec<Value>>, Diagnostic> {
    let bad =
        || Diagnostic::op_error(ctx, op, "operand count does not match count from 'operandSegmentSizes' attribute");
    let sizes = ctx.attr(op, "operandSegmentSizes").and_then(|a| ctx.attr_as_dense_array(a)).ok_or_else(bad)?;
    let ops = ctx.operands(op);
    if sizes.len() != n || sizes.iter().any(|&s| s < 0) || sizes.iter().sum::<i128>() as usize != ops.len() {
        return Err(bad());
    }
    let mut at = 0;
    Ok(sizes
        .iter()
        .map(|&s| {
            let v = ops[at..at + s as usize].to_vec();
            at += s as usize;
            v
        })
        .collect())
}

pub(crate) fn check_index_operands(ctx: &Context, op: OpId, from: usize, to: usize) -> Result<(), Diagnostic> {
    for (i, &v) in ctx.operands(op).iter().enumerate().take(to).skip(from) {
        let t = ctx.value_type(v);
        if !ctx.is_index(t) {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!("operand #{i} must be variadic of index, but got {}", q(ctx, t)),
            ));
        }
    }
    Ok(())
}

/// Shape and element of a ranked tensor.
pub(crate) fn ranked(ctx: &Context, t: Type) -> Option<(Vec<i64>, Type)> {
    match ctx.type_kind(t) {
        flowgate_ir::TypeKind::RankedTensor { shape, element, .. } => Some((shape.clone(), *element)),
        _ => None,
    }
}

pub(crate) fn dims_text(shape: &[i64]) -> String {
    shape.iter().map(|&d| if d == DYNAMIC { "?x".to_string() } else { format!("{d}x") }).collect()
}

/// Dimensions agree where both are static.
pub(crate) fn compatible_shapes(a: &[i64], b: &[i64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| x == DYNAMIC || y == DYNAMIC || x == y)
}

/// Does `reduced` equal `full` with some unit dimensions dropped (upstream's rank reduction)?
pub(crate) fn is_rank_reduction(full: &[i64], reduced: &[i64]) -> bool {
    let mut j = 0;
    for &d in full {
        if j < reduced.len() && reduced[j] == d {
            j += 1;
        } else if d != 1 {
            return false;
        }
    }
    j == reduced.len()
}

/// Upstream's in-bounds check of a slice against the static sizes of its source
/// (`verifyInBoundsSlice`, shared with the folds in `flowgate_builtin::offsets`).
pub(crate) fn check_in_bounds(
    ctx: &Context,
    op: OpId,
    shape: &[i64],
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
) -> Result<(), Diagnostic> {
    match flowgate_builtin::offsets::out_of_bounds(shape, offsets, sizes, strides) {
        Some(msg) => Err(Diagnostic::error(ctx.op_loc(op), msg)),
        None => Ok(()),
    }
}
