//! Tensor type views and the three ways shapes combine: broadcasting, joining (the type of a
//! value that may come from either of two places) and refining (a known type improved by an
//! inferred one).

use flowgate_ir::{Context, Type, TypeKind, DYNAMIC};
use flowgate_onnx::types::{is_unknown, opt_element, opt_type, seq_element, seq_type};

/// A tensor type taken apart: element type, and dimensions when the rank is known.
#[derive(Clone, Debug, PartialEq)]
pub struct TensorView {
    pub elem: Type,
    pub dims: Option<Vec<i64>>,
}

pub fn view(ctx: &Context, t: Type) -> Option<TensorView> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, element, .. } => Some(TensorView { elem: *element, dims: Some(shape.clone()) }),
        TypeKind::UnrankedTensor { element } => Some(TensorView { elem: *element, dims: None }),
        _ => None,
    }
}

pub fn tensor(ctx: &mut Context, elem: Type, dims: Option<Vec<i64>>) -> Type {
    match dims {
        // A negative size (from a shape operand such as Expand's `[-1]`) is no size: it stays
        // unknown here and the node reports it when it runs. It must never reach a type.
        Some(d) => ctx.tensor_type(d.into_iter().map(|x| if x < 0 { DYNAMIC } else { x }).collect(), elem),
        None => ctx.intern_type(TypeKind::UnrankedTensor { element: elem }),
    }
}

/// `n` unknown dimensions.
pub fn dynamic_dims(n: usize) -> Vec<i64> {
    vec![DYNAMIC; n]
}

/// ONNX multidirectional (numpy) broadcasting of two shapes. `None` when known dimensions
/// conflict; the op is then left for the verifier or runtime to reject.
pub fn broadcast(a: &[i64], b: &[i64]) -> Option<Vec<i64>> {
    let n = a.len().max(b.len());
    let mut out = vec![0; n];
    for (i, slot) in out.iter_mut().enumerate() {
        let x = if i + a.len() >= n { a[i + a.len() - n] } else { 1 };
        let y = if i + b.len() >= n { b[i + b.len() - n] } else { 1 };
        *slot = match (x, y) {
            (x, y) if x == y => x,
            (1, y) => y,
            (x, 1) => x,
            (DYNAMIC, y) => y,
            (x, DYNAMIC) => x,
            _ => return None,
        };
    }
    Some(out)
}

/// The type of a value that is either an `a` or a `b` (If results, loop-carried values):
/// dimensions that differ become `?`, ranks that differ become unranked.
pub fn join(ctx: &mut Context, a: Type, b: Type) -> Type {
    if a == b {
        return a;
    }
    if is_unknown(ctx, a) {
        return a;
    }
    if is_unknown(ctx, b) {
        return b;
    }
    if let (Some(va), Some(vb)) = (view(ctx, a), view(ctx, b)) {
        if va.elem != vb.elem {
            return a;
        }
        let dims = match (va.dims, vb.dims) {
            (Some(x), Some(y)) if x.len() == y.len() => {
                Some(x.iter().zip(&y).map(|(&p, &q)| if p == q { p } else { DYNAMIC }).collect())
            }
            _ => None,
        };
        return tensor(ctx, va.elem, dims);
    }
    if let (Some(x), Some(y)) = (seq_element(ctx, a), seq_element(ctx, b)) {
        let e = join(ctx, x, y);
        return seq_type(ctx, e);
    }
    match (opt_element(ctx, a), opt_element(ctx, b)) {
        (Some(x), Some(y)) => {
            let e = join(ctx, x, y);
            opt_type(ctx, e)
        }
        // `T` may flow where `optional(T)` is expected; the join is the optional.
        (Some(x), None) => {
            let e = join(ctx, x, b);
            opt_type(ctx, e)
        }
        (None, Some(y)) => {
            let e = join(ctx, a, y);
            opt_type(ctx, e)
        }
        (None, None) => a,
    }
}

/// `known` improved by `inferred`: unknown types and dimensions are filled in, and whatever
/// `known` states wins (a declared `value_info` is never contradicted).
pub fn refine(ctx: &mut Context, known: Type, inferred: Type) -> Type {
    if known == inferred {
        return known;
    }
    if is_unknown(ctx, known) {
        return inferred;
    }
    if let (Some(k), Some(i)) = (view(ctx, known), view(ctx, inferred)) {
        if k.elem != i.elem {
            return known;
        }
        let dims = match (k.dims, i.dims) {
            (None, d) => d,
            (Some(a), Some(b)) if a.len() == b.len() => {
                Some(a.iter().zip(&b).map(|(&x, &y)| if x == DYNAMIC { y } else { x }).collect())
            }
            (Some(a), _) => Some(a),
        };
        return tensor(ctx, k.elem, dims);
    }
    if let (Some(x), Some(y)) = (seq_element(ctx, known), seq_element(ctx, inferred)) {
        let e = refine(ctx, x, y);
        return seq_type(ctx, e);
    }
    if let (Some(x), Some(y)) = (opt_element(ctx, known), opt_element(ctx, inferred)) {
        let e = refine(ctx, x, y);
        return opt_type(ctx, e);
    }
    known
}

#[cfg(test)]
mod tests {
    use super::*;
    use flowgate_ir::asm::{parse_type_str, type_to_string};

    fn ty(ctx: &mut Context, s: &str) -> Type {
        parse_type_str(ctx, s).expect("type")
    }

    #[test]
    fn broadcasting_follows_numpy() {
        const D: i64 = DYNAMIC;
        assert_eq!(broadcast(&[2, 1, 3], &[4, 1]), Some(vec![2, 4, 3]));
        assert_eq!(broadcast(&[], &[5]), Some(vec![5]));
        assert_eq!(broadcast(&[D, 3], &[2, 1]), Some(vec![2, 3]));
        assert_eq!(broadcast(&[D], &[1]), Some(vec![D]));
        assert_eq!(broadcast(&[2], &[3]), None);
    }

    #[test]
    fn join_and_refine() {
        let mut ctx = Context::new();
        let a = ty(&mut ctx, "tensor<2x3xf32>");
        let b = ty(&mut ctx, "tensor<2x4xf32>");
        let c = ty(&mut ctx, "tensor<2xf32>");
        let j = join(&mut ctx, a, b);
        assert_eq!(type_to_string(&ctx, j), "tensor<2x?xf32>");
        let j = join(&mut ctx, a, c);
        assert_eq!(type_to_string(&ctx, j), "tensor<*xf32>");
        let known = ty(&mut ctx, "tensor<?x3xf32>");
        let r = refine(&mut ctx, known, b);
        assert_eq!(type_to_string(&ctx, r), "tensor<2x3xf32>");
        let unranked = ty(&mut ctx, "tensor<*xf32>");
        let r = refine(&mut ctx, unranked, a);
        assert_eq!(r, a);
        let other = ty(&mut ctx, "tensor<2x3xi64>");
        assert_eq!(refine(&mut ctx, a, other), a, "a declared element type is kept");
    }
}
