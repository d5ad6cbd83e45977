//! Mixed static/dynamic offset, size and stride lists of the view ops (`subview`,
//! `reinterpret_cast`), read as upstream's `OpFoldResult` lists, and the helpers their folds
//! share: constant operands becoming static entries, and ops rebuilt from such lists.
//!
//! The entries, constant lookup and "constant operands become static" step are the
//! dialect-neutral ones of `flowgate_builtin::offsets`, shared with the tensor slice ops.

use crate::util::{i64_array, segments};
use flowgate_builtin::offsets::{mixed, split};
use flowgate_ir::{Builder, Context, Location, OpId, OperationState, Type, Value, DYNAMIC};

pub(crate) use flowgate_builtin::offsets::{constant_int, Entry};

/// The source and the three lists of an op with `operandSegmentSizes` [1, offsets, sizes,
/// strides] and `static_offsets` / `static_sizes` / `static_strides`.
#[derive(Clone, Debug)]
pub(crate) struct Lists {
    pub source: Value,
    pub offsets: Vec<Entry>,
    pub sizes: Vec<Entry>,
    pub strides: Vec<Entry>,
}

pub(crate) fn read(ctx: &Context, op: OpId) -> Option<Lists> {
    let seg = segments(ctx, op, 4)?;
    let source = *seg[0].first().filter(|_| seg[0].len() == 1)?;
    Some(Lists {
        source,
        offsets: mixed(&i64_array(ctx, op, "static_offsets"), &seg[1])?,
        sizes: mixed(&i64_array(ctx, op, "static_sizes"), &seg[2])?,
        strides: mixed(&i64_array(ctx, op, "static_strides"), &seg[3])?,
    })
}

pub(crate) use flowgate_builtin::offsets::entry_value as const_value;
pub(crate) use flowgate_builtin::offsets::fold_constant_entries_where as fold_constants;

/// Upstream's `constifyIndexValues`: an entry becomes static where `known` (from a type) is
/// static, or where a constant holds it.
pub(crate) fn constify(ctx: &Context, list: &[Entry], known: &[i64]) -> Vec<Entry> {
    list.iter()
        .zip(known)
        .map(|(&e, &k)| {
            if k != DYNAMIC {
                Entry::Static(k)
            } else {
                const_value(ctx, e).filter(|&c| c != DYNAMIC).map_or(e, Entry::Static)
            }
        })
        .collect()
}

/// The static view of a list, `DYNAMIC` for values.
pub(crate) fn statics(list: &[Entry]) -> Vec<i64> {
    split(list).0
}

/// The state of a `name` op (`memref.subview`, `memref.reinterpret_cast`) built from `lists`.
pub(crate) fn state(ctx: &mut Context, name: &str, loc: Location, lists: &Lists, result: Type) -> OperationState {
    let (o, s, t) = (split(&lists.offsets).1, split(&lists.sizes).1, split(&lists.strides).1);
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
