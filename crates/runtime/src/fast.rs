//! Fast paths of the elementwise kernels. The generic path builds an index plan per
//! operand (the flat source index of every output element), gathers both operands to the
//! output shape and computes through f64 (floats) or i128 (integers) per element. Here the
//! broadcast is a loop nest instead: the output shape is collapsed into as few dimensions as
//! the operands' broadcast patterns allow, the innermost one is a plain slice loop (both
//! operands contiguous, or one of them a repeated element) that the compiler vectorizes, and
//! the arithmetic is the element type's own.
//!
//! Results are bit-identical to the generic path: for `+ - * /`, computing an f32 in f64 and
//! rounding once gives the correctly rounded f32 result, which is what native f32 arithmetic
//! gives; comparisons of f32 values are exact in either type; integer `+ - *` wrap to the
//! width either way; Max/Min give NaN when either operand is NaN in both; PRelu selects the
//! product (an f32 one for f32, by the rule above) below 0.

use crate::broadcast::broadcast_pair;
use crate::dispatch::Elem;
use crate::elementwise::{BinaryOp, UnaryOp};
use crate::value::{try_vec, DType, Tensor};

/// `Some(result)` when a fast path applies, `None` to take the generic one (which also reports
/// every error: mismatched shapes, dtypes, ops an element type does not define).
pub(crate) fn binary(op: BinaryOp, a: &Tensor, b: &Tensor) -> Option<Tensor> {
    crate::simd::wide(|| binary_body(op, a, b))
}

#[inline(always)]
fn binary_body(op: BinaryOp, a: &Tensor, b: &Tensor) -> Option<Tensor> {
    if a.dtype() != b.dtype() {
        return None;
    }
    let out = broadcast_pair(a.shape(), b.shape()).ok()?;
    let plan = Plan::new(a.shape(), b.shape(), &out);
    match a.dtype() {
        DType::F32 => float::<f32>(op, a, b, &plan, out),
        DType::F64 => float::<f64>(op, a, b, &plan, out),
        DType::I64 => int::<i64>(op, a, b, &plan, out),
        DType::I32 => int::<i32>(op, a, b, &plan, out),
        DType::Bool => boolean(op, a, b, &plan, out),
        _ => None,
    }
}

/// Unary ops on f32 and f64 as loops the compiler can specialize (no function pointer per
/// element). The exact ops (Neg, Abs, Relu, Sqrt, Reciprocal, Ceil, Floor, Round) give the
/// generic path's bits: each is correctly rounded or exact in either type. For f32, Exp, Log,
/// Sin and Cos use the f32 libm functions instead of rounding the f64 ones (glibc's are within
/// an ulp or two), and Tanh and Sigmoid the vectorizable ones of `fastmath` (a few ulp; see
/// there): onnxruntime's own f32 kernels are approximations of that order, and the f64 libm
/// calls dominated recurrent cells.
pub(crate) fn unary(op: UnaryOp, x: &Tensor) -> Option<Tensor> {
    crate::simd::wide(|| unary_body(op, x))
}

#[inline(always)]
fn unary_body(op: UnaryOp, x: &Tensor) -> Option<Tensor> {
    let data = match x.dtype() {
        DType::F32 => {
            let v = x.as_slice::<f32>()?;
            let out: Vec<f32> = match op {
                UnaryOp::Exp => map(v, f32::exp)?,
                UnaryOp::Log => map(v, f32::ln)?,
                UnaryOp::Tanh => map(v, crate::fastmath::tanh_f32)?,
                UnaryOp::Sigmoid => map(v, crate::fastmath::sigmoid_f32)?,
                UnaryOp::Sin => map(v, f32::sin)?,
                UnaryOp::Cos => map(v, f32::cos)?,
                _ => exact::<f32>(op, v)?,
            };
            f32::into_data(out)
        }
        DType::F64 => f64::into_data(exact::<f64>(op, x.as_slice::<f64>()?)?),
        _ => return None,
    };
    Tensor::from_data(x.shape().to_vec(), data).ok()
}

