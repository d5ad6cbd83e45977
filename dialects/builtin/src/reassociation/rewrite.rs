//! The folds and canonicalization patterns that upstream shares between `tensor` and `memref`
//! `expand_shape`/`collapse_shape` (`foldReshapeOp`, `ComposeReassociativeReshapeOps`,
//! `ComposeCollapseOfExpandOp`, `ComposeExpandOfCollapseOp` in `ReshapeOpsUtils.h`), written
//! once over op names: both dialects give their ops the same operands (source, then the
//! expand's dynamic output sizes) and attributes (`reassociation`, `static_output_shape`).
//! The index arithmetic the collapse-of-expand rewrite needs comes from the caller, so this
//! crate stays free of `arith`.

use super::compose::{
    compose_collapse_of_expand as match_collapse_of_expand, compose_reassociations, find_collapsing_reassociation,
    Groups,
};
use super::reassociation;
use flowgate_ir::{
    AttrKind, Attribute, Builder, Context, DenseElements, FoldResult, Location, OpId, OperationState, Traits, Type,
    TypeKind, Value, DYNAMIC,
};

/// The op names of one dialect's reshaping family.
#[derive(Clone, Copy, Debug)]
pub struct ReshapeOps {
    pub expand: &'static str,
    pub collapse: &'static str,
    /// The shape-compatible cast a rank-preserving collapse-of-expand becomes.
    pub cast: &'static str,
}

/// One size of an expand's output shape: static, or an SSA `index` value (upstream's
/// `OpFoldResult`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MixedSize {
    Static(i64),
    Dynamic(Value),
}

