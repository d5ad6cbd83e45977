//! ONNX value types in the IR: tensors are builtin tensors; sequences and optionals are
//! `!onnx.seq<T>` and `!onnx.opt<T>`.

use flowgate_ir::{Context, Type, TypeKind, DYNAMIC};

pub fn seq_type(ctx: &mut Context, element: Type) -> Type {
    ctx.intern_type(TypeKind::Dialect { dialect: "onnx".into(), name: "seq".into(), params: vec![element] })
}

pub fn opt_type(ctx: &mut Context, element: Type) -> Type {
    ctx.intern_type(TypeKind::Dialect { dialect: "onnx".into(), name: "opt".into(), params: vec![element] })
}

/// `!onnx.unknown`: the type of a value whose type the importer could not determine (the
/// result of an unknown operator without `value_info`). It is compatible with every type, so
/// the contracts still hold, and `--onnx-shape-inference` or a later pass may refine it.
pub fn unknown_type(ctx: &mut Context) -> Type {
    ctx.intern_type(TypeKind::Opaque { dialect: "onnx".into(), body: "unknown".into() })
}

/// `!onnx.string`: the element type of string tensors, which only the runtime holds.
pub fn string_type(ctx: &mut Context) -> Type {
    ctx.intern_type(TypeKind::Opaque { dialect: "onnx".into(), body: "string".into() })
}

pub fn is_string(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Opaque { dialect, body } if dialect == "onnx" && body == "string")
}

/// A tensor type whose elements are strings.
pub fn is_string_tensor(ctx: &Context, t: Type) -> bool {
    ctx.element_type(t).is_some_and(|e| is_string(ctx, e))
}

pub fn is_unknown(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Opaque { dialect, body } if dialect == "onnx" && body == "unknown")
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
    if a == b || is_unknown(ctx, a) || is_unknown(ctx, b) {
        return true;
    }
    // ONNX lets a `T` flow where `optional(T)` is declared (backend test
    // `test_loop16_seq_none` carries `optional(seq)` into a body that yields `seq`).
    match (opt_element(ctx, a), opt_element(ctx, b)) {
        (Some(x), None) => return compatible(ctx, x, b),
        (None, Some(y)) => return compatible(ctx, a, y),
        _ => {}
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
    if is_unknown(ctx, t) {
        return true;
    }
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
