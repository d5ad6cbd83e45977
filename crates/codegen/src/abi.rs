//! How Flowgate types map to values and to the C ABI (DESIGN.md §7), for every backend.
//!
//! Inside a function every scalar is one backend value and a memref is its strided descriptor
//! spread over `3 + 2 * rank` values (allocated, aligned, offset, sizes, strides). In memory
//! `i1` takes a byte holding 0 or 1, which is C's `bool`. At a function boundary a memref is a
//! pointer to the descriptor in memory, and a function with several results (or a memref
//! result) returns a C struct, in registers or through a caller-provided pointer as the target's
//! C ABI returns a struct of that shape ([`classify_struct`]). Backends turn this classification
//! into their own signatures; none classifies on its own.

use flowgate_ir::{Context, FloatKind, Signedness, Type, TypeKind};

/// A scalar type the backend handles.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Scalar {
    /// A signless integer of width 1, 8, 16, 32 or 64.
    Int(u32),
    Index,
    F32,
    F64,
    /// `!llvm.ptr`: an opaque pointer, such as a runtime value handle (crates/runtime).
    Ptr,
}

impl Scalar {
    /// Bytes in memory (memref elements, struct fields); `i1` takes a byte as C's `bool` does.
    pub fn size(self) -> u32 {
        match self {
            Scalar::Int(1) | Scalar::Int(8) => 1,
            Scalar::Int(16) => 2,
            Scalar::Int(32) | Scalar::F32 => 4,
            Scalar::Int(_) | Scalar::Index | Scalar::Ptr | Scalar::F64 => 8,
        }
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
            Scalar::Ptr => "void *",
            Scalar::F32 => "float",
            Scalar::F64 => "double",
        }
    }

    /// A short spelling for generated C names (`f32`, `i64`, `index`).
    pub fn mnemonic(self) -> String {
        match self {
            Scalar::Int(w) => format!("i{w}"),
            Scalar::Index => "index".into(),
            Scalar::Ptr => "ptr".into(),
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
    /// How many backend values represent one value of this kind.
    pub fn parts(self) -> usize {
        match self {
            Kind::Scalar(_) => 1,
            Kind::MemRef { rank, .. } => descriptor_words(rank),
        }
    }

    /// The scalar type of each part: a descriptor is two pointers, then `index` values.
    pub fn part_scalars(self) -> Vec<Scalar> {
        match self {
            Kind::Scalar(s) => vec![s],
            Kind::MemRef { rank, .. } => {
                let mut v = vec![Scalar::Ptr, Scalar::Ptr];
                v.extend(std::iter::repeat_n(Scalar::Index, 1 + 2 * rank));
                v
            }
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
        TypeKind::Opaque { dialect, body } if dialect == "llvm" && body == "ptr" => Some(Scalar::Ptr),
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

/// Field offsets of a result struct, in order, and its size, laid out as a C compiler does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StructLayout {
    pub offsets: Vec<u32>,
    pub size: u32,
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
    StructLayout { offsets, size: off.div_ceil(align) * align }
}

/// The calling conventions this backend implements (64-bit only).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Arch {
    /// System V AMD64 (Linux, macOS).
    X86_64,
    /// AAPCS64.
    Aarch64,
    /// RISC-V LP64D.
    Riscv64,
}

/// One register of a struct returned in registers: its type (`i64` for an integer register
/// holding several fields or a lone field's own type, `f32`/`f64` for a float register) and
/// the fields it carries with their byte offsets inside the register.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub ty: Scalar,
    pub fields: Vec<(usize, u32)>,
}

impl Piece {
    /// Where the piece starts in the struct: its first field's offset minus that field's
    /// position inside the register.
    pub fn offset(&self, layout: &StructLayout) -> u32 {
        match self.fields.first() {
            Some(&(i, inner)) => layout.offsets.get(i).copied().unwrap_or(0).saturating_sub(inner),
            None => 0,
        }
    }
}

/// How a result struct comes back, following each target's C ABI for a struct of that shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StructReturn {
    /// Through a caller-provided pointer (the first parameter).
    Memory,
    /// In registers, one return value per piece.
    Registers(Vec<Piece>),
}

