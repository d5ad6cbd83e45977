//! Type queries and mixed static/dynamic index lists shared by the memref ops.

pub(crate) use flowgate_builtin::shaped::{
    check_in_bounds, check_index_operands, compatible_shapes, i64_array, quoted as q, segments, segments_or_err,
};
use flowgate_builtin::shaped::{parse_shaped_type, Shaped};
use flowgate_ir::asm::{OpParser, PResult};
use flowgate_ir::{AttrKind, Context, Diagnostic, OpId, Type, TypeKind, DYNAMIC};

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

/// `result #0 must be memref of any type values`-style check.
pub(crate) fn expect_memref(ctx: &Context, op: OpId, what: &str, t: Type) -> Result<MemRefParts, Diagnostic> {
    ranked(ctx, t).ok_or_else(|| {
        Diagnostic::op_error(ctx, op, format!("{what} must be memref of any type values, but got {}", q(ctx, t)))
    })
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

/// A type that must be a memref (ranked when `ranked_only`), with upstream's parser message.
pub(crate) fn parse_memref_type(p: &mut OpParser<'_, '_>, ranked_only: bool) -> PResult<Type> {
    parse_shaped_type(p, Shaped::MemRef, ranked_only)
}
