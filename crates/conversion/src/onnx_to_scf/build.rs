//! Small builders for the ops the conversion emits: `arith` scalars, `tensor` ops on rank-0
//! tensors and casts, the `onnx` sequence/slicing ops, `scf` terminators, and `coerce`, which
//! turns a value into one of a compatible type. Every op gets the location passed in (the
//! converted onnx op's), so diagnostics of later passes still name the ONNX node.

use flowgate_ir::{
    AttrKind, Attribute, BlockId, Builder, Context, DenseElements, Diagnostic, Location, OpId, OperationState,
    RegionId, Type, TypeKind, Value, DYNAMIC,
};
use flowgate_onnx::types::{compatible, is_unknown, opt_element, seq_element};

use super::types::{tensor_element, unranked};

/// An error about the op being converted.
pub(crate) fn err(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::op_error(ctx, op, msg)
}

/// The arith builders return `None` only for a misspelt op name or predicate: an internal
/// error, reported rather than unwrapped.
fn built(v: Option<Value>, what: &str, loc: Location) -> Result<Value, Diagnostic> {
    v.ok_or_else(|| Diagnostic::error(loc, format!("internal error: could not build '{what}'")))
}

pub(crate) fn const_index(b: &mut Builder<'_>, v: i64, loc: Location) -> Value {
    flowgate_arith::builders::constant_index(b, v, loc)
}

pub(crate) fn const_i64(b: &mut Builder<'_>, v: i64, loc: Location) -> Value {
    let t = b.ctx.integer_type(64);
    flowgate_arith::builders::constant_int(b, v as i128, t, loc)
}

pub(crate) fn const_bool(b: &mut Builder<'_>, v: bool, loc: Location) -> Value {
    let t = b.ctx.i1_type();
    flowgate_arith::builders::constant_int(b, v as i128, t, loc)
}

/// A same-type binary arith op (`arith.addi`, `arith.subi`, `arith.andi`).
pub(crate) fn binary(
    b: &mut Builder<'_>,
    name: &str,
    lhs: Value,
    rhs: Value,
    loc: Location,
) -> Result<Value, Diagnostic> {
    built(flowgate_arith::builders::binary(b, name, lhs, rhs, loc), name, loc)
}

pub(crate) fn cmpi_slt(b: &mut Builder<'_>, lhs: Value, rhs: Value, loc: Location) -> Result<Value, Diagnostic> {
    built(flowgate_arith::builders::cmpi(b, "slt", lhs, rhs, loc), "arith.cmpi", loc)
}

pub(crate) fn index_cast(b: &mut Builder<'_>, v: Value, to: Type, loc: Location) -> Result<Value, Diagnostic> {
    built(flowgate_arith::builders::cast(b, "arith.index_cast", v, to, loc), "arith.index_cast", loc)
}

/// `index` to `i64`.
pub(crate) fn index_to_i64(b: &mut Builder<'_>, v: Value, loc: Location) -> Result<Value, Diagnostic> {
    let t = b.ctx.integer_type(64);
    index_cast(b, v, t, loc)
}

/// `tensor.from_elements %x : tensor<T>`: a scalar as a rank-0 tensor.
pub(crate) fn from_elements(b: &mut Builder<'_>, x: Value, loc: Location) -> Value {
    let e = b.ctx.value_type(x);
    let t = b.ctx.tensor_type(vec![], e);
    let st = OperationState::new(b.ctx, "tensor.from_elements", loc).operands(&[x]).results(&[t]);
    b.create_value(st)
}

pub(crate) fn tensor_cast(b: &mut Builder<'_>, v: Value, to: Type, loc: Location) -> Value {
    let st = OperationState::new(b.ctx, "tensor.cast", loc).operands(&[v]).results(&[to]);
    b.create_value(st)
}

