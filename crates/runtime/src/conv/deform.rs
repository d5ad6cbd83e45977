//! `DeformConv` (2-D): a convolution whose kernel taps are moved per output position by
//! `offset` and weighted by `mask`. The taps fall between pixels, so X is sampled bilinearly
//! (zero outside the image, as torchvision's and onnxruntime's kernels); the sampled values of
//! an image and group fill a column matrix as in `im2col`, and the product with the group's
//! weights goes through `Real::gemm`.

use super::{add_bias, check, check_forward};
use crate::error::RtResult;
use crate::real::{from_reals, reals, Mat, MatMut, Real};
use crate::value::{checked_numel, fmt_shape, Tensor};
use crate::window::{resolve, AutoPad, Window, WindowAttrs};

#[derive(Clone, Debug, Default)]
pub struct DeformAttrs {
    pub window: WindowAttrs,
    pub group: i64,
    pub offset_group: i64,
}

/// The checked operands of one DeformConv.
struct Problem<'a> {
    x: &'a Tensor,
    w: &'a Tensor,
    offset: &'a Tensor,
    b: Option<&'a Tensor>,
    mask: Option<&'a Tensor>,
    win: Window,
    shape: Vec<usize>,
    g: usize,
    og: usize,
}

pub fn deform_conv(
    x: &Tensor,
    w: &Tensor,
    offset: &Tensor,
    b: Option<&Tensor>,
    mask: Option<&Tensor>,
    a: &DeformAttrs,
) -> RtResult<Tensor> {
    let op = "DeformConv";
    let (n, c, g) = check(op, x, w, b, a.group)?;
    if x.rank() != 4 {
        bail!("{op} supports 2 spatial axes (X of rank 4) only, got shape {}", fmt_shape(x.shape()));
    }
    let m = check_forward(op, x, w, b, (c, g))?;
    let og = a.offset_group;
    if og < 1 || og > c as i64 || !c.is_multiple_of(og as usize) {
        bail!("{op}: offset_group must be a positive divisor of the {c} input channels, got {og}");
    }
    let og = og as usize;
    let (win, out) = resolve(op, &x.shape()[2..], Some(&w.shape()[2..]), &a.window, AutoPad::NotSet, false)?;
    if win.kernel != w.shape()[2..] {
        bail!("{op}: kernel_shape {} does not match W of shape {}", fmt_shape(&win.kernel), fmt_shape(w.shape()));
    }
    let kcount = win.kernel[0] * win.kernel[1];
    for (t, what, per) in [(Some(offset), "offset", 2 * kcount), (mask, "mask", kcount)] {
        let Some(t) = t else { continue };
        let want = [n, og * per, out[0], out[1]];
        if t.shape() != want {
            bail!("{op}: {what} must have shape {}, got {}", fmt_shape(&want), fmt_shape(t.shape()));
        }
        if t.dtype() != x.dtype() {
            bail!("{op}: {what} is {}, X is {}", t.dtype().name(), x.dtype().name());
        }
    }
    let shape = vec![n, m, out[0], out[1]];
    checked_numel(&shape, 8)?;
    let p = Problem { x, w, offset, b, mask, win, shape, g, og };
    with_real!(x.dtype(), op, T => deform_real::<T>(p))
}

/// X's plane sampled at (`y`, `x`): the four neighbours weighted linearly, those outside the
/// plane counting as zero.
fn bilinear<T: Real>(plane: &[T], (h, w): (usize, usize), y: f64, x: f64) -> f64 {
    // Also false for NaN positions.
    if !(y > -1.0 && y < h as f64 && x > -1.0 && x < w as f64) {
        return 0.0;
    }
    let (y0, x0) = (y.floor(), x.floor());
    let (fy, fx) = (y - y0, x - x0);
    let mut acc = 0.0;
    for (r, wy) in [(y0 as i64, 1.0 - fy), (y0 as i64 + 1, fy)] {
        for (q, wx) in [(x0 as i64, 1.0 - fx), (x0 as i64 + 1, fx)] {
            if (0..h as i64).contains(&r) && (0..w as i64).contains(&q) {
                acc += wy * wx * plane[r as usize * w + q as usize].to_f64();
            }
        }
    }
    acc
}

