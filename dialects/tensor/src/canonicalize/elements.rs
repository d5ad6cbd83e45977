//! Element and size folds: `extract`, `insert`, `from_elements`, `splat`, `gather` of constants,
//! `rank`, `dim`, and the patterns that make `empty` and `generate` sizes static.

use super::cast::{can_fold_into_consumer, can_fold_into_producer, create_cast, defining_cast, ranked_parts};
use crate::util::{i64_array, segments};
use flowgate_arith::constant_of;
use flowgate_builtin::producer::source_producer;
use flowgate_ir::{
    AttrKind, Attribute, Builder, Context, DenseElements, FoldResult, OpId, OperationState, RewritePattern, Traits,
    Type, Value, DYNAMIC,
};

pub(super) const FOLDS: &[(&str, flowgate_ir::FoldFn)] = &[
    ("tensor.dim", fold_dim),
    ("tensor.extract", fold_extract),
    ("tensor.from_elements", fold_from_elements),
    ("tensor.gather", fold_gather),
    ("tensor.insert", fold_insert),
    ("tensor.rank", fold_rank),
    ("tensor.splat", fold_splat),
];

pub(super) fn patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![
        Box::new(DimOfCast),
        Box::new(DimOfDestination),
        Box::new(DimOfEmpty),
        Box::new(CastOfEmpty),
        Box::new(EmptyStaticSizes),
        Box::new(ExtractOfCast),
        Box::new(ExtractOfIndexCast),
        Box::new(ExtractOfGenerate),
        Box::new(GenerateStaticSizes),
        Box::new(ExtractSliceOfSplat),
    ]
}

// ----- constants -----

/// The integer an attribute holds, if it is one that fits an `i64`.
fn attr_i64(ctx: &Context, a: Option<Attribute>) -> Option<i64> {
    a.and_then(|a| ctx.attr_as_int(a)).and_then(|v| i64::try_from(v).ok())
}

/// The integer a constant-like op defining `v` holds (upstream's `getConstantIntValue`).
fn constant_int(ctx: &Context, v: Value) -> Option<i64> {
    attr_i64(ctx, constant_of(ctx, v))
}

/// One element of a dense constant, before it becomes an attribute.
enum Scalar {
    Int(i128),
    Float(u64),
}

/// The shape, element type and splat flag of a dense elements attribute.
fn dense_header(ctx: &Context, a: Attribute) -> Option<(&[i64], Type, bool)> {
    let AttrKind::DenseElements { ty, splat, .. } = ctx.attr_kind(a) else { return None };
    let (shape, elem, _) = ranked_parts(ctx, *ty)?;
    Some((shape, elem, *splat))
}

/// Element `i` of the payload of a dense integer or float constant (element 0 of a splat),
/// as a scalar attribute of its element type. Reads in place: constants can be large.
fn element_attr(ctx: &mut Context, a: Attribute, i: usize) -> Option<Attribute> {
    let (_, elem, _) = dense_header(ctx, a)?;
    let AttrKind::DenseElements { data, .. } = ctx.attr_kind(a) else { return None };
    let x = match data {
        DenseElements::Ints(v) if ctx.is_integer(elem) || ctx.is_index(elem) => Scalar::Int(*v.get(i)?),
        DenseElements::Floats(v) if ctx.is_float(elem) => Scalar::Float(*v.get(i)?),
        _ => return None,
    };
    Some(match x {
        Scalar::Int(x) => ctx.integer_attr(x, elem),
        Scalar::Float(x) => ctx.float_attr(f64::from_bits(x), elem),
    })
}

/// The value of every element of a splat integer or float constant.
fn splat_value(ctx: &mut Context, a: Attribute) -> Option<Attribute> {
    if !dense_header(ctx, a)?.2 {
        return None;
    }
    element_attr(ctx, a, 0)
}

