//! The type join: the least type that holds the values of two types, for loop-carried values
//! and `If` results whose producers disagree on shapes. Tensors join per dimension (equal or
//! `?`), to unranked when the ranks differ; sequences and optionals join their elements; a
//! plain `T` joins `optional(T)` to the optional (ONNX lets a `T` flow where `optional(T)` is
//! declared); `!onnx.unknown` carries no information and gives way to the other type.

use flowgate_ir::{Context, Type, TypeKind, DYNAMIC};
use flowgate_onnx::types::{is_unknown, opt_element, opt_type, seq_element, seq_type};

/// The join of `a` and `b`, or `None` when no value can have both types (element types or
/// kinds differ).
pub(crate) fn join(ctx: &mut Context, a: Type, b: Type) -> Option<Type> {
    if a == b || is_unknown(ctx, b) {
        return Some(a);
    }
    if is_unknown(ctx, a) {
        return Some(b);
    }
    match (opt_element(ctx, a), opt_element(ctx, b)) {
        (Some(x), Some(y)) => return join(ctx, x, y).map(|e| opt_type(ctx, e)),
        (Some(x), None) => return join(ctx, x, b).map(|e| opt_type(ctx, e)),
        (None, Some(y)) => return join(ctx, a, y).map(|e| opt_type(ctx, e)),
        (None, None) => {}
    }
    if let (Some(x), Some(y)) = (seq_element(ctx, a), seq_element(ctx, b)) {
        return join(ctx, x, y).map(|e| seq_type(ctx, e));
    }
    let (ea, eb) = (tensor_element(ctx, a)?, tensor_element(ctx, b)?);
    if ea != eb {
        return None;
    }
    match (ctx.shape(a), ctx.shape(b)) {
        (Some(sa), Some(sb)) if sa.len() == sb.len() => {
            let shape = sa.iter().zip(sb).map(|(&x, &y)| if x == y { x } else { DYNAMIC }).collect();
            Some(ctx.tensor_type(shape, ea))
        }
        _ => Some(unranked(ctx, ea)),
    }
}

/// The join of all of `types` (at least one).
pub(crate) fn join_all(ctx: &mut Context, types: &[Type]) -> Option<Type> {
    let (&first, rest) = types.split_first()?;
    rest.iter().try_fold(first, |acc, &t| join(ctx, acc, t))
}

/// Is `sup` a supertype of `sub`, i.e. their join is `sup`?
pub(crate) fn is_supertype(ctx: &mut Context, sup: Type, sub: Type) -> bool {
    join(ctx, sup, sub) == Some(sup)
}

/// The element type of a ranked or unranked tensor type.
pub(crate) fn tensor_element(ctx: &Context, t: Type) -> Option<Type> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { element, .. } | TypeKind::UnrankedTensor { element } => Some(*element),
        _ => None,
    }
}

pub(crate) fn unranked(ctx: &mut Context, element: Type) -> Type {
    ctx.intern_type(TypeKind::UnrankedTensor { element })
}

/// `tensor<T's dims with `?` inserted at axis>`: the type of values of type `t` stacked along a
/// new axis of unknown length. `axis` must already be normalised to `0..=rank`; an unranked `t`
/// (or an axis out of range) gives an unranked result.
pub(crate) fn stacked(ctx: &mut Context, t: Type, axis: i64) -> Option<Type> {
    let e = tensor_element(ctx, t)?;
    match ctx.shape(t) {
        Some(s) if (0..=s.len() as i64).contains(&axis) => {
            let mut shape = s.to_vec();
            shape.insert(axis as usize, DYNAMIC);
            Some(ctx.tensor_type(shape, e))
        }
        _ => Some(unranked(ctx, e)),
    }
}

/// The type of `t` with dimension `axis` (normalised) removed: one slice of a scan input.
pub(crate) fn sliced(ctx: &mut Context, t: Type, axis: i64) -> Option<Type> {
    let e = tensor_element(ctx, t)?;
    match ctx.shape(t) {
        Some(s) if (0..s.len() as i64).contains(&axis) => {
            let mut shape = s.to_vec();
            shape.remove(axis as usize);
            Some(ctx.tensor_type(shape, e))
        }
        _ => Some(unranked(ctx, e)),
    }
}

