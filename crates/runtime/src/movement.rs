//! Data movement: Transpose, Concat, Split, Slice, Gather, GatherElements, Tile, Pad.
//!
//! Most ops compute an index plan (the flat source index of each output element) and gather.

use crate::broadcast::{norm_axis, strided_indices, strides};
use crate::dispatch::Elem;
use crate::error::RtResult;
use crate::shape::norm_axes;
use crate::value::{checked_numel, fmt_shape, take_vec, try_vec, Data, Tensor};

/// Marks an output element that comes from no source element (Pad's constant).
const PAD: usize = usize::MAX;

/// Cartesian index plan: output element `(i_0, .., i_k)` reads `sum(tables[k][i_k])`, or is
/// [`PAD`] when any table entry is.
fn table_indices(out_shape: &[usize], tables: &[Vec<usize>]) -> RtResult<Vec<usize>> {
    checked_numel(out_shape, 8)?;
    let mut cur = vec![0usize];
    for table in tables {
        let mut next = try_vec(cur.len() * table.len())?;
        for &base in &cur {
            for &t in table {
                next.push(if base == PAD || t == PAD { PAD } else { base + t });
            }
        }
        cur = next;
    }
    Ok(cur)
}

/// Transpose by `perm` (reverse when absent).
pub fn transpose(x: &Tensor, perm: Option<&Tensor>) -> RtResult<Tensor> {
    let r = x.rank();
    let perm: Vec<usize> = match perm {
        None => (0..r).rev().collect(),
        Some(p) => {
            let p = p.to_i64_list("Transpose perm", false)?;
            if p.len() != r {
                bail!("Transpose perm has {} entries but the input has rank {r}", p.len());
            }
            let axes = norm_axes(&p, r)?;
            if p.iter().any(|&a| a < 0) {
                bail!("Transpose perm entries must be non-negative, got {:?}", p);
            }
            axes
        }
    };
    let st = strides(x.shape());
    let out: Vec<usize> = perm.iter().map(|&p| x.shape()[p]).collect();
    let s: Vec<isize> = perm.iter().map(|&p| st[p] as isize).collect();
    let data = x.data().take_strided(&out, &s, 0)?;
    Tensor::from_data(out, data)
}

/// The typed elements of every tensor, which must all have `T`'s element type.
fn typed_parts<'a, T: Elem>(ts: &[&'a Tensor], op: &str) -> RtResult<Vec<&'a [T]>> {
    ts.iter()
        .map(|t| {
            t.as_slice::<T>().ok_or_else(|| {
                rt_err!("{op} inputs must have one element type, got {} and {}", T::DTYPE.name(), t.dtype().name())
            })
        })
        .collect()
}

/// Concatenates along `axis`; every input has the same rank and the same other dimensions.
pub fn concat(ts: &[&Tensor], axis: i64) -> RtResult<Tensor> {
    let Some(first) = ts.first() else {
        bail!("Concat needs at least one input");
    };
    let r = first.rank();
    let a = norm_axis(axis, r)?;
    let mut out = first.shape().to_vec();
    out[a] = 0;
    for t in ts {
        let compatible =
            t.rank() == r && t.shape().iter().zip(first.shape()).enumerate().all(|(i, (x, y))| i == a || x == y);
        if !compatible {
            bail!(
                "Concat inputs must have the same shape except on axis {a}, got {} and {}",
                fmt_shape(first.shape()),
                fmt_shape(t.shape())
            );
        }
        out[a] = out[a].checked_add(t.shape()[a]).ok_or_else(|| rt_err!("cannot allocate the Concat result"))?;
    }
    checked_numel(&out, first.dtype().size())?;
    let outer: usize = out[..a].iter().product();
    let inner: usize = out[a + 1..].iter().product();
    let data = dispatch_dtype!(first.dtype(), T => {
        concat_vec::<T>(&typed_parts(ts, "Concat")?, ts, a, outer, inner)
    });
    Tensor::from_data(out, data)
}

fn concat_vec<T: Elem>(parts: &[&[T]], ts: &[&Tensor], a: usize, outer: usize, inner: usize) -> Data {
    let mut v = Vec::new();
    for o in 0..outer {
        for (p, t) in parts.iter().zip(ts) {
            let chunk = t.shape()[a] * inner;
            if let Some(s) = p.get(o * chunk..(o + 1) * chunk) {
                v.extend_from_slice(s);
            }
        }
    }
    T::into_data(v)
}

