//! Elementwise ops: the op-code tables (imported by the lowering), one scalar function per op and
//! element domain (f64 for floats, i128 for integers and bools, see `dispatch`), and the
//! broadcasting drivers for unary, binary, Where and Clip.

use std::borrow::Cow;

use crate::broadcast::{broadcast_all, broadcast_indices, broadcast_pair};
use crate::dispatch::Elem;
use crate::error::{RtError, RtResult};
use crate::value::{checked_numel, take_vec, try_vec, DType, Data, Tensor};

pub use flowgate_runtime_abi::{BinaryOp, UnaryOp};

fn is_comparison(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::Equal | BinaryOp::Less | BinaryOp::LessOrEqual | BinaryOp::Greater | BinaryOp::GreaterOrEqual
    )
}

fn is_logical(op: BinaryOp) -> bool {
    matches!(op, BinaryOp::And | BinaryOp::Or | BinaryOp::Xor)
}

fn unsupported(op: &str, dt: DType) -> RtError {
    rt_err!("{op} is not defined for element type {}", dt.name())
}

/// ONNX's type constraints for unary ops.
fn check_unary(op: UnaryOp, dt: DType) -> RtResult<()> {
    use UnaryOp::*;
    let ok = match op {
        Identity => true,
        Not => dt == DType::Bool,
        Abs | Sign => dt != DType::Bool,
        Neg | Relu => dt.is_float() || dt.is_signed_int(),
        Sqrt | Exp | Log | Tanh | Sigmoid | Ceil | Floor | Reciprocal | Sin | Cos | IsNaN | Round | Erf | IsInf
        | IsPosInf | IsNegInf => dt.is_float(),
    };
    if ok {
        Ok(())
    } else {
        Err(unsupported(op.name(), dt))
    }
}

fn float_unary(op: UnaryOp) -> fn(f64) -> f64 {
    use UnaryOp::*;
    match op {
        Neg => |x| -x,
        Abs => f64::abs,
        Sqrt => f64::sqrt,
        Exp => f64::exp,
        Log => f64::ln,
        Tanh => f64::tanh,
        // Split by sign so neither branch overflows exp.
        Sigmoid => |x| {
            if x >= 0.0 {
                1.0 / (1.0 + (-x).exp())
            } else {
                let e = x.exp();
                e / (1.0 + e)
            }
        },
        Ceil => f64::ceil,
        Floor => f64::floor,
        Reciprocal => |x| 1.0 / x,
        // NaN stays NaN (numpy's maximum(x, 0)); -0 becomes +0.
        Relu => |x| if x > 0.0 || x.is_nan() { x } else { 0.0 },
        Sin => f64::sin,
        Cos => f64::cos,
        // ONNX Round: half to even.
        Round => f64::round_ties_even,
        Sign => |x| {
            if x > 0.0 {
                1.0
            } else if x < 0.0 {
                -1.0
            } else {
                x
            }
        },
        Erf => crate::erf::erf,
        // Not, the tests and Identity never get here (check_unary and unary_vec handle them).
        Not | IsNaN | Identity | IsInf | IsPosInf | IsNegInf => |x| x,
    }
}

fn int_unary(op: UnaryOp) -> fn(i128) -> i128 {
    use UnaryOp::*;
    match op {
        Neg => |x| -x,
        Abs => i128::abs,
        Relu => |x| x.max(0),
        Sign => i128::signum,
        Not => |x| i128::from(x == 0),
        _ => |x| x,
    }
}

/// An elementwise unary op.
pub fn unary(op: UnaryOp, x: &Tensor) -> RtResult<Tensor> {
    check_unary(op, x.dtype())?;
    if let Some(t) = crate::fast::unary(op, x) {
        return Ok(t);
    }
    unary_generic(op, x)
}

/// The generic unary path: f64 (floats) or i128 (integers) per element through a function
/// pointer. `fast::unary` agrees with it bit for bit except where its docs say otherwise.
pub(crate) fn unary_generic(op: UnaryOp, x: &Tensor) -> RtResult<Tensor> {
    check_unary(op, x.dtype())?;
    let data = dispatch!(x.data(), v => unary_vec(op, v));
    Tensor::from_data(x.shape().to_vec(), data)
}

