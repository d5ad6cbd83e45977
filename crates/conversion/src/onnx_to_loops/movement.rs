//! Data movement: `Transpose`, `Concat`, `Split`, `Slice`, `Gather`, `GatherElements`, `Tile`,
//! `Pad` (all four modes), the triangles and diagonals `Trilu` and `EyeLike`, `Dropout`
//! (inference), `DepthToSpace`/`SpaceToDepth`, `OneHot`, `CenterCropPad` and `BitCast`; and index-driven movement and
//! selection (`lower_indexed`). Variadic inputs and
//! outputs travel as runtime sequences.

use super::constants::i64_tensor;
use super::emit::{LResult, Lower};
use flowgate_ir::{OpId, Value};
use flowgate_runtime_abi::codes::CacheWrite;
use flowgate_runtime_abi::{PadMode, Reduction};

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Option<Vec<Value>>> {
    let ops = l.ctx.operands(op).to_vec();
    let r = match name {
        "Transpose" => {
            let node = l.node_id(op);
            let x = l.handle(ops[0])?;
            let perm = match l.ints_attr(op, "perm") {
                Some(p) => i64_tensor(l, &p)?,
                None => l.rt("null", &[])?,
            };
            l.rt("transpose", &[node, x, perm])?
        }
        "Concat" => {
            let node = l.node_id(op);
            let seq = sequence_of(l, op, &ops)?;
            let axis = l.int_attr(op, "axis").ok_or_else(|| l.err(op, "Concat needs an 'axis' attribute"))?;
            let axis = l.const_i64(axis);
            l.rt("concat", &[node, seq, axis])?
        }
        "Split" => return split(l, op, &ops).map(Some),
        "Slice" => {
            let node = l.node_id(op);
            let x = l.handle(ops[0])?;
            let mut args = vec![node, x];
            if ops.len() >= 3 {
                for k in 1..5 {
                    args.push(match ops.get(k) {
                        Some(&v) if !l.absent(v) => l.handle(v)?,
                        _ => l.rt("null", &[])?,
                    });
                }
            } else {
                // Slice-1: starts, ends and axes are attributes.
                for a in ["starts", "ends", "axes"] {
                    args.push(match l.ints_attr(op, a) {
                        Some(v) => i64_tensor(l, &v)?,
                        None => l.rt("null", &[])?,
                    });
                }
                args.push(l.rt("null", &[])?);
            }
            l.rt("slice", &args)?
        }
        "Gather" | "GatherElements" => {
            let node = l.node_id(op);
            let x = l.handle(ops[0])?;
            let i = l.handle(ops[1])?;
            let axis = l.const_i64(l.int_attr(op, "axis").unwrap_or(0));
            l.rt(if name == "Gather" { "gather" } else { "gather_elements" }, &[node, x, i, axis])?
        }
        "Dropout" => {
            // Opsets 7 to 11 have `ratio` as an attribute and no training mode: inference.
            let args = l.node_and_inputs(op, 1, 3, "data")?;
            let mut out = Vec::new();
            for k in 0..l.ctx.results(op).len().min(2) {
                let mut a = args.clone();
                a.push(l.const_i32(k as i32));
                out.push(l.rt("dropout", &a)?);
            }
            return Ok(Some(out));
        }
        "Trilu" => {
            let node = l.node_id(op);
            let x = l.handle(ops[0])?;
            let k = match ops.get(1) {
                Some(&k) if !l.absent(k) => l.int64(node, k)?,
                _ => l.const_i64(0),
            };
            let upper = l.const_i32(l.int_attr(op, "upper").unwrap_or(1) as i32);
            l.rt("trilu", &[node, x, k, upper])?
        }
        "EyeLike" => {
            let node = l.node_id(op);
            let x = l.handle(ops[0])?;
            // The `dtype` attribute, else the input's element type.
            let code = match l.int_attr(op, "dtype") {
                Some(d) => d as i32,
                None => l.elem(ops[0]).map(|e| e.dtype()).ok_or_else(|| l.err(op, "EyeLike: element type unknown"))?,
            };
            let dtype = l.const_i32(code);
            let k = l.const_i64(l.int_attr(op, "k").unwrap_or(0));
            l.rt("eye_like", &[node, x, dtype, k])?
        }
        "DepthToSpace" | "SpaceToDepth" => {
            let node = l.node_id(op);
            let x = l.handle(ops[0])?;
            let b = l
                .int_attr(op, "blocksize")
                .ok_or_else(|| l.err(op, format!("{name} needs a 'blocksize' attribute")))?;
            let b = l.const_i64(b);
            // flowgate_rt_depth_to_space's mode: 0/1 DepthToSpace DCR/CRD, 2/3 SpaceToDepth.
            let m = l.str_attr(op, "mode").unwrap_or_else(|| "DCR".into());
            let crd = match m.as_str() {
                "DCR" => 0,
                "CRD" => 1,
                _ => return Err(l.err(op, format!("{name}: unknown mode '{m}' (DCR or CRD)"))),
            };
            let mode = l.const_i32(crd + if name == "SpaceToDepth" { 2 } else { 0 });
            l.rt("depth_to_space", &[node, x, b, mode])?
        }
        "OneHot" => {
            let mut args = l.node_and_inputs(op, 3, 3, "indices, depth and values")?;
            args.push(l.const_i64(l.int_attr(op, "axis").unwrap_or(-1)));
            l.rt("one_hot", &args)?
        }
        "CenterCropPad" => {
            let mut args = l.node_and_inputs(op, 2, 2, "input_data and shape")?;
            args.push(l.ints_attr_or_null(op, "axes")?);
            l.rt("center_crop_pad", &args)?
        }
        "BitCast" => {
            let node = l.node_id(op);
            let x = l.handle(ops[0])?;
            let to = l.int_attr(op, "to").ok_or_else(|| l.err(op, "BitCast needs a 'to' attribute"))?;
            let to = l.const_i32(to as i32);
            l.rt("bitcast", &[node, x, to])?
        }
        "Tile" => {
            let node = l.node_id(op);
            let x = l.handle(ops[0])?;
            let r = l.handle(ops[1])?;
            l.rt("tile", &[node, x, r])?
        }
        "Pad" => {
            let mode = l.str_attr(op, "mode").unwrap_or_else(|| "constant".into());
            let Some(pad_mode) = PadMode::from_name(&mode) else {
                return Err(l.err(op, format!("Pad mode '{mode}' is not one of constant, reflect, edge, wrap")));
            };
            let node = l.node_id(op);
            let x = l.handle(ops[0])?;
            let pads = match ops.get(1) {
                Some(&v) if !l.absent(v) => l.handle(v)?,
                _ => match l.ints_attr(op, "pads") {
                    Some(p) => i64_tensor(l, &p)?,
                    None => return Err(l.err(op, "Pad needs pads")),
                },
            };
            let mut rest = Vec::new();
            for k in 2..4 {
                rest.push(match ops.get(k) {
                    Some(&v) if !l.absent(v) => l.handle(v)?,
                    _ => l.rt("null", &[])?,
                });
            }
            if l.attr_of(op, "value").is_some() {
                return Err(l.err(op, "Pad with a 'value' attribute (opset < 11) is not supported"));
            }
            if pad_mode == PadMode::Constant {
                l.rt("pad", &[node, x, pads, rest[0], rest[1]])?
            } else {
                let code = l.const_i32(pad_mode.code());
                l.rt("pad_mode", &[node, x, pads, rest[0], rest[1], code])?
            }
        }
        _ => return Ok(None),
    };
    Ok(Some(vec![r]))
}