/// `len` entries of `x` along `axis` starting at `start` (all in range).
pub(crate) fn narrow(x: &Tensor, axis: usize, start: usize, len: usize) -> RtResult<Tensor> {
    let mut out = x.shape().to_vec();
    let dim = out[axis];
    if start + len > dim {
        bail!("internal error: narrow {start}+{len} of {dim}");
    }
    out[axis] = len;
    let st = strides(x.shape());
    let s: Vec<isize> = st.iter().map(|&s| s as isize).collect();
    let data = x.data().take_strided(&out, &s, (start * st[axis]) as isize)?;
    Tensor::from_data(out, data)
}

/// The most outputs Split makes from an empty dimension.
const MAX_EMPTY_SPLIT: usize = 1 << 16;

/// The sizes Split produces along a dimension of `dim`: the `split` input, or `num_outputs`
/// chunks of `ceil(dim / n)` with a smaller last one (Split-18).
pub(crate) fn split_sizes(dim: usize, split: Option<&Tensor>, num_outputs: i64) -> RtResult<Vec<usize>> {
    match split {
        Some(s) => {
            let v = s.to_i64_list("Split split", false)?;
            let sizes: Vec<usize> = v
                .iter()
                .map(|&d| usize::try_from(d).map_err(|_| rt_err!("Split sizes must be non-negative, got {v:?}")))
                .collect::<RtResult<_>>()?;
            let total = sizes.iter().try_fold(0usize, |a, &d| a.checked_add(d));
            if total != Some(dim) {
                bail!("Split sizes {v:?} do not add up to the dimension {dim}");
            }
            if num_outputs > 0 && sizes.len() as i64 != num_outputs {
                bail!("Split has {} sizes but {num_outputs} outputs", sizes.len());
            }
            Ok(sizes)
        }
        None => {
            let n = usize::try_from(num_outputs)
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| rt_err!("Split needs a positive number of outputs, got {num_outputs}"))?;
            // Every output is a real node output, so a count beyond the dimension (or beyond
            // any plausible node for an empty dimension) is a caller bug, not a huge allocation.
            if n > dim.max(MAX_EMPTY_SPLIT) {
                bail!("cannot split a dimension of {dim} into {n} outputs");
            }
            let chunk = dim.div_ceil(n);
            let before_last = chunk * (n - 1);
            if before_last > dim {
                bail!("cannot split a dimension of {dim} into {n} outputs of {chunk} (the last would be negative)");
            }
            let mut sizes = vec![chunk; n - 1];
            sizes.push(dim - before_last);
            Ok(sizes)
        }
    }
}

/// Split along `axis` into pieces.
pub fn split(x: &Tensor, split: Option<&Tensor>, axis: i64, num_outputs: i64) -> RtResult<Vec<Tensor>> {
    let a = norm_axis(axis, x.rank())?;
    let sizes = split_sizes(x.shape()[a], split, num_outputs)?;
    let mut start = 0;
    sizes
        .iter()
        .map(|&len| {
            let t = narrow(x, a, start, len);
            start += len;
            t
        })
        .collect()
}

