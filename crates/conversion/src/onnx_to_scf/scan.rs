//! `onnx.Scan` to `scf.for` over the scan axis.
//!
//! ```text
//! %len = tensor.dim %in0, %axis0
//! scf.for %t = %c0 to %len step %c1 iter_args(states..., accs: !onnx.seq<T>...) {
//!   %x_j = onnx.Gather(%in_j, from_elements(t or len-1-t)) {axis = axis_j}   // drops the axis
//!   body; scf.yield states', onnx.SequenceInsert(%acc_k, %out_k)...
//! }
//! %y_k = onnx.ConcatFromSequence(%acc_k) {axis = out_axis_k, new_axis = 1}
//!        (then onnx.Slice reversing along out_axis_k for direction 1)
//! ```
//! Opset 8 ([`convert_v8`]) wraps this in a loop over the batch axis 0 of states and inputs,
//! runs the inner loop over the sequence axis of each slice, and stacks the per-batch results.

use super::build::{self, err};
use super::types::{join_all, normalize_axis, sliced, stacked};
use flowgate_ir::{BlockId, Builder, Context, Diagnostic, Location, OpId, OperationState, Type, Value};

/// One scan loop to build: initial states, scan inputs with their (normalised) axes and
/// directions, and the body (consumed).
struct ScanLoop {
    states: Vec<Value>,
    /// Types joined into each state's carried type besides the initial, body and yielded ones
    /// (the declared result types).
    state_hints: Vec<Type>,
    inputs: Vec<Value>,
    in_axes: Vec<i64>,
    in_dirs: Vec<i64>,
    /// The trip count (`index`) when the caller has it (opset 8: `sequence_lens`, or the
    /// sequence length it checked over the whole batch); else scan input #0's length along its
    /// axis, checked against the other scan inputs.
    len: Option<Value>,
    body: BlockId,
    yield_op: OpId,
}

/// The built loop's final states and scan-output accumulators, and the per-iteration type of
/// each scan output.
struct ScanResult {
    states: Vec<Value>,
    accs: Vec<Value>,
    out_types: Vec<Type>,
}

fn num_scan_inputs(ctx: &Context, op: OpId, operands: usize) -> Result<usize, Diagnostic> {
    let m = ctx.attr(op, "num_scan_inputs").and_then(|a| ctx.attr_as_int(a));
    match m {
        Some(m) if m >= 1 && m as usize <= operands => Ok(m as usize),
        _ => Err(err(ctx, op, "requires 'num_scan_inputs' between 1 and the number of inputs")),
    }
}

/// An axes or directions list of `count` entries (zeros when absent); directions must be 0 or 1.
fn list(ctx: &Context, op: OpId, name: &str, count: usize) -> Result<Vec<i64>, Diagnostic> {
    let Some(v) = build::int_list(ctx, op, name) else { return Ok(vec![0; count]) };
    if v.len() != count {
        return Err(err(ctx, op, format!("{name} has {} entries but there are {count}", v.len())));
    }
    if name.ends_with("directions") {
        if let Some((i, d)) = v.iter().enumerate().find(|(_, &d)| d != 0 && d != 1) {
            return Err(err(ctx, op, format!("{name}[{i}] = {d} must be 0 (forward) or 1 (reverse)")));
        }
    }
    Ok(v)
}

/// The carried type of each state: the join of its initial type, body argument and yield
/// types and the hint.
fn state_types(
    ctx: &mut Context,
    op: OpId,
    inits: &[Type],
    hints: &[Type],
    body: BlockId,
    yield_op: OpId,
) -> Result<Vec<Type>, Diagnostic> {
    let args: Vec<Type> = ctx.block_args(body).iter().map(|&a| ctx.value_type(a)).collect();
    let yields = ctx.operand_types(yield_op);
    let n = inits.len();
    if args.len() < n || yields.len() < n || hints.len() != n {
        return Err(err(ctx, op, "body signature does not match the Scan's states"));
    }
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let cands = [inits[i], args[i], yields[i], hints[i]];
        let t = join_all(ctx, &cands).ok_or_else(|| {
            let shown: Vec<String> = cands.iter().map(|&t| build::show(ctx, t)).collect();
            err(ctx, op, format!("state variable #{i} has incompatible types {}", shown.join(", ")))
        })?;
        out.push(t);
    }
    Ok(out)
}

