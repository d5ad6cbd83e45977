//! How Flowgate types map to Cranelift values and to the C ABI (DESIGN.md §7).
//!
//! Inside a function every scalar is one Cranelift value and a memref is its strided descriptor
//! spread over `3 + 2 * rank` values (allocated, aligned, offset, sizes, strides). `i1` lives in
//! an `i8` holding 0 or 1, which is also C's `bool`. At a function boundary a memref is a pointer
//! to the descriptor in memory, and a function with several results (or a memref result)
//! returns a C struct through a caller-provided pointer.

use cranelift_codegen::ir::{types, AbiParam, ArgumentPurpose, Signature, Type as ClType};
use cranelift_codegen::isa::CallConv;
use flowgate_ir::{Context, FloatKind, Signedness, Type, TypeKind};

/// A scalar type the backend handles.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Scalar {
    /// A signless integer of width 1, 8, 16, 32 or 64.
    Int(u32),
    Index,
    F32,
    F64,
}

impl Scalar {
    pub fn cl_type(self) -> ClType {
        match self {
            Scalar::Int(1) | Scalar::Int(8) => types::I8,
            Scalar::Int(16) => types::I16,
            Scalar::Int(32) => types::I32,
            Scalar::Int(_) | Scalar::Index => types::I64,
            Scalar::F32 => types::F32,
            Scalar::F64 => types::F64,
        }
    }

    /// Bytes in memory (memref elements, struct fields); `i1` takes a byte as C's `bool` does.
    pub fn size(self) -> u32 {
        self.cl_type().bytes()
    }

    /// The integer width, counting `index` as 64 bits; `None` for floats.
    pub fn int_width(self) -> Option<u32> {
        match self {
            Scalar::Int(w) => Some(w),
            Scalar::Index => Some(64),
            _ => None,
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, Scalar::F32 | Scalar::F64)
    }

    pub fn c_type(self) -> &'static str {
        match self {
            Scalar::Int(1) => "bool",
            Scalar::Int(8) => "int8_t",
            Scalar::Int(16) => "int16_t",
            Scalar::Int(32) => "int32_t",
            Scalar::Int(_) | Scalar::Index => "int64_t",
            Scalar::F32 => "float",
            Scalar::F64 => "double",
        }
    }

    /// A short spelling for generated C names (`f32`, `i64`, `index`).
    pub fn mnemonic(self) -> String {
        match self {
            Scalar::Int(w) => format!("i{w}"),
            Scalar::Index => "index".into(),
            Scalar::F32 => "f32".into(),
            Scalar::F64 => "f64".into(),
        }
    }
}

/// A value kind: a scalar or a ranked memref.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Scalar(Scalar),
    MemRef { rank: usize, elem: Scalar },
}

/// Words (8 bytes each) of a rank-`rank` descriptor.
pub fn descriptor_words(rank: usize) -> usize {
    3 + 2 * rank
}

impl Kind {
    /// How many Cranelift values represent one value of this kind.
    pub fn parts(self) -> usize {
        match self {
            Kind::Scalar(_) => 1,
            Kind::MemRef { rank, .. } => descriptor_words(rank),
        }
    }

    /// The Cranelift types of the parts (pointers and integers are 64-bit).
    pub fn part_types(self) -> Vec<ClType> {
        match self {
            Kind::Scalar(s) => vec![s.cl_type()],
            Kind::MemRef { rank, .. } => vec![types::I64; descriptor_words(rank)],
        }
    }

    /// Size and alignment in a C struct.
    pub fn size_align(self) -> (u32, u32) {
        match self {
            Kind::Scalar(s) => (s.size(), s.size()),
            Kind::MemRef { rank, .. } => (8 * descriptor_words(rank) as u32, 8),
        }
    }
}

/// Classify a scalar type; `None` when the backend does not handle it.
pub fn scalar_of(ctx: &Context, ty: Type) -> Option<Scalar> {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, signedness: Signedness::Signless } if matches!(width, 1 | 8 | 16 | 32 | 64) => {
            Some(Scalar::Int(*width))
        }
        TypeKind::Index => Some(Scalar::Index),
        TypeKind::Float(FloatKind::F32) => Some(Scalar::F32),
        TypeKind::Float(FloatKind::F64) => Some(Scalar::F64),
        _ => None,
    }
}