/// The payload `scalars` (integer or float attributes of one type) make, splat when they agree.
fn dense_of(ctx: &mut Context, ty: Type, scalars: &[Attribute]) -> Option<Attribute> {
    let data = if scalars.iter().all(|&s| matches!(ctx.attr_kind(s), AttrKind::Integer { .. })) {
        DenseElements::Ints(scalars.iter().filter_map(|&s| ctx.attr_as_int(s)).collect())
    } else if scalars.iter().all(|&s| matches!(ctx.attr_kind(s), AttrKind::Float { .. })) {
        DenseElements::Floats(scalars.iter().filter_map(|&s| ctx.attr_as_float(s)).map(f64::to_bits).collect())
    } else {
        return None;
    };
    let elem = ctx.element_type(ty)?;
    if scalars.iter().any(|&s| ctx.attr_type(s) != Some(elem)) || data.is_empty() {
        return None;
    }
    let (splat, data) = match data {
        DenseElements::Ints(v) if v.windows(2).all(|w| w[0] == w[1]) => (true, DenseElements::Ints(v[..1].to_vec())),
        DenseElements::Floats(v) if v.windows(2).all(|w| w[0] == w[1]) => {
            (true, DenseElements::Floats(v[..1].to_vec()))
        }
        d => (false, d),
    };
    Some(ctx.intern_attr(AttrKind::DenseElements { ty, splat, data }))
}

/// A splat constant with another static shape (upstream's `reshapeConstantSource`); also what
/// `extract_slice`, `reshape`, `expand_shape` and `collapse_shape` of a splat fold to.
pub(super) fn resize_splat(ctx: &mut Context, source: Option<Attribute>, result: Type) -> Option<Attribute> {
    let AttrKind::DenseElements { splat: true, data, .. } = ctx.attr_kind(source?) else { return None };
    let data = match data {
        DenseElements::Ints(v) => DenseElements::Ints(v.clone()),
        DenseElements::Floats(v) => DenseElements::Floats(v.clone()),
        _ => return None,
    };
    if ranked_parts(ctx, result)?.0.contains(&DYNAMIC) {
        return None;
    }
    Some(ctx.intern_attr(AttrKind::DenseElements { ty: result, splat: true, data }))
}

fn attr_result(a: Option<Attribute>) -> Option<Vec<FoldResult>> {
    a.map(|a| vec![FoldResult::Attr(a)])
}

// ----- folds -----

/// `extract` of a splat constant, of `from_elements`, or of a constant at constant indices.
fn fold_extract(ctx: &mut Context, op: OpId, consts: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let source = consts.first().copied().flatten();
    if let Some(a) = source {
        if let Some(v) = splat_value(ctx, a) {
            return attr_result(Some(v));
        }
    }
    let indices: Vec<i64> = consts.get(1..)?.iter().map(|&c| attr_i64(ctx, c)).collect::<Option<_>>()?;
    let tensor = ctx.operand(op, 0);
    if let Some(from) = ctx.defining_op(tensor).filter(|&d| ctx.is_op(d, "tensor.from_elements")) {
        let (shape, _, _) = ranked_parts(ctx, ctx.value_type(tensor))?;
        if shape.len() != indices.len() {
            return None;
        }
        // Row-major flat index; bad constants (out of bounds, overflow) only occur in code that
        // never runs, and are left alone.
        let (mut flat, mut stride) = (0i64, 1i64);
        for (&i, &d) in indices.iter().zip(shape).rev() {
            flat = flat.checked_add(i.checked_mul(stride)?)?;
            stride = stride.checked_mul(d)?;
        }
        let v = *ctx.operands(from).get(usize::try_from(flat).ok()?)?;
        return Some(vec![FoldResult::Value(v)]);
    }
    let source = source?;
    let (shape, _, _) = dense_header(ctx, source)?;
    if shape.len() != indices.len() || indices.iter().zip(shape).any(|(&i, &d)| i < 0 || i >= d) {
        return None;
    }
    let mut flat = 0usize;
    for (&i, &d) in indices.iter().zip(shape) {
        flat = flat.checked_mul(usize::try_from(d).ok()?)?.checked_add(usize::try_from(i).ok()?)?;
    }
    attr_result(element_attr(ctx, source, flat))
}

