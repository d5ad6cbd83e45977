//! Index-driven movement: `ScatterElements`, `ScatterND` (with their reductions), `GatherND`,
//! `ReverseSequence` and `ai.onnx.ml` `ArrayFeatureExtractor`. Indices may be negative (counted
//! from the end); one out of range is an error naming it.

use crate::broadcast::{norm_axis, strides};
use crate::dispatch::Elem;
use crate::error::RtResult;
use crate::movement::{gather_index, indices_of};
use crate::value::{checked_numel, fmt_shape, Data, Tensor};

pub use flowgate_runtime_abi::Reduction;

/// How a reduction combines the old value with an update.
trait Combine {
    fn apply<T: Elem>(self, old: T, new: T) -> T;
}

impl Combine for Reduction {
    fn apply<T: Elem>(self, old: T, new: T) -> T {
        let float = T::DTYPE.is_float();
        match self {
            Reduction::None => new,
            Reduction::Add if float => T::from_f64(old.to_f64() + new.to_f64()),
            Reduction::Add => T::from_i128(old.to_i128().wrapping_add(new.to_i128())),
            Reduction::Mul if float => T::from_f64(old.to_f64() * new.to_f64()),
            Reduction::Mul => T::from_i128(old.to_i128().wrapping_mul(new.to_i128())),
            Reduction::Max if float => {
                if new.to_f64() > old.to_f64() {
                    new
                } else {
                    old
                }
            }
            Reduction::Max => {
                if new.to_i128() > old.to_i128() {
                    new
                } else {
                    old
                }
            }
            Reduction::Min if float => {
                if new.to_f64() < old.to_f64() {
                    new
                } else {
                    old
                }
            }
            Reduction::Min => {
                if new.to_i128() < old.to_i128() {
                    new
                } else {
                    old
                }
            }
        }
    }
}

/// Writes `updates[k]` into a copy of `data` at flat position `targets[k]`, reducing.
pub(crate) fn scatter_flat(data: &Tensor, updates: &Tensor, targets: &[usize], red: Reduction) -> RtResult<Tensor> {
    if updates.dtype() != data.dtype() {
        bail!("updates are {}, data is {}", updates.dtype().name(), data.dtype().name());
    }
    let out: Data = dispatch!(data.data(), v => {
        let mut out = v.clone();
        let up = Elem::slice(updates.data()).unwrap_or(&[]);
        for (&t, &u) in targets.iter().zip(up) {
            if let Some(slot) = out.get_mut(t) {
                *slot = red.apply(*slot, u);
            }
        }
        Elem::into_data(out)
    });
    Tensor::from_data(data.shape().to_vec(), out)
}

pub fn scatter_elements(
    data: &Tensor,
    indices: &Tensor,
    updates: &Tensor,
    axis: i64,
    red: Reduction,
) -> RtResult<Tensor> {
    let r = data.rank();
    let a = norm_axis(axis, r)?;
    if indices.shape() != updates.shape() || indices.rank() != r {
        bail!(
            "ScatterElements: indices {} and updates {} must have one shape of the data's rank {r}",
            fmt_shape(indices.shape()),
            fmt_shape(updates.shape())
        );
    }
    if indices.shape().iter().zip(data.shape()).any(|(i, d)| i > d) {
        bail!("ScatterElements: indices {} exceed data {}", fmt_shape(indices.shape()), fmt_shape(data.shape()));
    }
    let ind = indices_of(indices, "ScatterElements")?;
    let ds = strides(data.shape());
    let ishape = indices.shape();
    let mut targets = Vec::with_capacity(ind.len());
    // The coordinates of element k of `indices`, advanced as an odometer (no divisions per
    // element: detection models scatter RoiAlign outputs of ~10^6 elements), and the flat data
    // offset of those coordinates without the axis' term.
    let mut coord = vec![0usize; r];
    let mut base = 0usize;
    for &i in ind.iter() {
        targets.push(base + gather_index(i, data.shape()[a])? * ds[a]);
        for d in (0..r).rev() {
            coord[d] += 1;
            if d != a {
                base += ds[d];
            }
            if coord[d] < ishape[d] {
                break;
            }
            if d != a {
                base -= coord[d] * ds[d];
            }
            coord[d] = 0;
        }
    }
    scatter_flat(data, updates, &targets, red)
}

