//! Type queries and mixed static/dynamic index lists shared by the memref ops.

use flowgate_ir::asm::{type_to_string, OpParser, PResult};
use flowgate_ir::{AttrKind, Context, Diagnostic, OpId, Type, TypeKind, Value, DYNAMIC};

pub(crate) fn q(ctx: &Context, t: Type) -> String {
    format!("'{}'", type_to_string(ctx, t))
}

/// Shape, element type, layout and memory space of a ranked memref.
pub(crate) struct MemRefParts {
    pub shape: Vec<i64>,
    pub element: Type,
    pub layout: Option<flowgate_ir::Attribute>,
    pub memory_space: Option<flowgate_ir::Attribute>,
}

pub(crate) fn ranked(ctx: &Context, t: Type) -> Option<MemRefParts> {
    match ctx.type_kind(t) {
        TypeKind::MemRef { shape, element, layout, memory_space } => {
            Some(MemRefParts { shape: shape.clone(), element: *element, layout: *layout, memory_space: *memory_space })
        }
        _ => None,
    }
}

pub(crate) fn memory_space(ctx: &Context, t: Type) -> Option<flowgate_ir::Attribute> {
    match ctx.type_kind(t) {
        TypeKind::MemRef { memory_space, .. } | TypeKind::UnrankedMemRef { memory_space, .. } => *memory_space,
        _ => None,
    }
}

/// Row-major strides of a shape; a dynamic dimension makes every outer stride dynamic.
pub(crate) fn identity_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![1; shape.len()];
    let mut running = Some(1i64);
    for i in (0..shape.len()).rev() {
        strides[i] = running.unwrap_or(DYNAMIC);
        running = match (running, shape[i]) {
            (Some(r), d) if d != DYNAMIC => r.checked_mul(d),
            _ => None,
        };
    }
    strides
}

/// `(strides, offset)` of a ranked memref: its strided layout, the identity's, or those of a
/// strided affine map. `None` for other layouts.
pub(crate) fn strides_and_offset(ctx: &Context, t: Type) -> Option<(Vec<i64>, i64)> {
    let m = ranked(ctx, t)?;
    match m.layout.map(|l| ctx.attr_kind(l)) {
        None => Some((identity_strides(&m.shape), 0)),
        Some(AttrKind::Strided { strides, offset }) => Some((strides.clone(), *offset)),
        Some(AttrKind::AffineMap(map)) => crate::affine_layout::strides_and_offset(map, m.shape.len()),
        _ => None,
    }
}

pub(crate) fn i64_array(ctx: &Context, op: OpId, name: &str) -> Vec<i64> {
    ctx.attr(op, name)
        .and_then(|a| ctx.attr_as_dense_array(a))
        .map(|v| v.iter().map(|&x| x as i64).collect())
        .unwrap_or_default()
}

/// Operand groups by `operandSegmentSizes`; `None` when absent or inconsistent.
pub(crate) fn segments(ctx: &Context, op: OpId, n: usize) -> Option<Vec<Vec<Value>>> {
    let sizes = ctx.attr(op, "operandSegmentSizes").and_then(|a| ctx.attr_as_dense_array(a))?;
    if sizes.len() != n || sizes.iter().any(|&s| s < 0) {
        return None;
    }
    let ops = ctx.operands(op);
    if sizes.iter().sum::<i128>() as usize != ops.len() {
        return None;
    }
    let mut at = 0;
    Some(
        sizes
            .iter()
            .map(|&s| {
                let v = ops[at..at + s as usize].to_vec();
                at += s as usize;
                v
            })
            .collect(),
    )
}

pub(crate) fn segments_or_err(ctx: &Context, op: OpId, n: usize) -> Result<Vec<Vec<Value>>, Diagnostic> {
    segments(ctx, op, n).ok_or_else(|| {
        Diagnostic::op_error(ctx, op, "operand count does not match count from 'operandSegmentSizes' attribute")
    })
}

