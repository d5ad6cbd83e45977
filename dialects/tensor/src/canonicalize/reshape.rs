//! Folds and patterns of `tensor.expand_shape`, `tensor.collapse_shape` and `tensor.reshape`.
//! The expand/collapse compositions are the ones memref shares, from
//! `flowgate_builtin::reassociation`; the rest is tensor's own: reshapes of `tensor.splat`,
//! `tensor.from_elements` and `tensor.cast` producers, `tensor.reshape`'s folds and
//! `tensor.dim` of a `tensor.reshape`.

use flowgate_builtin::producer::source_producer;
use flowgate_builtin::reassociation::{
    collapsed_shape, constant_int, create_collapse, create_expand, fold_reshape as fold_reassociative, output_shape,
    reassociation, ComposeCollapseOfExpand, ComposeExpandOfCollapse, ComposeReassociative, MixedSize, ReshapeOps,
};
use flowgate_ir::{Attribute, Builder, Context, FoldResult, OpId, RewritePattern, Type, TypeKind, Value, DYNAMIC};

use super::elements::resize_splat;

const TENSOR: ReshapeOps =
    ReshapeOps { expand: "tensor.expand_shape", collapse: "tensor.collapse_shape", cast: "tensor.cast" };

// ----- folds -----

pub(super) fn fold_expand_shape(ctx: &mut Context, op: OpId, consts: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    fold_reassociative(ctx, op, consts, TENSOR.collapse).map(|r| vec![r])
}

pub(super) fn fold_collapse_shape(
    ctx: &mut Context,
    op: OpId,
    consts: &[Option<Attribute>],
) -> Option<Vec<FoldResult>> {
    fold_reassociative(ctx, op, consts, TENSOR.expand).map(|r| vec![r])
}

/// Upstream's `ReshapeOp::fold`: a splat constant takes the (static) result type; a reshape of
/// a reshape reshapes the first one's source (in place); a reshape to its own ranked type is
/// its source when the rank is 1 or when the shape operand lists the source's own sizes
/// (`tensor.from_elements` of constants equal to static sizes and `tensor.dim`s of the source
/// at their own position).
pub(super) fn fold_reshape(ctx: &mut Context, op: OpId, consts: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let ops = ctx.operands(op);
    let (&src, &shape) = (ops.first()?, ops.get(1)?);
    let own = *ctx.results(op).first()?;
    let rt = ctx.value_type(own);
    if let Some(a) = resize_splat(ctx, consts.first().copied().flatten(), rt) {
        return Some(vec![FoldResult::Attr(a)]);
    }
    if let Some(producer) = ctx.defining_op(src).filter(|&d| ctx.is_op(d, "tensor.reshape")) {
        if let Some(&inner) = ctx.operands(producer).first() {
            ctx.set_operand(op, 0, inner);
            return Some(vec![FoldResult::Value(own)]);
        }
    }
    let st = ctx.value_type(src);
    if st != rt {
        return None;
    }
    let TypeKind::RankedTensor { shape: dims, .. } = ctx.type_kind(st) else { return None };
    // Upstream: a 0-d or 1-d reshape to its own type is a no-op.
    if dims.len() <= 1 {
        return Some(vec![FoldResult::Value(src)]);
    }
    let elements = ctx.defining_op(shape).filter(|&d| ctx.is_op(d, "tensor.from_elements"))?;
    let elements = ctx.operands(elements);
    let noop = elements.len() == dims.len()
        && elements.iter().zip(dims).enumerate().all(|(i, (&e, &d))| {
            if let Some(c) = constant_int(ctx, e) {
                return c == d && d != DYNAMIC;
            }
            ctx.defining_op(e).filter(|&dim| ctx.is_op(dim, "tensor.dim")).is_some_and(|dim| {
                let o = ctx.operands(dim);
                o.len() == 2 && o[0] == src && constant_int(ctx, o[1]) == Some(i as i64)
            })
        });
    noop.then(|| vec![FoldResult::Value(src)])
}

// ----- registration -----

pub(super) const FOLDS: &[(&str, flowgate_ir::FoldFn)] = &[
    ("tensor.collapse_shape", fold_collapse_shape),
    ("tensor.expand_shape", fold_expand_shape),
    ("tensor.reshape", fold_reshape),
];

/// Upstream's expand_shape and collapse_shape pattern lists, in their order, then
/// `DimOfReshapeOp` (upstream lists it with `tensor.dim`'s patterns; it lives here with the
/// reshape family it is about).
pub(super) fn patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![
        Box::new(ComposeReassociative { ops: TENSOR, root: TENSOR.expand }),
        Box::new(ComposeExpandOfCollapse { ops: TENSOR }),
        Box::new(ConvertToStaticExpandShape),
        Box::new(ReshapeOfSplat(TENSOR.expand)),
        Box::new(ReshapeOfFromElements(TENSOR.expand)),
        Box::new(ComposeReassociative { ops: TENSOR, root: TENSOR.collapse }),
        Box::new(ComposeCollapseOfExpand {
            ops: TENSOR,
            mul: flowgate_arith::builders::muli,
            constant: flowgate_arith::builders::constant_index,
        }),
        Box::new(ReshapeOfSplat(TENSOR.collapse)),
        Box::new(ReshapeOfFromElements(TENSOR.collapse)),
        Box::new(CollapseOfCast),
        Box::new(DimOfReshape),
    ]
}

