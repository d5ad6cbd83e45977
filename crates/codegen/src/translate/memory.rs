//! `memref` ops that touch memory, once for every backend: `alloc`/`alloca`/`dealloc`,
//! `load`/`store`, `copy`, `realloc` and `get_global`. A descriptor is its parts (allocated,
//! aligned, offset, sizes, strides); addresses are `aligned + bytes`, so a backend supplies only
//! loads and stores of a scalar at an address, pointer arithmetic, stack buffers and the address
//! of a global ([`BuilderMethods`]). Heap memory is C's `malloc`/`realloc`/`free`.

use super::{cf, memref::desc, BuilderMethods, IntBinOp, IntPredicate};
use crate::abi::Scalar;
use crate::Result;
use flowgate_ir::{OpId, TypeKind, DYNAMIC};

/// Frames stay under 1 GiB (Cranelift's limit; a larger `alloca` is the input's limit,
/// reported at the op).
const MAX_STACK_BYTES: i64 = 1 << 30;

/// A memref's descriptor, split into its parts.
struct Desc<V> {
    allocated: V,
    aligned: V,
    offset: V,
    sizes: Vec<V>,
    strides: Vec<V>,
}

impl<V: Copy> Desc<V> {
    fn from_parts(parts: &[V]) -> Desc<V> {
        let rank = (parts.len() - 3) / 2;
        Desc {
            allocated: parts[0],
            aligned: parts[1],
            offset: parts[2],
            sizes: parts[3..3 + rank].to_vec(),
            strides: parts[3 + rank..].to_vec(),
        }
    }

    fn into_parts(self) -> Vec<V> {
        let mut v = vec![self.allocated, self.aligned, self.offset];
        v.extend(self.sizes);
        v.extend(self.strides);
        v
    }
}

/// Translate a memory-touching `memref` op (`short` is its name without the dialect); false
/// for another one.
pub fn memory<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId, short: &str) -> Result<bool> {
    match short {
        "alloc" | "alloca" => alloc(bx, op, short == "alloca")?,
        "dealloc" => {
            let d = operand_desc(bx, op, 0)?;
            bx.call_extern("free", &[Scalar::Ptr], None, &[d.allocated])?;
        }
        "load" => {
            let (addr, elem) = element_address(bx, op, 0, 1)?;
            let v = bx.load(elem, addr)?;
            bx.define1(op, v)?;
        }
        "store" => {
            let v = bx.operand(op, 0)?;
            let (addr, elem) = element_address(bx, op, 1, 2)?;
            bx.store(elem, v, addr)?;
        }
        "get_global" => get_global(bx, op)?,
        "copy" => copy(bx, op)?,
        "realloc" => realloc(bx, op)?,
        _ => return Ok(false),
    }
    Ok(true)
}

fn operand_desc<'a, B: BuilderMethods<'a>>(bx: &B, op: OpId, i: usize) -> Result<Desc<B::Value>> {
    Ok(Desc::from_parts(&desc(bx, op, i)?))
}

/// The shape, element type and whether the layout is the identity, of memref type `ty`.
fn memref_info<'a, B: BuilderMethods<'a>>(bx: &B, op: OpId, ty: flowgate_ir::Type) -> Result<(Vec<i64>, Scalar, bool)> {
    match bx.ctx().type_kind(ty) {
        TypeKind::MemRef { shape, element, layout, .. } => {
            let elem = bx.scalar(*element, op)?;
            Ok((shape.clone(), elem, layout.is_none()))
        }
        _ => Err(bx.op_err(op, "expects a ranked memref type")),
    }
}

fn index<'a, B: BuilderMethods<'a>>(bx: &mut B, v: i64) -> Result<B::Value> {
    bx.const_int(Scalar::Index, v)
}

fn add<'a, B: BuilderMethods<'a>>(bx: &mut B, a: B::Value, b: B::Value) -> Result<B::Value> {
    bx.int_binary(IntBinOp::Add, Scalar::Index, a, b)
}