/// Slice-13: per axis, negative starts/ends count from the end, then clamp to `[0, dim]`
/// (`[0, dim-1]` for starts and `[-1, dim-1]` for ends when the step is negative).
pub fn slice(
    x: &Tensor,
    starts: &Tensor,
    ends: &Tensor,
    axes: Option<&Tensor>,
    steps: Option<&Tensor>,
) -> RtResult<Tensor> {
    let starts = starts.to_i64_list("Slice starts", false)?;
    let ends = ends.to_i64_list("Slice ends", false)?;
    let n = starts.len();
    if ends.len() != n {
        bail!("Slice starts has {n} entries but ends has {}", ends.len());
    }
    let axes = match axes {
        Some(a) => a.to_i64_list("Slice axes", false)?,
        None => (0..n as i64).collect(),
    };
    let steps = match steps {
        Some(s) => s.to_i64_list("Slice steps", false)?,
        None => vec![1; n],
    };
    if axes.len() != n || steps.len() != n {
        bail!(
            "Slice starts, ends, axes and steps must have the same length, got {n}, {}, {} and {}",
            ends.len(),
            axes.len(),
            steps.len()
        );
    }
    let axes = norm_axes(&axes, x.rank())?;
    let st = strides(x.shape());
    let mut out = x.shape().to_vec();
    let mut s: Vec<isize> = st.iter().map(|&v| v as isize).collect();
    let mut base: i128 = 0;
    for k in 0..n {
        let (a, step) = (axes[k], steps[k]);
        if step == 0 {
            bail!("Slice step must not be zero");
        }
        let dim = x.shape()[a] as i128;
        let (step, mut start, mut end) = (i128::from(step), i128::from(starts[k]), i128::from(ends[k]));
        if start < 0 {
            start += dim;
        }
        if end < 0 {
            end += dim;
        }
        let count = if dim == 0 {
            0
        } else if step > 0 {
            start = start.clamp(0, dim);
            end = end.clamp(0, dim);
            ((end - start + step - 1) / step).max(0)
        } else {
            start = start.clamp(0, (dim - 1).max(0));
            end = end.clamp(-1, dim - 1);
            ((start - end + (-step) - 1) / (-step)).max(0)
        };
        out[a] = count as usize;
        if count > 0 {
            base += start * st[a] as i128;
        }
        // A single element never steps (and a huge step would not fit an isize).
        s[a] = if count > 1 { (step * st[a] as i128) as isize } else { 0 };
    }
    let data = x.data().take_strided(&out, &s, base as isize)?;
    Tensor::from_data(out, data)
}

/// Normalises one gather index against a dimension of `dim`, with onnxruntime's message.
pub(crate) fn gather_index(i: i64, dim: usize) -> RtResult<usize> {
    let d = dim as i64;
    let j = if i < 0 { i + d } else { i };
    if j < 0 || j >= d {
        bail!("indices element out of data bounds, idx={i} must be within the inclusive range [{},{}]", -d, d - 1);
    }
    Ok(j as usize)
}

pub(crate) fn indices_of(t: &Tensor, op: &str) -> RtResult<Vec<i64>> {
    match t.dtype() {
        crate::value::DType::I32 | crate::value::DType::I64 => t.to_i64s("indices"),
        d => Err(rt_err!("{op} indices must be int32 or int64, got {}", d.name())),
    }
}

/// Gather along `axis`: `out[o, i..., n] = x[o, indices[i...], n]`.
pub fn gather(x: &Tensor, indices: &Tensor, axis: i64) -> RtResult<Tensor> {
    let a = norm_axis(axis, x.rank())?;
    let ind = indices_of(indices, "Gather")?;
    let dim = x.shape()[a];
    let ind: Vec<usize> = ind.iter().map(|&i| gather_index(i, dim)).collect::<RtResult<_>>()?;
    let mut out = x.shape()[..a].to_vec();
    out.extend_from_slice(indices.shape());
    out.extend_from_slice(&x.shape()[a + 1..]);
    checked_numel(&out, x.dtype().size().max(8))?;
    let outer: usize = x.shape()[..a].iter().product();
    let inner: usize = x.shape()[a + 1..].iter().product();
    let mut idx = try_vec(outer * ind.len() * inner)?;
    for o in 0..outer {
        for &i in &ind {
            let b = (o * dim + i) * inner;
            idx.extend(b..b + inner);
        }
    }
    Tensor::from_data(out, x.data().take(&idx)?)
}

/// GatherElements along `axis`: `out[p] = x[p with p[axis] = indices[p]]`.
pub fn gather_elements(x: &Tensor, indices: &Tensor, axis: i64) -> RtResult<Tensor> {
    let r = x.rank();
    let a = norm_axis(axis, r)?;
    if indices.rank() != r {
        bail!("GatherElements indices must have the data's rank {r}, got shape {}", fmt_shape(indices.shape()));
    }
    for (k, (&i, &d)) in indices.shape().iter().zip(x.shape()).enumerate() {
        if k != a && i > d {
            bail!(
                "GatherElements indices shape {} exceeds the data shape {} on axis {k}",
                fmt_shape(indices.shape()),
                fmt_shape(x.shape())
            );
        }
    }
    let ind = indices_of(indices, "GatherElements")?;
    let dim = x.shape()[a];
    let xs = strides(x.shape());
    // Source index of each indices position with its own axis coordinate taken as 0.
    let s: Vec<isize> = xs.iter().enumerate().map(|(k, &v)| if k == a { 0 } else { v as isize }).collect();
    let bases = strided_indices(indices.shape(), &s, 0)?;
    let idx: Vec<usize> =
        bases.iter().zip(&ind).map(|(&b, &i)| gather_index(i, dim).map(|j| b + j * xs[a])).collect::<RtResult<_>>()?;
    Tensor::from_data(indices.shape().to_vec(), x.data().take(&idx)?)
}

