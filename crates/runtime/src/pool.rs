//! `MaxPool` (with its optional `Indices` output), `AveragePool` (`count_include_pad`,
//! `ceil_mode`, dilations), `LpPool` (the p-norm of each window's elements inside the input),
//! `GlobalAveragePool`, `GlobalMaxPool`, `MaxUnpool` (MaxPool's inverse), `InstanceNormalization`,
//! `GroupNormalization` and `LRN` (a window over channels).
//! Window sums are taken in f64 and rounded once to the element type; MaxPool of f32 compares
//! in f32 (`max_pool_f32`: comparisons are exact, so the result is the f64 path's).

use crate::dispatch::Elem;
use crate::error::RtResult;
use crate::real::{from_reals, reals};
use crate::value::{checked_numel, fmt_shape, DType, Tensor};
use crate::window::{box_points, resolve, AutoPad, Window, WindowAttrs};

#[derive(Clone, Debug, Default)]
pub struct PoolAttrs {
    pub window: WindowAttrs,
    pub auto_pad: i32,
    pub ceil_mode: bool,
    pub count_include_pad: bool,
    /// MaxPool's `storage_order`: 1 numbers the Indices output column-major.
    pub storage_order: i64,
}

/// Which pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PoolKind {
    Max,
    Average,
    /// LpPool with this `p`.
    Lp(i64),
}

/// The pooled tensor and, for MaxPool, the flat input index of each maximum (INT64).
pub fn pool(x: &Tensor, kind: PoolKind, a: &PoolAttrs) -> RtResult<(Tensor, Option<Tensor>)> {
    let op = match kind {
        PoolKind::Max => "MaxPool",
        PoolKind::Average => "AveragePool",
        PoolKind::Lp(_) => "LpPool",
    };
    if x.rank() < 3 {
        bail!("{op} needs an input of rank >= 3, got shape {}", fmt_shape(x.shape()));
    }
    let ok = match kind {
        PoolKind::Max => x.dtype().is_float() || matches!(x.dtype(), DType::I8 | DType::U8),
        PoolKind::Average | PoolKind::Lp(_) => x.dtype().is_float(),
    };
    if !ok {
        bail!("{op} is not defined for element type {}", x.dtype().name());
    }
    let spatial = &x.shape()[2..];
    let (win, out) = resolve(op, spatial, None, &a.window, crate::error::decode::<AutoPad>(a.auto_pad)?, a.ceil_mode)?;
    let mut shape = x.shape()[..2].to_vec();
    shape.extend_from_slice(&out);
    checked_numel(&shape, 8)?;
    if let (PoolKind::Max, Some(v)) = (kind, x.as_slice::<f32>()) {
        let (vals, idx) = max_pool_f32(v, x.shape(), &win, &out, a.storage_order);
        return Ok((Tensor::from_vec(shape.clone(), vals)?, Some(Tensor::from_vec(shape, idx)?)));
    }
    let (vals, idx) = dispatch!(x.data(), v => pool_vec(v, x.shape(), &win, &out, kind, a));
    let y = Tensor::from_data(
        shape.clone(),
        dispatch_dtype!(x.dtype(), E => E::into_data(vals.iter().map(|&f| E::from_f64(f)).collect())),
    )?;
    let i = if kind == PoolKind::Max { Some(Tensor::from_vec(shape, idx)?) } else { None };
    Ok((y, i))
}

fn pool_vec<T: Elem>(
    v: &[T],
    shape: &[usize],
    win: &Window,
    out: &[usize],
    kind: PoolKind,
    a: &PoolAttrs,
) -> (Vec<f64>, Vec<i64>) {
    let spatial = &shape[2..];
    let channels = shape[0] * shape[1];
    let in_count: usize = spatial.iter().product();
    let (windows, padded_counts) = windows(spatial, win, out);
    let mut vals = Vec::with_capacity(channels * windows.len());
    let mut idx = Vec::new();
    for ch in 0..channels {
        let base = ch * in_count;
        for (o, w) in windows.iter().enumerate() {
            match kind {
                PoolKind::Max => {
                    let mut best = f64::NEG_INFINITY;
                    let mut best_i = w.first().copied().unwrap_or(0);
                    for &p in w {
                        let x = v.get(base + p).map_or(f64::NAN, |e| e.to_f64());
                        if x > best {
                            best = x;
                            best_i = p;
                        }
                    }
                    vals.push(best);
                    idx.push((base + storage_index(best_i, spatial, a.storage_order)) as i64);
                }
                PoolKind::Average => {
                    let s: f64 = w.iter().map(|&p| v.get(base + p).map_or(0.0, |e| e.to_f64())).sum();
                    let n = if a.count_include_pad { padded_counts[o] } else { w.len() };
                    vals.push(if n == 0 { f64::NAN } else { s / n as f64 });
                }
                PoolKind::Lp(p) => {
                    let p = p as f64;
                    let s: f64 = w.iter().map(|&i| v.get(base + i).map_or(0.0, |e| e.to_f64().abs().powf(p))).sum();
                    vals.push(s.powf(1.0 / p));
                }
            }
        }
    }
    (vals, idx)
}

