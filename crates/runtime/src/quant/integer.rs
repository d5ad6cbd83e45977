//! MatMulInteger, ConvInteger, QLinearMatMul and QLinearConv: products of quantized operands.
//!
//! onnxruntime subtracts the zero points and accumulates in int32 (MLAS's integer GEMM, which
//! wraps). The 8-bit operands minus their zero points lie in [-255, 255], so every product
//! fits in 17 bits and every partial sum of fewer than 2^36 of them is an exact f64 integer: the
//! products here run through the runtime's f64 MatMul and Conv (matrixmultiply, vectorized)
//! and are exact, then wrap to i32 as the int32 accumulator would. The QLinear ops then
//! requantize as MLAS's `MlasRequantizeOutput`: the int32 sum converted to float32, times the
//! float32 multiplier `a_scale * b_scale / y_scale` (per output column or channel when the
//! weights' scale is), clamped to the output type's range less the zero point, rounded half to
//! even, plus the zero point.

use super::{f64s, int_range, scales_f32};
use crate::conv::{conv, ConvAttrs};
use crate::error::RtResult;
use crate::linalg::matmul;
use crate::value::{fmt_shape, DType, Tensor};

/// One quantized operand of a QLinear op (or its output, whose tensor is `None`) with its scale
/// and zero point.
#[derive(Clone, Copy)]
pub struct QLinearParams<'a> {
    pub x: Option<&'a Tensor>,
    pub scale: &'a Tensor,
    pub zp: &'a Tensor,
}

/// Which axis of an operand a one-dimensional zero point or scale runs along.
#[derive(Clone, Copy, PartialEq)]
enum Along {
    /// The rows of a MatMul's left operand (its second-to-last axis).
    Rows,
    /// The columns of a MatMul's right operand (its last axis).
    Columns,
    /// The output channels of a convolution's weights (axis 0).
    Channels,
}

impl Along {
    /// The axis of a rank-`rank` operand, or `None` when the operand has no such axis.
    fn axis(self, rank: usize) -> Option<usize> {
        match self {
            Along::Rows => rank.checked_sub(2),
            Along::Columns => (rank >= 2).then(|| rank - 1),
            Along::Channels => (rank >= 1).then_some(0),
        }
    }
}

fn check_8bit(op: &str, what: &str, t: &Tensor) -> RtResult<()> {
    if !matches!(t.dtype(), DType::U8 | DType::I8) {
        bail!("{op}: {what} must be uint8 or int8, got {}", t.dtype().name());
    }
    Ok(())
}

/// For each element of a tensor of `shape`, the index into a per-tensor (one element) or
/// one-dimensional per-`along` vector of `len` elements.
fn vector_index(
    op: &str,
    what: &str,
    shape: &[usize],
    len: usize,
    dims: &[usize],
    along: Along,
) -> RtResult<Vec<usize>> {
    let n: usize = shape.iter().product();
    if len == 1 && dims.len() <= 1 {
        return Ok(vec![0; n]);
    }
    let axis = along.axis(shape.len()).filter(|_| dims.len() == 1);
    let Some(a) = axis.filter(|&a| shape[a] == len) else {
        bail!(
            "{op}: {what} of shape {} must be a scalar or hold one value per {} of {}",
            fmt_shape(dims),
            match along {
                Along::Rows => "row",
                Along::Columns => "column",
                Along::Channels => "output channel",
            },
            fmt_shape(shape)
        );
    };
    let inner: usize = shape[a + 1..].iter().product();
    Ok((0..n).map(|i| (i / inner) % len).collect())
}

/// `x - zp` as an f64 tensor; `zp` absent (0), one value, or one per `along`.
fn centered(op: &str, what: &str, x: &Tensor, zp: Option<&Tensor>, along: Along) -> RtResult<Tensor> {
    check_8bit(op, what, x)?;
    let xs = f64s(x);
    let vals = match zp {
        None => xs,
        Some(z) => {
            if z.dtype() != x.dtype() {
                bail!("{op}: the zero point of {what} is {}, not {}", z.dtype().name(), x.dtype().name());
            }
            let zs = f64s(z);
            let idx = vector_index(op, &format!("the zero point of {what}"), x.shape(), z.len(), z.shape(), along)?;
            xs.iter().zip(idx).map(|(&v, k)| v - zs[k]).collect()
        }
    };
    Tensor::from_vec(x.shape().to_vec(), vals)
}