fn unary_vec<T: Elem>(op: UnaryOp, v: &[T]) -> Data {
    match op {
        UnaryOp::Identity => T::into_data(v.to_vec()),
        UnaryOp::IsNaN => Data::Bool(v.iter().map(|x| x.to_f64().is_nan()).collect()),
        UnaryOp::IsInf => Data::Bool(v.iter().map(|x| x.to_f64().is_infinite()).collect()),
        UnaryOp::IsPosInf => Data::Bool(v.iter().map(|x| x.to_f64() == f64::INFINITY).collect()),
        UnaryOp::IsNegInf => Data::Bool(v.iter().map(|x| x.to_f64() == f64::NEG_INFINITY).collect()),
        _ if T::DTYPE.is_float() => {
            let f = float_unary(op);
            T::into_data(v.iter().map(|x| T::from_f64(f(x.to_f64()))).collect())
        }
        _ => {
            let f = int_unary(op);
            T::into_data(v.iter().map(|x| T::from_i128(f(x.to_i128()))).collect())
        }
    }
}

/// ONNX's type constraints for binary ops (Pow's exponent is checked separately).
fn check_binary(op: BinaryOp, a: DType, b: DType) -> RtResult<()> {
    if op != BinaryOp::Pow && a != b {
        bail!("{} needs inputs of one element type, got {} and {}", op.name(), a.name(), b.name());
    }
    let ok = match op {
        BinaryOp::And | BinaryOp::Or | BinaryOp::Xor => a == DType::Bool,
        BinaryOp::Equal => true,
        BinaryOp::Mod => a.is_int() || a.is_float(),
        BinaryOp::Pow => a.is_float() || a.is_int(),
        _ => a != DType::Bool,
    };
    if !ok {
        return Err(unsupported(op.name(), a));
    }
    if op == BinaryOp::Pow && (b == DType::Bool) {
        bail!("Pow exponent must be numeric, got {}", b.name());
    }
    Ok(())
}

type FloatFn = fn(f64, f64) -> f64;
type IntFn = fn(i128, i128) -> RtResult<i128>;
type CmpFloat = fn(f64, f64) -> bool;
type CmpInt = fn(i128, i128) -> bool;

fn div_by_zero() -> RtError {
    RtError::new("integer division by zero")
}

fn float_binary(op: BinaryOp) -> FloatFn {
    use BinaryOp::*;
    match op {
        Add => |a, b| a + b,
        Sub => |a, b| a - b,
        Mul => |a, b| a * b,
        Div => |a, b| a / b,
        Pow => f64::powf,
        // Rust's `%` on floats is C fmod (sign of the dividend).
        FMod => |a, b| a % b,
        Mod => float_floor_mod,
        // NaN in either operand gives NaN, as onnxruntime.
        Max => |a, b| if a.is_nan() || b.is_nan() { f64::NAN } else { a.max(b) },
        Min => |a, b| if a.is_nan() || b.is_nan() { f64::NAN } else { a.min(b) },
        PRelu => |a, b| if a < 0.0 { a * b } else { a },
        _ => |a, _| a,
    }
}

/// Mod-28 with fmod = 0 on floats: `a - floor(a / b) * b`, the sign of the divisor (numpy's
/// `mod`): fmod, moved by `b` when the signs differ; a zero remainder takes `b`'s sign; an
/// infinite `a` or a zero `b` give NaN, and an infinite `b` gives `a` or `b` (fmod's `a`,
/// moved by `b`), as the opset-28 text lists.
fn float_floor_mod(a: f64, b: f64) -> f64 {
    let r = a % b;
    if r == 0.0 {
        0f64.copysign(b)
    } else if (r < 0.0) != (b < 0.0) {
        r + b
    } else {
        r
    }
}

