//! `STFT` (opset 17: frame_step, window and frame_length inputs; `onesided` default 1) and
//! `DFT` (opset 17: `axis` attribute, default 1; opset 20: `axis` input, default -2), through
//! the runtime's rustfft kernel. `dft_length` and the axis input are scalars read at run time.
//! The window functions `HannWindow`, `HammingWindow` and `BlackmanWindow` (one kernel), and
//! `MelWeightMatrix` (its inputs are scalars read at run time).

use super::emit::{LResult, Lower};
use flowgate_ir::{OpId, Value};

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Option<Vec<Value>>> {
    match name {
        "DFT" => {}
        "STFT" => return stft(l, op).map(Some),
        "HannWindow" | "HammingWindow" | "BlackmanWindow" => {
            let node = l.node_id(op);
            let kind = l.const_i32(
                ["HannWindow", "HammingWindow", "BlackmanWindow"].iter().position(|&n| n == name).unwrap_or(0) as i32,
            );
            let size = l.handle(l.ctx.operand(op, 0))?;
            let periodic = l.const_i32(l.int_attr(op, "periodic").unwrap_or(1) as i32);
            // output_datatype: an ONNX code, FLOAT by default.
            let to = l.const_i32(l.int_attr(op, "output_datatype").unwrap_or(1) as i32);
            return Ok(Some(vec![l.rt("spectral_window", &[node, kind, size, periodic, to])?]));
        }
        "MelWeightMatrix" => {
            let mut args = l.node_and_inputs(
                op,
                5,
                5,
                "num_mel_bins, dft_length, sample_rate, lower_edge_hertz and upper_edge_hertz",
            )?;
            args.push(l.const_i32(l.int_attr(op, "output_datatype").unwrap_or(1) as i32));
            return Ok(Some(vec![l.rt("mel_weight_matrix", &args)?]));
        }
        _ => return Ok(None),
    }
    let ops = l.ctx.operands(op).to_vec();
    let node = l.node_id(op);
    let x = l.handle(ops[0])?;
    let len = match ops.get(1) {
        Some(&v) if !l.absent(v) => l.int64(node, v)?,
        _ => l.const_i64(-1),
    };
    let axis = match ops.get(2) {
        Some(&v) if !l.absent(v) => l.int64(node, v)?,
        _ if super::reduce::opset_at_least(l, 20) => l.const_i64(-2),
        _ => l.const_i64(l.int_attr(op, "axis").unwrap_or(1)),
    };
    let inv = l.const_i32(l.int_attr(op, "inverse").unwrap_or(0) as i32);
    let one = l.const_i32(l.int_attr(op, "onesided").unwrap_or(0) as i32);
    Ok(Some(vec![l.rt("dft", &[node, x, len, axis, inv, one])?]))
}

fn stft(l: &mut Lower<'_>, op: OpId) -> LResult<Vec<Value>> {
    let ops = l.ctx.operands(op).to_vec();
    let node = l.node_id(op);
    let x = l.handle(ops[0])?;
    let step = match ops.get(1) {
        Some(&v) if !l.absent(v) => l.int64(node, v)?,
        _ => return Err(l.err(op, "STFT needs a frame_step input")),
    };
    let window = match ops.get(2) {
        Some(&v) if !l.absent(v) => l.handle(v)?,
        _ => l.rt("null", &[])?,
    };
    let len = match ops.get(3) {
        Some(&v) if !l.absent(v) => l.int64(node, v)?,
        _ => l.const_i64(-1),
    };
    let one = l.const_i32(l.int_attr(op, "onesided").unwrap_or(1) as i32);
    Ok(vec![l.rt("stft", &[node, x, step, window, len, one])?])
}
