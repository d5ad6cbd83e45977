//! Neural-network layers: `Conv`, `ConvTranspose`, the pools (`LpPool` too),
//! `BatchNormalization`, `InstanceNormalization`, `GroupNormalization`, `LayerNormalization`, `RMSNormalization`,
//! `LpNormalization`, `MeanVarianceNormalization`, `LRN`, `MaxUnpool`, `Col2Im`, `DeformConv`, `Attention`, `LinearAttention`,
//! `CausalConvWithState` and `RotaryEmbedding`. Each is one runtime call (im2col +
//! GEMM through matrixmultiply for the convolutions); list attributes travel as constant INT64
//! tensors built once at function entry.

use super::emit::{LResult, Lower};
use flowgate_ir::{OpId, Value};
use flowgate_runtime_abi::{AutoPad, CausalActivation, PoolOp, UpdateRule};

/// `auto_pad` as the runtime's code.
fn auto_pad(l: &Lower<'_>, op: OpId) -> LResult<i32> {
    let s = l.str_attr(op, "auto_pad").unwrap_or_else(|| "NOTSET".into());
    AutoPad::from_name(&s).map(AutoPad::code).ok_or_else(|| l.err(op, format!("unknown auto_pad '{s}'")))
}

/// kernel_shape, strides, dilations, pads: constant handles or nulls.
fn window(l: &mut Lower<'_>, op: OpId) -> LResult<Vec<Value>> {
    ["kernel_shape", "strides", "dilations", "pads"].iter().map(|a| l.ints_attr_or_null(op, a)).collect()
}

/// The attribute arguments of every convolution kernel (`Conv`, `ConvInteger`, `QLinearConv`):
/// auto_pad, group, then the window's lists.
pub(crate) fn conv_attrs(l: &mut Lower<'_>, op: OpId) -> LResult<Vec<Value>> {
    let mut args = vec![l.const_i32(auto_pad(l, op)?), l.const_i64(l.int_attr(op, "group").unwrap_or(1))];
    args.extend(window(l, op)?);
    Ok(args)
}

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Option<Vec<Value>>> {
    let r = match name {
        "Conv" | "ConvTranspose" => {
            let node = l.node_id(op);
            let ops = l.ctx.operands(op).to_vec();
            let x = l.handle(ops[0])?;
            let w = l.handle(ops[1])?;
            let b = l.input_or_null(op, 2)?;
            let mut args = vec![node, x, w, b];
            args.extend(conv_attrs(l, op)?);
            if name == "Conv" {
                l.rt("conv", &args)?
            } else {
                args.push(l.ints_attr_or_null(op, "output_padding")?);
                args.push(l.ints_attr_or_null(op, "output_shape")?);
                l.rt("conv_transpose", &args)?
            }
        }
        "MaxPool" | "AveragePool" | "LpPool" => return pool(l, op, name).map(Some),
        "BatchNormalization" => return batch_norm(l, op).map(Some),
        "GlobalAveragePool" | "GlobalMaxPool" => {
            let node = l.node_id(op);
            let x = l.handle(l.ctx.operand(op, 0))?;
            let m = l.const_i32((name == "GlobalMaxPool") as i32);
            l.rt("global_pool", &[node, x, m])?
        }
        "InstanceNormalization" => {
            let node = l.node_id(op);
            let ops = l.ctx.operands(op).to_vec();
            let hs: Vec<Value> = ops.iter().take(3).map(|&v| l.handle(v)).collect::<LResult<_>>()?;
            if hs.len() != 3 {
                return Err(l.err(op, "InstanceNormalization needs inputs X, scale and B"));
            }
            let eps = l.const_f64(l.float_attr(op, "epsilon").unwrap_or(1e-5));
            l.rt("instance_norm", &[node, hs[0], hs[1], hs[2], eps])?
        }
        "GroupNormalization" => {
            if l.int_attr(op, "stash_type").is_some_and(|s| s != 1) {
                return Err(l.err(op, "stash_type other than 1 (float) is not supported"));
            }
            let Some(groups) = l.int_attr(op, "num_groups") else {
                return Err(l.err(op, "GroupNormalization needs the num_groups attribute"));
            };
            let mut args = l.node_and_inputs(op, 3, 3, "X, scale and bias")?;
            args.push(l.const_f64(l.float_attr(op, "epsilon").unwrap_or(1e-5)));
            args.push(l.const_i64(groups));
            l.rt("group_norm", &args)?
        }
        "LRN" => {
            let Some(size) = l.int_attr(op, "size") else {
                return Err(l.err(op, "LRN needs the size attribute"));
            };
            let mut args = l.node_and_inputs(op, 1, 1, "X")?;
            args.push(l.const_i64(size));
            for (a, def) in [("alpha", 1e-4), ("beta", 0.75), ("bias", 1.0)] {
                // The defaults are float32 attributes, as the values a model stores.
                args.push(l.const_f64(l.float_attr(op, a).unwrap_or(f64::from(def as f32))));
            }
            l.rt("lrn", &args)?
        }
        "MaxUnpool" => {
            let mut args = l.node_and_inputs(op, 2, 3, "X and I")?;
            for a in ["kernel_shape", "strides", "pads"] {
                args.push(l.ints_attr_or_null(op, a)?);
            }
            l.rt("max_unpool", &args)?
        }
        "Col2Im" => {
            let mut args = l.node_and_inputs(op, 3, 3, "input, image_shape and block_shape")?;
            for a in ["strides", "dilations", "pads"] {
                args.push(l.ints_attr_or_null(op, a)?);
            }
            l.rt("col2im", &args)?
        }
        "DeformConv" => {
            let mut args = l.node_and_inputs(op, 3, 5, "X, W and offset")?;
            args.push(l.const_i64(l.int_attr(op, "group").unwrap_or(1)));
            args.push(l.const_i64(l.int_attr(op, "offset_group").unwrap_or(1)));
            args.extend(window(l, op)?);
            l.rt("deform_conv", &args)?
        }
        "LayerNormalization" | "RMSNormalization" => return layer_norm(l, op, name == "RMSNormalization").map(Some),
        "Attention" => return attention(l, op).map(Some),
        "LinearAttention" => return linear_attention(l, op).map(Some),
        "CausalConvWithState" => return causal_conv(l, op).map(Some),
        "RotaryEmbedding" => {
            let mut args = l.node_and_inputs(op, 3, 4, "X, cos_cache and sin_cache")?;
            args.push(l.const_i32(l.int_attr(op, "interleaved").unwrap_or(0) as i32));
            args.push(l.const_i64(l.int_attr(op, "num_heads").unwrap_or(0)));
            args.push(l.const_i64(l.int_attr(op, "rotary_embedding_dim").unwrap_or(0)));
            l.rt("rotary_embedding", &args)?
        }
        "MeanVarianceNormalization" => {
            let node = l.node_id(op);
            let x = l.handle(l.ctx.operand(op, 0))?;
            let axes = l.ints_attr(op, "axes").unwrap_or_else(|| vec![0, 2, 3]);
            let axes = super::constants::i64_tensor(l, &axes)?;
            l.rt("mean_variance_norm", &[node, x, axes])?
        }
        "LpNormalization" => {
            let node = l.node_id(op);
            let x = l.handle(l.ctx.operand(op, 0))?;
            let axis = l.const_i64(l.int_attr(op, "axis").unwrap_or(-1));
            let p = l.const_i64(l.int_attr(op, "p").unwrap_or(2));
            l.rt("lp_norm", &[node, x, axis, p])?
        }
        _ => return Ok(None),
    };
    Ok(Some(vec![r]))
}