fn int_binary(op: BinaryOp) -> IntFn {
    use BinaryOp::*;
    match op {
        Add => |a, b| Ok(a.wrapping_add(b)),
        Sub => |a, b| Ok(a.wrapping_sub(b)),
        Mul => |a, b| Ok(a.wrapping_mul(b)),
        // i128 holds INT64_MIN / -1 exactly; wrapping to the width then gives INT_MIN.
        Div => |a, b| a.checked_div(b).ok_or_else(div_by_zero),
        Mod => |a, b| {
            let r = a.checked_rem(b).ok_or_else(div_by_zero)?;
            Ok(if r != 0 && ((r < 0) != (b < 0)) { r + b } else { r })
        },
        FMod => |a, b| a.checked_rem(b).ok_or_else(div_by_zero),
        Max => |a, b| Ok(a.max(b)),
        Min => |a, b| Ok(a.min(b)),
        And => |a, b| Ok(i128::from(a != 0 && b != 0)),
        Or => |a, b| Ok(i128::from(a != 0 || b != 0)),
        Xor => |a, b| Ok(i128::from((a != 0) != (b != 0))),
        PRelu => |a, b| Ok(if a < 0 { a.wrapping_mul(b) } else { a }),
        _ => |a, _| Ok(a),
    }
}

fn float_cmp(op: BinaryOp) -> CmpFloat {
    use BinaryOp::*;
    match op {
        Less => |a, b| a < b,
        LessOrEqual => |a, b| a <= b,
        Greater => |a, b| a > b,
        GreaterOrEqual => |a, b| a >= b,
        _ => |a, b| a == b,
    }
}

fn int_cmp(op: BinaryOp) -> CmpInt {
    use BinaryOp::*;
    match op {
        Less => |a, b| a < b,
        LessOrEqual => |a, b| a <= b,
        Greater => |a, b| a > b,
        GreaterOrEqual => |a, b| a >= b,
        _ => |a, b| a == b,
    }
}

/// `v` broadcast to the output shape (borrowed when no broadcasting is needed).
fn expand_to<'a, T: Elem>(v: &'a [T], idx: &Option<Vec<usize>>) -> RtResult<Cow<'a, [T]>> {
    match idx {
        None => Ok(Cow::Borrowed(v)),
        Some(idx) => take_vec(v, idx).map(Cow::Owned),
    }
}

/// An elementwise binary op with numpy broadcasting.
pub fn binary(op: BinaryOp, a: &Tensor, b: &Tensor) -> RtResult<Tensor> {
    check_binary(op, a.dtype(), b.dtype())?;
    if let Some(t) = crate::fast::binary(op, a, b) {
        return Ok(t);
    }
    binary_generic(op, a, b)
}

/// The generic binary path: index plans, then f64 (floats) or i128 (integers) per element.
/// `fast::binary` must agree with it bit for bit (its tests compare the two).
pub(crate) fn binary_generic(op: BinaryOp, a: &Tensor, b: &Tensor) -> RtResult<Tensor> {
    check_binary(op, a.dtype(), b.dtype())?;
    let out = broadcast_pair(a.shape(), b.shape())?;
    let ia = broadcast_indices(a.shape(), &out)?;
    let ib = broadcast_indices(b.shape(), &out)?;
    let data = if op == BinaryOp::Pow {
        let exps: Vec<f64> = dispatch!(b.data(), v => expand_to(v, &ib)?.iter().map(|x| x.to_f64()).collect());
        dispatch!(a.data(), v => pow_vec(&expand_to(v, &ia)?, &exps))
    } else {
        dispatch!(a.data(), va => {
            let vb = crate::dispatch::Elem::slice(b.data()).ok_or_else(|| rt_err!("internal error: dtype mismatch"))?;
            binary_vec(op, &expand_to(va, &ia)?, &expand_to(vb, &ib)?)?
        })
    };
    Tensor::from_data(out, data)
}

