//! numpy multidirectional broadcasting, and "index plans": the flat source index of every output
//! element, which turn broadcasting, transposes, slices and expands into one gather.

use crate::error::RtResult;
use crate::value::{checked_numel, fmt_shape, try_vec};

/// The broadcast shape of `a` and `b`.
pub fn broadcast_pair(a: &[usize], b: &[usize]) -> RtResult<Vec<usize>> {
    let rank = a.len().max(b.len());
    let mut out = vec![0; rank];
    for (i, o) in out.iter_mut().enumerate() {
        // Right-aligned: dimension i of the output is dimension i - (rank - len) of the input.
        let da = (i + a.len()).checked_sub(rank).map_or(1, |k| a[k]);
        let db = (i + b.len()).checked_sub(rank).map_or(1, |k| b[k]);
        *o = if da == db || db == 1 {
            da
        } else if da == 1 {
            db
        } else {
            bail!("incompatible dimensions {da} and {db} (shapes {} and {})", fmt_shape(a), fmt_shape(b));
        };
    }
    Ok(out)
}

/// The broadcast shape of several shapes.
pub fn broadcast_all(shapes: &[&[usize]]) -> RtResult<Vec<usize>> {
    let mut out: Vec<usize> = Vec::new();
    for s in shapes {
        out = broadcast_pair(&out, s)?;
    }
    Ok(out)
}

/// Row-major element strides of `shape`.
pub fn strides(shape: &[usize]) -> Vec<usize> {
    let mut s = vec![1usize; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1].saturating_mul(shape[i + 1]);
    }
    s
}

/// For each element of `out_shape` (row-major), `base + sum(index[k] * strides[k])`.
/// Callers guarantee every result is a valid non-negative index.
pub fn strided_indices(out_shape: &[usize], strides: &[isize], base: isize) -> RtResult<Vec<usize>> {
    if strides.len() != out_shape.len() {
        bail!("internal error: {} strides for a rank-{} shape", strides.len(), out_shape.len());
    }
    let n = checked_numel(out_shape, 8)?;
    let mut out = try_vec(n)?;
    if n == 0 {
        return Ok(out);
    }
    let rank = out_shape.len();
    if rank == 0 {
        out.push(base.max(0) as usize);
        return Ok(out);
    }
    let mut idx = vec![0usize; rank];
    let mut offset = base;
    let last = rank - 1;
    let (inner, inner_stride) = (out_shape[last], strides[last]);
    // Wrapping arithmetic: every index actually produced is in range, but the running offset may
    // step past the end (e.g. a huge step taken once) before it is discarded.
    loop {
        let mut o = offset;
        for _ in 0..inner {
            out.push(o.max(0) as usize);
            o = o.wrapping_add(inner_stride);
        }
        // Advance the odometer over the outer dimensions.
        let mut k = last;
        loop {
            if k == 0 {
                return Ok(out);
            }
            k -= 1;
            idx[k] += 1;
            offset = offset.wrapping_add(strides[k]);
            if idx[k] < out_shape[k] {
                break;
            }
            offset = offset.wrapping_sub(strides[k].wrapping_mul(out_shape[k] as isize));
            idx[k] = 0;
        }
    }
}