/// MaxPool of f32 in f32, without `pool_vec`'s f64 round trip: comparisons are exact in
/// either type, so each maximum (the first of equal ones, NaN never chosen, -inf for a window
/// of NaNs) and its index are the generic path's. MaxPool's f64 path was 3% of
/// oww_embedding's run.
fn max_pool_f32(v: &[f32], shape: &[usize], win: &Window, out: &[usize], storage_order: i64) -> (Vec<f32>, Vec<i64>) {
    let spatial = &shape[2..];
    let channels = shape[0] * shape[1];
    let in_count: usize = spatial.iter().product();
    let (windows, _) = windows(spatial, win, out);
    let mut vals = Vec::with_capacity(channels * windows.len());
    let mut idx = Vec::with_capacity(channels * windows.len());
    for ch in 0..channels {
        let base = ch * in_count;
        let plane = v.get(base..base + in_count).unwrap_or_default();
        for w in &windows {
            let mut best = f32::NEG_INFINITY;
            let mut best_i = w.first().copied().unwrap_or(0);
            for &p in w {
                let x = plane.get(p).copied().unwrap_or(f32::NAN);
                if x > best {
                    best = x;
                    best_i = p;
                }
            }
            vals.push(best);
            idx.push((base + storage_index(best_i, spatial, storage_order)) as i64);
        }
    }
    (vals, idx)
}

/// Per output position of a pool: the flat input positions of its window that lie inside the
/// input, and how many window positions lie in the input or its explicit pads
/// (`count_include_pad`).
fn windows(spatial: &[usize], win: &Window, out: &[usize]) -> (Vec<Vec<usize>>, Vec<usize>) {
    let r = spatial.len();
    let opts = box_points(out);
    let kpts = box_points(&win.kernel);
    let out_count = opts.len() / r;
    let kcount = kpts.len() / r;
    let mut windows: Vec<Vec<usize>> = Vec::with_capacity(out_count);
    let mut padded_counts = Vec::with_capacity(out_count);
    for o in 0..out_count {
        let mut inside = Vec::with_capacity(kcount);
        let mut padded = 0usize;
        for kk in 0..kcount {
            let mut flat = 0usize;
            let (mut valid, mut in_pads) = (true, true);
            for i in 0..r {
                let p = (opts[o * r + i] * win.strides[i] + kpts[kk * r + i] * win.dilations[i]) as i64
                    - win.pad_begin[i] as i64;
                if p < 0 || p >= spatial[i] as i64 {
                    valid = false;
                }
                if p >= (spatial[i] + win.pad_end[i]) as i64 {
                    in_pads = false;
                }
                flat = flat * spatial[i] + (p.max(0) as usize).min(spatial[i].saturating_sub(1));
            }
            if valid {
                inside.push(flat);
            }
            padded += usize::from(in_pads);
        }
        windows.push(inside);
        padded_counts.push(padded);
    }
    (windows, padded_counts)
}

/// A row-major flat spatial index renumbered column-major when `storage_order` is 1.
fn storage_index(flat: usize, spatial: &[usize], storage_order: i64) -> usize {
    if storage_order != 1 {
        return flat;
    }
    let mut coords = vec![0usize; spatial.len()];
    let mut rest = flat;
    for i in (0..spatial.len()).rev() {
        coords[i] = rest % spatial[i].max(1);
        rest /= spatial[i].max(1);
    }
    let mut out = 0usize;
    for i in (0..spatial.len()).rev() {
        out = out * spatial[i] + coords[i];
    }
    out
}

