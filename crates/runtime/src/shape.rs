//! Shape ops: Shape, Size, Reshape, Expand, Squeeze, Unsqueeze, Flatten, ConstantOfShape, Range.

use crate::broadcast::{broadcast_pair, norm_axis};
use crate::dispatch::Elem;
use crate::error::RtResult;
use crate::value::{checked_numel, fmt_shape, try_filled, try_vec, DType, Data, Tensor};

/// Formats i64 values as onnxruntime prints shapes: `{4,-1}`.
fn fmt_i64s(v: &[i64]) -> String {
    let parts: Vec<String> = v.iter().map(i64::to_string).collect();
    format!("{{{}}}", parts.join(","))
}

/// Converts requested dimensions (all >= 0) to usize.
fn to_dims(v: &[i64], what: &str) -> RtResult<Vec<usize>> {
    v.iter()
        .map(|&d| usize::try_from(d).map_err(|_| rt_err!("{what} has a negative dimension: {}", fmt_i64s(v))))
        .collect()
}

/// Shape-15: dims `start..end` of the shape, both clamped to `[0, rank]` after adding the rank
/// to negative values (`end == i64::MAX` means the end).
pub fn shape(x: &Tensor, start: i64, end: i64) -> Tensor {
    let r = x.rank() as i64;
    let clamp = |v: i64| {
        let v = if v < 0 { v.saturating_add(r) } else { v };
        v.clamp(0, r) as usize
    };
    let (s, e) = (clamp(start), clamp(end));
    let dims = x.shape().get(s..e.max(s)).unwrap_or(&[]);
    Tensor::from_i64s(dims.iter().map(|&d| d as i64).collect())
}

pub fn size(x: &Tensor) -> i64 {
    x.len() as i64
}

/// Reshape: `0` copies the input's dimension at that index unless `allowzero`; one `-1` is
/// inferred.
pub fn reshape(x: &Tensor, shape: &Tensor, allowzero: bool) -> RtResult<Tensor> {
    let req = shape.to_i64_list("Reshape shape", false)?;
    let fail = || {
        rt_err!(
            "the input tensor cannot be reshaped to the requested shape. Input shape:{}, requested shape:{}",
            fmt_shape(x.shape()),
            fmt_i64s(&req)
        )
    };
    let mut out = Vec::with_capacity(req.len());
    let mut infer = None;
    for (i, &d) in req.iter().enumerate() {
        match d {
            -1 => {
                if infer.replace(i).is_some() {
                    bail!("a dimension of -1 appears more than once in the requested shape {}", fmt_i64s(&req));
                }
                out.push(1);
            }
            0 if !allowzero => out.push(*x.shape().get(i).ok_or_else(|| {
                rt_err!(
                    "the requested shape {} copies dimension {i} (a 0) but the input shape {} has rank {}",
                    fmt_i64s(&req),
                    fmt_shape(x.shape()),
                    x.rank()
                )
            })?),
            d if d < 0 => bail!("invalid dimension {d} in the requested shape {}", fmt_i64s(&req)),
            d => out.push(usize::try_from(d).map_err(|_| fail())?),
        }
    }
    let known = out.iter().try_fold(1usize, |a, &d| a.checked_mul(d)).ok_or_else(fail)?;
    if let Some(i) = infer {
        if known == 0 || !x.len().is_multiple_of(known) {
            return Err(fail());
        }
        out[i] = x.len() / known;
    } else if known != x.len() {
        return Err(fail());
    }
    x.clone().with_shape(out)
}

/// Expand: bidirectional broadcast of `x` with the requested shape.
pub fn expand(x: &Tensor, shape: &Tensor) -> RtResult<Tensor> {
    let req = to_dims(&shape.to_i64_list("Expand shape", false)?, "the Expand shape")?;
    let out = broadcast_pair(x.shape(), &req)?;
    checked_numel(&out, x.dtype().size())?;
    if x.shape() == out.as_slice() {
        return Ok(x.clone());
    }
    let data = x.data().take_broadcast(x.shape(), &out)?;
    Tensor::from_data(out, data)
}

/// Normalised, duplicate-free axes for a tensor of `rank`.
pub(crate) fn norm_axes(axes: &[i64], rank: usize) -> RtResult<Vec<usize>> {
    let mut seen = vec![false; rank];
    axes.iter()
        .map(|&a| {
            let n = norm_axis(a, rank)?;
            if std::mem::replace(&mut seen[n], true) {
                bail!("axis {a} appears more than once in axes {}", fmt_i64s(axes));
            }
            Ok(n)
        })
        .collect()
}