// Upstream's `FoldReshapeWithConstant` (a splat constant source) is left out: the fold above
// already reshapes every dense constant source, splat or not, before patterns run.

// ----- expand/collapse compositions (shared with memref) -----

// ----- tensor producers -----

fn result_type(ctx: &Context, op: OpId) -> Option<Type> {
    ctx.results(op).first().map(|&r| ctx.value_type(r))
}

fn is_static_tensor(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::RankedTensor { shape, .. } if !shape.contains(&DYNAMIC))
}

/// `FoldReshapeWithSplat`: a reshape of a static `tensor.splat` is a splat of the result type.
struct ReshapeOfSplat(&'static str);

impl RewritePattern for ReshapeOfSplat {
    fn root(&self) -> Option<&'static str> {
        Some(self.0)
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(splat) = source_producer(ctx, op, "tensor.splat") else { return false };
        let (Some(st), Some(rt)) = (result_type(ctx, splat), result_type(ctx, op)) else { return false };
        // The result of a reshape of a static shape is static; checked so no splat lacks sizes.
        if !is_static_tensor(ctx, st) || !is_static_tensor(ctx, rt) {
            return false;
        }
        let Some(&input) = ctx.operands(splat).first() else { return false };
        let loc = ctx.op_loc(op);
        let new = b.build("tensor.splat", &[input], &[rt], loc);
        let v = b.ctx.result(new, 0);
        b.ctx.replace_op(op, &[v]);
        true
    }
}

/// `FoldReshapeWithFromElements`: a reshape of `tensor.from_elements` to a static type is a
/// `tensor.from_elements` of the same elements.
struct ReshapeOfFromElements(&'static str);

impl RewritePattern for ReshapeOfFromElements {
    fn root(&self) -> Option<&'static str> {
        Some(self.0)
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(from) = source_producer(ctx, op, "tensor.from_elements") else { return false };
        let Some(rt) = result_type(ctx, op).filter(|&t| is_static_tensor(ctx, t)) else { return false };
        let elements = ctx.operands(from).to_vec();
        let loc = ctx.op_loc(op);
        let new = b.build("tensor.from_elements", &elements, &[rt], loc);
        let v = b.ctx.result(new, 0);
        b.ctx.replace_op(op, &[v]);
        true
    }
}

/// Upstream's `preservesStaticInformation(source, target)`: both ranked tensors of one
/// element type and rank, and no static size of `source` is dynamic in `target`.
fn preserves_static_information(ctx: &Context, source: Type, target: Type) -> bool {
    match (ctx.type_kind(source), ctx.type_kind(target)) {
        (
            TypeKind::RankedTensor { shape: s, element: se, .. },
            TypeKind::RankedTensor { shape: t, element: te, .. },
        ) => se == te && s.len() == t.len() && s.iter().zip(t).all(|(&a, &b)| a == DYNAMIC || b != DYNAMIC),
        _ => false,
    }
}

/// A `tensor.cast` that a consumer may look through: its source is at least as static as its
/// result (upstream's `canFoldIntoConsumerOp`). Returns the cast's source.
fn foldable_cast_source(ctx: &Context, v: Value) -> Option<Value> {
    let cast = ctx.defining_op(v).filter(|&d| ctx.is_op(d, "tensor.cast"))?;
    let src = *ctx.operands(cast).first()?;
    preserves_static_information(ctx, ctx.value_type(v), ctx.value_type(src)).then_some(src)
}

/// `FoldCollapseOfCastOp`: a collapse of a cast to a more dynamic type collapses the cast's
/// source; when that gives a more static type, a cast back to the old result type follows.
struct CollapseOfCast;

impl RewritePattern for CollapseOfCast {
    fn root(&self) -> Option<&'static str> {
        Some(TENSOR.collapse)
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(&cast_result) = ctx.operands(op).first() else { return false };
        let Some(src) = foldable_cast_source(ctx, cast_result) else { return false };
        let (Some(groups), Some(rt)) = (reassociation(ctx, op), result_type(ctx, op)) else { return false };
        let st = ctx.value_type(src);
        let (Some(shape), Some(elem)) = (ctx.shape(st), ctx.element_type(st)) else { return false };
        let Some(new_shape) = collapsed_shape(shape, &groups) else { return false };
        let loc = ctx.op_loc(op);
        let new_t = b.ctx.tensor_type(new_shape, elem);
        if new_t == rt {
            b.ctx.set_operand(op, 0, src);
            return true;
        }
        let collapse = create_collapse(b, TENSOR.collapse, new_t, src, &groups, loc);
        let collapsed = b.ctx.result(collapse, 0);
        let cast = b.build("tensor.cast", &[collapsed], &[rt], loc);
        let v = b.ctx.result(cast, 0);
        b.ctx.replace_op(op, &[v]);
        true
    }
}