/// GlobalAveragePool / GlobalMaxPool: every spatial axis reduced to 1.
pub fn global_pool(x: &Tensor, kind: PoolKind) -> RtResult<Tensor> {
    let op = match kind {
        PoolKind::Max => "GlobalMaxPool",
        PoolKind::Average => "GlobalAveragePool",
        PoolKind::Lp(_) => "GlobalLpPool",
    };
    if x.rank() < 2 || !x.dtype().is_float() {
        bail!("{op} needs a float input of rank >= 2, got {}{}", x.dtype().name(), fmt_shape(x.shape()));
    }
    let channels = x.shape()[0] * x.shape()[1];
    let count: usize = x.shape()[2..].iter().product();
    let vals: Vec<f64> = dispatch!(x.data(), v => {
        (0..channels)
            .map(|ch| {
                let w = &v[ch * count..(ch + 1) * count];
                match kind {
                    PoolKind::Max => w.iter().map(|e| e.to_f64()).fold(f64::NEG_INFINITY, f64::max),
                    PoolKind::Average => w.iter().map(|e| e.to_f64()).sum::<f64>() / count as f64,
                    PoolKind::Lp(p) => {
                        w.iter().map(|e| e.to_f64().abs().powf(p as f64)).sum::<f64>().powf(1.0 / p as f64)
                    }
                }
            })
            .collect()
    });
    let mut shape = x.shape()[..2].to_vec();
    shape.resize(x.rank(), 1);
    from_reals(x.dtype(), shape, vals)
}

/// InstanceNormalization: per (image, channel), `scale * (x - mean) / sqrt(var + epsilon) + B`
/// over the spatial axes (population variance), in f64.
pub fn instance_norm(x: &Tensor, scale: &Tensor, b: &Tensor, epsilon: f64) -> RtResult<Tensor> {
    let c = if x.rank() >= 2 { x.shape()[1] } else { 0 };
    group_norm("InstanceNormalization", x, scale, b, epsilon, c)
}

/// GroupNormalization (opsets 18 and 21): the channels split into `groups` runs of `C / groups`;
/// per (image, group), `(x - mean) / sqrt(var + epsilon)` over the run's channels and spatial
/// axes (population variance, in f64), then `scale * y + B` with scale and B per channel
/// (`[C]`, opset 21) or per group (`[groups]`, opset 18). InstanceNormalization is `groups = C`.
pub fn group_norm(op: &str, x: &Tensor, scale: &Tensor, b: &Tensor, epsilon: f64, groups: usize) -> RtResult<Tensor> {
    if x.rank() < 2 {
        bail!("{op} needs an input of rank >= 2, got shape {}", fmt_shape(x.shape()));
    }
    let c = x.shape()[1];
    if groups == 0 || !c.is_multiple_of(groups) {
        bail!("{op}: {c} channels do not split into {groups} groups");
    }
    let per = scale.len();
    for (t, what) in [(scale, "scale"), (b, "B")] {
        if t.dtype() != x.dtype() {
            bail!("{op}: {what} is {}, X is {}", t.dtype().name(), x.dtype().name());
        }
        if t.shape() != [c] && t.shape() != [groups] || t.len() != per {
            bail!("{op}: {what} must have shape [{c}] (or [{groups}], one per group), got {}", fmt_shape(t.shape()));
        }
    }
    let xv = reals::<f64>(x, op)?;
    let sv = reals::<f64>(scale, op)?;
    let bv = reals::<f64>(b, op)?;
    let spatial: usize = x.shape()[2..].iter().product();
    let count = spatial * (c / groups);
    let mut y = vec![0f64; xv.len()];
    if count > 0 {
        for (g, (src, dst)) in xv.chunks(count).zip(y.chunks_mut(count)).enumerate() {
            let mean = src.iter().sum::<f64>() / count as f64;
            let var = src.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / count as f64;
            let inv = 1.0 / (var + epsilon).sqrt();
            for (k, (d, s)) in dst.iter_mut().zip(src).enumerate() {
                // The channel of element k, and its scale/B index (per channel or per group).
                let ch = (g % groups) * (c / groups) + k / spatial;
                let i = if per == c { ch } else { g % groups };
                *d = (s - mean) * inv * sv[i] + bv[i];
            }
        }
    }
    from_reals(x.dtype(), x.shape().to_vec(), y)
}