fn binary_vec<T: Elem>(op: BinaryOp, a: &[T], b: &[T]) -> RtResult<Data> {
    let float = T::DTYPE.is_float();
    if is_comparison(op) {
        let v: Vec<bool> = if float {
            let f = float_cmp(op);
            a.iter().zip(b).map(|(x, y)| f(x.to_f64(), y.to_f64())).collect()
        } else {
            let f = int_cmp(op);
            a.iter().zip(b).map(|(x, y)| f(x.to_i128(), y.to_i128())).collect()
        };
        return Ok(Data::Bool(v));
    }
    if float && !is_logical(op) {
        let f = float_binary(op);
        Ok(T::into_data(a.iter().zip(b).map(|(x, y)| T::from_f64(f(x.to_f64(), y.to_f64()))).collect()))
    } else {
        let f = int_binary(op);
        let v: RtResult<Vec<T>> = a.iter().zip(b).map(|(x, y)| f(x.to_i128(), y.to_i128()).map(T::from_i128)).collect();
        Ok(T::into_data(v?))
    }
}

/// Pow: float bases use `powf`; integer bases raised to a non-negative integral exponent use
/// exact wrapping integer power, other exponents go through f64 and Cast's conversion (as
/// onnxruntime's `std::pow` then cast).
fn pow_vec<T: Elem>(base: &[T], exps: &[f64]) -> Data {
    let v = base.iter().zip(exps).map(|(x, &e)| {
        if !T::DTYPE.is_float() && e >= 0.0 && e.fract() == 0.0 && e < 4294967296.0 {
            T::from_i128(x.to_i128().wrapping_pow(e as u32))
        } else {
            T::from_f64(x.to_f64().powf(e))
        }
    });
    T::into_data(v.collect())
}

/// Where(cond, x, y) with broadcasting of all three.
pub fn where_(c: &Tensor, x: &Tensor, y: &Tensor) -> RtResult<Tensor> {
    let cond = c.as_slice::<bool>().ok_or_else(|| rt_err!("Where condition must be bool, got {}", c.dtype().name()))?;
    if x.dtype() != y.dtype() {
        bail!("Where needs X and Y of one element type, got {} and {}", x.dtype().name(), y.dtype().name());
    }
    let out = broadcast_all(&[c.shape(), x.shape(), y.shape()])?;
    let n = checked_numel(&out, 1)?;
    if let Some(data) =
        dispatch!(x.data(), vx => where_flat(cond, vx, Elem::slice(y.data()).unwrap_or(&[]), n).map(Elem::into_data))
    {
        return Tensor::from_data(out, data);
    }
    let cond = expand_to(cond, &broadcast_indices(c.shape(), &out)?)?;
    let ix = broadcast_indices(x.shape(), &out)?;
    let iy = broadcast_indices(y.shape(), &out)?;
    let data = dispatch!(x.data(), vx => {
        let vy = Elem::slice(y.data()).ok_or_else(|| rt_err!("internal error: dtype mismatch"))?;
        let (vx, vy) = (expand_to(vx, &ix)?, expand_to(vy, &iy)?);
        Elem::into_data(
            cond.iter().zip(vx.iter().zip(vy.iter())).map(|(&c, (&a, &b))| if c { a } else { b }).collect(),
        )
    });
    Tensor::from_data(out, data)
}

/// Where without index vectors when each operand is either the whole output (an operand that
/// broadcasts to the output with as many elements has its element order) or one element:
/// the generic path's gathers were most of the Where in audio models' masks.
fn where_flat<T: Copy>(c: &[bool], x: &[T], y: &[T], n: usize) -> Option<Vec<T>> {
    let step = |len: usize| if len == n { Some(1) } else { (len == 1).then_some(0) };
    let (sc, sx, sy) = (step(c.len())?, step(x.len())?, step(y.len())?);
    let mut out = try_vec(n).ok()?;
    out.extend((0..n).map(|i| if c[i * sc] { x[i * sx] } else { y[i * sy] }));
    Some(out)
}

/// The single element of a Clip bound, as `x`'s element type.
fn clip_bound<T: Elem>(t: Option<&Tensor>, what: &str) -> RtResult<Option<T>> {
    let Some(t) = t else { return Ok(None) };
    let v = t.as_slice::<T>().ok_or_else(|| {
        rt_err!("Clip {what} must have the input's element type {}, got {}", T::DTYPE.name(), t.dtype().name())
    })?;
    match v {
        [x] => Ok(Some(*x)),
        _ => Err(rt_err!("Clip {what} must be a scalar, got {} elements", v.len())),
    }
}

