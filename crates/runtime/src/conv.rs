//! `Conv` as im2col + GEMM and `ConvTranspose` as GEMM + col2im, both through
//! `matrixmultiply` (`Real::gemm`), per image and group. Any number of spatial axes.

use crate::error::RtResult;
use crate::real::{from_reals, reals, Mat, MatMut, Real};
use crate::value::{checked_numel, fmt_shape, Tensor};
use crate::window::{box_points, resolve, AutoPad, Window, WindowAttrs};

/// The attributes of Conv and ConvTranspose.
#[derive(Clone, Debug, Default)]
pub struct ConvAttrs {
    pub window: WindowAttrs,
    pub group: i64,
    pub auto_pad: i32,
    /// ConvTranspose only.
    pub output_padding: Option<Vec<i64>>,
    /// ConvTranspose only.
    pub output_shape: Option<Vec<i64>>,
}

/// Checks X `[N, C, D...]` and W, and returns (N, C, spatial dims, group).
fn check(op: &str, x: &Tensor, w: &Tensor, b: Option<&Tensor>, group: i64) -> RtResult<(usize, usize, usize)> {
    if x.rank() < 3 || w.rank() != x.rank() {
        bail!(
            "{op} needs X of rank >= 3 and W of the same rank, got shapes {} and {}",
            fmt_shape(x.shape()),
            fmt_shape(w.shape())
        );
    }
    for t in [Some(w), b].into_iter().flatten() {
        if t.dtype() != x.dtype() {
            bail!("{op} needs inputs of one element type, got {} and {}", x.dtype().name(), t.dtype().name());
        }
    }
    if !(1..=(1 << 30)).contains(&group) {
        bail!("{op}: group must be positive, got {group}");
    }
    let g = group as usize;
    let c = x.shape()[1];
    if !c.is_multiple_of(g) {
        bail!("{op}: {c} input channels are not divisible by group {g}");
    }
    Ok((x.shape()[0], c, g))
}

pub fn conv(x: &Tensor, w: &Tensor, b: Option<&Tensor>, a: &ConvAttrs) -> RtResult<Tensor> {
    let (n, c, g) = check("Conv", x, w, b, a.group)?;
    let m = w.shape()[0];
    let cg = c / g;
    if w.shape()[1] != cg || !m.is_multiple_of(g) {
        bail!(
            "Conv: W of shape {} does not fit X of shape {} with group {g}",
            fmt_shape(w.shape()),
            fmt_shape(x.shape())
        );
    }
    if let Some(b) = b {
        if b.shape() != [m] {
            bail!("Conv: B must have shape [{m}], got {}", fmt_shape(b.shape()));
        }
    }
    let spatial = &x.shape()[2..];
    let (win, out) = resolve(
        "Conv",
        spatial,
        Some(&w.shape()[2..]),
        &a.window,
        crate::error::decode::<AutoPad>(a.auto_pad)?,
        false,
    )?;
    if win.kernel != w.shape()[2..] {
        bail!("Conv: kernel_shape {} does not match W of shape {}", fmt_shape(&win.kernel), fmt_shape(w.shape()));
    }
    let mut shape = vec![n, m];
    shape.extend_from_slice(&out);
    checked_numel(&shape, 8)?;
    with_real!(x.dtype(), "Conv", T => conv_real::<T>(x, w, b, &win, &out, shape, g))
}

