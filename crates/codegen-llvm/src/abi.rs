//! DESIGN.md §7's C ABI in LLVM terms. The classification (which results come back in which
//! registers, or through memory) is `flowgate_codegen::abi`, shared so the backends agree; this module turns it into the LLVM types and attributes clang emits for the
//! same C prototype, and LLVM's calling-convention lowering does the rest.
//!
//! Inside a function a scalar is one LLVM value (`i1` stays `i1`, `index` is `i64`) and a
//! memref is its descriptor spread over `3 + 2 * rank` values: two pointers (allocated,
//! aligned), then `i64` offset, sizes and strides.

use flowgate_codegen::abi::{FuncAbi, Kind, Piece, Scalar};
use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::context::Context as LlContext;
use inkwell::types::{BasicMetadataTypeEnum, BasicType, BasicTypeEnum, FunctionType};
use inkwell::values::FunctionValue;
use inkwell::AddressSpace;

/// The integer type of `bits` (1, 8, 16, 32, 64 or 128 bits; anything else gets 128).
pub fn int_type(llc: &LlContext, bits: u32) -> inkwell::types::IntType<'_> {
    match bits {
        1 => llc.bool_type(),
        8 => llc.i8_type(),
        16 => llc.i16_type(),
        32 => llc.i32_type(),
        64 => llc.i64_type(),
        _ => llc.i128_type(),
    }
}

/// The LLVM type of a scalar as an SSA value.
pub fn scalar_type(llc: &LlContext, s: Scalar) -> BasicTypeEnum<'_> {
    match s {
        Scalar::Int(w) => int_type(llc, w).into(),
        Scalar::Index => llc.i64_type().into(),
        Scalar::F32 => llc.f32_type().into(),
        Scalar::F64 => llc.f64_type().into(),
        Scalar::Ptr => llc.ptr_type(AddressSpace::default()).into(),
    }
}

/// The LLVM type of a scalar in memory: `i1` takes a byte, as C's `bool` does.
pub fn memory_type(llc: &LlContext, s: Scalar) -> BasicTypeEnum<'_> {
    match s {
        Scalar::Int(1) => llc.i8_type().into(),
        s => scalar_type(llc, s),
    }
}

/// The types of the parts of a value of `kind` (a descriptor: two `ptr`s, then `i64`s).
pub fn part_types(llc: &LlContext, kind: Kind) -> Vec<BasicTypeEnum<'_>> {
    kind.part_scalars().into_iter().map(|s| scalar_type(llc, s)).collect()
}

/// The LLVM type of one register piece of a struct returned in registers: the register's
/// bits (a lone `i1` field travels as its byte, a pointer or `index` as `i64`).
fn piece_type<'c>(llc: &'c LlContext, p: &Piece) -> BasicTypeEnum<'c> {
    match p.ty {
        Scalar::F32 | Scalar::F64 => scalar_type(llc, p.ty),
        s => int_type(llc, 8 * s.size()).into(),
    }
}

/// The types of the registers a register-returned struct comes back in.
pub fn piece_types<'c>(llc: &'c LlContext, pieces: &[Piece]) -> Vec<BasicTypeEnum<'c>> {
    pieces.iter().map(|p| piece_type(llc, p)).collect()
}

/// The type a function returns at the ABI level: nothing, a scalar, one register piece, or a
/// struct of register pieces (LLVM returns each member in its own register, as clang's
/// coerced return types rely on).
pub fn return_type<'c>(llc: &'c LlContext, abi: &FuncAbi) -> Option<BasicTypeEnum<'c>> {
    if abi.sret().is_some() {
        return None;
    }
    if let Some(pieces) = abi.reg_pieces() {
        let tys = piece_types(llc, pieces);
        return match tys[..] {
            [one] => Some(one),
            _ => Some(llc.struct_type(&tys, false).into()),
        };
    }
    abi.results.first().map(|&k| match k {
        Kind::Scalar(s) => scalar_type(llc, s),
        Kind::MemRef { .. } => llc.ptr_type(AddressSpace::default()).into(),
    })
}

/// The function type of a `func.func` at the C ABI: an optional struct-return pointer, then
/// scalars by value and memrefs as descriptor pointers.
pub fn function_type<'c>(llc: &'c LlContext, abi: &FuncAbi) -> FunctionType<'c> {
    let ptr = llc.ptr_type(AddressSpace::default());
    let mut params: Vec<BasicMetadataTypeEnum> = Vec::new();
    if abi.sret().is_some() {
        params.push(ptr.into());
    }
    for &k in &abi.params {
        params.push(match k {
            Kind::Scalar(s) => scalar_type(llc, s).into(),
            Kind::MemRef { .. } => ptr.into(),
        });
    }
    match return_type(llc, abi) {
        Some(t) => t.fn_type(&params, false),
        None => llc.void_type().fn_type(&params, false),
    }
}

/// The extension attribute C gives a narrow integer (`bool` zero-, `int8_t`/`int16_t`
/// sign-extended), so C callers and callees agree with us.
fn ext_attr(llc: &LlContext, s: Scalar) -> Option<Attribute> {
    let name = match s {
        Scalar::Int(1) => "zeroext",
        Scalar::Int(8 | 16) => "signext",
        _ => return None,
    };
    Some(llc.create_enum_attribute(Attribute::get_named_enum_kind_id(name), 0))
}

/// The attributes of a function's ABI: `sret` on the result pointer, the extension of narrow
/// integer parameters and results. Applied to declarations, definitions and call sites alike.
pub fn attributes(llc: &LlContext, abi: &FuncAbi) -> Vec<(AttributeLoc, Attribute)> {
    let mut out = Vec::new();
    let mut first = 0u32;
    if let Some(layout) = abi.sret() {
        let ty = llc.i8_type().array_type(layout.size);
        let sret = llc.create_type_attribute(Attribute::get_named_enum_kind_id("sret"), ty.as_any_type_enum());
        out.push((AttributeLoc::Param(0), sret));
        first = 1;
    }
    for (i, &k) in abi.params.iter().enumerate() {
        if let Kind::Scalar(s) = k {
            if let Some(a) = ext_attr(llc, s) {
                out.push((AttributeLoc::Param(first + i as u32), a));
            }
        }
    }
    let ret_scalar = match (abi.result_struct.as_ref(), abi.results.first()) {
        (None, Some(Kind::Scalar(s))) => Some(*s),
        _ => None,
    };
    if let Some(a) = ret_scalar.and_then(|s| ext_attr(llc, s)) {
        out.push((AttributeLoc::Return, a));
    }
    out
}

pub fn apply_attributes<'c>(llc: &'c LlContext, f: FunctionValue<'c>, abi: &FuncAbi) {
    for (loc, a) in attributes(llc, abi) {
        f.add_attribute(loc, a);
    }
}

use inkwell::types::AnyType as _;
