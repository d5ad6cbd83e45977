//! Fast paths of the elementwise kernels for the shapes loops make most: float arithmetic on
//! two tensors of one shape, or a tensor and a single element. The generic path builds index
//! plans and goes through f64 per element; these loops are plain slices the compiler
//! vectorizes. Results are bit-identical: for `+ - * /`, computing an f32 in f64 and rounding
//! once gives the correctly rounded f32 result, which is what native f32 arithmetic gives.

use crate::elementwise::BinaryOp;
use crate::value::{DType, Tensor};

/// `Some(result)` when a fast path applies, `None` to take the generic one.
pub(crate) fn binary(op: BinaryOp, a: &Tensor, b: &Tensor) -> Option<Tensor> {
    if !matches!(op, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div) || a.dtype() != b.dtype() {
        return None;
    }
    match a.dtype() {
        DType::F32 => typed::<f32>(op, a, b),
        DType::F64 => typed::<f64>(op, a, b),
        _ => None,
    }
}

trait Num:
    Copy
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
    + crate::dispatch::Elem
{
}
impl Num for f32 {}
impl Num for f64 {}

fn typed<T: Num>(op: BinaryOp, a: &Tensor, b: &Tensor) -> Option<Tensor> {
    let (x, y) = (a.as_slice::<T>()?, b.as_slice::<T>()?);
    let f: fn(T, T) -> T = match op {
        BinaryOp::Add => |p, q| p + q,
        BinaryOp::Sub => |p, q| p - q,
        BinaryOp::Mul => |p, q| p * q,
        _ => |p, q| p / q,
    };
    let (shape, v): (Vec<usize>, Vec<T>) = if a.shape() == b.shape() {
        (a.shape().to_vec(), x.iter().zip(y).map(|(&p, &q)| f(p, q)).collect())
    } else if y.len() == 1 && b.rank() <= a.rank() {
        let q = y[0];
        (a.shape().to_vec(), x.iter().map(|&p| f(p, q)).collect())
    } else if x.len() == 1 && a.rank() <= b.rank() {
        let p = x[0];
        (b.shape().to_vec(), y.iter().map(|&q| f(p, q)).collect())
    } else {
        return None;
    };
    Tensor::from_vec(shape, v).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fast path gives what the generic path computes: the f64 result rounded to f32.
    #[test]
    fn matches_rounded_f64_arithmetic() {
        let mut s = 0x1234_5678_u64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            f32::from_bits((s as u32) & 0x7f7f_ffff) * if s & 1 == 0 { 1.0 } else { -1.0 }
        };
        let xs: Vec<f32> = (0..512).map(|_| next()).collect();
        let ys: Vec<f32> = (0..512).map(|_| next()).collect();
        let a = Tensor::from_vec(vec![2, 256], xs.clone()).unwrap();
        let b = Tensor::from_vec(vec![2, 256], ys.clone()).unwrap();
        let one = Tensor::from_vec(vec![1], vec![ys[0]]).unwrap();
        for (op, f) in [
            (BinaryOp::Add, (|p, q| p + q) as fn(f64, f64) -> f64),
            (BinaryOp::Sub, |p, q| p - q),
            (BinaryOp::Mul, |p, q| p * q),
            (BinaryOp::Div, |p, q| p / q),
        ] {
            let r = binary(op, &a, &b).unwrap();
            let got = r.as_slice::<f32>().unwrap();
            for i in 0..512 {
                let want = f(xs[i] as f64, ys[i] as f64) as f32;
                assert!(got[i].to_bits() == want.to_bits() || (got[i].is_nan() && want.is_nan()), "{op:?} {i}");
            }
            let r = binary(op, &a, &one).unwrap();
            assert_eq!(r.shape(), &[2, 256]);
            let got = r.as_slice::<f32>().unwrap();
            for i in 0..512 {
                let want = f(xs[i] as f64, ys[0] as f64) as f32;
                assert!(got[i].to_bits() == want.to_bits() || (got[i].is_nan() && want.is_nan()), "{op:?} {i}");
            }
        }
        // Other shapes and dtypes take the generic path.
        let c = Tensor::from_vec(vec![256], ys[..256].to_vec()).unwrap();
        assert!(binary(BinaryOp::Add, &a, &c).is_none());
        assert!(binary(BinaryOp::Max, &a, &b).is_none());
    }
}