#[allow(clippy::too_many_arguments)]
fn conv_real<T: Real>(
    x: &Tensor,
    w: &Tensor,
    b: Option<&Tensor>,
    win: &Window,
    out: &[usize],
    shape: Vec<usize>,
    g: usize,
) -> RtResult<Tensor> {
    let xv = reals::<T>(x, "Conv")?;
    let wv = reals::<T>(w, "Conv")?;
    let (n, c, m) = (x.shape()[0], x.shape()[1], shape[1]);
    let (cg, mg) = (c / g, m / g);
    let spatial = &x.shape()[2..];
    let in_count: usize = spatial.iter().product();
    let out_count: usize = out.iter().product();
    let kcount: usize = win.kernel.iter().product();
    let rows = cg * kcount;
    // Small outputs of a batch: one product over all images, so the weights are packed once
    // instead of once per image.
    let batched = g == 1 && n > 1 && out_count < 256;
    // A 1x1 convolution with unit strides and no padding reads X as it is: X is the column
    // matrix and nothing is gathered (MobileNet's and RAFT's pointwise layers).
    let pointwise = !batched
        && win.kernel.iter().all(|&k| k == 1)
        && win.strides.iter().all(|&s| s == 1)
        && win.pad_begin.iter().all(|&p| p == 0)
        && out == spatial;
    // For each (kernel offset, output position), the input position it reads, or None in a pad.
    let taps = if pointwise { Vec::new() } else { gather_table(spatial, win, out) };
    checked_numel(&[rows, out_count], 8)?;
    if batched {
        let mut y = conv_batched::<T>(&xv, &wv, &taps, (n, c, m, in_count, out_count, kcount))?;
        add_bias::<T>(&mut y, b, m, out_count)?;
        return from_reals(x.dtype(), shape, y);
    }
    let mut y = vec![T::default(); n * m * out_count];
    if cg == 1 && mg == 1 && !pointwise {
        depthwise(&xv, &wv, &taps, (n, c, in_count, out_count, kcount), &mut y);
        add_bias::<T>(&mut y, b, m, out_count)?;
        return from_reals(x.dtype(), shape, y);
    }
    let mut col = vec![T::default(); if pointwise { 0 } else { rows * out_count }];
    for img in 0..n {
        for grp in 0..g {
            if pointwise {
                let base = (img * c + grp * cg) * in_count;
                let xg = xv.get(base..base + rows * out_count).unwrap_or_default();
                let yoff = (img * m + grp * mg) * out_count;
                T::gemm(
                    mg,
                    rows,
                    out_count,
                    T::of(1.0),
                    Mat { data: &wv[grp * mg * rows..], rs: rows, cs: 1 },
                    Mat { data: xg, rs: out_count, cs: 1 },
                    T::default(),
                    MatMut { data: &mut y[yoff..], rs: out_count },
                )?;
                continue;
            }
            for ci in 0..cg {
                let base = (img * c + grp * cg + ci) * in_count;
                for kk in 0..kcount {
                    let dst = &mut col[(ci * kcount + kk) * out_count..][..out_count];
                    let src = &taps[kk * out_count..][..out_count];
                    for (d, &s) in dst.iter_mut().zip(src) {
                        *d = if s == usize::MAX { T::default() } else { xv.get(base + s).copied().unwrap_or_default() };
                    }
                }
            }
            let wg = &wv[grp * mg * rows..];
            let yoff = (img * m + grp * mg) * out_count;
            T::gemm(
                mg,
                rows,
                out_count,
                T::of(1.0),
                Mat { data: wg, rs: rows, cs: 1 },
                Mat { data: &col, rs: out_count, cs: 1 },
                T::default(),
                MatMut { data: &mut y[yoff..], rs: out_count },
            )?;
        }
    }
    add_bias::<T>(&mut y, b, m, out_count)?;
    from_reals(x.dtype(), shape, y)
}

/// A depthwise convolution (one input and one output channel per group, MobileNet's 3x3 and
/// 5x5 layers) summed directly: a GEMM per channel with one row costs more in packing than the
/// products. Kernel offsets are summed in order, as the GEMM's inner loop does.
fn depthwise<T: Real>(
    xv: &[T],
    wv: &[T],
    taps: &[usize],
    (n, c, in_count, out_count, kcount): (usize, usize, usize, usize, usize),
    y: &mut [T],
) {
    for img in 0..n {
        for ch in 0..c {
            let plane = &xv[(img * c + ch) * in_count..][..in_count];
            let wk = &wv[ch * kcount..][..kcount];
            let dst = &mut y[(img * c + ch) * out_count..][..out_count];
            for (kk, &w) in wk.iter().enumerate() {
                let src = &taps[kk * out_count..][..out_count];
                for (d, &s) in dst.iter_mut().zip(src) {
                    if s != usize::MAX {
                        *d += w * plane[s];
                    }
                }
            }
        }
    }
}

