//! memref ops that reinterpret a buffer under another shape, with upstream's syntax and
//! verifiers: `expand_shape`, `collapse_shape` (strided layouts computed as upstream does),
//! `reshape` and `view`.

use crate::util::*;
use flowgate_builtin::reassociation::reassociation;
use flowgate_builtin::shaped::{check_reshape_elements, check_reshape_rank, reshape_shape_len, Shaped};
use flowgate_ir::asm::{Delimiter, OpParser, OpPrinter, PResult, TokKind};
use flowgate_ir::{AttrKind, Context, Count, Diagnostic, OpDef, OpId, Type, TypeKind, DYNAMIC};

pub(crate) fn defs() -> Vec<OpDef> {
    let base = OpDef::pure_value;
    vec![
        OpDef {
            parse: Some(parse_expand_shape),
            print: Some(flowgate_builtin::reassociation::print_expand_shape),
            verify: Some(verify_expand_shape),
            inherent_attrs: flowgate_builtin::reassociation::RESHAPE_ELIDED,
            result_names: Some(|_, _| Some("expand_shape".into())),
            operands: Count::AtLeast(1),
            ..base("memref.expand_shape")
        },
        OpDef {
            parse: Some(parse_collapse_shape),
            print: Some(flowgate_builtin::reassociation::print_collapse_shape),
            verify: Some(verify_collapse_shape),
            inherent_attrs: flowgate_builtin::reassociation::RESHAPE_ELIDED,
            result_names: Some(|_, _| Some("collapse_shape".into())),
            operands: Count::Exactly(1),
            ..base("memref.collapse_shape")
        },
        flowgate_builtin::shaped::reshape_op(Shaped::MemRef, verify_reshape),
        OpDef {
            parse: Some(parse_view),
            print: Some(print_view),
            verify: Some(verify_view),
            result_names: Some(|_, _| Some("view".into())),
            operands: Count::AtLeast(2),
            ..base("memref.view")
        },
    ]
}

// ----- expand_shape / collapse_shape -----

fn parse_expand_shape(p: &mut OpParser<'_, '_>) -> PResult<()> {
    flowgate_builtin::reassociation::parse_expand_shape(p, parse_memref_type)
}

fn parse_collapse_shape(p: &mut OpParser<'_, '_>) -> PResult<()> {
    flowgate_builtin::reassociation::parse_collapse_shape(p, parse_memref_type)
}

/// Upstream's `verifyCollapsedShape`: contiguous, in-bounds groups, and each collapsed
/// dimension dynamic exactly when its group is, else the group's product.
fn verify_collapsed_shape(
    ctx: &Context,
    op: OpId,
    collapsed: &[i64],
    expanded: &[i64],
    groups: &[Vec<i64>],
) -> Result<(), Diagnostic> {
    if groups.len() != collapsed.len() {
        return Err(op_err(
            ctx,
            op,
            format!("invalid number of reassociation groups: found {}, expected {}", groups.len(), collapsed.len()),
        ));
    }
    let mut next = 0i64;
    for (i, g) in groups.iter().enumerate() {
        let mut dynamic = false;
        for &d in g {
            if d != next {
                return Err(op_err(ctx, op, "reassociation indices must be contiguous"));
            }
            next += 1;
            let Some(&size) = usize::try_from(d).ok().and_then(|d| expanded.get(d)) else {
                return Err(op_err(ctx, op, format!("reassociation index {d} is out of bounds")));
            };
            dynamic |= size == DYNAMIC;
        }
        if (collapsed[i] == DYNAMIC) != dynamic {
            return Err(op_err(
                ctx,
                op,
                format!("collapsed dim ({i}) must be dynamic if and only if reassociation group is dynamic"),
            ));
        }
        if !dynamic {
            let size = g.iter().fold(1i64, |acc, &d| acc.saturating_mul(expanded[d as usize]));
            if size != collapsed[i] {
                return Err(op_err(
                    ctx,
                    op,
                    format!("collapsed dim size ({}) must equal reassociation group size ({size})", collapsed[i]),
                ));
            }
        }
    }
    if collapsed.is_empty() {
        if expanded.iter().any(|&d| d != 1) {
            return Err(op_err(ctx, op, "rank 0 memrefs can only be extended/collapsed with/from ones"));
        }
    } else if next != expanded.len() as i64 {
        return Err(op_err(
            ctx,
            op,
            format!("expanded rank ({}) inconsistent with number of reassociation indices ({next})", expanded.len()),
        ));
    }
    Ok(())
}

fn sat_mul(a: i64, b: i64) -> i64 {
    if a == DYNAMIC || b == DYNAMIC {
        DYNAMIC
    } else {
        a.checked_mul(b).unwrap_or(DYNAMIC)
    }
}