/// Tile: repeats each dimension `repeats[k]` times.
pub fn tile(x: &Tensor, repeats: &Tensor) -> RtResult<Tensor> {
    let reps = repeats.to_i64_list("Tile repeats", false)?;
    if reps.len() != x.rank() {
        bail!("Tile repeats has {} entries but the input has rank {}", reps.len(), x.rank());
    }
    let mut out = Vec::with_capacity(reps.len());
    for (&d, &r) in x.shape().iter().zip(&reps) {
        let r = usize::try_from(r).map_err(|_| rt_err!("Tile repeats must be non-negative, got {reps:?}"))?;
        out.push(d.checked_mul(r).ok_or_else(|| rt_err!("cannot allocate the Tile result"))?);
    }
    if checked_numel(&out, x.dtype().size())? == 0 {
        return Tensor::zeros(x.dtype(), out);
    }
    let st = strides(x.shape());
    let tables: Vec<Vec<usize>> =
        out.iter().enumerate().map(|(k, &o)| (0..o).map(|i| (i % x.shape()[k].max(1)) * st[k]).collect()).collect();
    let idx = table_indices(&out, &tables)?;
    Tensor::from_data(out, x.data().take(&idx)?)
}

/// Pad (constant mode): `pads` is `[begin_0.., end_0..]` for `axes` (all axes when absent);
/// negative pads crop.
pub use flowgate_runtime_abi::PadMode;

/// Where a padded position reads from.
trait Source {
    fn source(self, src: i128, d: i128) -> Option<i128>;
}

impl Source for PadMode {
    /// The source index of output position `src` (relative to the input's start) on an axis of
    /// `d` elements, or None for a constant pad position. `d > 0` for the other modes.
    fn source(self, src: i128, d: i128) -> Option<i128> {
        if (0..d).contains(&src) {
            return Some(src);
        }
        match self {
            PadMode::Constant => None,
            PadMode::Edge => Some(src.clamp(0, d - 1)),
            PadMode::Wrap => Some(src.rem_euclid(d)),
            PadMode::Reflect => {
                if d == 1 {
                    return Some(0);
                }
                // Mirroring repeats with period 2(d-1) (as numpy's 'reflect' does for pads
                // wider than the input).
                let p = 2 * (d - 1);
                let m = src.rem_euclid(p);
                Some(if m < d { m } else { p - m })
            }
        }
    }
}

pub fn pad(x: &Tensor, pads: &Tensor, value: Option<&Tensor>, axes: Option<&Tensor>) -> RtResult<Tensor> {
    pad_mode(x, pads, value, axes, PadMode::Constant)
}