/// Conv without groups as one product: `col` holds every image's columns side by side
/// ([c * kcount, n * out_count]), the product is [m, n * out_count], then each image's block is
/// moved to its place in the [n, m, out_count] result.
fn conv_batched<T: Real>(
    xv: &[T],
    wv: &[T],
    taps: &[usize],
    (n, c, m, in_count, out_count, kcount): (usize, usize, usize, usize, usize, usize),
) -> RtResult<Vec<T>> {
    let rows = c * kcount;
    let cols = n * out_count;
    checked_numel(&[rows, cols], 8)?;
    let mut col = vec![T::default(); rows * cols];
    for img in 0..n {
        for ci in 0..c {
            let base = (img * c + ci) * in_count;
            for kk in 0..kcount {
                let dst = &mut col[(ci * kcount + kk) * cols + img * out_count..][..out_count];
                let src = &taps[kk * out_count..][..out_count];
                for (d, &s) in dst.iter_mut().zip(src) {
                    *d = if s == usize::MAX { T::default() } else { xv.get(base + s).copied().unwrap_or_default() };
                }
            }
        }
    }
    let mut prod = vec![T::default(); m * cols];
    T::gemm(
        m,
        rows,
        cols,
        T::of(1.0),
        Mat { data: wv, rs: rows, cs: 1 },
        Mat { data: &col, rs: cols, cs: 1 },
        T::default(),
        MatMut { data: &mut prod, rs: cols },
    )?;
    let mut y = vec![T::default(); n * m * out_count];
    for img in 0..n {
        for oc in 0..m {
            y[(img * m + oc) * out_count..][..out_count]
                .copy_from_slice(&prod[oc * cols + img * out_count..][..out_count]);
        }
    }
    Ok(y)
}

/// `taps[kk * out_count + o]`: the flat input position kernel offset `kk` reads for output
/// position `o`, or `usize::MAX` where it falls in the padding.
fn gather_table(spatial: &[usize], win: &Window, out: &[usize]) -> Vec<usize> {
    let r = spatial.len();
    // Per axis, the input position of (kernel offset k, output position o), or None in a pad.
    let axes: Vec<Vec<Option<usize>>> = (0..r)
        .map(|i| {
            let mut t = Vec::with_capacity(win.kernel[i] * out[i]);
            for k in 0..win.kernel[i] {
                for o in 0..out[i] {
                    let p = (o * win.strides[i] + k * win.dilations[i]) as i64 - win.pad_begin[i] as i64;
                    t.push((0..spatial[i] as i64).contains(&p).then_some(p as usize));
                }
            }
            t
        })
        .collect();
    let kcount: usize = win.kernel.iter().product();
    let out_count: usize = out.iter().product();
    let mut taps = Vec::with_capacity(kcount * out_count);
    let mut kidx = vec![0usize; r];
    // (flat position so far, inside) for every output position of the axes done so far.
    let mut row: Vec<(usize, bool)> = Vec::with_capacity(out_count);
    let mut next: Vec<(usize, bool)> = Vec::with_capacity(out_count);
    for kk in 0..kcount {
        // The kernel offset's index per axis (row-major).
        let mut rest = kk;
        for i in (0..r).rev() {
            kidx[i] = rest % win.kernel[i];
            rest /= win.kernel[i];
        }
        row.clear();
        row.push((0, true));
        for i in 0..r {
            let t = &axes[i][kidx[i] * out[i]..][..out[i]];
            next.clear();
            for &(flat, inside) in &row {
                for a in t {
                    next.push(match a {
                        Some(p) if inside => (flat * spatial[i] + p, true),
                        _ => (0, false),
                    });
                }
            }
            std::mem::swap(&mut row, &mut next);
        }
        taps.extend(row.iter().map(|&(flat, inside)| if inside { flat } else { usize::MAX }));
    }
    taps
}

fn add_bias<T: Real>(y: &mut [T], b: Option<&Tensor>, m: usize, count: usize) -> RtResult<()> {
    let Some(b) = b else { return Ok(()) };
    let bv = reals::<T>(b, "Conv")?;
    if count == 0 {
        return Ok(());
    }
    for (i, chunk) in y.chunks_mut(count).enumerate() {
        let bias = bv.get(i % m).copied().unwrap_or_default();
        for v in chunk {
            *v += bias;
        }
    }
    Ok(())
}

