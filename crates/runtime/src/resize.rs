//! `Resize` (opset 11+): nearest, linear and cubic, every coordinate transformation mode and
//! nearest rounding mode, `exclude_outside`, `extrapolation_value`, `antialias`, `axes` and
//! `keep_aspect_ratio_policy`. Interpolation is separable, so the input is resized one axis at a
//! time (in f64, rounded once at the end), with the neighbour and weight rules of the ONNX
//! reference implementation, which onnxruntime's kernel matches.

use crate::dispatch::Elem;
use crate::error::RtResult;
use crate::value::{checked_numel, fmt_shape, Tensor};

/// The attributes, as codes (see `abi::flowgate_rt_resize`).
#[derive(Clone, Debug)]
pub struct ResizeAttrs {
    /// nearest=0, linear=1, cubic=2
    pub mode: i32,
    /// half_pixel=0, half_pixel_symmetric=1, pytorch_half_pixel=2, align_corners=3,
    /// asymmetric=4, tf_crop_and_resize=5
    pub coord: i32,
    /// round_prefer_floor=0, round_prefer_ceil=1, floor=2, ceil=3
    pub nearest: i32,
    pub cubic_a: f64,
    pub exclude_outside: bool,
    pub extrapolation: f64,
    /// stretch=0, not_larger=1, not_smaller=2
    pub policy: i32,
    pub antialias: bool,
    pub axes: Option<Vec<i64>>,
}

fn floats(t: Option<&Tensor>) -> Option<Vec<f64>> {
    let t = t.filter(|t| !t.is_empty())?;
    Some(dispatch!(t.data(), v => v.iter().map(|e| e.to_f64()).collect()))
}

pub fn resize(
    x: &Tensor,
    roi: Option<&Tensor>,
    scales: Option<&Tensor>,
    sizes: Option<&Tensor>,
    a: &ResizeAttrs,
) -> RtResult<Tensor> {
    let r = x.rank();
    let axes: Vec<usize> = match &a.axes {
        None => (0..r).collect(),
        Some(v) => v.iter().map(|&ax| crate::broadcast::norm_axis(ax, r)).collect::<RtResult<_>>()?,
    };
    let n = axes.len();
    let mut scale = vec![1.0f64; r];
    let mut out: Vec<usize> = x.shape().to_vec();
    match (floats(scales), sizes.filter(|s| !s.is_empty())) {
        (Some(s), None) => {
            if s.len() != n {
                bail!("Resize: {} scales for {n} axes", s.len());
            }
            for (k, &ax) in axes.iter().enumerate() {
                if !(s[k] > 0.0 && s[k].is_finite()) {
                    bail!("Resize: scales must be positive, got {}", s[k]);
                }
                scale[ax] = s[k];
                out[ax] = (s[k] * x.shape()[ax] as f64) as usize;
            }
        }
        (None, Some(sz)) => {
            let sz = sz.to_i64_list("sizes", false)?;
            if sz.len() != n || sz.iter().any(|&v| !(0..1 << 40).contains(&v)) {
                bail!("Resize: sizes must hold {n} non-negative values, got {sz:?}");
            }
            for (k, &ax) in axes.iter().enumerate() {
                scale[ax] = sz[k] as f64 / x.shape()[ax].max(1) as f64;
            }
            if a.policy != 0 {
                let it = axes.iter().map(|&ax| scale[ax]);
                let s = if a.policy == 1 { it.fold(f64::INFINITY, f64::min) } else { it.fold(0.0, f64::max) };
                for &ax in &axes {
                    scale[ax] = s;
                    out[ax] = (s * x.shape()[ax] as f64 + 0.5) as usize;
                }
            } else {
                for (k, &ax) in axes.iter().enumerate() {
                    out[ax] = sz[k] as usize;
                }
            }
        }
        _ => bail!("Resize needs exactly one of scales and sizes"),
    }
    checked_numel(&out, 8)?;
    // roi as [start, end] per axis of the input (only tf_crop_and_resize reads it).
    let roi_v = floats(roi);
    let mut roi_full = vec![(0.0, 1.0); r];
    if let Some(rv) = &roi_v {
        if rv.len() != 2 * n {
            bail!("Resize: roi has {} values, expected {}", rv.len(), 2 * n);
        }
        for (k, &ax) in axes.iter().enumerate() {
            roi_full[ax] = (rv[k], rv[n + k]);
        }
    }
    if a.coord == 5 && roi_v.is_none() {
        bail!("Resize: tf_crop_and_resize needs roi");
    }
    if !x.dtype().is_float() && a.mode != 0 {
        bail!("Resize: {} interpolation of element type {} is not supported", mode_name(a.mode), x.dtype().name());
    }
    let mut data: Vec<f64> = dispatch!(x.data(), v => v.iter().map(|e| e.to_f64()).collect());
    let mut shape = x.shape().to_vec();
    for &ax in &axes {
        let trivial = (scale[ax] - 1.0).abs() < 1e-12 && out[ax] == shape[ax] && roi_full[ax] == (0.0, 1.0);
        if trivial {
            continue;
        }
        data = resize_axis(&data, &shape, ax, out[ax], scale[ax], roi_full[ax], a)?;
        shape[ax] = out[ax];
    }
    let t = dispatch_dtype!(x.dtype(), E => E::into_data(data.iter().map(|&f| E::from_f64(f)).collect()));
    Tensor::from_data(shape, t)
}

