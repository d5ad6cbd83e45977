//! `OneHot`: a new axis of size `depth` at `axis`, holding `values[1]` where it equals the index
//! (a negative index counts from `depth`; one out of range marks nothing) and `values[0]`
//! elsewhere. Indices and depth may be of any numeric type (floats truncate, as onnxruntime).

use crate::dispatch::Elem;
use crate::error::RtResult;
use crate::value::{fmt_shape, Tensor};

pub fn one_hot(indices: &Tensor, depth: &Tensor, values: &Tensor, axis: i64) -> RtResult<Tensor> {
    if depth.len() != 1 {
        bail!("OneHot: depth must hold one value, got shape {}", fmt_shape(depth.shape()));
    }
    if values.len() != 2 {
        bail!("OneHot: values must hold two values (off, on), got shape {}", fmt_shape(values.shape()));
    }
    let d = dispatch!(depth.data(), v => v[0].to_f64()) as i64;
    let d =
        usize::try_from(d).ok().filter(|&d| d > 0).ok_or_else(|| rt_err!("OneHot: depth must be positive, got {d}"))?;
    let r = indices.rank() as i64 + 1;
    if axis < -r || axis >= r {
        bail!("OneHot: axis {axis} is out of range for an output of rank {r}");
    }
    let a = if axis < 0 { axis + r } else { axis } as usize;
    let idx: Vec<i64> = dispatch!(indices.data(), v => v.iter().map(|e| e.to_f64() as i64).collect());
    let (outer, inner): (usize, usize) = (indices.shape()[..a].iter().product(), indices.shape()[a..].iter().product());
    let mut shape = indices.shape().to_vec();
    shape.insert(a, d);
    crate::value::checked_numel(&shape, values.dtype().size())?;
    // Each output element's source: 0 (off) or 1 (on) of `values`.
    let mut pick = vec![0usize; outer * d * inner];
    for o in 0..outer {
        for i in 0..inner {
            let k = idx[o * inner + i];
            let k = if k < 0 { k + d as i64 } else { k };
            if (0..d as i64).contains(&k) {
                pick[(o * d + k as usize) * inner + i] = 1;
            }
        }
    }
    Tensor::from_data(shape, values.data().take(&pick)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_each_index_along_the_axis() {
        let idx = Tensor::from_vec(vec![3], vec![0i64, -1, 7]).unwrap();
        let depth = Tensor::scalar(3f32);
        let vals = Tensor::from_vec(vec![2], vec![0i32, 5]).unwrap();
        let y = one_hot(&idx, &depth, &vals, -1).unwrap();
        assert_eq!(y.shape(), [3, 3]);
        assert_eq!(y.as_slice::<i32>().unwrap(), &[5, 0, 0, 0, 0, 5, 0, 0, 0]);
        let y = one_hot(&idx, &depth, &vals, 0).unwrap();
        assert_eq!(y.as_slice::<i32>().unwrap(), &[5, 0, 0, 0, 0, 0, 0, 5, 0]);
        assert!(one_hot(&idx, &depth, &vals, 2).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result.
pub(crate) mod c_abi {
    use super::one_hot;
    use crate::abi::support::*;
    use crate::value::Handle;

    pub(crate) unsafe fn flowgate_rt_one_hot(
        node: i32,
        indices: Handle,
        depth: Handle,
        values: Handle,
        axis: i64,
    ) -> Handle {
        run_t(node, || one_hot(ten(indices)?, ten(depth)?, ten(values)?, axis))
    }
}