/// Clip(x, min, max): `min(max(x, lo), hi)`; NaN stays NaN.
pub fn clip(x: &Tensor, lo: Option<&Tensor>, hi: Option<&Tensor>) -> RtResult<Tensor> {
    if x.dtype() == DType::Bool {
        return Err(unsupported("Clip", DType::Bool));
    }
    let data = match x.data() {
        // Floats compare natively (a vectorized select; the widened comparison below was 6% of a
        // resampler's run): the same result, NaN included.
        Data::F32(v) => Data::F32(clip_float(v, clip_bound(lo, "min")?, clip_bound(hi, "max")?)),
        Data::F64(v) => Data::F64(clip_float(v, clip_bound(lo, "min")?, clip_bound(hi, "max")?)),
        _ => dispatch!(x.data(), v => clip_vec(v, clip_bound(lo, "min")?, clip_bound(hi, "max")?)),
    };
    Tensor::from_data(x.shape().to_vec(), data)
}

fn clip_float<T: Copy + PartialOrd>(v: &[T], lo: Option<T>, hi: Option<T>) -> Vec<T> {
    crate::simd::wide(|| {
        v.iter()
            .map(|&x| {
                let y = match lo {
                    Some(l) if x < l => l,
                    _ => x,
                };
                match hi {
                    Some(h) if h < y => h,
                    _ => y,
                }
            })
            .collect()
    })
}