/// Upstream's `computeExpandedLayoutMap`: each source stride expands along its group, the
/// innermost member keeping it.
fn expanded_layout(src: (&[i64], i64), result_shape: &[i64], groups: &[Vec<i64>]) -> (Vec<i64>, i64) {
    let mut rev = Vec::with_capacity(result_shape.len());
    let mut shape_index = result_shape.len();
    for (g, &stride) in groups.iter().zip(src.0).rev() {
        let mut current = stride;
        for _ in 0..g.len() {
            rev.push(current);
            shape_index = shape_index.saturating_sub(1);
            current = sat_mul(current, result_shape.get(shape_index).copied().unwrap_or(1));
        }
    }
    let mut strides: Vec<i64> = rev.into_iter().rev().collect();
    strides.resize(result_shape.len(), 1);
    (strides, src.1)
}

/// Upstream's `computeCollapsedLayoutMap` (non-strict): a group's stride is that of its
/// innermost non-unit member, and the members of a group must be contiguous where known.
fn collapsed_layout(shape: &[i64], src: (&[i64], i64), groups: &[Vec<i64>]) -> Option<(Vec<i64>, i64)> {
    let strides = src.0;
    let mut result = Vec::with_capacity(groups.len());
    for g in groups {
        let mut r: &[i64] = g;
        while r.len() > 1 && r.last().is_some_and(|&d| shape[d as usize] == 1) {
            r = &r[..r.len() - 1];
        }
        let last = *r.last()? as usize;
        result.push(if shape[last] != DYNAMIC || r.len() == 1 { strides[last] } else { DYNAMIC });
    }
    for (gi, g) in groups.iter().enumerate().rev() {
        let mut stride = result[gi];
        for &idx in g.iter().skip(1).rev() {
            let idx = idx as usize;
            stride = sat_mul(stride, shape[idx]);
            let src_stride = strides[idx - 1];
            if shape[idx - 1] == 1 {
                continue;
            }
            if stride != DYNAMIC && src_stride != DYNAMIC && stride != src_stride {
                return None;
            }
        }
    }
    Some((result, src.1))
}

/// Upstream's `CollapseShapeOp::computeCollapsedType`: group sizes multiplied (saturating to
/// dynamic), no layout for an identity source, else the collapsed strided layout. `None` for
/// groups out of range, an affine-map layout or non-contiguous groups.
pub(crate) fn collapsed_type(ctx: &mut Context, src: Type, groups: &[Vec<i64>]) -> Option<Type> {
    let m = ranked(ctx, src)?;
    let rank = m.shape.len();
    // Groups must list 0..rank in order: the layout computation looks at neighbours. (A
    // collapse to rank 0 has no groups and is not handled.)
    let flat: Vec<i64> = groups.iter().flatten().copied().collect();
    if flat.len() != rank || flat.iter().enumerate().any(|(i, &d)| d != i as i64) || groups.iter().any(|g| g.is_empty())
    {
        return None;
    }
    let shape: Vec<i64> =
        groups.iter().map(|g| g.iter().fold(1, |acc, &d| sat_mul(acc, m.shape[d as usize]))).collect();
    let layout = if identity_layout(ctx, src) {
        None
    } else {
        let (strides, offset) = strides_and_offset(ctx, src).filter(|(s, _)| s.len() == rank)?;
        let (strides, offset) = collapsed_layout(&m.shape, (&strides, offset), groups)?;
        Some(ctx.intern_attr(AttrKind::Strided { strides, offset }))
    };
    Some(ctx.intern_type(TypeKind::MemRef { shape, element: m.element, layout, memory_space: m.memory_space }))
}

/// Upstream's `ExpandShapeOp::computeExpandedType`: no layout for an identity source, else
/// the expanded strided layout. `None` for an affine-map layout or mismatched groups.
pub(crate) fn expanded_type(ctx: &mut Context, src: Type, shape: Vec<i64>, groups: &[Vec<i64>]) -> Option<Type> {
    let m = ranked(ctx, src)?;
    if groups.len() != m.shape.len() {
        return None;
    }
    let layout = if identity_layout(ctx, src) {
        None
    } else {
        let (strides, offset) = strides_and_offset(ctx, src).filter(|(s, _)| s.len() == groups.len())?;
        let (strides, offset) = expanded_layout((&strides, offset), &shape, groups);
        Some(ctx.intern_attr(AttrKind::Strided { strides, offset }))
    };
    Some(ctx.intern_type(TypeKind::MemRef { shape, element: m.element, layout, memory_space: m.memory_space }))
}