pub fn pad_mode(
    x: &Tensor,
    pads: &Tensor,
    value: Option<&Tensor>,
    axes: Option<&Tensor>,
    mode: PadMode,
) -> RtResult<Tensor> {
    let r = x.rank();
    let axes = match axes {
        Some(a) => norm_axes(&a.to_i64_list("Pad axes", false)?, r)?,
        None => (0..r).collect(),
    };
    let p = pads.to_i64_list("Pad pads", false)?;
    if p.len() != 2 * axes.len() {
        bail!("Pad pads has {} entries, expected {} (2 per axis)", p.len(), 2 * axes.len());
    }
    let mut begin = vec![0i64; r];
    let mut end = vec![0i64; r];
    for (k, &a) in axes.iter().enumerate() {
        begin[a] = p[k];
        end[a] = p[k + axes.len()];
    }
    let mut out = Vec::with_capacity(r);
    for k in 0..r {
        let o = x.shape()[k] as i128 + i128::from(begin[k]) + i128::from(end[k]);
        out.push(
            usize::try_from(o)
                .map_err(|_| rt_err!("Pad would make dimension {k} of shape {} negative", fmt_shape(x.shape())))?,
        );
    }
    if checked_numel(&out, x.dtype().size())? == 0 {
        // Still check the constant's type, as for a non-empty result.
        let data = dispatch!(x.data(), v => pad_vec(v, &[], value)?);
        return Tensor::from_data(out, data);
    }
    if mode != PadMode::Constant {
        if let Some(k) = (0..r).find(|&k| x.shape()[k] == 0 && out[k] > 0) {
            bail!("Pad mode {mode:?} cannot pad dimension {k} of shape {}: it is empty", fmt_shape(x.shape()));
        }
    }
    let st = strides(x.shape());
    let tables: Vec<Vec<usize>> = (0..r)
        .map(|k| {
            let (d, b) = (x.shape()[k] as i128, i128::from(begin[k]));
            (0..out[k])
                .map(|i| match mode.source(i as i128 - b, d) {
                    Some(src) => src as usize * st[k],
                    None => PAD,
                })
                .collect()
        })
        .collect();
    let idx = table_indices(&out, &tables)?;
    let data = dispatch!(x.data(), v => pad_vec(v, &idx, value)?);
    Tensor::from_data(out, data)
}