fn mode_name(m: i32) -> &'static str {
    match m {
        0 => "nearest",
        1 => "linear",
        _ => "cubic",
    }
}

/// The interpolation weights for one output position, over `coeffs.len()` neighbours.
fn coeffs(a: &ResizeAttrs, ratio: f64, scale: f64) -> Vec<f64> {
    match a.mode {
        0 => {
            if ratio == ratio.trunc() {
                return vec![0.0, 1.0];
            }
            let up = match a.nearest {
                0 => ratio > 0.5,
                1 => ratio >= 0.5,
                2 => false,
                _ => true,
            };
            if up {
                vec![0.0, 1.0]
            } else {
                vec![1.0, 0.0]
            }
        }
        1 if a.antialias && scale < 1.0 => {
            let start = (-1.0 / scale).floor() as i64 + 1;
            let footprint = 2 - 2 * start;
            let c: Vec<f64> = (start..start + footprint)
                .map(|i| (1.0 - ((i as f64 - ratio) * scale).abs()).clamp(0.0, 1.0))
                .collect();
            normalize(c)
        }
        1 => vec![1.0 - ratio, ratio],
        _ if a.antialias && scale < 1.0 => {
            let aa = a.cubic_a;
            let k = |x: f64| {
                let x = x.abs();
                if x <= 1.0 {
                    (aa + 2.0) * x * x * x - (aa + 3.0) * x * x + 1.0
                } else if x < 2.0 {
                    aa * x * x * x - 5.0 * aa * x * x + 8.0 * aa * x - 4.0 * aa
                } else {
                    0.0
                }
            };
            let start = (-2.0 / scale).floor() as i64 + 1;
            let end = 2 - start;
            normalize((start..end).map(|i| k(scale * (i as f64 - ratio))).collect())
        }
        _ => {
            let aa = a.cubic_a;
            let r = ratio;
            vec![
                ((aa * (r + 1.0) - 5.0 * aa) * (r + 1.0) + 8.0 * aa) * (r + 1.0) - 4.0 * aa,
                ((aa + 2.0) * r - (aa + 3.0)) * r * r + 1.0,
                ((aa + 2.0) * (1.0 - r) - (aa + 3.0)) * (1.0 - r) * (1.0 - r) + 1.0,
                ((aa * ((1.0 - r) + 1.0) - 5.0 * aa) * ((1.0 - r) + 1.0) + 8.0 * aa) * ((1.0 - r) + 1.0) - 4.0 * aa,
            ]
        }
    }
}

