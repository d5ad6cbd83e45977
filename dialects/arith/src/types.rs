//! Type constraints of the arith ops, with upstream's ODS descriptions so that diagnostics read
//! the same (`operand #0 must be signless-integer-like, but got 'f32'`).

use flowgate_ir::{Context, Type, TypeKind};

/// What an operand or result may be. "Like" means the scalar itself, or a vector or tensor of it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Class {
    /// Signless integer or index.
    SignlessIntLike,
    /// Signless integer, not index (the sized casts).
    FixedIntLike,
    FloatLike,
    /// `i1`.
    BoolLike,
    /// `index_cast`: signless integer or index, also in memrefs.
    IntLikeOrMemref,
    /// `bitcast`: signless integer or float, also in memrefs (not index).
    IntOrFloatLikeOrMemref,
    Any,
}

impl Class {
    pub fn description(self) -> &'static str {
        match self {
            Class::SignlessIntLike => "signless-integer-like",
            Class::FixedIntLike => "signless-fixed-width-integer-like",
            Class::FloatLike => "floating-point-like",
            Class::BoolLike => "bool-like",
            Class::IntLikeOrMemref => "signless-integer-like or memref of signless-integer",
            Class::IntOrFloatLikeOrMemref => "signless-integer-or-float-like or memref of signless-integer or float",
            Class::Any => "any type",
        }
    }

    pub fn accepts(self, ctx: &Context, ty: Type) -> bool {
        let like = |pred: &dyn Fn(Type) -> bool| match ctx.type_kind(ty) {
            TypeKind::Vector { element, .. }
            | TypeKind::RankedTensor { element, .. }
            | TypeKind::UnrankedTensor { element } => pred(*element),
            _ => pred(ty),
        };
        let memref_elem = match ctx.type_kind(ty) {
            TypeKind::MemRef { element, .. } | TypeKind::UnrankedMemRef { element, .. } => Some(*element),
            _ => None,
        };
        match self {
            Class::SignlessIntLike => like(&|t| ctx.is_signless_int_or_index(t)),
            Class::FixedIntLike => like(&|t| ctx.is_signless_integer(t)),
            Class::FloatLike => like(&|t| ctx.is_float(t)),
            Class::BoolLike => like(&|t| ctx.is_signless_integer(t) && ctx.int_width(t) == Some(1)),
            Class::IntLikeOrMemref => match memref_elem {
                Some(e) => ctx.is_signless_int_or_index(e),
                None => like(&|t| ctx.is_signless_int_or_index(t)),
            },
            Class::IntOrFloatLikeOrMemref => match memref_elem {
                Some(e) => ctx.is_signless_integer(e) || ctx.is_float(e),
                None => like(&|t| ctx.is_signless_integer(t) || ctx.is_float(t)),
            },
            Class::Any => true,
        }
    }
}

/// Vectors and tensors: the types an elementwise op maps over.
pub fn is_mappable(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_kind(ty),
        TypeKind::Vector { .. } | TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }
    )
}

/// Shape of a shaped type for compatibility checks: `None` when unranked.
fn ranked_shape(ctx: &Context, ty: Type) -> Option<(Vec<i64>, Vec<bool>)> {
    match ctx.type_kind(ty) {
        TypeKind::Vector { shape, scalable, .. } => Some((shape.clone(), scalable.clone())),
        TypeKind::RankedTensor { shape, .. } | TypeKind::MemRef { shape, .. } => {
            Some((shape.clone(), vec![false; shape.len()]))
        }
        _ => None,
    }
}

pub fn is_shaped(ctx: &Context, ty: Type) -> bool {
    is_mappable(ctx, ty) || ctx.is_memref(ty)
}

/// Upstream's `verifyCompatibleShapes`: all shaped or all not, equal ranks, and each dimension
/// equal or dynamic; scalable dimensions must agree.
pub fn compatible_shapes(ctx: &Context, tys: &[Type]) -> bool {
    let shaped = tys.iter().filter(|&&t| is_shaped(ctx, t)).count();
    if shaped != 0 && shaped != tys.len() {
        return false;
    }
    let ranked: Vec<_> = tys.iter().filter_map(|&t| ranked_shape(ctx, t)).collect();
    let Some((first, first_sc)) = ranked.first() else { return true };
    ranked.iter().all(|(s, sc)| {
        s.len() == first.len()
            && sc == first_sc
            && s.iter().zip(first).all(|(&a, &b)| a == b || a == flowgate_ir::DYNAMIC || b == flowgate_ir::DYNAMIC)
    })
}

/// The `i1` type of the same shape as `ty` (upstream's `getI1SameShape`), keeping encodings.
pub fn i1_same_shape(ctx: &mut Context, ty: Type) -> Type {
    let i1 = ctx.i1_type();
    if is_shaped(ctx, ty) {
        ctx.with_element_type(ty, i1)
    } else {
        i1
    }
}

/// The scalar bit width used for folding and cast rules: index counts as 64 bits.
pub fn scalar_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Index => Some(64),
        TypeKind::Float(_) | TypeKind::OtherFloat(_) => ctx.float_width(ty),
        _ => None,
    }
}

/// Two types of the same kind of container (for the elementwise "same base type" rule).
pub fn same_container(ctx: &Context, a: Type, b: Type) -> bool {
    std::mem::discriminant(ctx.type_kind(a)) == std::mem::discriminant(ctx.type_kind(b))
}

/// True when `result` is `i1`, or `ty`'s shape (and encoding) with `i1` elements: upstream's
/// `getI1SameShape(ty) == result`, checked structurally so verifiers need not intern.
pub fn is_i1_same_shape(ctx: &Context, ty: Type, result: Type) -> bool {
    let is_i1 = |t: Type| ctx.is_signless_integer(t) && ctx.int_width(t) == Some(1);
    if !is_shaped(ctx, ty) {
        return is_i1(result);
    }
    let (a, b) = (ctx.type_kind(ty), ctx.type_kind(result));
    match (a, b) {
        (
            TypeKind::RankedTensor { shape: s1, encoding: e1, .. },
            TypeKind::RankedTensor { shape: s2, encoding: e2, element },
        ) => s1 == s2 && e1 == e2 && is_i1(*element),
        (TypeKind::UnrankedTensor { .. }, TypeKind::UnrankedTensor { element }) => is_i1(*element),
        (TypeKind::Vector { shape: s1, scalable: c1, .. }, TypeKind::Vector { shape: s2, scalable: c2, element }) => {
            s1 == s2 && c1 == c2 && is_i1(*element)
        }
        (
            TypeKind::MemRef { shape: s1, layout: l1, memory_space: m1, .. },
            TypeKind::MemRef { shape: s2, layout: l2, memory_space: m2, element },
        ) => s1 == s2 && l1 == l2 && m1 == m2 && is_i1(*element),
        _ => false,
    }
}