fn rank_of(ctx: &Context, t: Type) -> Option<usize> {
    ctx.shape(t).map(<[i64]>::len)
}

/// The internal op that checks a scan input's length at run time (see [`scan_length`]);
/// convert-onnx-to-loops lowers it. Named `onnx.<OpType>.<what>`, so run-time errors name the
/// Scan node.
pub const CHECK_LENGTH: &str = "onnx.Scan.check_length";

/// The internal op that checks an opset-8 Scan operand's batch size (see [`batch_size`]);
/// convert-onnx-to-loops lowers it, and its run-time error names the Scan node.
pub const CHECK_BATCH: &str = "onnx.Scan.check_batch";

/// The static size of `v` along `axis`, if known.
fn static_dim(ctx: &Context, v: Value, axis: i64) -> Option<i64> {
    let t = ctx.value_type(v);
    ctx.shape(t)
        .and_then(|sh| usize::try_from(axis).ok().and_then(|a| sh.get(a).copied()))
        .filter(|&d| d != flowgate_ir::DYNAMIC)
}

/// Opset 8's batch size: scan input #0's axis 0, which every state, every other scan input
/// and `sequence_lens` must have too. onnxruntime refuses inputs of inconsistent batch sizes;
/// the batch loop would otherwise run scan input #0's and cut the others short silently (or
/// read past their end). Each operand whose size is not statically the same gets an
/// [`CHECK_BATCH`] op passing the size through, so the loop bound depends on every check.
/// `operands` are the Scan's states then scan inputs (`states` of them states); its `operand`
/// attribute is the index there (-1 for `sequence_lens`), which the error turns into a name.
fn batch_size(
    b: &mut Builder<'_>,
    lens: Option<Value>,
    operands: &[Value],
    states: usize,
    loc: Location,
) -> Result<Value, Diagnostic> {
    let first = static_dim(b.ctx, operands[states], 0);
    let mut size = build::dim(b, operands[states], 0, loc)?;
    let others = lens.map(|l| (-1, l)).into_iter().chain(operands.iter().enumerate().map(|(i, &v)| (i as i64, v)));
    for (i, v) in others {
        if i == states as i64 || (first.is_some() && static_dim(b.ctx, v, 0) == first) {
            continue;
        }
        let it = b.ctx.index_type();
        let attrs = [("operand", build::i64_attr(b.ctx, i)), ("states", build::i64_attr(b.ctx, states as i64))];
        size = build::onnx1(b, CHECK_BATCH, &[size, v], it, &attrs, loc);
    }
    Ok(size)
}

/// The number of steps: scan input #0's length along its axis, which every other scan input
/// must have too. onnxruntime refuses scan inputs of different lengths; the loop would
/// otherwise run input #0's length and cut the others short silently (or read past their end).
/// Each other input whose length is not statically the same gets an [`CHECK_LENGTH`] op, which
/// passes the length through, so the loop bound depends on every check. `axes[j]` is scan input
/// `inputs[j]`'s sequence axis.
fn scan_length(b: &mut Builder<'_>, inputs: &[Value], axes: &[i64], loc: Location) -> Result<Value, Diagnostic> {
    let first = static_dim(b.ctx, inputs[0], axes[0]);
    let mut len = build::dim(b, inputs[0], axes[0], loc)?;
    for j in 1..inputs.len() {
        if first.is_some() && static_dim(b.ctx, inputs[j], axes[j]) == first {
            continue;
        }
        let it = b.ctx.index_type();
        let attrs = [("axis", build::i64_attr(b.ctx, axes[j])), ("input", build::i64_attr(b.ctx, j as i64))];
        len = build::onnx1(b, CHECK_LENGTH, &[len, inputs[j]], it, &attrs, loc);
    }
    Ok(len)
}