pub fn conv_transpose(x: &Tensor, w: &Tensor, b: Option<&Tensor>, a: &ConvAttrs) -> RtResult<Tensor> {
    let (n, c, g) = check("ConvTranspose", x, w, b, a.group)?;
    if w.shape()[0] != c {
        bail!(
            "ConvTranspose: W of shape {} does not fit X of shape {} (W's first dim must be C)",
            fmt_shape(w.shape()),
            fmt_shape(x.shape())
        );
    }
    let m = w.shape()[1] * g;
    if let Some(b) = b {
        if b.shape() != [m] {
            bail!("ConvTranspose: B must have shape [{m}], got {}", fmt_shape(b.shape()));
        }
    }
    let spatial = &x.shape()[2..];
    let r = spatial.len();
    let kernel = &w.shape()[2..];
    // The geometry without pads first (pads and output size are ConvTranspose's own rules).
    let nopads = WindowAttrs { pads: None, ..a.window.clone() };
    let (mut win, _) =
        resolve("ConvTranspose", &vec![usize::MAX / 4; r], Some(kernel), &nopads, AutoPad::NotSet, false)?;
    if win.kernel != kernel {
        bail!(
            "ConvTranspose: kernel_shape {} does not match W of shape {}",
            fmt_shape(&win.kernel),
            fmt_shape(w.shape())
        );
    }
    let out_pad: Vec<i64> = match &a.output_padding {
        Some(p) if p.len() >= r => p[..r].to_vec(),
        Some(p) => bail!("ConvTranspose: 'output_padding' has {} values, expected {r}", p.len()),
        None => vec![0; r],
    };
    if out_pad.iter().any(|&p| !(0..1 << 30).contains(&p)) {
        bail!("ConvTranspose: 'output_padding' values must be non-negative");
    }
    let auto = crate::error::decode::<AutoPad>(a.auto_pad)?;
    let full: Vec<i64> = (0..r)
        .map(|i| {
            win.strides[i].saturating_mul(spatial[i].max(1) - 1).saturating_add(win.span(i)).min(1 << 50) as i64
                + out_pad[i]
        })
        .collect();
    let out: Vec<usize>;
    let explicit_pads = a.window.pads.is_some() || !matches!(auto, AutoPad::SameUpper | AutoPad::SameLower);
    if explicit_pads {
        let pads = a.window.pads.clone().unwrap_or_else(|| vec![0; 2 * r]);
        if pads.len() != 2 * r || pads.iter().any(|&p| !(0..1 << 30).contains(&p)) {
            bail!("ConvTranspose: 'pads' must be {} non-negative values", 2 * r);
        }
        win.pad_begin = pads[..r].iter().map(|&p| p as usize).collect();
        win.pad_end = pads[r..].iter().map(|&p| p as usize).collect();
        out = match &a.output_shape {
            Some(os) => tail_dims(os, r)?,
            None => (0..r)
                .map(|i| {
                    let o = full[i] - pads[i] - pads[r + i];
                    usize::try_from(o).map_err(|_| rt_err!("ConvTranspose: the pads leave no output on axis {i}"))
                })
                .collect::<RtResult<_>>()?,
        };
    } else {
        out = match &a.output_shape {
            Some(os) => tail_dims(os, r)?,
            None => (0..r).map(|i| spatial[i] * win.strides[i]).collect(),
        };
        for i in 0..r {
            let total = (full[i] - out[i] as i64).max(0) as usize;
            let (small, big) = (total / 2, total - total / 2);
            (win.pad_begin[i], win.pad_end[i]) = if auto == AutoPad::SameUpper { (small, big) } else { (big, small) };
        }
    }
    let mut shape = vec![n, m];
    shape.extend_from_slice(&out);
    checked_numel(&shape, 8)?;
    with_real!(x.dtype(), "ConvTranspose", T => conv_transpose_real::<T>(x, w, b, &win, &out, shape, g))
}

/// The last `r` entries of `output_shape` (it may include N and C).
fn tail_dims(os: &[i64], r: usize) -> RtResult<Vec<usize>> {
    if os.len() < r || os.iter().any(|&d| !(0..1 << 40).contains(&d)) {
        bail!("ConvTranspose: 'output_shape' must end in {r} non-negative spatial dims");
    }
    Ok(os[os.len() - r..].iter().map(|&d| d as usize).collect())
}

