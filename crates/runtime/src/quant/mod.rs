//! The quantization operators, in onnxruntime's arithmetic (its CPU kernels and MLAS are the
//! reference, as for every kernel): `linear.rs` converts between float and quantized tensors
//! (`QuantizeLinear`, `DequantizeLinear`, `DynamicQuantizeLinear`); `integer.rs` computes on
//! quantized operands (`MatMulInteger`, `ConvInteger`, `QLinearMatMul`, `QLinearConv`).
//! This file holds what they share: where each element's scale and zero point are, and the
//! integer ranges.

mod integer;
mod linear;

pub use integer::{conv_integer, matmul_integer, qlinear_conv, qlinear_matmul, QLinearParams};
pub use linear::{dequantize_linear, dynamic_quantize_linear, quantize_linear, QuantizeAttrs};

use crate::dispatch::Elem;
use crate::error::RtResult;
use crate::value::{fmt_shape, DType, Tensor};

/// For each element of a tensor of `shape`, the index of its scale: one scale (a scalar or a
/// one-element vector), one per slice along `axis` (a 1-D scale), or, when `block_size` > 0, one
/// per block of `block_size` elements along `axis` (a scale of `shape`'s rank whose `axis`
/// dimension is the block count). The layouts and their checks are onnxruntime's
/// (`quantize_linear.cc`'s `PrepareForQDQ`).
pub(crate) fn scale_indices(
    op: &str,
    shape: &[usize],
    scale: &[usize],
    axis: i64,
    block_size: i64,
) -> RtResult<Vec<usize>> {
    let n: usize = shape.iter().product();
    if block_size < 0 {
        bail!("{op}: block_size must not be negative, got {block_size}");
    }
    if block_size == 0 && scale.iter().product::<usize>() == 1 && scale.len() <= 1 {
        return Ok(vec![0; n]);
    }
    let a = crate::broadcast::norm_axis(axis, shape.len()).map_err(|e| rt_err!("{op}: {}", e.0))?;
    let inner: usize = shape[a + 1..].iter().product();
    let dim = shape[a];
    if block_size == 0 {
        if scale != [dim] {
            bail!(
                "{op}: a per-axis scale must have shape {{{dim}}} (axis {a} of {}), got {}",
                fmt_shape(shape),
                fmt_shape(scale)
            );
        }
        return Ok((0..n).map(|i| (i / inner) % dim).collect());
    }
    let b = block_size as usize;
    let want: Vec<usize> = shape.iter().enumerate().map(|(k, &d)| if k == a { d.div_ceil(b) } else { d }).collect();
    if scale != want.as_slice() {
        bail!(
            "{op}: a blocked scale (block_size {b} on axis {a}) must have shape {}, got {}",
            fmt_shape(&want),
            fmt_shape(scale)
        );
    }
    let s_dim = want[a];
    Ok((0..n)
        .map(|i| {
            let (outer, c, rest) = (i / (inner * dim), (i / inner) % dim, i % inner);
            (outer * s_dim + c / b) * inner + rest
        })
        .collect())
}

/// Every element of `t` as f64 (integers exactly, the small floats decoded).
pub(crate) fn f64s(t: &Tensor) -> Vec<f64> {
    dispatch!(t.data(), v => v.iter().map(|e| e.to_f64()).collect())
}

/// A zero point's values, one per scale; zeros when it is absent. Its shape must be the scale's
/// (a scalar and a one-element vector count as the same).
pub(crate) fn zero_points(op: &str, scale: &Tensor, zp: Option<&Tensor>) -> RtResult<Vec<f64>> {
    match zp {
        None => Ok(vec![0.0; scale.len()]),
        Some(z) if z.shape() == scale.shape() || (z.len() == 1 && scale.len() == 1) => Ok(f64s(z)),
        Some(z) => bail!(
            "{op}: the zero point's shape {} differs from the scale's {}",
            fmt_shape(z.shape()),
            fmt_shape(scale.shape())
        ),
    }
}

/// The (min, max) an integer type a quantized tensor can have holds.
pub(crate) fn int_range(d: DType) -> Option<(f64, f64)> {
    Some(match d {
        DType::U8 => (0.0, 255.0),
        DType::I8 => (-128.0, 127.0),
        DType::U16 => (0.0, 65535.0),
        DType::I16 => (-32768.0, 32767.0),
        DType::I32 => (i32::MIN as f64, i32::MAX as f64),
        DType::U4 => (0.0, 15.0),
        DType::I4 => (-8.0, 7.0),
        DType::U2 => (0.0, 3.0),
        DType::I2 => (-2.0, 1.0),
        _ => return None,
    })
}

/// A float scale's values as f32, as onnxruntime reads float16/bfloat16/float8e8m0 scales.
pub(crate) fn scales_f32(op: &str, what: &str, t: &Tensor) -> RtResult<Vec<f32>> {
    if !t.dtype().is_float() {
        bail!("{op}: {what} must be a float tensor, got {}", t.dtype().name());
    }
    Ok(f64s(t).into_iter().map(|v| v as f32).collect())
}