pub(crate) fn check_index_operands(ctx: &Context, op: OpId, from: usize) -> Result<(), Diagnostic> {
    for (i, &v) in ctx.operands(op).iter().enumerate().skip(from) {
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

/// `result #0 must be memref of any type values`-style check.
pub(crate) fn expect_memref(ctx: &Context, op: OpId, what: &str, t: Type) -> Result<MemRefParts, Diagnostic> {
    ranked(ctx, t).ok_or_else(|| {
        Diagnostic::op_error(ctx, op, format!("{what} must be memref of any type values, but got {}", q(ctx, t)))
    })
}

/// Dimensions agree where both are static.
pub(crate) fn compatible_shapes(a: &[i64], b: &[i64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| x == DYNAMIC || y == DYNAMIC || x == y)
}

/// An error from a custom parser, prefixed as upstream's `OpAsmParser::emitError` does.
pub(crate) fn custom_error(
    p: &mut OpParser<'_, '_>,
    loc: flowgate_ir::Location,
    msg: impl std::fmt::Display,
) -> Diagnostic {
    p.error_at(loc, msg.to_string())
}

/// Upstream's in-bounds check of a slice against the static sizes of its source.
pub(crate) fn check_in_bounds(
    ctx: &Context,
    op: OpId,
    shape: &[i64],
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
) -> Result<(), Diagnostic> {
    for (i, &dim) in shape.iter().enumerate() {
        let (Some(&o), Some(&s), Some(&st)) = (offsets.get(i), sizes.get(i), strides.get(i)) else { continue };
        if dim == DYNAMIC || o == DYNAMIC {
            continue;
        }
        // Upstream's `verifyInBoundsSlice` checks a static offset first, whatever the size and
        // stride: even an empty slice may not start at the end.
        if o >= dim {
            return Err(Diagnostic::error(ctx.op_loc(op), format!("offset {i} is out-of-bounds: {o} >= {dim}")));
        }
        if s == DYNAMIC || st == DYNAMIC || s == 0 {
            continue;
        }
        let last = o.saturating_add((s - 1).saturating_mul(st));
        if last >= dim {
            return Err(Diagnostic::error(
                ctx.op_loc(op),
                format!("slice along dimension {i} runs out-of-bounds: {last} >= {dim}"),
            ));
        }
    }
    Ok(())
}

pub(crate) fn op_err(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::op_error(ctx, op, msg)
}

pub(crate) fn result_type(ctx: &Context, op: OpId) -> Type {
    ctx.value_type(ctx.result(op, 0))
}

pub(crate) fn operand_type(ctx: &Context, op: OpId, i: usize) -> Type {
    ctx.value_type(ctx.operand(op, i))
}

/// A type that must be a memref (ranked when `ranked_only`), with upstream's parser message.
pub(crate) fn parse_memref_type(p: &mut OpParser<'_, '_>, ranked_only: bool) -> PResult<Type> {
    let loc = p.current_loc();
    let t = p.parse_type()?;
    let ok = match p.ctx().type_kind(t) {
        TypeKind::MemRef { .. } => true,
        TypeKind::UnrankedMemRef { .. } => !ranked_only,
        _ => false,
    };
    if !ok {
        let shown = flowgate_ir::asm::type_to_string(p.ctx(), t);
        return Err(custom_error(
            p,
            loc,
            format!("invalid kind of type specified: expected builtin.memref, but found '{shown}'"),
        ));
    }
    Ok(t)
}

/// No layout, or an affine map that maps each dimension to itself (upstream's
/// `isIdentity` on the layout). A strided layout is the identity only as `strided<[1]>` on one
/// dimension: its map is `(d0) -> (d0)`; other ranks give one result for several dimensions.
pub(crate) fn identity_layout(ctx: &Context, t: Type) -> bool {
    let Some(m) = ranked(ctx, t) else { return true };
    match m.layout.map(|l| ctx.attr_kind(l)) {
        None => true,
        Some(AttrKind::Strided { strides, offset }) => *offset == 0 && strides.as_slice() == [1],
        Some(AttrKind::AffineMap(text)) => {
            let Some((dims, results)) = text.split_once("->") else { return false };
            let norm = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
            let dims = norm(dims);
            !dims.contains('[') && dims == norm(results)
        }
        _ => false,
    }
}