fn clip_vec<T: Elem>(v: &[T], lo: Option<T>, hi: Option<T>) -> Data {
    let float = T::DTYPE.is_float();
    let less = |a: T, b: T| {
        if float {
            a.to_f64() < b.to_f64()
        } else {
            a.to_i128() < b.to_i128()
        }
    };
    T::into_data(
        v.iter()
            .map(|&x| {
                let mut y = x;
                if let Some(l) = lo {
                    if less(y, l) {
                        y = l;
                    }
                }
                if let Some(h) = hi {
                    if less(h, y) {
                        y = h;
                    }
                }
                y
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use half::{bf16, f16};

    fn t<T: Elem>(shape: &[usize], v: Vec<T>) -> Tensor {
        Tensor::from_vec(shape.to_vec(), v).unwrap()
    }

    #[test]
    fn add_broadcasts() {
        let a = t(&[2, 3], vec![1f32, 2., 3., 4., 5., 6.]);
        let b = t(&[3], vec![10f32, 20., 30.]);
        let r = binary(BinaryOp::Add, &a, &b).unwrap();
        assert_eq!(r.shape(), &[2, 3]);
        assert_eq!(r.as_slice::<f32>().unwrap(), &[11., 22., 33., 14., 25., 36.]);
        let c = t(&[2, 1], vec![1f32, 2.]);
        let r = binary(BinaryOp::Sub, &b, &c).unwrap();
        assert_eq!(r.as_slice::<f32>().unwrap(), &[9., 19., 29., 8., 18., 28.]);
        let e = binary(BinaryOp::Add, &a, &t(&[2], vec![1f32, 2.])).unwrap_err();
        assert_eq!(e.0, "incompatible dimensions 3 and 2 (shapes {2,3} and {2})");
        // Empty broadcast.
        let z = binary(BinaryOp::Mul, &t(&[0, 3], Vec::<f32>::new()), &b).unwrap();
        assert_eq!(z.shape(), &[0, 3]);
    }

    #[test]
    fn add_equal_and_dtype_mismatch_for_every_dtype() {
        for d in DType::ALL {
            // int2 holds -2..=1: the small types compare 0 and 1 only.
            let two = if d.is_small() { 0 } else { 2 };
            let a = crate::cast::cast(&t(&[3], vec![1i64, 1, two]), d);
            let b = crate::cast::cast(&t(&[3], vec![0i64, 1, two]), d);
            let eq = binary(BinaryOp::Equal, &a, &b).unwrap();
            assert_eq!(eq.as_slice::<bool>().unwrap(), &[false, true, true], "{d}");
            if d.is_small() {
                continue;
            }
            if d == DType::Bool {
                assert!(binary(BinaryOp::Add, &a, &b).is_err());
                continue;
            }
            let s = binary(BinaryOp::Add, &b, &b).unwrap();
            assert_eq!(s.dtype(), d);
            let s64 = crate::cast::cast(&s, DType::I64);
            assert_eq!(s64.as_slice::<i64>().unwrap(), &[0, 2, 4], "{d}");
            let other = if d == DType::I64 { DType::I32 } else { DType::I64 };
            let e = binary(BinaryOp::Add, &b, &crate::cast::cast(&b, other)).unwrap_err();
            assert!(e.0.starts_with("Add needs inputs of one element type"), "{e}");
        }
    }

    #[test]
    fn integer_division_rules() {
        let a = t(&[4], vec![7i32, -7, 7, i32::MIN]);
        let b = t(&[4], vec![2i32, 2, -2, -1]);
        let d = binary(BinaryOp::Div, &a, &b).unwrap();
        assert_eq!(d.as_slice::<i32>().unwrap(), &[3, -3, -3, i32::MIN]);
        let m = binary(BinaryOp::Mod, &a, &b).unwrap();
        assert_eq!(m.as_slice::<i32>().unwrap(), &[1, 1, -1, 0]);
        let f = binary(BinaryOp::FMod, &a, &b).unwrap();
        assert_eq!(f.as_slice::<i32>().unwrap(), &[1, -1, 1, 0]);
        let z = t(&[4], vec![1i32, 0, 1, 1]);
        assert_eq!(binary(BinaryOp::Div, &a, &z).unwrap_err().0, "integer division by zero");
        assert!(binary(BinaryOp::Mod, &a, &z).is_err());
        let fa = t(&[2], vec![5.5f32, -5.5]);
        let fb = t(&[2], vec![2f32, 2.]);
        let fm = binary(BinaryOp::Mod, &fa, &fb).unwrap();
        assert_eq!(fm.as_slice::<f32>().unwrap(), &[1.5, 0.5]);
        let edge = t(&[4], vec![-0f64, 3., f64::INFINITY, 3.]);
        let by = t(&[4], vec![2f64, -f64::INFINITY, 2., 0.]);
        let r = binary(BinaryOp::Mod, &edge, &by).unwrap();
        let r = r.as_slice::<f64>().unwrap();
        assert!(r[0] == 0.0 && r[0].is_sign_positive() && r[1] == -f64::INFINITY);
        assert!(r[2].is_nan() && r[3].is_nan());
        let fm = binary(BinaryOp::FMod, &fa, &fb).unwrap();
        assert_eq!(fm.as_slice::<f32>().unwrap(), &[1.5, -1.5]);
        let w = binary(BinaryOp::Add, &t(&[1], vec![255u8]), &t(&[1], vec![1u8])).unwrap();
        assert_eq!(w.as_slice::<u8>().unwrap(), &[0]);
    }

    #[test]
    fn max_min_propagate_nan_and_pow_mixes_types() {
        let a = t(&[2], vec![f64::NAN, 1.0]);
        let b = t(&[2], vec![0.0, 2.0]);
        let m = binary(BinaryOp::Max, &a, &b).unwrap();
        let m = m.as_slice::<f64>().unwrap();
        assert!(m[0].is_nan());
        assert_eq!(m[1], 2.0);
        let p = binary(BinaryOp::Pow, &t(&[3], vec![2i64, 3, -2]), &t(&[3], vec![10f32, 2., 3.])).unwrap();
        assert_eq!(p.as_slice::<i64>().unwrap(), &[1024, 9, -8]);
        let p = binary(BinaryOp::Pow, &t(&[2], vec![4f32, 2.]), &t(&[2], vec![-1i32, 3])).unwrap();
        assert_eq!(p.as_slice::<f32>().unwrap(), &[0.25, 8.]);
    }

    #[test]
    fn comparisons_and_logic() {
        let a = t(&[3], vec![1i64, 2, 3]);
        let b = t(&[1], vec![2i64]);
        let l = binary(BinaryOp::Less, &a, &b).unwrap();
        assert_eq!(l.as_slice::<bool>().unwrap(), &[true, false, false]);
        let g = binary(BinaryOp::GreaterOrEqual, &a, &b).unwrap();
        assert_eq!(g.as_slice::<bool>().unwrap(), &[false, true, true]);
        let x = binary(BinaryOp::Xor, &l, &g).unwrap();
        assert_eq!(x.as_slice::<bool>().unwrap(), &[true, true, true]);
        assert!(binary(BinaryOp::And, &a, &a).is_err());
        assert!(binary(BinaryOp::Less, &l, &l).is_err());
        let n = unary(UnaryOp::Not, &l).unwrap();
        assert_eq!(n.as_slice::<bool>().unwrap(), &[false, true, true]);
    }

    #[test]
    fn unary_ops() {
        let x = t(&[5], vec![-1.5f32, -0.5, 0.5, 1.5, 2.5]);
        let r = unary(UnaryOp::Round, &x).unwrap();
        assert_eq!(r.as_slice::<f32>().unwrap(), &[-2., -0., 0., 2., 2.]);
        let r = unary(UnaryOp::Relu, &x).unwrap();
        assert_eq!(r.as_slice::<f32>().unwrap(), &[0., 0., 0.5, 1.5, 2.5]);
        let r = unary(UnaryOp::Sign, &t(&[3], vec![-3i8, 0, 9])).unwrap();
        assert_eq!(r.as_slice::<i8>().unwrap(), &[-1, 0, 1]);
        let r = unary(UnaryOp::Abs, &t(&[2], vec![i8::MIN, 3])).unwrap();
        assert_eq!(r.as_slice::<i8>().unwrap(), &[i8::MIN, 3]);
        let r = unary(UnaryOp::Abs, &t(&[1], vec![200u8])).unwrap();
        assert_eq!(r.as_slice::<u8>().unwrap(), &[200]);
        assert!(unary(UnaryOp::Neg, &t(&[1], vec![1u8])).is_err());
        assert!(unary(UnaryOp::Sqrt, &t(&[1], vec![1i32])).is_err());
        let r = unary(UnaryOp::IsNaN, &t(&[2], vec![f16::NAN, f16::ONE])).unwrap();
        assert_eq!(r.as_slice::<bool>().unwrap(), &[true, false]);
        let inf = t(&[4], vec![f16::INFINITY, f16::NEG_INFINITY, f16::NAN, f16::MAX]);
        for (op, want) in [
            (UnaryOp::IsInf, [true, true, false, false]),
            (UnaryOp::IsPosInf, [true, false, false, false]),
            (UnaryOp::IsNegInf, [false, true, false, false]),
        ] {
            assert_eq!(unary(op, &inf).unwrap().as_slice::<bool>().unwrap(), &want, "{}", op.name());
        }
        let e = unary(UnaryOp::IsInf, &t(&[1], vec![1i32])).unwrap_err().to_string();
        assert!(e.contains("IsInf is not defined for element type"), "{e}");
        let r = unary(UnaryOp::Sigmoid, &t(&[3], vec![0f64, 1000., -1000.])).unwrap();
        assert_eq!(r.as_slice::<f64>().unwrap(), &[0.5, 1.0, 0.0]);
        let r = unary(UnaryOp::Erf, &t(&[3], vec![0f64, 0.5, -2.0])).unwrap();
        let r = r.as_slice::<f64>().unwrap();
        assert_eq!(r[0], 0.0);
        assert!((r[1] - 0.520_499_877_813_046_5).abs() < 1e-15, "{}", r[1]);
        assert!((r[2] + 0.995_322_265_018_952_7).abs() < 1e-15, "{}", r[2]);
    }

    #[test]
    fn half_results_round_to_nearest_even() {
        // 1 + 2^-11 is halfway between f16 1.0 and the next value 1 + 2^-10: rounds to 1.0.
        let a = t(&[2], vec![f16::ONE, f16::from_f32(1.0 + 1.0 / 1024.0)]);
        let b = t(&[2], vec![f16::from_f32(1.0 / 2048.0), f16::from_f32(1.0 / 2048.0)]);
        let s = binary(BinaryOp::Add, &a, &b).unwrap();
        let s: Vec<f32> = s.as_slice::<f16>().unwrap().iter().map(|x| x.to_f32()).collect();
        assert_eq!(s, vec![1.0, 1.0 + 2.0 / 1024.0]);
        let a = t(&[1], vec![bf16::from_f32(256.0)]);
        let b = t(&[1], vec![bf16::from_f32(1.0)]);
        let s = binary(BinaryOp::Add, &a, &b).unwrap();
        assert_eq!(s.as_slice::<bf16>().unwrap()[0].to_f32(), 256.0);
    }

    #[test]
    fn where_and_clip() {
        let c = t(&[2, 1], vec![true, false]);
        let x = t(&[3], vec![1i32, 2, 3]);
        let y = t(&[], vec![0i32]);
        let r = where_(&c, &x, &y).unwrap();
        assert_eq!(r.shape(), &[2, 3]);
        assert_eq!(r.as_slice::<i32>().unwrap(), &[1, 2, 3, 0, 0, 0]);
        // Whole and one-element operands take the flat path: the output keeps the broadcast
        // shape (Y's leading 1), and a one-element C selects throughout.
        let c6 = t(&[2, 3], vec![true, false, true, false, true, false]);
        let y6 = t(&[1, 2, 3], vec![10i32, 11, 12, 13, 14, 15]);
        let r = where_(&c6, &y, &y6).unwrap();
        assert_eq!(r.shape(), &[1, 2, 3]);
        assert_eq!(r.as_slice::<i32>().unwrap(), &[0, 11, 0, 13, 0, 15]);
        let r = where_(&t(&[1], vec![false]), &y6, &y).unwrap();
        assert_eq!(r.as_slice::<i32>().unwrap(), &[0; 6]);
        assert!(where_(&x, &x, &y).is_err());
        assert!(where_(&c, &x, &t(&[1], vec![0i64])).is_err());
        let v = t(&[4], vec![-5f32, 0., 5., f32::NAN]);
        let r = clip(&v, Some(&Tensor::scalar(-1f32)), Some(&Tensor::scalar(1f32))).unwrap();
        let r = r.as_slice::<f32>().unwrap();
        assert_eq!(&r[..3], &[-1., 0., 1.]);
        assert!(r[3].is_nan());
        let r = clip(&t(&[2], vec![-3i64, 9]), None, Some(&Tensor::scalar(4i64))).unwrap();
        assert_eq!(r.as_slice::<i64>().unwrap(), &[-3, 4]);
        assert!(clip(&v, Some(&Tensor::scalar(1i64)), None).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::elementwise as ew;
    use crate::elementwise::{BinaryOp, UnaryOp};
    use crate::value::Handle;

    pub(crate) unsafe fn flowgate_rt_unary(node: i32, op: i32, x: Handle) -> Handle {
        run_t(node, || {
            let op = crate::error::decode::<UnaryOp>(op)?;
            ew::unary(op, ten(x)?)
        })
    }

    pub(crate) unsafe fn flowgate_rt_binary(node: i32, op: i32, a: Handle, b: Handle) -> Handle {
        run_t(node, || {
            let op = crate::error::decode::<BinaryOp>(op)?;
            ew::binary(op, ten(a)?, ten(b)?)
        })
    }

    pub(crate) unsafe fn flowgate_rt_where(node: i32, c: Handle, x: Handle, y: Handle) -> Handle {
        run_t(node, || ew::where_(ten(c)?, ten(x)?, ten(y)?))
    }

    pub(crate) unsafe fn flowgate_rt_clip(node: i32, x: Handle, min_or_null: Handle, max_or_null: Handle) -> Handle {
        run_t(node, || ew::clip(ten(x)?, opt_ten(min_or_null)?, opt_ten(max_or_null)?))
    }
}