/// Build the loop at `b`'s insertion point (which it leaves after the loop).
fn build_scan_loop(b: &mut Builder<'_>, op: OpId, s: ScanLoop, loc: Location) -> Result<ScanResult, Diagnostic> {
    let (n, m) = (s.states.len(), s.inputs.len());
    let arg_types: Vec<Type> = b.ctx.block_args(s.body).iter().map(|&a| b.ctx.value_type(a)).collect();
    let yields = b.ctx.operand_types(s.yield_op);
    if arg_types.len() != n + m || yields.len() < n || m == 0 {
        return Err(err(b.ctx, op, "body signature does not match the Scan's states and scan inputs"));
    }
    let init_types: Vec<Type> = s.states.iter().map(|&v| b.ctx.value_type(v)).collect();
    let carried = state_types(b.ctx, op, &init_types, &s.state_hints, s.body, s.yield_op)?;
    let out_types = yields[n..].to_vec();

    let mut inits = Vec::with_capacity(yields.len());
    for (&v, &t) in s.states.iter().zip(&carried) {
        inits.push(build::coerce(b, op, v, t, loc)?);
    }
    for &t in &out_types {
        inits.push(build::sequence_empty(b, op, t, loc)?);
    }
    if !b.ctx.is_tensor(b.ctx.value_type(s.inputs[0])) {
        let t = b.ctx.value_type(s.inputs[0]);
        return Err(err(b.ctx, op, format!("scan input #0 must be a tensor, but is {}", build::show(b.ctx, t))));
    }
    let len = match s.len {
        Some(len) => len,
        None => scan_length(b, &s.inputs, &s.in_axes, loc)?,
    };
    let c0 = build::const_index(b, 0, loc);
    let c1 = build::const_index(b, 1, loc);
    // A body argument nothing reads gets no ops: no slice, no cast (its raw value stands in).
    let used: Vec<bool> = b.ctx.block_args(s.body).iter().map(|&a| b.ctx.has_uses(a)).collect();
    let reversed = (0..m).any(|j| used[n + j] && s.in_dirs[j] == 1);
    let last = if reversed { Some(build::binary(b, "arith.subi", len, c1, loc)?) } else { None };
    let iter_types: Vec<Type> = inits.iter().map(|&v| b.ctx.value_type(v)).collect();
    let it = b.ctx.index_type();
    let mut block_types = vec![it];
    block_types.extend_from_slice(&iter_types);
    let (region, blk) = build::region_with_block(b.ctx, &block_types, loc);
    let mut operands = vec![c0, len, c1];
    operands.extend_from_slice(&inits);
    let st = OperationState::new(b.ctx, "scf.for", loc).operands(&operands).results(&iter_types).regions(&[region]);
    let for_op = b.create(st);
    let ip = b.ip;

    let bargs = b.ctx.block_args(blk).to_vec();
    b.set_insertion_point_to_end(blk);
    let mut fwd = None;
    let mut rev = None;
    let mut args = Vec::with_capacity(n + m);
    for (i, (&a, &t)) in bargs[1..=n].iter().zip(&arg_types).enumerate() {
        args.push(if used[i] { build::coerce(b, op, a, t, loc)? } else { a });
    }
    for j in 0..m {
        if !used[n + j] {
            args.push(bargs[0]);
            continue;
        }
        let idx = match (s.in_dirs[j], last) {
            (1, Some(last)) => match rev {
                Some(v) => v,
                None => {
                    let r = build::binary(b, "arith.subi", last, bargs[0], loc)?;
                    let r = build::index_to_i64(b, r, loc)?;
                    *rev.insert(build::from_elements(b, r, loc))
                }
            },
            _ => match fwd {
                Some(v) => v,
                None => {
                    let r = build::index_to_i64(b, bargs[0], loc)?;
                    *fwd.insert(build::from_elements(b, r, loc))
                }
            },
        };
        let input = s.inputs[j];
        let it = b.ctx.value_type(input);
        let ty = sliced(b.ctx, it, s.in_axes[j]).ok_or_else(|| {
            err(b.ctx, op, format!("scan input #{j} must be a tensor, but is {}", build::show(b.ctx, it)))
        })?;
        let g = build::gather(b, input, idx, s.in_axes[j], ty, loc);
        args.push(build::coerce(b, op, g, arg_types[n + j], loc)?);
    }
    build::inline_body(b.ctx, op, s.body, blk, &args)?;
    let vals = b.ctx.operands(s.yield_op).to_vec();
    b.set_insertion_point_before(s.yield_op);
    let mut out = Vec::with_capacity(vals.len());
    for (&v, &t) in vals[..n].iter().zip(&carried) {
        out.push(build::coerce(b, op, v, t, loc)?);
    }
    for (&acc, &v) in bargs[1 + n..].iter().zip(&vals[n..]) {
        out.push(build::sequence_insert(b, acc, v, loc));
    }
    build::scf_yield(b, &out, loc);
    b.ctx.erase_op(s.yield_op);
    b.ip = ip;
    let res = b.ctx.results(for_op).to_vec();
    Ok(ScanResult { states: res[..n].to_vec(), accs: res[n..].to_vec(), out_types })
}