/// The elements `strided_indices(out_shape, strides, base)` would index, gathered directly:
/// no index vector, and rows whose innermost stride is 1 are copied as slices. An index
/// outside `v` is an internal error (callers guarantee there is none).
pub fn strided_take<T: Copy>(v: &[T], out_shape: &[usize], strides: &[isize], base: isize) -> RtResult<Vec<T>> {
    if strides.len() != out_shape.len() {
        bail!("internal error: {} strides for a rank-{} shape", strides.len(), out_shape.len());
    }
    let n = checked_numel(out_shape, std::mem::size_of::<T>().max(1))?;
    let mut out = try_vec(n)?;
    if n == 0 {
        return Ok(out);
    }
    // (size, stride) from the outermost dimension in, without size-1 dimensions, merged where
    // the outer one steps exactly over the inner one, so contiguous runs are as long as they
    // can be (a Slice of leading or middle axes is a few memcpys).
    let mut dims: Vec<(usize, isize)> = Vec::with_capacity(out_shape.len());
    for (&d, &st) in out_shape.iter().zip(strides) {
        if d == 1 {
            continue;
        }
        match dims.last_mut() {
            Some((pd, ps)) if *ps == st.wrapping_mul(d as isize) => {
                *pd *= d;
                *ps = st;
            }
            _ => dims.push((d, st)),
        }
    }
    let oob = || rt_err!("internal error: strided element index out of bounds");
    let at = |i: isize| usize::try_from(i).ok().and_then(|i| v.get(i).copied()).ok_or_else(oob);
    let Some((inner, inner_stride)) = dims.pop() else {
        out.push(at(base)?);
        return Ok(out);
    };
    let mut idx = vec![0usize; dims.len()];
    let mut offset = base;
    loop {
        if inner_stride == 0 {
            out.extend(std::iter::repeat_n(at(offset)?, inner));
        } else if inner_stride == 1 {
            let start = usize::try_from(offset).map_err(|_| oob())?;
            out.extend_from_slice(v.get(start..start.saturating_add(inner)).ok_or_else(oob)?);
        } else {
            // The run's two ends are checked once; the elements between them are then read
            // by a stepped slice iterator (a transpose's inner runs, 5 ns an element as
            // checked pushes: 20% of an onnx-asr resampler's run).
            let last = offset.wrapping_add(inner_stride.wrapping_mul(inner as isize - 1));
            let (lo, hi) = (offset.min(last), offset.max(last));
            at(lo)?;
            at(hi)?;
            let run = &v[lo as usize..=hi as usize];
            let step = inner_stride.unsigned_abs();
            if inner_stride > 0 {
                out.extend(run.iter().step_by(step).copied());
            } else {
                out.extend(run.iter().rev().step_by(step).copied());
            }
        }
        // Advance the odometer over the outer dimensions (wrapping, as strided_indices).
        let mut k = dims.len();
        loop {
            if k == 0 {
                return Ok(out);
            }
            k -= 1;
            idx[k] += 1;
            offset = offset.wrapping_add(dims[k].1);
            if idx[k] < dims[k].0 {
                break;
            }
            offset = offset.wrapping_sub(dims[k].1.wrapping_mul(dims[k].0 as isize));
            idx[k] = 0;
        }
    }
}

/// `v` (of shape `src`) broadcast to `out`, gathered directly (see [`strided_take`]).
pub fn broadcast_take<T: Copy>(v: &[T], src: &[usize], out: &[usize]) -> RtResult<Vec<T>> {
    let st = strides(src);
    let pad = out.len() - src.len().min(out.len());
    let mut s = vec![0isize; out.len()];
    for (k, (&d, &stride)) in src.iter().zip(&st).enumerate() {
        if d != 1 {
            s[pad + k] = stride as isize;
        }
    }
    strided_take(v, out, &s, 0)
}

/// The source index, in a tensor of shape `src`, of every element of the broadcast shape `out`.
/// `None` when no mapping is needed (same shape).
pub fn broadcast_indices(src: &[usize], out: &[usize]) -> RtResult<Option<Vec<usize>>> {
    if src == out {
        return Ok(None);
    }
    let st = strides(src);
    let pad = out.len() - src.len().min(out.len());
    let mut s = vec![0isize; out.len()];
    for (k, (&d, &stride)) in src.iter().zip(&st).enumerate() {
        if d != 1 {
            s[pad + k] = stride as isize;
        }
    }
    strided_indices(out, &s, 0).map(Some)
}

