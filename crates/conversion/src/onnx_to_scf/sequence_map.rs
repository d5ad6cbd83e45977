//! `onnx.SequenceMap` (opset 17) to `scf.for` over the length of its first input sequence, with
//! the same machinery as a Loop's scan outputs: each body output is appended to a sequence
//! carried by the loop.
//!
//! ```text
//! %n = onnx.SequenceLength(%seq0); %len = index_cast(tensor.extract %n)
//! scf.for %t = %c0 to %len step %c1 iter_args(accs: !onnx.seq<T>...) {
//!   %x_j = onnx.SequenceAt(%seq_j, from_elements(t))   // a sequence input: its element t
//!   body (a tensor input is passed whole to every trip)
//!   scf.yield onnx.SequenceInsert(%acc_k, %out_k)...
//! }
//! ```
//! Every sequence input must be as long as the first: a shorter one fails in its
//! `SequenceAt` with the index error (naming the node), as onnxruntime refuses it too.

use super::build::{self, err};
use super::types::join_all;
use flowgate_ir::{Builder, Context, Diagnostic, OpId, Type};
use flowgate_onnx::types::seq_element;

pub(crate) fn convert(ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
    let loc = ctx.op_loc(op);
    let inputs = ctx.operands(op).to_vec();
    let results = ctx.results(op).to_vec();
    let (body, yield_op) = build::body(ctx, op, 0)?;
    let arg_types: Vec<Type> = ctx.block_args(body).iter().map(|&a| ctx.value_type(a)).collect();
    let yields = ctx.operand_types(yield_op);
    if inputs.is_empty() || arg_types.len() != inputs.len() || yields.len() != results.len() {
        return Err(err(ctx, op, "body must take one input per SequenceMap input and give one output per result"));
    }
    let seq0 = inputs[0];
    if seq_element(ctx, ctx.value_type(seq0)).is_none() {
        let t = ctx.value_type(seq0);
        return Err(err(ctx, op, format!("input #0 must be a sequence, but is {}", build::show(ctx, t))));
    }
    // Each result's element type: the body output's, joined with the declared element type.
    let mut elems = Vec::with_capacity(results.len());
    for (k, (&r, &y)) in results.iter().zip(&yields).enumerate() {
        let rt = ctx.value_type(r);
        let declared = seq_element(ctx, rt).unwrap_or(y);
        let e = join_all(ctx, &[y, declared]).ok_or_else(|| {
            let (a, b) = (build::show(ctx, y), build::show(ctx, rt));
            err(ctx, op, format!("body output #{k} of type {a} does not fit result #{k} of type {b}"))
        })?;
        elems.push(e);
    }

    let mut b = Builder::before(ctx, op);
    let i64t = b.ctx.integer_type(64);
    let len_t = b.ctx.tensor_type(vec![], i64t);
    let n = build::onnx1(&mut b, "onnx.SequenceLength", &[seq0], len_t, &[], loc);
    let n = build::scalar_of(&mut b, op, n, "the sequence length", loc)?;
    let it = b.ctx.index_type();
    let len = build::index_cast(&mut b, n, it, loc)?;
    let mut inits = Vec::with_capacity(elems.len());
    for &e in &elems {
        inits.push(build::sequence_empty(&mut b, op, e, loc)?);
    }
    let (for_op, blk) = build::scf_for(&mut b, len, &inits, loc);
    let ip = b.ip;

    let bargs = b.ctx.block_args(blk).to_vec();
    b.set_insertion_point_to_end(blk);
    let mut idx = None;
    let mut args = Vec::with_capacity(inputs.len());
    for (&v, &t) in inputs.iter().zip(&arg_types) {
        let vt = b.ctx.value_type(v);
        let x = match seq_element(b.ctx, vt) {
            Some(e) => {
                let i = match idx {
                    Some(i) => i,
                    None => {
                        let r = build::index_to_i64(&mut b, bargs[0], loc)?;
                        *idx.insert(build::from_elements(&mut b, r, loc))
                    }
                };
                build::onnx1(&mut b, "onnx.SequenceAt", &[v, i], e, &[], loc)
            }
            None => v,
        };
        args.push(build::coerce(&mut b, op, x, t, loc)?);
    }
    build::inline_body(b.ctx, op, body, blk, &args)?;
    let vals = b.ctx.operands(yield_op).to_vec();
    b.set_insertion_point_before(yield_op);
    let mut out = Vec::with_capacity(vals.len());
    for ((&acc, &v), &e) in bargs[1..].iter().zip(&vals).zip(&elems) {
        let v = build::coerce(&mut b, op, v, e, loc)?;
        out.push(build::sequence_insert(&mut b, acc, v, loc));
    }
    build::scf_yield(&mut b, &out, loc);
    b.ctx.erase_op(yield_op);
    b.ip = ip;
    let res = b.ctx.results(for_op).to_vec();
    for (&old, &new) in results.iter().zip(&res) {
        build::replace_result(&mut b, op, old, new, loc);
    }
    b.ctx.erase_op(op);
    Ok(())
}
