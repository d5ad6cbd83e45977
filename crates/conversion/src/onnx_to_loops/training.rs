//! The optimizers of domain `ai.onnx.preview.training`: `Adagrad`, `Adam` and `Momentum`. Their
//! inputs are R, T, then n tensors X, n gradients G and n of each state (H for Adagrad, V for
//! Momentum, V then H for Adam); the results are the n new X, then each new state in the same
//! order. Each X is updated on its own, so the lowering makes one runtime call per X, which
//! returns that X's new values as a sequence.

use flowgate_ir::{OpId, Value};

use super::emit::{LResult, Lower};

/// Which optimizer, with the number of state tensors per X (after X and G).
#[derive(Clone, Copy)]
enum Optimizer {
    Adagrad,
    Adam,
    Momentum,
}

impl Optimizer {
    fn states(self) -> usize {
        match self {
            Optimizer::Adagrad | Optimizer::Momentum => 1,
            Optimizer::Adam => 2,
        }
    }
}

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Option<Vec<Value>>> {
    let kind = match name {
        "Adagrad" => Optimizer::Adagrad,
        "Adam" => Optimizer::Adam,
        "Momentum" => Optimizer::Momentum,
        _ => return Ok(None),
    };
    let attrs = attributes(l, op, name, kind)?;
    let operands = l.ctx.operands(op).to_vec();
    let per_x = 2 + kind.states();
    let n = operands.len().saturating_sub(2) / per_x;
    if n == 0 || operands.len() != 2 + per_x * n {
        let what = match kind {
            Optimizer::Adagrad => "X, G and H",
            Optimizer::Adam => "X, G, V and H",
            Optimizer::Momentum => "X, G and V",
        };
        let msg = format!("{name} needs inputs R, T, then the same number n >= 1 of each of {what}");
        return Err(l.err(op, msg));
    }
    let results = l.ctx.results(op).len();
    if results != (1 + kind.states()) * n {
        let msg = format!("{name} with {n} tensors to optimize has {} results, not {results}", (1 + kind.states()) * n);
        return Err(l.err(op, msg));
    }
    let node = l.node_id(op);
    let r = l.handle(operands[0])?;
    let t = l.handle(operands[1])?;
    let mut outs = vec![None; results];
    for i in 0..n {
        let mut args = vec![node, r, t];
        for k in 0..per_x {
            args.push(l.handle(operands[2 + k * n + i])?);
        }
        args.extend(attrs.iter().copied());
        let kernel = match kind {
            Optimizer::Adagrad => "adagrad",
            Optimizer::Adam => "adam",
            Optimizer::Momentum => "momentum",
        };
        let seq = l.rt(kernel, &args)?;
        let new = l.seq_elements(node, seq, 1 + kind.states())?;
        for (k, v) in new.into_iter().enumerate() {
            outs[k * n + i] = Some(v);
        }
    }
    Ok(Some(outs.into_iter().flatten().collect()))
}

/// The kernel's trailing attribute arguments, with the specification's defaults (Momentum has
/// none: its attributes are required).
fn attributes(l: &mut Lower<'_>, op: OpId, name: &str, kind: Optimizer) -> LResult<Vec<Value>> {
    let get = |l: &mut Lower<'_>, attr: &str, default: Option<f64>| match l.float_attr(op, attr).or(default) {
        Some(v) => Ok(l.const_f64(v)),
        None => Err(l.err(op, format!("{name} needs the '{attr}' attribute"))),
    };
    Ok(match kind {
        Optimizer::Adagrad => vec![
            get(l, "norm_coefficient", Some(0.0))?,
            get(l, "epsilon", Some(0.0))?,
            get(l, "decay_factor", Some(0.0))?,
        ],
        Optimizer::Adam => vec![
            get(l, "alpha", Some(0.9))?,
            get(l, "beta", Some(0.999))?,
            get(l, "epsilon", Some(0.0))?,
            get(l, "norm_coefficient", Some(0.0))?,
            get(l, "norm_coefficient_post", Some(0.0))?,
        ],
        Optimizer::Momentum => {
            let nesterov = match l.str_attr(op, "mode").as_deref() {
                Some("standard") => 0,
                Some("nesterov") => 1,
                Some(m) => return Err(l.err(op, format!("Momentum mode '{m}' is not one of standard, nesterov"))),
                None => return Err(l.err(op, "Momentum needs the 'mode' attribute")),
            };
            let mut v = vec![get(l, "alpha", None)?, get(l, "beta", None)?, get(l, "norm_coefficient", None)?];
            v.push(l.const_i32(nesterov));
            v
        }
    })
}