/// A runtime sequence holding `vals` in order (the inputs of a variadic op).
pub(crate) fn sequence_of(l: &mut Lower<'_>, op: OpId, vals: &[Value]) -> LResult<Value> {
    let node = l.node_id(op);
    let dtype = vals.first().and_then(|&v| l.elem(v)).map(|e| e.dtype()).unwrap_or(0);
    let d = l.const_i32(dtype);
    let mut seq = l.rt("seq_empty", &[d])?;
    let zero = l.const_i32(0);
    let zero64 = l.const_i64(0);
    for &v in vals {
        let h = l.handle(v)?;
        seq = l.rt("seq_insert", &[node, seq, h, zero, zero64])?;
    }
    Ok(seq)
}

fn split(l: &mut Lower<'_>, op: OpId, ops: &[Value]) -> LResult<Vec<Value>> {
    let node = l.node_id(op);
    let x = l.handle(ops[0])?;
    let sp = match ops.get(1) {
        Some(&v) if !l.absent(v) => l.handle(v)?,
        _ => match l.ints_attr(op, "split") {
            Some(s) => i64_tensor(l, &s)?,
            None => l.rt("null", &[])?,
        },
    };
    let n = l.ctx.results(op).len() as i64;
    let axis = l.const_i64(l.int_attr(op, "axis").unwrap_or(0));
    let nv = l.const_i64(n);
    let seq = l.rt("split", &[node, x, sp, axis, nv])?;
    l.seq_elements(node, seq, n as usize)
}