fn normalize(c: Vec<f64>) -> Vec<f64> {
    let s: f64 = c.iter().sum();
    if s == 0.0 {
        c
    } else {
        c.into_iter().map(|v| v / s).collect()
    }
}

/// The source coordinate of output index `y` on an axis, and whether it extrapolates
/// (tf_crop_and_resize outside the input).
fn source(a: &ResizeAttrs, y: f64, scale: f64, in_w: usize, out_w: usize, roi: (f64, f64)) -> (f64, bool) {
    let in_f = in_w as f64;
    let out_f = scale * in_f;
    match a.coord {
        3 => (if out_f == 1.0 { 0.0 } else { y * (in_f - 1.0) / (out_f - 1.0) }, false),
        4 => (y / scale, false),
        5 => {
            let x = if out_f == 1.0 {
                (roi.1 - roi.0) * (in_f - 1.0) / 2.0
            } else {
                y * (roi.1 - roi.0) * (in_f - 1.0) / (out_f - 1.0)
            } + roi.0 * (in_f - 1.0);
            (x, x < 0.0 || x > in_f - 1.0)
        }
        2 => (if out_f == 1.0 { -0.5 } else { (y + 0.5) / scale - 0.5 }, false),
        1 => {
            let adjustment = out_w as f64 / out_f;
            let offset = in_f / 2.0 * (1.0 - adjustment);
            (offset + (y + 0.5) / scale - 0.5, false)
        }
        _ => ((y + 0.5) / scale - 0.5, false),
    }
}

