//! `Constant` and `ConstantOfShape`. A rank-0 constant of a native type is an `arith.constant`;
//! any other tensor constant is a blob global (dtype, shape, little-endian data) that
//! `flowgate_rt_constant` wraps, materialised once at function entry: a constant in a loop body
//! is not rebuilt per iteration.

use super::emit::{LResult, Lower};
use super::types::{self, Elem};
use flowgate_ir::{AttrKind, Attribute, DenseElements, FloatKind, InsertPoint, OpId, Type, Value};

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Option<Vec<Value>>> {
    Ok(Some(match name {
        "Constant" => vec![constant(l, op)?],
        "ConstantOfShape" => {
            let operands = l.ctx.operands(op).to_vec();
            let node = l.node_id(op);
            let shape = l.handle(operands[0])?;
            let value = match l.attr_of(op, "value") {
                Some(a) => {
                    let t = attr_tensor_type(l, op, a)?;
                    tensor_constant(l, op, a, t)?
                }
                None => l.rt("null", &[])?,
            };
            vec![l.rt("constant_of_shape", &[node, shape, value])?]
        }
        _ => return Ok(None),
    }))
}

fn constant(l: &mut Lower<'_>, op: OpId) -> LResult<Value> {
    let rty = l.ctx.result_types(op)[0];
    let attr = ["value", "value_float", "value_floats", "value_int", "value_ints"]
        .iter()
        .find_map(|n| l.attr_of(op, n).map(|a| (*n, a)));
    let Some((kind, attr)) = attr else {
        return Err(l.err(op, "Constant: only the value, value_float(s) and value_int(s) attributes are supported"));
    };
    let aty = match kind {
        "value" => attr_tensor_type(l, op, attr)?,
        _ => rty,
    };
    if let Some(e) = types::scalar_elem(l.ctx, aty) {
        let vals = elements(l, op, attr, e, 1)?;
        let st = e.scalar_type(l.ctx);
        return Ok(match (e, vals.first()) {
            (Elem::Float(_), Some(Num::F(x))) => l.const_float(*x, st),
            (_, Some(Num::I(i))) => {
                let v = l.ctx.normalize_int(*i, st);
                l.const_int(v, st)
            }
            _ => return Err(l.err(op, "Constant: the value does not match its type")),
        });
    }
    // Hoist to the function entry (constants dominate everything there).
    let saved = l.ip;
    if let Some(f) = l.ctx.find_ancestor(op, |c, o| c.is_op(o, "func.func")) {
        if let Some(entry) = l.ctx.entry_block(l.ctx.region(f, 0)) {
            if let Some(first) = l.ctx.first_op(entry) {
                l.ip = InsertPoint::Before(first);
            }
        }
    }
    let h = tensor_constant(l, op, attr, aty);
    l.ip = saved;
    h
}

fn attr_tensor_type(l: &Lower<'_>, op: OpId, a: Attribute) -> LResult<Type> {
    match l.ctx.attr_kind(a) {
        AttrKind::DenseElements { ty, .. } => Ok(*ty),
        _ => Err(l.err(op, "expected a dense tensor attribute")),
    }
}

enum Num {
    I(i128),
    F(f64),
}

