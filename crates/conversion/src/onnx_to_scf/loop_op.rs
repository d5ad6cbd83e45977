//! `onnx.Loop(M, cond, v...)` to `scf.for` or `scf.while`, for every mode of seed 000.
//!
//! ```text
//! for:   %ub = arith.index_cast (tensor.extract %M[])
//!        scf.for %iv = %c0 to %ub step %c1 iter_args(v..., accs...)   // M < 0: no trip
//! while: scf.while (%i = 0, %c = cond|true, v..., accs...) {
//!          scf.condition(%c && %i < M) ...                           // just %c without M
//!        } do { body; scf.yield %i + 1, extract(cond_out)|true, v'..., accs' }
//! ```
//! The body's condition output decides whether to go on even without a condition input: the
//! seed's C code says it is ignored then, but onnxruntime (`LoopImpl::Execute` reads it after
//! every iteration) and ONNX's reference evaluator (`op_loop.py`) both stop when it is false,
//! and onnxruntime is the oracle. So `scf.for` is used only for `(M, "")` with a condition
//! output that is true whenever the body runs (the condition argument, through `Identity`s,
//! or a constant true); every other loop is an `scf.while` carrying the condition.
//! Carried values take the join of their initial, body-argument, yielded and result types, with
//! casts where a type differs. Scan outputs are `!onnx.seq<T>` accumulators (SequenceEmpty,
//! SequenceInsert per iteration) stacked by ConcatFromSequence along a new axis 0 after the
//! loop, so zero trips give a leading dimension 0 whatever the trip count is known to be.

use super::build::{self, err};
use super::types::{join_all, stacked};

/// On an `onnx.Loop`: the types its body yields for its scan outputs as the unspecialized model
/// knows them (the driver's shape specialization sets it). A loop of zero trips stacks nothing,
/// and onnxruntime gives the result the dimensions it knows statically and 0 for the others;
/// these types keep that answer independent of specialization.
pub const ZERO_TRIP_TYPES_ATTR: &str = "flowgate.zero_trip_types";

/// On the `onnx.ConcatFromSequence` that stacks a Loop's scan output: the type whose static
/// dimensions an empty stack takes (from [`ZERO_TRIP_TYPES_ATTR`]); without it, the result type.
pub const EMPTY_TYPE_ATTR: &str = "flowgate.empty_type";
use flowgate_ir::{
    AttrKind, BlockId, Builder, Context, DenseElements, Diagnostic, Location, OpId, OperationState, Type, Value,
};

/// The Loop being converted: its location, body block, yield, the body's declared argument
/// types and the carried types.
struct Body {
    op: OpId,
    loc: Location,
    block: BlockId,
    yield_op: OpId,
    arg_types: Vec<Type>,
    /// Which body arguments have uses.
    used: Vec<bool>,
    /// Whether the body's condition output decides the next trip (else it is always true).
    read_cond: bool,
    carried: Vec<Type>,
}

