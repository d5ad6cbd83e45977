//! Folds and patterns of `memref.view`, `memref.assume_alignment` and
//! `memref.memory_space_cast`, after upstream's `ViewOp::fold`, `ViewOpShapeFolder`,
//! `ViewOpMemrefCastFolder`, `AssumeAlignmentOp::fold` and `MemorySpaceCastOp::fold`.

use super::mixed::{constant_int, replace_with_cast};
use crate::util::identity_layout;
use crate::util::ranked;
use flowgate_builtin::producer::source_producer;
use flowgate_ir::{Attribute, Builder, Context, FoldResult, OpId, OperationState, RewritePattern, TypeKind, DYNAMIC};

/// A view of its whole source with the same static type and a zero byte shift is the source.
pub(crate) fn fold_view(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let (&[src, shift, ..], &[res]) = (ctx.operands(op), ctx.results(op)) else { return None };
    let ty = ctx.value_type(res);
    let static_shape = ranked(ctx, ty).is_some_and(|m| !m.shape.contains(&DYNAMIC));
    (ctx.value_type(src) == ty && static_shape && constant_int(ctx, shift) == Some(0))
        .then(|| vec![FoldResult::Value(src)])
}

pub(crate) fn view_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(ViewShape), Box::new(ViewOfCast)]
}

/// Constant dynamic sizes of a view become static dimensions, with a cast back to the old type.
struct ViewShape;

impl RewritePattern for ViewShape {
    fn root(&self) -> Option<&'static str> {
        Some("memref.view")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let ops = ctx.operands(op).to_vec();
        let Some(&res) = ctx.results(op).first() else { return false };
        let ty = ctx.value_type(res);
        let Some(m) = ranked(ctx, ty) else { return false };
        if ops.len() < 2 || m.layout.is_some() {
            return false;
        }
        let mut sizes = ops[2..].iter();
        let mut shape = Vec::with_capacity(m.shape.len());
        let mut kept = Vec::new();
        for &d in &m.shape {
            if d != DYNAMIC {
                shape.push(d);
                continue;
            }
            let Some(&v) = sizes.next() else { return false };
            match constant_int(ctx, v).filter(|&c| c >= 0) {
                Some(c) => shape.push(c),
                None => {
                    shape.push(DYNAMIC);
                    kept.push(v);
                }
            }
        }
        if shape == m.shape {
            return false;
        }
        let new_ty = b.ctx.intern_type(TypeKind::MemRef {
            shape,
            element: m.element,
            layout: None,
            memory_space: m.memory_space,
        });
        let mut operands = vec![ops[0], ops[1]];
        operands.extend(kept);
        let loc = b.ctx.op_loc(op);
        let mut st = OperationState::new(b.ctx, "memref.view", loc).operands(&operands).results(&[new_ty]);
        st.attrs = b.ctx.attrs(op).to_vec();
        let nv = b.create_value(st);
        replace_with_cast(b, op, nv);
        true
    }
}

/// `view(cast(x))` -> `view(x)`: a view only reads its source's buffer, and a cast from a
/// contiguous 1-D i8 buffer keeps that buffer.
struct ViewOfCast;

impl RewritePattern for ViewOfCast {
    fn root(&self) -> Option<&'static str> {
        Some("memref.view")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let cast_input = source_producer(ctx, op, "memref.cast").and_then(|cast| ctx.operands(cast).first().copied());
        let Some(x) = cast_input else { return false };
        let xt = ctx.value_type(x);
        // The new source must still be what a view accepts: a 1-D memref with identity layout.
        if ranked(ctx, xt).is_none_or(|m| m.shape.len() != 1) || !identity_layout(ctx, xt) {
            return false;
        }
        b.ctx.set_operand(op, 0, x);
        true
    }
}

/// `assume_alignment(assume_alignment(x, n), n)` is the inner one.
pub(crate) fn fold_assume_alignment(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let src = *ctx.operands(op).first()?;
    let inner = ctx.defining_op(src).filter(|&d| ctx.is_op(d, "memref.assume_alignment"))?;
    let align = |o: OpId| ctx.attr(o, "alignment").and_then(|a| ctx.attr_as_int(a));
    (align(inner).is_some() && align(inner) == align(op)).then(|| vec![FoldResult::Value(src)])
}

/// `memory_space_cast(memory_space_cast(x))` casts `x` directly; a cast to its own type is
/// its source.
pub(crate) fn fold_memory_space_cast(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let (&[src], &[res]) = (ctx.operands(op), ctx.results(op)) else { return None };
    if let Some(&x) =
        ctx.defining_op(src).filter(|&d| ctx.is_op(d, "memref.memory_space_cast")).and_then(|d| ctx.operands(d).first())
    {
        ctx.set_operand(op, 0, x);
        return Some(vec![FoldResult::Value(res)]);
    }
    (ctx.value_type(src) == ctx.value_type(res)).then(|| vec![FoldResult::Value(src)])
}