/// `ConvertToStaticExpandShape`: an expand of a cast to a more dynamic type, whose dynamic
/// output sizes include constants, becomes a cast to the sizes those constants make static, an
/// expand with them static, and a cast back to the old result type. Sizes of a group whose
/// source size the cast leaves dynamic stay dynamic.
struct ConvertToStaticExpandShape;

impl RewritePattern for ConvertToStaticExpandShape {
    fn root(&self) -> Option<&'static str> {
        Some(TENSOR.expand)
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(&src) = ctx.operands(op).first() else { return false };
        let Some(cast_src) = foldable_cast_source(ctx, src) else { return false };
        let Some(cast_shape) = ctx.shape(ctx.value_type(cast_src)) else { return false };
        let (Some(groups), Some(shape), Some(rt)) =
            (reassociation(ctx, op), output_shape(ctx, op), result_type(ctx, op))
        else {
            return false;
        };
        let (Some(rshape), Some(elem)) = (ctx.shape(rt), ctx.element_type(rt)) else { return false };
        // The dynamic sizes follow the result type's dynamic dimensions, as upstream walks them.
        if rshape.len() != shape.len()
            || rshape.iter().zip(&shape).any(|(&r, s)| (r == DYNAMIC) != matches!(s, MixedSize::Dynamic(_)))
        {
            return false;
        }
        let mut new_shape = shape.clone();
        let mut changed = false;
        for (input_dim, group) in groups.iter().enumerate() {
            let Some(&cast_dim) = cast_shape.get(input_dim) else { return false };
            for &out in group {
                let Some(size) = usize::try_from(out).ok().and_then(|o| new_shape.get_mut(o)) else { return false };
                let MixedSize::Dynamic(v) = *size else { continue };
                // A dynamic source size needs a dynamic size in its group.
                if cast_dim == DYNAMIC {
                    continue;
                }
                if let Some(c) = constant_int(ctx, v) {
                    *size = MixedSize::Static(c);
                    changed = true;
                }
            }
        }
        if !changed {
            return false;
        }
        // The output type takes the new static sizes; the input type is their product per group.
        let out_dims: Vec<i64> =
            new_shape.iter().zip(rshape).map(|(s, &r)| if let MixedSize::Static(c) = s { *c } else { r }).collect();
        let mut in_dims = Vec::with_capacity(groups.len());
        for group in &groups {
            let mut size = Some(1i64);
            for &o in group {
                match usize::try_from(o).ok().and_then(|o| new_shape.get(o)) {
                    Some(MixedSize::Static(c)) => match size.map(|s| s.checked_mul(*c)) {
                        Some(Some(p)) => size = Some(p),
                        Some(None) => return false,
                        None => {}
                    },
                    Some(MixedSize::Dynamic(_)) => size = None,
                    None => return false,
                }
            }
            in_dims.push(size.unwrap_or(DYNAMIC));
        }
        let loc = ctx.op_loc(op);
        let in_t = b.ctx.tensor_type(in_dims, elem);
        let out_t = b.ctx.tensor_type(out_dims, elem);
        let input = b.build("tensor.cast", &[src], &[in_t], loc);
        let input = b.ctx.result(input, 0);
        let expand = create_expand(b, TENSOR.expand, out_t, input, &groups, &new_shape, loc);
        let expanded = b.ctx.result(expand, 0);
        let cast = b.build("tensor.cast", &[expanded], &[rt], loc);
        let v = b.ctx.result(cast, 0);
        b.ctx.replace_op(op, &[v]);
        true
    }
}

/// `DimOfReshapeOp`: `tensor.dim` of a `tensor.reshape` is the element of the shape operand
/// at that index (cast to `index` when the shape holds integers). Tensors are values, so the
/// extract may go right after the dim.
struct DimOfReshape;

impl RewritePattern for DimOfReshape {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.dim")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(reshape) = source_producer(ctx, op, "tensor.reshape") else { return false };
        let (Some(&shape), Some(&index)) = (ctx.operands(reshape).get(1), ctx.operands(op).get(1)) else {
            return false;
        };
        let Some(elem) = ctx.element_type(ctx.value_type(shape)) else { return false };
        let Some(dim_t) = result_type(ctx, op) else { return false };
        let loc = ctx.op_loc(op);
        b.set_insertion_point_after(op);
        let extract = b.build("tensor.extract", &[shape, index], &[elem], loc);
        let mut v = b.ctx.result(extract, 0);
        if elem != dim_t {
            let cast = b.build("arith.index_cast", &[v], &[dim_t], loc);
            v = b.ctx.result(cast, 0);
        }
        b.ctx.replace_op(op, &[v]);
        true
    }
}
