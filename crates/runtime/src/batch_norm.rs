//! `BatchNormalization` per channel (axis 1): inference with the given statistics, or
//! training mode (opset 14) with the batch's own mean and population variance, which also
//! gives the updated running statistics. Computed in f64 and rounded once, as
//! InstanceNormalization.

use crate::error::RtResult;
use crate::real::{from_reals, reals};
use crate::value::{fmt_shape, Tensor};

/// The operands and attributes.
pub struct BatchNorm<'a> {
    pub scale: &'a Tensor,
    pub b: &'a Tensor,
    pub mean: &'a Tensor,
    pub var: &'a Tensor,
    pub epsilon: f64,
    pub momentum: f64,
    pub training: bool,
}

/// Result `output` (0 Y, 1 running_mean, 2 running_var; the last two in training mode only).
pub fn batch_norm(x: &Tensor, p: &BatchNorm<'_>, output: i32) -> RtResult<Tensor> {
    const OP: &str = "BatchNormalization";
    if x.rank() < 2 {
        bail!("{OP} needs an input of rank >= 2, got shape {}", fmt_shape(x.shape()));
    }
    let c = x.shape()[1];
    let mut params = Vec::with_capacity(4);
    for (t, what) in [(p.scale, "scale"), (p.b, "B"), (p.mean, "input_mean"), (p.var, "input_var")] {
        if t.shape() != [c] {
            bail!("{OP}: {what} must have shape [{c}], got {}", fmt_shape(t.shape()));
        }
        params.push(reals::<f64>(t, OP)?);
    }
    let xv = reals::<f64>(x, OP)?;
    let inner: usize = x.shape()[2..].iter().product();
    let n = x.shape()[0];
    let count = (n * inner) as f64;
    // The statistics used for Y: given, or the batch's.
    let (mut mean, mut var) = (params[2].to_vec(), params[3].to_vec());
    if p.training {
        for ch in 0..c {
            let vals = || (0..n).flat_map(move |i| (0..inner).map(move |k| (i * c + ch) * inner + k));
            let m = vals().map(|at| xv[at]).sum::<f64>() / count;
            mean[ch] = m;
            var[ch] = vals().map(|at| (xv[at] - m) * (xv[at] - m)).sum::<f64>() / count;
        }
    }
    match output {
        0 => {
            let mut y = vec![0f64; xv.len()];
            for (at, (d, s)) in y.iter_mut().zip(xv.iter()).enumerate() {
                let ch = (at / inner.max(1)) % c;
                *d = (s - mean[ch]) / (var[ch] + p.epsilon).sqrt() * params[0][ch] + params[1][ch];
            }
            from_reals(x.dtype(), x.shape().to_vec(), y)
        }
        1 | 2 if p.training => {
            let (given, batch, t) = if output == 1 { (&params[2], &mean, p.mean) } else { (&params[3], &var, p.var) };
            let v = given.iter().zip(batch).map(|(g, b)| g * p.momentum + b * (1.0 - p.momentum)).collect();
            from_reals(t.dtype(), vec![c], v)
        }
        _ => bail!("{OP}: output {output} exists in training mode only"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inference_and_training() {
        let x = Tensor::from_vec(vec![2, 1, 2], vec![1f32, 3., 5., 7.]).unwrap();
        let one = Tensor::from_vec(vec![1], vec![1f32]).unwrap();
        let zero = Tensor::from_vec(vec![1], vec![0f32]).unwrap();
        let four = Tensor::from_vec(vec![1], vec![4f32]).unwrap();
        let mut p =
            BatchNorm { scale: &one, b: &zero, mean: &one, var: &four, epsilon: 0.0, momentum: 0.5, training: false };
        let y = batch_norm(&x, &p, 0).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[0., 1., 2., 3.]);
        assert!(batch_norm(&x, &p, 1).is_err());
        p.training = true;
        // Batch mean 4, population variance 5.
        let y = batch_norm(&x, &p, 0).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap()[0], (-3.0 / 5f64.sqrt()) as f32);
        assert_eq!(batch_norm(&x, &p, 1).unwrap().as_slice::<f32>().unwrap(), &[2.5]);
        assert_eq!(batch_norm(&x, &p, 2).unwrap().as_slice::<f32>().unwrap(), &[4.5]);
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result.
pub(crate) mod c_abi {
    use super::{batch_norm, BatchNorm};
    use crate::abi::support::*;
    use crate::value::Handle;

    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_batch_norm(
        node: i32,
        x: Handle,
        scale: Handle,
        b: Handle,
        mean: Handle,
        var: Handle,
        epsilon: f64,
        momentum: f64,
        training: i32,
        output: i32,
    ) -> Handle {
        run_t(node, || {
            let p = BatchNorm {
                scale: ten(scale)?,
                b: ten(b)?,
                mean: ten(mean)?,
                var: ten(var)?,
                epsilon,
                momentum,
                training: training != 0,
            };
            batch_norm(ten(x)?, &p, output)
        })
    }
}