/// Normalise `axis` against `rank` (negative axes count from the end); `None` when it is out
/// of range or the rank is unknown and the axis negative. Non-negative axes pass through an
/// unknown rank unchanged.
pub(crate) fn normalize_axis(axis: i64, rank: Option<usize>) -> Option<i64> {
    match rank {
        Some(r) => {
            let r = r as i64;
            let a = if axis < 0 { axis + r } else { axis };
            (0..r).contains(&a).then_some(a)
        }
        None => (axis >= 0).then_some(axis),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use flowgate_ir::asm::{parse_type_str, type_to_string};

    fn ctx() -> Context {
        let mut c = Context::new();
        flowgate_builtin::register(&mut c);
        flowgate_onnx::register(&mut c);
        c
    }

    fn j(c: &mut Context, a: &str, b: &str) -> Option<String> {
        let ta = parse_type_str(c, a).expect("type a");
        let tb = parse_type_str(c, b).expect("type b");
        join(c, ta, tb).map(|t| type_to_string(c, t))
    }

    #[test]
    fn tensors_join_per_dimension_or_to_unranked() {
        let mut c = ctx();
        assert_eq!(j(&mut c, "tensor<2x3xf32>", "tensor<2x3xf32>").as_deref(), Some("tensor<2x3xf32>"));
        assert_eq!(j(&mut c, "tensor<2x3xf32>", "tensor<2x4xf32>").as_deref(), Some("tensor<2x?xf32>"));
        assert_eq!(j(&mut c, "tensor<2x?xf32>", "tensor<5x4xf32>").as_deref(), Some("tensor<?x?xf32>"));
        assert_eq!(j(&mut c, "tensor<f32>", "tensor<1xf32>").as_deref(), Some("tensor<*xf32>"));
        assert_eq!(j(&mut c, "tensor<*xf32>", "tensor<1xf32>").as_deref(), Some("tensor<*xf32>"));
        assert_eq!(j(&mut c, "tensor<2xf32>", "tensor<2xf64>"), None);
        assert_eq!(j(&mut c, "tensor<2xf32>", "!onnx.seq<tensor<2xf32>>"), None);
    }

    #[test]
    fn sequences_optionals_and_unknown() {
        let mut c = ctx();
        assert_eq!(
            j(&mut c, "!onnx.seq<tensor<f32>>", "!onnx.seq<tensor<?xf32>>").as_deref(),
            Some("!onnx.seq<tensor<*xf32>>")
        );
        assert_eq!(
            j(&mut c, "!onnx.opt<!onnx.seq<tensor<f32>>>", "!onnx.seq<tensor<*xf32>>").as_deref(),
            Some("!onnx.opt<!onnx.seq<tensor<*xf32>>>")
        );
        assert_eq!(j(&mut c, "!onnx.unknown", "tensor<3xi64>").as_deref(), Some("tensor<3xi64>"));
        assert_eq!(j(&mut c, "tensor<3xi64>", "!onnx.unknown").as_deref(), Some("tensor<3xi64>"));
        assert_eq!(j(&mut c, "!onnx.seq<tensor<f32>>", "!onnx.seq<tensor<i32>>"), None);
    }

    #[test]
    fn axes_normalise_and_shapes_stack_or_slice() {
        assert_eq!(normalize_axis(-1, Some(3)), Some(2));
        assert_eq!(normalize_axis(3, Some(3)), None);
        assert_eq!(normalize_axis(-4, Some(3)), None);
        assert_eq!(normalize_axis(2, None), Some(2));
        assert_eq!(normalize_axis(-1, None), None);
        let mut c = ctx();
        let t = parse_type_str(&mut c, "tensor<2x3xf32>").expect("type");
        let s = stacked(&mut c, t, 1).expect("tensor");
        assert_eq!(type_to_string(&c, s), "tensor<2x?x3xf32>");
        let s = sliced(&mut c, t, 0).expect("tensor");
        assert_eq!(type_to_string(&c, s), "tensor<3xf32>");
        let s = stacked(&mut c, t, 5).expect("tensor");
        assert_eq!(type_to_string(&c, s), "tensor<*xf32>");
    }
}