fn mul<'a, B: BuilderMethods<'a>>(bx: &mut B, a: B::Value, b: B::Value) -> Result<B::Value> {
    bx.int_binary(IntBinOp::Mul, Scalar::Index, a, b)
}

fn or1<'a, B: BuilderMethods<'a>>(bx: &mut B, a: B::Value, b: B::Value) -> Result<B::Value> {
    bx.int_binary(IntBinOp::Or, Scalar::Int(1), a, b)
}

fn alloc<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId, stack: bool) -> Result<()> {
    let ctx = bx.ctx();
    let Some(&res) = ctx.results(op).first() else { return Err(bx.op_err(op, "expected result #0")) };
    let (shape, elem, identity) = memref_info(bx, op, ctx.value_type(res))?;
    if !identity {
        return Err(
            bx.op_err(op, format!("with a non-identity layout is not supported by the {} code generator", B::NAME))
        );
    }
    let n_dyn = shape.iter().filter(|&&d| d == DYNAMIC).count();
    let ops = ctx.operands(op);
    if ops.len() < n_dyn {
        return Err(bx.op_err(op, "has fewer size operands than dynamic dimensions"));
    }
    let mut dyn_sizes = ops.iter().take(n_dyn);
    let mut sizes = Vec::with_capacity(shape.len());
    let mut static_elems: Option<i64> = Some(1);
    for &d in &shape {
        if d == DYNAMIC {
            let Some(&v) = dyn_sizes.next() else { return Err(bx.op_err(op, "missing a dynamic size")) };
            let [x] = bx.parts(v)? else { return Err(bx.op_err(op, "has a size that is not a scalar")) };
            sizes.push(*x);
            static_elems = None;
        } else {
            sizes.push(index(bx, d)?);
            static_elems = static_elems.and_then(|n| n.checked_mul(d));
        }
    }
    let strides = row_major_strides(bx, &sizes)?;
    let align = ctx
        .attr(op, "alignment")
        .and_then(|a| ctx.attr_as_int(a))
        .filter(|&a| a > 0 && (a as u64).is_power_of_two())
        .unwrap_or(16) as i64;
    let esize = elem.size() as i64;
    let (allocated, aligned) = if stack {
        let Some(n) = static_elems else {
            return Err(bx.op_err(op, format!("with dynamic sizes is not supported by the {} code generator", B::NAME)));
        };
        let bytes = n
            .checked_mul(esize)
            .filter(|&b| b < MAX_STACK_BYTES)
            .and_then(|b| u32::try_from(b).ok())
            .ok_or_else(|| bx.op_err(op, "is too large for the stack (1 GiB or more)"))?;
        let p = bx.stack_alloc(bytes, align.clamp(1, 4096) as u32)?;
        (p, p)
    } else {
        // malloc aligns to 16; ask for slack and round up only when more is wanted.
        let extra = if align > 16 { align - 1 } else { 0 };
        let req = heap_bytes(bx, op, &shape, &sizes, esize, extra)?;
        let p = bx
            .call_extern("malloc", &[Scalar::Index], Some(Scalar::Ptr), &[req])?
            .ok_or_else(|| bx.ice("malloc returned nothing"))?;
        // malloc(0) may return NULL; any other NULL is a failed allocation.
        let addr = bx.ptr_to_index(p)?;
        let zero = index(bx, 0)?;
        let null = bx.icmp(IntPredicate::Eq, Scalar::Index, addr, zero)?;
        let nonzero = bx.icmp(IntPredicate::Ne, Scalar::Index, req, zero)?;
        let failed = bx.int_binary(IntBinOp::And, Scalar::Int(1), null, nonzero)?;
        cf::fail_if(bx, op, failed, "'memref.alloc' could not allocate memory (malloc returned NULL)")?;
        let a = if extra > 0 {
            // The aligned pointer is an offset into the same allocation.
            let e = index(bx, extra)?;
            let t = add(bx, addr, e)?;
            let mask = index(bx, !extra)?;
            let m = bx.int_binary(IntBinOp::And, Scalar::Index, t, mask)?;
            let delta = bx.int_binary(IntBinOp::Sub, Scalar::Index, m, addr)?;
            bx.ptr_add(p, delta)?
        } else {
            p
        };
        (p, a)
    };
    let offset = index(bx, 0)?;
    bx.define(op, 0, Desc { allocated, aligned, offset, sizes, strides }.into_parts())
}