/// `from_elements` of constants is a dense constant.
fn fold_from_elements(ctx: &mut Context, op: OpId, consts: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let scalars: Vec<Attribute> = consts.iter().copied().collect::<Option<_>>()?;
    let ty = ctx.value_type(ctx.result(op, 0));
    attr_result(dense_of(ctx, ty, &scalars))
}

/// Inserting a splat constant's own value leaves it unchanged.
fn fold_insert(ctx: &mut Context, _: OpId, consts: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let (Some(&Some(scalar)), Some(&Some(dest))) = (consts.first(), consts.get(1)) else { return None };
    (splat_value(ctx, dest) == Some(scalar)).then(|| vec![FoldResult::Attr(dest)])
}

/// `splat` of a constant into a static shape.
fn fold_splat(ctx: &mut Context, op: OpId, consts: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let scalar = consts.first().copied().flatten()?;
    if !matches!(ctx.attr_kind(scalar), AttrKind::Integer { .. } | AttrKind::Float { .. }) {
        return None;
    }
    let ty = ctx.value_type(ctx.result(op, 0));
    if ranked_parts(ctx, ty)?.0.contains(&DYNAMIC) {
        return None;
    }
    attr_result(dense_of(ctx, ty, &[scalar]))
}

/// Gathering from a splat constant gives the same splat.
fn fold_gather(ctx: &mut Context, op: OpId, consts: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let ty = ctx.value_type(ctx.result(op, 0));
    attr_result(resize_splat(ctx, consts.first().copied().flatten(), ty))
}

/// The rank of a ranked tensor.
fn fold_rank(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let (shape, _, _) = ranked_parts(ctx, ctx.value_type(ctx.operand(op, 0)))?;
    let rank = shape.len() as i128;
    let idx = ctx.index_type();
    attr_result(Some(ctx.integer_attr(rank, idx)))
}

/// The operand among `dynamic` (one per `?` of `shape`, in order) that gives dimension `d`.
fn dynamic_size(shape: &[i64], dynamic: &[Value], d: usize) -> Option<Value> {
    let k = shape.get(..d)?.iter().filter(|&&s| s == DYNAMIC).count();
    dynamic.get(k).copied()
}

/// `dim` of a static size, of `generate`'s extent, of a non-reducing `extract_slice`'s dynamic
/// size; else it reads through a cast from a more static type, in place.
fn fold_dim(ctx: &mut Context, op: OpId, consts: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let index = attr_i64(ctx, consts.get(1).copied().flatten())?;
    let source = ctx.operand(op, 0);
    let shape = ranked_parts(ctx, ctx.value_type(source))?.0.to_vec();
    // Out-of-range indices are undefined behaviour but valid IR.
    let d = usize::try_from(index).ok().filter(|&d| d < shape.len())?;
    if shape[d] != DYNAMIC {
        let idx = ctx.index_type();
        return attr_result(Some(ctx.integer_attr(shape[d] as i128, idx)));
    }
    let def = ctx.defining_op(source);
    if let Some(g) = def.filter(|&g| ctx.is_op(g, "tensor.generate")) {
        return dynamic_size(&shape, ctx.operands(g), d).map(|v| vec![FoldResult::Value(v)]);
    }
    if let Some(s) = def.filter(|&s| ctx.is_op(s, "tensor.extract_slice")) {
        let sizes = i64_array(ctx, s, "static_sizes");
        let same_rank = ranked_parts(ctx, ctx.value_type(ctx.operand(s, 0))).is_some_and(|p| p.0.len() == shape.len());
        if same_rank && sizes.get(d) == Some(&DYNAMIC) {
            if let Some(v) = segments(ctx, s, 4).ok().and_then(|seg| dynamic_size(&sizes, &seg[2], d)) {
                return Some(vec![FoldResult::Value(v)]);
            }
        }
    }
    let cast = defining_cast(ctx, source).filter(|&c| can_fold_into_consumer(ctx, c))?;
    let from = ctx.operand(cast, 0);
    ctx.set_operand(op, 0, from);
    Some(vec![FoldResult::Value(ctx.result(op, 0))])
}