fn verify_expand_shape(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let st = operand_type(ctx, op, 0);
    let rt = result_type(ctx, op);
    let src = expect_memref(ctx, op, "operand #0", st)?;
    let res = expect_memref(ctx, op, "result #0", rt)?;
    check_index_operands(ctx, op, 1..usize::MAX)?;
    let groups = reassociation(ctx, op).ok_or_else(|| op_err(ctx, op, "requires attribute 'reassociation'"))?;
    let (r0, r1) = (src.shape.len(), res.shape.len());
    if r0 > r1 {
        return Err(op_err(
            ctx,
            op,
            format!("has source rank {r0} and result rank {r1}. This is not an expansion ({r0} > {r1})."),
        ));
    }
    verify_collapsed_shape(ctx, op, &src.shape, &res.shape, &groups)?;
    let expected = if identity_layout(ctx, st) {
        Some(None)
    } else {
        strides_and_offset(ctx, st).map(|(s, o)| Some(expanded_layout((&s, o), &res.shape, &groups)))
    };
    let Some(layout) = expected else { return Err(op_err(ctx, op, "invalid source layout map")) };
    // Verifiers get `&Context` and cannot intern the expected type, so compare the parts.
    if !same_memref(ctx, rt, &src, &res.shape, layout.as_ref()) {
        return Err(op_err(
            ctx,
            op,
            format!(
                "expected expanded type to be '{}' but found {}",
                memref_text(ctx, &src, &res.shape, layout.as_ref()),
                q(ctx, rt)
            ),
        ));
    }
    let statics = i64_array(ctx, op, "static_output_shape");
    if statics.len() != r1 {
        return Err(op_err(
            ctx,
            op,
            format!(
                "expected number of static shape bounds to be equal to the output rank ({r1}) but found {} inputs instead",
                statics.len()
            ),
        ));
    }
    let values = ctx.operands(op).len() - 1;
    let dynamic = statics.iter().filter(|&&d| d == DYNAMIC).count();
    if values != dynamic {
        return Err(op_err(
            ctx,
            op,
            format!(
                "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {dynamic} dynamic dims while output_shape has {values} values"
            ),
        ));
    }
    if let Some(pos) = res.shape.iter().zip(&statics).position(|(&r, &s)| r != DYNAMIC && r != s) {
        return Err(op_err(ctx, op, format!("invalid output shape provided at pos {pos}")));
    }
    Ok(())
}

fn verify_collapse_shape(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let st = operand_type(ctx, op, 0);
    let rt = result_type(ctx, op);
    let src = expect_memref(ctx, op, "operand #0", st)?;
    let res = expect_memref(ctx, op, "result #0", rt)?;
    let groups = reassociation(ctx, op).ok_or_else(|| op_err(ctx, op, "requires attribute 'reassociation'"))?;
    let (r0, r1) = (src.shape.len(), res.shape.len());
    if r0 < r1 {
        return Err(op_err(
            ctx,
            op,
            format!("has source rank {r0} and result rank {r1}. This is not a collapse ({r0} < {r1})."),
        ));
    }
    verify_collapsed_shape(ctx, op, &res.shape, &src.shape, &groups)?;
    let layout = if identity_layout(ctx, st) {
        None
    } else {
        let computed = strides_and_offset(ctx, st).and_then(|(s, o)| collapsed_layout(&src.shape, (&s, o), &groups));
        match computed {
            Some(l) => Some(l),
            None => return Err(op_err(ctx, op, "invalid source layout map or collapsing non-contiguous dims")),
        }
    };
    if !same_memref(ctx, rt, &src, &res.shape, layout.as_ref()) {
        return Err(op_err(
            ctx,
            op,
            format!(
                "expected collapsed type to be '{}' but found {}",
                memref_text(ctx, &src, &res.shape, layout.as_ref()),
                q(ctx, rt)
            ),
        ));
    }
    Ok(())
}

/// Is `t` the memref of `shape` with `like`'s element type and memory space and the given
/// strided layout (none for the identity)?
fn same_memref(ctx: &Context, t: Type, like: &MemRefParts, shape: &[i64], layout: Option<&(Vec<i64>, i64)>) -> bool {
    let Some(m) = ranked(ctx, t) else { return false };
    let layout_ok = match (m.layout.map(|l| ctx.attr_kind(l)), layout) {
        (None, None) => true,
        (Some(AttrKind::Strided { strides, offset }), Some((s, o))) => strides == s && offset == o,
        _ => false,
    };
    m.shape == shape && m.element == like.element && m.memory_space == like.memory_space && layout_ok
}