/// `tensor.dim %t, %c<axis>`.
pub(crate) fn dim(b: &mut Builder<'_>, t: Value, axis: i64, loc: Location) -> Result<Value, Diagnostic> {
    let it = b.ctx.index_type();
    if axis < 0 {
        // A negative axis on a value of unknown rank counts from the end at run time: the
        // entry of its `onnx.Shape`, as the slices' `onnx.Gather` counts it.
        let i64t = b.ctx.integer_type(64);
        let shape_t = b.ctx.tensor_type(vec![DYNAMIC], i64t);
        let shape = onnx1(b, "onnx.Shape", &[t], shape_t, &[], loc);
        let idx = const_i64_0d(b, axis, loc);
        let rank0 = b.ctx.tensor_type(vec![], i64t);
        let d = gather(b, shape, idx, 0, rank0, loc);
        let st = OperationState::new(b.ctx, "tensor.extract", loc).operands(&[d]).results(&[i64t]);
        let d = b.create_value(st);
        return index_cast(b, d, it, loc);
    }
    let c = const_index(b, axis, loc);
    let st = OperationState::new(b.ctx, "tensor.dim", loc).operands(&[t, c]).results(&[it]);
    Ok(b.create_value(st))
}

/// Can a tensor of shape `a` be a tensor of shape `b`? (ranks equal and known dims agree, or
/// one of them unranked.)
fn shapes_compatible(a: Option<&[i64]>, b: Option<&[i64]>) -> bool {
    match (a, b) {
        (Some(x), Some(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(&p, &q)| p == q || p == DYNAMIC || q == DYNAMIC)
        }
        _ => true,
    }
}

/// Does a ranked shape hold at most one element whatever its dynamic dims are?
fn single_element_shape(s: &[i64]) -> bool {
    s.iter().all(|&d| d == 1 || d == DYNAMIC)
}

/// The scalar held by a single-element tensor (`what` names it in errors), read with the
/// rank-0 form of `tensor.extract`. A ranked single-element tensor (`tensor<1xi1>`: ONNX allows
/// them for conditions and trip counts) is first reduced to rank 0 by gathering element 0 of
/// each dimension, which a dynamic dimension of size 0 turns into a run-time index error
/// instead of a read out of bounds; an unranked one is cast to rank 0.
pub(crate) fn scalar_of(
    b: &mut Builder<'_>,
    op: OpId,
    v: Value,
    what: &str,
    loc: Location,
) -> Result<Value, Diagnostic> {
    let t = b.ctx.value_type(v);
    let Some(e) = tensor_element(b.ctx, t) else {
        return Err(err(b.ctx, op, format!("{what} must be a single-element tensor, but is {}", show(b.ctx, t))));
    };
    let v = match b.ctx.shape(t).map(<[i64]>::to_vec) {
        Some(s) if single_element_shape(&s) => {
            let mut v = v;
            if !s.is_empty() {
                let zero = const_i64_0d(b, 0, loc);
                // Each gather removes the leading dimension.
                for i in 1..=s.len() {
                    let ty = b.ctx.tensor_type(s[i..].to_vec(), e);
                    v = gather(b, v, zero, 0, ty, loc);
                }
            }
            v
        }
        Some(_) => {
            return Err(err(b.ctx, op, format!("{what} must be a single-element tensor, but is {}", show(b.ctx, t))))
        }
        None => {
            let rank0 = b.ctx.tensor_type(vec![], e);
            tensor_cast(b, v, rank0, loc)
        }
    };
    let st = OperationState::new(b.ctx, "tensor.extract", loc).operands(&[v]).results(&[e]);
    Ok(b.create_value(st))
}

/// A rank-0 tensor as a body argument of declared type `to`: like [`coerce`], and a declared
/// single-element ranked type (`tensor<1xi64>`) is reached through the unranked type.
pub(crate) fn coerce_scalar_tensor(
    b: &mut Builder<'_>,
    op: OpId,
    v: Value,
    to: Type,
    loc: Location,
) -> Result<Value, Diagnostic> {
    let from = b.ctx.value_type(v);
    if let (Some(e), Some(s)) = (tensor_element(b.ctx, to), b.ctx.shape(to)) {
        if !s.is_empty() && single_element_shape(s) && tensor_element(b.ctx, from) == Some(e) {
            let u = unranked(b.ctx, e);
            let x = tensor_cast(b, v, u, loc);
            return Ok(tensor_cast(b, x, to, loc));
        }
    }
    coerce(b, op, v, to, loc)
}