/// Classify a type; `None` when the backend does not handle it.
pub fn kind_of(ctx: &Context, ty: Type) -> Option<Kind> {
    match ctx.type_kind(ty) {
        TypeKind::MemRef { shape, element, .. } => {
            Some(Kind::MemRef { rank: shape.len(), elem: scalar_of(ctx, *element)? })
        }
        _ => scalar_of(ctx, ty).map(Kind::Scalar),
    }
}

/// Field offsets of the result struct, in order, and its size. Structs of 16 bytes or less are
/// padded to 24 so that every supported target (x86_64 SysV, AArch64 AAPCS64, RISC-V LP64D)
/// returns them through memory, the one struct-return convention Cranelift implements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StructLayout {
    pub offsets: Vec<u32>,
    pub size: u32,
    /// Bytes of explicit trailing padding the header must declare.
    pub pad: u32,
}

pub fn struct_layout(fields: &[Kind]) -> StructLayout {
    let mut offsets = Vec::with_capacity(fields.len());
    let mut off = 0u32;
    let mut align = 1u32;
    for f in fields {
        let (s, a) = f.size_align();
        off = off.div_ceil(a) * a;
        offsets.push(off);
        off += s;
        align = align.max(a);
    }
    let mut pad = 0;
    if off <= 16 {
        pad = 24 - off;
        off = 24;
    }
    let size = off.div_ceil(align) * align;
    StructLayout { offsets, size, pad }
}

/// The lowered signature of one `func.func`.
#[derive(Clone, Debug)]
pub struct FuncAbi {
    pub params: Vec<Kind>,
    pub results: Vec<Kind>,
    /// Set when results come back through a struct in memory.
    pub sret: Option<StructLayout>,
}

impl FuncAbi {
    pub fn new(params: Vec<Kind>, results: Vec<Kind>) -> Self {
        let needs_struct = results.len() > 1 || results.iter().any(|k| matches!(k, Kind::MemRef { .. }));
        let sret = needs_struct.then(|| struct_layout(&results));
        FuncAbi { params, results, sret }
    }

    pub fn signature(&self, call_conv: CallConv) -> Signature {
        let mut sig = Signature::new(call_conv);
        if self.sret.is_some() {
            sig.params.push(AbiParam::special(types::I64, ArgumentPurpose::StructReturn));
        }
        for p in &self.params {
            sig.params.push(abi_param(*p));
        }
        if self.sret.is_none() {
            for r in &self.results {
                sig.returns.push(abi_param(*r));
            }
        }
        sig
    }
}

/// Narrow integers are extended by the caller as C compilers expect (`bool` zero-, `int8_t`
/// and `int16_t` sign-extended), so C code and Cranelift code interoperate either way.
fn abi_param(k: Kind) -> AbiParam {
    match k {
        Kind::Scalar(Scalar::Int(1)) => AbiParam::new(types::I8).uext(),
        Kind::Scalar(s @ Scalar::Int(8 | 16)) => AbiParam::new(s.cl_type()).sext(),
        Kind::Scalar(s) => AbiParam::new(s.cl_type()),
        Kind::MemRef { .. } => AbiParam::new(types::I64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_structs_are_padded_to_memory_size() {
        let l = struct_layout(&[Kind::Scalar(Scalar::Int(32)), Kind::Scalar(Scalar::F64)]);
        assert_eq!(l.offsets, vec![0, 8]);
        assert_eq!(l.size, 24);
        assert_eq!(l.pad, 8);
        let m = struct_layout(&[Kind::MemRef { rank: 1, elem: Scalar::F32 }, Kind::Scalar(Scalar::Int(1))]);
        assert_eq!(m.offsets, vec![0, 40]);
        assert_eq!(m.size, 48);
        assert_eq!(m.pad, 0);
    }
}