/// Scan opset 9 and later.
pub(crate) fn convert(ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
    let loc = ctx.op_loc(op);
    let operands = ctx.operands(op).to_vec();
    let m = num_scan_inputs(ctx, op, operands.len())?;
    let n = operands.len() - m;
    let results = ctx.results(op).to_vec();
    if results.len() < n {
        return Err(err(ctx, op, "expects a result per state variable"));
    }
    let k = results.len() - n;
    let (body, yield_op) = build::body(ctx, op, 0)?;
    let inputs = operands[n..].to_vec();
    let raw_axes = list(ctx, op, "scan_input_axes", m)?;
    let mut in_axes = Vec::with_capacity(m);
    for (j, (&a, &v)) in raw_axes.iter().zip(&inputs).enumerate() {
        let rank = rank_of(ctx, ctx.value_type(v));
        // With an unknown rank a negative axis stays negative: the length and the slices
        // count it from the end at run time (`build::dim`, `onnx.Gather`).
        let norm = match rank {
            Some(r) => normalize_axis(a, Some(r))
                .ok_or_else(|| err(ctx, op, format!("scan_input_axes[{j}] = {a} is out of range for rank {r}")))?,
            None => a,
        };
        in_axes.push(norm);
    }
    let in_dirs = list(ctx, op, "scan_input_directions", m)?;
    let out_axes = list(ctx, op, "scan_output_axes", k)?;
    let out_dirs = list(ctx, op, "scan_output_directions", k)?;
    let state_hints: Vec<Type> = results[..n].iter().map(|&r| ctx.value_type(r)).collect();

    let mut b = Builder::before(ctx, op);
    let spec =
        ScanLoop { states: operands[..n].to_vec(), state_hints, inputs, in_axes, in_dirs, len: None, body, yield_op };
    let r = build_scan_loop(&mut b, op, spec, loc)?;
    for (&old, &new) in results.iter().zip(&r.states) {
        build::replace_result(&mut b, op, old, new, loc);
    }
    for j in 0..k {
        let t = r.out_types[j];
        // The output has one more dimension than each iteration's value; with an unknown rank
        // a negative axis is left to ConcatFromSequence, which counts it from the end.
        let axis = match rank_of(b.ctx, t) {
            Some(rank) => normalize_axis(out_axes[j], Some(rank + 1)).ok_or_else(|| {
                err(b.ctx, op, format!("scan_output_axes[{j}] = {} is out of range for rank {}", out_axes[j], rank + 1))
            })?,
            None => out_axes[j],
        };
        let ty = stacked(b.ctx, t, axis).ok_or_else(|| {
            err(b.ctx, op, format!("scan output #{j} must be a tensor, but is {}", build::show(b.ctx, t)))
        })?;
        let mut v = build::stack(&mut b, r.accs[j], axis, ty, loc);
        if out_dirs[j] == 1 {
            v = build::reverse(&mut b, v, axis, loc);
        }
        build::replace_result(&mut b, op, results[n + j], v, loc);
    }
    b.ctx.erase_op(op);
    Ok(())
}