#[inline(always)]
fn exact<T: Float>(op: UnaryOp, v: &[T]) -> Option<Vec<T>> {
    let zero = T::from_f64(0.0);
    let one = T::from_f64(1.0);
    match op {
        UnaryOp::Neg => map(v, |x| -x),
        UnaryOp::Abs => map(v, T::abs),
        // NaN stays NaN; -0 becomes +0 (as the generic path).
        UnaryOp::Relu => map(v, |x| if x > zero || x.is_nan() { x } else { zero }),
        UnaryOp::Sqrt => map(v, T::sqrt),
        UnaryOp::Reciprocal => map(v, |x| one / x),
        UnaryOp::Ceil => map(v, T::ceil),
        UnaryOp::Floor => map(v, T::floor),
        UnaryOp::Round => map(v, T::round_ties_even),
        _ => None,
    }
}

/// Elements per thread below which an elementwise op stays on one thread (a memory-bound
/// pass over 64K floats takes about as long as waking the pool's workers).
const PAR_ELEMS: usize = 1 << 16;

#[inline(always)]
fn map<T: Copy + Sync, O: Copy + Send>(v: &[T], f: impl Fn(T) -> O + Sync) -> Option<Vec<O>> {
    // Each element on its own: the same bits whatever the split.
    crate::threads::collect(v.len(), PAR_ELEMS, |start, run| {
        crate::simd::wide(|| {
            for (o, &x) in run.iter_mut().zip(&v[start..]) {
                o.write(f(x));
            }
        })
    })
}

trait Float:
    Copy
    + PartialOrd
    + std::ops::Neg<Output = Self>
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
    + Elem
    + Pow
{
    const NAN: Self;
    fn is_nan(self) -> bool;
    /// The std `max`/`min` the generic path uses (so signed zeros come out alike).
    fn max(self, o: Self) -> Self;
    fn min(self, o: Self) -> Self;
    fn abs(self) -> Self;
    fn sqrt(self) -> Self;
    fn ceil(self) -> Self;
    fn floor(self) -> Self;
    fn round_ties_even(self) -> Self;
}
macro_rules! impl_float {
    ($($t:ident),*) => {$(
        impl Float for $t {
            const NAN: $t = $t::NAN;
            fn is_nan(self) -> bool { $t::is_nan(self) }
            fn max(self, o: Self) -> Self { $t::max(self, o) }
            fn min(self, o: Self) -> Self { $t::min(self, o) }
            fn abs(self) -> Self { $t::abs(self) }
            fn sqrt(self) -> Self { $t::sqrt(self) }
            fn ceil(self) -> Self { $t::ceil(self) }
            fn floor(self) -> Self { $t::floor(self) }
            fn round_ties_even(self) -> Self { $t::round_ties_even(self) }
        }
    )*};
}
impl_float!(f32, f64);

/// The generic path's Pow: `powf` in f64, rounded once.
trait Pow {
    fn pow(self, e: Self) -> Self;
}
impl Pow for f64 {
    fn pow(self, e: f64) -> f64 {
        self.powf(e)
    }
}
impl Pow for f32 {
    /// A square is a product: the spectrogram's `Pow(x, 2)` was 41% of its run in libm's pow.
    /// The f64 square of an f32 is exact, so pow's result (within 0.52 ulp) is that very value,
    /// and rounding it to f32 gives the correctly rounded product, as `x * x` in f32 does.
    #[inline(always)]
    fn pow(self, e: f32) -> f32 {
        if e == 2.0 {
            self * self
        } else {
            f64::from(self).powf(f64::from(e)) as f32
        }
    }
}

trait Int: Copy + Ord + Elem {
    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn mul(self, o: Self) -> Self;
}
macro_rules! impl_int {
    ($($t:ty),*) => {$(
        impl Int for $t {
            fn add(self, o: Self) -> Self { self.wrapping_add(o) }
            fn sub(self, o: Self) -> Self { self.wrapping_sub(o) }
            fn mul(self, o: Self) -> Self { self.wrapping_mul(o) }
        }
    )*};
}
impl_int!(i32, i64);

/// Comparisons, for any ordered element type (floats: false when either is NaN, as IEEE).
#[inline(always)]
fn compare<T: Copy + PartialOrd + Elem>(
    op: BinaryOp,
    x: &[T],
    y: &[T],
    plan: &Plan,
    out: Vec<usize>,
) -> Option<Tensor> {
    let v: Vec<bool> = match op {
        BinaryOp::Equal => plan.run(x, y, |p, q| p == q)?,
        BinaryOp::Less => plan.run(x, y, |p, q| p < q)?,
        BinaryOp::LessOrEqual => plan.run(x, y, |p, q| p <= q)?,
        BinaryOp::Greater => plan.run(x, y, |p, q| p > q)?,
        BinaryOp::GreaterOrEqual => plan.run(x, y, |p, q| p >= q)?,
        _ => return None,
    };
    Tensor::from_vec(out, v).ok()
}