#[allow(clippy::too_many_arguments)]
fn conv_transpose_real<T: Real>(
    x: &Tensor,
    w: &Tensor,
    b: Option<&Tensor>,
    win: &Window,
    out: &[usize],
    shape: Vec<usize>,
    g: usize,
) -> RtResult<Tensor> {
    let xv = reals::<T>(x, "ConvTranspose")?;
    let wv = reals::<T>(w, "ConvTranspose")?;
    let (n, c, m) = (x.shape()[0], x.shape()[1], shape[1]);
    let (cg, mg) = (c / g, m / g);
    let spatial = &x.shape()[2..];
    let in_count: usize = spatial.iter().product();
    let out_count: usize = out.iter().product();
    let kcount: usize = win.kernel.iter().product();
    let rows = mg * kcount;
    // Input position `i` with kernel offset `kk` lands on output position taps[kk * in + i].
    let taps = gather_table_transposed(spatial, win, out);
    checked_numel(&[rows, in_count], 8)?;
    let mut col = vec![T::default(); rows * in_count];
    let mut y = vec![T::default(); n * m * out_count];
    for img in 0..n {
        for grp in 0..g {
            let wg = &wv[grp * cg * rows..];
            let xg = &xv[(img * c + grp * cg) * in_count..];
            // col = W_g^T x_g: W_g is [cg, rows], read transposed.
            T::gemm(
                rows,
                cg,
                in_count,
                T::of(1.0),
                Mat { data: wg, rs: 1, cs: rows },
                Mat { data: xg, rs: in_count, cs: 1 },
                T::default(),
                MatMut { data: &mut col, rs: in_count },
            )?;
            for mi in 0..mg {
                let yoff = (img * m + grp * mg + mi) * out_count;
                let ych = &mut y[yoff..yoff + out_count];
                for kk in 0..kcount {
                    let src = &col[(mi * kcount + kk) * in_count..][..in_count];
                    let t = &taps[kk * in_count..][..in_count];
                    for (&v, &o) in src.iter().zip(t) {
                        if let Some(slot) = ych.get_mut(o) {
                            *slot += v;
                        }
                    }
                }
            }
        }
    }
    add_bias::<T>(&mut y, b, m, out_count)?;
    from_reals(x.dtype(), shape, y)
}