/// The text of that memref type, as upstream prints it.
fn memref_text(ctx: &Context, like: &MemRefParts, shape: &[i64], layout: Option<&(Vec<i64>, i64)>) -> String {
    let dims: String = shape.iter().map(|&d| if d == DYNAMIC { "?x".to_string() } else { format!("{d}x") }).collect();
    let mut s = format!("memref<{dims}{}", flowgate_ir::asm::type_to_string(ctx, like.element));
    if let Some((strides, offset)) = layout {
        let fmt = |v: i64| if v == DYNAMIC { "?".to_string() } else { v.to_string() };
        let list: Vec<String> = strides.iter().map(|&v| fmt(v)).collect();
        s.push_str(&format!(", strided<[{}]", list.join(", ")));
        if *offset != 0 {
            s.push_str(&format!(", offset: {}", fmt(*offset)));
        }
        s.push('>');
    }
    if let Some(ms) = like.memory_space {
        s.push_str(&format!(", {}", flowgate_ir::asm::attr_to_string(ctx, ms)));
    }
    s.push('>');
    s
}

// ----- reshape -----

fn verify_reshape(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let (st, rt) = (operand_type(ctx, op, 0), result_type(ctx, op));
    for (what, t) in [("operand #0", st), ("result #0", rt)] {
        if !ctx.is_memref(t) {
            return Err(op_err(
                ctx,
                op,
                format!("{what} must be ranked or unranked memref of any type values, but got {}", q(ctx, t)),
            ));
        }
    }
    let shape_len = reshape_shape_len(ctx, op, Shaped::MemRef)?;
    check_reshape_elements(ctx, op, Shaped::MemRef, st, rt)?;
    if !identity_layout(ctx, st) {
        return Err(op_err(ctx, op, "source memref type should have identity affine map"));
    }
    if let Some(res) = ranked(ctx, rt) {
        if !identity_layout(ctx, rt) {
            return Err(op_err(ctx, op, "result memref type should have identity affine map"));
        }
        check_reshape_rank(ctx, op, Shaped::MemRef, shape_len, res.shape.len())?;
    }
    Ok(())
}

// ----- view -----

/// `memref.view %buf[%shift][%sizes...] : memref<Nxi8> to memref<...>`
fn parse_view(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.parse_operand()?;
    p.expect(TokKind::LSquare, "'['")?;
    if !p.is_operand() {
        return Err(p.error("expected SSA operand"));
    }
    let shift = p.parse_operand()?;
    p.expect(TokKind::RSquare, "']'")?;
    let sizes = p.parse_operand_list(Delimiter::Square)?;
    p.parse_optional_attr_dict()?;
    p.expect_colon()?;
    let st = parse_memref_type(p, true)?;
    p.expect_keyword("to")?;
    let rt = parse_memref_type(p, true)?;
    p.add_operand(&src, st)?;
    let idx = p.ctx().index_type();
    p.add_operand(&shift, idx)?;
    p.add_operands_same_type(&sizes, idx)?;
    p.add_result_types(&[rt]);
    Ok(())
}

fn print_view(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let ops = ctx.operands(op);
    p.print_first_operand(op);
    p.write("[");
    p.print_value(ops[1]);
    p.write("][");
    p.print_operands(&ops[2..]);
    p.write("]");
    p.print_attrs_colon_type(op, ctx.value_type(ops[0]));
    p.write(" to ");
    p.print_type(result_type(ctx, op));
}

fn verify_view(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let st = operand_type(ctx, op, 0);
    let rt = result_type(ctx, op);
    let src = expect_memref(ctx, op, "operand #0", st)?;
    let res = expect_memref(ctx, op, "result #0", rt)?;
    check_index_operands(ctx, op, 1..usize::MAX)?;
    if src.shape.len() != 1 || !ctx.is_integer(src.element) || ctx.int_width(src.element) != Some(8) {
        return Err(op_err(
            ctx,
            op,
            format!("operand #0 must be 1D memref of 8-bit signless integer values, but got {}", q(ctx, st)),
        ));
    }
    if !identity_layout(ctx, st) {
        return Err(Diagnostic::error(ctx.op_loc(op), format!("unsupported map for base memref type {}", q(ctx, st))));
    }
    if !identity_layout(ctx, rt) {
        return Err(Diagnostic::error(
            ctx.op_loc(op),
            format!("unsupported map for result memref type {}", q(ctx, rt)),
        ));
    }
    if src.memory_space != res.memory_space {
        return Err(Diagnostic::error(
            ctx.op_loc(op),
            format!(
                "different memory spaces specified for base memref type {} and view memref type {}",
                q(ctx, st),
                q(ctx, rt)
            ),
        ));
    }
    let want = res.shape.iter().filter(|&&d| d == DYNAMIC).count();
    let have = ctx.operands(op).len() - 2;
    if want != have {
        return Err(op_err(ctx, op, format!("incorrect number of dynamic sizes, has {have}, expected {want}")));
    }
    Ok(())
}
