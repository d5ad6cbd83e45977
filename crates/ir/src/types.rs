//! Builtin types, MLIR's builtin dialect types.

use crate::{Attribute, Context, Type};

/// The dynamic-dimension marker in shapes, printed `?` (upstream's `ShapedType::kDynamic`).
pub const DYNAMIC: i64 = i64::MIN;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Signedness {
    Signless,
    Signed,
    Unsigned,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FloatKind {
    F16,
    BF16,
    F32,
    F64,
}

impl FloatKind {
    pub fn width(self) -> u32 {
        match self {
            FloatKind::F16 | FloatKind::BF16 => 16,
            FloatKind::F32 => 32,
            FloatKind::F64 => 64,
        }
    }
}

/// The structure of a type. Types are interned: build them with [`Context::intern_type`] or the
/// shorthand constructors on [`Context`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeKind {
    Integer {
        width: u32,
        signedness: Signedness,
    },
    Index,
    Float(FloatKind),
    /// A builtin float type the IR does not compute with (`f8E4M3FN`, `tf32`, `f80`, ...):
    /// kept by its spelling so it parses, prints and compares like upstream.
    OtherFloat(&'static str),
    None,
    Function {
        inputs: Vec<Type>,
        results: Vec<Type>,
    },
    RankedTensor {
        shape: Vec<i64>,
        element: Type,
        encoding: Option<Attribute>,
    },
    UnrankedTensor {
        element: Type,
    },
    /// `layout` is `None` for the identity layout; otherwise a strided or affine-map attribute.
    MemRef {
        shape: Vec<i64>,
        element: Type,
        layout: Option<Attribute>,
        memory_space: Option<Attribute>,
    },
    UnrankedMemRef {
        element: Type,
        memory_space: Option<Attribute>,
    },
    Vector {
        shape: Vec<i64>,
        scalable: Vec<bool>,
        element: Type,
    },
    Complex {
        element: Type,
    },
    Tuple(Vec<Type>),
    /// A dialect type whose body parses as a list of types, such as `!onnx.seq<tensor<?xf32>>`.
    Dialect {
        dialect: String,
        name: String,
        params: Vec<Type>,
    },
    /// Any other dialect type, kept as its textual body (`!llvm.ptr`, `!foo<"x">`).
    Opaque {
        dialect: String,
        body: String,
    },
}

impl Context {
    pub fn intern_type(&mut self, kind: TypeKind) -> Type {
        self.types.intern(kind)
    }

    pub fn type_kind(&self, ty: Type) -> &TypeKind {
        self.types.get(ty)
    }

    pub fn integer_type(&mut self, width: u32) -> Type {
        self.intern_type(TypeKind::Integer { width, signedness: Signedness::Signless })
    }

    pub fn i1_type(&mut self) -> Type {
        self.integer_type(1)
    }

    pub fn index_type(&mut self) -> Type {
        self.intern_type(TypeKind::Index)
    }

    pub fn float_type(&mut self, kind: FloatKind) -> Type {
        self.intern_type(TypeKind::Float(kind))
    }

    pub fn none_type(&mut self) -> Type {
        self.intern_type(TypeKind::None)
    }

    pub fn function_type(&mut self, inputs: Vec<Type>, results: Vec<Type>) -> Type {
        self.intern_type(TypeKind::Function { inputs, results })
    }

    pub fn tensor_type(&mut self, shape: Vec<i64>, element: Type) -> Type {
        self.intern_type(TypeKind::RankedTensor { shape, element, encoding: None })
    }

    pub fn memref_type(&mut self, shape: Vec<i64>, element: Type) -> Type {
        self.intern_type(TypeKind::MemRef { shape, element, layout: None, memory_space: None })
    }

    // Queries. They take `&self` and a handle so passes can ask without matching on TypeKind.

    /// Width of a signless/signed/unsigned integer type, `None` for anything else.
    pub fn int_width(&self, ty: Type) -> Option<u32> {
        match self.type_kind(ty) {
            TypeKind::Integer { width, .. } => Some(*width),
            _ => None,
        }
    }

    pub fn is_integer(&self, ty: Type) -> bool {
        matches!(self.type_kind(ty), TypeKind::Integer { .. })
    }

    pub fn is_signless_integer(&self, ty: Type) -> bool {
        matches!(self.type_kind(ty), TypeKind::Integer { signedness: Signedness::Signless, .. })
    }

    pub fn is_index(&self, ty: Type) -> bool {
        matches!(self.type_kind(ty), TypeKind::Index)
    }

    /// Signless integer or index: the types `arith` integer ops and `scf.for` bounds accept.
    pub fn is_signless_int_or_index(&self, ty: Type) -> bool {
        self.is_signless_integer(ty) || self.is_index(ty)
    }

    pub fn float_kind(&self, ty: Type) -> Option<FloatKind> {
        match self.type_kind(ty) {
            TypeKind::Float(k) => Some(*k),
            _ => None,
        }
    }

    pub fn is_float(&self, ty: Type) -> bool {
        matches!(self.type_kind(ty), TypeKind::Float(_) | TypeKind::OtherFloat(_))
    }

    /// The bit width of any builtin float type, including the ones kept by name.
    pub fn float_width(&self, ty: Type) -> Option<u32> {
        match self.type_kind(ty) {
            TypeKind::Float(k) => Some(k.width()),
            TypeKind::OtherFloat(name) => other_float(name).map(|(_, w)| w),
            _ => None,
        }
    }

    /// The element type of a shaped type (tensor, memref, vector), or the type itself.
    pub fn element_type_or_self(&self, ty: Type) -> Type {
        self.element_type(ty).unwrap_or(ty)
    }

    pub fn element_type(&self, ty: Type) -> Option<Type> {
        match self.type_kind(ty) {
            TypeKind::RankedTensor { element, .. }
            | TypeKind::UnrankedTensor { element }
            | TypeKind::MemRef { element, .. }
            | TypeKind::UnrankedMemRef { element, .. }
            | TypeKind::Vector { element, .. } => Some(*element),
            _ => None,
        }
    }

    /// The shape of a ranked shaped type; `None` when unranked or not shaped.
    pub fn shape(&self, ty: Type) -> Option<&[i64]> {
        match self.type_kind(ty) {
            TypeKind::RankedTensor { shape, .. } | TypeKind::MemRef { shape, .. } | TypeKind::Vector { shape, .. } => {
                Some(shape)
            }
            _ => None,
        }
    }

    pub fn is_tensor(&self, ty: Type) -> bool {
        matches!(self.type_kind(ty), TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. })
    }

    pub fn is_memref(&self, ty: Type) -> bool {
        matches!(self.type_kind(ty), TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. })
    }

    pub fn is_vector(&self, ty: Type) -> bool {
        matches!(self.type_kind(ty), TypeKind::Vector { .. })
    }

    pub fn function_signature(&self, ty: Type) -> Option<(&[Type], &[Type])> {
        match self.type_kind(ty) {
            TypeKind::Function { inputs, results } => Some((inputs, results)),
            _ => None,
        }
    }

    /// Replace the element type of a shaped type, keeping its shape (used to build `i1` masks
    /// for vector and tensor comparisons).
    pub fn with_element_type(&mut self, ty: Type, element: Type) -> Type {
        let kind = match self.type_kind(ty).clone() {
            TypeKind::RankedTensor { shape, encoding, .. } => TypeKind::RankedTensor { shape, element, encoding },
            TypeKind::UnrankedTensor { .. } => TypeKind::UnrankedTensor { element },
            TypeKind::MemRef { shape, layout, memory_space, .. } => {
                TypeKind::MemRef { shape, element, layout, memory_space }
            }
            TypeKind::UnrankedMemRef { memory_space, .. } => TypeKind::UnrankedMemRef { element, memory_space },
            TypeKind::Vector { shape, scalable, .. } => TypeKind::Vector { shape, scalable, element },
            _ => return element,
        };
        self.intern_type(kind)
    }
}

/// Builtin float types without a [`FloatKind`], with their storage widths (upstream's
/// `FloatType::getWidth`).
const OTHER_FLOATS: &[(&str, u32)] = &[
    ("f4E2M1FN", 4),
    ("f6E2M3FN", 6),
    ("f6E3M2FN", 6),
    ("f8E5M2", 8),
    ("f8E4M3", 8),
    ("f8E4M3FN", 8),
    ("f8E5M2FNUZ", 8),
    ("f8E4M3FNUZ", 8),
    ("f8E4M3B11FNUZ", 8),
    ("f8E3M4", 8),
    ("f8E8M0FNU", 8),
    ("tf32", 19),
    ("f80", 80),
    ("f128", 128),
];

/// Looks up a float type spelling that has no [`FloatKind`]; the returned name is `'static`
/// so [`TypeKind::OtherFloat`] stays cheap to intern.
pub fn other_float(name: &str) -> Option<(&'static str, u32)> {
    OTHER_FLOATS.iter().find(|(n, _)| *n == name).copied()
}
