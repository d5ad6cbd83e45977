//! `Det`: the determinant of every square matrix in the last two axes, by LU decomposition with
//! partial pivoting (nalgebra's; onnxruntime uses Eigen's), computed in f64 and rounded once to
//! the input's float type.

use crate::error::RtResult;
use crate::real::{from_reals, reals};
use crate::value::{fmt_shape, Tensor};

/// Det of `x` (`[*, M, M]`): a tensor of shape `[*]`.
pub fn det(x: &Tensor) -> RtResult<Tensor> {
    let shape = x.shape();
    let r = shape.len();
    if r < 2 || shape[r - 1] != shape[r - 2] {
        bail!("Det: expected square matrices in the last two axes, got shape {}", fmt_shape(shape));
    }
    let n = shape[r - 1];
    let batch: usize = shape[..r - 2].iter().product();
    let v = reals::<f64>(x, "Det")?;
    // The determinant of a 0x0 matrix is 1 (the empty product).
    let out: Vec<f64> = if n == 0 {
        vec![1.0; batch]
    } else {
        v.chunks_exact(n * n).map(|m| nalgebra::DMatrix::from_row_slice(n, n, m).determinant()).collect()
    };
    from_reals(x.dtype(), shape[..r - 2].to_vec(), out)
}

pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::value::Handle;

    pub(crate) unsafe fn flowgate_rt_det(node: i32, x: Handle) -> Handle {
        run_t(node, || super::det(ten(x)?))
    }
}

#[cfg(test)]
mod tests {
    use super::det;
    use crate::value::{DType, Tensor};

    #[test]
    fn determinants_of_a_batch() {
        // [[1, 2], [3, 4]] has -2; a permutation with a sign flip needs the pivoting: [[0, 1], [1, 0]] has -1.
        let x = Tensor::from_vec(vec![2, 2, 2], vec![1.0f32, 2.0, 3.0, 4.0, 0.0, 1.0, 1.0, 0.0]).unwrap();
        let d = det(&x).unwrap();
        assert_eq!(d.shape(), &[2]);
        assert_eq!(d.as_slice::<f32>().unwrap(), &[-2.0, -1.0]);
        let x3 = Tensor::from_vec(vec![3, 3], vec![2.0f64, 0.0, 1.0, 1.0, 3.0, 2.0, 1.0, 1.0, 2.0]).unwrap();
        let d3 = det(&x3).unwrap();
        assert!(d3.shape().is_empty());
        assert!((d3.as_slice::<f64>().unwrap()[0] - 6.0).abs() < 1e-12);
    }

    #[test]
    fn empty_matrices_and_errors() {
        let e = Tensor::zeros(DType::F32, vec![3, 0, 0]).unwrap();
        assert_eq!(det(&e).unwrap().as_slice::<f32>().unwrap(), &[1.0, 1.0, 1.0]);
        let none = Tensor::zeros(DType::F32, vec![0, 2, 2]).unwrap();
        assert_eq!(det(&none).unwrap().shape(), &[0]);
        let err = det(&Tensor::zeros(DType::F32, vec![2, 3]).unwrap()).unwrap_err();
        assert!(err.0.contains("Det") && err.0.contains("square"), "{}", err.0);
        assert!(det(&Tensor::zeros(DType::F32, vec![2]).unwrap()).is_err());
        let err = det(&Tensor::from_i64s(vec![1, 2, 3, 4])).unwrap_err();
        assert!(err.0.contains("Det"), "{}", err.0);
    }
}
