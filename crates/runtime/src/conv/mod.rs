//! `Conv` and `ConvTranspose`, any number of spatial axes, groups, strides, dilations and pads.
//! `Conv` is implicit GEMM (`im2col`: a column matrix per image and group, then `Real::gemm`) or,
//! for few output channels per group, summed directly (`direct`); `ConvTranspose` is GEMM then
//! col2im (`transpose`). `geom` holds the window arithmetic they share: positions are computed
//! per row segment, never tabulated per element. `Col2Im` is ConvTranspose's col2im step alone
//! (`col2im`); `DeformConv` samples X bilinearly into the column matrix (`deform`).

mod col2im;
mod deform;
mod direct;
mod geom;
mod im2col;
mod transpose;

use crate::error::RtResult;
use crate::real::{from_reals, reals, Mat, MatMut, Real};
use crate::value::{checked_numel, fmt_shape, Tensor};
use crate::window::{resolve, AutoPad, Window, WindowAttrs};

pub use col2im::col2im_op;
pub use deform::{deform_conv, DeformAttrs};

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

/// Checks W `[M, C / group, k...]` and B `[M]` of a forward convolution (Conv, DeformConv)
/// against X's `c` channels; returns M.
fn check_forward(op: &str, x: &Tensor, w: &Tensor, b: Option<&Tensor>, (c, g): (usize, usize)) -> RtResult<usize> {
    let m = w.shape()[0];
    if w.shape()[1] != c / g || !m.is_multiple_of(g) {
        bail!(
            "{op}: W of shape {} does not fit X of shape {} with group {g}",
            fmt_shape(w.shape()),
            fmt_shape(x.shape())
        );
    }
    if let Some(b) = b {
        if b.shape() != [m] {
            bail!("{op}: B must have shape [{m}], got {}", fmt_shape(b.shape()));
        }
    }
    Ok(m)
}

pub fn conv(x: &Tensor, w: &Tensor, b: Option<&Tensor>, a: &ConvAttrs) -> RtResult<Tensor> {
    let (n, c, g) = check("Conv", x, w, b, a.group)?;
    let m = check_forward("Conv", x, w, b, (c, g))?;
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
    let p = Problem { x, w, b, win: &win, out: &out, shape, g };
    with_real!(x.dtype(), "Conv", T => conv_real::<T>(p))
}

