//! Builtin attributes.

use crate::{Context, Symbol, Type};

/// Payload of a dense elements attribute. `Splat` holds one element for the whole shape.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DenseElements {
    /// Integer and bool elements, one `i128` each so every width up to 64 bits (and `ui64`) fits.
    Ints(Vec<i128>),
    /// Float elements as the bits of an `f64`, which holds every f16/bf16/f32 value exactly.
    Floats(Vec<u64>),
    /// Elements given as raw little-endian bytes (`dense<"0x...">` in the text), kept as bytes:
    /// model weights pass from the importer to code generation with no hex text between
    /// (encoding and decoding it was a tenth of a Silero VAD compile).
    Hex(Vec<u8>),
    /// String elements (`dense<["a", "b"]>`).
    Strings(Vec<String>),
}

impl DenseElements {
    pub fn len(&self) -> usize {
        match self {
            DenseElements::Ints(v) => v.len(),
            DenseElements::Floats(v) => v.len(),
            DenseElements::Strings(v) => v.len(),
            DenseElements::Hex(_) => 0,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The structure of an attribute; interned like types.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AttrKind {
    Unit,
    /// An integer of the given integer or index type.
    Integer {
        value: i128,
        ty: Type,
    },
    /// A float stored as the bits of an `f64`, with the float type that gives its precision.
    Float {
        bits: u64,
        ty: Type,
    },
    String(String),
    /// A string attribute with an explicit type (`"x" : i32`); untyped strings use `String`.
    TypedString(String, Type),
    Type(Type),
    Array(Vec<crate::Attribute>),
    /// Sorted by name, as upstream keeps dictionaries.
    Dictionary(Vec<(Symbol, crate::Attribute)>),
    /// `dense<...> : type`, splat when `splat` is set.
    DenseElements {
        ty: Type,
        splat: bool,
        data: DenseElements,
    },
    /// `array<i64: 1, 2>`: element type and values (floats as f64 bits).
    DenseArray {
        element: Type,
        values: Vec<i128>,
    },
    /// `@root::@nested...`
    SymbolRef {
        root: Symbol,
        nested: Vec<Symbol>,
    },
    /// `strided<[s0, s1], offset: o>` with `types::DYNAMIC` for `?`.
    Strided {
        strides: Vec<i64>,
        offset: i64,
    },
    /// `affine_map<...>`, `affine_set<...>`: kept as text between the angle brackets.
    AffineMap(String),
    AffineSet(String),
    /// `#dialect.name<params>` or `#dialect<...>` kept as text, e.g. `#arith.fastmath<fast>`.
    Opaque {
        dialect: String,
        body: String,
    },
    /// A location used as an attribute (`loc(...)`), e.g. inside fused locations' metadata.
    Location(crate::Location),
    /// `dense_resource<name> : type`: elements held in a blob of the file's
    /// `{-# dialect_resources: { builtin: { name: "0x..." } } #-}` section
    /// ([`Context::resource_blob`]).
    DenseResource {
        ty: Type,
        name: String,
    },
    /// `sparse<indices, values> : type`: the `DenseElements` of the indices (`i64`, one row
    /// of `rank` indices per value, or a splat) and of the values (1-d), checked as upstream's
    /// SparseElementsAttr.
    Sparse {
        ty: Type,
        indices: crate::Attribute,
        values: crate::Attribute,
    },
    /// `distinct[id]<attr>`: a distinct identity around `referenced` (`Unit` when written
    /// `distinct[id]<>`). Within one parsed file the same id is the same attribute.
    Distinct {
        id: u64,
        referenced: crate::Attribute,
    },
}

/// A blob of the `builtin` dialect resources: its alignment and bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceBlob {
    pub alignment: u32,
    pub data: Vec<u8>,
}

impl Context {
    pub fn intern_attr(&mut self, kind: AttrKind) -> crate::Attribute {
        self.attrs.intern(kind)
    }

    pub fn attr_kind(&self, attr: crate::Attribute) -> &AttrKind {
        self.attrs.get(attr)
    }

    pub fn unit_attr(&mut self) -> crate::Attribute {
        self.intern_attr(AttrKind::Unit)
    }

    /// Upstream's BoolAttr is an `i1` IntegerAttr; keeping one representation makes `true` and
    /// `1 : i1` the same handle.
    pub fn bool_attr(&mut self, value: bool) -> crate::Attribute {
        let i1 = self.i1_type();
        self.intern_attr(AttrKind::Integer { value: value as i128, ty: i1 })
    }

    /// An integer attribute; the value is normalised to the type's width so that equal bit
    /// patterns intern to the same attribute (`-1 : i8` and `255 : i8` are one value).
    pub fn integer_attr(&mut self, value: i128, ty: Type) -> crate::Attribute {
        let value = self.normalize_int(value, ty);
        self.intern_attr(AttrKind::Integer { value, ty })
    }

    pub fn float_attr(&mut self, value: f64, ty: Type) -> crate::Attribute {
        let value = self.round_float(value, ty);
        self.intern_attr(AttrKind::Float { bits: value.to_bits(), ty })
    }

    pub fn string_attr(&mut self, value: &str) -> crate::Attribute {
        self.intern_attr(AttrKind::String(value.to_string()))
    }

    pub fn type_attr(&mut self, ty: Type) -> crate::Attribute {
        self.intern_attr(AttrKind::Type(ty))
    }

    pub fn array_attr(&mut self, items: Vec<crate::Attribute>) -> crate::Attribute {
        self.intern_attr(AttrKind::Array(items))
    }

    pub fn symbol_ref_attr(&mut self, name: &str) -> crate::Attribute {
        let root = self.intern_str(name);
        self.intern_attr(AttrKind::SymbolRef { root, nested: Vec::new() })
    }

    pub fn dense_i32_array_attr(&mut self, values: &[i32]) -> crate::Attribute {
        let element = self.integer_type(32);
        self.intern_attr(AttrKind::DenseArray { element, values: values.iter().map(|&v| v as i128).collect() })
    }

    pub fn dense_i64_array_attr(&mut self, values: &[i64]) -> crate::Attribute {
        let element = self.integer_type(64);
        self.intern_attr(AttrKind::DenseArray { element, values: values.iter().map(|&v| v as i128).collect() })
    }

    pub fn dictionary_attr(&mut self, mut entries: Vec<(Symbol, crate::Attribute)>) -> crate::Attribute {
        entries.sort_by(|a, b| self.str(a.0).cmp(self.str(b.0)));
        self.intern_attr(AttrKind::Dictionary(entries))
    }

    /// Wrap or sign-extend `value` to the width of integer type `ty` (index counts as 64 bits).
    /// Unsigned types keep the zero-extended value, everything else the sign-extended one, which
    /// is how upstream prints them.
    pub fn normalize_int(&self, value: i128, ty: Type) -> i128 {
        use crate::types::{Signedness, TypeKind};
        let (width, unsigned) = match self.type_kind(ty) {
            TypeKind::Integer { width, signedness } => (*width, *signedness == Signedness::Unsigned),
            TypeKind::Index => (64, false),
            _ => return value,
        };
        if width == 0 {
            // `i0` has one value.
            return 0;
        }
        if width >= 128 {
            return value;
        }
        let mask = (1i128 << width) - 1;
        let low = value & mask;
        if unsigned || width == 1 {
            // i1 prints as true/false; keep it 0 or 1.
            low
        } else if low >> (width - 1) & 1 == 1 {
            low - (1i128 << width)
        } else {
            low
        }
    }

    /// Round an f64 to the precision of float type `ty`, so the attribute holds exactly the value
    /// the type can represent.
    pub fn round_float(&self, value: f64, ty: Type) -> f64 {
        use crate::types::FloatKind;
        match self.float_kind(ty) {
            Some(FloatKind::F32) => value as f32 as f64,
            Some(FloatKind::F16) => half::f16::from_f64(value).to_f64(),
            Some(FloatKind::BF16) => half::bf16::from_f64(value).to_f64(),
            _ => value,
        }
    }

    // Accessors that look through the interned handle.

    pub fn attr_as_int(&self, attr: crate::Attribute) -> Option<i128> {
        match self.attr_kind(attr) {
            AttrKind::Integer { value, .. } => Some(*value),
            _ => None,
        }
    }

    pub fn attr_as_float(&self, attr: crate::Attribute) -> Option<f64> {
        match self.attr_kind(attr) {
            AttrKind::Float { bits, .. } => Some(f64::from_bits(*bits)),
            _ => None,
        }
    }

    pub fn attr_as_str(&self, attr: crate::Attribute) -> Option<&str> {
        match self.attr_kind(attr) {
            AttrKind::String(s) | AttrKind::TypedString(s, _) => Some(s),
            _ => None,
        }
    }

    pub fn attr_as_type(&self, attr: crate::Attribute) -> Option<Type> {
        match self.attr_kind(attr) {
            AttrKind::Type(t) => Some(*t),
            _ => None,
        }
    }

    pub fn attr_as_array(&self, attr: crate::Attribute) -> Option<&[crate::Attribute]> {
        match self.attr_kind(attr) {
            AttrKind::Array(v) => Some(v),
            _ => None,
        }
    }

    pub fn attr_as_dense_array(&self, attr: crate::Attribute) -> Option<&[i128]> {
        match self.attr_kind(attr) {
            AttrKind::DenseArray { values, .. } => Some(values),
            _ => None,
        }
    }

    /// The root name of a symbol reference (`@f` gives `f`).
    pub fn attr_as_symbol_ref(&self, attr: crate::Attribute) -> Option<&str> {
        match self.attr_kind(attr) {
            AttrKind::SymbolRef { root, nested } if nested.is_empty() => Some(self.str(*root)),
            _ => None,
        }
    }

    /// The type an attribute carries, for typed attributes (integers, floats, dense elements).
    /// The blob named `name` of the `builtin` dialect resources, if the input had one.
    pub fn resource_blob(&self, name: &str) -> Option<&ResourceBlob> {
        self.resources.get(name)
    }

    /// Add (or replace) a `builtin` dialect resource blob.
    pub fn set_resource_blob(&mut self, name: &str, blob: ResourceBlob) {
        self.resources.insert(name.to_string(), blob);
    }

    /// The names of the blobs, in a stable order (for printing).
    pub fn resource_blob_names(&self) -> Vec<&str> {
        let mut v: Vec<&str> = self.resources.keys().map(String::as_str).collect();
        v.sort_unstable();
        v
    }

    pub fn attr_type(&self, attr: crate::Attribute) -> Option<Type> {
        match self.attr_kind(attr) {
            AttrKind::Integer { ty, .. }
            | AttrKind::Float { ty, .. }
            | AttrKind::DenseElements { ty, .. }
            | AttrKind::DenseResource { ty, .. }
            | AttrKind::Sparse { ty, .. } => Some(*ty),
            _ => None,
        }
    }
}