fn resize_axis(
    data: &[f64],
    shape: &[usize],
    ax: usize,
    out_w: usize,
    scale: f64,
    roi: (f64, f64),
    a: &ResizeAttrs,
) -> RtResult<Vec<f64>> {
    let in_w = shape[ax];
    let outer: usize = shape[..ax].iter().product();
    let inner: usize = shape[ax + 1..].iter().product();
    let mut res = vec![0f64; outer * out_w * inner];
    if in_w == 0 {
        if out_w > 0 && outer * inner > 0 {
            bail!("Resize: cannot resize an empty axis (shape {}) to {out_w}", fmt_shape(shape));
        }
        return Ok(res);
    }
    // Per output position: neighbour indices (clamped) and weights.
    let mut plan: Vec<(Vec<usize>, Vec<f64>, bool)> = Vec::with_capacity(out_w);
    for yo in 0..out_w {
        let (x, extrapolated) = source(a, yo as f64, scale, in_w, out_w, roi);
        let xi = x.floor();
        let ratio = if x == xi { 1.0 } else { x - xi };
        let mut c = coeffs(a, ratio, scale);
        let nn = c.len() as i64;
        // The reference's neighbour window: the nn indices nearest to x, preferring lower ones.
        let p = xi as i64;
        let frac = x - xi;
        let start = if nn % 2 == 0 {
            if frac == 0.0 {
                p - nn / 2
            } else {
                p - nn / 2 + 1
            }
        } else {
            let base = -((nn - 1) / 2);
            if frac <= 0.5 {
                p + base
            } else {
                p + base + 1
            }
        };
        let idx: Vec<i64> = (start..start + nn).collect();
        if a.exclude_outside {
            for (k, &i) in idx.iter().enumerate() {
                if i < 0 || i >= in_w as i64 {
                    c[k] = 0.0;
                }
            }
            c = normalize(c);
        }
        let clamped = idx.iter().map(|&i| i.clamp(0, in_w as i64 - 1) as usize).collect();
        plan.push((clamped, c, extrapolated));
    }
    for o in 0..outer {
        for (yo, (idx, c, ext)) in plan.iter().enumerate() {
            for i in 0..inner {
                let v = if *ext {
                    a.extrapolation
                } else {
                    idx.iter().zip(c).map(|(&k, &w)| w * data[(o * in_w + k) * inner + i]).sum()
                };
                res[(o * out_w + yo) * inner + i] = v;
            }
        }
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attrs(mode: i32, coord: i32, nearest: i32) -> ResizeAttrs {
        ResizeAttrs {
            mode,
            coord,
            nearest,
            cubic_a: -0.75,
            exclude_outside: false,
            extrapolation: 0.0,
            policy: 0,
            antialias: false,
            axes: None,
        }
    }

    fn f(shape: &[usize], v: Vec<f32>) -> Tensor {
        Tensor::from_vec(shape.to_vec(), v).unwrap()
    }

    #[test]
    fn nearest_and_linear_upsample() {
        let x = f(&[1, 2], vec![1., 2.]);
        let s = f(&[2], vec![1., 2.]);
        let y = resize(&x, None, Some(&s), None, &attrs(0, 4, 0)).unwrap();
        assert_eq!(y.shape(), &[1, 4]);
        assert_eq!(y.as_slice::<f32>().unwrap(), &[1., 1., 2., 2.]);
        // half_pixel linear: sources -0.25, 0.25, 0.75, 1.25 (edges clamp).
        let y = resize(&x, None, Some(&s), None, &attrs(1, 0, 0)).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[1., 1.25, 1.75, 2.]);
        // align_corners: 0, 1/3, 2/3, 1.
        let y = resize(&x, None, Some(&s), None, &attrs(1, 3, 0)).unwrap();
        let v = y.as_slice::<f32>().unwrap();
        assert!((v[1] - 4.0 / 3.0).abs() < 1e-6 && v[3] == 2.);
        let sizes = Tensor::from_i64s(vec![1, 3]);
        let y = resize(&x, None, None, Some(&sizes), &attrs(0, 0, 2)).unwrap();
        assert_eq!(y.shape(), &[1, 3]);
        assert!(resize(&x, None, None, None, &attrs(0, 0, 0)).is_err());
        assert!(resize(&x, None, Some(&f(&[1], vec![2.])), None, &attrs(0, 0, 0)).is_err());
    }

    #[test]
    fn integer_nearest_and_cubic_identity_at_scale_one() {
        let x = Tensor::from_vec(vec![3], vec![10u8, 20, 30]).unwrap();
        let y = resize(&x, None, Some(&f(&[1], vec![0.5])), None, &attrs(0, 4, 0)).unwrap();
        assert_eq!(y.as_slice::<u8>().unwrap(), &[10]);
        assert!(resize(&x, None, Some(&f(&[1], vec![2.])), None, &attrs(1, 0, 0)).is_err());
        let xf = f(&[4], vec![1., 5., 2., 8.]);
        let y = resize(&xf, None, Some(&f(&[1], vec![1.])), None, &attrs(2, 0, 0)).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[1., 5., 2., 8.]);
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::resize::{resize, ResizeAttrs};
    use crate::value::Handle;

    /// Resize (opset 11+). Codes: mode nearest=0, linear=1, cubic=2; coord half_pixel=0,
    /// half_pixel_symmetric=1, pytorch_half_pixel=2, align_corners=3, asymmetric=4,
    /// tf_crop_and_resize=5; nearest round_prefer_floor=0, round_prefer_ceil=1, floor=2, ceil=3;
    /// policy stretch=0, not_larger=1, not_smaller=2.
    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_resize(
        node: i32,
        x: Handle,
        roi_or_null: Handle,
        scales_or_null: Handle,
        sizes_or_null: Handle,
        axes_or_null: Handle,
        mode: i32,
        coord: i32,
        nearest: i32,
        cubic_a: f64,
        exclude_outside: i32,
        extrapolation: f64,
        policy: i32,
        antialias: i32,
    ) -> Handle {
        run_t(node, || {
            let a = ResizeAttrs {
                mode,
                coord,
                nearest,
                cubic_a,
                exclude_outside: exclude_outside != 0,
                extrapolation,
                policy,
                antialias: antialias != 0,
                axes: opt_list(axes_or_null, "axes")?,
            };
            resize(ten(x)?, opt_ten(roi_or_null)?, opt_ten(scales_or_null)?, opt_ten(sizes_or_null)?, &a)
        })
    }
}