/// Classify a struct of scalar fields for return (memref fields make it large: memory).
pub fn classify_struct(fields: &[Kind], layout: &StructLayout, arch: Arch) -> StructReturn {
    let scalars: Option<Vec<Scalar>> =
        fields.iter().map(|k| if let Kind::Scalar(s) = k { Some(*s) } else { None }).collect();
    let Some(scalars) = scalars else { return StructReturn::Memory };
    let float_piece = |i: usize| Piece { ty: scalars[i], fields: vec![(i, 0)] };
    match arch {
        Arch::Aarch64 => {
            // A homogeneous floating-point aggregate of up to four members: one register each.
            let first = scalars[0];
            if first.is_float() && scalars.len() <= 4 && scalars.iter().all(|&s| s == first) {
                return StructReturn::Registers((0..scalars.len()).map(float_piece).collect());
            }
        }
        Arch::Riscv64 => {
            // Two fields with at least one float: floats in fa registers, an integer in an a
            // register, each on its own.
            if let [a, b] = scalars[..] {
                if a.is_float() || b.is_float() {
                    return StructReturn::Registers(vec![float_piece(0), float_piece(1)]);
                }
            }
        }
        Arch::X86_64 => {}
    }
    if layout.size > 16 {
        return StructReturn::Memory;
    }
    // Eightbytes: all-float ones go in SSE registers on x86-64, everything else in integer
    // registers as the struct's bytes.
    let mut pieces = Vec::new();
    for eb in 0..layout.size.div_ceil(8) {
        let fields: Vec<(usize, u32)> =
            (0..scalars.len()).filter(|&i| layout.offsets[i] / 8 == eb).map(|i| (i, layout.offsets[i] % 8)).collect();
        let all_float = fields.iter().all(|&(i, _)| scalars[i].is_float());
        let ty = match (arch, all_float, &fields[..]) {
            (Arch::X86_64, true, [(i, 0)]) => scalars[*i],
            (Arch::X86_64, true, _) => Scalar::F64,
            _ => Scalar::Int(64),
        };
        pieces.push(Piece { ty, fields });
    }
    StructReturn::Registers(pieces)
}

/// The lowered signature of one `func.func`.
#[derive(Clone, Debug)]
pub struct FuncAbi {
    pub params: Vec<Kind>,
    pub results: Vec<Kind>,
    /// The C struct of the results, when there are several (or a memref among them).
    pub result_struct: Option<(StructLayout, StructReturn)>,
}

impl FuncAbi {
    pub fn new(params: Vec<Kind>, results: Vec<Kind>, arch: Arch) -> Self {
        let needs_struct = results.len() > 1 || results.iter().any(|k| matches!(k, Kind::MemRef { .. }));
        let result_struct = needs_struct.then(|| {
            let layout = struct_layout(&results);
            let conv = classify_struct(&results, &layout, arch);
            (layout, conv)
        });
        FuncAbi { params, results, result_struct }
    }

    /// The layout of the result struct when it comes back through memory.
    pub fn sret(&self) -> Option<&StructLayout> {
        match &self.result_struct {
            Some((l, StructReturn::Memory)) => Some(l),
            _ => None,
        }
    }

    /// The registers of a result struct returned in registers.
    pub fn reg_pieces(&self) -> Option<&[Piece]> {
        match &self.result_struct {
            Some((_, StructReturn::Registers(p))) => Some(p),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(ws: &[u32]) -> Vec<Kind> {
        ws.iter().map(|&w| Kind::Scalar(Scalar::Int(w))).collect()
    }

    #[test]
    fn layouts_follow_c() {
        let l = struct_layout(&[Kind::Scalar(Scalar::Int(32)), Kind::Scalar(Scalar::F64)]);
        assert_eq!((l.offsets, l.size), (vec![0, 8], 16));
        let m = struct_layout(&[Kind::MemRef { rank: 1, elem: Scalar::F32 }, Kind::Scalar(Scalar::Int(1))]);
        assert_eq!((m.offsets, m.size), (vec![0, 40], 48));
    }

    #[test]
    fn struct_return_classification() {
        let f = |k: &[Kind], arch| classify_struct(k, &struct_layout(k), arch);
        let two_i32 = ints(&[32, 32]);
        let one_reg = StructReturn::Registers(vec![Piece { ty: Scalar::Int(64), fields: vec![(0, 0), (1, 4)] }]);
        for arch in [Arch::X86_64, Arch::Aarch64, Arch::Riscv64] {
            assert_eq!(f(&two_i32, arch), one_reg);
            assert_eq!(f(&ints(&[64, 64, 64]), arch), StructReturn::Memory);
        }
        let ff = vec![Kind::Scalar(Scalar::F32); 2];
        let packed = StructReturn::Registers(vec![Piece { ty: Scalar::F64, fields: vec![(0, 0), (1, 4)] }]);
        assert_eq!(f(&ff, Arch::X86_64), packed);
        let separate = StructReturn::Registers(vec![
            Piece { ty: Scalar::F32, fields: vec![(0, 0)] },
            Piece { ty: Scalar::F32, fields: vec![(1, 0)] },
        ]);
        assert_eq!(f(&ff, Arch::Aarch64), separate);
        assert_eq!(f(&ff, Arch::Riscv64), separate);
        // Four doubles: an HFA in registers on AArch64 only.
        let d4 = vec![Kind::Scalar(Scalar::F64); 4];
        assert!(matches!(f(&d4, Arch::Aarch64), StructReturn::Registers(p) if p.len() == 4));
        assert_eq!(f(&d4, Arch::X86_64), StructReturn::Memory);
    }
}
