//! Statically known values: attributes of an op, and the contents of `onnx.Constant` operands.

use flowgate_ir::{AttrKind, Context, DenseElements, OpId, Value};

pub fn int_attr(ctx: &Context, op: OpId, name: &str) -> Option<i64> {
    ctx.attr(op, name).and_then(|a| ctx.attr_as_int(a)).and_then(|v| i64::try_from(v).ok())
}

pub fn ints_attr(ctx: &Context, op: OpId, name: &str) -> Option<Vec<i64>> {
    let a = ctx.attr(op, name)?;
    if let Some(items) = ctx.attr_as_array(a) {
        return items.iter().map(|&x| ctx.attr_as_int(x).and_then(|v| i64::try_from(v).ok())).collect();
    }
    ctx.attr_as_dense_array(a).map(|v| v.iter().map(|&x| x as i64).collect())
}

/// Whether operand `i` exists and is not an omitted optional input (`onnx.NoValue`).
pub fn present(ctx: &Context, op: OpId, i: usize) -> Option<Value> {
    let v = *ctx.operands(op).get(i)?;
    match ctx.defining_op(v) {
        Some(d) if ctx.is_op(d, "onnx.NoValue") => None,
        _ => Some(v),
    }
}

/// The integer elements of a constant value, if it is the result of `onnx.Constant`.
pub fn const_ints(ctx: &Context, v: Value) -> Option<Vec<i64>> {
    let op = ctx.defining_op(v)?;
    if !ctx.is_op(op, "onnx.Constant") {
        return None;
    }
    if let Some(x) = int_attr(ctx, op, "value_int") {
        return Some(vec![x]);
    }
    if let Some(x) = ints_attr(ctx, op, "value_ints") {
        return Some(x);
    }
    let a = ctx.attr(op, "value")?;
    let AttrKind::DenseElements { ty, splat, data: DenseElements::Ints(vals) } = ctx.attr_kind(a) else {
        return None;
    };
    let vals: Option<Vec<i64>> = vals.iter().map(|&x| i64::try_from(x).ok()).collect();
    let vals = vals?;
    if *splat {
        let n = ctx
            .shape(*ty)?
            .iter()
            .try_fold(1usize, |acc, &d| usize::try_from(d).ok().map(|d| acc.saturating_mul(d)))?;
        let first = *vals.first()?;
        // A splat never needs more elements than shape inference can use.
        if n > 1 << 16 {
            return None;
        }
        return Some(vec![first; n]);
    }
    Some(vals)
}

/// The elements of a constant as `f64` (integers converted), for `Range`.
pub fn const_f64s(ctx: &Context, v: Value) -> Option<Vec<f64>> {
    if let Some(i) = const_ints(ctx, v) {
        return Some(i.into_iter().map(|x| x as f64).collect());
    }
    let op = ctx.defining_op(v)?;
    if !ctx.is_op(op, "onnx.Constant") {
        return None;
    }
    if let Some(f) = ctx.attr(op, "value_float").and_then(|a| ctx.attr_as_float(a)) {
        return Some(vec![f]);
    }
    let a = ctx.attr(op, "value")?;
    let AttrKind::DenseElements { data: DenseElements::Floats(bits), .. } = ctx.attr_kind(a) else {
        return None;
    };
    Some(bits.iter().map(|&b| f64::from_bits(b)).collect())
}
