//! `LSTM`, `GRU` and `RNN`: one runtime call each (gate products through matrixmultiply)
//! returning the sequence `[Y, Y_h, Y_c]` (`[Y, Y_h]` for GRU and RNN), from which the used
//! results are taken. The activation list travels as a constant DOUBLE tensor of (code, alpha,
//! beta) triples, resolved here with ONNX's defaults.

use super::constants::f64_tensor;
use super::emit::{LResult, Lower};
use flowgate_ir::{OpId, Value};
use flowgate_runtime_abi::{ActKind, Direction};

/// (function, takes alpha, takes beta, default alpha, default beta)
const ACTIVATIONS: &[(ActKind, bool, bool, f64, f64)] = &[
    (ActKind::Sigmoid, false, false, 0.0, 0.0),
    (ActKind::Tanh, false, false, 0.0, 0.0),
    (ActKind::Relu, false, false, 0.0, 0.0),
    (ActKind::HardSigmoid, true, true, 0.2, 0.5),
    (ActKind::LeakyRelu, true, false, 0.01, 0.0),
    (ActKind::ThresholdedRelu, true, false, 1.0, 0.0),
    (ActKind::ScaledTanh, true, true, 1.0, 1.0),
    (ActKind::Elu, true, false, 1.0, 0.0),
    (ActKind::Softsign, false, false, 0.0, 0.0),
    (ActKind::Softplus, false, false, 0.0, 0.0),
    (ActKind::Affine, true, true, 1.0, 0.0),
];

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Option<Vec<Value>>> {
    let lstm = match name {
        "LSTM" => true,
        "GRU" | "RNN" => false,
        _ => return Ok(None),
    };
    let mut args =
        if lstm { l.node_and_inputs(op, 3, 8, "X, W and R")? } else { l.node_and_inputs(op, 3, 6, "X, W and R")? };
    let node = args[0];
    let d = l.str_attr(op, "direction").unwrap_or_else(|| "forward".into());
    let Some(direction) = Direction::from_name(&d).map(Direction::code) else {
        return Err(l.err(op, format!("{name}: unknown direction '{d}'")));
    };
    args.push(l.const_i64(l.int_attr(op, "hidden_size").unwrap_or(-1)));
    args.push(l.const_i32(direction));
    args.push(l.const_i32(l.int_attr(op, "layout").unwrap_or(0) as i32));
    // LSTM's input_forget, GRU's linear_before_reset (RNN has neither: 0).
    let flag = if lstm { "input_forget" } else { "linear_before_reset" };
    args.push(l.const_i32(l.int_attr(op, flag).unwrap_or(0) as i32));
    args.push(l.const_f64(l.float_attr(op, "clip").unwrap_or(f64::NAN)));
    args.push(activations(l, op, name)?);
    let seq = if lstm {
        l.rt("lstm", &args)?
    } else {
        args.push(l.const_i32((name == "GRU") as i32));
        l.rt("gru", &args)?
    };
    let n = l.ctx.results(op).len();
    l.seq_elements(node, seq, n).map(Some)
}

/// The (code, alpha, beta) triples, or a null handle for the default activations.
fn activations(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Value> {
    let Some(a) = l.attr_of(op, "activations") else { return l.rt("null", &[]) };
    let names: Vec<String> = l
        .ctx
        .attr_as_array(a)
        .map(|items| items.iter().filter_map(|&i| l.ctx.attr_as_str(i).map(str::to_string)).collect())
        .unwrap_or_default();
    let floats = |name: &str| -> Vec<f64> {
        l.attr_of(op, name)
            .and_then(|a| l.ctx.attr_as_array(a))
            .map(|items| items.iter().filter_map(|&i| l.ctx.attr_as_float(i)).collect())
            .unwrap_or_default()
    };
    let (alphas, betas) = (floats("activation_alpha"), floats("activation_beta"));
    let (mut ai, mut bi) = (alphas.iter(), betas.iter());
    let mut triples = Vec::new();
    for n in &names {
        let Some(&(kind, ta, tb, da, db)) = ACTIVATIONS.iter().find(|r| r.0.name().eq_ignore_ascii_case(n)) else {
            return Err(l.err(op, format!("{name}: activation function '{n}' is not supported")));
        };
        // As onnxruntime: the alpha and beta lists are consumed by the functions that take them.
        let alpha = if ta { ai.next().copied().unwrap_or(da) } else { da };
        let beta = if tb { bi.next().copied().unwrap_or(db) } else { db };
        triples.extend([f64::from(kind.code()), alpha, beta]);
    }
    f64_tensor(l, &triples)
}