/// `esize * sizes... + extra`, the bytes to ask malloc for. The verifier has checked that the
/// static part fits; dynamic sizes are checked here, when the code runs: a negative size or a
/// product that does not fit a signed 64-bit size stops the program with a located error (a
/// wrapped product would allocate a few bytes for a huge buffer).
fn heap_bytes<'a, B: BuilderMethods<'a>>(
    bx: &mut B,
    op: OpId,
    shape: &[i64],
    sizes: &[B::Value],
    esize: i64,
    extra: i64,
) -> Result<B::Value> {
    let mut bytes = index(bx, esize)?;
    let e = index(bx, extra)?;
    if shape.iter().all(|&d| d != DYNAMIC) {
        for &s in sizes {
            bytes = mul(bx, bytes, s)?;
        }
        return add(bx, bytes, e);
    }
    let zero = index(bx, 0)?;
    let mut bad = bx.const_int(Scalar::Int(1), 0)?;
    for (&d, &s) in shape.iter().zip(sizes) {
        if d == DYNAMIC {
            let negative = bx.icmp(IntPredicate::Slt, Scalar::Index, s, zero)?;
            bad = or1(bx, bad, negative)?;
        }
        // Unsigned: a negative size is already flagged, and its product must not hide it. The
        // high half of the product is non-zero exactly when it overflows.
        let (lo, high) = bx.mul_extended(false, Scalar::Index, bytes, s)?;
        let o = bx.icmp(IntPredicate::Ne, Scalar::Index, high, zero)?;
        bytes = lo;
        bad = or1(bx, bad, o)?;
    }
    // The request must stay a non-negative i64 (the slack included).
    let req = add(bx, bytes, e)?;
    let o = bx.icmp(IntPredicate::Ult, Scalar::Index, req, bytes)?;
    bad = or1(bx, bad, o)?;
    let too_big = bx.icmp(IntPredicate::Slt, Scalar::Index, req, zero)?;
    bad = or1(bx, bad, too_big)?;
    cf::fail_if(bx, op, bad, "'memref.alloc' size is negative or its byte count overflows")?;
    Ok(req)
}

/// The address of element `indices` (operands from `first_index`) of memref operand `m`.
fn element_address<'a, B: BuilderMethods<'a>>(
    bx: &mut B,
    op: OpId,
    m: usize,
    first_index: usize,
) -> Result<(B::Value, Scalar)> {
    let ctx = bx.ctx();
    let Some(&mv) = ctx.operands(op).get(m) else { return Err(bx.op_err(op, format!("expected operand #{m}"))) };
    let (shape, elem, identity) = memref_info(bx, op, ctx.value_type(mv))?;
    let d = operand_desc(bx, op, m)?;
    let n = ctx.operands(op).len();
    if n < first_index || n - first_index != shape.len() || d.strides.len() != shape.len() {
        return Err(bx.op_err(op, "has a number of indices that does not match the memref's rank"));
    }
    let idx = (0..shape.len()).map(|k| bx.operand(op, first_index + k)).collect::<Result<Vec<_>>>()?;
    if identity {
        return Ok((identity_address(bx, &d, &shape, &idx, elem)?, elem));
    }
    Ok((address(bx, &d, &idx, elem)?, elem))
}