/// Scan opset 8: `(sequence_lens, states..., inputs...)` with batch axis 0 on states and
/// inputs, sequence axis 1 on inputs, one `directions` list for the inputs, and outputs
/// stacked along axis 1 (after the batch axis), always forward.
///
/// With `sequence_lens`, batch entry `b` runs `sequence_lens[b]` steps, as onnxruntime does:
/// reverse inputs start at `sequence_lens[b] - 1`, and the scan outputs past the end are
/// zero-filled up to the longest length (the inputs' sequence axis). The zeros are an
/// `onnx.Constant` of the per-step output type, so those outputs need a static shape. A length
/// above the maximum fails at run time in the Gather of the first missing step; onnxruntime
/// also rejects lengths below 1, which here run no step.
///
/// States, scan inputs and `sequence_lens` must agree on the batch size (axis 0), and the scan
/// inputs on the sequence length (axis 1), as onnxruntime demands. Both are checked once,
/// before the batch loop (`onnx.Scan.check_batch`, `onnx.Scan.check_length` on axis 1); the
/// sequence length is every batch entry's trip count without `sequence_lens`.
pub(crate) fn convert_v8(ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
    let loc = ctx.op_loc(op);
    let operands = ctx.operands(op).to_vec();
    let Some((&lens, rest)) = operands.split_first() else {
        return Err(err(ctx, op, "expects a sequence_lens operand"));
    };
    let lens = if build::is_none(ctx, ctx.value_type(lens)) { None } else { Some(lens) };
    let m = num_scan_inputs(ctx, op, rest.len())?;
    let n = rest.len() - m;
    let results = ctx.results(op).to_vec();
    if results.len() < n {
        return Err(err(ctx, op, "expects a result per state variable"));
    }
    let k = results.len() - n;
    let (body, yield_op) = build::body(ctx, op, 0)?;
    let dirs = list(ctx, op, "directions", m)?;
    let (states, inputs) = (rest[..n].to_vec(), rest[n..].to_vec());

    // Per-batch types: states and inputs without the batch axis, results likewise.
    let slice_ty = |ctx: &mut Context, v: Type, what: String| {
        sliced(ctx, v, 0)
            .ok_or_else(|| err(ctx, op, format!("{what} must be a tensor, but is {}", build::show(ctx, v))))
    };
    let mut state_inits = Vec::with_capacity(n);
    let mut hints = Vec::with_capacity(n);
    for i in 0..n {
        let t = ctx.value_type(states[i]);
        state_inits.push(slice_ty(ctx, t, format!("state #{i}"))?);
        let r = ctx.value_type(results[i]);
        hints.push(slice_ty(ctx, r, format!("result #{i}"))?);
    }
    let carried = state_types(ctx, op, &state_inits, &hints, body, yield_op)?;
    let yields = ctx.operand_types(yield_op);
    if yields.len() != n + k {
        return Err(err(ctx, op, "body signature does not match the Scan's states and scan outputs"));
    }
    let mut per_batch = carried.clone();
    for (j, &t) in yields[n..].iter().enumerate() {
        let s = stacked(ctx, t, 0).ok_or_else(|| {
            err(ctx, op, format!("scan output #{j} must be a tensor, but is {}", build::show(ctx, t)))
        })?;
        per_batch.push(s);
        let static_shape = ctx.shape(t).is_some_and(|s| s.iter().all(|&d| d != flowgate_ir::DYNAMIC));
        if lens.is_some() && !static_shape {
            return Err(err(
                ctx,
                op,
                format!(
                    "Scan-8 with sequence_lens zero-fills scan outputs, which needs a static shape, but scan output #{j} is {}",
                    build::show(ctx, t)
                ),
            ));
        }
    }

    let mut b = Builder::before(ctx, op);
    let it = b.ctx.index_type();
    let first_ty = b.ctx.value_type(inputs[0]);
    if !b.ctx.is_tensor(first_ty) {
        return Err(err(b.ctx, op, format!("scan input #0 must be a tensor, but is {}", build::show(b.ctx, first_ty))));
    }
    let batch = batch_size(&mut b, lens, rest, n, loc)?;
    let steps = scan_length(&mut b, &inputs, &vec![1; m], loc)?;
    let mut zeros = Vec::with_capacity(k);
    if lens.is_some() {
        for &t in &yields[n..] {
            zeros.push(build::zeros(&mut b, op, t, loc)?);
        }
    }
    let mut inits = Vec::with_capacity(per_batch.len());
    for &t in &per_batch {
        inits.push(build::sequence_empty(&mut b, op, t, loc)?);
    }
    let (outer, blk) = build::scf_for(&mut b, batch, &inits, loc);
    let ip = b.ip;

    let bargs = b.ctx.block_args(blk).to_vec();
    b.set_insertion_point_to_end(blk);
    let bi = build::index_to_i64(&mut b, bargs[0], loc)?;
    let bidx = build::from_elements(&mut b, bi, loc);
    let take = |b: &mut Builder<'_>, v: Value, t: Type| build::gather(b, v, bidx, 0, t, loc);
    let state_b: Vec<Value> = states.iter().zip(&state_inits).map(|(&v, &t)| take(&mut b, v, t)).collect();
    let mut input_b = Vec::with_capacity(m);
    for (j, &v) in inputs.iter().enumerate() {
        let t = b.ctx.value_type(v);
        let t = slice_ty(b.ctx, t, format!("scan input #{j}"))?;
        input_b.push(take(&mut b, v, t));
    }
    let len = match lens {
        Some(l) => {
            let lt = b.ctx.value_type(l);
            let t = slice_ty(b.ctx, lt, "sequence_lens".to_string())?;
            let lb = take(&mut b, l, t);
            let l64 = build::scalar_of(&mut b, op, lb, "an entry of sequence_lens", loc)?;
            let lt = b.ctx.value_type(l64);
            if !b.ctx.is_signless_integer(lt) {
                let shown = build::show(b.ctx, lt);
                return Err(err(b.ctx, op, format!("sequence_lens must hold int64 values, but holds {shown}")));
            }
            Some(build::index_cast(&mut b, l64, it, loc)?)
        }
        None => None,
    };
    let spec = ScanLoop {
        states: state_b,
        state_hints: hints,
        inputs: input_b,
        in_axes: vec![0; m],
        in_dirs: dirs,
        len: Some(len.unwrap_or(steps)),
        body,
        yield_op,
    };
    let r = build_scan_loop(&mut b, op, spec, loc)?;
    let accs = match len {
        Some(len) if k > 0 => pad(&mut b, len, steps, &r.accs, &zeros, loc)?,
        _ => r.accs,
    };
    let mut yielded = Vec::with_capacity(n + k);
    for (i, &v) in r.states.iter().enumerate() {
        yielded.push(build::sequence_insert(&mut b, bargs[1 + i], v, loc));
    }
    for j in 0..k {
        let v = build::stack(&mut b, accs[j], 0, per_batch[n + j], loc);
        yielded.push(build::sequence_insert(&mut b, bargs[1 + n + j], v, loc));
    }
    build::scf_yield(&mut b, &yielded, loc);
    b.ip = ip;

    let seqs = b.ctx.results(outer).to_vec();
    for (i, (&seq, &t)) in seqs.iter().zip(&per_batch).enumerate() {
        let ty =
            stacked(b.ctx, t, 0).ok_or_else(|| err(b.ctx, op, "internal error: per-batch value is not a tensor"))?;
        let v = build::stack(&mut b, seq, 0, ty, loc);
        build::replace_result(&mut b, op, results[i], v, loc);
    }
    b.ctx.erase_op(op);
    Ok(())
}