/// The elements of a constant attribute, `count` of them.
fn elements(l: &Lower<'_>, op: OpId, a: Attribute, e: Elem, count: usize) -> LResult<Vec<Num>> {
    let bad = || l.err(op, "Constant: the value does not match its type");
    // Borrowed, not cloned: weight tensors hold millions of elements.
    let vals: Vec<Num> = match l.ctx.attr_kind(a) {
        AttrKind::DenseElements { splat, data, .. } => {
            let splat = *splat;
            let base: Vec<Num> = match data {
                DenseElements::Ints(v) => v.iter().map(|&i| Num::I(i)).collect(),
                DenseElements::Floats(v) => v.iter().map(|&b| Num::F(f64::from_bits(b))).collect(),
                DenseElements::Hex(h) => return hex_elements(l, op, h, e, count),
                DenseElements::Strings(_) => return Err(l.err(op, "string tensors are not supported")),
            };
            if splat {
                let one = base.into_iter().next().ok_or_else(bad)?;
                (0..count).map(|_| clone_num(&one)).collect()
            } else {
                base
            }
        }
        AttrKind::Integer { value, .. } => vec![Num::I(*value)],
        AttrKind::Float { bits, .. } => vec![Num::F(f64::from_bits(*bits))],
        AttrKind::Array(items) => items
            .iter()
            .map(|&i| match l.ctx.attr_kind(i) {
                AttrKind::Integer { value, .. } => Ok(Num::I(*value)),
                AttrKind::Float { bits, .. } => Ok(Num::F(f64::from_bits(*bits))),
                _ => Err(bad()),
            })
            .collect::<LResult<_>>()?,
        _ => return Err(bad()),
    };
    if vals.len() != count {
        return Err(bad());
    }
    // Integers given for a float type and the reverse are converted as a cast would.
    Ok(vals
        .into_iter()
        .map(|n| match (n, e.is_float()) {
            (Num::I(i), true) => Num::F(i as f64),
            (Num::F(x), false) => Num::I(x as i128),
            (n, _) => n,
        })
        .collect())
}

fn clone_num(n: &Num) -> Num {
    match n {
        Num::I(i) => Num::I(*i),
        Num::F(x) => Num::F(*x),
    }
}

fn hex_elements(l: &Lower<'_>, op: OpId, bytes: &[u8], e: Elem, count: usize) -> LResult<Vec<Num>> {
    let size = elem_size(e);
    let repeated;
    let bytes = if bytes.len() == size && count != 1 {
        repeated = bytes.repeat(count);
        &repeated[..]
    } else {
        bytes
    };
    if bytes.len() != size * count {
        return Err(l.err(op, "Constant: hex data of the wrong size"));
    }
    Ok(bytes.chunks(size).map(|c| decode(e, c)).collect())
}

fn decode(e: Elem, c: &[u8]) -> Num {
    let mut b8 = [0u8; 8];
    b8[..c.len()].copy_from_slice(c);
    let u = u64::from_le_bytes(b8);
    match e {
        Elem::Float(FloatKind::F32) => Num::F(f32::from_bits(u as u32) as f64),
        Elem::Float(FloatKind::F64) => Num::F(f64::from_bits(u)),
        Elem::Float(FloatKind::F16) => Num::F(half::f16::from_bits(u as u16).to_f64()),
        Elem::Float(FloatKind::BF16) => Num::F(half::bf16::from_bits(u as u16).to_f64()),
        Elem::SInt(w) => Num::I(((u << (64 - w)) as i64 >> (64 - w)) as i128),
        Elem::UInt(_) | Elem::Bool => Num::I(u as i128),
    }
}

fn elem_size(e: Elem) -> usize {
    match e {
        Elem::Bool => 1,
        Elem::Float(k) => (k.width() / 8) as usize,
        Elem::SInt(w) | Elem::UInt(w) => (w / 8) as usize,
    }
}

/// A runtime tensor holding attribute `a` of tensor type `t`.
pub(crate) fn tensor_constant(l: &mut Lower<'_>, op: OpId, a: Attribute, t: Type) -> LResult<Value> {
    if flowgate_onnx::types::is_string_tensor(l.ctx, t) {
        return string_constant(l, op, a, t);
    }
    if let Some(code) = types::small_code(l.ctx, t) {
        return small_constant(l, op, a, t, code);
    }
    let e = types::tensor_elem(l.ctx, t).ok_or_else(|| l.err(op, "constant of an unsupported element type"))?;
    let shape = types::tensor_shape(l.ctx, t).ok_or_else(|| l.err(op, "constant of unknown shape"))?;
    if shape.iter().any(|&d| d < 0) {
        return Err(l.err(op, "constant of dynamic shape"));
    }
    let count = shape.iter().try_fold(1usize, |acc, &d| acc.checked_mul(d as usize));
    let count = count.filter(|&c| c <= (1 << 32)).ok_or_else(|| l.err(op, "constant too large"))?;
    let mut blob = Vec::with_capacity(16 + 8 * shape.len() + count * elem_size(e));
    blob.extend((e.dtype() as i64).to_le_bytes());
    blob.extend((shape.len() as i64).to_le_bytes());
    for &d in &shape {
        blob.extend(d.to_le_bytes());
    }
    if !encode_floats_directly(l, a, e, count, &mut blob) {
        for v in elements(l, op, a, e, count)? {
            encode(&mut blob, e, v);
        }
    }
    let h = l.constant_tensor(&blob)?;
    l.orig.insert(h, t);
    Ok(h)
}