fn conv_real<T: Real>(p: Problem<'_>) -> RtResult<Tensor> {
    let (xv, wv) = (reals::<T>(p.x, "Conv")?, crate::prepack::reals::<T>(p.w, "Conv")?);
    let (n, c, m, cg, mg, g) = p.channels();
    let (geom, win, out) = (p.geom(), p.win, p.out);
    let (in_count, out_count) = (geom.in_count(), geom.out_count());
    let rows = cg * geom.kcount();
    let mut y = vec![T::default(); n * m * out_count];
    if y.is_empty() {
        return p.finish(y);
    }
    // Small outputs of a batch: one product over all images, so the weights are packed once
    // instead of once per image.
    let batched = g == 1 && n > 1 && out_count < 256;
    // A 1x1 convolution with unit strides and no padding reads X as it is: X is the column
    // matrix and nothing is copied (MobileNet's and RAFT's pointwise layers).
    let pointwise = win.kernel.iter().all(|&k| k == 1)
        && win.strides.iter().all(|&s| s == 1)
        && win.pad_begin.iter().all(|&p| p == 0)
        && out == geom.inp;
    // Few output channels per group (depthwise layers, one-channel resampling filters): summed
    // directly, as the column matrix would cost as much to fill as the products.
    let direct = mg <= DIRECT_MAX_CHANNELS && !pointwise;
    if batched && !direct {
        let cols = n * out_count;
        checked_numel(&[rows, cols], 8)?;
        let mut col = vec![T::default(); rows * cols];
        for img in 0..n {
            im2col::im2col(&xv[img * c * in_count..][..c * in_count], c, &geom, &mut col, cols, img * out_count);
        }
        let mut prod = vec![T::default(); m * cols];
        T::gemm(
            m,
            rows,
            cols,
            T::of(1.0),
            Mat { data: &wv, rs: rows, cs: 1 },
            Mat { data: &col, rs: cols, cs: 1 },
            T::default(),
            MatMut { data: &mut prod, rs: cols },
        )?;
        for img in 0..n {
            for oc in 0..m {
                y[(img * m + oc) * out_count..][..out_count]
                    .copy_from_slice(&prod[oc * cols + img * out_count..][..out_count]);
            }
        }
        return p.finish(y);
    }
    if direct {
        // Each output plane is summed on its own, so planes are shared out over the threads
        // whole (the same loop per plane whatever the count).
        let work = y.len().saturating_mul(rows);
        let parts = crate::threads::parts(work, DIRECT_PAR_WORK, n * m);
        crate::threads::for_each_run(&mut y, out_count, parts, |first, run| {
            for (i, ym) in run.chunks_exact_mut(out_count).enumerate() {
                let (img, oc) = ((first + i) / m, (first + i) % m);
                let grp = oc / mg;
                let xg = &xv[(img * c + grp * cg) * in_count..][..cg * in_count];
                direct::direct_channel(xg, &wv[oc * rows..][..rows], cg, &geom, ym);
            }
        });
        return p.finish(y);
    }
    checked_numel(&[rows, out_count], 8)?;
    let mut col = vec![T::default(); if pointwise { 0 } else { rows * out_count }];
    for img in 0..n {
        for grp in 0..g {
            let xg = &xv[(img * c + grp * cg) * in_count..][..cg * in_count];
            let wg = &wv[grp * mg * rows..][..mg * rows];
            let yg = &mut y[(img * m + grp * mg) * out_count..][..mg * out_count];
            let cols: &[T] = if pointwise {
                xg
            } else {
                im2col::im2col(xg, cg, &geom, &mut col, out_count, 0);
                &col
            };
            T::gemm(
                mg,
                rows,
                out_count,
                T::of(1.0),
                Mat { data: wg, rs: rows, cs: 1 },
                Mat { data: cols, rs: out_count, cs: 1 },
                T::default(),
                MatMut { data: yg, rs: out_count },
            )?;
        }
    }
    p.finish(y)
}

/// Output channels per group up to which Conv is summed directly (see `direct`).
const DIRECT_MAX_CHANNELS: usize = 4;

/// Multiply-adds below which a direct convolution stays on one thread.
const DIRECT_PAR_WORK: usize = 1 << 18;

/// One convolution after the checks: operands, resolved window, output grid, output shape
/// `[N, M, out...]` and group count.
struct Problem<'a> {
    x: &'a Tensor,
    w: &'a Tensor,
    b: Option<&'a Tensor>,
    win: &'a Window,
    out: &'a [usize],
    shape: Vec<usize>,
    g: usize,
}

impl Problem<'_> {
    fn geom(&self) -> Geom<'_> {
        Geom { inp: &self.x.shape()[2..], out: self.out, win: self.win }
    }

    /// (images, input channels, output channels, input and output channels per group, groups).
    fn channels(&self) -> (usize, usize, usize, usize, usize, usize) {
        let (n, c, m, g) = (self.x.shape()[0], self.x.shape()[1], self.shape[1], self.g);
        (n, c, m, c / g, m / g, g)
    }

    /// The result tensor from `y` (`[N, M, out...]` in `T`), bias added.
    fn finish<T: Real>(self, mut y: Vec<T>) -> RtResult<Tensor> {
        let out_count: usize = self.out.iter().product();
        add_bias::<T>(&mut y, self.b, self.shape[1], out_count)?;
        from_reals(self.x.dtype(), self.shape, y)
    }
}