fn pool(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Vec<Value>> {
    let node = l.node_id(op);
    let x = l.handle(l.ctx.operand(op, 0))?;
    let want_indices = name == "MaxPool" && l.ctx.results(op).len() > 1;
    let kind = l.const_i32(match (name, want_indices) {
        ("AveragePool", _) => PoolOp::Average,
        ("LpPool", _) => PoolOp::Lp,
        (_, false) => PoolOp::Max,
        (_, true) => PoolOp::MaxWithIndices,
    } as i32);
    let ap = l.const_i32(auto_pad(l, op)?);
    let ceil = l.const_i32(l.int_attr(op, "ceil_mode").unwrap_or(0) as i32);
    let cip = l.const_i32(l.int_attr(op, "count_include_pad").unwrap_or(0) as i32);
    let so = l.const_i64(l.int_attr(op, "storage_order").unwrap_or(0));
    let p = l.const_i64(l.int_attr(op, "p").unwrap_or(2));
    let mut args = vec![node, kind, x, ap, ceil, cip, so, p];
    args.extend(window(l, op)?);
    let r = l.rt("pool", &args)?;
    if !want_indices {
        return Ok(vec![r]);
    }
    l.seq_elements(node, r, 2)
}

/// BatchNormalization: one runtime call per result (Y; in training mode also running_mean and
/// running_var, each computing the batch statistics again).
fn batch_norm(l: &mut Lower<'_>, op: OpId) -> LResult<Vec<Value>> {
    let args = l.node_and_inputs(op, 5, 5, "X, scale, B, input_mean and input_var")?;
    let training = l.int_attr(op, "training_mode").unwrap_or(0) != 0;
    let n = l.ctx.results(op).len();
    if n > 1 && !training {
        return Err(l.err(
            op,
            "BatchNormalization: results beyond Y need training_mode = 1 (opsets below 14 are not supported)",
        ));
    }
    let tail = [
        l.const_f64(l.float_attr(op, "epsilon").unwrap_or(f64::from(1e-5f32))),
        l.const_f64(l.float_attr(op, "momentum").unwrap_or(f64::from(0.9f32))),
        l.const_i32(training as i32),
    ];
    let mut out = Vec::new();
    for k in 0..n {
        let mut a = args.clone();
        a.extend(tail);
        a.push(l.const_i32(k as i32));
        out.push(l.rt("batch_norm", &a)?);
    }
    Ok(out)
}

/// LayerNormalization (Y, Mean, InvStdDev) and RMSNormalization (Y): one runtime call per
/// result, each computing the row statistics again (the outputs beyond Y are rarely used).
fn layer_norm(l: &mut Lower<'_>, op: OpId, rms: bool) -> LResult<Vec<Value>> {
    let ops = l.ctx.operands(op).to_vec();
    if ops.len() < 2 {
        return Err(l.err(op, "needs inputs X and Scale"));
    }
    if l.int_attr(op, "stash_type").is_some_and(|s| s != 1) {
        return Err(l.err(op, "stash_type other than 1 (float) is not supported"));
    }
    let node = l.node_id(op);
    let x = l.handle(ops[0])?;
    let scale = l.handle(ops[1])?;
    let b = l.input_or_null(op, 2)?;
    let axis = l.const_i64(l.int_attr(op, "axis").unwrap_or(-1));
    let eps = l.const_f64(l.float_attr(op, "epsilon").unwrap_or(f64::from(1e-5f32)));
    let rms = l.const_i32(rms as i32);
    let mut out = Vec::new();
    for k in 0..l.ctx.results(op).len() {
        let which = l.const_i32(k as i32);
        out.push(l.rt("layer_norm", &[node, x, scale, b, axis, eps, rms, which])?);
    }
    Ok(out)
}

/// Attention: one `flowgate_rt_attention` call returning all four results as a sequence, each
/// result taken from it (`softmax_precision` needs nothing: the kernel computes in f64).
fn attention(l: &mut Lower<'_>, op: OpId) -> LResult<Vec<Value>> {
    let mut args = l.node_and_inputs(op, 3, 7, "Q, K and V")?;
    let node = args[0];
    args.push(l.const_f64(l.float_attr(op, "scale").unwrap_or(f64::NAN)));
    args.push(l.const_i32(l.int_attr(op, "is_causal").unwrap_or(0) as i32));
    args.push(l.const_i64(l.int_attr(op, "q_num_heads").unwrap_or(0)));
    args.push(l.const_i64(l.int_attr(op, "kv_num_heads").unwrap_or(0)));
    args.push(l.const_f64(l.float_attr(op, "softcap").unwrap_or(0.0)));
    args.push(l.const_i32(l.int_attr(op, "qk_matmul_output_mode").unwrap_or(0) as i32));
    args.push(l.const_i64(l.int_attr(op, "left_window_size").unwrap_or(-1)));
    args.push(l.const_i64(l.int_attr(op, "right_window_size").unwrap_or(-1)));
    seq_results(l, op, node, "attention", &args)
}

/// A kernel that returns the op's results as one sequence: the call, then each result from it.
fn seq_results(l: &mut Lower<'_>, op: OpId, node: Value, kernel: &str, args: &[Value]) -> LResult<Vec<Value>> {
    let seq = l.rt(kernel, args)?;
    let n = l.ctx.results(op).len();
    l.seq_elements(node, seq, n)
}

/// LinearAttention: one `flowgate_rt_linear_attention` call returning `[output, present_state]`
/// as a sequence (`chunk_size` is a tuning hint with no effect on the result).
fn linear_attention(l: &mut Lower<'_>, op: OpId) -> LResult<Vec<Value>> {
    let rule = l.str_attr(op, "update_rule").unwrap_or_else(|| "gated_delta".into());
    let Some(rule) = UpdateRule::from_name(&rule) else {
        return Err(l.err(op, format!("update_rule '{rule}' is not one of linear, gated, delta, gated_delta")));
    };
    let (Some(hq), Some(hkv)) = (l.int_attr(op, "q_num_heads"), l.int_attr(op, "kv_num_heads")) else {
        return Err(l.err(op, "LinearAttention needs attributes q_num_heads and kv_num_heads"));
    };
    let mut args = l.node_and_inputs(op, 3, 6, "query, key and value")?;
    let node = args[0];
    args.push(l.const_i64(hq));
    args.push(l.const_i64(hkv));
    args.push(l.const_f64(l.float_attr(op, "scale").unwrap_or(0.0)));
    args.push(l.const_i32(rule.code()));
    seq_results(l, op, node, "linear_attention", &args)
}

/// CausalConvWithState: one `flowgate_rt_causal_conv` call returning `[output, present_state]`
/// as a sequence.
fn causal_conv(l: &mut Lower<'_>, op: OpId) -> LResult<Vec<Value>> {
    let act = l.str_attr(op, "activation").unwrap_or_else(|| "none".into());
    let Some(act) = CausalActivation::from_name(&act) else {
        return Err(l.err(op, format!("activation '{act}' is not one of none, silu, swish")));
    };
    let mut args = l.node_and_inputs(op, 2, 4, "input and weight")?;
    let node = args[0];
    args.push(l.const_i32(act.code()));
    seq_results(l, op, node, "causal_conv", &args)
}