#[inline(always)]
fn float<T: Float>(op: BinaryOp, a: &Tensor, b: &Tensor, plan: &Plan, out: Vec<usize>) -> Option<Tensor> {
    let (x, y) = (a.as_slice::<T>()?, b.as_slice::<T>()?);
    let v: Vec<T> = match op {
        BinaryOp::Add => plan.run(x, y, |p, q| p + q)?,
        BinaryOp::Sub => plan.run(x, y, |p, q| p - q)?,
        BinaryOp::Mul => plan.run(x, y, |p, q| p * q)?,
        BinaryOp::Div => plan.run(x, y, |p, q| p / q)?,
        BinaryOp::Pow => plan.run(x, y, Pow::pow)?,
        BinaryOp::Max => plan.run(x, y, |p, q| if p.is_nan() || q.is_nan() { T::NAN } else { Float::max(p, q) })?,
        BinaryOp::Min => plan.run(x, y, |p, q| if p.is_nan() || q.is_nan() { T::NAN } else { Float::min(p, q) })?,
        // The product for every element, then a select: no branch, so the loop vectorizes.
        // For f32 the f64 product of the generic path is exact, so its one rounding gives
        // this product's bits.
        BinaryOp::PRelu => {
            let zero = T::from_f64(0.0);
            plan.run(x, y, |p, q| {
                let s = p * q;
                if p < zero {
                    s
                } else {
                    p
                }
            })?
        }
        _ => return compare(op, x, y, plan, out),
    };
    Tensor::from_vec(out, v).ok()
}

#[inline(always)]
fn int<T: Int>(op: BinaryOp, a: &Tensor, b: &Tensor, plan: &Plan, out: Vec<usize>) -> Option<Tensor> {
    let (x, y) = (a.as_slice::<T>()?, b.as_slice::<T>()?);
    let v: Vec<T> = match op {
        BinaryOp::Add => plan.run(x, y, T::add)?,
        BinaryOp::Sub => plan.run(x, y, T::sub)?,
        BinaryOp::Mul => plan.run(x, y, T::mul)?,
        BinaryOp::Max => plan.run(x, y, |p, q| p.max(q))?,
        BinaryOp::Min => plan.run(x, y, |p, q| p.min(q))?,
        _ => return compare(op, x, y, plan, out),
    };
    Tensor::from_vec(out, v).ok()
}

#[inline(always)]
fn boolean(op: BinaryOp, a: &Tensor, b: &Tensor, plan: &Plan, out: Vec<usize>) -> Option<Tensor> {
    let (x, y) = (a.as_slice::<bool>()?, b.as_slice::<bool>()?);
    let v: Vec<bool> = match op {
        BinaryOp::And => plan.run(x, y, |p, q| p & q)?,
        BinaryOp::Or => plan.run(x, y, |p, q| p | q)?,
        BinaryOp::Xor => plan.run(x, y, |p, q| p ^ q)?,
        BinaryOp::Equal => plan.run(x, y, |p, q| p == q)?,
        _ => return None,
    };
    Tensor::from_vec(out, v).ok()
}

/// A broadcast as a loop nest: the output's dimensions with size-1 ones dropped and runs of
/// dimensions where each operand is either broadcast throughout or present throughout merged
/// into one, with each operand's element stride per dimension (0 where it is broadcast).
#[derive(Debug, PartialEq)]
struct Plan {
    dims: Vec<usize>,
    sa: Vec<usize>,
    sb: Vec<usize>,
    numel: usize,
}

