//! The window functions of opset 17, `HannWindow`, `HammingWindow` and `BlackmanWindow`:
//! `size` values of the cosine sum over `N = size` (periodic) or `size - 1` (symmetric),
//! computed in f64 and rounded once to `output_datatype`.

use crate::error::RtResult;
use crate::value::{DType, Tensor};
use std::f64::consts::PI;

/// Which window (`flowgate_rt_spectral_window`'s `kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WindowFn {
    Hann,
    Hamming,
    Blackman,
}

impl WindowFn {
    pub fn from_code(code: i32) -> RtResult<WindowFn> {
        Ok(match code {
            0 => WindowFn::Hann,
            1 => WindowFn::Hamming,
            2 => WindowFn::Blackman,
            c => bail!("unknown window function code {c}"),
        })
    }
}

pub fn spectral_window(kind: WindowFn, size: &Tensor, periodic: bool, to: DType) -> RtResult<Tensor> {
    let n = match size.to_i64s("window size")?.as_slice() {
        [n] => *n,
        s => bail!("the window size must be one value, got {} values", s.len()),
    };
    let len = usize::try_from(n).map_err(|_| rt_err!("the window size must not be negative, got {n}"))?;
    let span = if periodic { n } else { n - 1 } as f64;
    let y: Vec<f64> = (0..len)
        .map(|i| {
            let t = i as f64 * PI / span;
            match kind {
                WindowFn::Hann => t.sin() * t.sin(),
                // ONNX's coefficients: alpha 25/46, beta 1 - alpha.
                WindowFn::Hamming => 25.0 / 46.0 - (21.0 / 46.0) * (2.0 * t).cos(),
                WindowFn::Blackman => 0.42 - 0.5 * (2.0 * t).cos() + 0.08 * (4.0 * t).cos(),
            }
        })
        .collect();
    Ok(crate::cast::cast(&Tensor::from_vec(vec![len], y)?, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periodic_and_symmetric_windows() {
        let size = Tensor::from_i64s(vec![4]);
        let get = |k, p| spectral_window(k, &size, p, DType::F64).unwrap().as_slice::<f64>().unwrap().to_vec();
        let hann = get(WindowFn::Hann, true);
        assert!((hann[2] - 1.0).abs() < 1e-12 && hann[0] == 0.0);
        let sym = get(WindowFn::Hann, false);
        assert!((sym[3]).abs() < 1e-12);
        assert!((get(WindowFn::Hamming, true)[0] - 4.0 / 46.0).abs() < 1e-12);
        assert!(get(WindowFn::Blackman, true)[0].abs() < 1e-12);
        assert!(spectral_window(WindowFn::Hann, &Tensor::from_i64s(vec![-1]), true, DType::F32).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result.
pub(crate) mod c_abi {
    use super::{spectral_window, WindowFn};
    use crate::abi::support::*;
    use crate::value::Handle;

    pub(crate) unsafe fn flowgate_rt_spectral_window(
        node: i32,
        kind: i32,
        size: Handle,
        periodic: i32,
        to: i32,
    ) -> Handle {
        run_t(node, || spectral_window(WindowFn::from_code(kind)?, ten(size)?, periodic != 0, dtype(to)?))
    }
}
