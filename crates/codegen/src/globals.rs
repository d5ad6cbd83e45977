//! `memref.global`: module-level buffers (constant tables such as ONNX initializers, or
//! zero-initialised storage) with their bytes laid out in row-major order. This module decides
//! what each global holds ([`global_decls`]); a backend only places the bytes (data objects,
//! LLVM globals, JIT mappings).

use crate::abi::{scalar_of, Scalar};
use crate::error::{CodegenError, Result};
use flowgate_ir::{AttrKind, Context, DenseElements, Diagnostic, OpId, TypeKind, DYNAMIC};

/// One `memref.global` as every backend sees it.
#[derive(Clone, Debug)]
pub struct GlobalDecl {
    pub op: OpId,
    pub name: String,
    pub shape: Vec<i64>,
    pub elem: Scalar,
    /// Elements and bytes.
    pub count: usize,
    pub size: usize,
    pub constant: bool,
    pub private: bool,
    /// The `alignment` attribute, 16 when absent.
    pub align: u64,
    /// `None` for a declaration (upstream writes one without an initial value).
    pub init: Option<Init>,
}

/// How a global starts, without materializing splats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Init {
    Zero,
    /// One element's bytes, repeated.
    Splat(Vec<u8>),
    Bytes(Vec<u8>),
}

impl Init {
    /// Every byte of a global of `count` elements (a splat written out).
    pub fn bytes(&self, size: usize, count: usize) -> Vec<u8> {
        match self {
            Init::Zero => vec![0; size],
            Init::Splat(e) => e.repeat(count),
            Init::Bytes(b) => b.clone(),
        }
    }
}

/// An object file's globals together stay under 2 GiB: code reaches them PC-relative with
/// 32-bit offsets (as a C compiler's default, small code model does).
pub const OBJECT_DATA_LIMIT: u128 = 2 << 30;

/// A splat of a non-zero value is written out byte by byte, in an object file or in JIT memory;
/// past this size that is refused rather than writing a huge object or filling gigabytes of
/// memory before the program starts (zero splats of any size cost nothing: bss, or untouched
/// pages).
pub const SPLAT_LIMIT: usize = 256 << 20;

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

/// Every `memref.global` of `module`, checked and with its initial bytes; `backend` names the
/// code generator in errors. `object` adds the object-file limit on the total size.
pub fn global_decls(ctx: &Context, module: OpId, backend: &str, object: bool) -> Result<Vec<GlobalDecl>> {
    let mut out: Vec<GlobalDecl> = Vec::new();
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
            .ok_or_else(|| err(&format!("has an element type the {backend} code generator does not support")))?;
        if shape.contains(&DYNAMIC) {
            return Err(err("must have a static shape"));
        }
        let count = shape
            .iter()
            .try_fold(1usize, |n, &d| usize::try_from(d).ok().and_then(|d| n.checked_mul(d)))
            .ok_or_else(|| err("is too large"))?;
        let size = count.checked_mul(elem.size() as usize).ok_or_else(|| err("is too large"))?;
        if out.iter().any(|g| g.name == name) {
            return Err(err("redefines a global"));
        }
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
            Some(_) => return Err(err(&format!("has an initial value the {backend} code generator does not support"))),
        };
        if matches!(init, Some(Init::Splat(_))) && size > SPLAT_LIMIT {
            return Err(err(&format!(
                "has a splat initial value of {size} bytes, which is too large to write out (the limit is {SPLAT_LIMIT} bytes; a zero splat of any size is fine)"
            )));
        }
        if object && init.is_some() {
            object_bytes += size as u128;
            if object_bytes >= OBJECT_DATA_LIMIT {
                return Err(err(&format!(
                    "is too large for an object file: the module's globals reach {object_bytes} bytes, and they must stay under 2 GiB"
                )));
            }
        }
        let align = ctx.attr(op, "alignment").and_then(|a| ctx.attr_as_int(a)).filter(|&a| a > 0).unwrap_or(16) as u64;
        out.push(GlobalDecl { op, name, shape: shape.clone(), elem, count, size, constant, private, align, init });
    }
    Ok(out)
}

/// The bytes of the one element of a splat initial value (a splat attribute, or hex data of
/// one element), or None when the value is not a splat.
pub fn splat_element(data: &DenseElements, splat: bool, elem: Scalar, count: usize) -> Option<Vec<u8>> {
    let size = elem.size() as usize;
    if let DenseElements::Hex(bytes) = data {
        return (bytes.len() == size && count != 1).then(|| bytes.clone());
    }
    if !splat {
        return None;
    }
    element_bytes(data, 0, elem)
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
    if let DenseElements::Hex(bytes) = data {
        return match bytes.len() {
            n if Some(n) == size.checked_mul(count) => Some(bytes.clone()),
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