pub(crate) fn convert(ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
    let loc = ctx.op_loc(op);
    let operands = ctx.operands(op).to_vec();
    let [m, cond, inits @ ..] = operands.as_slice() else {
        return Err(err(ctx, op, "expects trip count and condition operands"));
    };
    let (m, cond, inits) = (*m, *cond, inits.to_vec());
    let results = ctx.results(op).to_vec();
    let n = inits.len();
    if results.len() < n {
        return Err(err(ctx, op, "expects a result per carried value"));
    }
    let k = results.len() - n;
    let (block, yield_op) = build::body(ctx, op, 0)?;
    let arg_types: Vec<Type> = ctx.block_args(block).iter().map(|&a| ctx.value_type(a)).collect();
    let yields = ctx.operand_types(yield_op);
    if arg_types.len() != 2 + n || yields.len() != 1 + n + k {
        return Err(err(ctx, op, "body signature does not match the Loop's carried values and scan outputs"));
    }

    let mut carried = Vec::with_capacity(n);
    for i in 0..n {
        let cands = [ctx.value_type(inits[i]), arg_types[2 + i], yields[1 + i], ctx.value_type(results[i])];
        let t = join_all(ctx, &cands).ok_or_else(|| {
            let shown: Vec<String> = cands.iter().map(|&t| build::show(ctx, t)).collect();
            err(ctx, op, format!("carried value #{i} has incompatible types {}", shown.join(", ")))
        })?;
        carried.push(t);
    }
    let scan_types = yields[1 + n..].to_vec();
    let has_m = !build::is_none(ctx, ctx.value_type(m));
    let has_cond = !build::is_none(ctx, ctx.value_type(cond));

    let mut b = Builder::before(ctx, op);
    let mut init_vals = Vec::with_capacity(n + k);
    for (&v, &t) in inits.iter().zip(&carried) {
        init_vals.push(build::coerce(&mut b, op, v, t, loc)?);
    }
    for &t in &scan_types {
        init_vals.push(build::sequence_empty(&mut b, op, t, loc)?);
    }
    // Without a condition input, a condition output that is always true need not be read; a
    // use of the condition argument only to yield it back then does not count.
    let read_cond = has_cond || !always_true(b.ctx, block, yield_op);
    let used = (b.ctx.block_args(block).iter().enumerate())
        .map(|(pos, &a)| {
            let ignored = |u: &flowgate_ir::Use| pos == 1 && !read_cond && u.op == yield_op && u.index == 0;
            b.ctx.uses(a).iter().any(|u| !ignored(u))
        })
        .collect();
    let body = Body { op, loc, block, yield_op, arg_types, used, read_cond, carried };
    let finals = if has_m && !read_cond {
        build_for(&mut b, &body, m, &init_vals)?
    } else {
        let m = if has_m { Some(m) } else { None };
        let cond = if has_cond { Some(cond) } else { None };
        build_while(&mut b, &body, m, cond, &init_vals)?
    };

    for i in 0..n {
        build::replace_result(&mut b, op, results[i], finals[i], loc);
    }
    let zero_trip: Vec<Type> = b
        .ctx
        .attr(op, ZERO_TRIP_TYPES_ATTR)
        .and_then(|a| b.ctx.attr_as_array(a))
        .map(|items| items.iter().filter_map(|&i| b.ctx.attr_as_type(i)).collect())
        .unwrap_or_default();
    for (j, &t) in scan_types.iter().enumerate() {
        let ty = stacked(b.ctx, t, 0).ok_or_else(|| err(b.ctx, op, format!("scan output #{j} is not a tensor")))?;
        let v = build::stack(&mut b, finals[n + j], 0, ty, loc);
        if let Some(empty) = zero_trip.get(j).and_then(|&z| stacked(b.ctx, z, 0)) {
            let a = b.ctx.type_attr(empty);
            let concat = b.ctx.defining_op(v).expect("stack made an op");
            b.ctx.set_attr(concat, EMPTY_TYPE_ATTR, a);
        }
        build::replace_result(&mut b, op, results[n + j], v, loc);
    }
    b.ctx.erase_op(op);
    Ok(())
}

/// Is the body's condition output true whenever the body runs? It is when it is the condition
/// argument (the loop only runs while that is true), possibly through `onnx.Identity`, or an
/// `onnx.Constant` true.
fn always_true(ctx: &Context, block: BlockId, yield_op: OpId) -> bool {
    let Some(&first) = ctx.operands(yield_op).first() else { return false };
    let mut v = first;
    // Bounded, so a malformed cycle of Identities cannot hang the pass.
    for _ in 0..64 {
        if ctx.block_args(block).get(1) == Some(&v) {
            return true;
        }
        let Some(def) = ctx.defining_op(v) else { return false };
        if ctx.is_op(def, "onnx.Identity") && ctx.operands(def).len() == 1 {
            v = ctx.operand(def, 0);
            continue;
        }
        if !ctx.is_op(def, "onnx.Constant") {
            return false;
        }
        let value = ctx.attr(def, "value").map(|a| ctx.attr_kind(a));
        return matches!(value, Some(AttrKind::DenseElements { data: DenseElements::Ints(xs), .. })
            if !xs.is_empty() && xs.iter().all(|&x| x != 0));
    }
    false
}

