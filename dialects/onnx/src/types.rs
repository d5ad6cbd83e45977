//! ONNX value types in the IR: tensors are builtin tensors; sequences and optionals are
//! `!onnx.seq<T>` and `!onnx.opt<T>`.

use flowgate_ir::{Context, Type, TypeKind, DYNAMIC};

pub fn seq_type(ctx: &mut Context, element: Type) -> Type {
    ctx.intern_type(TypeKind::Dialect { dialect: "onnx".into(), name: "seq".into(), params: vec![element] })
}

pub fn opt_type(ctx: &mut Context, element: Type) -> Type {
    ctx.intern_type(TypeKind::Dialect { dialect: "onnx".into(), name: "opt".into(), params: vec![element] })
}

/// The element of `!onnx.seq<T>`.
pub fn seq_element(ctx: &Context, t: Type) -> Option<Type> {
    match ctx.type_kind(t) {
        TypeKind::Dialect { dialect, name, params } if dialect == "onnx" && name == "seq" => params.first().copied(),
        _ => None,
    }
}

/// The element of `!onnx.opt<T>`.
pub fn opt_element(ctx: &Context, t: Type) -> Option<Type> {
    match ctx.type_kind(t) {
        TypeKind::Dialect { dialect, name, params } if dialect == "onnx" && name == "opt" => params.first().copied(),
        _ => None,
    }
}

/// Can values of types `a` and `b` be the same ONNX value? Element types must agree and known
/// dimensions must match; a dynamic dimension or an unknown rank matches anything. Loop-carried
/// values may legitimately refine or relax shapes between iterations.
pub fn compatible(ctx: &Context, a: Type, b: Type) -> bool {
    if a == b {
        return true;
    }
    match (ctx.type_kind(a), ctx.type_kind(b)) {
        (
            TypeKind::RankedTensor { shape: sa, element: ea, .. },
            TypeKind::RankedTensor { shape: sb, element: eb, .. },
        ) => {
            ea == eb && sa.len() == sb.len() && sa.iter().zip(sb).all(|(&x, &y)| x == y || x == DYNAMIC || y == DYNAMIC)
        }
        (
            TypeKind::RankedTensor { element: ea, .. } | TypeKind::UnrankedTensor { element: ea },
            TypeKind::UnrankedTensor { element: eb },
        )
        | (TypeKind::UnrankedTensor { element: ea }, TypeKind::RankedTensor { element: eb, .. }) => ea == eb,
        (TypeKind::Dialect { name: na, params: pa, .. }, TypeKind::Dialect { name: nb, params: pb, .. }) => {
            na == nb && pa.len() == pb.len() && pa.iter().zip(pb).all(|(&x, &y)| compatible(ctx, x, y))
        }
        _ => false,
    }
}

/// A tensor type that may hold exactly one boolean: `tensor<i1>`, `tensor<1xi1>`, or a shape
/// whose size is unknown.
pub fn is_single_bool(ctx: &Context, t: Type) -> bool {
    let i1 = match ctx.element_type(t) {
        Some(e) => ctx.int_width(e) == Some(1),
        None => ctx.int_width(t) == Some(1),
    };
    if !i1 {
        return false;
    }
    match ctx.shape(t) {
        Some(shape) => shape.iter().all(|&d| d == 1 || d == DYNAMIC),
        None => true,
    }
}