/// LRN: `x / (bias + alpha / size * square_sum)^beta`, the sum of squares taken over the
/// channels `c - floor((size - 1) / 2) ..= c + ceil((size - 1) / 2)` inside `[0, C)`, in f64.
pub fn lrn(x: &Tensor, size: i64, alpha: f64, beta: f64, bias: f64) -> RtResult<Tensor> {
    if x.rank() < 3 {
        bail!("LRN needs an input of rank >= 3, got shape {}", fmt_shape(x.shape()));
    }
    if !(1..=1 << 30).contains(&size) {
        bail!("LRN: size must be positive, got {size}");
    }
    let xv = reals::<f64>(x, "LRN")?;
    let (c, inner) = (x.shape()[1], x.shape()[2..].iter().product::<usize>());
    let (before, after) = ((size as usize - 1) / 2, (size as usize - 1).div_ceil(2));
    let mut y = vec![0f64; xv.len()];
    if c * inner > 0 {
        for (src, dst) in xv.chunks(c * inner).zip(y.chunks_mut(c * inner)) {
            for ch in 0..c {
                let window = ch.saturating_sub(before)..(ch + after + 1).min(c);
                for i in 0..inner {
                    let sq: f64 = window.clone().map(|k| src[k * inner + i] * src[k * inner + i]).sum();
                    dst[ch * inner + i] = src[ch * inner + i] / (bias + alpha / size as f64 * sq).powf(beta);
                }
            }
        }
    }
    from_reals(x.dtype(), x.shape().to_vec(), y)
}

/// MaxUnpool: a zero tensor of the inferred shape `[N, C, (in - 1) * stride + kernel - pads]`
/// with each value of X written at its flat index in I (MaxPool's Indices). A given
/// `output_shape` (no smaller on any axis) holds that tensor at its origin, zeros after it, as
/// the reference evaluator and onnxruntime do.
pub fn max_unpool(x: &Tensor, indices: &Tensor, output_shape: Option<&Tensor>, a: &WindowAttrs) -> RtResult<Tensor> {
    let op = "MaxUnpool";
    if x.rank() < 3 || indices.shape() != x.shape() {
        bail!(
            "{op} needs X of rank >= 3 and I of the same shape, got {} and {}",
            fmt_shape(x.shape()),
            fmt_shape(indices.shape())
        );
    }
    if a.dilations.is_some() {
        bail!("{op} has no 'dilations' attribute");
    }
    // The window's output rule run backwards: X's grid is the pooled output of Y's.
    let spatial = &x.shape()[2..];
    let (win, _) = resolve(op, &vec![usize::MAX / 4; spatial.len()], None, a, AutoPad::NotSet, false)?;
    let mut inferred = x.shape()[..2].to_vec();
    for (i, &d) in spatial.iter().enumerate() {
        let full = (d.max(1) - 1).saturating_mul(win.strides[i]).saturating_add(win.kernel[i]);
        let pads = win.pad_begin[i] + win.pad_end[i];
        if d == 0 || full <= pads {
            bail!("{op}: the pads leave no output on spatial axis {i}");
        }
        inferred.push(full - pads);
    }
    let shape: Vec<usize> = match output_shape {
        None => inferred.clone(),
        Some(t) => {
            let v = t.to_i64_list("MaxUnpool's output_shape", false)?;
            let fits = v.len() == x.rank() && v.iter().zip(&inferred).all(|(&o, &i)| (i as i64..1 << 40).contains(&o));
            if !fits {
                bail!(
                    "{op}: output_shape {v:?} must have rank {} and hold the shape {}",
                    x.rank(),
                    fmt_shape(&inferred)
                );
            }
            v.iter().map(|&d| d as usize).collect()
        }
    };
    let total = checked_numel(&shape, 8)?;
    let inner = checked_numel(&inferred, 8)?;
    let xv = reals::<f64>(x, op)?;
    let iv = indices.to_i64s("MaxUnpool's I")?;
    let mut y = vec![0f64; inner];
    for (&v, &i) in xv.iter().zip(&iv) {
        match usize::try_from(i).ok().and_then(|i| y.get_mut(i)) {
            Some(slot) => *slot = v,
            None => bail!("{op}: index {i} is outside the output of shape {}", fmt_shape(&inferred)),
        }
    }
    if shape != inferred {
        y = place_at_origin(&y, &inferred, &shape, total);
    }
    from_reals(x.dtype(), shape, y)
}

