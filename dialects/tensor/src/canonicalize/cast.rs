//! `tensor.cast`, `tensor.bitcast` and `tensor.concat`: identity folds, cast chains, and the
//! static shape knowledge a concat can pass to its operands and result through casts.

use flowgate_builtin::producer::source_producer;
use flowgate_ir::{
    Attribute, Builder, Context, FoldResult, OpId, OperationState, RewritePattern, Type, TypeKind, Value, DYNAMIC,
};

/// A ranked tensor's shape, element type and encoding.
pub(crate) fn ranked_parts(ctx: &Context, t: Type) -> Option<(&[i64], Type, Option<Attribute>)> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, element, encoding } => Some((shape, *element, *encoding)),
        _ => None,
    }
}

/// Upstream's `preservesStaticInformation`: `target` is a ranked tensor type like `source`
/// (element, rank, encoding) that is static wherever `source` is.
pub(crate) fn preserves_static_information(ctx: &Context, source: Type, target: Type) -> bool {
    let (Some((s, se, senc)), Some((t, te, tenc))) = (ranked_parts(ctx, source), ranked_parts(ctx, target)) else {
        return false;
    };
    se == te && senc == tenc && s.len() == t.len() && s.iter().zip(t).all(|(&a, &b)| a == DYNAMIC || b != DYNAMIC)
}

/// A cast to a more static type (upstream's `canFoldIntoProducerOp`): the producer may take the
/// cast's type itself.
pub(crate) fn can_fold_into_producer(ctx: &Context, cast: OpId) -> bool {
    let (src, dst) = (ctx.value_type(ctx.operand(cast, 0)), ctx.value_type(ctx.result(cast, 0)));
    preserves_static_information(ctx, src, dst)
}

/// A cast to a less static type (upstream's `canFoldIntoConsumerOp`): a consumer may read the
/// cast's source instead.
pub(crate) fn can_fold_into_consumer(ctx: &Context, cast: OpId) -> bool {
    let (src, dst) = (ctx.value_type(ctx.operand(cast, 0)), ctx.value_type(ctx.result(cast, 0)));
    preserves_static_information(ctx, dst, src)
}

/// The `tensor.cast` defining `v`, if any.
pub(crate) fn defining_cast(ctx: &Context, v: Value) -> Option<OpId> {
    ctx.defining_op(v).filter(|&d| ctx.is_op(d, "tensor.cast") && ctx.operands(d).len() == 1)
}

/// Build `tensor.cast %v : ... to ty` at the builder's insertion point.
pub(crate) fn create_cast(b: &mut Builder<'_>, v: Value, ty: Type, loc: flowgate_ir::Location) -> Value {
    let st = OperationState::new(b.ctx, "tensor.cast", loc).operands(&[v]).results(&[ty]);
    b.create_value(st)
}

/// Casts whose operand already has the result type are no-ops (upstream's
/// `foldCastInterfaceOp`).
fn fold_identity(ctx: &Context, op: OpId) -> Option<Vec<FoldResult>> {
    let (&[v], &[r]) = (ctx.operands(op), ctx.results(op)) else { return None };
    (ctx.value_type(v) == ctx.value_type(r)).then(|| vec![FoldResult::Value(v)])
}

pub(super) const FOLDS: &[(&str, flowgate_ir::FoldFn)] =
    &[("tensor.bitcast", fold_bitcast), ("tensor.cast", fold_cast), ("tensor.concat", fold_concat)];

pub(super) fn patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![
        Box::new(ChainedBitcast),
        Box::new(ChainedCast),
        Box::new(SingleInputConcat),
        Box::new(InferConcatOperandTypes),
        Box::new(InferConcatResultType),
    ]
}

fn fold_cast(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    fold_identity(ctx, op)
}

fn fold_bitcast(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    fold_identity(ctx, op)
}

/// Replace the single-result `op` by `name` applied to `operand` with `op`'s result type.
fn replace_with_unary(b: &mut Builder<'_>, op: OpId, name: &str, operand: Value) {
    let ty = b.ctx.value_type(b.ctx.result(op, 0));
    let loc = b.ctx.op_loc(op);
    let st = OperationState::new(b.ctx, name, loc).operands(&[operand]).results(&[ty]);
    let v = b.create_value(st);
    b.ctx.replace_op(op, &[v]);
}

/// `bitcast(bitcast(x))` -> `bitcast(x)`: bit reinterpretations compose.
struct ChainedBitcast;
impl RewritePattern for ChainedBitcast {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.bitcast")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(inner) = source_producer(ctx, op, "tensor.bitcast") else { return false };
        let Some(&x) = ctx.operands(inner).first() else { return false };
        replace_with_unary(b, op, "tensor.bitcast", x);
        true
    }
}

/// Upstream's `joinShapes`: the shape knowledge of two tensor types together, `None` when they
/// contradict. An unranked side adds nothing.
fn join_shapes(ctx: &mut Context, one: Type, two: Type) -> Option<Type> {
    let (Some((a, elem, _)), Some((b, _, _))) = (ranked_parts(ctx, one), ranked_parts(ctx, two)) else {
        return Some(if ranked_parts(ctx, one).is_none() { two } else { one });
    };
    if a.len() != b.len() {
        return None;
    }
    let mut join = Vec::with_capacity(a.len());
    for (&x, &y) in a.iter().zip(b) {
        join.push(match (x, y) {
            (DYNAMIC, y) => y,
            (x, DYNAMIC) => x,
            (x, y) if x == y => x,
            _ => return None,
        });
    }
    Some(ctx.tensor_type(join, elem))
}