/// Squeeze: removes the listed axes (each of dimension 1), or every dimension of 1.
pub fn squeeze(x: &Tensor, axes: Option<&Tensor>) -> RtResult<Tensor> {
    let out: Vec<usize> = match axes {
        None => x.shape().iter().copied().filter(|&d| d != 1).collect(),
        Some(a) => {
            let axes = norm_axes(&a.to_i64_list("Squeeze axes", true)?, x.rank())?;
            for &a in &axes {
                if x.shape()[a] != 1 {
                    bail!(
                        "cannot squeeze axis {a} of shape {}: its dimension is {}, not 1",
                        fmt_shape(x.shape()),
                        x.shape()[a]
                    );
                }
            }
            x.shape().iter().enumerate().filter(|(i, _)| !axes.contains(i)).map(|(_, &d)| d).collect()
        }
    };
    x.clone().with_shape(out)
}

/// Unsqueeze: inserts dimensions of 1 at `axes` (relative to the output rank).
pub fn unsqueeze(x: &Tensor, axes: &Tensor) -> RtResult<Tensor> {
    let axes = axes.to_i64_list("Unsqueeze axes", true)?;
    let rank = x.rank() + axes.len();
    let axes = norm_axes(&axes, rank)?;
    let mut dims = x.shape().iter();
    let out: Vec<usize> =
        (0..rank).map(|i| if axes.contains(&i) { 1 } else { dims.next().copied().unwrap_or(1) }).collect();
    x.clone().with_shape(out)
}

/// Flatten: `[prod(dims[..axis]), prod(dims[axis..])]`, `axis` in `[-r, r]`.
pub fn flatten(x: &Tensor, axis: i64) -> RtResult<Tensor> {
    let r = x.rank();
    let a = if axis < 0 { axis + r as i64 } else { axis };
    if a < 0 || a > r as i64 {
        bail!("axis {axis} is out of range for Flatten of rank {r} (must be in [{}, {r}])", -(r as i64));
    }
    let (outer, inner) = x.shape().split_at(a as usize);
    let out = vec![outer.iter().product(), inner.iter().product()];
    x.clone().with_shape(out)
}

/// ConstantOfShape: a tensor of the requested shape filled with `value` (a one-element tensor;
/// float32 0 when absent).
pub fn constant_of_shape(shape: &Tensor, value: Option<&Tensor>) -> RtResult<Tensor> {
    let dims = to_dims(&shape.to_i64_list("ConstantOfShape shape", false)?, "the ConstantOfShape shape")?;
    let Some(value) = value else {
        return Tensor::zeros(DType::F32, dims);
    };
    if value.len() != 1 {
        bail!("ConstantOfShape value must have one element, got shape {}", fmt_shape(value.shape()));
    }
    let n = checked_numel(&dims, value.dtype().size())?;
    let data = dispatch!(value.data(), v => Elem::into_data(try_filled(v[0], n)?));
    Tensor::from_data(dims, data)
}

/// The single element of a Range input.
fn range_scalar<'a>(t: &'a Tensor, what: &str) -> RtResult<&'a Tensor> {
    if t.len() != 1 || t.rank() > 1 {
        bail!("Range {what} must be a scalar, got shape {}", fmt_shape(t.shape()));
    }
    Ok(t)
}

/// Range: `start, start + delta, ...` while below `limit` (above, for negative `delta`);
/// `max(ceil((limit - start) / delta), 0)` elements, each the previous plus `delta` in the
/// element type (as onnxruntime accumulates).
pub fn range(start: &Tensor, limit: &Tensor, delta: &Tensor) -> RtResult<Tensor> {
    let (s, l, d) = (range_scalar(start, "start")?, range_scalar(limit, "limit")?, range_scalar(delta, "delta")?);
    let dt = s.dtype();
    if l.dtype() != dt || d.dtype() != dt {
        bail!(
            "Range inputs must have one element type, got {}, {} and {}",
            dt.name(),
            l.dtype().name(),
            d.dtype().name()
        );
    }
    if dt == DType::Bool {
        bail!("Range is not defined for element type bool");
    }
    let data = dispatch!(s.data(), sv => {
        let lv = Elem::slice(l.data()).ok_or_else(|| rt_err!("internal error: dtype"))?;
        let dv = Elem::slice(d.data()).ok_or_else(|| rt_err!("internal error: dtype"))?;
        range_vec(sv[0], lv[0], dv[0])?
    });
    let n = data.len();
    Tensor::from_data(vec![n], data)
}