/// An exact f64 sum as onnxruntime's int32 accumulator holds it (wrapped).
fn wrap_i32(v: f64) -> i32 {
    v as i64 as i32
}

fn wrapped(acc: &Tensor) -> Vec<i32> {
    f64s(acc).into_iter().map(wrap_i32).collect()
}

/// MatMulInteger: `(A - a_zero_point) x (B - b_zero_point)` in int32, numpy's MatMul shapes;
/// A's zero point per tensor or per row, B's per tensor or per column.
pub fn matmul_integer(a: &Tensor, b: &Tensor, a_zp: Option<&Tensor>, b_zp: Option<&Tensor>) -> RtResult<Tensor> {
    let op = "MatMulInteger";
    let acc = matmul(&centered(op, "A", a, a_zp, Along::Rows)?, &centered(op, "B", b, b_zp, Along::Columns)?)
        .map_err(|e| rt_err!("{op}: {}", e.0))?;
    Tensor::from_vec(acc.shape().to_vec(), wrapped(&acc))
}

/// ConvInteger: Conv of `X - x_zero_point` (per tensor) and `W - w_zero_point` (per tensor or
/// per output channel) in int32. Padding counts as the zero point (0 after subtraction), as
/// onnxruntime pads with `x_zero_point`.
pub fn conv_integer(
    x: &Tensor,
    w: &Tensor,
    x_zp: Option<&Tensor>,
    w_zp: Option<&Tensor>,
    a: &ConvAttrs,
) -> RtResult<Tensor> {
    let op = "ConvInteger";
    if let Some(z) = x_zp.filter(|z| z.len() != 1) {
        bail!("{op}: x_zero_point must be a scalar, got shape {}", fmt_shape(z.shape()));
    }
    let acc =
        conv(&centered(op, "x", x, x_zp, Along::Channels)?, &centered(op, "w", w, w_zp, Along::Channels)?, None, a)
            .map_err(|e| rt_err!("{op}: {}", e.0))?;
    Tensor::from_vec(acc.shape().to_vec(), wrapped(&acc))
}

/// MLAS's `MlasRequantizeOutput` for one int32 sum: to the output type's range (`lo`..`hi`)
/// around zero point `zp`.
fn requantize(acc: i32, multiplier: f32, zp: f32, (lo, hi): (f32, f32)) -> f64 {
    let v = acc as f32 * multiplier;
    // MLAS clamps with maxps/minps before rounding, so NaN becomes the minimum.
    let v = if v.is_nan() { lo - zp } else { v.clamp(lo - zp, hi - zp) };
    f64::from(v.round_ties_even() + zp)
}

/// The output's scale and zero point checked (one value each) and its type.
fn output_params(op: &str, y: &QLinearParams<'_>) -> RtResult<(f32, f32, DType, (f32, f32))> {
    if y.scale.len() != 1 || y.zp.len() != 1 {
        bail!(
            "{op}: y_scale and y_zero_point must be scalars, got shapes {} and {}",
            fmt_shape(y.scale.shape()),
            fmt_shape(y.zp.shape())
        );
    }
    check_8bit(op, "y_zero_point", y.zp)?;
    let (lo, hi) = int_range(y.zp.dtype()).unwrap_or((0.0, 0.0));
    let ys = scales_f32(op, "y_scale", y.scale)?[0];
    Ok((ys, f64s(y.zp)[0] as f32, y.zp.dtype(), (lo as f32, hi as f32)))
}

/// The requantized output of int32 sums `acc` (of `shape`), each with the multiplier
/// `in_scale[i] * w_scale[j] / y_scale` where `i` and `j` are the element's indices into the
/// two scales.
fn requantized(acc: &Tensor, scales: [(&[f32], &[usize]); 2], y: &QLinearParams<'_>, op: &str) -> RtResult<Tensor> {
    let (ys, yzp, ty, range) = output_params(op, y)?;
    let [(sa, ia), (sb, ib)] = scales;
    let vals: Vec<f64> = wrapped(acc)
        .into_iter()
        .enumerate()
        .map(|(t, v)| requantize(v, sa[ia[t]] * sb[ib[t]] / ys, yzp, range))
        .collect();
    Ok(crate::cast::cast(&Tensor::from_vec(acc.shape().to_vec(), vals)?, ty))
}