fn pad_vec<T: Elem>(v: &[T], idx: &[usize], value: Option<&Tensor>) -> RtResult<Data> {
    let fill = match value {
        None => T::from_i128(0),
        Some(t) => match t.as_slice::<T>() {
            Some([c]) => *c,
            Some(_) => bail!("Pad constant_value must be a scalar, got shape {}", fmt_shape(t.shape())),
            None => bail!(
                "Pad constant_value must have the input's element type {}, got {}",
                T::DTYPE.name(),
                t.dtype().name()
            ),
        },
    };
    let real: Vec<usize> = idx.iter().map(|&i| if i == PAD { 0 } else { i }).collect();
    let mut out = if v.is_empty() { vec![fill; idx.len()] } else { take_vec(v, &real)? };
    for (o, &i) in out.iter_mut().zip(idx) {
        if i == PAD {
            *o = fill;
        }
    }
    Ok(T::into_data(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn i64s(v: &[i64]) -> Tensor {
        Tensor::from_i64s(v.to_vec())
    }

    fn iota(shape: &[usize]) -> Tensor {
        let n = shape.iter().product::<usize>();
        Tensor::from_vec(shape.to_vec(), (0..n as i32).collect()).unwrap()
    }

    fn vals(t: &Tensor) -> Vec<i32> {
        t.as_slice::<i32>().unwrap().to_vec()
    }

    #[test]
    fn transpose_default_and_perm() {
        let x = iota(&[2, 3]);
        let t = transpose(&x, None).unwrap();
        assert_eq!(t.shape(), &[3, 2]);
        assert_eq!(vals(&t), vec![0, 3, 1, 4, 2, 5]);
        let y = iota(&[2, 3, 4]);
        let t = transpose(&y, Some(&i64s(&[1, 0, 2]))).unwrap();
        assert_eq!(t.shape(), &[3, 2, 4]);
        assert_eq!(&vals(&t)[..8], &[0, 1, 2, 3, 12, 13, 14, 15]);
        assert!(transpose(&y, Some(&i64s(&[0, 0, 1]))).is_err());
        assert!(transpose(&y, Some(&i64s(&[0, 1]))).is_err());
        assert_eq!(transpose(&Tensor::scalar(5i32), None).unwrap().shape(), &[] as &[usize]);
    }

    #[test]
    fn concat_and_split() {
        let a = iota(&[2, 2]);
        let b = iota(&[2, 1]);
        let c = concat(&[&a, &b], -1).unwrap();
        assert_eq!(c.shape(), &[2, 3]);
        assert_eq!(vals(&c), vec![0, 1, 0, 2, 3, 1]);
        assert!(concat(&[&a, &b], 0).is_err());
        assert!(concat(&[&a, &crate::cast::cast(&b, crate::DType::I64)], 1).is_err());
        assert!(concat(&[], 0).is_err());
        let e = concat(&[&iota(&[0, 2]), &a], 0).unwrap();
        assert_eq!(vals(&e), vals(&a));
        let x = iota(&[5]);
        let parts = split(&x, None, 0, 3).unwrap();
        let parts: Vec<Vec<i32>> = parts.iter().map(vals).collect();
        assert_eq!(parts, vec![vec![0, 1], vec![2, 3], vec![4]]);
        let parts = split(&iota(&[2, 3]), Some(&i64s(&[1, 2])), 1, 2).unwrap();
        assert_eq!(parts[1].shape(), &[2, 2]);
        assert_eq!(vals(&parts[1]), vec![1, 2, 4, 5]);
        assert!(split(&x, Some(&i64s(&[1, 2])), 0, 2).is_err());
        assert!(split(&x, None, 0, 0).is_err());
        assert!(split(&iota(&[5]), None, 0, 4).is_err());
    }

    #[test]
    fn slice_clamps_and_steps_backwards() {
        let x = iota(&[10]);
        let s = |st: i64, en: i64, step: i64| {
            vals(&slice(&x, &i64s(&[st]), &i64s(&[en]), None, Some(&i64s(&[step]))).unwrap())
        };
        assert_eq!(s(1, 4, 1), vec![1, 2, 3]);
        assert_eq!(s(-3, i64::MAX, 1), vec![7, 8, 9]);
        assert_eq!(s(0, 10, 3), vec![0, 3, 6, 9]);
        assert_eq!(s(-1, i64::MIN, -1), vec![9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
        assert_eq!(s(8, 1, -3), vec![8, 5, 2]);
        assert_eq!(s(100, -100, -4), vec![9, 5, 1]);
        assert_eq!(s(5, 2, 1), Vec::<i32>::new());
        assert_eq!(s(i64::MIN, i64::MAX, 1).len(), 10);
        let y = iota(&[3, 4]);
        let r = slice(&y, &i64s(&[0, 3]), &i64s(&[i64::MAX, 0]), Some(&i64s(&[0, -1])), Some(&i64s(&[2, -2]))).unwrap();
        assert_eq!(r.shape(), &[2, 2]);
        assert_eq!(vals(&r), vec![3, 1, 11, 9]);
        assert!(slice(&y, &i64s(&[0]), &i64s(&[1]), None, Some(&i64s(&[0]))).is_err());
        assert!(slice(&y, &i64s(&[0, 0]), &i64s(&[1]), None, None).is_err());
        assert!(slice(&y, &i64s(&[0, 0]), &i64s(&[1, 1]), Some(&i64s(&[1, 1])), None).is_err());
    }

    #[test]
    fn gather_and_errors() {
        let x = iota(&[3, 2]);
        let g = gather(&x, &i64s(&[2, -3]), 0).unwrap();
        assert_eq!(g.shape(), &[2, 2]);
        assert_eq!(vals(&g), vec![4, 5, 0, 1]);
        let g = gather(&x, &Tensor::scalar(1i32), 1).unwrap();
        assert_eq!(g.shape(), &[3]);
        assert_eq!(vals(&g), vec![1, 3, 5]);
        assert_eq!(
            gather(&x, &i64s(&[5]), 0).unwrap_err().0,
            "indices element out of data bounds, idx=5 must be within the inclusive range [-3,2]"
        );
        assert!(gather(&x, &i64s(&[0]), 2).is_err());
        assert!(gather(&x, &Tensor::scalar(0.0f32), 0).is_err());
        let ge = gather_elements(&x, &Tensor::from_vec(vec![2, 2], vec![1i64, 0, -1, 1]).unwrap(), 1).unwrap();
        assert_eq!(vals(&ge), vec![1, 0, 3, 3]);
        let ge = gather_elements(&x, &Tensor::from_vec(vec![1, 2], vec![2i64, 0]).unwrap(), 0).unwrap();
        assert_eq!(vals(&ge), vec![4, 1]);
        assert!(gather_elements(&x, &Tensor::from_vec(vec![1, 2], vec![3i64, 0]).unwrap(), 0).is_err());
        assert!(gather_elements(&x, &i64s(&[0]), 0).is_err());
    }

    #[test]
    fn tile_and_pad() {
        let x = iota(&[2, 2]);
        let t = tile(&x, &i64s(&[1, 2])).unwrap();
        assert_eq!(t.shape(), &[2, 4]);
        assert_eq!(vals(&t), vec![0, 1, 0, 1, 2, 3, 2, 3]);
        assert_eq!(tile(&x, &i64s(&[0, 2])).unwrap().shape(), &[0, 4]);
        assert!(tile(&x, &i64s(&[1])).is_err());
        assert!(tile(&x, &i64s(&[-1, 1])).is_err());
        assert!(tile(&x, &i64s(&[1 << 40, 1 << 40])).is_err());
        // An empty result with a huge other dimension allocates nothing.
        let e = tile(&iota(&[0, 2]), &i64s(&[1, 1 << 50])).unwrap();
        assert_eq!(e.shape(), &[0, 1 << 51]);
        let e = pad(&iota(&[0, 2]), &i64s(&[0, 0, 0, 1 << 50]), None, None).unwrap();
        assert_eq!(e.shape(), &[0, (1 << 50) + 2]);
        assert!(pad(&iota(&[0, 2]), &i64s(&[0, 0, 0, i64::MAX]), None, None).is_err());
        let p = pad(&x, &i64s(&[1, 0, 0, 1]), Some(&Tensor::scalar(9i32)), None).unwrap();
        assert_eq!(p.shape(), &[3, 3]);
        assert_eq!(vals(&p), vec![9, 9, 9, 0, 1, 9, 2, 3, 9]);
        let p = pad(&x, &i64s(&[-1, 1]), None, Some(&i64s(&[1]))).unwrap();
        assert_eq!(vals(&p), vec![1, 0, 3, 0]);
        assert!(pad(&x, &i64s(&[-3, 0, 0, 0]), None, None).is_err());
        assert!(pad(&x, &i64s(&[1, 0]), None, None).is_err());
        let e = pad(&iota(&[0]), &i64s(&[1, 1]), Some(&Tensor::scalar(4i32)), None).unwrap();
        assert_eq!(vals(&e), vec![4, 4]);
    }

    #[test]
    fn strided_gather_runs_match_indices() {
        // Every slicing pattern of a [3, 4, 5] tensor gives what the index plan gives.
        let v: Vec<i32> = (0..60).collect();
        let shape = [3usize, 4, 5];
        let st = [20isize, 5, 1];
        let cases: Vec<(Vec<usize>, Vec<isize>, isize)> = vec![
            (vec![3, 4, 5], st.to_vec(), 0),
            (vec![2, 4, 5], st.to_vec(), 20),
            (vec![3, 2, 5], st.to_vec(), 5),
            (vec![3, 4, 2], st.to_vec(), 3),
            (vec![3, 2, 5], vec![20, 10, 1], 0),
            (vec![3, 4, 5], vec![20, 5, -1], 4),
            (vec![1, 1, 5], st.to_vec(), 45),
            (vec![3, 1, 1], st.to_vec(), 7),
            (vec![0, 4, 5], st.to_vec(), 0),
        ];
        for (out, s, base) in cases {
            let want = take_vec(&v, &strided_indices(&out, &s, base).unwrap()).unwrap();
            assert_eq!(crate::broadcast::strided_take(&v, &out, &s, base).unwrap(), want, "{out:?} {s:?} {base}");
        }
        assert_eq!(shape.iter().product::<usize>(), v.len());
        // A run past the end is an error, not a panic.
        assert!(crate::broadcast::strided_take(&v, &[2, 5], &[40, 1], 20).is_err());
    }

    #[test]
    fn pad_modes() {
        // [0 1 2] padded by 2 before and 3 after, as numpy.pad's modes give it.
        let x = iota(&[3]);
        let p = |m| vals(&pad_mode(&x, &i64s(&[2, 3]), None, None, m).unwrap());
        assert_eq!(p(PadMode::Reflect), vec![2, 1, 0, 1, 2, 1, 0, 1]);
        assert_eq!(p(PadMode::Edge), vec![0, 0, 0, 1, 2, 2, 2, 2]);
        assert_eq!(p(PadMode::Wrap), vec![1, 2, 0, 1, 2, 0, 1, 2]);
        assert_eq!(p(PadMode::Constant), vec![0, 0, 0, 1, 2, 0, 0, 0]);
        // Per axis of a matrix: reflect rows, edge on columns through `axes`.
        let m = iota(&[2, 2]);
        let r = pad_mode(&m, &i64s(&[1, 1]), None, Some(&i64s(&[0])), PadMode::Reflect).unwrap();
        assert_eq!(vals(&r), vec![2, 3, 0, 1, 2, 3, 0, 1]);
        // A one-element axis reflects onto itself; an empty one cannot be padded.
        let one = pad_mode(&iota(&[1]), &i64s(&[2, 1]), None, None, PadMode::Reflect).unwrap();
        assert_eq!(vals(&one), vec![0, 0, 0, 0]);
        assert!(pad_mode(&iota(&[0]), &i64s(&[1, 0]), None, None, PadMode::Edge).is_err());
        assert!(crate::error::decode::<PadMode>(7).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::movement as mv;
    use crate::strings::run_moved;
    use crate::value::{Handle, RtValue};
    use std::sync::Arc;

    pub(crate) unsafe fn flowgate_rt_transpose(node: i32, x: Handle, perm_or_null: Handle) -> Handle {
        run_moved(node, x, |x| mv::transpose(x, opt_ten(perm_or_null)?))
    }

    pub(crate) unsafe fn flowgate_rt_concat(node: i32, seq: Handle, axis: i64) -> Handle {
        run(node, Kind::Tensor, || {
            let (_, items) = val(seq)?.as_sequence()?;
            let items: Vec<&RtValue> = items.iter().map(|v| &**v).collect();
            crate::strings::lift(&items, |ts| mv::concat(ts, axis)).map(Arc::new)
        })
    }

    pub(crate) unsafe fn flowgate_rt_split(
        node: i32,
        x: Handle,
        split_or_null: Handle,
        axis: i64,
        num_outputs: i64,
    ) -> Handle {
        run_v(node, Kind::Sequence, || {
            let x = ten(x)?;
            let parts = mv::split(x, opt_ten(split_or_null)?, axis, num_outputs)?;
            let items = parts.into_iter().map(|t| Arc::new(RtValue::tensor(t))).collect();
            Ok(RtValue::sequence(Some(x.dtype()), items))
        })
    }

    pub(crate) unsafe fn flowgate_rt_slice(
        node: i32,
        x: Handle,
        starts: Handle,
        ends: Handle,
        axes_or_null: Handle,
        steps_or_null: Handle,
    ) -> Handle {
        run_moved(node, x, |x| mv::slice(x, ten(starts)?, ten(ends)?, opt_ten(axes_or_null)?, opt_ten(steps_or_null)?))
    }

    pub(crate) unsafe fn flowgate_rt_gather(node: i32, x: Handle, indices: Handle, axis: i64) -> Handle {
        run_moved(node, x, |x| mv::gather(x, ten(indices)?, axis))
    }

    pub(crate) unsafe fn flowgate_rt_gather_elements(node: i32, x: Handle, indices: Handle, axis: i64) -> Handle {
        run_moved(node, x, |x| mv::gather_elements(x, ten(indices)?, axis))
    }

    pub(crate) unsafe fn flowgate_rt_tile(node: i32, x: Handle, repeats: Handle) -> Handle {
        run_moved(node, x, |x| mv::tile(x, ten(repeats)?))
    }

    pub(crate) unsafe fn flowgate_rt_pad(
        node: i32,
        x: Handle,
        pads: Handle,
        value_or_null: Handle,
        axes_or_null: Handle,
    ) -> Handle {
        run_t(node, || mv::pad(ten(x)?, ten(pads)?, opt_ten(value_or_null)?, opt_ten(axes_or_null)?))
    }

    /// `Pad` with a `mode` other than constant (a `PadMode` code).
    pub(crate) unsafe fn flowgate_rt_pad_mode(
        node: i32,
        x: Handle,
        pads: Handle,
        value_or_null: Handle,
        axes_or_null: Handle,
        mode: i32,
    ) -> Handle {
        run_t(node, || {
            let mode = crate::error::decode::<mv::PadMode>(mode)?;
            mv::pad_mode(ten(x)?, ten(pads)?, opt_ten(value_or_null)?, opt_ten(axes_or_null)?, mode)
        })
    }
}