fn deform_real<T: Real>(p: Problem<'_>) -> RtResult<Tensor> {
    let op = "DeformConv";
    let (xv, wv) = (reals::<T>(p.x, op)?, reals::<T>(p.w, op)?);
    let ov = reals::<f64>(p.offset, op)?;
    let mv = p.mask.map(|t| reals::<f64>(t, op)).transpose()?;
    let (n, c, m, g, og) = (p.shape[0], p.x.shape()[1], p.shape[1], p.g, p.og);
    let (cg, mg, per_og) = (c / g, m / g, c / og);
    let plane = (p.x.shape()[2], p.x.shape()[3]);
    let (oh, ow) = (p.shape[2], p.shape[3]);
    let (kh, kw) = (p.win.kernel[0], p.win.kernel[1]);
    let (out_count, kcount) = (oh * ow, kh * kw);
    let rows = cg * kcount;
    let mut y = vec![T::default(); n * m * out_count];
    if y.is_empty() {
        return from_reals(p.x.dtype(), p.shape, y);
    }
    checked_numel(&[rows, out_count], 8)?;
    let mut col = vec![T::default(); rows * out_count];
    let win = &p.win;
    for img in 0..n {
        for grp in 0..g {
            for ci in 0..cg {
                let ch = grp * cg + ci;
                let o_grp = img * og + ch / per_og;
                let xp = &xv[(img * c + ch) * plane.0 * plane.1..][..plane.0 * plane.1];
                for k in 0..kcount {
                    let (ki, kj) = (k / kw, k % kw);
                    let dy = &ov[(o_grp * 2 * kcount + 2 * k) * out_count..][..out_count];
                    let dx = &ov[(o_grp * 2 * kcount + 2 * k + 1) * out_count..][..out_count];
                    let mk = mv.as_ref().map(|mv| &mv[(o_grp * kcount + k) * out_count..][..out_count]);
                    let row = &mut col[(ci * kcount + k) * out_count..][..out_count];
                    for (o, slot) in row.iter_mut().enumerate() {
                        let (i, j) = (o / ow, o % ow);
                        let py = (i * win.strides[0] + ki * win.dilations[0]) as f64 - win.pad_begin[0] as f64 + dy[o];
                        let px = (j * win.strides[1] + kj * win.dilations[1]) as f64 - win.pad_begin[1] as f64 + dx[o];
                        let v = bilinear(xp, plane, py, px) * mk.map_or(1.0, |mk| mk[o]);
                        *slot = T::of(v);
                    }
                }
            }
            let wg = &wv[grp * mg * rows..][..mg * rows];
            let yg = &mut y[(img * m + grp * mg) * out_count..][..mg * out_count];
            T::gemm(
                mg,
                rows,
                out_count,
                T::of(1.0),
                Mat { data: wg, rs: rows, cs: 1 },
                Mat { data: &col, rs: out_count, cs: 1 },
                T::default(),
                MatMut { data: yg, rs: out_count },
            )?;
        }
    }
    add_bias::<T>(&mut y, p.b, m, out_count)?;
    from_reals(p.x.dtype(), p.shape, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(shape: &[usize], v: Vec<f32>) -> Tensor {
        Tensor::from_vec(shape.to_vec(), v).unwrap()
    }

    fn attrs() -> DeformAttrs {
        DeformAttrs { group: 1, offset_group: 1, ..Default::default() }
    }

    #[test]
    fn zero_offsets_are_a_convolution_and_half_offsets_interpolate() {
        // X 2x2 of 1..4, a 1x1 kernel of 2: Y = 2 X when the taps stay put.
        let x = f(&[1, 1, 2, 2], vec![1.0, 2.0, 3.0, 4.0]);
        let w = f(&[1, 1, 1, 1], vec![2.0]);
        let zero = f(&[1, 2, 2, 2], vec![0.0; 8]);
        let y = deform_conv(&x, &w, &zero, Some(&f(&[1], vec![0.5])), None, &attrs()).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[2.5, 4.5, 6.5, 8.5]);
        // Every tap moved by half a pixel down and right: the mean of the 2x2 neighbourhood,
        // zeros beyond the edge; a mask of 0.5 halves it.
        let half = f(&[1, 2, 2, 2], vec![0.5; 8]);
        let mask = f(&[1, 1, 2, 2], vec![0.5; 4]);
        let y = deform_conv(&x, &w, &half, None, Some(&mask), &attrs()).unwrap();
        let want = [2.5, 1.5, 1.75, 1.0].map(|v: f32| v * 2.0 * 0.5);
        assert_eq!(y.as_slice::<f32>().unwrap(), &want);
    }

    #[test]
    fn bad_operands_are_errors_naming_the_op() {
        let x = f(&[1, 2, 2, 2], vec![1.0; 8]);
        let w = f(&[1, 2, 1, 1], vec![1.0; 2]);
        let off = f(&[1, 2, 2, 2], vec![0.0; 8]);
        let mut a = attrs();
        a.offset_group = 3;
        let e = deform_conv(&x, &w, &off, None, None, &a).unwrap_err().to_string();
        assert!(e.contains("DeformConv: offset_group"), "{e}");
        let bad = f(&[1, 2, 2, 1], vec![0.0; 4]);
        let e = deform_conv(&x, &w, &bad, None, None, &attrs()).unwrap_err().to_string();
        assert!(e.contains("DeformConv: offset must have shape {1,2,2,2}"), "{e}");
        let e = deform_conv(&x, &w, &off, None, Some(&off), &attrs()).unwrap_err().to_string();
        assert!(e.contains("DeformConv: mask must have shape {1,1,2,2}"), "{e}");
        let x1 = f(&[1, 2, 2], vec![1.0; 4]);
        let e = deform_conv(&x1, &f(&[1, 2, 1], vec![1.0; 2]), &off, None, None, &attrs()).unwrap_err().to_string();
        assert!(e.contains("DeformConv supports 2 spatial axes"), "{e}");
        let e = deform_conv(&x, &f(&[1, 3, 1, 1], vec![1.0; 3]), &off, None, None, &attrs()).unwrap_err().to_string();
        assert!(e.contains("DeformConv: W of shape"), "{e}");
    }
}