/// A float8/float4/int4/int2 constant: the importer gives it as hex, one byte per element
/// (upstream's raw form), which is the runtime's layout too.
fn small_constant(l: &mut Lower<'_>, op: OpId, a: Attribute, t: Type, code: i32) -> LResult<Value> {
    let shape = types::tensor_shape(l.ctx, t).filter(|s| s.iter().all(|&d| d >= 0));
    let shape = shape.ok_or_else(|| l.err(op, "constant of unknown or dynamic shape"))?;
    let count: usize = shape.iter().map(|&d| d as usize).product();
    let bytes = match l.ctx.attr_kind(a) {
        AttrKind::DenseElements { data: DenseElements::Hex(h), .. } => Some(h.clone()),
        _ => None,
    };
    let bytes = bytes.ok_or_else(|| l.err(op, "constant of a float8/float4/int4/int2 type must be hex data"))?;
    let bytes = if bytes.len() == 1 && count != 1 { bytes.repeat(count) } else { bytes };
    if bytes.len() != count {
        return Err(l.err(op, "Constant: hex data of the wrong size"));
    }
    let mut blob = Vec::with_capacity(16 + 8 * shape.len() + count);
    blob.extend(i64::from(code).to_le_bytes());
    blob.extend((shape.len() as i64).to_le_bytes());
    for &d in &shape {
        blob.extend(d.to_le_bytes());
    }
    blob.extend(bytes);
    let h = l.constant_tensor(&blob)?;
    l.orig.insert(h, t);
    Ok(h)
}

/// A string tensor constant: the blob's header, then each string as an i64 byte length and its
/// UTF-8 bytes (the runtime's `value_from_blob`).
fn string_constant(l: &mut Lower<'_>, op: OpId, a: Attribute, t: Type) -> LResult<Value> {
    let shape = types::tensor_shape(l.ctx, t).filter(|s| s.iter().all(|&d| d >= 0));
    let shape = shape.ok_or_else(|| l.err(op, "constant of unknown or dynamic shape"))?;
    let count: usize = shape.iter().map(|&d| d as usize).product();
    let strings = match l.ctx.attr_kind(a) {
        AttrKind::DenseElements { data: DenseElements::Strings(v), splat, .. } => match (*splat, v.as_slice()) {
            (true, [one]) => vec![one.clone(); count],
            _ => v.clone(),
        },
        _ => return Err(l.err(op, "a string constant must hold strings")),
    };
    if strings.len() != count {
        return Err(l.err(op, "Constant: the value does not match its type"));
    }
    let h = string_blob(l, &shape, &strings)?;
    l.orig.insert(h, t);
    Ok(h)
}

fn string_blob(l: &mut Lower<'_>, shape: &[i64], strings: &[String]) -> LResult<Value> {
    let mut blob = Vec::with_capacity(16 + 8 * shape.len() + strings.iter().map(|s| 8 + s.len()).sum::<usize>());
    blob.extend(8i64.to_le_bytes());
    blob.extend((shape.len() as i64).to_le_bytes());
    for &d in shape {
        blob.extend(d.to_le_bytes());
    }
    for s in strings {
        blob.extend((s.len() as i64).to_le_bytes());
        blob.extend(s.as_bytes());
    }
    l.constant_tensor(&blob)
}

/// A runtime 1-D string tensor with these values (string attributes).
pub(crate) fn string_tensor(l: &mut Lower<'_>, vals: &[String]) -> LResult<Value> {
    let h = string_blob(l, &[vals.len() as i64], vals)?;
    let st = flowgate_onnx::types::string_type(l.ctx);
    let t = l.ctx.tensor_type(vec![vals.len() as i64], st);
    l.orig.insert(h, t);
    Ok(h)
}