/// `aligned + sum(idx * stride) * sizeof(elem)` for an identity layout: its offset is zero and
/// each stride that only static dimensions follow is a constant (the innermost is 1), as
/// upstream's memref-to-llvm reads them off the type. A descriptor's strides are SSA values,
/// block parameters once a buffer is carried by a loop, so each access of a compiled loop body
/// paid one multiply per dimension (perf on the Scan RNN: the `[1,64] x [64,64]` MatMul nest's
/// address arithmetic was most of its instructions; `bench/codegen`'s par2d over a
/// `memref<?x?xf32>` ran at 1.8x C with the descriptor's offset and inner stride).
fn identity_address<'a, B: BuilderMethods<'a>>(
    bx: &mut B,
    d: &Desc<B::Value>,
    shape: &[i64],
    idx: &[B::Value],
    elem: Scalar,
) -> Result<B::Value> {
    let mut lin: Option<B::Value> = None;
    // The stride of the current dimension while every later one is static.
    let mut stride = Some(1i64);
    for (k, (&i, &s)) in idx.iter().zip(shape).enumerate().rev() {
        let t = match stride {
            Some(1) => i,
            Some(c) => {
                let c = index(bx, c)?;
                mul(bx, i, c)?
            }
            None => mul(bx, i, d.strides[k])?,
        };
        lin = Some(match lin {
            Some(l) => add(bx, l, t)?,
            None => t,
        });
        stride = stride.filter(|_| s != DYNAMIC).map(|c| c.wrapping_mul(s));
    }
    match lin {
        Some(l) => {
            let size = index(bx, elem.size() as i64)?;
            let bytes = mul(bx, l, size)?;
            bx.ptr_add(d.aligned, bytes)
        }
        None => Ok(d.aligned),
    }
}

/// `aligned + (offset + sum(idx * stride)) * sizeof(elem)`.
fn address<'a, B: BuilderMethods<'a>>(
    bx: &mut B,
    d: &Desc<B::Value>,
    idx: &[B::Value],
    elem: Scalar,
) -> Result<B::Value> {
    let mut lin = d.offset;
    for (&i, &st) in idx.iter().zip(&d.strides) {
        let t = mul(bx, i, st)?;
        lin = add(bx, lin, t)?;
    }
    let size = index(bx, elem.size() as i64)?;
    let bytes = mul(bx, lin, size)?;
    bx.ptr_add(d.aligned, bytes)
}

/// Row-major strides of a contiguous buffer of the given sizes.
fn row_major_strides<'a, B: BuilderMethods<'a>>(bx: &mut B, sizes: &[B::Value]) -> Result<Vec<B::Value>> {
    let one = index(bx, 1)?;
    let mut strides = vec![one; sizes.len()];
    for i in (0..sizes.len().saturating_sub(1)).rev() {
        strides[i] = mul(bx, strides[i + 1], sizes[i + 1])?;
    }
    Ok(strides)
}

/// `memref.get_global`: the address of a `memref.global` buffer.
fn get_global<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId) -> Result<()> {
    let ctx = bx.ctx();
    let name = ctx
        .attr(op, "name")
        .and_then(|a| ctx.attr_as_symbol_ref(a))
        .ok_or_else(|| bx.op_err(op, "requires a 'name' symbol reference"))?;
    let Some((ptr, shape)) = bx.global(name)? else {
        return Err(bx.op_err(op, format!("'{name}' does not reference a memref.global")));
    };
    let sizes = shape.iter().map(|&d| index(bx, d)).collect::<Result<Vec<_>>>()?;
    let strides = row_major_strides(bx, &sizes)?;
    let offset = index(bx, 0)?;
    bx.define(op, 0, Desc { allocated: ptr, aligned: ptr, offset, sizes, strides }.into_parts())
}

