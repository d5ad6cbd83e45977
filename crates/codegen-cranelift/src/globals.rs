//! `memref.global`: module-level buffers (constant tables such as ONNX initializers, or
//! zero-initialised storage) as data objects, with their bytes laid out in row-major order.

use crate::abi::{scalar_of, Scalar};
use crate::error::{CodegenError, Result};
use cranelift_module::{DataDescription, DataId, Linkage, Module};
use flowgate_ir::{AttrKind, Context, DenseElements, Diagnostic, OpId, TypeKind, DYNAMIC};

/// One global buffer.
#[derive(Clone, Debug)]
pub struct GlobalEntry {
    pub id: DataId,
    pub shape: Vec<i64>,
    pub elem: Scalar,
}

/// The `memref.global` ops directly inside `module`.
fn globals(ctx: &Context, module: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    for &r in ctx.regions(module) {
        for &b in ctx.region_blocks(r) {
            out.extend(ctx.block_ops(b).filter(|&o| ctx.is_op(o, "memref.global")));
        }
    }
    out
}

/// Declare and define every `memref.global` of `module`.
pub fn define_globals<M: Module>(ctx: &Context, module: OpId, m: &mut M) -> Result<Vec<(String, GlobalEntry)>> {
    let mut out = Vec::new();
    for op in globals(ctx, module) {
        let err = |msg: &str| CodegenError::from(Diagnostic::op_error(ctx, op, msg));
        let name = ctx
            .attr(op, "sym_name")
            .and_then(|a| ctx.attr_as_str(a))
            .ok_or_else(|| err("requires attribute 'sym_name'"))?
            .to_string();
        let ty =
            ctx.attr(op, "type").and_then(|a| ctx.attr_as_type(a)).ok_or_else(|| err("requires attribute 'type'"))?;
        let TypeKind::MemRef { shape, element, layout: None, .. } = ctx.type_kind(ty) else {
            return Err(err("must have a memref type with the identity layout"));
        };
        let elem = scalar_of(ctx, *element)
            .ok_or_else(|| err("has an element type the Cranelift code generator does not support"))?;
        if shape.contains(&DYNAMIC) {
            return Err(err("must have a static shape"));
        }
        let count = shape
            .iter()
            .try_fold(1usize, |n, &d| usize::try_from(d).ok().and_then(|d| n.checked_mul(d)))
            .ok_or_else(|| err("is too large"))?;
        let constant = ctx.has_attr(op, "constant");
        let private = ctx.attr(op, "sym_visibility").and_then(|a| ctx.attr_as_str(a)).is_some_and(|v| v != "public");
        let init = ctx.attr(op, "initial_value");
        // Upstream writes a declaration without an initial value; `= uninitialized` is a unit one.
        let external = init.is_none();
        let linkage = if external {
            Linkage::Import
        } else if private {
            Linkage::Local
        } else {
            Linkage::Export
        };
        let id = m.declare_data(&name, linkage, !constant, false).map_err(|e| CodegenError::internal(&name, e))?;
        if !external {
            let size = count.checked_mul(elem.size() as usize).ok_or_else(|| err("is too large"))?;
            let mut desc = DataDescription::new();
            match init.map(|a| ctx.attr_kind(a)) {
                Some(AttrKind::DenseElements { data, splat, .. }) => {
                    let bytes = dense_bytes(data, *splat, elem, count)
                        .ok_or_else(|| err("has an initial value that does not match its type"))?;
                    desc.define(bytes.into_boxed_slice());
                }
                Some(AttrKind::Unit) | None => desc.define_zeroinit(size),
                Some(_) => return Err(err("has an initial value the Cranelift code generator does not support")),
            }
            let align = ctx.attr(op, "alignment").and_then(|a| ctx.attr_as_int(a)).filter(|&a| a > 0).unwrap_or(16);
            desc.set_align(align as u64);
            m.define_data(id, &desc).map_err(|e| CodegenError::internal(&name, e))?;
        }
        out.push((name, GlobalEntry { id, shape: shape.clone(), elem }));
    }
    Ok(out)
}

/// The little-endian bytes of `count` elements of `elem` from a dense attribute.
pub fn dense_bytes(data: &DenseElements, splat: bool, elem: Scalar, count: usize) -> Option<Vec<u8>> {
    let size = elem.size() as usize;
    let one = |i: usize| -> Option<Vec<u8>> {
        let k = if splat { 0 } else { i };
        let bits: u64 = match data {
            DenseElements::Ints(v) => *v.get(k)? as u64,
            DenseElements::Floats(v) => {
                let x = f64::from_bits(*v.get(k)?);
                match elem {
                    Scalar::F32 => (x as f32).to_bits() as u64,
                    Scalar::F64 => x.to_bits(),
                    _ => return None,
                }
            }
            _ => return None,
        };
        Some(bits.to_le_bytes()[..size].to_vec())
    };
    if let DenseElements::Hex(h) = data {
        let h = h.strip_prefix("0x").or_else(|| h.strip_prefix("0X"))?;
        let bytes = decode_hex(h.as_bytes())?;
        return match bytes.len() {
            n if n == size * count => Some(bytes),
            n if n == size => Some(bytes.repeat(count)),
            _ => None,
        };
    }
    if !splat && data.len() != count {
        return None;
    }
    let mut out = Vec::with_capacity(size * count);
    for i in 0..count {
        out.extend(one(i)?);
    }
    Some(out)
}

/// Hex digits to bytes through a table, into a buffer of the final size: model weights make
/// blobs of tens of megabytes, and `hex::decode` (per-digit matching, a growing vector) took
/// most of a detection model's compile time. `None` on an odd length or a non-hex digit.
fn decode_hex(h: &[u8]) -> Option<Vec<u8>> {
    const BAD: u8 = 0xFF;
    const TABLE: [u8; 256] = {
        let mut t = [BAD; 256];
        let mut i = 0;
        while i < 10 {
            t[b'0' as usize + i] = i as u8;
            i += 1;
        }
        let mut i = 0;
        while i < 6 {
            t[b'a' as usize + i] = 10 + i as u8;
            t[b'A' as usize + i] = 10 + i as u8;
            i += 1;
        }
        t
    };
    if !h.len().is_multiple_of(2) {
        return None;
    }
    let mut out = Vec::with_capacity(h.len() / 2);
    let mut bad = 0u8;
    for pair in h.chunks_exact(2) {
        let (hi, lo) = (TABLE[pair[0] as usize], TABLE[pair[1] as usize]);
        bad |= hi | lo;
        out.push(hi << 4 | lo);
    }
    // Valid digits are below 16, so any 0xFF entry sets the high bits.
    (bad < 16).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::decode_hex;

    #[test]
    fn hex_digits_of_both_cases_decode_and_bad_input_is_none() {
        assert_eq!(decode_hex(b"00ff7Fa0Bc"), Some(vec![0x00, 0xFF, 0x7F, 0xA0, 0xBC]));
        assert_eq!(decode_hex(b""), Some(vec![]));
        assert_eq!(decode_hex(b"abc"), None);
        assert_eq!(decode_hex(b"0g"), None);
        assert_eq!(decode_hex(b"g0"), None);
        assert_eq!(decode_hex(b"0x"), None);
    }
}