impl Plan {
    fn new(a: &[usize], b: &[usize], out: &[usize]) -> Plan {
        let rank = out.len();
        // (size, a broadcast, b broadcast) per collapsed dimension.
        let mut merged: Vec<(usize, bool, bool)> = Vec::with_capacity(rank);
        for (i, &d) in out.iter().enumerate() {
            if d == 1 {
                continue;
            }
            let da = (i + a.len()).checked_sub(rank).map_or(1, |k| a[k]);
            let db = (i + b.len()).checked_sub(rank).map_or(1, |k| b[k]);
            let (ba, bb) = (da == 1, db == 1);
            match merged.last_mut() {
                Some(last) if last.1 == ba && last.2 == bb => last.0 = last.0.saturating_mul(d),
                _ => merged.push((d, ba, bb)),
            }
        }
        let mut sa = vec![0; merged.len()];
        let mut sb = vec![0; merged.len()];
        let (mut ra, mut rb) = (1usize, 1usize);
        for (k, &(d, ba, bb)) in merged.iter().enumerate().rev() {
            if !ba {
                sa[k] = ra;
                ra = ra.saturating_mul(d);
            }
            if !bb {
                sb[k] = rb;
                rb = rb.saturating_mul(d);
            }
        }
        let numel = out.iter().try_fold(1usize, |n, &d| n.checked_mul(d)).unwrap_or(usize::MAX);
        Plan { dims: merged.iter().map(|m| m.0).collect(), sa, sb, numel }
    }

    /// `f` of every pair of broadcast elements, row-major. `None` if an operand is shorter
    /// than its shape says (never for a valid tensor) or the result cannot be allocated.
    #[inline(always)]
    fn run<A: Copy + Sync, B: Copy + Sync, O: Copy + Send>(
        &self,
        a: &[A],
        b: &[B],
        f: impl Fn(A, B) -> O + Sync,
    ) -> Option<Vec<O>> {
        if self.dims.len() == 1 && self.numel >= 2 * PAR_ELEMS {
            return self.run_flat(a, b, f);
        }
        let mut out = try_vec(self.numel).ok()?;
        if self.numel == 0 {
            return Some(out);
        }
        let Some(last) = self.dims.len().checked_sub(1) else {
            out.push(f(*a.first()?, *b.first()?));
            return Some(out);
        };
        let (inner, ia, ib) = (self.dims[last], self.sa[last], self.sb[last]);
        let mut idx = vec![0usize; last];
        let (mut oa, mut ob) = (0usize, 0usize);
        loop {
            match (ia, ib) {
                (0, 0) => {
                    let (p, q) = (*a.get(oa)?, *b.get(ob)?);
                    for _ in 0..inner {
                        out.push(f(p, q));
                    }
                }
                (0, _) => {
                    let p = *a.get(oa)?;
                    out.extend(b.get(ob..ob + inner)?.iter().map(|&q| f(p, q)));
                }
                (_, 0) => {
                    let q = *b.get(ob)?;
                    out.extend(a.get(oa..oa + inner)?.iter().map(|&p| f(p, q)));
                }
                _ => {
                    let (x, y) = (a.get(oa..oa + inner)?, b.get(ob..ob + inner)?);
                    out.extend(x.iter().zip(y).map(|(&p, &q)| f(p, q)));
                }
            }
            // Advance the odometer over the outer dimensions.
            let mut k = last;
            loop {
                if k == 0 {
                    return Some(out);
                }
                k -= 1;
                idx[k] += 1;
                oa += self.sa[k];
                ob += self.sb[k];
                if idx[k] < self.dims[k] {
                    break;
                }
                oa -= self.sa[k] * self.dims[k];
                ob -= self.sb[k] * self.dims[k];
                idx[k] = 0;
            }
        }
    }

