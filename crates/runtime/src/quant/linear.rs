//! QuantizeLinear, DequantizeLinear and DynamicQuantizeLinear, per tensor, per axis or per
//! block, to and from every integer and float8/float4 type the runtime holds.
//!
//! Integers as onnxruntime (MLAS `QuantizeLinear`): `x / scale` in float32, rounded half to
//! even, plus the zero point, saturated to the type (NaN gives the type's minimum, as MLAS's
//! clamp before rounding does). To float8/float4 the quotient is encoded as `Cast` with
//! `saturate`; their zero point, which the spec requires to be 0, is ignored by onnxruntime and
//! added here only when it is not 0 (so a -0 quotient keeps its sign).

use super::{f64s, int_range, scale_indices, scales_f32, zero_points};
use crate::cast::{cast, cast_with};
use crate::error::RtResult;
use crate::minifloat::{Encoding, RoundMode};
use crate::value::{DType, Tensor};
use half::{bf16, f16};

/// QuantizeLinear's attributes.
#[derive(Clone, Debug)]
pub struct QuantizeAttrs {
    pub axis: i64,
    pub block_size: i64,
    /// `output_dtype`; `None`: the zero point's type, else uint8.
    pub output_dtype: Option<DType>,
    /// To float8 only: out-of-range values saturate (else become inf/NaN).
    pub saturate: bool,
    /// The type the division is computed in. `None`: numpy's promotion of x's and the scale's
    /// types (opset 23's default, "the scale's type"); the lowering passes float32 for older
    /// opsets, whose onnxruntime kernels divide in float32 whatever the input type.
    pub precision: Option<DType>,
}

/// `v` rounded to the precision of `p` (a float type; f64 keeps it).
fn narrow(v: f64, p: DType) -> f64 {
    match p {
        DType::F16 => f16::from_f64(v).to_f64(),
        DType::BF16 => bf16::from_f64(v).to_f64(),
        DType::F64 => v,
        _ => f64::from(v as f32),
    }
}

/// The division's type when the model does not say: numpy's result type of `x / scale`.
fn promoted(x: DType, scale: DType) -> DType {
    match (x, scale) {
        (DType::F64, _) | (_, DType::F64) | (DType::I32, _) => DType::F64,
        (a, b) if a == b && matches!(a, DType::F16 | DType::BF16) => a,
        _ => DType::F32,
    }
}

/// `x` quantized with `scale` and `zp` (whose type, when given, is the result's).
pub fn quantize_linear(x: &Tensor, scale: &Tensor, zp: Option<&Tensor>, a: &QuantizeAttrs) -> RtResult<Tensor> {
    let op = "QuantizeLinear";
    if !matches!(x.dtype(), DType::F32 | DType::F16 | DType::BF16 | DType::F64 | DType::I32) {
        bail!("{op}: x must be float32, float16, bfloat16 or int32, got {}", x.dtype().name());
    }
    if !scale.dtype().is_float() {
        bail!("{op}: the scale must be a float tensor, got {}", scale.dtype().name());
    }
    let out = match (zp, a.output_dtype) {
        (Some(z), Some(o)) if z.dtype() != o => {
            bail!("{op}: output_dtype {} differs from the zero point's type {}", o.name(), z.dtype().name())
        }
        (Some(z), _) => z.dtype(),
        (None, Some(o)) => o,
        (None, None) => DType::U8,
    };
    let range = int_range(out).filter(|_| out != DType::I32);
    if range.is_none() && !out.is_small_float() {
        bail!("{op}: the output type {} is not a quantized type", out.name());
    }
    let p = a.precision.unwrap_or_else(|| promoted(x.dtype(), scale.dtype()));
    if !matches!(p, DType::F32 | DType::F16 | DType::BF16 | DType::F64) {
        bail!("{op}: precision {} is not a float type", p.name());
    }
    let idx = scale_indices(op, x.shape(), scale.shape(), a.axis, a.block_size)?;
    let (xs, zs) = (f64s(x), zero_points(op, scale, zp)?);
    let ss: Vec<f64> = f64s(scale).into_iter().map(|s| narrow(s, p)).collect();
    let q = xs.iter().zip(&idx).map(|(&v, &k)| (narrow(narrow(v, p) / ss[k], p), zs[k]));
    let vals: Vec<f64> = match range {
        Some((lo, hi)) => {
            q.map(|(v, z)| if v.is_nan() { lo } else { (v.round_ties_even() + z).clamp(lo, hi) }).collect()
        }
        None => q.map(|(v, z)| if z == 0.0 { v } else { v + z }).collect(),
    };
    let wide = Tensor::from_vec(x.shape().to_vec(), vals)?;
    Ok(cast_with(&wide, out, Encoding { saturate: a.saturate, round: RoundMode::Up }))
}