/// Normalises `axis` (negative counts from the end) into `0..rank`.
pub fn norm_axis(axis: i64, rank: usize) -> RtResult<usize> {
    let r = rank as i64;
    let a = if axis < 0 { axis + r } else { axis };
    if a < 0 || a >= r {
        bail!("axis {axis} is out of range for rank {rank} (must be in [{}, {}])", -r, r - 1);
    }
    Ok(a as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_broadcast_like_numpy() {
        assert_eq!(broadcast_pair(&[2, 3], &[3]).unwrap(), vec![2, 3]);
        assert_eq!(broadcast_pair(&[2, 1, 4], &[3, 1]).unwrap(), vec![2, 3, 4]);
        assert_eq!(broadcast_pair(&[], &[5]).unwrap(), vec![5]);
        assert_eq!(broadcast_pair(&[0, 1], &[1, 3]).unwrap(), vec![0, 3]);
        assert_eq!(
            broadcast_pair(&[2, 3], &[2, 4]).unwrap_err().0,
            "incompatible dimensions 3 and 4 (shapes {2,3} and {2,4})"
        );
        assert!(broadcast_pair(&[0], &[2]).is_err());
        assert_eq!(broadcast_all(&[&[2, 1], &[1, 3], &[1]]).unwrap(), vec![2, 3]);
    }

    #[test]
    fn indices_follow_strides() {
        assert_eq!(broadcast_indices(&[3], &[2, 3]).unwrap(), Some(vec![0, 1, 2, 0, 1, 2]));
        assert_eq!(broadcast_indices(&[2, 1], &[2, 3]).unwrap(), Some(vec![0, 0, 0, 1, 1, 1]));
        assert_eq!(broadcast_indices(&[2], &[2]).unwrap(), None);
        assert_eq!(broadcast_indices(&[1], &[0]).unwrap(), Some(vec![]));
        // Reverse a [3] vector: base 2, stride -1.
        assert_eq!(strided_indices(&[3], &[-1], 2).unwrap(), vec![2, 1, 0]);
        // Transpose of a 2x3: out [3,2] with strides (1,3).
        assert_eq!(strided_indices(&[3, 2], &[1, 3], 0).unwrap(), vec![0, 3, 1, 4, 2, 5]);
        assert_eq!(strided_indices(&[], &[], 4).unwrap(), vec![4]);
    }

    /// The direct gather takes exactly the elements the index plan names: transposes,
    /// reversed and stepped slices, broadcasts, rank 0, empty shapes.
    #[test]
    fn strided_take_matches_indices() {
        let v: Vec<i32> = (0..120).collect();
        let cases: &[(&[usize], &[isize], isize)] = &[
            (&[3], &[-1], 2),
            (&[3, 2], &[1, 3], 0),
            (&[2, 3, 4], &[60, 20, 1], 5),
            (&[2, 3, 4], &[1, 40, 2], 0),
            (&[4, 5], &[-20, 1], 100),
            (&[4, 5], &[0, 1], 7),
            (&[0, 5], &[5, 1], 0),
            (&[], &[], 4),
        ];
        for &(shape, st, base) in cases {
            let idx = strided_indices(shape, st, base).unwrap();
            let want: Vec<i32> = idx.iter().map(|&i| v[i]).collect();
            assert_eq!(strided_take(&v, shape, st, base).unwrap(), want, "{shape:?} {st:?} {base}");
        }
        assert_eq!(broadcast_take(&[1, 2, 3], &[3], &[2, 3]).unwrap(), vec![1, 2, 3, 1, 2, 3]);
        assert_eq!(broadcast_take(&[1, 2], &[2, 1], &[2, 3]).unwrap(), vec![1, 1, 1, 2, 2, 2]);
        // An index past the data is an error, not a panic.
        assert!(strided_take(&v, &[2, 100], &[100, 1], 0).is_err());
        assert!(strided_take(&v, &[3], &[-1], 1).is_err());
    }

    #[test]
    fn axes_normalise() {
        assert_eq!(norm_axis(-1, 3).unwrap(), 2);
        assert_eq!(norm_axis(0, 1).unwrap(), 0);
        assert!(norm_axis(3, 3).is_err());
        assert!(norm_axis(-4, 3).is_err());
        assert!(norm_axis(0, 0).is_err());
    }
}
