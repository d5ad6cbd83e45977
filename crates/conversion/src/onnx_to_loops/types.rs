//! How ONNX values are represented after the lowering.
//!
//! A rank-0 tensor (f32, f64, signed or unsigned integers, bool; float16/bfloat16 as an f32
//! holding a value of their precision) becomes an SSA scalar, so a loop over scalars runs in
//! registers. Everything else (a tensor of rank >= 1 or unknown rank, a sequence, an optional)
//! becomes an opaque `!llvm.ptr` handle to a reference-counted runtime value (crates/runtime).

use flowgate_ir::{Context, FloatKind, Signedness, Type, TypeKind};

/// The element type of an ONNX tensor, as the lowering needs it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Elem {
    Float(FloatKind),
    SInt(u32),
    UInt(u32),
    Bool,
}

impl Elem {
    /// The ONNX `TensorProto.DataType` code.
    pub(crate) fn dtype(self) -> i32 {
        match self {
            Elem::Float(FloatKind::F32) => 1,
            Elem::UInt(8) => 2,
            Elem::SInt(8) => 3,
            Elem::UInt(16) => 4,
            Elem::SInt(16) => 5,
            Elem::SInt(32) => 6,
            Elem::SInt(64) => 7,
            Elem::Bool => 9,
            Elem::Float(FloatKind::F16) => 10,
            Elem::Float(FloatKind::F64) => 11,
            Elem::UInt(32) => 12,
            Elem::UInt(64) => 13,
            Elem::Float(FloatKind::BF16) => 16,
            _ => 0,
        }
    }

    /// float16/bfloat16 (a register of them is an `f32` holding a value of their precision):
    /// computed in f32 and rounded to their precision after each op.
    pub(crate) fn narrow(self) -> Option<FloatKind> {
        match self {
            Elem::Float(k @ (FloatKind::F16 | FloatKind::BF16)) => Some(k),
            _ => None,
        }
    }

    pub(crate) fn is_float(self) -> bool {
        matches!(self, Elem::Float(_))
    }

    pub(crate) fn is_unsigned(self) -> bool {
        matches!(self, Elem::UInt(_))
    }

    /// The signless scalar type compiled code uses for it (`f32` for float16/bfloat16).
    pub(crate) fn scalar_type(self, ctx: &mut Context) -> Type {
        match self {
            Elem::Float(FloatKind::F16 | FloatKind::BF16) => ctx.float_type(FloatKind::F32),
            Elem::Float(k) => ctx.float_type(k),
            Elem::SInt(w) | Elem::UInt(w) => ctx.integer_type(w),
            Elem::Bool => ctx.i1_type(),
        }
    }
}

/// The element of a builtin integer or float type.
pub(crate) fn elem_of_scalar_type(ctx: &Context, t: Type) -> Option<Elem> {
    match ctx.type_kind(t) {
        TypeKind::Float(k) => Some(Elem::Float(*k)),
        TypeKind::Integer { width: 1, .. } => Some(Elem::Bool),
        TypeKind::Integer { width, signedness: Signedness::Unsigned } if matches!(width, 8 | 16 | 32 | 64) => {
            Some(Elem::UInt(*width))
        }
        TypeKind::Integer { width, .. } if matches!(width, 8 | 16 | 32 | 64) => Some(Elem::SInt(*width)),
        _ => None,
    }
}

/// The element of a tensor type (ranked or not).
pub(crate) fn tensor_elem(ctx: &Context, t: Type) -> Option<Elem> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { element, .. } | TypeKind::UnrankedTensor { element } => {
            elem_of_scalar_type(ctx, *element)
        }
        _ => None,
    }
}

/// The ONNX code of a tensor type's element when it is a storage-only type (float8, float4,
/// int4, int2): such values are always handles, and only the runtime converts them.
pub(crate) fn small_code(ctx: &Context, t: Type) -> Option<i32> {
    let element = match ctx.type_kind(t) {
        TypeKind::RankedTensor { element, .. } | TypeKind::UnrankedTensor { element } => *element,
        _ => t,
    };
    flowgate_onnx::dtype::dtype_code(ctx, element).filter(|&c| flowgate_onnx::dtype::is_small_code(c))
}

/// The static rank of a tensor type, if known.
pub(crate) fn tensor_rank(ctx: &Context, t: Type) -> Option<usize> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } => Some(shape.len()),
        _ => None,
    }
}

/// The static shape of a ranked tensor type (`types::DYNAMIC` for `?`).
pub(crate) fn tensor_shape(ctx: &Context, t: Type) -> Option<Vec<i64>> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } => Some(shape.clone()),
        _ => None,
    }
}

/// The scalar element when a value of ONNX type `t` lives in a register.
pub(crate) fn scalar_elem(ctx: &Context, t: Type) -> Option<Elem> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } if shape.is_empty() => tensor_elem(ctx, t),
        _ => None,
    }
}

/// Whether `t` is a value of ONNX (tensor, sequence, optional or unknown) or already a handle.
pub(crate) fn is_onnx_value_type(ctx: &Context, t: Type) -> bool {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. } => true,
        TypeKind::Dialect { dialect, .. } | TypeKind::Opaque { dialect, .. } => dialect == "onnx",
        _ => false,
    }
}

pub(crate) fn ptr_type(ctx: &mut Context) -> Type {
    ctx.intern_type(TypeKind::Opaque { dialect: "llvm".into(), body: "ptr".into() })
}

pub(crate) fn is_ptr(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Opaque { dialect, body } if dialect == "llvm" && body == "ptr")
}

/// The type a value of ONNX type `t` has after the lowering; `None` when `t` is not an ONNX
/// value type (scalars, index, none stay as they are).
pub(crate) fn lowered_type(ctx: &mut Context, t: Type) -> Option<Type> {
    if !is_onnx_value_type(ctx, t) {
        return None;
    }
    Some(match scalar_elem(ctx, t) {
        Some(e) => e.scalar_type(ctx),
        None => ptr_type(ctx),
    })
}