/// `taps[kk * in_count + i]`: the flat output position input `i` contributes to through kernel
/// offset `kk`, or `usize::MAX` when that falls outside the output.
fn gather_table_transposed(spatial: &[usize], win: &Window, out: &[usize]) -> Vec<usize> {
    let r = spatial.len();
    let kpts = box_points(&win.kernel);
    let ipts = box_points(spatial);
    let kcount = kpts.len() / r.max(1);
    let in_count = ipts.len() / r.max(1);
    let mut taps = Vec::with_capacity(kcount * in_count);
    for kk in 0..kcount {
        for i in 0..in_count {
            let mut flat = 0usize;
            let mut inside = true;
            for d in 0..r {
                let p = (ipts[i * r + d] * win.strides[d] + kpts[kk * r + d] * win.dilations[d]) as i64
                    - win.pad_begin[d] as i64;
                if p < 0 || p >= out[d] as i64 {
                    inside = false;
                    break;
                }
                flat = flat * out[d] + p as usize;
            }
            taps.push(if inside { flat } else { usize::MAX });
        }
    }
    taps
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(shape: &[usize], v: Vec<f32>) -> Tensor {
        Tensor::from_vec(shape.to_vec(), v).unwrap()
    }

    fn attrs(k: Option<&[i64]>, pads: Option<&[i64]>, strides: Option<&[i64]>) -> ConvAttrs {
        ConvAttrs {
            window: WindowAttrs {
                kernel: k.map(<[i64]>::to_vec),
                strides: strides.map(<[i64]>::to_vec),
                dilations: None,
                pads: pads.map(<[i64]>::to_vec),
            },
            group: 1,
            ..Default::default()
        }
    }

    #[test]
    fn conv_2d_padded_matches_direct_sum() {
        // The ONNX example: 5x5 input 0..25, 3x3 ones kernel, pads 1.
        let x = f(&[1, 1, 5, 5], (0..25).map(|v| v as f32).collect());
        let w = f(&[1, 1, 3, 3], vec![1.; 9]);
        let y = conv(&x, &w, None, &attrs(None, Some(&[1, 1, 1, 1]), None)).unwrap();
        assert_eq!(y.shape(), &[1, 1, 5, 5]);
        let y = y.as_slice::<f32>().unwrap();
        assert_eq!(&y[..5], &[12., 21., 27., 33., 24.]);
        assert_eq!(y[12], 108.);
        let y = conv(&x, &w, Some(&f(&[1], vec![1.])), &attrs(None, None, Some(&[2, 2]))).unwrap();
        assert_eq!(y.shape(), &[1, 1, 2, 2]);
        assert_eq!(y.as_slice::<f32>().unwrap(), &[55., 73., 145., 163.]);
    }

    /// Direct 2-D convolution in f64 (NCHW, symmetric pads, groups).
    #[allow(clippy::too_many_arguments)]
    fn naive(x: &[f32], xs: [usize; 4], w: &[f32], ws: [usize; 4], g: usize, pad: usize, stride: usize) -> Vec<f32> {
        let (n, c, h, wd) = (xs[0], xs[1], xs[2], xs[3]);
        let (m, cg, kh, kw) = (ws[0], ws[1], ws[2], ws[3]);
        let oh = (h + 2 * pad - kh) / stride + 1;
        let ow = (wd + 2 * pad - kw) / stride + 1;
        let mut y = Vec::new();
        for b in 0..n {
            for o in 0..m {
                let grp = o / (m / g);
                for i in 0..oh {
                    for j in 0..ow {
                        let mut acc = 0f64;
                        for ci in 0..cg {
                            for ki in 0..kh {
                                for kj in 0..kw {
                                    let (r, q) =
                                        ((i * stride + ki) as i64 - pad as i64, (j * stride + kj) as i64 - pad as i64);
                                    if r < 0 || q < 0 || r >= h as i64 || q >= wd as i64 {
                                        continue;
                                    }
                                    let xi = ((b * c + grp * cg + ci) * h + r as usize) * wd + q as usize;
                                    acc += x[xi] as f64 * w[((o * cg + ci) * kh + ki) * kw + kj] as f64;
                                }
                            }
                        }
                        y.push(acc as f32);
                    }
                }
            }
        }
        y
    }

    #[test]
    fn pointwise_depthwise_and_gathered_paths_match_a_direct_sum() {
        let vals = |k: usize, seed: u32| -> Vec<f32> {
            (0..k).map(|i| ((i as u32).wrapping_mul(2654435761).wrapping_add(seed) % 97) as f32 / 48.0 - 1.0).collect()
        };
        let x = vals(2 * 6 * 7 * 5, 3);
        let xt = f(&[2, 6, 7, 5], x.clone());
        // (W shape, group, pad, stride): 1x1 (no gather), depthwise 3x3 strided and padded,
        // grouped 3x3, and a 1x1 with a stride (gathered).
        for (ws, g, pad, stride) in
            [([4, 6, 1, 1], 1, 0, 1), ([6, 1, 3, 3], 6, 1, 2), ([4, 3, 3, 3], 2, 1, 1), ([4, 6, 1, 1], 1, 0, 2)]
        {
            let w = vals(ws.iter().product(), 11);
            let mut a = attrs(None, Some(&[pad as i64; 4]), Some(&[stride as i64; 2]));
            a.group = g as i64;
            let y = conv(&xt, &f(&ws, w.clone()), None, &a).unwrap();
            let want = naive(&x, [2, 6, 7, 5], &w, ws, g, pad, stride);
            let got = y.as_slice::<f32>().unwrap();
            assert_eq!(got.len(), want.len(), "{ws:?}");
            for (k, (a, b)) in got.iter().zip(&want).enumerate() {
                assert!((a - b).abs() <= 1e-5, "{ws:?} element {k}: {a} vs {b}");
            }
        }
    }

    #[test]
    fn batched_images_match_one_at_a_time() {
        // Three images, two channels, three output channels, kernel 2 with a pad and a bias:
        // the one-product path for batches gives each image's own result.
        let xs: Vec<f32> = (0..3 * 2 * 5).map(|v| (v as f32 * 0.37).sin()).collect();
        let w = f(&[3, 2, 2], (0..12).map(|v| v as f32 * 0.5 - 2.0).collect());
        let b = f(&[3], vec![0.25, -1.0, 2.0]);
        let a = attrs(None, Some(&[1, 0]), None);
        let all = conv(&f(&[3, 2, 5], xs.clone()), &w, Some(&b), &a).unwrap();
        assert_eq!(all.shape(), &[3, 3, 5]);
        let mut one_by_one = Vec::new();
        for img in xs.chunks(10) {
            let y = conv(&f(&[1, 2, 5], img.to_vec()), &w, Some(&b), &a).unwrap();
            one_by_one.extend_from_slice(y.as_slice::<f32>().unwrap());
        }
        for (p, q) in all.as_slice::<f32>().unwrap().iter().zip(&one_by_one) {
            assert!((p - q).abs() <= 1e-5, "{p} vs {q}");
        }
    }

    #[test]
    fn conv_groups_and_errors() {
        // Two channels, depthwise (group 2), 1-D, kernel 1 scales each channel.
        let x = f(&[1, 2, 3], vec![1., 2., 3., 4., 5., 6.]);
        let w = f(&[2, 1, 1], vec![2., 10.]);
        let mut a = attrs(None, None, None);
        a.group = 2;
        let y = conv(&x, &w, None, &a).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[2., 4., 6., 40., 50., 60.]);
        a.group = 3;
        assert!(conv(&x, &w, None, &a).is_err());
        assert!(conv(&x, &f(&[2, 2, 1], vec![0.; 4]), None, &attrs(None, None, None)).is_ok());
        assert!(conv(&x, &f(&[2, 3, 1], vec![0.; 6]), None, &attrs(None, None, None)).is_err());
        assert!(conv(&Tensor::from_i64s(vec![1, 1, 1]), &w, None, &a).is_err());
    }

    #[test]
    fn conv_transpose_is_the_adjoint() {
        // ONNX example: X 3x3 of 0..9, W 2 channels of 3x3 ones -> 5x5.
        let x = f(&[1, 1, 3, 3], (0..9).map(|v| v as f32).collect());
        let w = f(&[1, 2, 3, 3], vec![1.; 18]);
        let y = conv_transpose(&x, &w, None, &attrs(None, None, None)).unwrap();
        assert_eq!(y.shape(), &[1, 2, 5, 5]);
        let y = y.as_slice::<f32>().unwrap();
        assert_eq!(&y[..5], &[0., 1., 3., 3., 2.]);
        assert_eq!(y[12], 36.);
        // Strided 1-D with pads: y = sum of x at positions i*2 - 1 + k.
        let x = f(&[1, 1, 3], vec![1., 2., 3.]);
        let w = f(&[1, 1, 3], vec![1., 1., 1.]);
        let y = conv_transpose(&x, &w, None, &attrs(None, Some(&[1, 1]), Some(&[2]))).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[1., 3., 2., 5., 3.]);
        // A huge dilation is an error, never an overflow.
        let mut big = attrs(None, None, None);
        big.window.dilations = Some(vec![1 << 30]);
        assert!(conv(&x, &w, None, &big).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::conv::{conv, conv_transpose, ConvAttrs};
    use crate::error::RtResult;
    use crate::value::Handle;

    /// The attributes of both convolutions (a null list is absent).
    unsafe fn conv_attrs(
        auto_pad: i32,
        group: i64,
        [kernel, strides, dilations, pads]: [Handle; 4],
        output_padding: Handle,
        output_shape: Handle,
    ) -> RtResult<ConvAttrs> {
        Ok(ConvAttrs {
            window: window_attrs(kernel, strides, dilations, pads)?,
            group,
            auto_pad,
            output_padding: opt_list(output_padding, "output_padding")?,
            output_shape: opt_list(output_shape, "output_shape")?,
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_conv(
        node: i32,
        x: Handle,
        w: Handle,
        b_or_null: Handle,
        auto_pad: i32,
        group: i64,
        kernel_shape_or_null: Handle,
        strides_or_null: Handle,
        dilations_or_null: Handle,
        pads_or_null: Handle,
    ) -> Handle {
        let window = [kernel_shape_or_null, strides_or_null, dilations_or_null, pads_or_null];
        run_t(node, || {
            let a = conv_attrs(auto_pad, group, window, std::ptr::null_mut(), std::ptr::null_mut())?;
            conv(ten(x)?, ten(w)?, opt_ten(b_or_null)?, &a)
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_conv_transpose(
        node: i32,
        x: Handle,
        w: Handle,
        b_or_null: Handle,
        auto_pad: i32,
        group: i64,
        kernel_shape_or_null: Handle,
        strides_or_null: Handle,
        dilations_or_null: Handle,
        pads_or_null: Handle,
        output_padding_or_null: Handle,
        output_shape_or_null: Handle,
    ) -> Handle {
        let window = [kernel_shape_or_null, strides_or_null, dilations_or_null, pads_or_null];
        run_t(node, || {
            let a = conv_attrs(auto_pad, group, window, output_padding_or_null, output_shape_or_null)?;
            conv_transpose(ten(x)?, ten(w)?, opt_ten(b_or_null)?, &a)
        })
    }
}