/// `cast(cast(x))` -> `cast(x)` when the intermediate type checks nothing the outer pair does
/// not (upstream's `ChainedTensorCast`): dropping it must not remove a run-time constraint.
struct ChainedCast;
impl RewritePattern for ChainedCast {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.cast")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(&src) = ctx.operands(op).first() else { return false };
        let Some(inner) = defining_cast(ctx, src) else { return false };
        let x = ctx.operand(inner, 0);
        let (source, mid, result) = (ctx.value_type(x), ctx.value_type(src), ctx.value_type(ctx.result(op, 0)));
        let Some(first) = join_shapes(b.ctx, source, mid) else { return false };
        let Some(full) = join_shapes(b.ctx, first, result) else { return false };
        if join_shapes(b.ctx, source, result) != Some(full) {
            return false;
        }
        replace_with_unary(b, op, "tensor.cast", x);
        true
    }
}

/// The `dim` attribute of a concat, checked against the rank.
fn concat_dim(ctx: &Context, op: OpId, rank: usize) -> Option<usize> {
    let d = ctx.attr(op, "dim").and_then(|a| ctx.attr_as_int(a))?;
    usize::try_from(d).ok().filter(|&d| d < rank)
}

/// A single input of the result type is the result.
fn fold_concat(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    fold_identity(ctx, op)
}

/// Upstream's `ConcatOp::inferResultType`: non-concatenated dimensions are whatever any input
/// knows; the concatenated one is the sum when every input knows it.
fn infer_concat_shape(ctx: &Context, op: OpId) -> Option<(Vec<i64>, Type, usize)> {
    let inputs: Vec<(&[i64], Type, _)> =
        ctx.operands(op).iter().map(|&v| ranked_parts(ctx, ctx.value_type(v))).collect::<Option<_>>()?;
    let (first, elem, _) = *inputs.first()?;
    let rank = first.len();
    let dim = concat_dim(ctx, op, rank)?;
    // Encodings are left alone: the inferred types carry none, so they would never settle.
    if inputs.iter().any(|(s, e, enc)| s.len() != rank || *e != elem || enc.is_some()) {
        return None;
    }
    let mut sizes = vec![DYNAMIC; rank];
    for (i, size) in sizes.iter_mut().enumerate() {
        if i != dim {
            *size = inputs.iter().map(|(s, _, _)| s[i]).find(|&d| d != DYNAMIC).unwrap_or(DYNAMIC);
        }
    }
    sizes[dim] = inputs
        .iter()
        .try_fold(0i64, |acc, (s, _, _)| if s[dim] == DYNAMIC { None } else { acc.checked_add(s[dim]) })
        .unwrap_or(DYNAMIC);
    Some((sizes, elem, dim))
}

/// A concat of one input is a cast of it (upstream's `SingleInputConcatOp`).
struct SingleInputConcat;
impl RewritePattern for SingleInputConcat {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.concat")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let &[x] = b.ctx.operands(op) else { return false };
        if !b.ctx.is_tensor(b.ctx.value_type(x)) {
            return false;
        }
        replace_with_unary(b, op, "tensor.cast", x);
        true
    }
}

/// Operands learn the static sizes another operand has in the non-concatenated dimensions,
/// through a cast (upstream's `InferConcatOperandTypes`).
struct InferConcatOperandTypes;
impl RewritePattern for InferConcatOperandTypes {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.concat")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let Some((mut shape, elem, dim)) = infer_concat_shape(b.ctx, op) else { return false };
        let loc = b.ctx.op_loc(op);
        let mut changed = false;
        for (i, v) in b.ctx.operands(op).to_vec().into_iter().enumerate() {
            let ty = b.ctx.value_type(v);
            let Some(d) = ranked_parts(b.ctx, ty).map(|(s, _, _)| s[dim]) else { return changed };
            shape[dim] = d;
            let inferred = b.ctx.tensor_type(shape.clone(), elem);
            if !preserves_static_information(b.ctx, inferred, ty) {
                let c = create_cast(b, v, inferred, loc);
                b.ctx.set_operand(op, i, c);
                changed = true;
            }
        }
        changed
    }
}

/// The result type becomes at least as static as the operands imply, with a cast back to the
/// old type for the users (upstream's `InferConcatResultType`).
struct InferConcatResultType;
impl RewritePattern for InferConcatResultType {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.concat")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let Some((shape, elem, _)) = infer_concat_shape(b.ctx, op) else { return false };
        let inferred = b.ctx.tensor_type(shape, elem);
        let old = b.ctx.value_type(b.ctx.result(op, 0));
        if ranked_parts(b.ctx, old).is_none_or(|(_, _, enc)| enc.is_some())
            || preserves_static_information(b.ctx, inferred, old)
        {
            return false;
        }
        let loc = b.ctx.op_loc(op);
        let mut st = OperationState::new(b.ctx, "tensor.concat", loc).operands(b.ctx.operands(op)).results(&[inferred]);
        st.attrs = b.ctx.attrs(op).to_vec();
        let concat = b.create_value(st);
        let c = create_cast(b, concat, old, loc);
        b.ctx.replace_op(op, &[c]);
        true
    }
}
