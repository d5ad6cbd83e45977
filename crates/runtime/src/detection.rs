//! Detection post-processing: `NonMaxSuppression` and `RoiAlign`, following onnxruntime's CPU
//! kernels (the ONNX reference implementation matches them).

use crate::error::RtResult;
use crate::movement::indices_of;
use crate::real::{from_reals, reals};
use crate::value::{checked_numel, fmt_shape, Tensor};

/// A scalar (or one-element) float input, or `default` when absent.
fn scalar_f64(t: Option<&Tensor>, what: &str, default: f64) -> RtResult<f64> {
    match t {
        None => Ok(default),
        Some(t) if t.len() == 1 => Ok(reals::<f64>(t, what)?[0]),
        Some(t) => bail!("{what} must hold one value, got shape {}", fmt_shape(t.shape())),
    }
}

/// (y1, x1, y2, x2) of a box, corners ordered, from the corner or center format.
fn corners(b: &[f64], center: bool) -> [f64; 4] {
    if center {
        let (xc, yc, w, h) = (b[0], b[1], b[2], b[3]);
        [yc - h / 2.0, xc - w / 2.0, yc + h / 2.0, xc + w / 2.0]
    } else {
        [b[0].min(b[2]), b[1].min(b[3]), b[0].max(b[2]), b[1].max(b[3])]
    }
}

fn iou(a: &[f64; 4], b: &[f64; 4]) -> f64 {
    let ih = (a[2].min(b[2]) - a[0].max(b[0])).max(0.0);
    let iw = (a[3].min(b[3]) - a[1].max(b[1])).max(0.0);
    let inter = ih * iw;
    let area = |c: &[f64; 4]| (c[2] - c[0]) * (c[3] - c[1]);
    let (aa, ab) = (area(a), area(b));
    if aa <= 0.0 || ab <= 0.0 {
        return 0.0;
    }
    let union = aa + ab - inter;
    if union <= 0.0 {
        0.0
    } else {
        inter / union
    }
}

/// NonMaxSuppression: INT64 `[count, 3]` rows (batch, class, box), per batch and class in
/// descending score order (ties: lower box index first).
pub fn non_max_suppression(
    boxes: &Tensor,
    scores: &Tensor,
    max_per_class: Option<&Tensor>,
    iou_threshold: Option<&Tensor>,
    score_threshold: Option<&Tensor>,
    center_point_box: bool,
) -> RtResult<Tensor> {
    if boxes.rank() != 3 || boxes.shape()[2] != 4 || scores.rank() != 3 {
        bail!(
            "NonMaxSuppression needs boxes [B, N, 4] and scores [B, C, N], got {} and {}",
            fmt_shape(boxes.shape()),
            fmt_shape(scores.shape())
        );
    }
    let (nb, n) = (boxes.shape()[0], boxes.shape()[1]);
    let nc = scores.shape()[1];
    if scores.shape()[0] != nb || scores.shape()[2] != n {
        bail!(
            "NonMaxSuppression: boxes {} and scores {} disagree",
            fmt_shape(boxes.shape()),
            fmt_shape(scores.shape())
        );
    }
    let max_out = match max_per_class {
        None => 0,
        Some(t) => match t.to_i64s("max_output_boxes_per_class")?.as_slice() {
            [v] => (*v).max(0) as u64,
            [] => 0,
            _ => bail!("max_output_boxes_per_class must hold one value"),
        },
    };
    let iou_t = scalar_f64(iou_threshold, "iou_threshold", 0.0)?;
    let score_t = score_threshold.map(|t| scalar_f64(Some(t), "score_threshold", 0.0)).transpose()?;
    let bv = reals::<f64>(boxes, "NonMaxSuppression")?;
    let sv = reals::<f64>(scores, "NonMaxSuppression")?;
    let mut out = Vec::new();
    for b in 0..nb {
        let cs: Vec<[f64; 4]> = (0..n).map(|i| corners(&bv[(b * n + i) * 4..][..4], center_point_box)).collect();
        for c in 0..nc {
            let s = &sv[(b * nc + c) * n..][..n];
            let mut cand: Vec<usize> = (0..n).filter(|&i| score_t.is_none_or(|t| s[i] > t)).collect();
            cand.sort_by(|&p, &q| s[q].partial_cmp(&s[p]).unwrap_or(std::cmp::Ordering::Equal));
            let mut kept: Vec<usize> = Vec::new();
            for i in cand {
                if kept.len() as u64 >= max_out {
                    break;
                }
                if kept.iter().all(|&k| iou(&cs[k], &cs[i]) <= iou_t) {
                    kept.push(i);
                }
            }
            out.extend(kept.iter().flat_map(|&k| [b as i64, c as i64, k as i64]));
        }
    }
    let rows = out.len() / 3;
    Tensor::from_vec(vec![rows, 3], out)
}

/// The attributes of RoiAlign.
#[derive(Clone, Debug)]
pub struct RoiAlignAttrs {
    pub half_pixel: bool,
    pub max_mode: bool,
    pub output_height: usize,
    pub output_width: usize,
    pub sampling_ratio: usize,
    pub spatial_scale: f64,
}