fn range_vec<T: Elem>(start: T, limit: T, delta: T) -> RtResult<Data> {
    let count: f64 = if T::DTYPE.is_float() {
        let (s, l, d) = (start.to_f64(), limit.to_f64(), delta.to_f64());
        if d == 0.0 {
            bail!("Range delta must not be zero");
        }
        ((l - s) / d).ceil()
    } else {
        let (s, l, d) = (start.to_i128(), limit.to_i128(), delta.to_i128());
        if d == 0 {
            bail!("Range delta must not be zero");
        }
        // Ceiling division in i128 (exact for every 64-bit input).
        let (q, r) = (((l - s) / d), (l - s) % d);
        (q + i128::from(r != 0 && ((r > 0) == (d > 0)))) as f64
    };
    if count.is_nan() {
        bail!("Range element count is not a number (start {start:?}, limit {limit:?}, delta {delta:?})");
    }
    let n = count.max(0.0);
    if n > (crate::value::MAX_BYTES / T::DTYPE.size()) as f64 {
        bail!("cannot allocate a Range of {n} elements");
    }
    let n = n as usize;
    let mut v = try_vec(n)?;
    let mut x = start;
    for _ in 0..n {
        v.push(x);
        x = if T::DTYPE.is_float() {
            T::from_f64(x.to_f64() + delta.to_f64())
        } else {
            T::from_i128(x.to_i128() + delta.to_i128())
        };
    }
    Ok(T::into_data(v))
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

    #[test]
    fn shape_clamps_like_shape_15() {
        let x = iota(&[2, 3, 4]);
        assert_eq!(shape(&x, 0, i64::MAX).as_slice::<i64>().unwrap(), &[2, 3, 4]);
        assert_eq!(shape(&x, -1, i64::MAX).as_slice::<i64>().unwrap(), &[4]);
        assert_eq!(shape(&x, 1, -1).as_slice::<i64>().unwrap(), &[3]);
        assert_eq!(shape(&x, -10, 10).as_slice::<i64>().unwrap(), &[2, 3, 4]);
        assert_eq!(shape(&x, 2, 1).shape(), &[0]);
        assert_eq!(size(&x), 24);
    }

    #[test]
    fn reshape_rules_and_errors() {
        let x = iota(&[2, 3]);
        assert_eq!(reshape(&x, &i64s(&[3, -1]), false).unwrap().shape(), &[3, 2]);
        assert_eq!(reshape(&x, &i64s(&[0, 3]), false).unwrap().shape(), &[2, 3]);
        assert_eq!(reshape(&x, &i64s(&[-1]), false).unwrap().shape(), &[6]);
        assert_eq!(
            reshape(&x, &i64s(&[4, 2]), false).unwrap_err().0,
            "the input tensor cannot be reshaped to the requested shape. Input shape:{2,3}, requested shape:{4,2}"
        );
        assert!(reshape(&x, &i64s(&[-1, -1]), false).is_err());
        assert!(reshape(&x, &i64s(&[-2, 3]), false).is_err());
        assert!(reshape(&x, &i64s(&[4, -1]), false).is_err());
        let e = iota(&[0, 3]);
        assert_eq!(reshape(&e, &i64s(&[3, 0]), true).unwrap().shape(), &[3, 0]);
        assert!(reshape(&e, &i64s(&[0, -1]), true).is_err());
        assert!(reshape(&x, &i64s(&[1, 1, 0]), false).is_err());
        assert!(reshape(&x, &i64s(&[i64::MAX, i64::MAX]), false).is_err());
    }

    #[test]
    fn expand_squeeze_unsqueeze_flatten() {
        let x = iota(&[3, 1]);
        let e = expand(&x, &i64s(&[2, 1, 2])).unwrap();
        assert_eq!(e.shape(), &[2, 3, 2]);
        assert_eq!(e.as_slice::<i32>().unwrap(), &[0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2]);
        assert!(expand(&x, &i64s(&[2, 2])).is_err());
        assert!(expand(&x, &i64s(&[-1])).is_err());
        assert!(expand(&x, &i64s(&[1 << 40, 1 << 30])).is_err());
        assert_eq!(squeeze(&x, None).unwrap().shape(), &[3]);
        assert_eq!(squeeze(&x, Some(&i64s(&[-1]))).unwrap().shape(), &[3]);
        assert_eq!(
            squeeze(&x, Some(&i64s(&[0]))).unwrap_err().0,
            "cannot squeeze axis 0 of shape {3,1}: its dimension is 3, not 1"
        );
        let u = unsqueeze(&x, &i64s(&[0, -1])).unwrap();
        assert_eq!(u.shape(), &[1, 3, 1, 1]);
        assert!(unsqueeze(&x, &i64s(&[1, 1])).is_err());
        assert!(unsqueeze(&x, &i64s(&[4])).is_err());
        let y = iota(&[2, 3, 4]);
        assert_eq!(flatten(&y, 1).unwrap().shape(), &[2, 12]);
        assert_eq!(flatten(&y, 0).unwrap().shape(), &[1, 24]);
        assert_eq!(flatten(&y, -3).unwrap().shape(), &[1, 24]);
        assert_eq!(flatten(&y, 3).unwrap().shape(), &[24, 1]);
        assert!(flatten(&y, 4).is_err());
    }

    #[test]
    fn constant_of_shape_and_range() {
        let z = constant_of_shape(&i64s(&[2, 2]), None).unwrap();
        assert_eq!(z.as_slice::<f32>().unwrap(), &[0.; 4]);
        let v = Tensor::from_vec(vec![1], vec![7i64]).unwrap();
        let c = constant_of_shape(&i64s(&[3]), Some(&v)).unwrap();
        assert_eq!(c.as_slice::<i64>().unwrap(), &[7, 7, 7]);
        assert_eq!(constant_of_shape(&i64s(&[0]), Some(&v)).unwrap().shape(), &[0]);
        assert!(constant_of_shape(&i64s(&[-1]), None).is_err());
        let r = range(&Tensor::scalar(1i32), &Tensor::scalar(10i32), &Tensor::scalar(3i32)).unwrap();
        assert_eq!(r.as_slice::<i32>().unwrap(), &[1, 4, 7]);
        let r = range(&Tensor::scalar(10i64), &Tensor::scalar(4i64), &Tensor::scalar(-2i64)).unwrap();
        assert_eq!(r.as_slice::<i64>().unwrap(), &[10, 8, 6]);
        let r = range(&Tensor::scalar(3i64), &Tensor::scalar(1i64), &Tensor::scalar(1i64)).unwrap();
        assert_eq!(r.shape(), &[0]);
        let r = range(&Tensor::scalar(0f32), &Tensor::scalar(1f32), &Tensor::scalar(0.25f32)).unwrap();
        assert_eq!(r.as_slice::<f32>().unwrap(), &[0., 0.25, 0.5, 0.75]);
        assert!(range(&Tensor::scalar(0i64), &Tensor::scalar(5i64), &Tensor::scalar(0i64)).is_err());
        assert!(range(&Tensor::scalar(0i64), &Tensor::scalar(5i32), &Tensor::scalar(1i64)).is_err());
        assert!(range(&Tensor::scalar(0f64), &Tensor::scalar(f64::INFINITY), &Tensor::scalar(1f64)).is_err());
        assert!(range(&Tensor::scalar(i64::MIN), &Tensor::scalar(i64::MAX), &Tensor::scalar(1i64)).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::shape as sh;
    use crate::strings::{run_moved, shaped};
    use crate::value::Handle;

    pub(crate) unsafe fn flowgate_rt_shape(node: i32, x: Handle, start: i64, end: i64) -> Handle {
        run_t(node, || Ok(sh::shape(shaped(x)?.tensor(), start, end)))
    }

    pub(crate) unsafe fn flowgate_rt_size(node: i32, x: Handle) -> i64 {
        run_s(node, || Ok(sh::size(shaped(x)?.tensor())))
    }

    pub(crate) unsafe fn flowgate_rt_reshape(node: i32, x: Handle, shape: Handle, allowzero: i32) -> Handle {
        run_moved(node, x, |x| sh::reshape(x, ten(shape)?, allowzero != 0))
    }

    pub(crate) unsafe fn flowgate_rt_expand(node: i32, x: Handle, shape: Handle) -> Handle {
        run_moved(node, x, |x| sh::expand(x, ten(shape)?))
    }

    pub(crate) unsafe fn flowgate_rt_squeeze(node: i32, x: Handle, axes_or_null: Handle) -> Handle {
        run_moved(node, x, |x| sh::squeeze(x, opt_ten(axes_or_null)?))
    }

    pub(crate) unsafe fn flowgate_rt_unsqueeze(node: i32, x: Handle, axes: Handle) -> Handle {
        run_moved(node, x, |x| sh::unsqueeze(x, ten(axes)?))
    }

    pub(crate) unsafe fn flowgate_rt_flatten(node: i32, x: Handle, axis: i64) -> Handle {
        run_moved(node, x, |x| sh::flatten(x, axis))
    }

    pub(crate) unsafe fn flowgate_rt_constant_of_shape(node: i32, shape: Handle, value_or_null: Handle) -> Handle {
        run_t(node, || sh::constant_of_shape(ten(shape)?, opt_ten(value_or_null)?))
    }

    pub(crate) unsafe fn flowgate_rt_range(node: i32, start: Handle, limit: Handle, delta: Handle) -> Handle {
        run_t(node, || sh::range(ten(start)?, ten(limit)?, ten(delta)?))
    }
}
