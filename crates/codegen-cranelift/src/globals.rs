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

/// Where the module's code will live, which decides where big buffers go.
pub enum Placement<'a> {
    /// An object file: zero buffers in bss; the whole image must stay within the small code
    /// model's reach.
    Object,
    /// JIT code: buffers of `jit_globals::OWN_MAPPING_MIN` bytes or more get mappings of their
    /// own, bound to symbols in `JitGlobals`.
    Jit(&'a crate::jit_globals::JitGlobals),
}

/// An object file's globals together stay under 2 GiB: code reaches them PC-relative with
/// 32-bit offsets (as a C compiler's default, small code model does).
pub const OBJECT_DATA_LIMIT: u128 = 2 << 30;

/// A splat of a non-zero value is written out byte by byte, in an object file or in JIT memory;
/// past this size that is refused rather than writing a huge object or filling gigabytes of
/// memory before the program starts (zero splats of any size cost nothing: bss, or untouched
/// pages).
pub const SPLAT_LIMIT: usize = 256 << 20;

/// How a global starts, without materializing splats.
enum Init {
    Zero,
    /// One element's bytes, repeated.
    Splat(Vec<u8>),
    Bytes(Vec<u8>),
}

/// Declare and define every `memref.global` of `module`.
pub fn define_globals<M: Module>(
    ctx: &Context,
    module: OpId,
    m: &mut M,
    place: Placement<'_>,
) -> Result<Vec<(String, GlobalEntry)>> {
    let mut out = Vec::new();
    let mut object_bytes = 0u128;
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
        let size = count.checked_mul(elem.size() as usize).ok_or_else(|| err("is too large"))?;
        let constant = ctx.has_attr(op, "constant");
        let private = ctx.attr(op, "sym_visibility").and_then(|a| ctx.attr_as_str(a)).is_some_and(|v| v != "public");
        let init = match ctx.attr(op, "initial_value").map(|a| ctx.attr_kind(a)) {
            // Upstream writes a declaration without an initial value.
            None => None,
            // `= uninitialized` is a unit attribute.
            Some(AttrKind::Unit) => Some(Init::Zero),
            Some(AttrKind::DenseElements { data, splat, .. }) => {
                let bad = || err("has an initial value that does not match its type");
                Some(match splat_element(data, *splat, elem, count) {
                    Some(e) if e.iter().all(|&b| b == 0) => Init::Zero,
                    Some(e) => Init::Splat(e),
                    None => Init::Bytes(dense_bytes(data, *splat, elem, count).ok_or_else(bad)?),
                })
            }
            // The blob's bytes, as upstream lays them out: the elements in row-major order.
            Some(AttrKind::DenseResource { name: blob, .. }) => {
                let b = ctx.resource_blob(blob).ok_or_else(|| {
                    err(&format!("has the initial value dense_resource<{blob}>, but the input has no blob '{blob}'"))
                })?;
                if b.data.len() != size {
                    return Err(err(&format!(
                        "has the initial value dense_resource<{blob}> of {} bytes, but its type needs {size}",
                        b.data.len()
                    )));
                }
                Some(if b.data.iter().all(|&x| x == 0) { Init::Zero } else { Init::Bytes(b.data.clone()) })
            }
            Some(_) => return Err(err("has an initial value the Cranelift code generator does not support")),
        };
        let Some(init) = init else {
            let id = m
                .declare_data(&name, Linkage::Import, !constant, false)
                .map_err(|e| CodegenError::internal(&name, e))?;
            out.push((name, GlobalEntry { id, shape: shape.clone(), elem }));
            continue;
        };
        if matches!(init, Init::Splat(_)) && size > SPLAT_LIMIT {
            return Err(err(&format!(
                "has a splat initial value of {size} bytes, which is too large to write out (the limit is {SPLAT_LIMIT} bytes; a zero splat of any size is fine)"
            )));
        }
        let id = match place {
            Placement::Jit(big) if size >= crate::jit_globals::OWN_MAPPING_MIN => {
                use crate::jit_globals::{Fill, SYMBOL_PREFIX};
                let symbol = format!("{SYMBOL_PREFIX}{name}");
                let fill = match &init {
                    Init::Zero => Fill::Zero,
                    Init::Splat(e) => Fill::Splat(e),
                    Init::Bytes(b) => Fill::Bytes(b),
                };
                big.map(&symbol, size, fill, constant).map_err(|e| err(&format!("is too large: {e}")))?;
                m.declare_data(&symbol, Linkage::Import, !constant, false)
                    .map_err(|e| CodegenError::internal(&name, e))?
            }
            _ => {
                if matches!(place, Placement::Object) {
                    object_bytes += size as u128;
                    if object_bytes >= OBJECT_DATA_LIMIT {
                        return Err(err(&format!(
                            "is too large for an object file: the module's globals reach {object_bytes} bytes, and they must stay under 2 GiB"
                        )));
                    }
                }
                let mut desc = DataDescription::new();
                match init {
                    Init::Zero => desc.define_zeroinit(size),
                    Init::Splat(e) => desc.define(e.repeat(count).into_boxed_slice()),
                    Init::Bytes(b) => desc.define(b.into_boxed_slice()),
                }
                let align = ctx.attr(op, "alignment").and_then(|a| ctx.attr_as_int(a)).filter(|&a| a > 0).unwrap_or(16);
                desc.set_align(align as u64);
                let linkage = if private { Linkage::Local } else { Linkage::Export };
                let id =
                    m.declare_data(&name, linkage, !constant, false).map_err(|e| CodegenError::internal(&name, e))?;
                m.define_data(id, &desc).map_err(|e| CodegenError::internal(&name, e))?;
                id
            }
        };
        out.push((name, GlobalEntry { id, shape: shape.clone(), elem }));
    }
    Ok(out)
}