// ----- patterns -----

/// Replace the single-result `op` by a new single-result op and return its value.
fn create_like(b: &mut Builder<'_>, name: &str, operands: &[Value], ty: Type, loc: flowgate_ir::Location) -> OpId {
    let st = OperationState::new(b.ctx, name, loc).operands(operands).results(&[ty]);
    b.create(st)
}

/// `dim(cast(x))` -> `dim(x)` (upstream's `DimOfCastOp`): a cast keeps the sizes.
struct DimOfCast;
impl RewritePattern for DimOfCast {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.dim")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let &[source, index] = ctx.operands(op) else { return false };
        let Some(cast) = defining_cast(ctx, source) else { return false };
        let x = ctx.operand(cast, 0);
        let (ty, loc) = (ctx.value_type(ctx.result(op, 0)), ctx.op_loc(op));
        let new = create_like(b, "tensor.dim", &[x, index], ty, loc);
        let v = b.ctx.result(new, 0);
        b.ctx.replace_op(op, &[v]);
        true
    }
}

/// `dim` of `insert`/`insert_slice` is `dim` of their destination (upstream's
/// `DimOfDestStyleOp`): the result has the destination's sizes.
struct DimOfDestination;
impl RewritePattern for DimOfDestination {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.dim")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(&source) = ctx.operands(op).first() else { return false };
        let Some(d) = ctx.defining_op(source) else { return false };
        if !(ctx.is_op(d, "tensor.insert") || ctx.is_op(d, "tensor.insert_slice")) || ctx.operands(d).len() < 2 {
            return false;
        }
        let dest = ctx.operand(d, 1);
        if ctx.value_type(dest) != ctx.value_type(source) {
            return false;
        }
        b.ctx.set_operand(op, 0, dest);
        true
    }
}

/// `dim(empty(...), c)` of a dynamic size is that size (upstream's `FoldEmptyTensorWithDimOp`).
struct DimOfEmpty;
impl RewritePattern for DimOfEmpty {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.dim")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let &[source, index] = ctx.operands(op) else { return false };
        let Some(e) = ctx.defining_op(source).filter(|&e| ctx.is_op(e, "tensor.empty")) else { return false };
        let Some((shape, _, _)) = ranked_parts(ctx, ctx.value_type(source)) else { return false };
        let Some(d) = constant_int(ctx, index).and_then(|i| usize::try_from(i).ok()).filter(|&d| d < shape.len())
        else {
            return false;
        };
        if shape[d] != DYNAMIC {
            return false;
        }
        let Some(v) = dynamic_size(shape, ctx.operands(e), d) else { return false };
        b.ctx.replace_op(op, &[v]);
        true
    }
}

/// Upstream's `foldDynamicToStaticDimSizes`: the sizes given by non-negative constants move
/// into the type. Returns the new type and the sizes that stay dynamic, or `None` when nothing
/// changes.
fn static_sizes(ctx: &mut Context, ty: Type, dynamic: &[Value]) -> Option<(Type, Vec<Value>)> {
    let (shape, elem, encoding) = ranked_parts(ctx, ty)?;
    let mut shape = shape.to_vec();
    let mut left = Vec::new();
    let mut it = dynamic.iter();
    for s in shape.iter_mut().filter(|s| **s == DYNAMIC) {
        let &v = it.next()?;
        match constant_int(ctx, v).filter(|&c| c >= 0) {
            Some(c) => *s = c,
            None => left.push(v),
        }
    }
    if left.len() == dynamic.len() || it.next().is_some() {
        return None;
    }
    let new = ctx.intern_type(flowgate_ir::TypeKind::RankedTensor { shape, element: elem, encoding });
    Some((new, left))
}