    /// `run` of a plan collapsed to one dimension (each operand contiguous or one element),
    /// split over the threads; each element is computed alone, so the bits are `run`'s.
    fn run_flat<A: Copy + Sync, B: Copy + Sync, O: Copy + Send>(
        &self,
        a: &[A],
        b: &[B],
        f: impl Fn(A, B) -> O + Sync,
    ) -> Option<Vec<O>> {
        let n = self.numel;
        let (sa, sb) = (self.sa[0], self.sb[0]);
        if (sa == 0 && sb == 0) || (sa != 0 && a.len() < n) || (sb != 0 && b.len() < n) || a.is_empty() || b.is_empty()
        {
            return None;
        }
        crate::threads::collect(n, PAR_ELEMS, |start, run| {
            crate::simd::wide(|| {
                let len = run.len();
                match (sa, sb) {
                    (0, _) => run.iter_mut().zip(&b[start..start + len]).for_each(|(o, &q)| {
                        o.write(f(a[0], q));
                    }),
                    (_, 0) => run.iter_mut().zip(&a[start..start + len]).for_each(|(o, &p)| {
                        o.write(f(p, b[0]));
                    }),
                    _ => run.iter_mut().zip(a[start..start + len].iter().zip(&b[start..start + len])).for_each(
                        |(o, (&p, &q))| {
                            o.write(f(p, q));
                        },
                    ),
                }
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elementwise::binary_generic;

    fn rng(seed: u64) -> impl FnMut() -> u64 {
        let mut s = seed;
        move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        }
    }

    fn numel(shape: &[usize]) -> usize {
        shape.iter().product()
    }

    /// Shapes that broadcast against each other in every pattern: equal, scalar, rank-0,
    /// leading ones, middle and trailing broadcast, both sides broadcast, empty.
    const SHAPES: &[(&[usize], &[usize])] = &[
        (&[2, 256], &[2, 256]),
        (&[2, 256], &[1]),
        (&[], &[3, 4]),
        (&[5, 3], &[3]),
        (&[5, 3], &[5, 1]),
        (&[4, 1, 3], &[1, 5, 1]),
        (&[2, 3, 4, 5], &[3, 1, 5]),
        (&[1, 1, 7], &[6, 1, 1]),
        (&[3, 1, 2, 1], &[1, 4, 1, 5]),
        (&[0, 3], &[3]),
        (&[1], &[]),
        (&[2, 1, 3], &[2, 4, 3]),
    ];

    fn check(a: &Tensor, b: &Tensor, op: BinaryOp) {
        let fast = binary(op, a, b).unwrap_or_else(|| panic!("{op:?} {:?} {:?}: no fast path", a.shape(), b.shape()));
        let generic = binary_generic(op, a, b).unwrap();
        assert_eq!(fast.shape(), generic.shape(), "{op:?} {:?} {:?}", a.shape(), b.shape());
        if let (Some(x), Some(y)) = (fast.as_slice::<f32>(), generic.as_slice::<f32>()) {
            for (p, q) in x.iter().zip(y) {
                assert!(p.to_bits() == q.to_bits() || (p.is_nan() && q.is_nan()), "{op:?}: {p} vs {q}");
            }
            return;
        }
        match (fast.as_slice::<f64>(), generic.as_slice::<f64>()) {
            (Some(x), Some(y)) => {
                for (p, q) in x.iter().zip(y) {
                    assert!(p.to_bits() == q.to_bits() || (p.is_nan() && q.is_nan()), "{op:?}: {p} vs {q}");
                }
            }
            _ => assert_eq!(fast, generic, "{op:?} {:?} {:?}", a.shape(), b.shape()),
        }
    }

    /// Every fast op on every broadcast pattern gives the generic path's result, bit for bit,
    /// on random values with NaNs, infinities, signed zeros and integer extremes.
    #[test]
    fn matches_generic_path() {
        let mut next = rng(0x1234_5678);
        let special = [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 0.0, -0.0, 1.0];
        let float = |n: usize, next: &mut dyn FnMut() -> u64| -> Vec<f64> {
            (0..n)
                .map(|_| {
                    let r = next();
                    if r.is_multiple_of(9) {
                        special[(r / 9) as usize % special.len()]
                    } else {
                        f64::from_bits(r & 0x7fef_ffff_ffff_ffff) * if r & 2 == 0 { 1.0 } else { -1.0 }
                    }
                })
                .collect()
        };
        let float_ops = [
            BinaryOp::Add,
            BinaryOp::Sub,
            BinaryOp::Mul,
            BinaryOp::Div,
            BinaryOp::Max,
            BinaryOp::Min,
            BinaryOp::Equal,
            BinaryOp::Less,
            BinaryOp::LessOrEqual,
            BinaryOp::Greater,
            BinaryOp::GreaterOrEqual,
        ];
        for &(sa, sb) in SHAPES {
            for (x, y) in [(sa, sb), (sb, sa)] {
                let (va, vb) = (float(numel(x), &mut next), float(numel(y), &mut next));
                let a32 = Tensor::from_vec(x.to_vec(), va.iter().map(|&v| v as f32).collect()).unwrap();
                let b32 = Tensor::from_vec(y.to_vec(), vb.iter().map(|&v| v as f32).collect()).unwrap();
                let a64 = Tensor::from_vec(x.to_vec(), va.clone()).unwrap();
                let b64 = Tensor::from_vec(y.to_vec(), vb.clone()).unwrap();
                // Small integers so that comparisons see equal values too.
                let ai: Vec<i64> = va
                    .iter()
                    .enumerate()
                    .map(|(i, v)| if i % 3 == 0 { i64::MIN } else { v.to_bits() as i64 % 5 })
                    .collect();
                let bi: Vec<i64> = vb
                    .iter()
                    .enumerate()
                    .map(|(i, v)| if i % 4 == 0 { i64::MAX } else { v.to_bits() as i64 % 5 })
                    .collect();
                let a_i64 = Tensor::from_vec(x.to_vec(), ai.clone()).unwrap();
                let b_i64 = Tensor::from_vec(y.to_vec(), bi.clone()).unwrap();
                let a_i32 = Tensor::from_vec(x.to_vec(), ai.iter().map(|&v| v as i32).collect()).unwrap();
                let b_i32 = Tensor::from_vec(y.to_vec(), bi.iter().map(|&v| v as i32).collect()).unwrap();
                let a_b = Tensor::from_vec(x.to_vec(), ai.iter().map(|&v| v & 1 == 0).collect()).unwrap();
                let b_b = Tensor::from_vec(y.to_vec(), bi.iter().map(|&v| v & 1 == 0).collect()).unwrap();
                for op in float_ops {
                    check(&a32, &b32, op);
                    check(&a64, &b64, op);
                    if !matches!(op, BinaryOp::Div) {
                        check(&a_i64, &b_i64, op);
                        check(&a_i32, &b_i32, op);
                    }
                }
                for op in [BinaryOp::And, BinaryOp::Or, BinaryOp::Xor, BinaryOp::Equal] {
                    check(&a_b, &b_b, op);
                }
                check(&a32, &b32, BinaryOp::Pow);
                check(&a64, &b64, BinaryOp::Pow);
                // PRelu is float-only on the fast path (integers take the generic one).
                check(&a32, &b32, BinaryOp::PRelu);
                check(&a64, &b64, BinaryOp::PRelu);
                // Squares (a product in f32) and other small exponents, broadcast either way.
                let e: Vec<f64> = (0..numel(y)).map(|i| [2.0, 2.0, 3.0, 0.5, -2.0, -0.0][i % 6]).collect();
                check(
                    &a32,
                    &Tensor::from_vec(y.to_vec(), e.iter().map(|&v| v as f32).collect()).unwrap(),
                    BinaryOp::Pow,
                );
                check(&a64, &Tensor::from_vec(y.to_vec(), e).unwrap(), BinaryOp::Pow);
            }
        }
    }

    fn unary_inputs(next: &mut impl FnMut() -> u64) -> Vec<f64> {
        let special = [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 0.0, -0.0, 0.5, -2.5, 88.8, -104.0, 1e-40];
        let mut v: Vec<f64> = special.to_vec();
        for _ in 0..4000 {
            let r = next();
            // Mostly moderate magnitudes (where activations live), some anywhere.
            v.push(if r.is_multiple_of(4) {
                f64::from_bits(r & 0x7fef_ffff_ffff_ffff)
            } else {
                ((r >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 40.0
            });
        }
        v
    }

    /// The exact unary ops give the generic path's bits, in f32 and f64.
    #[test]
    fn unary_exact_ops_match_generic_path() {
        let mut next = rng(0xfeed_beef);
        let v = unary_inputs(&mut next);
        let a32 = Tensor::from_vec(vec![v.len()], v.iter().map(|&x| x as f32).collect()).unwrap();
        let a64 = Tensor::from_vec(vec![v.len()], v.clone()).unwrap();
        use UnaryOp::*;
        for op in [Neg, Abs, Relu, Sqrt, Reciprocal, Ceil, Floor, Round] {
            for a in [&a32, &a64] {
                let fast = unary(op, a).unwrap_or_else(|| panic!("{op:?}: no fast path"));
                let generic = crate::elementwise::unary_generic(op, a).unwrap();
                if let (Some(x), Some(y)) = (fast.as_slice::<f32>(), generic.as_slice::<f32>()) {
                    for (p, q) in x.iter().zip(y) {
                        assert!(p.to_bits() == q.to_bits() || (p.is_nan() && q.is_nan()), "{op:?}: {p} vs {q}");
                    }
                } else {
                    let (x, y) = (fast.as_slice::<f64>().unwrap(), generic.as_slice::<f64>().unwrap());
                    for (p, q) in x.iter().zip(y) {
                        assert!(p.to_bits() == q.to_bits() || (p.is_nan() && q.is_nan()), "{op:?}: {p} vs {q}");
                    }
                }
            }
        }
        // f64 transcendental ops, other dtypes and the remaining ops stay generic.
        assert!(unary(Exp, &a64).is_none());
        assert!(unary(Sign, &a32).is_none());
        assert!(unary(Erf, &a32).is_none());
        assert!(unary(Neg, &Tensor::from_vec(vec![1], vec![1i64]).unwrap()).is_none());
    }

    /// The f32 transcendental ops stay within 2 ulp (Tanh: 5e-7 absolute, relative near 0;
    /// Sigmoid: 3 ulp) of the correctly rounded f64 result, and NaN, infinities and the
    /// saturated ends come out as the generic path's.
    #[test]
    fn unary_f32_math_within_two_ulp() {
        let mut next = rng(0x0bad_cafe);
        let v: Vec<f32> = unary_inputs(&mut next).iter().map(|&x| x as f32).collect();
        let a = Tensor::from_vec(vec![v.len()], v.clone()).unwrap();
        // Distance in ulps, through the ordered integer view of the floats.
        let ord = |x: f32| {
            let b = x.to_bits() as i32;
            if b < 0 {
                i32::MIN - b
            } else {
                b
            }
        };
        use UnaryOp::*;
        for op in [Exp, Log, Tanh, Sigmoid, Sin, Cos] {
            let fast = unary(op, &a).unwrap();
            let generic = crate::elementwise::unary_generic(op, &a).unwrap();
            let (x, y) = (fast.as_slice::<f32>().unwrap(), generic.as_slice::<f32>().unwrap());
            for ((p, q), i) in x.iter().zip(y).zip(&v) {
                if q.is_nan() || p.is_nan() {
                    assert!(p.is_nan() && q.is_nan(), "{op:?}({i}): {p} vs {q}");
                    continue;
                }
                let d = (i64::from(ord(*p)) - i64::from(ord(*q))).abs();
                match op {
                    Tanh => assert!((p - q).abs() <= 5e-7 * q.abs().clamp(1e-30, 1.0), "{op:?}({i}): {p} vs {q}"),
                    Sigmoid if *q < f32::MIN_POSITIVE => assert!(*p < 1e-37, "{op:?}({i}): {p} vs {q}"),
                    Sigmoid => assert!(d <= 3, "{op:?}({i}): {p} vs {q} ({d} ulp)"),
                    _ => assert!(d <= 2, "{op:?}({i}): {p} vs {q} ({d} ulp)"),
                }
            }
        }
    }

    /// Ops and dtypes without a fast path, and shapes that do not broadcast, go to the
    /// generic path (which reports the error).
    #[test]
    fn falls_back() {
        let a = Tensor::from_vec(vec![2, 3], vec![1i64, 2, 3, 4, 5, 6]).unwrap();
        let b = Tensor::from_vec(vec![3], vec![1i64, 0, 2]).unwrap();
        assert!(binary(BinaryOp::Div, &a, &b).is_none());
        assert!(binary(BinaryOp::Mod, &a, &b).is_none());
        let c = Tensor::from_vec(vec![2], vec![1i64, 2]).unwrap();
        assert!(binary(BinaryOp::Add, &a, &c).is_none());
        let f = Tensor::from_vec(vec![3], vec![1f32, 2., 3.]).unwrap();
        assert!(binary(BinaryOp::Add, &a, &f).is_none());
        assert!(binary(BinaryOp::Pow, &a, &a).is_none());
        assert!(binary(BinaryOp::PRelu, &a, &b).is_none());
        let u = Tensor::from_vec(vec![3], vec![1u8, 2, 3]).unwrap();
        assert!(binary(BinaryOp::Add, &u, &u).is_none());
    }

    #[test]
    fn plan_collapses_dimensions() {
        let p = Plan::new(&[2, 3, 4, 5], &[3, 1, 5], &[2, 3, 4, 5]);
        // a is present throughout; b is broadcast in dims 0 and 2.
        assert_eq!(p.dims, vec![2, 3, 4, 5]);
        assert_eq!(p.sb, vec![0, 5, 0, 1]);
        let p = Plan::new(&[6, 7, 8], &[8], &[6, 7, 8]);
        assert_eq!((p.dims.clone(), p.sa.clone(), p.sb.clone()), (vec![42, 8], vec![8, 1], vec![0, 1]));
        let p = Plan::new(&[1, 6, 1], &[6, 1], &[1, 6, 1]);
        assert_eq!((p.dims, p.sa, p.sb), (vec![6], vec![1], vec![1]));
    }
}