/// The flat data offsets the index tuples of `indices` (last dim = tuple length) address, with
/// `batch_dims` leading dims shared, and the size of the slice each addresses.
fn nd_offsets(data: &Tensor, indices: &Tensor, batch_dims: usize, op: &str) -> RtResult<(Vec<usize>, usize)> {
    let q = indices.rank();
    if q == 0 {
        bail!("{op}: indices must have rank >= 1");
    }
    let k = indices.shape()[q - 1];
    if batch_dims >= q || batch_dims + k > data.rank() || indices.shape()[..batch_dims] != data.shape()[..batch_dims] {
        bail!(
            "{op}: indices {} do not fit data {} with batch_dims {batch_dims}",
            fmt_shape(indices.shape()),
            fmt_shape(data.shape())
        );
    }
    let ind = indices_of(indices, op)?;
    let ds = strides(data.shape());
    let slice: usize = data.shape()[batch_dims + k..].iter().product();
    let batch_block: usize = data.shape()[batch_dims..].iter().product();
    let per_batch: usize = indices.shape()[batch_dims..q - 1].iter().product();
    let tuples: usize = indices.shape()[..q - 1].iter().product();
    let mut offs = Vec::with_capacity(tuples);
    for t in 0..tuples {
        let batch = t.checked_div(per_batch).unwrap_or(0);
        let mut off = batch * batch_block;
        for j in 0..k {
            let d = batch_dims + j;
            off += gather_index(ind[t * k + j], data.shape()[d])? * ds[d];
        }
        offs.push(off);
    }
    Ok((offs, slice))
}

pub fn gather_nd(data: &Tensor, indices: &Tensor, batch_dims: i64) -> RtResult<Tensor> {
    let b = usize::try_from(batch_dims).map_err(|_| rt_err!("GatherND: batch_dims must be >= 0"))?;
    let (offs, slice) = nd_offsets(data, indices, b, "GatherND")?;
    let q = indices.rank();
    let k = indices.shape()[q - 1];
    let mut shape = indices.shape()[..q - 1].to_vec();
    shape.extend_from_slice(&data.shape()[b + k..]);
    checked_numel(&shape, 8)?;
    let idx: Vec<usize> = offs.iter().flat_map(|&o| o..o + slice).collect();
    Tensor::from_data(shape, data.data().take(&idx)?)
}

pub fn scatter_nd(data: &Tensor, indices: &Tensor, updates: &Tensor, red: Reduction) -> RtResult<Tensor> {
    let (offs, slice) = nd_offsets(data, indices, 0, "ScatterND")?;
    let q = indices.rank();
    let k = indices.shape()[q - 1];
    let mut want = indices.shape()[..q - 1].to_vec();
    want.extend_from_slice(&data.shape()[k..]);
    if updates.shape() != want {
        bail!("ScatterND: updates must have shape {}, got {}", fmt_shape(&want), fmt_shape(updates.shape()));
    }
    let targets: Vec<usize> = offs.iter().flat_map(|&o| o..o + slice).collect();
    scatter_flat(data, updates, &targets, red)
}

/// ReverseSequence: for each batch entry `b`, the first `lens[b]` steps along `time_axis` reversed.
pub fn reverse_sequence(x: &Tensor, lens: &Tensor, batch_axis: i64, time_axis: i64) -> RtResult<Tensor> {
    if x.rank() < 2 {
        bail!("ReverseSequence needs an input of rank >= 2, got shape {}", fmt_shape(x.shape()));
    }
    let ba = norm_axis(batch_axis, x.rank())?;
    let ta = norm_axis(time_axis, x.rank())?;
    if ba == ta {
        bail!("ReverseSequence: batch_axis and time_axis must differ");
    }
    let l = lens.to_i64_list("sequence_lens", false)?;
    let (nb, nt) = (x.shape()[ba], x.shape()[ta]);
    if l.len() != nb || l.iter().any(|&v| v < 0 || v as u64 > nt as u64) {
        bail!("ReverseSequence: sequence_lens must hold {nb} values in [0, {nt}], got {l:?}");
    }
    let st = strides(x.shape());
    let idx: Vec<usize> = (0..x.len())
        .map(|flat| {
            let b = (flat / st[ba]) % nb;
            let t = (flat / st[ta]) % nt;
            let len = l[b] as usize;
            if t < len {
                flat - t * st[ta] + (len - 1 - t) * st[ta]
            } else {
                flat
            }
        })
        .collect();
    Tensor::from_data(x.shape().to_vec(), x.data().take(&idx)?)
}

