//! Mixed static/dynamic offset, size and stride lists of the view ops (`subview`,
//! `reinterpret_cast`), read as upstream's `OpFoldResult` lists, and the helpers their folds
//! share: constant operands becoming static entries, and ops rebuilt from such lists.
//!
//! The "constant operands become static" step is kept free of memref types so a dialect-neutral
//! version (the tensor slice ops need the same) can replace it without touching the patterns.

use crate::util::{i64_array, segments};
use flowgate_ir::{Builder, Context, Location, OpId, OperationState, Traits, Type, Value, DYNAMIC};

/// One entry of a mixed list: a static integer or an SSA value (upstream's `OpFoldResult`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ofr {
    Static(i64),
    Dyn(Value),
}

/// The source and the three lists of an op with `operandSegmentSizes` [1, offsets, sizes,
/// strides] and `static_offsets` / `static_sizes` / `static_strides`.
#[derive(Clone, Debug)]
pub(crate) struct Lists {
    pub source: Value,
    pub offsets: Vec<Ofr>,
    pub sizes: Vec<Ofr>,
    pub strides: Vec<Ofr>,
}

/// Merge a static list with its dynamic operands; `None` when they disagree (an op that did
/// not verify).
fn merge(statics: &[i64], dynamic: &[Value]) -> Option<Vec<Ofr>> {
    let mut next = dynamic.iter();
    let out: Option<Vec<Ofr>> = statics
        .iter()
        .map(|&s| if s == DYNAMIC { next.next().map(|&v| Ofr::Dyn(v)) } else { Some(Ofr::Static(s)) })
        .collect();
    if next.next().is_some() {
        return None;
    }
    out
}

pub(crate) fn read(ctx: &Context, op: OpId) -> Option<Lists> {
    let seg = segments(ctx, op, 4)?;
    let source = *seg[0].first().filter(|_| seg[0].len() == 1)?;
    Some(Lists {
        source,
        offsets: merge(&i64_array(ctx, op, "static_offsets"), &seg[1])?,
        sizes: merge(&i64_array(ctx, op, "static_sizes"), &seg[2])?,
        strides: merge(&i64_array(ctx, op, "static_strides"), &seg[3])?,
    })
}

/// The integer held by a constant-like op defining `v` (upstream's `getConstantIntValue`).
pub(crate) fn constant_int(ctx: &Context, v: Value) -> Option<i64> {
    let d = ctx.defining_op(v)?;
    if !ctx.has_trait(d, Traits::CONSTANT_LIKE) {
        return None;
    }
    let a = ctx.attr(d, "value")?;
    i64::try_from(ctx.attr_as_int(a)?).ok()
}

/// The static value of an entry, static or held by a constant.
pub(crate) fn const_value(ctx: &Context, e: Ofr) -> Option<i64> {
    match e {
        Ofr::Static(s) => Some(s),
        Ofr::Dyn(v) => constant_int(ctx, v),
    }
}

/// Replace the entries held by constants that `keep` accepts with static entries (upstream's
/// `foldDynamicIndexList`); true when one changed.
pub(crate) fn fold_constants(ctx: &Context, list: &mut [Ofr], keep: impl Fn(i64) -> bool) -> bool {
    let mut changed = false;
    for e in list.iter_mut() {
        if let Ofr::Dyn(v) = *e {
            if let Some(c) = constant_int(ctx, v).filter(|&c| c != DYNAMIC && keep(c)) {
                *e = Ofr::Static(c);
                changed = true;
            }
        }
    }
    changed
}

/// Upstream's `constifyIndexValues`: an entry becomes static where `known` (from a type) is
/// static, or where a constant holds it.
pub(crate) fn constify(ctx: &Context, list: &[Ofr], known: &[i64]) -> Vec<Ofr> {
    list.iter()
        .zip(known)
        .map(|(&e, &k)| {
            if k != DYNAMIC {
                Ofr::Static(k)
            } else {
                const_value(ctx, e).filter(|&c| c != DYNAMIC).map_or(e, Ofr::Static)
            }
        })
        .collect()
}

/// The static view of a list, `DYNAMIC` for values.
pub(crate) fn statics(list: &[Ofr]) -> Vec<i64> {
    list.iter().map(|e| if let Ofr::Static(s) = e { *s } else { DYNAMIC }).collect()
}

fn dynamics(list: &[Ofr]) -> Vec<Value> {
    list.iter().filter_map(|e| if let Ofr::Dyn(v) = e { Some(*v) } else { None }).collect()
}

/// The state of a `name` op (`memref.subview`, `memref.reinterpret_cast`) built from `lists`.
pub(crate) fn state(ctx: &mut Context, name: &str, loc: Location, lists: &Lists, result: Type) -> OperationState {
    let (o, s, t) = (dynamics(&lists.offsets), dynamics(&lists.sizes), dynamics(&lists.strides));
    let seg = [1, o.len() as i32, s.len() as i32, t.len() as i32];
    let mut operands = vec![lists.source];
    operands.extend(o.iter().chain(&s).chain(&t));
    let so = ctx.dense_i64_array_attr(&statics(&lists.offsets));
    let ss = ctx.dense_i64_array_attr(&statics(&lists.sizes));
    let st = ctx.dense_i64_array_attr(&statics(&lists.strides));
    let segs = ctx.dense_i32_array_attr(&seg);
    OperationState::new(ctx, name, loc)
        .operands(&operands)
        .results(&[result])
        .attr(ctx, "static_offsets", so)
        .attr(ctx, "static_sizes", ss)
        .attr(ctx, "static_strides", st)
        .attr(ctx, "operandSegmentSizes", segs)
}

/// Create `memref.cast %v : T to ty` at the builder's insertion point.
pub(crate) fn create_cast(b: &mut Builder<'_>, v: Value, ty: Type, loc: Location) -> Value {
    let st = OperationState::new(b.ctx, "memref.cast", loc).operands(&[v]).results(&[ty]);
    b.create_value(st)
}

/// Replace `op`'s single result by `v`, wrapped in a `memref.cast` when the types differ.
pub(crate) fn replace_with_cast(b: &mut Builder<'_>, op: OpId, v: Value) {
    let ty = b.ctx.value_type(b.ctx.result(op, 0));
    let loc = b.ctx.op_loc(op);
    let nv = if b.ctx.value_type(v) == ty { v } else { create_cast(b, v, ty, loc) };
    b.ctx.replace_op(op, &[nv]);
}

/// Create an `arith.constant` of index type before the builder's insertion point.
pub(crate) fn index_constant(b: &mut Builder<'_>, value: i64, loc: Location) -> Value {
    let idx = b.ctx.index_type();
    let a = b.ctx.integer_attr(value as i128, idx);
    let st = OperationState::new(b.ctx, "arith.constant", loc).results(&[idx]).attr(b.ctx, "value", a);
    b.create_value(st)
}