/// One bilinear sample: four flat positions and their weights (all zero outside the map).
struct Sample {
    pos: [usize; 4],
    w: [f64; 4],
}

fn sample(y: f64, x: f64, h: usize, w: usize) -> Sample {
    if y < -1.0 || y > h as f64 || x < -1.0 || x > w as f64 {
        return Sample { pos: [0; 4], w: [0.0; 4] };
    }
    let (mut y, mut x) = (y.max(0.0), x.max(0.0));
    let (mut yl, mut xl) = (y as usize, x as usize);
    let (yh, xh);
    if yl >= h - 1 {
        yl = h - 1;
        yh = yl;
        y = yl as f64;
    } else {
        yh = yl + 1;
    }
    if xl >= w - 1 {
        xl = w - 1;
        xh = xl;
        x = xl as f64;
    } else {
        xh = xl + 1;
    }
    let (ly, lx) = (y - yl as f64, x - xl as f64);
    let (hy, hx) = (1.0 - ly, 1.0 - lx);
    Sample { pos: [yl * w + xl, yl * w + xh, yh * w + xl, yh * w + xh], w: [hy * hx, hy * lx, ly * hx, ly * lx] }
}

pub fn roi_align(x: &Tensor, rois: &Tensor, batch_indices: &Tensor, a: &RoiAlignAttrs) -> RtResult<Tensor> {
    if x.rank() != 4 || rois.rank() != 2 || rois.shape()[1] != 4 {
        bail!(
            "RoiAlign needs X [N, C, H, W] and rois [R, 4], got {} and {}",
            fmt_shape(x.shape()),
            fmt_shape(rois.shape())
        );
    }
    if rois.dtype() != x.dtype() {
        bail!("RoiAlign: rois are {}, X is {}", rois.dtype().name(), x.dtype().name());
    }
    let bi = indices_of(batch_indices, "RoiAlign")?;
    let (n, c, h, w) = (x.shape()[0], x.shape()[1], x.shape()[2], x.shape()[3]);
    let nr = rois.shape()[0];
    if bi.len() != nr {
        bail!("RoiAlign: {} batch indices for {nr} rois", bi.len());
    }
    let (oh, ow) = (a.output_height, a.output_width);
    let shape = vec![nr, c, oh, ow];
    checked_numel(&shape, 8)?;
    let xv = reals::<f64>(x, "RoiAlign")?;
    let rv = reals::<f64>(rois, "RoiAlign")?;
    let mut y = vec![0f64; nr * c * oh * ow];
    if h == 0 || w == 0 {
        return from_reals(x.dtype(), shape, y);
    }
    let off = if a.half_pixel { 0.5 } else { 0.0 };
    for r in 0..nr {
        let b = usize::try_from(bi[r])
            .ok()
            .filter(|&b| b < n)
            .ok_or_else(|| rt_err!("RoiAlign: batch index {} is out of range for {n} images", bi[r]))?;
        let roi = &rv[r * 4..][..4];
        let (sw, sh) = (roi[0] * a.spatial_scale - off, roi[1] * a.spatial_scale - off);
        let (ew, eh) = (roi[2] * a.spatial_scale - off, roi[3] * a.spatial_scale - off);
        let (mut rw, mut rh) = (ew - sw, eh - sh);
        if !a.half_pixel {
            rw = rw.max(1.0);
            rh = rh.max(1.0);
        }
        let (bh, bw) = (rh / oh as f64, rw / ow as f64);
        let grid = |size: f64, out: usize| {
            if a.sampling_ratio > 0 {
                a.sampling_ratio
            } else {
                // Bounded so a huge roi cannot ask for an unbounded number of samples.
                (size / out as f64).ceil().clamp(0.0, 1e6) as usize
            }
        };
        let (gh, gw) = (grid(rh, oh), grid(rw, ow));
        let total = [oh, ow, gh, gw].iter().try_fold(1usize, |acc, &v| acc.checked_mul(v));
        if total.is_none_or(|t| t > 1 << 28) {
            bail!("RoiAlign: {oh}x{ow} bins of {gh}x{gw} samples are too many");
        }
        let count = (gh * gw).max(1) as f64;
        let mut samples = Vec::with_capacity(oh * ow * gh * gw);
        for ph in 0..oh {
            for pw in 0..ow {
                for iy in 0..gh {
                    let yy = sh + ph as f64 * bh + (iy as f64 + 0.5) * bh / gh as f64;
                    for ix in 0..gw {
                        let xx = sw + pw as f64 * bw + (ix as f64 + 0.5) * bw / gw as f64;
                        samples.push(sample(yy, xx, h, w));
                    }
                }
            }
        }
        for ch in 0..c {
            let plane = &xv[(b * c + ch) * h * w..][..h * w];
            for bin in 0..oh * ow {
                let ss = &samples[bin * gh * gw..][..gh * gw];
                let v = if a.max_mode {
                    ss.iter()
                        .map(|s| (0..4).map(|k| s.w[k] * plane[s.pos[k]]).fold(f64::NEG_INFINITY, f64::max))
                        .fold(None, |m: Option<f64>, v| Some(m.map_or(v, |m| m.max(v))))
                        .unwrap_or(0.0)
                } else {
                    ss.iter().map(|s| (0..4).map(|k| s.w[k] * plane[s.pos[k]]).sum::<f64>()).sum::<f64>() / count
                };
                y[((r * c + ch) * oh * ow) + bin] = v;
            }
        }
    }
    from_reals(x.dtype(), shape, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(shape: &[usize], v: Vec<f32>) -> Tensor {
        Tensor::from_vec(shape.to_vec(), v).unwrap()
    }

    #[test]
    fn nms_suppresses_overlaps_by_score() {
        // Boxes 0 and 1 overlap (IoU 0.81); box 2 is apart.
        let boxes = f(&[1, 3, 4], vec![0., 0., 1., 1., 0., 0.1, 1., 1.1, 0., 10., 1., 11.]);
        let scores = f(&[1, 1, 3], vec![0.9, 0.95, 0.5]);
        let m = Tensor::from_i64s(vec![3]);
        let iou_t = f(&[1], vec![0.5]);
        let y = non_max_suppression(&boxes, &scores, Some(&m), Some(&iou_t), None, false).unwrap();
        assert_eq!(y.shape(), &[2, 3]);
        assert_eq!(y.as_slice::<i64>().unwrap(), &[0, 0, 1, 0, 0, 2]);
        let st = f(&[1], vec![0.6]);
        let y = non_max_suppression(&boxes, &scores, Some(&m), Some(&iou_t), Some(&st), false).unwrap();
        assert_eq!(y.shape(), &[1, 3]);
        let y = non_max_suppression(&boxes, &scores, None, None, None, false).unwrap();
        assert_eq!(y.shape(), &[0, 3]);
        assert!(non_max_suppression(&scores, &boxes, None, None, None, false).is_err());
    }

    #[test]
    fn roi_align_averages_bilinear_samples() {
        // A 2x2 map; one roi over the whole map (output_half_pixel), 1x1 output, 2x2 samples.
        let x = f(&[1, 1, 2, 2], vec![0., 1., 2., 3.]);
        let rois = f(&[1, 4], vec![0., 0., 1., 1.]);
        let bi = Tensor::from_i64s(vec![0]);
        let a = RoiAlignAttrs {
            half_pixel: false,
            max_mode: false,
            output_height: 1,
            output_width: 1,
            sampling_ratio: 2,
            spatial_scale: 1.0,
        };
        let y = roi_align(&x, &rois, &bi, &a).unwrap();
        // Samples at (0.25, 0.25), (0.25, 0.75), (0.75, 0.25), (0.75, 0.75): mean 1.5.
        assert_eq!(y.as_slice::<f32>().unwrap(), &[1.5]);
        let bad = Tensor::from_i64s(vec![1]);
        assert!(roi_align(&x, &rois, &bad, &a).is_err());
        let huge = RoiAlignAttrs { sampling_ratio: 1 << 30, ..a.clone() };
        assert!(roi_align(&x, &rois, &bi, &huge).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::detection::{non_max_suppression, roi_align, RoiAlignAttrs};
    use crate::value::Handle;

    /// NonMaxSuppression; the three scalar inputs may be null (absent).
    pub(crate) unsafe fn flowgate_rt_non_max_suppression(
        node: i32,
        boxes: Handle,
        scores: Handle,
        max_per_class_or_null: Handle,
        iou_threshold_or_null: Handle,
        score_threshold_or_null: Handle,
        center_point_box: i32,
    ) -> Handle {
        run_t(node, || {
            non_max_suppression(
                ten(boxes)?,
                ten(scores)?,
                opt_ten(max_per_class_or_null)?,
                opt_ten(iou_threshold_or_null)?,
                opt_ten(score_threshold_or_null)?,
                center_point_box != 0,
            )
        })
    }

    /// RoiAlign; `half_pixel` 1 for coordinate_transformation_mode half_pixel, `max_mode` 1 for max.
    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_roi_align(
        node: i32,
        x: Handle,
        rois: Handle,
        batch_indices: Handle,
        half_pixel: i32,
        max_mode: i32,
        output_height: i64,
        output_width: i64,
        sampling_ratio: i64,
        spatial_scale: f64,
    ) -> Handle {
        run_t(node, || {
            let size = |v: i64, what: &str| {
                usize::try_from(v)
                    .ok()
                    .filter(|&s| s <= 1 << 30)
                    .ok_or_else(|| rt_err!("RoiAlign: {what} {v} is out of range"))
            };
            let a = RoiAlignAttrs {
                half_pixel: half_pixel != 0,
                max_mode: max_mode != 0,
                output_height: size(output_height, "output_height")?,
                output_width: size(output_width, "output_width")?,
                sampling_ratio: size(sampling_ratio, "sampling_ratio")?,
                spatial_scale,
            };
            roi_align(ten(x)?, ten(rois)?, ten(batch_indices)?, &a)
        })
    }
}