/// The runtime code of a Scatter `reduction` attribute.
fn reduction(l: &Lower<'_>, op: OpId) -> LResult<i32> {
    let r = l.str_attr(op, "reduction").unwrap_or_else(|| "none".into());
    Reduction::from_name(&r).map(Reduction::code).ok_or_else(|| l.err(op, format!("unknown reduction '{r}'")))
}

/// Selection and index-driven movement: `TopK`, `NonZero`, `Unique`, `Compress`,
/// `ScatterElements`, `ScatterND`, `TensorScatter`, `GatherND`, `ReverseSequence`,
/// `ArrayFeatureExtractor`.
pub(crate) fn lower_indexed(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Option<Vec<Value>>> {
    let ops = l.ctx.operands(op).to_vec();
    let need = match name {
        "TopK" | "Compress" | "GatherND" | "ReverseSequence" | "ArrayFeatureExtractor" | "TensorScatter" => 2,
        "NonZero" | "Unique" => 1,
        "ScatterElements" | "Scatter" | "ScatterND" => 3,
        _ => return Ok(None),
    };
    if ops.len() < need {
        return Err(l.err(op, format!("{name} needs {need} inputs")));
    }
    let node = l.node_id(op);
    let mut hs = Vec::new();
    for &v in &ops[..need] {
        hs.push(l.handle(v)?);
    }
    let mut args = vec![node];
    args.extend(hs);
    let r = match name {
        "TopK" => {
            // sorted=0 leaves the order unspecified, so the sorted order serves it too.
            args.push(l.const_i64(l.int_attr(op, "axis").unwrap_or(-1)));
            args.push(l.const_i32(l.int_attr(op, "largest").unwrap_or(1) as i32));
            let seq = l.rt("top_k", &args)?;
            let n = l.ctx.results(op).len();
            return l.seq_elements(node, seq, n).map(Some);
        }
        "NonZero" => l.rt("non_zero", &args)?,
        "Unique" => {
            // Data-dependent sizes: the kernel returns all four results as a sequence; the
            // node's declared outputs (one to four) are taken from it.
            let axis = l.int_attr(op, "axis");
            args.push(l.const_i32(axis.is_some() as i32));
            args.push(l.const_i64(axis.unwrap_or(0)));
            args.push(l.const_i32(l.int_attr(op, "sorted").unwrap_or(1) as i32));
            let seq = l.rt("unique", &args)?;
            let n = l.ctx.results(op).len();
            return l.seq_elements(node, seq, n).map(Some);
        }
        "Compress" => {
            let axis = l.int_attr(op, "axis");
            args.push(l.const_i32(axis.is_some() as i32));
            args.push(l.const_i64(axis.unwrap_or(0)));
            l.rt("compress", &args)?
        }
        "ScatterElements" | "Scatter" => {
            args.push(l.const_i64(l.int_attr(op, "axis").unwrap_or(0)));
            args.push(l.const_i32(reduction(l, op)?));
            l.rt("scatter_elements", &args)?
        }
        "ScatterND" => {
            args.push(l.const_i32(reduction(l, op)?));
            l.rt("scatter_nd", &args)?
        }
        "TensorScatter" => {
            let w = match ops.get(2) {
                Some(&v) if !l.absent(v) => l.handle(v)?,
                _ => l.rt("null", &[])?,
            };
            args.push(w);
            args.push(l.const_i64(l.int_attr(op, "axis").unwrap_or(-2)));
            let mode = l.str_attr(op, "mode").unwrap_or_else(|| "linear".into());
            let mode = CacheWrite::from_name(&mode)
                .ok_or_else(|| l.err(op, format!("TensorScatter: unknown mode '{mode}'")))?;
            args.push(l.const_i32(mode.code()));
            l.rt("tensor_scatter", &args)?
        }
        "GatherND" => {
            args.push(l.const_i64(l.int_attr(op, "batch_dims").unwrap_or(0)));
            l.rt("gather_nd", &args)?
        }
        "ReverseSequence" => {
            args.push(l.const_i64(l.int_attr(op, "batch_axis").unwrap_or(1)));
            args.push(l.const_i64(l.int_attr(op, "time_axis").unwrap_or(0)));
            l.rt("reverse_sequence", &args)?
        }
        _ => l.rt("array_feature_extractor", &args)?,
    };
    Ok(Some(vec![r]))
}