/// `v` (of shape `from`) inside zeros of shape `to` (no smaller on any axis), at the origin.
fn place_at_origin(v: &[f64], from: &[usize], to: &[usize], total: usize) -> Vec<f64> {
    let mut out = vec![0f64; total];
    let last = *from.last().unwrap_or(&1);
    if last == 0 {
        return out;
    }
    for (row, src) in v.chunks_exact(last).enumerate() {
        // The row's multi-index in `from`, flattened again in `to`.
        let (mut rest, mut flat, mut stride) = (row, 0, *to.last().unwrap_or(&1));
        for i in (0..from.len().saturating_sub(1)).rev() {
            flat += (rest % from[i]) * stride;
            rest /= from[i];
            stride *= to[i];
        }
        out[flat..][..last].copy_from_slice(src);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(shape: &[usize], v: Vec<f32>) -> Tensor {
        Tensor::from_vec(shape.to_vec(), v).unwrap()
    }

    fn attrs(k: &[i64], s: Option<&[i64]>, p: Option<&[i64]>) -> PoolAttrs {
        PoolAttrs {
            window: WindowAttrs {
                kernel: Some(k.to_vec()),
                strides: s.map(<[i64]>::to_vec),
                dilations: None,
                pads: p.map(<[i64]>::to_vec),
            },
            ..Default::default()
        }
    }

    #[test]
    fn max_pool_with_indices() {
        let x = f(&[1, 1, 2, 3], vec![1., 5., 2., 4., 3., 6.]);
        let (y, i) = pool(&x, PoolKind::Max, &attrs(&[2, 2], None, None)).unwrap();
        assert_eq!(y.shape(), &[1, 1, 1, 2]);
        assert_eq!(y.as_slice::<f32>().unwrap(), &[5., 6.]);
        assert_eq!(i.unwrap().as_slice::<i64>().unwrap(), &[1, 5]);
        let mut a = attrs(&[2, 2], None, None);
        a.storage_order = 1;
        let (_, i) = pool(&x, PoolKind::Max, &a).unwrap();
        // (0,1) column-major in a 2x3 is 1*2+0 = 2; (1,2) is 2*2+1 = 5.
        assert_eq!(i.unwrap().as_slice::<i64>().unwrap(), &[2, 5]);
        let xi = Tensor::from_vec(vec![1, 1, 2], vec![-3i8, 7]).unwrap();
        let (y, _) = pool(&xi, PoolKind::Max, &attrs(&[2], None, None)).unwrap();
        assert_eq!(y.as_slice::<i8>().unwrap(), &[7]);
        assert!(pool(
            &Tensor::from_vec(vec![1, 1, 2], vec![1i64, 2]).unwrap(),
            PoolKind::Max,
            &attrs(&[2], None, None)
        )
        .is_err());
    }

    /// MaxPool's f32 path gives the generic f64 path's maxima and indices, bit for bit, over
    /// strides, dilations, pads, ceil mode, storage order, and NaNs, infinities, signed zeros
    /// and ties in the data.
    #[test]
    fn max_pool_f32_matches_the_generic_path() {
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        let special = [f32::NAN, f32::INFINITY, f32::NEG_INFINITY, 0.0, -0.0, 1.0, 1.0, -1.0];
        // (input shape, kernel, strides, pads, dilations, ceil mode, storage order)
        type Case<'a> = (&'a [usize], &'a [i64], Option<&'a [i64]>, Option<&'a [i64]>, Option<&'a [i64]>, bool, i64);
        let cases: &[Case] = &[
            (&[2, 3, 9, 8], &[2, 2], Some(&[2, 2]), None, None, false, 0),
            (&[1, 4, 7, 6], &[3, 2], Some(&[2, 1]), Some(&[1, 0, 1, 1]), None, true, 1),
            (&[1, 2, 11], &[3], Some(&[2]), Some(&[2, 2]), Some(&[2]), false, 0),
            (&[1, 2, 5, 4, 3], &[2, 2, 2], None, Some(&[1, 1, 0, 0, 1, 1]), None, true, 1),
            (&[2, 1, 4, 4], &[2, 2], Some(&[2, 2]), Some(&[1, 1, 1, 1]), None, false, 0),
        ];
        for &(shape, k, strides, pads, dil, ceil, order) in cases {
            let n: usize = shape.iter().product();
            let v: Vec<f32> = (0..n)
                .map(|_| {
                    let r = next();
                    if r % 5 == 0 {
                        special[(r / 5) as usize % special.len()]
                    } else {
                        ((r >> 40) % 64) as f32 / 8.0 - 4.0
                    }
                })
                .collect();
            let mut a = attrs(k, strides, pads);
            a.window.dilations = dil.map(<[i64]>::to_vec);
            a.ceil_mode = ceil;
            a.storage_order = order;
            let (win, out) = resolve("MaxPool", &shape[2..], None, &a.window, AutoPad::NotSet, ceil).unwrap();
            let (fast, fast_i) = max_pool_f32(&v, shape, &win, &out, order);
            let (slow, slow_i) = pool_vec(&v, shape, &win, &out, PoolKind::Max, &a);
            assert_eq!(fast.len(), slow.len());
            for (p, q) in fast.iter().zip(&slow) {
                assert_eq!(p.to_bits(), (*q as f32).to_bits(), "{shape:?}: {p} vs {q}");
            }
            assert_eq!(fast_i, slow_i, "{shape:?}");
            // And `pool` takes the f32 path for f32 input.
            let (y, i) = pool(&f(shape, v.clone()), PoolKind::Max, &a).unwrap();
            assert_eq!(
                y.as_slice::<f32>().unwrap().iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
                fast.iter().map(|x| x.to_bits()).collect::<Vec<_>>()
            );
            assert_eq!(i.unwrap().as_slice::<i64>().unwrap(), &fast_i[..]);
        }
    }

    #[test]
    fn average_pool_pads_and_ceil() {
        let x = f(&[1, 1, 3], vec![3., 6., 9.]);
        let mut a = attrs(&[2], None, Some(&[1, 1]));
        let (y, _) = pool(&x, PoolKind::Average, &a).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[3., 4.5, 7.5, 9.]);
        a.count_include_pad = true;
        let (y, _) = pool(&x, PoolKind::Average, &a).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[1.5, 4.5, 7.5, 4.5]);
        let mut c = attrs(&[2], Some(&[2]), None);
        c.ceil_mode = true;
        let (y, _) = pool(&x, PoolKind::Average, &c).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[4.5, 9.]);
    }

    #[test]
    fn huge_attributes_are_errors_not_overflows() {
        let x = f(&[1, 1, 3], vec![1., 2., 3.]);
        let mut a = attrs(&[1 << 30], Some(&[1 << 30]), Some(&[1 << 30, 1 << 30]));
        a.window.dilations = Some(vec![1 << 30]);
        assert!(pool(&x, PoolKind::Max, &a).is_err());
        let too_big = attrs(&[i64::MAX], None, None);
        assert!(pool(&x, PoolKind::Max, &too_big).is_err());
        let neg = attrs(&[2], None, Some(&[-1, 0]));
        assert!(pool(&x, PoolKind::Max, &neg).is_err());
    }

    #[test]
    fn group_norm_per_channel_and_per_group() {
        // Two groups of two channels, one element each: group stats over [1, 3] and [5, 9].
        let x = f(&[1, 4, 1], vec![1.0, 3.0, 5.0, 9.0]);
        let scale = f(&[4], vec![1.0, 2.0, 1.0, 1.0]);
        let b = f(&[4], vec![0.0, 0.0, 0.0, 10.0]);
        let y = group_norm("GroupNormalization", &x, &scale, &b, 0.0, 2).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[-1.0, 2.0, -1.0, 11.0]);
        let gs = f(&[2], vec![2.0, 1.0]);
        let gb = f(&[2], vec![0.0, 1.0]);
        let y = group_norm("GroupNormalization", &x, &gs, &gb, 0.0, 2).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[-2.0, 2.0, 0.0, 2.0]);
        let e = group_norm("GroupNormalization", &x, &scale, &b, 0.0, 3).unwrap_err().to_string();
        assert!(e.contains("do not split into 3 groups"), "{e}");
        let bad = f(&[3], vec![1.0; 3]);
        let e = group_norm("GroupNormalization", &x, &bad, &b, 0.0, 2).unwrap_err().to_string();
        assert!(e.contains("scale must have shape"), "{e}");
    }

    #[test]
    fn lrn_sums_squares_over_neighbouring_channels() {
        // size 2: channel c sums channels c and c + 1 (floor(1/2) = 0 before, ceil(1/2) = 1 after).
        let x = f(&[1, 3, 1], vec![1.0, 2.0, 3.0]);
        let y = lrn(&x, 2, 2.0, 1.0, 1.0).unwrap();
        let want = [1.0 / (1.0 + 5.0), 2.0 / (1.0 + 13.0), 3.0 / (1.0 + 9.0)];
        for (a, b) in y.as_slice::<f32>().unwrap().iter().zip(want) {
            assert!((f64::from(*a) - b).abs() < 1e-6, "{a} vs {b}");
        }
        let e = lrn(&x, 0, 1.0, 1.0, 1.0).unwrap_err().to_string();
        assert!(e.contains("LRN: size must be positive"), "{e}");
        let e = lrn(&f(&[3], vec![1.0; 3]), 1, 1.0, 1.0, 1.0).unwrap_err().to_string();
        assert!(e.contains("LRN needs an input of rank >= 3"), "{e}");
        let ints = Tensor::from_vec(vec![1, 1, 1], vec![1i64]).unwrap();
        assert!(lrn(&ints, 1, 1.0, 1.0, 1.0).unwrap_err().to_string().contains("LRN"));
    }

    #[test]
    fn max_unpool_scatters_to_indices() {
        let x = f(&[1, 1, 1, 2], vec![5.0, 6.0]);
        let i = Tensor::from_vec(vec![1, 1, 1, 2], vec![1i64, 7]).unwrap();
        let a = attrs(&[2, 2], Some(&[2, 2]), None).window;
        let y = max_unpool(&x, &i, None, &a).unwrap();
        assert_eq!(y.shape(), &[1, 1, 2, 4]);
        assert_eq!(y.as_slice::<f32>().unwrap(), &[0., 5., 0., 0., 0., 0., 0., 6.]);
        // A larger output_shape holds the 2x4 result at its origin.
        let os = Tensor::from_vec(vec![4], vec![1i64, 1, 3, 5]).unwrap();
        let y = max_unpool(&x, &i, Some(&os), &a).unwrap();
        assert_eq!(y.shape(), &[1, 1, 3, 5]);
        let want = [0., 5., 0., 0., 0., 0., 0., 0., 6., 0., 0., 0., 0., 0., 0.];
        assert_eq!(y.as_slice::<f32>().unwrap(), &want);
        let small = Tensor::from_vec(vec![4], vec![1i64, 1, 1, 4]).unwrap();
        let e = max_unpool(&x, &i, Some(&small), &a).unwrap_err().to_string();
        assert!(e.contains("MaxUnpool: output_shape [1, 1, 1, 4] must have rank 4"), "{e}");
        let far = Tensor::from_vec(vec![1, 1, 1, 2], vec![1i64, 8]).unwrap();
        let e = max_unpool(&x, &far, None, &a).unwrap_err().to_string();
        assert!(e.contains("MaxUnpool: index 8 is outside"), "{e}");
        let e = max_unpool(&x, &i, None, &attrs(&[2, 2], None, Some(&[2, 2, 2, 2])).window).unwrap_err().to_string();
        assert!(e.contains("MaxUnpool: the pads leave no output"), "{e}");
        let bad = Tensor::from_vec(vec![1, 1, 2], vec![1i64, 7]).unwrap();
        assert!(max_unpool(&x, &bad, None, &a).unwrap_err().to_string().contains("MaxUnpool needs"));
        assert!(max_unpool(&x, &i, None, &WindowAttrs::default()).unwrap_err().to_string().contains("kernel_shape"));
    }

    #[test]
    fn global_and_instance_norm() {
        let x = f(&[1, 2, 2], vec![1., 3., 10., 20.]);
        assert_eq!(global_pool(&x, PoolKind::Average).unwrap().as_slice::<f32>().unwrap(), &[2., 15.]);
        assert_eq!(global_pool(&x, PoolKind::Max).unwrap().shape(), &[1, 2, 1]);
        let y = instance_norm(&x, &f(&[2], vec![1., 2.]), &f(&[2], vec![0., 1.]), 0.0).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[-1., 1., -1., 3.]);
        assert!(instance_norm(&x, &f(&[3], vec![1.; 3]), &f(&[2], vec![0.; 2]), 0.0).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::pool::{global_pool, group_norm, instance_norm, lrn, max_unpool, pool, PoolAttrs, PoolKind};
    use crate::value::{Handle, RtValue};
    use std::sync::Arc;

    /// `kind`: a `PoolOp` (MaxWithIndices returns the SEQUENCE `[Y, Indices]`).
    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_pool(
        node: i32,
        kind: i32,
        x: Handle,
        auto_pad: i32,
        ceil_mode: i32,
        count_include_pad: i32,
        storage_order: i64,
        p: i64,
        kernel_shape_or_null: Handle,
        strides_or_null: Handle,
        dilations_or_null: Handle,
        pads_or_null: Handle,
    ) -> Handle {
        use flowgate_runtime_abi::PoolOp;
        let with_indices = kind == PoolOp::MaxWithIndices as i32;
        let out_kind = if with_indices { Kind::Sequence } else { Kind::Tensor };
        run_v(node, out_kind, || {
            let a = PoolAttrs {
                window: window_attrs(kernel_shape_or_null, strides_or_null, dilations_or_null, pads_or_null)?,
                auto_pad,
                ceil_mode: ceil_mode != 0,
                count_include_pad: count_include_pad != 0,
                storage_order,
            };
            let pk = match crate::error::decode::<PoolOp>(kind)? {
                PoolOp::Average => PoolKind::Average,
                PoolOp::Max | PoolOp::MaxWithIndices => PoolKind::Max,
                PoolOp::Lp if p < 1 => bail!("LpPool: p must be at least 1, got {p}"),
                PoolOp::Lp => PoolKind::Lp(p),
            };
            let (y, i) = pool(ten(x)?, pk, &a)?;
            Ok(match (with_indices, i) {
                (true, Some(i)) => {
                    RtValue::sequence(Some(y.dtype()), vec![Arc::new(RtValue::tensor(y)), Arc::new(RtValue::tensor(i))])
                }
                _ => RtValue::tensor(y),
            })
        })
    }

    pub(crate) unsafe fn flowgate_rt_global_pool(node: i32, x: Handle, is_max: i32) -> Handle {
        run_t(node, || global_pool(ten(x)?, if is_max != 0 { PoolKind::Max } else { PoolKind::Average }))
    }

    pub(crate) unsafe fn flowgate_rt_instance_norm(
        node: i32,
        x: Handle,
        scale: Handle,
        b: Handle,
        epsilon: f64,
    ) -> Handle {
        run_t(node, || instance_norm(ten(x)?, ten(scale)?, ten(b)?, epsilon))
    }

    pub(crate) unsafe fn flowgate_rt_group_norm(
        node: i32,
        x: Handle,
        scale: Handle,
        b: Handle,
        epsilon: f64,
        num_groups: i64,
    ) -> Handle {
        run_t(node, || {
            let groups = usize::try_from(num_groups)
                .map_err(|_| rt_err!("GroupNormalization: num_groups {num_groups} is negative"))?;
            group_norm("GroupNormalization", ten(x)?, ten(scale)?, ten(b)?, epsilon, groups)
        })
    }

    pub(crate) unsafe fn flowgate_rt_lrn(node: i32, x: Handle, size: i64, alpha: f64, beta: f64, bias: f64) -> Handle {
        run_t(node, || lrn(ten(x)?, size, alpha, beta, bias))
    }

    pub(crate) unsafe fn flowgate_rt_max_unpool(
        node: i32,
        x: Handle,
        indices: Handle,
        output_shape_or_null: Handle,
        kernel_shape_or_null: Handle,
        strides_or_null: Handle,
        pads_or_null: Handle,
    ) -> Handle {
        run_t(node, || {
            let a = window_attrs(kernel_shape_or_null, strides_or_null, std::ptr::null_mut(), pads_or_null)?;
            max_unpool(ten(x)?, ten(indices)?, opt_ten(output_shape_or_null)?, &a)
        })
    }
}