/// `scf.for %t = max(len, 0) to max` appending each output's zeros: the rows after a short
/// sequence, up to the inputs' sequence length `max` (a negative length, which onnxruntime
/// rejects, still gives the full number of rows).
fn pad(
    b: &mut Builder<'_>,
    len: Value,
    max: Value,
    accs: &[Value],
    zeros: &[Value],
    loc: Location,
) -> Result<Vec<Value>, Diagnostic> {
    let c0 = build::const_index(b, 0, loc);
    let len = build::binary(b, "arith.maxsi", len, c0, loc)?;
    let c1 = build::const_index(b, 1, loc);
    let types: Vec<Type> = accs.iter().map(|&v| b.ctx.value_type(v)).collect();
    let it = b.ctx.index_type();
    let mut block_types = vec![it];
    block_types.extend_from_slice(&types);
    let (region, blk) = build::region_with_block(b.ctx, &block_types, loc);
    let mut operands = vec![len, max, c1];
    operands.extend_from_slice(accs);
    let st = OperationState::new(b.ctx, "scf.for", loc).operands(&operands).results(&types).regions(&[region]);
    let for_op = b.create(st);
    let ip = b.ip;
    let args = b.ctx.block_args(blk).to_vec();
    b.set_insertion_point_to_end(blk);
    let out: Vec<Value> =
        args[1..].iter().zip(zeros).map(|(&acc, &z)| build::sequence_insert(b, acc, z, loc)).collect();
    build::scf_yield(b, &out, loc);
    b.ip = ip;
    Ok(b.ctx.results(for_op).to_vec())
}