/// The spatial geometry of one convolution: X's grid, Y's grid and the resolved window (for
/// ConvTranspose `inp` is X's grid and `out` Y's, as for Conv).
pub(super) struct Geom<'a> {
    pub inp: &'a [usize],
    pub out: &'a [usize],
    pub win: &'a Window,
}

impl Geom<'_> {
    pub fn in_count(&self) -> usize {
        self.inp.iter().product()
    }
    pub fn out_count(&self) -> usize {
        self.out.iter().product()
    }
    pub fn kcount(&self) -> usize {
        self.win.kernel.iter().product()
    }
}

fn add_bias<T: Real>(y: &mut [T], b: Option<&Tensor>, m: usize, count: usize) -> RtResult<()> {
    let Some(b) = b else { return Ok(()) };
    let bv = crate::prepack::reals::<T>(b, "Conv")?;
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
    let p = Problem { x, w, b, win: &win, out: &out, shape, g };
    with_real!(x.dtype(), "ConvTranspose", T => conv_transpose_real::<T>(p))
}

/// The last `r` entries of `output_shape` (it may include N and C).
fn tail_dims(os: &[i64], r: usize) -> RtResult<Vec<usize>> {
    if os.len() < r || os.iter().any(|&d| !(0..1 << 40).contains(&d)) {
        bail!("ConvTranspose: 'output_shape' must end in {r} non-negative spatial dims");
    }
    Ok(os[os.len() - r..].iter().map(|&d| d as usize).collect())
}

fn conv_transpose_real<T: Real>(p: Problem<'_>) -> RtResult<Tensor> {
    let (xv, wv) = (reals::<T>(p.x, "ConvTranspose")?, crate::prepack::reals::<T>(p.w, "ConvTranspose")?);
    let (n, c, m, cg, mg, g) = p.channels();
    let geom = p.geom();
    let (in_count, out_count) = (geom.in_count(), geom.out_count());
    let rows = mg * geom.kcount();
    let mut y = vec![T::default(); n * m * out_count];
    if y.is_empty() {
        return p.finish(y);
    }
    checked_numel(&[rows, in_count], 8)?;
    let mut col = vec![T::default(); rows * in_count];
    for img in 0..n {
        for grp in 0..g {
            let xg = &xv[(img * c + grp * cg) * in_count..][..cg * in_count];
            let wg = &wv[grp * cg * rows..][..cg * rows];
            let yg = &mut y[(img * m + grp * mg) * out_count..][..mg * out_count];
            transpose::transpose_group(xg, wg, (cg, mg), &geom, &mut col, yg)?;
        }
    }
    p.finish(y)
}

#[cfg(test)]
mod random_tests;

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
    use crate::conv::{col2im_op, conv, conv_transpose, deform_conv, ConvAttrs, DeformAttrs};
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

    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_col2im(
        node: i32,
        input: Handle,
        image_shape: Handle,
        block_shape: Handle,
        strides_or_null: Handle,
        dilations_or_null: Handle,
        pads_or_null: Handle,
    ) -> Handle {
        run_t(node, || {
            let a = window_attrs(std::ptr::null_mut(), strides_or_null, dilations_or_null, pads_or_null)?;
            col2im_op(ten(input)?, ten(image_shape)?, ten(block_shape)?, &a)
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_deform_conv(
        node: i32,
        x: Handle,
        w: Handle,
        offset: Handle,
        b_or_null: Handle,
        mask_or_null: Handle,
        group: i64,
        offset_group: i64,
        kernel_shape_or_null: Handle,
        strides_or_null: Handle,
        dilations_or_null: Handle,
        pads_or_null: Handle,
    ) -> Handle {
        run_t(node, || {
            let a = DeformAttrs {
                window: window_attrs(kernel_shape_or_null, strides_or_null, dilations_or_null, pads_or_null)?,
                group,
                offset_group,
            };
            deform_conv(ten(x)?, ten(w)?, ten(offset)?, opt_ten(b_or_null)?, opt_ten(mask_or_null)?, &a)
        })
    }
}