/// Constant sizes of `empty` become static, with a cast back to the old type (upstream's
/// `ReplaceEmptyTensorStaticShapeDims`).
struct EmptyStaticSizes;
impl RewritePattern for EmptyStaticSizes {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.empty")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ty = b.ctx.value_type(b.ctx.result(op, 0));
        let dynamic = b.ctx.operands(op).to_vec();
        let Some((new_ty, left)) = static_sizes(b.ctx, ty, &dynamic) else { return false };
        let loc = b.ctx.op_loc(op);
        let mut st = OperationState::new(b.ctx, "tensor.empty", loc).operands(&left).results(&[new_ty]);
        st.attrs = b.ctx.attrs(op).to_vec();
        let e = b.create_value(st);
        let c = create_cast(b, e, ty, loc);
        b.ctx.replace_op(op, &[c]);
        true
    }
}

/// `cast(empty(...))` to a more static type is an `empty` of that type (upstream's
/// `FoldEmptyTensorWithCastOp`); the program is assumed correct, so the cast's static sizes
/// are the sizes given.
struct CastOfEmpty;
impl RewritePattern for CastOfEmpty {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.cast")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        if ctx.operands(op).len() != 1 || !can_fold_into_producer(ctx, op) {
            return false;
        }
        let source = ctx.operand(op, 0);
        let Some(e) = ctx.defining_op(source).filter(|&e| ctx.is_op(e, "tensor.empty")) else { return false };
        let ty = ctx.value_type(ctx.result(op, 0));
        let (Some((from, _, _)), Some((to, _, enc))) =
            (ranked_parts(ctx, ctx.value_type(source)), ranked_parts(ctx, ty))
        else {
            return false;
        };
        // Upstream drops the encoding here, which would change the type; leave those alone.
        if enc.is_some() {
            return false;
        }
        let mut left = Vec::new();
        for (d, (&old, &new)) in from.iter().zip(to).enumerate() {
            if old == DYNAMIC && new == DYNAMIC {
                let Some(v) = dynamic_size(from, ctx.operands(e), d) else { return false };
                left.push(v);
            } else if old != DYNAMIC && old != new {
                return false;
            }
        }
        let loc = ctx.op_loc(op);
        let new = create_like(b, "tensor.empty", &left, ty, loc);
        let v = b.ctx.result(new, 0);
        b.ctx.replace_op(op, &[v]);
        true
    }
}

/// `extract(cast(x))` -> `extract(x)` for a ranked `x` (upstream's `ExtractFromTensorCast`).
struct ExtractOfCast;
impl RewritePattern for ExtractOfCast {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.extract")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(&source) = ctx.operands(op).first() else { return false };
        let Some(cast) = defining_cast(ctx, source) else { return false };
        let x = ctx.operand(cast, 0);
        if ranked_parts(ctx, ctx.value_type(x)).is_none() {
            return false;
        }
        b.ctx.set_operand(op, 0, x);
        true
    }
}

/// `extract(index_cast(t))` -> `index_cast(extract(t))` (upstream's
/// `ExtractElementFromIndexCast`): one scalar cast instead of a tensor one.
struct ExtractOfIndexCast;
impl RewritePattern for ExtractOfIndexCast {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.extract")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(c) = source_producer(ctx, op, "arith.index_cast") else { return false };
        let Some(&t) = ctx.operands(c).first() else { return false };
        let Some(elem) = ctx.element_type(ctx.value_type(t)).filter(|_| ctx.is_tensor(ctx.value_type(t))) else {
            return false;
        };
        let mut operands = ctx.operands(op).to_vec();
        operands[0] = t;
        let (ty, loc) = (ctx.value_type(ctx.result(op, 0)), ctx.op_loc(op));
        let e = create_like(b, "tensor.extract", &operands, elem, loc);
        let ev = b.ctx.result(e, 0);
        let cast = create_like(b, "arith.index_cast", &[ev], ty, loc);
        let v = b.ctx.result(cast, 0);
        b.ctx.replace_op(op, &[v]);
        true
    }
}