/// `x` dequantized: `(x - zp) * scale` in float32 (the difference exact, as onnxruntime's int32
/// one), then converted to `out` (`None`: the scale's type).
pub fn dequantize_linear(
    x: &Tensor,
    scale: &Tensor,
    zp: Option<&Tensor>,
    axis: i64,
    block_size: i64,
    out: Option<DType>,
) -> RtResult<Tensor> {
    let op = "DequantizeLinear";
    if int_range(x.dtype()).is_none() && !x.dtype().is_small_float() {
        bail!("{op}: x must be a quantized (integer or float8/float4) tensor, got {}", x.dtype().name());
    }
    if let Some(z) = zp.filter(|z| z.dtype() != x.dtype()) {
        bail!("{op}: the zero point's type {} differs from x's {}", z.dtype().name(), x.dtype().name());
    }
    let out = out.unwrap_or(scale.dtype());
    if !matches!(out, DType::F32 | DType::F16 | DType::BF16) {
        bail!("{op}: the output type must be float32, float16 or bfloat16, got {}", out.name());
    }
    let ss = scales_f32(op, "the scale", scale)?;
    let idx = scale_indices(op, x.shape(), scale.shape(), axis, block_size)?;
    let (xs, zs) = (f64s(x), zero_points(op, scale, zp)?);
    let vals: Vec<f32> = xs.iter().zip(&idx).map(|(&v, &k)| (v - zs[k]) as f32 * ss[k]).collect();
    let y = Tensor::from_vec(x.shape().to_vec(), vals)?;
    Ok(if out == DType::F32 { y } else { cast(&y, out) })
}

/// DynamicQuantizeLinear (uint8): the range of x widened to include 0 gives the scale
/// (`(max - min) / 255`, 1 when the range is empty, as onnxruntime's
/// `GetQuantizationParameter`) and the zero point (`-min / scale` saturated, rounded half to
/// even); NaN elements do not count toward the range. Returns (y, y_scale, y_zero_point).
pub fn dynamic_quantize_linear(x: &Tensor) -> RtResult<(Tensor, Tensor, Tensor)> {
    let xs = x
        .as_slice::<f32>()
        .ok_or_else(|| rt_err!("DynamicQuantizeLinear: x must be float32, got {}", x.dtype().name()))?;
    let lo = xs.iter().copied().fold(0f32, f32::min);
    let hi = xs.iter().copied().fold(0f32, f32::max);
    let scale = if hi == lo { 1.0 } else { (hi - lo) / 255.0 };
    let zp = (0.0 - lo / scale).clamp(0.0, 255.0).round_ties_even();
    let y: Vec<u8> = xs
        .iter()
        .map(|&v| {
            let q = v / scale;
            if q.is_nan() {
                0
            } else {
                (q.round_ties_even() + zp).clamp(0.0, 255.0) as u8
            }
        })
        .collect();
    Ok((Tensor::from_vec(x.shape().to_vec(), y)?, Tensor::scalar(scale), Tensor::scalar(zp as u8)))
}
