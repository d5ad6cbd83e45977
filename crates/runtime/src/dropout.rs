//! Dropout as inference computes it: `Y = X` and a mask of all `true`, which is also training
//! mode with ratio 0. Training mode with a positive ratio draws random numbers (the node suite
//! has no deterministic case of it); it is an error naming it. `training_mode` and `ratio` are
//! inputs from opset 12 on, so this is decided at run time.

use crate::error::RtResult;
use crate::real::reals;
use crate::value::{fmt_shape, Tensor};

/// Checks that this Dropout drops nothing.
pub fn check_inference(ratio: Option<&Tensor>, training: Option<&Tensor>) -> RtResult<()> {
    let training = match training {
        None => false,
        Some(t) if t.len() == 1 => t.to_i64s("Dropout training_mode").map(|v| v[0] != 0).or_else(|_| {
            t.as_slice::<bool>().map(|b| b[0]).ok_or_else(|| rt_err!("Dropout training_mode must be a bool scalar"))
        })?,
        Some(t) => bail!("Dropout training_mode must be a scalar, got shape {}", fmt_shape(t.shape())),
    };
    let ratio = match ratio {
        None => 0.5,
        Some(r) if r.len() == 1 => reals::<f64>(r, "Dropout")?[0],
        Some(r) => bail!("Dropout ratio must be a scalar, got shape {}", fmt_shape(r.shape())),
    };
    if training && ratio != 0.0 {
        bail!("Dropout in training mode with ratio {ratio} (random dropping) is not supported");
    }
    Ok(())
}

/// The mask output: `true` everywhere, shaped like `x`.
pub fn keep_all(x: &Tensor) -> RtResult<Tensor> {
    Tensor::from_vec(x.shape().to_vec(), vec![true; x.len()])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inference_and_zero_ratio_keep_everything() {
        let yes = Tensor::scalar(true);
        let half = Tensor::scalar(0.5f32);
        let zero = Tensor::scalar(0f32);
        assert!(check_inference(Some(&half), None).is_ok());
        assert!(check_inference(Some(&zero), Some(&yes)).is_ok());
        let e = check_inference(Some(&half), Some(&yes)).unwrap_err();
        assert!(e.to_string().contains("training mode"), "{e}");
        assert!(check_inference(None, Some(&yes)).is_err());
        let m = keep_all(&Tensor::from_vec(vec![2], vec![1f32, 2.]).unwrap()).unwrap();
        assert_eq!(m.as_slice::<bool>().unwrap(), &[true, true]);
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result.
pub(crate) mod c_abi {
    use super::{check_inference, keep_all};
    use crate::abi::support::*;
    use crate::value::{Handle, RtValue};
    use std::sync::Arc;

    /// `output` 0: Y (the input itself, shared), 1: the mask.
    pub(crate) unsafe fn flowgate_rt_dropout(
        node: i32,
        x: Handle,
        ratio_or_null: Handle,
        training_or_null: Handle,
        output: i32,
    ) -> Handle {
        run(node, Kind::Tensor, || {
            check_inference(opt_ten(ratio_or_null)?, opt_ten(training_or_null)?)?;
            if output == 0 {
                let v = shared(x)?;
                v.as_tensor()?;
                Ok(v)
            } else {
                Ok(Arc::new(RtValue::tensor(keep_all(ten(x)?)?)))
            }
        })
    }
}