/// The trip count `M` as an `i64` scalar.
fn trip_count(b: &mut Builder<'_>, op: OpId, m: Value, loc: Location) -> Result<Value, Diagnostic> {
    let s = build::scalar_of(b, op, m, "trip count M", loc)?;
    let t = b.ctx.value_type(s);
    if !(b.ctx.is_signless_integer(t) && b.ctx.int_width(t) == Some(64)) {
        return Err(err(
            b.ctx,
            op,
            format!("trip count M must be an int64 tensor, but holds {}", build::show(b.ctx, t)),
        ));
    }
    Ok(s)
}

/// The body's arguments `(i, cond, v...)` from the loop's scalars `i` (`i64`, or the `index`
/// induction variable when `iv` is set) and `cond` (`i1`; `None` for constant true) and the
/// carried block arguments: rank-0 tensors for `i` and `cond`, the carried values cast to the
/// types the body declares. An argument the body never uses gets no ops (its raw value stands
/// in; nothing reads it).
fn body_args(
    b: &mut Builder<'_>,
    body: &Body,
    i: Value,
    iv: bool,
    cond: Option<Value>,
    carried: &[Value],
) -> Result<Vec<Value>, Diagnostic> {
    let (op, loc) = (body.op, body.loc);
    let mut out = Vec::with_capacity(2 + carried.len());
    out.push(if body.used[0] {
        let i = if iv { build::index_to_i64(b, i, loc)? } else { i };
        let t = build::from_elements(b, i, loc);
        build::coerce_scalar_tensor(b, op, t, body.arg_types[0], loc)?
    } else {
        i
    });
    out.push(if body.used[1] {
        let c = match cond {
            Some(c) => c,
            None => build::const_bool(b, true, loc),
        };
        let t = build::from_elements(b, c, loc);
        build::coerce_scalar_tensor(b, op, t, body.arg_types[1], loc)?
    } else {
        i
    });
    for (k, (&a, &t)) in carried.iter().zip(&body.arg_types[2..]).enumerate() {
        out.push(if body.used[2 + k] { build::coerce(b, op, a, t, loc)? } else { a });
    }
    Ok(out)
}

/// Inline the body after the prologue in `dest` with `(i, cond, v...)` as its arguments, and
/// return the yielded `(cond_out, v'..., scans...)`, with the carried ones cast to the carried
/// types and the scan values inserted into the accumulators `accs`. The `onnx.Yield` is erased;
/// the caller adds the terminator.
fn inline_and_yield(
    b: &mut Builder<'_>,
    body: &Body,
    dest: BlockId,
    args: &[Value],
    accs: &[Value],
) -> Result<(Value, Vec<Value>), Diagnostic> {
    let (op, loc, carried) = (body.op, body.loc, &body.carried);
    build::inline_body(b.ctx, op, body.block, dest, args)?;
    let y = body.yield_op;
    let vals = b.ctx.operands(y).to_vec();
    b.set_insertion_point_before(y);
    let n = carried.len();
    let mut out = Vec::with_capacity(vals.len() - 1);
    for (&v, &t) in vals[1..=n].iter().zip(carried) {
        out.push(build::coerce(b, op, v, t, loc)?);
    }
    for (&acc, &v) in accs.iter().zip(&vals[1 + n..]) {
        out.push(build::sequence_insert(b, acc, v, loc));
    }
    let cond_out = vals[0];
    b.set_insertion_point_to_end(dest);
    b.ctx.erase_op(y);
    Ok((cond_out, out))
}