/// `lhs * rhs` on `index` values, built at the builder's insertion point.
pub type MulIndexFn = fn(&mut Builder<'_>, Value, Value, Location) -> Value;
/// An `index` constant, built at the builder's insertion point.
pub type ConstIndexFn = fn(&mut Builder<'_>, i64, Location) -> Value;

/// `[[0, 1], [2]]` as the `reassociation` attribute the parser makes (arrays of `i64`).
pub fn reassociation_attr(ctx: &mut Context, groups: &[Vec<i64>]) -> Attribute {
    let i64t = ctx.integer_type(64);
    let arrays = groups
        .iter()
        .map(|g| {
            let items = g.iter().map(|&i| ctx.integer_attr(i as i128, i64t)).collect();
            ctx.array_attr(items)
        })
        .collect();
    ctx.array_attr(arrays)
}

/// The output shape of an expand, static sizes and dynamic values merged (`getMixedOutputShape`);
/// `None` when the static list and the operands disagree.
pub fn output_shape(ctx: &Context, expand: OpId) -> Option<Vec<MixedSize>> {
    let statics = ctx.attr(expand, "static_output_shape").and_then(|a| ctx.attr_as_dense_array(a))?;
    let mut values = ctx.operands(expand).get(1..)?.iter();
    let out: Option<Vec<MixedSize>> = statics
        .iter()
        .map(|&s| {
            let s = i64::try_from(s).ok()?;
            if s == DYNAMIC {
                values.next().map(|&v| MixedSize::Dynamic(v))
            } else {
                Some(MixedSize::Static(s))
            }
        })
        .collect();
    if values.next().is_some() {
        return None;
    }
    out
}

/// The integer a constant-like op gives `v`, if any (upstream's `getConstantIntValue`).
pub fn constant_int(ctx: &Context, v: Value) -> Option<i64> {
    let d = ctx.defining_op(v)?;
    if !ctx.has_trait(d, Traits::CONSTANT_LIKE) {
        return None;
    }
    ctx.attr(d, "value").and_then(|a| ctx.attr_as_int(a)).and_then(|i| i64::try_from(i).ok())
}

/// Creates `name` (an expand) of `src` into `result`, with `groups` and `shape`.
pub fn create_expand(
    b: &mut Builder<'_>,
    name: &str,
    result: Type,
    src: Value,
    groups: &[Vec<i64>],
    shape: &[MixedSize],
    loc: Location,
) -> OpId {
    let statics: Vec<i64> = shape.iter().map(|s| if let MixedSize::Static(v) = s { *v } else { DYNAMIC }).collect();
    let mut operands = vec![src];
    operands.extend(shape.iter().filter_map(|s| if let MixedSize::Dynamic(v) = s { Some(*v) } else { None }));
    let reassoc = reassociation_attr(b.ctx, groups);
    let statics = b.ctx.dense_i64_array_attr(&statics);
    let st = OperationState::new(b.ctx, name, loc)
        .operands(&operands)
        .results(&[result])
        .attr(b.ctx, "reassociation", reassoc)
        .attr(b.ctx, "static_output_shape", statics);
    b.create(st)
}

/// Creates `name` (a collapse) of `src` into `result` with `groups`.
pub fn create_collapse(
    b: &mut Builder<'_>,
    name: &str,
    result: Type,
    src: Value,
    groups: &[Vec<i64>],
    loc: Location,
) -> OpId {
    let reassoc = reassociation_attr(b.ctx, groups);
    let st =
        OperationState::new(b.ctx, name, loc).operands(&[src]).results(&[result]).attr(b.ctx, "reassociation", reassoc);
    b.create(st)
}

/// Upstream's `hasNonIdentityLayout`: a memref whose layout is not the identity.
pub fn has_non_identity_layout(ctx: &Context, t: Type) -> bool {
    match ctx.type_kind(t) {
        TypeKind::MemRef { layout: Some(l), shape, .. } => !is_identity_map(ctx, *l, shape.len()),
        _ => false,
    }
}

/// `affine_map<(d0, d1) -> (d0, d1)>` over `rank` dimensions.
fn is_identity_map(ctx: &Context, layout: Attribute, rank: usize) -> bool {
    // `strided<[1]>` on one dimension is the map `(d0) -> (d0)`, the identity.
    if let AttrKind::Strided { strides, offset } = ctx.attr_kind(layout) {
        return *offset == 0 && strides.as_slice() == [1] && rank == 1;
    }
    let AttrKind::AffineMap(text) = ctx.attr_kind(layout) else { return false };
    let dims: Vec<String> = (0..rank).map(|i| format!("d{i}")).collect();
    let want = format!("({0})->({0})", dims.join(","));
    text.chars().filter(|c| !c.is_whitespace()).collect::<String>() == want
}

/// The producer of `op`'s source when it is a `name` op.
fn source_producer(ctx: &Context, op: OpId, name: &str) -> Option<OpId> {
    let src = *ctx.operands(op).first()?;
    ctx.defining_op(src).filter(|&d| ctx.is_op(d, name) && !ctx.operands(d).is_empty())
}

fn source_type(ctx: &Context, op: OpId) -> Option<Type> {
    ctx.operands(op).first().map(|&v| ctx.value_type(v))
}

fn result_type(ctx: &Context, op: OpId) -> Option<Type> {
    ctx.results(op).first().map(|&v| ctx.value_type(v))
}

/// Upstream's `foldReshapeOp` for an expand or collapse `op` whose inverse is named `inverse`:
/// an identity reshape is its source; a constant source is the same elements under the result
/// type; a reshape of the inverse reshape is that one's source when the two are inverses of
/// each other (same outer type, and at most one dynamic size per group where that is needed).
pub fn fold_reshape(ctx: &mut Context, op: OpId, consts: &[Option<Attribute>], inverse: &str) -> Option<FoldResult> {
    let src = *ctx.operands(op).first()?;
    let (st, rt) = (ctx.value_type(src), result_type(ctx, op)?);
    if st == rt {
        return Some(FoldResult::Value(src));
    }
    if let Some(Some(c)) = consts.first() {
        if let Some(a) = reshape_elements(ctx, *c, rt) {
            return Some(FoldResult::Attr(a));
        }
    }
    let producer = source_producer(ctx, op, inverse)?;
    let outer = ctx.operand(producer, 0);
    let outer_t = ctx.value_type(outer);
    if outer_t != rt {
        return None;
    }
    let shape = ctx.shape(outer_t)?;
    if shape.iter().filter(|&&d| d == DYNAMIC).count() < 2 {
        return Some(FoldResult::Value(outer));
    }
    let groups = reassociation(ctx, op)?;
    if Some(&groups) != reassociation(ctx, producer).as_ref() {
        return None;
    }
    // Expanding then collapsing back with the same groups is the identity even with several
    // dynamic sizes in a group.
    let mid_rank = ctx.shape(ctx.value_type(src))?.len();
    if shape.len() < mid_rank {
        return Some(FoldResult::Value(outer));
    }
    let each_group_one_dynamic = groups.iter().all(|g| {
        let Some(&front) = g.first() else { return true };
        let Ok(front) = usize::try_from(front) else { return false };
        let slice = front.checked_add(g.len()).and_then(|end| shape.get(front..end));
        slice.is_some_and(|s| s.iter().filter(|&&d| d == DYNAMIC).count() < 2)
    });
    each_group_one_dynamic.then_some(FoldResult::Value(outer))
}

/// `DenseElementsAttr::reshape`: the elements of `c` with the static tensor type `to` (same
/// element type and count); string elements are left alone.
fn reshape_elements(ctx: &mut Context, c: Attribute, to: Type) -> Option<Attribute> {
    let AttrKind::DenseElements { ty, splat, data } = ctx.attr_kind(c).clone() else { return None };
    if matches!(data, DenseElements::Strings(_)) {
        return None;
    }
    let TypeKind::RankedTensor { shape, element, .. } = ctx.type_kind(to) else { return None };
    if ctx.element_type(ty) != Some(*element) {
        return None;
    }
    let count = |s: &[i64]| s.iter().try_fold(1i64, |acc, &d| if d == DYNAMIC { None } else { acc.checked_mul(d) });
    let (Some(have), Some(want)) = (ctx.shape(ty).and_then(count), count(shape)) else { return None };
    if have != want {
        return None;
    }
    Some(ctx.intern_attr(AttrKind::DenseElements { ty: to, splat, data }))
}

/// `ComposeReassociativeReshapeOps`: an expand of an expand (or collapse of a collapse) is one
/// expand (collapse) of the first one's source, with the groups composed; an expand keeps its
/// output shape.
pub fn compose_reassociative(b: &mut Builder<'_>, op: OpId, ops: ReshapeOps) -> bool {
    let ctx = &*b.ctx;
    let name = if ctx.is_op(op, ops.expand) {
        ops.expand
    } else if ctx.is_op(op, ops.collapse) {
        ops.collapse
    } else {
        return false;
    };
    let Some(producer) = source_producer(ctx, op, name) else { return false };
    let outer = ctx.operand(producer, 0);
    let (Some(mid_t), Some(rt)) = (source_type(ctx, op), result_type(ctx, op)) else { return false };
    if [ctx.value_type(outer), mid_t, rt].iter().any(|&t| has_non_identity_layout(ctx, t)) {
        return false;
    }
    let (Some(inner), Some(groups)) = (reassociation(ctx, producer), reassociation(ctx, op)) else { return false };
    let Some(composed) = compose_reassociations(&inner, &groups) else { return false };
    let loc = ctx.op_loc(op);
    let new = if name == ops.expand {
        let Some(shape) = output_shape(ctx, op) else { return false };
        create_expand(b, name, rt, outer, &composed, &shape, loc)
    } else {
        create_collapse(b, name, rt, outer, &composed, loc)
    };
    let v = b.ctx.result(new, 0);
    b.ctx.replace_op(op, &[v]);
    true
}

/// `ComposeCollapseOfExpandOp`: a collapse of an expand is one collapse (when the result has
/// the lower rank), one expand (higher rank; its dynamic sizes are the products of the
/// expand's over each collapse group, built with `mul`/`constant`) or a cast (same rank), when
/// every group of the higher-rank side falls inside one group of the lower-rank side.
pub fn compose_collapse_of_expand(
    b: &mut Builder<'_>,
    op: OpId,
    ops: ReshapeOps,
    mul: MulIndexFn,
    constant: ConstIndexFn,
) -> bool {
    let ctx = &*b.ctx;
    if !ctx.is_op(op, ops.collapse) {
        return false;
    }
    let Some(expand) = source_producer(ctx, op, ops.expand) else { return false };
    let outer = ctx.operand(expand, 0);
    let st = ctx.value_type(outer);
    let (Some(mid_t), Some(rt)) = (source_type(ctx, op), result_type(ctx, op)) else { return false };
    if [mid_t, st, rt].iter().any(|&t| has_non_identity_layout(ctx, t)) || st == rt {
        return false;
    }
    let (Some(src_shape), Some(res_shape)) = (ctx.shape(st), ctx.shape(rt)) else { return false };
    let (src_rank, res_rank) = (src_shape.len(), res_shape.len());
    let same_shape = src_shape == res_shape;
    let (Some(expand_groups), Some(collapse_groups)) = (reassociation(ctx, expand), reassociation(ctx, op)) else {
        return false;
    };
    let composed = if src_rank > res_rank {
        match_collapse_of_expand(&expand_groups, &collapse_groups)
    } else {
        match_collapse_of_expand(&collapse_groups, &expand_groups)
    };
    let Some(composed) = composed else { return false };
    let loc = ctx.op_loc(op);
    let new = match src_rank.cmp(&res_rank) {
        std::cmp::Ordering::Greater => create_collapse(b, ops.collapse, rt, outer, &composed, loc),
        std::cmp::Ordering::Less => {
            let Some(orig) = output_shape(ctx, expand) else { return false };
            let Some(shape) = products_over_groups(b, &orig, &collapse_groups, mul, constant, loc) else {
                return false;
            };
            create_expand(b, ops.expand, rt, outer, &composed, &shape, loc)
        }
        std::cmp::Ordering::Equal => {
            // A rank-preserving reshape is not allowed; upstream casts (same shape by then).
            if !same_shape {
                return false;
            }
            b.build(ops.cast, &[outer], &[rt], loc)
        }
    };
    let v = b.ctx.result(new, 0);
    b.ctx.replace_op(op, &[v]);
    true
}

/// For each group, the product of `sizes` over it: static when every member is (a constant
/// value counts as static), else the dynamic members multiplied in order, then the static
/// part when it is not 1. `None` (nothing built) when a static product overflows.
fn products_over_groups(
    b: &mut Builder<'_>,
    sizes: &[MixedSize],
    groups: &Groups,
    mul: MulIndexFn,
    constant: ConstIndexFn,
    loc: Location,
) -> Option<Vec<MixedSize>> {
    // Check everything before building anything, so a failure leaves the IR untouched.
    let mut plans = Vec::with_capacity(groups.len());
    for g in groups {
        let mut product = 1i64;
        let mut dynamic = Vec::new();
        for &i in g {
            match *sizes.get(usize::try_from(i).ok()?)? {
                MixedSize::Static(s) => product = product.checked_mul(s)?,
                MixedSize::Dynamic(v) => match constant_int(b.ctx, v) {
                    Some(c) => product = product.checked_mul(c)?,
                    None => dynamic.push(v),
                },
            }
        }
        plans.push((product, dynamic));
    }
    let mut out = Vec::with_capacity(plans.len());
    for (product, dynamic) in plans {
        let Some((&first, rest)) = dynamic.split_first() else {
            out.push(MixedSize::Static(product));
            continue;
        };
        let mut acc = first;
        for &v in rest {
            acc = mul(b, acc, v, loc);
        }
        if product != 1 {
            let c = constant(b, product, loc);
            acc = mul(b, acc, c, loc);
        }
        out.push(MixedSize::Dynamic(acc));
    }
    Some(out)
}

/// `ComposeExpandOfCollapseOp`: an expand of a collapse is one collapse or one expand of the
/// collapse's source when, group by group, one side's sub-shape collapses into the other's
/// (equal sub-shapes map one to one). The expand keeps its output shape.
pub fn compose_expand_of_collapse(b: &mut Builder<'_>, op: OpId, ops: ReshapeOps) -> bool {
    let ctx = &*b.ctx;
    if !ctx.is_op(op, ops.expand) {
        return false;
    }
    let Some(collapse) = source_producer(ctx, op, ops.collapse) else { return false };
    let outer = ctx.operand(collapse, 0);
    let st = ctx.value_type(outer);
    let (Some(mid_t), Some(rt)) = (source_type(ctx, op), result_type(ctx, op)) else { return false };
    if [mid_t, st, rt].iter().any(|&t| has_non_identity_layout(ctx, t)) {
        return false;
    }
    let (Some(src_shape), Some(res_shape)) = (ctx.shape(st), ctx.shape(rt)) else { return false };
    let (Some(src_groups), Some(res_groups)) = (reassociation(ctx, collapse), reassociation(ctx, op)) else {
        return false;
    };
    let loc = ctx.op_loc(op);
    let new = match src_shape.len().cmp(&res_shape.len()) {
        std::cmp::Ordering::Equal => return false,
        std::cmp::Ordering::Greater => {
            let Some(c) = find_collapsing_reassociation(&src_groups, &res_groups, src_shape, res_shape) else {
                return false;
            };
            create_collapse(b, ops.collapse, rt, outer, &c, loc)
        }
        std::cmp::Ordering::Less => {
            let Some(c) = find_collapsing_reassociation(&res_groups, &src_groups, res_shape, src_shape) else {
                return false;
            };
            let Some(shape) = output_shape(ctx, op) else { return false };
            create_expand(b, ops.expand, rt, outer, &c, &shape, loc)
        }
    };
    let v = b.ctx.result(new, 0);
    b.ctx.replace_op(op, &[v]);
    true
}

/// Upstream's `ComposeReassociativeReshapeOps`: an expand of an expand, or a collapse of a
/// collapse (`root` says which), is one reshape.
pub struct ComposeReassociative {
    pub ops: ReshapeOps,
    pub root: &'static str,
}

impl flowgate_ir::RewritePattern for ComposeReassociative {
    fn root(&self) -> Option<&'static str> {
        Some(self.root)
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        compose_reassociative(b, op, self.ops)
    }
}

/// Upstream's `ComposeCollapseOfExpandOp`, with the dialect's index arithmetic.
pub struct ComposeCollapseOfExpand {
    pub ops: ReshapeOps,
    pub mul: MulIndexFn,
    pub constant: ConstIndexFn,
}

impl flowgate_ir::RewritePattern for ComposeCollapseOfExpand {
    fn root(&self) -> Option<&'static str> {
        Some(self.ops.collapse)
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        compose_collapse_of_expand(b, op, self.ops, self.mul, self.constant)
    }
}

/// Upstream's `ComposeExpandOfCollapseOp`.
pub struct ComposeExpandOfCollapse {
    pub ops: ReshapeOps,
}

impl flowgate_ir::RewritePattern for ComposeExpandOfCollapse {
    fn root(&self) -> Option<&'static str> {
        Some(self.ops.expand)
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        compose_expand_of_collapse(b, op, self.ops)
    }
}
