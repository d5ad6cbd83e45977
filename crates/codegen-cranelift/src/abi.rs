//! DESIGN.md §7's C ABI in Cranelift terms. The classification is the neutral one
//! (`flowgate_codegen::abi`, re-exported here); this module gives its scalars their Cranelift
//! types and its functions their Cranelift signatures.
//!
//! Inside a function every scalar is one Cranelift value (`i1` is an `i8` holding 0 or 1, which
//! is also C's `bool`; pointers and `index` are `i64`) and a memref is its descriptor spread
//! over `3 + 2 * rank` `i64` values.

use cranelift_codegen::ir::{types, AbiParam, ArgumentPurpose, Signature, Type as ClType};
use cranelift_codegen::isa::CallConv;
pub use flowgate_codegen::abi::*;

/// The Cranelift type of a scalar.
pub trait ScalarExt {
    fn cl_type(self) -> ClType;
}

impl ScalarExt for Scalar {
    fn cl_type(self) -> ClType {
        match self {
            Scalar::Int(1) | Scalar::Int(8) => types::I8,
            Scalar::Int(16) => types::I16,
            Scalar::Int(32) => types::I32,
            Scalar::Int(_) | Scalar::Index | Scalar::Ptr => types::I64,
            Scalar::F32 => types::F32,
            Scalar::F64 => types::F64,
        }
    }
}

/// The Cranelift types of the parts of a value (pointers and integers of a descriptor are
/// 64-bit).
pub fn part_types(kind: Kind) -> Vec<ClType> {
    kind.part_scalars().into_iter().map(ScalarExt::cl_type).collect()
}

/// The Cranelift signature of a function with ABI `abi`: an optional `StructReturn` pointer,
/// then the parameters; the results, or the register pieces of a result struct.
pub fn signature(abi: &FuncAbi, call_conv: CallConv) -> Signature {
    let mut sig = Signature::new(call_conv);
    if abi.sret().is_some() {
        sig.params.push(AbiParam::special(types::I64, ArgumentPurpose::StructReturn));
    }
    for p in &abi.params {
        sig.params.push(abi_param(*p));
    }
    match &abi.result_struct {
        Some((_, StructReturn::Memory)) => {}
        Some((_, StructReturn::Registers(pieces))) => {
            // A lone narrow integer in a register is extended as C extends that field type.
            sig.returns.extend(pieces.iter().map(|p| {
                let ty = p.ty.cl_type();
                match p.fields[..] {
                    [(i, _)] if ty.is_int() && ty.bits() < 64 => abi_param(abi.results[i]),
                    _ => AbiParam::new(ty),
                }
            }));
        }
        None => sig.returns.extend(abi.results.iter().map(|r| abi_param(*r))),
    }
    sig
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
