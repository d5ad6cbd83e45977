//! `TensorScatter` (opset 24): a key/value cache update. `update` (the cache's shape with
//! `seq` positions along `axis`) is written into a copy of `past_cache` from position
//! `write_indices[b]` (0 without them) of each batch entry `b` (axis 0) along `axis`; in
//! `circular` mode positions wrap around the cache's length, in `linear` mode one past the end
//! is an error, as onnxruntime refuses it.

use flowgate_runtime_abi::codes::CacheWrite;
use flowgate_runtime_abi::Reduction;

use crate::broadcast::norm_axis;
use crate::error::RtResult;
use crate::scatter::scatter_flat;
use crate::value::{fmt_shape, Tensor};

pub fn tensor_scatter(
    past: &Tensor,
    update: &Tensor,
    write_indices: Option<&Tensor>,
    axis: i64,
    mode: CacheWrite,
) -> RtResult<Tensor> {
    let (ps, us) = (past.shape(), update.shape());
    if ps.len() < 2 {
        bail!("TensorScatter: past_cache must have rank >= 2, got shape {}", fmt_shape(ps));
    }
    let a = norm_axis(axis, ps.len()).map_err(|e| rt_err!("TensorScatter: {e}"))?;
    if a == 0 {
        bail!("TensorScatter: axis must not be the batch axis 0");
    }
    let mismatch = us.len() != ps.len() || us.iter().zip(ps).enumerate().any(|(i, (u, p))| i != a && u != p);
    if mismatch || us[a] > ps[a] {
        bail!(
            "TensorScatter: update of shape {} does not fit past_cache of shape {} along axis {a}",
            fmt_shape(us),
            fmt_shape(ps)
        );
    }
    if update.dtype() != past.dtype() {
        bail!("TensorScatter: update is {}, past_cache is {}", update.dtype().name(), past.dtype().name());
    }
    let batch = ps[0];
    let starts = match write_indices {
        Some(w) => {
            let s = w.to_i64s("TensorScatter write_indices")?;
            if w.rank() != 1 || s.len() != batch {
                bail!("TensorScatter: write_indices must have shape [{batch}], got {}", fmt_shape(w.shape()));
            }
            s
        }
        None => vec![0; batch],
    };
    let (mid, len, seq): (usize, usize, usize) = (ps[1..a].iter().product(), ps[a], us[a]);
    let inner: usize = ps[a + 1..].iter().product();
    let mut targets = Vec::with_capacity(update.len());
    for (b, &start) in starts.iter().enumerate() {
        if start < 0 || (mode == CacheWrite::Linear && start as u64 + seq as u64 > len as u64) {
            bail!(
                "TensorScatter: write index {start} of batch entry {b} with {seq} new positions is out of range for a cache of length {len} ({} mode)",
                mode.name()
            );
        }
        for m in 0..mid {
            for s in 0..seq {
                let pos = (start as usize % len.max(1) + s) % len.max(1);
                let base = ((b * mid + m) * len + pos) * inner;
                targets.extend(base..base + inner);
            }
        }
    }
    scatter_flat(past, update, &targets, Reduction::None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cache() -> Tensor {
        Tensor::from_vec(vec![2, 4, 1], vec![0f32; 8]).unwrap()
    }

    #[test]
    fn writes_each_batch_entry_from_its_index() {
        let up = Tensor::from_vec(vec![2, 2, 1], vec![1f32, 2., 3., 4.]).unwrap();
        let w = Tensor::from_vec(vec![2], vec![1i64, 2]).unwrap();
        let y = tensor_scatter(&cache(), &up, Some(&w), 1, CacheWrite::Linear).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[0., 1., 2., 0., 0., 0., 3., 4.]);
        let y = tensor_scatter(&cache(), &up, None, -2, CacheWrite::Linear).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[1., 2., 0., 0., 3., 4., 0., 0.]);
        let w = Tensor::from_vec(vec![2], vec![3i64, 0]).unwrap();
        let y = tensor_scatter(&cache(), &up, Some(&w), 1, CacheWrite::Circular).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[2., 0., 0., 1., 3., 4., 0., 0.]);
    }

    #[test]
    fn bad_inputs_are_errors_naming_the_op() {
        let up = Tensor::from_vec(vec![2, 2, 1], vec![1f32, 2., 3., 4.]).unwrap();
        let w = Tensor::from_vec(vec![2], vec![3i64, 0]).unwrap();
        let cases = [
            tensor_scatter(&cache(), &up, Some(&w), 1, CacheWrite::Linear),
            tensor_scatter(&cache(), &up, None, 0, CacheWrite::Linear),
            tensor_scatter(&cache(), &up, None, 3, CacheWrite::Linear),
            tensor_scatter(&cache(), &up, Some(&Tensor::from_vec(vec![1], vec![0i64]).unwrap()), 1, CacheWrite::Linear),
            tensor_scatter(
                &cache(),
                &Tensor::from_vec(vec![2, 2, 2], vec![0f32; 8]).unwrap(),
                None,
                1,
                CacheWrite::Linear,
            ),
            tensor_scatter(
                &cache(),
                &Tensor::from_vec(vec![2, 2, 1], vec![0i32; 4]).unwrap(),
                None,
                1,
                CacheWrite::Linear,
            ),
            tensor_scatter(&Tensor::from_vec(vec![2], vec![0f32; 2]).unwrap(), &up, None, 1, CacheWrite::Linear),
        ];
        for r in cases {
            let e = r.err().unwrap().to_string();
            assert!(e.contains("TensorScatter"), "{e}");
        }
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result.
pub(crate) mod c_abi {
    use super::tensor_scatter;
    use crate::abi::support::*;
    use crate::error::decode;
    use crate::value::Handle;

    pub(crate) unsafe fn flowgate_rt_tensor_scatter(
        node: i32,
        past: Handle,
        update: Handle,
        write_indices_or_null: Handle,
        axis: i64,
        mode: i32,
    ) -> Handle {
        run_t(node, || tensor_scatter(ten(past)?, ten(update)?, opt_ten(write_indices_or_null)?, axis, decode(mode)?))
    }
}