/// QLinearMatMul `[a, b, y]`: MatMulInteger, then requantized to y's scale and zero point. a's
/// scale and zero point are per tensor or per row, b's per tensor or per column.
pub fn qlinear_matmul(p: &[QLinearParams<'_>; 3]) -> RtResult<Tensor> {
    let op = "QLinearMatMul";
    let [pa, pb, py] = p;
    let (a, b) = (input(op, "a", pa)?, input(op, "b", pb)?);
    let acc =
        matmul(&centered(op, "a", a, Some(pa.zp), Along::Rows)?, &centered(op, "b", b, Some(pb.zp), Along::Columns)?)
            .map_err(|e| rt_err!("{op}: {}", e.0))?;
    // The output's rows and columns are a's rows and b's columns (absent for 1-D operands).
    let (rows, cols) = (matrix_dim(a, 2), matrix_dim(b, 1));
    let out_n = acc.len();
    let row_of: Vec<usize> = (0..out_n).map(|t| (t / cols) % rows).collect();
    let col_of: Vec<usize> = (0..out_n).map(|t| t % cols).collect();
    let (sa, sb) = (scales_f32(op, "a_scale", pa.scale)?, scales_f32(op, "b_scale", pb.scale)?);
    let ia = scale_index(op, "a_scale", &sa, pa.scale, rows, &row_of)?;
    let ib = scale_index(op, "b_scale", &sb, pb.scale, cols, &col_of)?;
    requantized(&acc, [(&sa, &ia), (&sb, &ib)], py, op)
}

/// QLinearConv `[x, w, y]` with an optional int32 bias (added to the sums before requantizing,
/// as onnxruntime does): ConvInteger, then requantized; w's scale and zero point are per tensor
/// or per output channel.
pub fn qlinear_conv(p: &[QLinearParams<'_>; 3], bias: Option<&Tensor>, a: &ConvAttrs) -> RtResult<Tensor> {
    let op = "QLinearConv";
    let [px, pw, py] = p;
    let (x, w) = (input(op, "x", px)?, input(op, "w", pw)?);
    if px.scale.len() != 1 || px.zp.len() != 1 {
        bail!("{op}: x_scale and x_zero_point must be scalars");
    }
    let mut acc = conv(
        &centered(op, "x", x, Some(px.zp), Along::Channels)?,
        &centered(op, "w", w, Some(pw.zp), Along::Channels)?,
        None,
        a,
    )
    .map_err(|e| rt_err!("{op}: {}", e.0))?;
    let m = w.shape().first().copied().unwrap_or(0);
    let plane: usize = acc.shape().get(2..).map_or(1, |s| s.iter().product());
    let channel_of: Vec<usize> = (0..acc.len()).map(|t| (t / plane.max(1)) % m.max(1)).collect();
    if let Some(b) = bias {
        let bs = b.as_slice::<i32>().ok_or_else(|| rt_err!("{op}: B must be int32, got {}", b.dtype().name()))?;
        if b.shape() != [m] {
            bail!("{op}: B must have shape {{{m}}}, got {}", fmt_shape(b.shape()));
        }
        let sums: Vec<f64> =
            wrapped(&acc).iter().zip(&channel_of).map(|(&v, &c)| f64::from(v.wrapping_add(bs[c]))).collect();
        acc = Tensor::from_vec(acc.shape().to_vec(), sums)?;
    }
    let (sx, sw) = (scales_f32(op, "x_scale", px.scale)?, scales_f32(op, "w_scale", pw.scale)?);
    let iw = scale_index(op, "w_scale", &sw, pw.scale, m, &channel_of)?;
    requantized(&acc, [(&sx, &vec![0; acc.len()]), (&sw, &iw)], py, op)
}

fn input<'a>(op: &str, what: &str, p: &QLinearParams<'a>) -> RtResult<&'a Tensor> {
    p.x.ok_or_else(|| rt_err!("{op}: missing input {what}"))
}

/// The size of a MatMul operand's row (`from_end` 2) or column (1) axis; 1 for a 1-D operand.
fn matrix_dim(t: &Tensor, from_end: usize) -> usize {
    if t.rank() < 2 {
        return 1;
    }
    t.shape()[t.rank() - from_end]
}

/// Each output element's index into a scale that is per tensor or holds `n` values (one per
/// row, column or channel, `which[t]` being element t's).
fn scale_index(op: &str, what: &str, s: &[f32], t: &Tensor, n: usize, which: &[usize]) -> RtResult<Vec<usize>> {
    match s.len() {
        1 => Ok(vec![0; which.len()]),
        k if k == n && t.rank() == 1 => Ok(which.to_vec()),
        _ => bail!("{op}: {what} of shape {} must be a scalar or hold {n} values", fmt_shape(t.shape())),
    }
}
