//! Fast paths of the elementwise kernels for the shapes loops make most: float arithmetic on
//! two tensors of one shape, a tensor and a single element, or a tensor and a row repeated
//! along its leading axes. The generic path builds index
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
    } else if !y.is_empty() && is_trailing(b.shape(), a.shape()) {
        // b repeats along a's leading axes (a bias or a window per row).
        (a.shape().to_vec(), x.chunks_exact(y.len()).flat_map(|r| r.iter().zip(y).map(|(&p, &q)| f(p, q))).collect())
    } else if !x.is_empty() && is_trailing(a.shape(), b.shape()) {
        (b.shape().to_vec(), y.chunks_exact(x.len()).flat_map(|r| x.iter().zip(r).map(|(&p, &q)| f(p, q))).collect())
    } else {
        return None;
    };
    Tensor::from_vec(shape, v).ok()
}

/// `part` broadcasts to `full` by repeating along `full`'s leading axes only: without its
/// leading 1s it is a suffix of `full`, and it has no more axes than `full`.
fn is_trailing(part: &[usize], full: &[usize]) -> bool {
    let lead = part.iter().take_while(|&&d| d == 1).count();
    part.len() <= full.len() && full.ends_with(&part[lead..])
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
        // A row repeated along the leading axis, on either side (Sub is not commutative).
        let c = Tensor::from_vec(vec![1, 256], ys[..256].to_vec()).unwrap();
        let r = binary(BinaryOp::Sub, &a, &c).unwrap();
        assert_eq!(r.shape(), &[2, 256]);
        let got = r.as_slice::<f32>().unwrap();
        let l = binary(BinaryOp::Sub, &c, &a).unwrap();
        let gotl = l.as_slice::<f32>().unwrap();
        for i in 0..512 {
            assert_eq!(got[i].to_bits(), ((xs[i] as f64 - ys[i % 256] as f64) as f32).to_bits(), "{i}");
            assert_eq!(gotl[i].to_bits(), ((ys[i % 256] as f64 - xs[i] as f64) as f32).to_bits(), "{i}");
        }
        // Other shapes and dtypes take the generic path.
        let col = Tensor::from_vec(vec![2, 1], ys[..2].to_vec()).unwrap();
        assert!(binary(BinaryOp::Add, &a, &col).is_none());
        let deeper = Tensor::from_vec(vec![1, 1, 256], ys[..256].to_vec()).unwrap();
        assert!(binary(BinaryOp::Add, &a, &deeper).is_none());
        assert!(binary(BinaryOp::Max, &a, &b).is_none());
    }
}