/// `v` as a value of type `to`, which must be compatible with its type: itself when the types
/// are equal, else `tensor.cast` between tensors; between sequence or optional types, or from
/// `!onnx.unknown`, `onnx.Identity` (which ONNX defines on every type); a plain value into an
/// optional is wrapped by `onnx.Optional`, and an optional unwrapped by `onnx.OptionalGetElement`.
pub(crate) fn coerce(b: &mut Builder<'_>, op: OpId, v: Value, to: Type, loc: Location) -> Result<Value, Diagnostic> {
    let from = b.ctx.value_type(v);
    if from == to {
        return Ok(v);
    }
    let ctx = &*b.ctx;
    if ctx.is_tensor(from) && ctx.is_tensor(to) {
        if ctx.element_type(from) == ctx.element_type(to) && shapes_compatible(ctx.shape(from), ctx.shape(to)) {
            return Ok(tensor_cast(b, v, to, loc));
        }
    } else if let (Some(inner), None) = (opt_element(ctx, to), opt_element(ctx, from)) {
        if !is_unknown(ctx, from) {
            let x = coerce(b, op, v, inner, loc)?;
            return Ok(onnx1(b, "onnx.Optional", &[x], to, &[], loc));
        }
    } else if let (None, Some(inner)) = (opt_element(ctx, to), opt_element(ctx, from)) {
        if !is_unknown(ctx, to) {
            let x = onnx1(b, "onnx.OptionalGetElement", &[v], inner, &[], loc);
            return coerce(b, op, x, to, loc);
        }
    }
    let ctx = &*b.ctx;
    let same_kind = (seq_element(ctx, from).is_some() && seq_element(ctx, to).is_some())
        || (opt_element(ctx, from).is_some() && opt_element(ctx, to).is_some())
        || is_unknown(ctx, from)
        || is_unknown(ctx, to);
    if same_kind && compatible(ctx, from, to) {
        return Ok(onnx1(b, "onnx.Identity", &[v], to, &[], loc));
    }
    Err(err(b.ctx, op, format!("cannot convert a value of type {} to {}", show(b.ctx, from), show(b.ctx, to))))
}

pub(crate) fn show(ctx: &Context, t: Type) -> String {
    flowgate_ir::asm::type_to_string(ctx, t)
}

pub(crate) fn i64_attr(ctx: &mut Context, v: i64) -> Attribute {
    let t = ctx.integer_type(64);
    ctx.integer_attr(v as i128, t)
}

/// A one-result onnx op with the given attributes.
pub(crate) fn onnx1(
    b: &mut Builder<'_>,
    name: &str,
    operands: &[Value],
    result: Type,
    attrs: &[(&str, Attribute)],
    loc: Location,
) -> Value {
    let mut st = OperationState::new(b.ctx, name, loc).operands(operands).results(&[result]);
    for &(n, a) in attrs {
        st.add_attr(b.ctx, n, a);
    }
    b.create_value(st)
}

/// `onnx.Constant {value = dense<v> : tensor<1xi64>}` (a one-element splat, as upstream prints it).
pub(crate) fn const_i64_1d(b: &mut Builder<'_>, v: i64, loc: Location) -> Value {
    let i64t = b.ctx.integer_type(64);
    let t = b.ctx.tensor_type(vec![1], i64t);
    let a =
        b.ctx.intern_attr(AttrKind::DenseElements { ty: t, splat: true, data: DenseElements::Ints(vec![v as i128]) });
    onnx1(b, "onnx.Constant", &[], t, &[("value", a)], loc)
}

