//! `NegativeLogLikelihoodLoss` (opset 12/13/22): `loss[n, d] = -input[n, target[n, d], d] *
//! weight[target[n, d]]`, 0 where the target is `ignore_index`, then reduced: `none` keeps the
//! `[N, d1, ...]` shape, `sum` adds up, `mean` divides the sum by the sum of the weights taken
//! (the count of targets not ignored when there is no weight), as the onnx reference evaluator
//! and onnxruntime do. `SoftmaxCrossEntropyLoss` is this on `LogSoftmax(scores, axis 1)`
//! (the lowering composes the two). Computed in f64 and rounded once.

use crate::error::RtResult;
use crate::real::{from_reals, reals};
use crate::value::{fmt_shape, Tensor};
use flowgate_runtime_abi::LossReduction;

pub struct Nll<'a> {
    pub weight: Option<&'a Tensor>,
    pub ignore_index: Option<i64>,
    pub reduction: LossReduction,
}

pub fn nll_loss(input: &Tensor, target: &Tensor, p: &Nll<'_>) -> RtResult<Tensor> {
    const OP: &str = "NegativeLogLikelihoodLoss";
    let shape = input.shape();
    if shape.len() < 2 {
        bail!("{OP}: input must have shape [N, C, d1, ...], got {}", fmt_shape(shape));
    }
    let (n, c) = (shape[0], shape[1]);
    let inner: usize = shape[2..].iter().product();
    let want: Vec<usize> = std::iter::once(n).chain(shape[2..].iter().copied()).collect();
    if target.shape() != want.as_slice() {
        bail!(
            "{OP}: target of shape {} does not match input {} (expected {})",
            fmt_shape(target.shape()),
            fmt_shape(shape),
            fmt_shape(&want)
        );
    }
    let x = reals::<f64>(input, OP)?;
    let t = target.to_i64s("NegativeLogLikelihoodLoss target")?;
    let w = match p.weight {
        Some(w) if w.shape() != [c] => {
            bail!("{OP}: weight must have shape [{c}], got {}", fmt_shape(w.shape()))
        }
        Some(w) => Some(reals::<f64>(w, OP)?),
        None => None,
    };
    let mut loss = Vec::with_capacity(t.len());
    let mut weight_sum = 0f64;
    for (k, &class) in t.iter().enumerate() {
        if p.ignore_index == Some(class) {
            loss.push(0.0);
            continue;
        }
        if !(0..c as i64).contains(&class) {
            bail!("{OP}: target {class} is out of range for {c} classes");
        }
        let class = class as usize;
        let (b, d) = (k / inner.max(1), k % inner.max(1));
        let wk = w.as_ref().map_or(1.0, |w| w[class]);
        weight_sum += wk;
        loss.push(-x[(b * c + class) * inner + d] * wk);
    }
    match p.reduction {
        LossReduction::None => from_reals(input.dtype(), want, loss),
        LossReduction::Sum => from_reals(input.dtype(), vec![], vec![loss.iter().sum::<f64>()]),
        LossReduction::Mean => {
            let sum = loss.iter().sum::<f64>();
            // Without weights and ignored targets this is the plain mean over every element.
            let denom = if w.is_none() && p.ignore_index.is_none() { loss.len() as f64 } else { weight_sum };
            from_reals(input.dtype(), vec![], vec![sum / denom])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_weights_and_ignored_targets() {
        // N = 2, C = 3, d1 = 2.
        let x = Tensor::from_vec(vec![2, 3, 2], (0..12).map(|v| v as f32).collect()).unwrap();
        let t = Tensor::from_vec(vec![2, 2], vec![0i64, 2, 1, 1]).unwrap();
        let w = Tensor::from_vec(vec![3], vec![1f32, 2., 0.5]).unwrap();
        let run = |weight, ignore_index, reduction| {
            let y = nll_loss(&x, &t, &Nll { weight, ignore_index, reduction }).unwrap();
            (y.shape().to_vec(), y.as_slice::<f32>().unwrap().to_vec())
        };
        // Picked: x[0,0,0]=0, x[0,2,1]=5, x[1,1,0]=8, x[1,1,1]=9.
        assert_eq!(run(None, None, LossReduction::None), (vec![2, 2], vec![-0., -5., -8., -9.]));
        assert_eq!(run(None, None, LossReduction::Mean).1, vec![-5.5]);
        assert_eq!(run(Some(&w), None, LossReduction::Sum).1, vec![-(0. + 2.5 + 16. + 18.)]);
        assert_eq!(run(Some(&w), None, LossReduction::Mean).1, vec![-36.5 / 5.5]);
        // Ignoring class 1 drops two elements from the sum and from the denominator.
        assert_eq!(run(None, Some(1), LossReduction::Mean).1, vec![-2.5]);
        assert_eq!(run(Some(&w), Some(1), LossReduction::Mean).1, vec![-2.5 / 1.5]);
        let bad = Tensor::from_vec(vec![2, 2], vec![0i64, 3, 1, 1]).unwrap();
        let p = Nll { weight: None, ignore_index: None, reduction: LossReduction::Sum };
        assert!(nll_loss(&x, &bad, &p).is_err());
        assert!(nll_loss(&x, &w, &p).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result.
pub(crate) mod c_abi {
    use super::{nll_loss, Nll};
    use crate::abi::support::*;
    use crate::value::Handle;
    use flowgate_runtime_abi::LossReduction;

    /// `has_ignore` 0: no `ignore_index`.
    pub(crate) unsafe fn flowgate_rt_nll_loss(
        node: i32,
        input: Handle,
        target: Handle,
        weight_or_null: Handle,
        has_ignore: i32,
        ignore_index: i64,
        reduction: i32,
    ) -> Handle {
        run_t(node, || {
            let reduction = crate::error::decode::<LossReduction>(reduction)?;
            let p = Nll { weight: opt_ten(weight_or_null)?, ignore_index: pos(has_ignore, ignore_index), reduction };
            nll_loss(ten(input)?, ten(target)?, &p)
        })
    }
}