/// Constant extents of `generate` become static, with a cast back to the old type (upstream's
/// `StaticTensorGenerate`); the body moves to the new op.
struct GenerateStaticSizes;
impl RewritePattern for GenerateStaticSizes {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.generate")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        if b.ctx.regions(op).len() != 1 {
            return false;
        }
        let ty = b.ctx.value_type(b.ctx.result(op, 0));
        let dynamic = b.ctx.operands(op).to_vec();
        let Some((new_ty, left)) = static_sizes(b.ctx, ty, &dynamic) else { return false };
        let loc = b.ctx.op_loc(op);
        let body = b.ctx.create_region();
        b.ctx.take_region_body(b.ctx.region(op, 0), body);
        let mut st =
            OperationState::new(b.ctx, "tensor.generate", loc).operands(&left).results(&[new_ty]).regions(&[body]);
        st.attrs = b.ctx.attrs(op).to_vec();
        let g = b.create_value(st);
        let c = create_cast(b, g, ty, loc);
        b.ctx.replace_op(op, &[c]);
        true
    }
}

/// `extract(generate{body})[i...]` is the body computed at `i...` (upstream's
/// `ExtractFromTensorGenerate`), when the body has no side effects. Bodies with nested regions
/// are left alone: copying them needs a region cloner the dialects do not share yet.
struct ExtractOfGenerate;
impl RewritePattern for ExtractOfGenerate {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.extract")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(g) = source_producer(ctx, op, "tensor.generate") else { return false };
        let Some(block) = ctx.regions(g).first().and_then(|&r| ctx.entry_block(r)) else { return false };
        if ctx.region_blocks(ctx.region(g, 0)).len() != 1 {
            return false;
        }
        let Some(term) = ctx.last_op(block).filter(|&t| ctx.is_op(t, "tensor.yield")) else { return false };
        let body: Vec<OpId> = ctx.block_ops(block).filter(|&o| o != term).collect();
        if body.iter().any(|&o| !ctx.regions(o).is_empty() || !ctx.has_trait(o, Traits::PURE)) {
            return false;
        }
        let args = ctx.block_args(block).to_vec();
        let indices = ctx.operands(op)[1..].to_vec();
        let Some(&yielded) = ctx.operands(term).first() else { return false };
        if args.len() != indices.len() {
            return false;
        }
        let mut map: Vec<(Value, Value)> = args.into_iter().zip(indices).collect();
        let lookup = |map: &[(Value, Value)], v: Value| map.iter().find(|(k, _)| *k == v).map_or(v, |&(_, n)| n);
        for o in body {
            let ctx = &*b.ctx;
            let operands: Vec<Value> = ctx.operands(o).iter().map(|&v| lookup(&map, v)).collect();
            let mut st = OperationState::with_symbol(ctx.op_name_sym(o), ctx.op_loc(o))
                .operands(&operands)
                .results(&ctx.result_types(o));
            st.attrs = ctx.attrs(o).to_vec();
            let old = ctx.results(o).to_vec();
            let copy = b.create(st);
            map.extend(old.into_iter().zip(b.ctx.results(copy).to_vec()));
        }
        let v = lookup(&map, yielded);
        b.ctx.replace_op(op, &[v]);
        true
    }
}

/// `extract_slice` of a splat constant is the splat at the slice's static shape (the splat
/// case of upstream's `ExtractSliceOp::fold`). A pattern, not a fold, so that the slice
/// family keeps the op's one fold hook; the outcome is the same constant.
struct ExtractSliceOfSplat;
impl RewritePattern for ExtractSliceOfSplat {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.extract_slice")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let (Some(&source), Some(&result)) = (ctx.operands(op).first(), ctx.results(op).first()) else {
            return false;
        };
        let ty = ctx.value_type(result);
        let Some(splat) = resize_splat(b.ctx, constant_of(b.ctx, source), ty) else { return false };
        let loc = b.ctx.op_loc(op);
        let Some(c) = flowgate_arith::materialize_constant(b, splat, ty, loc) else { return false };
        let v = b.ctx.result(c, 0);
        b.ctx.replace_op(op, &[v]);
        true
    }
}
