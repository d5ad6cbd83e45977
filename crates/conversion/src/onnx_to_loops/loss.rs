//! The loss functions: `NegativeLogLikelihoodLoss` is one `flowgate_rt_nll_loss` call;
//! `SoftmaxCrossEntropyLoss` is `flowgate_rt_log_softmax` over the class axis (1) followed by
//! that call, its optional second result being the log-probabilities, as the op's ONNX function
//! body composes `LogSoftmax` and `NegativeLogLikelihoodLoss`.

use super::emit::{LResult, Lower};
use flowgate_ir::{OpId, Value};
use flowgate_runtime_abi::LossReduction;

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Option<Vec<Value>>> {
    let sce = match name {
        "NegativeLogLikelihoodLoss" => false,
        "SoftmaxCrossEntropyLoss" => true,
        _ => return Ok(None),
    };
    let ops = l.ctx.operands(op).to_vec();
    if ops.len() < 2 {
        return Err(l.err(op, format!("{name} needs inputs for the scores and the targets")));
    }
    let r = l.str_attr(op, "reduction").unwrap_or_else(|| "mean".into());
    let reduction =
        LossReduction::from_name(&r).ok_or_else(|| l.err(op, format!("{name}: unknown reduction '{r}'")))?;
    let node = l.node_id(op);
    let x = l.handle(ops[0])?;
    let input = if sce {
        let axis = l.const_i64(1);
        let legacy = l.const_i32(0);
        l.rt("log_softmax", &[node, x, axis, legacy])?
    } else {
        x
    };
    let target = l.handle(ops[1])?;
    let weight = l.input_or_null(op, 2)?;
    let ignore = l.int_attr(op, "ignore_index");
    let has_ignore = l.const_i32(ignore.is_some() as i32);
    let ignore = l.const_i64(ignore.unwrap_or(0));
    let red = l.const_i32(reduction.code());
    let loss = l.rt("nll_loss", &[node, input, target, weight, has_ignore, ignore, red])?;
    let mut out = vec![loss];
    if sce && l.ctx.results(op).len() > 1 {
        out.push(input);
    }
    Ok(Some(out))
}