/// `onnx.Constant {value = dense<v> : tensor<i64>}`: a rank-0 index for `onnx.Gather`.
pub(crate) fn const_i64_0d(b: &mut Builder<'_>, v: i64, loc: Location) -> Value {
    let i64t = b.ctx.integer_type(64);
    let t = b.ctx.tensor_type(vec![], i64t);
    let a =
        b.ctx.intern_attr(AttrKind::DenseElements { ty: t, splat: true, data: DenseElements::Ints(vec![v as i128]) });
    onnx1(b, "onnx.Constant", &[], t, &[("value", a)], loc)
}

/// `onnx.Constant {value = dense<0> : t}`: zeros (`false` for bool) of a statically shaped
/// tensor type.
pub(crate) fn zeros(b: &mut Builder<'_>, op: OpId, t: Type, loc: Location) -> Result<Value, Diagnostic> {
    let e = tensor_element(b.ctx, t).filter(|_| b.ctx.shape(t).is_some());
    let data = match e {
        Some(e) if b.ctx.is_float(e) => DenseElements::Floats(vec![0f64.to_bits()]),
        Some(e) if b.ctx.is_integer(e) => DenseElements::Ints(vec![0]),
        _ => return Err(err(b.ctx, op, format!("cannot make zeros of type {}", show(b.ctx, t)))),
    };
    let a = b.ctx.intern_attr(AttrKind::DenseElements { ty: t, splat: true, data });
    Ok(onnx1(b, "onnx.Constant", &[], t, &[("value", a)], loc))
}

/// `onnx.SequenceEmpty {dtype}`: an empty sequence of tensors of type `elem`.
pub(crate) fn sequence_empty(b: &mut Builder<'_>, op: OpId, elem: Type, loc: Location) -> Result<Value, Diagnostic> {
    let code = tensor_element(b.ctx, elem).and_then(|e| flowgate_onnx::dtype::dtype_code(b.ctx, e));
    let Some(code) = code else {
        return Err(err(
            b.ctx,
            op,
            format!("cannot stack values of type {}: not a tensor of an ONNX element type", show(b.ctx, elem)),
        ));
    };
    let seq = flowgate_onnx::types::seq_type(b.ctx, elem);
    let a = i64_attr(b.ctx, code as i64);
    Ok(onnx1(b, "onnx.SequenceEmpty", &[], seq, &[("dtype", a)], loc))
}

pub(crate) fn sequence_insert(b: &mut Builder<'_>, seq: Value, t: Value, loc: Location) -> Value {
    let ty = b.ctx.value_type(seq);
    onnx1(b, "onnx.SequenceInsert", &[seq, t], ty, &[], loc)
}

/// `onnx.ConcatFromSequence(%seq) {axis, new_axis = 1}`: the sequence stacked along a new axis.
pub(crate) fn stack(b: &mut Builder<'_>, seq: Value, axis: i64, result: Type, loc: Location) -> Value {
    let a = i64_attr(b.ctx, axis);
    let one = i64_attr(b.ctx, 1);
    onnx1(b, "onnx.ConcatFromSequence", &[seq], result, &[("axis", a), ("new_axis", one)], loc)
}

/// `onnx.Gather(%x, %idx) {axis}` with a rank-0 int64 index: the slice at `idx`, without `axis`.
pub(crate) fn gather(b: &mut Builder<'_>, x: Value, idx: Value, axis: i64, result: Type, loc: Location) -> Value {
    let a = i64_attr(b.ctx, axis);
    onnx1(b, "onnx.Gather", &[x, idx], result, &[("axis", a)], loc)
}

/// `x` reversed along `axis`: `onnx.Slice(x, starts=[-1], ends=[INT64_MIN], axes=[axis],
/// steps=[-1])`.
pub(crate) fn reverse(b: &mut Builder<'_>, x: Value, axis: i64, loc: Location) -> Value {
    let starts = const_i64_1d(b, -1, loc);
    let ends = const_i64_1d(b, i64::MIN, loc);
    let axes = const_i64_1d(b, axis, loc);
    let steps = const_i64_1d(b, -1, loc);
    let t = b.ctx.value_type(x);
    onnx1(b, "onnx.Slice", &[x, starts, ends, axes, steps], t, &[], loc)
}