#[cfg(test)]
mod tests;

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use super::*;
    use crate::abi::support::*;
    use crate::conv::ConvAttrs;
    use crate::error::RtResult;
    use crate::value::{Handle, RtValue};
    use std::sync::Arc;

    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_quantize_linear(
        node: i32,
        x: Handle,
        scale: Handle,
        zp_or_null: Handle,
        axis: i64,
        block_size: i64,
        output_dtype: i32,
        saturate: i32,
        precision: i32,
    ) -> Handle {
        run_t(node, || {
            let a = QuantizeAttrs {
                axis,
                block_size,
                output_dtype: (output_dtype != 0).then(|| dtype(output_dtype)).transpose()?,
                saturate: saturate != 0,
                precision: (precision != 0).then(|| dtype(precision)).transpose()?,
            };
            quantize_linear(ten(x)?, ten(scale)?, opt_ten(zp_or_null)?, &a)
        })
    }

    pub(crate) unsafe fn flowgate_rt_dequantize_linear(
        node: i32,
        x: Handle,
        scale: Handle,
        zp_or_null: Handle,
        axis: i64,
        block_size: i64,
        output_dtype: i32,
    ) -> Handle {
        run_t(node, || {
            let out = (output_dtype != 0).then(|| dtype(output_dtype)).transpose()?;
            dequantize_linear(ten(x)?, ten(scale)?, opt_ten(zp_or_null)?, axis, block_size, out)
        })
    }

    /// Returns the SEQUENCE `[y, y_scale, y_zero_point]`.
    pub(crate) unsafe fn flowgate_rt_dynamic_quantize_linear(node: i32, x: Handle) -> Handle {
        run_v(node, Kind::Sequence, || {
            let (y, s, z) = dynamic_quantize_linear(ten(x)?)?;
            let items = [y, s, z].into_iter().map(|t| Arc::new(RtValue::tensor(t))).collect();
            Ok(RtValue::sequence(None, items))
        })
    }

    pub(crate) unsafe fn flowgate_rt_matmul_integer(
        node: i32,
        a: Handle,
        b: Handle,
        a_zp_or_null: Handle,
        b_zp_or_null: Handle,
    ) -> Handle {
        run_t(node, || matmul_integer(ten(a)?, ten(b)?, opt_ten(a_zp_or_null)?, opt_ten(b_zp_or_null)?))
    }

    /// The (tensor, scale, zero point) triples of a QLinear op: A or X, B or W, Y.
    unsafe fn qparams<'a>(hs: [Handle; 9]) -> RtResult<[QLinearParams<'a>; 3]> {
        let p = |k: usize| -> RtResult<QLinearParams<'a>> {
            Ok(QLinearParams { x: opt_ten(hs[3 * k])?, scale: ten(hs[3 * k + 1])?, zp: ten(hs[3 * k + 2])? })
        };
        Ok([p(0)?, p(1)?, p(2)?])
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_qlinear_matmul(
        node: i32,
        a: Handle,
        a_scale: Handle,
        a_zp: Handle,
        b: Handle,
        b_scale: Handle,
        b_zp: Handle,
        y_scale: Handle,
        y_zp: Handle,
    ) -> Handle {
        let hs = [a, a_scale, a_zp, b, b_scale, b_zp, std::ptr::null_mut(), y_scale, y_zp];
        run_t(node, || qlinear_matmul(&qparams(hs)?))
    }

    unsafe fn conv_attrs(auto_pad: i32, group: i64, window: [Handle; 4]) -> RtResult<ConvAttrs> {
        let [kernel, strides, dilations, pads] = window;
        Ok(ConvAttrs { window: window_attrs(kernel, strides, dilations, pads)?, group, auto_pad, ..Default::default() })
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_conv_integer(
        node: i32,
        x: Handle,
        w: Handle,
        x_zp_or_null: Handle,
        w_zp_or_null: Handle,
        auto_pad: i32,
        group: i64,
        kernel_shape_or_null: Handle,
        strides_or_null: Handle,
        dilations_or_null: Handle,
        pads_or_null: Handle,
    ) -> Handle {
        let window = [kernel_shape_or_null, strides_or_null, dilations_or_null, pads_or_null];
        run_t(node, || {
            let a = conv_attrs(auto_pad, group, window)?;
            conv_integer(ten(x)?, ten(w)?, opt_ten(x_zp_or_null)?, opt_ten(w_zp_or_null)?, &a)
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_qlinear_conv(
        node: i32,
        x: Handle,
        x_scale: Handle,
        x_zp: Handle,
        w: Handle,
        w_scale: Handle,
        w_zp: Handle,
        y_scale: Handle,
        y_zp: Handle,
        b_or_null: Handle,
        auto_pad: i32,
        group: i64,
        kernel_shape_or_null: Handle,
        strides_or_null: Handle,
        dilations_or_null: Handle,
        pads_or_null: Handle,
    ) -> Handle {
        let window = [kernel_shape_or_null, strides_or_null, dilations_or_null, pads_or_null];
        let hs = [x, x_scale, x_zp, w, w_scale, w_zp, std::ptr::null_mut(), y_scale, y_zp];
        run_t(node, || {
            let a = conv_attrs(auto_pad, group, window)?;
            qlinear_conv(&qparams(hs)?, opt_ten(b_or_null)?, &a)
        })
    }
}
