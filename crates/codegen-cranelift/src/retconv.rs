//! Packing a result struct into the registers its target's C ABI returns it in, and unpacking
//! it again at a call (see [`crate::abi::classify_struct`]).

use crate::abi::{Piece, Scalar, ScalarExt};
use cranelift_codegen::ir::{types, InstBuilder, MemFlagsData, Type, Value};
use cranelift_frontend::FunctionBuilder;

/// The integer type holding a scalar's bits.
fn int_ty(s: Scalar) -> Type {
    match s {
        Scalar::F32 => types::I32,
        Scalar::F64 => types::I64,
        s => s.cl_type(),
    }
}

/// The raw bits of a scalar as an integer of its width.
fn to_bits(b: &mut FunctionBuilder, s: Scalar, v: Value) -> Value {
    match s {
        Scalar::F32 => b.ins().bitcast(types::I32, MemFlagsData::new(), v),
        Scalar::F64 => b.ins().bitcast(types::I64, MemFlagsData::new(), v),
        _ => v,
    }
}

fn from_bits(b: &mut FunctionBuilder, s: Scalar, v: Value) -> Value {
    match s {
        Scalar::F32 => b.ins().bitcast(types::F32, MemFlagsData::new(), v),
        Scalar::F64 => b.ins().bitcast(types::F64, MemFlagsData::new(), v),
        _ => v,
    }
}

/// The register values for `results` (one value per result).
pub fn pack(b: &mut FunctionBuilder, pieces: &[Piece], scalars: &[Scalar], results: &[Value]) -> Vec<Value> {
    pieces
        .iter()
        .map(|p| match p.fields[..] {
            [(i, 0)] if scalars[i].cl_type() == p.ty.cl_type() => results[i],
            [(i, 0)] if p.ty.cl_type() == types::I64 && scalars[i].int_width().is_some() => {
                // One integer alone: extend it as C would (bool zero-, others sign-extended).
                if scalars[i] == Scalar::Int(1) {
                    b.ins().uextend(types::I64, results[i])
                } else {
                    b.ins().sextend(types::I64, results[i])
                }
            }
            _ => {
                let mut acc = b.ins().iconst(types::I64, 0);
                for &(i, off) in &p.fields {
                    let bits = to_bits(b, scalars[i], results[i]);
                    let wide = if int_ty(scalars[i]) == types::I64 { bits } else { b.ins().uextend(types::I64, bits) };
                    let shifted = if off == 0 { wide } else { b.ins().ishl_imm_u(wide, 8 * off as i64) };
                    acc = b.ins().bor(acc, shifted);
                }
                if p.ty.cl_type() == types::I64 {
                    acc
                } else {
                    b.ins().bitcast(p.ty.cl_type(), MemFlagsData::new(), acc)
                }
            }
        })
        .collect()
}

/// The result values (one per scalar) from the register values of a call.
pub fn unpack(b: &mut FunctionBuilder, pieces: &[Piece], scalars: &[Scalar], regs: &[Value]) -> Vec<Value> {
    let mut out: Vec<Option<Value>> = vec![None; scalars.len()];
    for (p, &r) in pieces.iter().zip(regs) {
        match p.fields[..] {
            [(i, 0)] if scalars[i].cl_type() == p.ty.cl_type() => out[i] = Some(r),
            _ => {
                let bits =
                    if p.ty.cl_type() == types::I64 { r } else { b.ins().bitcast(types::I64, MemFlagsData::new(), r) };
                for &(i, off) in &p.fields {
                    let s = scalars[i];
                    let shifted = if off == 0 { bits } else { b.ins().ushr_imm_u(bits, 8 * off as i64) };
                    let t = int_ty(s);
                    let narrow = if t == types::I64 { shifted } else { b.ins().ireduce(t, shifted) };
                    let v = from_bits(b, s, narrow);
                    out[i] = Some(if s == Scalar::Int(1) { b.ins().band_imm_u(v, 1) } else { v });
                }
            }
        }
    }
    out.into_iter().map(|v| v.unwrap_or_else(|| b.ins().iconst(types::I64, 0))).collect()
}