/// A runtime FLOAT 1-D tensor with these values (float list attributes that keep float32).
pub(crate) fn f32_tensor(l: &mut Lower<'_>, vals: &[f64]) -> LResult<Value> {
    let f32t = l.ctx.float_type(FloatKind::F32);
    list_tensor(l, 1, f32t, vals.len(), vals.iter().flat_map(|&v| (v as f32).to_le_bytes()))
}

/// A runtime INT64 1-D tensor with these values (axes, perms, shapes from attributes).
pub(crate) fn i64_tensor(l: &mut Lower<'_>, vals: &[i64]) -> LResult<Value> {
    let i64t = l.ctx.integer_type(64);
    list_tensor(l, 7, i64t, vals.len(), vals.iter().flat_map(|v| v.to_le_bytes()))
}

/// A constant 1-D tensor of `n` elements of ONNX type `code` (IR element type `elem`) whose
/// little-endian bytes are `data`.
fn list_tensor(l: &mut Lower<'_>, code: i64, elem: Type, n: usize, data: impl Iterator<Item = u8>) -> LResult<Value> {
    let mut blob = Vec::with_capacity(24 + 8 * n);
    blob.extend(code.to_le_bytes());
    blob.extend(1i64.to_le_bytes());
    blob.extend((n as i64).to_le_bytes());
    blob.extend(data);
    let h = l.constant_tensor(&blob)?;
    let t = l.ctx.tensor_type(vec![n as i64], elem);
    l.orig.insert(h, t);
    Ok(h)
}

/// A runtime DOUBLE 1-D tensor with these values (float list attributes).
pub(crate) fn f64_tensor(l: &mut Lower<'_>, vals: &[f64]) -> LResult<Value> {
    let mut blob = Vec::with_capacity(24 + 8 * vals.len());
    blob.extend(11i64.to_le_bytes());
    blob.extend(1i64.to_le_bytes());
    blob.extend((vals.len() as i64).to_le_bytes());
    for v in vals {
        blob.extend(v.to_le_bytes());
    }
    let m = l.blob(&blob)?;
    let h = l.rt("constant", &[m])?;
    let f64t = l.ctx.float_type(FloatKind::F64);
    let t = l.ctx.tensor_type(vec![vals.len() as i64], f64t);
    l.orig.insert(h, t);
    Ok(h)
}

/// The common case of model weights, float32 or float64 elements given one per element,
/// encoded straight from the attribute; false (nothing written) for anything else.
fn encode_floats_directly(l: &Lower<'_>, a: Attribute, e: Elem, count: usize, out: &mut Vec<u8>) -> bool {
    let AttrKind::DenseElements { splat: false, data: DenseElements::Floats(v), .. } = l.ctx.attr_kind(a) else {
        return false;
    };
    if v.len() != count {
        return false;
    }
    match e {
        Elem::Float(FloatKind::F32) => v.iter().for_each(|&b| out.extend((f64::from_bits(b) as f32).to_le_bytes())),
        Elem::Float(FloatKind::F64) => v.iter().for_each(|&b| out.extend(b.to_le_bytes())),
        _ => return false,
    }
    true
}

fn encode(out: &mut Vec<u8>, e: Elem, v: Num) {
    match (e, v) {
        (Elem::Float(FloatKind::F32), Num::F(x)) => out.extend((x as f32).to_le_bytes()),
        (Elem::Float(FloatKind::F64), Num::F(x)) => out.extend(x.to_le_bytes()),
        (Elem::Float(FloatKind::F16), Num::F(x)) => out.extend(half::f16::from_f64(x).to_le_bytes()),
        (Elem::Float(FloatKind::BF16), Num::F(x)) => out.extend(half::bf16::from_f64(x).to_le_bytes()),
        (Elem::Bool, Num::I(i)) => out.push((i != 0) as u8),
        (Elem::SInt(w) | Elem::UInt(w), Num::I(i)) => out.extend(&(i as u64).to_le_bytes()[..(w / 8) as usize]),
        (Elem::Float(_), Num::I(i)) => encode(out, e, Num::F(i as f64)),
        (_, Num::F(x)) => encode(out, e, Num::I(x as i128)),
    }
}