/// `memref.copy %src, %dst`: an element-wise loop nest over the shape, any layouts; between two
/// static memrefs of one shape without layouts (contiguous, offset zero) one `memmove` of their
/// bytes (perf on the Mamba selective-scan benchmark: the loop copying its loop-carried
/// `[1, 256, 16]` state each step, 11 instructions per element, was 15% of the run).
fn copy<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId) -> Result<()> {
    let ctx = bx.ctx();
    let [s, t] = ctx.operands(op) else { return Err(bx.op_err(op, "expects a source and a target")) };
    let (shape, elem, identity) = memref_info(bx, op, ctx.value_type(*s))?;
    let (dst_shape, _, dst_identity) = memref_info(bx, op, ctx.value_type(*t))?;
    let src = operand_desc(bx, op, 0)?;
    let dst = operand_desc(bx, op, 1)?;
    if src.sizes.len() != dst.sizes.len() {
        return Err(bx.op_err(op, "requires source and target of the same rank"));
    }
    if identity && dst_identity && shape == dst_shape && shape.iter().all(|&d| d != DYNAMIC) {
        let bytes = shape.iter().try_fold(elem.size() as i64, |a, &d| a.checked_mul(d));
        if let Some(bytes) = bytes.filter(|&b| b > 0) {
            let n = index(bx, bytes)?;
            let p = Scalar::Ptr;
            bx.call_extern("memmove", &[p, p, Scalar::Index], Some(p), &[dst.aligned, src.aligned, n])?;
        }
        return Ok(());
    }
    let sizes = src.sizes.clone();
    let mut idx = Vec::new();
    loop_nest(bx, &sizes, &mut idx, &mut |bx, idx| {
        let from = address(bx, &src, idx, elem)?;
        let v = bx.load(elem, from)?;
        let to = address(bx, &dst, idx, elem)?;
        bx.store(elem, v, to)
    })
}

/// A loop body of [`loop_nest`], given the indices.
type Body<'b, B, V> = dyn FnMut(&mut B, &[V]) -> Result<()> + 'b;

/// Emit `for idx in 0..sizes (row-major) { body(idx) }`; leaves the builder after the nest.
fn loop_nest<'a, B: BuilderMethods<'a>>(
    bx: &mut B,
    sizes: &[B::Value],
    idx: &mut Vec<B::Value>,
    body: &mut Body<'_, B, B::Value>,
) -> Result<()> {
    let k = idx.len();
    if k == sizes.len() {
        return body(bx, idx);
    }
    let header = bx.new_block(&[Scalar::Index])?;
    let inner = bx.new_block(&[])?;
    let exit = bx.new_block(&[])?;
    let zero = index(bx, 0)?;
    bx.br(header, &[zero])?;
    bx.switch_to_block(header)?;
    let [i] = bx.block_params(header)?[..] else { return Err(bx.ice("a loop header without its index")) };
    let c = bx.icmp(IntPredicate::Slt, Scalar::Index, i, sizes[k])?;
    bx.cond_br(c, inner, &[], exit, &[])?;
    bx.switch_to_block(inner)?;
    idx.push(i);
    loop_nest(bx, sizes, idx, body)?;
    idx.pop();
    let one = index(bx, 1)?;
    let next = add(bx, i, one)?;
    bx.br(header, &[next])?;
    bx.switch_to_block(exit)
}

/// `memref.realloc`: C's `realloc` of a 1-D identity-layout buffer.
fn realloc<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId) -> Result<()> {
    let ctx = bx.ctx();
    let src = operand_desc(bx, op, 0)?;
    let Some(&res) = ctx.results(op).first() else { return Err(bx.op_err(op, "expected result #0")) };
    let (shape, elem, identity) = memref_info(bx, op, ctx.value_type(res))?;
    let [dim] = shape[..] else { return Err(bx.op_err(op, "expects a 1-D result")) };
    if !identity {
        return Err(bx.op_err(op, "expects an identity layout"));
    }
    let n = if dim == DYNAMIC { bx.operand(op, 1)? } else { index(bx, dim)? };
    let size = index(bx, elem.size() as i64)?;
    let bytes = mul(bx, n, size)?;
    let p = bx
        .call_extern("realloc", &[Scalar::Ptr, Scalar::Index], Some(Scalar::Ptr), &[src.allocated, bytes])?
        .ok_or_else(|| bx.ice("realloc returned nothing"))?;
    let offset = index(bx, 0)?;
    let one = index(bx, 1)?;
    bx.define(op, 0, Desc { allocated: p, aligned: p, offset, sizes: vec![n], strides: vec![one] }.into_parts())
}