/// The bytes of the one element of a splat initial value (a splat attribute, or hex data of
/// one element), or None when the value is not a splat.
pub fn splat_element(data: &DenseElements, splat: bool, elem: Scalar, count: usize) -> Option<Vec<u8>> {
    let size = elem.size() as usize;
    if let DenseElements::Hex(_) = data {
        let bytes = hex_bytes(data)?;
        return (bytes.len() == size && count != 1).then_some(bytes);
    }
    if !splat {
        return None;
    }
    element_bytes(data, 0, elem)
}

/// The bytes of a `dense<"0x...">` value.
fn hex_bytes(data: &DenseElements) -> Option<Vec<u8>> {
    let DenseElements::Hex(h) = data else { return None };
    let h = h.strip_prefix("0x").or_else(|| h.strip_prefix("0X"))?;
    decode_hex(h.as_bytes())
}

/// Hex digits to bytes through a table, into a buffer of the final size: model weights make
/// blobs of tens of megabytes, and per-pair `from_str_radix` into a growing vector took most of
/// a detection model's compile time. `None` on an odd length or a non-hex digit.
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

/// The little-endian bytes of element `k` of a dense int or float list.
fn element_bytes(data: &DenseElements, k: usize, elem: Scalar) -> Option<Vec<u8>> {
    let size = elem.size() as usize;
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
}

/// The little-endian bytes of `count` elements of `elem` from a dense attribute.
pub fn dense_bytes(data: &DenseElements, splat: bool, elem: Scalar, count: usize) -> Option<Vec<u8>> {
    let size = elem.size() as usize;
    if let DenseElements::Hex(_) = data {
        let bytes = hex_bytes(data)?;
        return match bytes.len() {
            n if Some(n) == size.checked_mul(count) => Some(bytes),
            n if n == size => Some(bytes.repeat(count)),
            _ => None,
        };
    }
    if splat {
        return Some(element_bytes(data, 0, elem)?.repeat(count));
    }
    if data.len() != count {
        return None;
    }
    let mut out = Vec::with_capacity(size.checked_mul(count)?);
    for i in 0..count {
        out.extend(element_bytes(data, i, elem)?);
    }
    Some(out)
}

#[cfg(test)]
mod hex_tests {
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