/// ArrayFeatureExtractor: the elements at `indices` along the last axis (a 1-D input is one row).
pub fn array_feature_extractor(x: &Tensor, indices: &Tensor) -> RtResult<Tensor> {
    if x.rank() == 0 {
        bail!("ArrayFeatureExtractor needs an input of rank >= 1");
    }
    let ind = indices_of(indices, "ArrayFeatureExtractor")?;
    let last = x.shape()[x.rank() - 1];
    let sel: Vec<usize> = ind
        .iter()
        .map(|&i| {
            usize::try_from(i).ok().filter(|&u| u < last).ok_or_else(|| {
                rt_err!("ArrayFeatureExtractor: index {i} is out of range for a last dimension of {last}")
            })
        })
        .collect::<RtResult<_>>()?;
    let rows = x.len() / last.max(1);
    let mut idx = Vec::with_capacity(rows * sel.len());
    for r in 0..rows {
        idx.extend(sel.iter().map(|&s| r * last + s));
    }
    let mut shape = if x.rank() == 1 { vec![1] } else { x.shape()[..x.rank() - 1].to_vec() };
    shape.push(sel.len());
    Tensor::from_data(shape, x.data().take(&idx)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(shape: &[usize], v: Vec<f32>) -> Tensor {
        Tensor::from_vec(shape.to_vec(), v).unwrap()
    }

    #[test]
    fn scatter_elements_with_indices_smaller_than_data_on_every_axis() {
        // data [2, 3, 4] of zeros; indices/updates [2, 2, 3]; element (i, j, k) of updates goes
        // to data[i, j, k] with the axis' coordinate replaced by its index.
        let data = f(&[2, 3, 4], vec![0.; 24]);
        let ishape = [2usize, 2, 3];
        let idx: Vec<i64> = (0..12).map(|k| (k * 5 % 7) as i64 % 2).collect();
        let upd: Vec<f32> = (1..=12).map(|v| v as f32).collect();
        for axis in 0..3usize {
            let dim = [2, 3, 4][axis] as i64;
            let ind: Vec<i64> = idx.iter().map(|&v| if v == 0 { dim - 1 } else { -1 - (dim - 2) }).collect();
            let y = scatter_elements(
                &data,
                &Tensor::from_vec(ishape.to_vec(), ind.clone()).unwrap(),
                &f(&ishape, upd.clone()),
                axis as i64,
                Reduction::None,
            )
            .unwrap();
            let mut want = [0f32; 24];
            for k in 0..12 {
                let mut c = [k / 6, k / 3 % 2, k % 3];
                c[axis] = (ind[k].rem_euclid(dim)) as usize;
                want[c[0] * 12 + c[1] * 4 + c[2]] = upd[k];
            }
            assert_eq!(y.as_slice::<f32>().unwrap(), &want[..], "axis {axis}");
        }
    }

    #[test]
    fn scatter_elements_axes_and_reductions() {
        let d = f(&[1, 5], vec![1., 2., 3., 4., 5.]);
        let i = Tensor::from_vec(vec![1, 2], vec![1i64, -2]).unwrap();
        let u = f(&[1, 2], vec![10., 20.]);
        let y = scatter_elements(&d, &i, &u, 1, Reduction::None).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[1., 10., 3., 20., 5.]);
        let i2 = Tensor::from_vec(vec![1, 2], vec![1i64, 1]).unwrap();
        let y = scatter_elements(&d, &i2, &u, 1, Reduction::Add).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[1., 32., 3., 4., 5.]);
        let y = scatter_elements(&d, &i2, &u, 1, Reduction::Min).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap()[1], 2.);
        let bad = Tensor::from_vec(vec![1, 2], vec![1i64, 5]).unwrap();
        assert!(scatter_elements(&d, &bad, &u, 1, Reduction::None).is_err());
    }

    #[test]
    fn nd_gather_scatter() {
        let d = Tensor::from_vec(vec![2, 2], vec![0i32, 1, 2, 3]).unwrap();
        let i = Tensor::from_vec(vec![2, 2], vec![0i64, 0, 1, 1]).unwrap();
        assert_eq!(gather_nd(&d, &i, 0).unwrap().as_slice::<i32>().unwrap(), &[0, 3]);
        let rows = Tensor::from_vec(vec![2, 1], vec![1i64, 0]).unwrap();
        let g = gather_nd(&d, &rows, 0).unwrap();
        assert_eq!(g.shape(), &[2, 2]);
        assert_eq!(g.as_slice::<i32>().unwrap(), &[2, 3, 0, 1]);
        // batch_dims 1: row b picks its own column.
        let cols = Tensor::from_vec(vec![2, 1], vec![1i64, 0]).unwrap();
        assert_eq!(gather_nd(&d, &cols, 1).unwrap().as_slice::<i32>().unwrap(), &[1, 2]);
        let up = Tensor::from_vec(vec![2], vec![7i32, 9]).unwrap();
        let s = scatter_nd(&d, &i, &up, Reduction::Mul).unwrap();
        assert_eq!(s.as_slice::<i32>().unwrap(), &[0, 1, 2, 27]);
        assert!(scatter_nd(&d, &i, &Tensor::from_vec(vec![3], vec![1i32; 3]).unwrap(), Reduction::None).is_err());
    }

    #[test]
    fn reverse_sequence_and_feature_extractor() {
        // time_axis 0, batch_axis 1: column b reversed over its first lens[b] rows.
        let x = Tensor::from_vec(vec![3, 2], vec![1i64, 10, 2, 20, 3, 30]).unwrap();
        let l = Tensor::from_i64s(vec![3, 2]);
        let y = reverse_sequence(&x, &l, 1, 0).unwrap();
        assert_eq!(y.as_slice::<i64>().unwrap(), &[3, 20, 2, 10, 1, 30]);
        assert!(reverse_sequence(&x, &Tensor::from_i64s(vec![4, 1]), 1, 0).is_err());
        let a = array_feature_extractor(&x, &Tensor::from_i64s(vec![1])).unwrap();
        assert_eq!(a.shape(), &[3, 1]);
        assert_eq!(a.as_slice::<i64>().unwrap(), &[10, 20, 30]);
        assert!(array_feature_extractor(&x, &Tensor::from_i64s(vec![2])).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::scatter::{
        array_feature_extractor, gather_nd, reverse_sequence, scatter_elements, scatter_nd, Reduction,
    };

    use crate::value::Handle;

    use crate::abi::support::*;

    /// `reduction`: none=0, add=1, mul=2, max=3, min=4.
    pub(crate) unsafe fn flowgate_rt_scatter_elements(
        node: i32,
        data: Handle,
        indices: Handle,
        updates: Handle,
        axis: i64,
        reduction: i32,
    ) -> Handle {
        run_t(node, || {
            scatter_elements(
                ten(data)?,
                ten(indices)?,
                ten(updates)?,
                axis,
                crate::error::decode::<Reduction>(reduction)?,
            )
        })
    }

    pub(crate) unsafe fn flowgate_rt_scatter_nd(
        node: i32,
        data: Handle,
        indices: Handle,
        updates: Handle,
        reduction: i32,
    ) -> Handle {
        run_t(node, || {
            scatter_nd(ten(data)?, ten(indices)?, ten(updates)?, crate::error::decode::<Reduction>(reduction)?)
        })
    }

    pub(crate) unsafe fn flowgate_rt_gather_nd(node: i32, data: Handle, indices: Handle, batch_dims: i64) -> Handle {
        run_t(node, || gather_nd(ten(data)?, ten(indices)?, batch_dims))
    }

    pub(crate) unsafe fn flowgate_rt_reverse_sequence(
        node: i32,
        x: Handle,
        lens: Handle,
        batch_axis: i64,
        time_axis: i64,
    ) -> Handle {
        run_t(node, || reverse_sequence(ten(x)?, ten(lens)?, batch_axis, time_axis))
    }

    pub(crate) unsafe fn flowgate_rt_array_feature_extractor(node: i32, x: Handle, indices: Handle) -> Handle {
        run_t(node, || array_feature_extractor(ten(x)?, ten(indices)?))
    }
}