pub(crate) fn scf_yield(b: &mut Builder<'_>, vals: &[Value], loc: Location) -> OpId {
    let st = OperationState::new(b.ctx, "scf.yield", loc).operands(vals);
    b.create(st)
}

/// `scf.for %t = 0 to ub step 1 iter_args(inits)` at `b`'s insertion point, its body block
/// (taking the index, then one value per init) left empty for the caller to fill.
pub(crate) fn scf_for(b: &mut Builder<'_>, ub: Value, inits: &[Value], loc: Location) -> (OpId, BlockId) {
    let c0 = const_index(b, 0, loc);
    let c1 = const_index(b, 1, loc);
    let it = b.ctx.index_type();
    let iter_types: Vec<Type> = inits.iter().map(|&v| b.ctx.value_type(v)).collect();
    let mut block_types = vec![it];
    block_types.extend_from_slice(&iter_types);
    let (region, blk) = region_with_block(b.ctx, &block_types, loc);
    let mut operands = vec![c0, ub, c1];
    operands.extend_from_slice(inits);
    let st = OperationState::new(b.ctx, "scf.for", loc).operands(&operands).results(&iter_types).regions(&[region]);
    (b.create(st), blk)
}

/// A detached region with one block taking `args`.
pub(crate) fn region_with_block(ctx: &mut Context, args: &[Type], loc: Location) -> (RegionId, BlockId) {
    let r = ctx.create_region();
    let blk = ctx.add_block(r, args, loc);
    (r, blk)
}

/// Is `t` the type of an omitted optional input (`none`)?
pub(crate) fn is_none(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::None)
}

/// The single block of region `i` of `op` and its `onnx.Yield` terminator.
pub(crate) fn body(ctx: &Context, op: OpId, i: usize) -> Result<(BlockId, OpId), Diagnostic> {
    let region = ctx.regions(op).get(i).copied();
    let blocks = region.map(|r| ctx.region_blocks(r)).unwrap_or(&[]);
    let [blk] = blocks else {
        return Err(err(ctx, op, format!("expects region #{i} to have exactly one block")));
    };
    let y = ctx.last_op(*blk).filter(|&t| ctx.is_op(t, "onnx.Yield"));
    y.map(|y| (*blk, y)).ok_or_else(|| err(ctx, op, format!("expects region #{i} to end with 'onnx.Yield'")))
}

/// Move the ops of `body` to the end of `dest`, its arguments replaced by `args`.
pub(crate) fn inline_body(
    ctx: &mut Context,
    op: OpId,
    body: BlockId,
    dest: BlockId,
    args: &[Value],
) -> Result<(), Diagnostic> {
    let n = ctx.block_args(body).len();
    if n != args.len() {
        return Err(err(ctx, op, format!("body takes {n} arguments, expected {}", args.len())));
    }
    ctx.inline_block_before(body, dest, None, args);
    Ok(())
}

/// Integers of an attribute given as an array of integers or a dense array.
pub(crate) fn int_list(ctx: &Context, op: OpId, name: &str) -> Option<Vec<i64>> {
    let a = ctx.attr(op, name)?;
    if let Some(items) = ctx.attr_as_array(a) {
        return Some(items.iter().filter_map(|&x| ctx.attr_as_int(x)).map(|v| v as i64).collect());
    }
    ctx.attr_as_dense_array(a).map(|v| v.iter().map(|&x| x as i64).collect())
}

/// Replace the uses of `old` (a result of the converted op) by `new`, cast back to `old`'s
/// declared type when the two are compatible, so later ops and the function's return keep
/// the types they were verified with; otherwise the uses see `new`'s (more general) type.
pub(crate) fn replace_result(b: &mut Builder<'_>, op: OpId, old: Value, new: Value, loc: Location) {
    let want = b.ctx.value_type(old);
    let v = if b.ctx.value_type(new) == want { new } else { coerce(b, op, new, want, loc).unwrap_or(new) };
    b.ctx.replace_all_uses(old, v);
}