fn build_for(b: &mut Builder<'_>, body: &Body, m: Value, inits: &[Value]) -> Result<Vec<Value>, Diagnostic> {
    let (op, loc) = (body.op, body.loc);
    let m = trip_count(b, op, m, loc)?;
    let it = b.ctx.index_type();
    let ub = build::index_cast(b, m, it, loc)?;
    let c0 = build::const_index(b, 0, loc);
    let c1 = build::const_index(b, 1, loc);
    let iter_types: Vec<Type> = inits.iter().map(|&v| b.ctx.value_type(v)).collect();
    let mut block_types = vec![it];
    block_types.extend_from_slice(&iter_types);
    let (region, blk) = build::region_with_block(b.ctx, &block_types, loc);
    let mut operands = vec![c0, ub, c1];
    operands.extend_from_slice(inits);
    let st = OperationState::new(b.ctx, "scf.for", loc).operands(&operands).results(&iter_types).regions(&[region]);
    let for_op = b.create(st);

    let ip = b.ip;
    let bargs = b.ctx.block_args(blk).to_vec();
    let n = body.carried.len();
    b.set_insertion_point_to_end(blk);
    let args = body_args(b, body, bargs[0], true, None, &bargs[1..=n])?;
    let (_, out) = inline_and_yield(b, body, blk, &args, &bargs[1 + n..])?;
    build::scf_yield(b, &out, loc);
    b.ip = ip;
    Ok(b.ctx.results(for_op).to_vec())
}

fn build_while(
    b: &mut Builder<'_>,
    body: &Body,
    m: Option<Value>,
    cond: Option<Value>,
    inits: &[Value],
) -> Result<Vec<Value>, Diagnostic> {
    let (op, loc) = (body.op, body.loc);
    let m = m.map(|m| trip_count(b, op, m, loc)).transpose()?;
    let c_init = match cond {
        Some(c) => build::scalar_of(b, op, c, "condition", loc)?,
        None => build::const_bool(b, true, loc),
    };
    let i0 = build::const_i64(b, 0, loc);
    let mut operands = vec![i0, c_init];
    operands.extend_from_slice(inits);
    let types: Vec<Type> = operands.iter().map(|&v| b.ctx.value_type(v)).collect();
    let (before_r, before) = build::region_with_block(b.ctx, &types, loc);
    let (after_r, after) = build::region_with_block(b.ctx, &types, loc);
    let st =
        OperationState::new(b.ctx, "scf.while", loc).operands(&operands).results(&types).regions(&[before_r, after_r]);
    let while_op = b.create(st);
    let ip = b.ip;

    // before: go on while the condition holds and (with M) i < M.
    let args = b.ctx.block_args(before).to_vec();
    b.set_insertion_point_to_end(before);
    let go = match m {
        Some(m) => {
            let lt = build::cmpi_slt(b, args[0], m, loc)?;
            build::binary(b, "arith.andi", args[1], lt, loc)?
        }
        None => args[1],
    };
    let mut cond_operands = vec![go];
    cond_operands.extend_from_slice(&args);
    let st = OperationState::new(b.ctx, "scf.condition", loc).operands(&cond_operands);
    b.create(st);

    // after: the body with (i, cond, v...) as tensors, then i + 1 and the next condition.
    let args = b.ctx.block_args(after).to_vec();
    let n = body.carried.len();
    b.set_insertion_point_to_end(after);
    let inner = body_args(b, body, args[0], false, Some(args[1]), &args[2..2 + n])?;
    let (cond_out, out) = inline_and_yield(b, body, after, &inner, &args[2 + n..])?;
    let one = build::const_i64(b, 1, loc);
    let next_i = build::binary(b, "arith.addi", args[0], one, loc)?;
    let next_c = if body.read_cond {
        build::scalar_of(b, op, cond_out, "the body's condition output", loc)?
    } else {
        build::const_bool(b, true, loc)
    };
    let mut yielded = vec![next_i, next_c];
    yielded.extend(out);
    build::scf_yield(b, &yielded, loc);
    b.ip = ip;
    Ok(b.ctx.results(while_op)[2..].to_vec())
}
