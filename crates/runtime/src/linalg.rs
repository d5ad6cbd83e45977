//! MatMul with numpy semantics: 1-D operands are promoted (and the added dimension removed from
//! the result), batch dimensions broadcast.
//!
//! f32/f64 go through `matrixmultiply`; f16/bf16 through f32 then one rounding per result;
//! integer types use a plain triple loop with wrapping arithmetic (no well-kept crate does
//! integer GEMM, and integer MatMul is rare in the models we compile).

use half::{bf16, f16};

use crate::broadcast::{broadcast_indices, broadcast_pair};
use crate::dispatch::Elem;
use crate::error::RtResult;
use crate::value::{checked_numel, fmt_shape, try_filled, try_vec, DType, Data, Tensor};

/// The matrix problem after promotion: batch offsets into `a` and `b` per output batch.
struct Plan {
    m: usize,
    k: usize,
    n: usize,
    a_batches: Vec<usize>,
    b_batches: Vec<usize>,
}

pub fn matmul(a: &Tensor, b: &Tensor) -> RtResult<Tensor> {
    if a.dtype() != b.dtype() {
        bail!("MatMul needs inputs of one element type, got {} and {}", a.dtype().name(), b.dtype().name());
    }
    if a.dtype() == DType::Bool {
        bail!("MatMul is not defined for element type bool");
    }
    if a.rank() == 0 || b.rank() == 0 {
        bail!("MatMul inputs must have rank >= 1, got shapes {} and {}", fmt_shape(a.shape()), fmt_shape(b.shape()));
    }
    // Promote 1-D operands: [k] is [1, k] on the left and [k, 1] on the right.
    let sa: Vec<usize> = if a.rank() == 1 { vec![1, a.shape()[0]] } else { a.shape().to_vec() };
    let sb: Vec<usize> = if b.rank() == 1 { vec![b.shape()[0], 1] } else { b.shape().to_vec() };
    let (ba, ma) = sa.split_at(sa.len() - 2);
    let (bb, mb) = sb.split_at(sb.len() - 2);
    let (m, k, k2, n) = (ma[0], ma[1], mb[0], mb[1]);
    if k != k2 {
        bail!(
            "MatMul dimension mismatch: shapes {} and {} (inner dimensions {k} and {k2})",
            fmt_shape(a.shape()),
            fmt_shape(b.shape())
        );
    }
    let batch = broadcast_pair(ba, bb)?;
    let mut out = batch.clone();
    if a.rank() > 1 {
        out.push(m);
    }
    if b.rank() > 1 {
        out.push(n);
    }
    checked_numel(&out, a.dtype().size())?;
    let nb: usize = batch.iter().product();
    let seq = |s: &[usize]| -> RtResult<Vec<usize>> {
        Ok(broadcast_indices(s, &batch)?.unwrap_or_else(|| (0..nb).collect()))
    };
    let plan = Plan {
        m,
        k,
        n,
        a_batches: seq(ba)?.iter().map(|i| i * m * k).collect(),
        b_batches: seq(bb)?.iter().map(|i| i * k * n).collect(),
    };
    let data = match (a.data(), b.data()) {
        (Data::F32(x), Data::F32(y)) => Data::F32(gemm_f32(&plan, x, y)?),
        (Data::F64(x), Data::F64(y)) => Data::F64(gemm_f64(&plan, x, y)?),
        (Data::F16(x), Data::F16(_)) => {
            let c = gemm_f32(&plan, &widen(x, f16::to_f32), &crate::prepack::reals::<f32>(b, "MatMul")?)?;
            Data::F16(c.into_iter().map(f16::from_f32).collect())
        }
        (Data::BF16(x), Data::BF16(_)) => {
            let c = gemm_f32(&plan, &widen(x, bf16::to_f32), &crate::prepack::reals::<f32>(b, "MatMul")?)?;
            Data::BF16(c.into_iter().map(bf16::from_f32).collect())
        }
        (x, _) => dispatch!(x, v => gemm_int(&plan, v, Elem::slice(b.data()).unwrap_or(&[]))?),
    };
    Tensor::from_data(out, data)
}

fn widen<T: Copy>(v: &[T], f: fn(T) -> f32) -> Vec<f32> {
    v.iter().map(|&x| f(x)).collect()
}

/// Checks that every batch's matrix lies inside its operand before handing raw pointers over.
fn check_bounds(p: &Plan, a_len: usize, b_len: usize) -> RtResult<()> {
    let ok_a = p.a_batches.iter().all(|&o| o + p.m * p.k <= a_len);
    let ok_b = p.b_batches.iter().all(|&o| o + p.k * p.n <= b_len);
    if ok_a && ok_b {
        Ok(())
    } else {
        Err(rt_err!("internal error: MatMul plan out of bounds"))
    }
}

macro_rules! gemm_float {
    ($name:ident, $t:ty, $kernel:path) => {
        fn $name(p: &Plan, a: &[$t], b: &[$t]) -> RtResult<Vec<$t>> {
            check_bounds(p, a.len(), b.len())?;
            let mn = p.m * p.n;
            let mut c: Vec<$t> = try_filled(0.0, p.a_batches.len() * mn)?;
            if mn == 0 {
                return Ok(c);
            }
            // Many small batches (attention heads) are shared out whole; few large ones are each
            // split by `gemm_split`. Either way every batch is the same GEMM as on one thread.
            let per_batch = mn.saturating_mul(p.k.max(1));
            let nb = p.a_batches.len();
            let whole = if nb >= crate::threads::num_threads() {
                crate::threads::parts(per_batch.saturating_mul(nb), BATCH_WORK, nb)
            } else {
                1
            };
            let (ap, bp) =
                (crate::threads::SendPtr(a.as_ptr() as *mut $t), crate::threads::SendPtr(b.as_ptr() as *mut $t));
            crate::threads::for_each_run(&mut c, mn, whole, |first, run| {
                let (ap, bp) = (ap, bp);
                for (j, cs) in run.chunks_exact_mut(mn).enumerate() {
                    let (oa, ob) = (p.a_batches[first + j], p.b_batches[first + j]);
                    // SAFETY: check_bounds proved a[oa..oa+m*k] and b[ob..ob+k*n] are in bounds,
                    // and `cs` holds m*n elements; all three are dense row-major with the
                    // strides given, and C is a fresh vector.
                    unsafe {
                        crate::gemm_split::gemm::<$t>(
                            $kernel,
                            (p.m, p.k, p.n),
                            1.0,
                            (ap.0.add(oa), p.k as isize, 1),
                            (bp.0.add(ob), p.n as isize, 1),
                            0.0,
                            (cs.as_mut_ptr(), p.n as isize),
                        );
                    }
                }
            });
            Ok(c)
        }
    };
}

/// Multiply-adds below which a batched MatMul stays on one thread.
const BATCH_WORK: usize = 1 << 18;

gemm_float!(gemm_f32, f32, matrixmultiply::sgemm);
gemm_float!(gemm_f64, f64, matrixmultiply::dgemm);

fn gemm_int<T: Elem>(p: &Plan, a: &[T], b: &[T]) -> RtResult<Data> {
    check_bounds(p, a.len(), b.len())?;
    let mut c = try_vec(p.a_batches.len() * p.m * p.n)?;
    for (&oa, &ob) in p.a_batches.iter().zip(&p.b_batches) {
        for i in 0..p.m {
            for j in 0..p.n {
                // Wrapping in i128 then truncating to the width is wrapping at the width.
                let mut acc: i128 = 0;
                for l in 0..p.k {
                    let x = a[oa + i * p.k + l].to_i128();
                    let y = b[ob + l * p.n + j].to_i128();
                    acc = acc.wrapping_add(x.wrapping_mul(y));
                }
                c.push(T::from_i128(acc));
            }
        }
    }
    Ok(T::into_data(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(shape: &[usize], v: Vec<f32>) -> Tensor {
        Tensor::from_vec(shape.to_vec(), v).unwrap()
    }

    fn iota(shape: &[usize]) -> Tensor {
        let n = shape.iter().product::<usize>();
        f(shape, (0..n).map(|i| i as f32).collect())
    }

    #[test]
    fn matrix_and_vector_cases() {
        let a = iota(&[2, 3]);
        let b = iota(&[3, 2]);
        let c = matmul(&a, &b).unwrap();
        assert_eq!(c.shape(), &[2, 2]);
        assert_eq!(c.as_slice::<f32>().unwrap(), &[10., 13., 28., 40.]);
        let v = f(&[3], vec![1., 1., 1.]);
        let r = matmul(&a, &v).unwrap();
        assert_eq!(r.shape(), &[2]);
        assert_eq!(r.as_slice::<f32>().unwrap(), &[3., 12.]);
        let l = matmul(&v, &b).unwrap();
        assert_eq!(l.shape(), &[2]);
        assert_eq!(l.as_slice::<f32>().unwrap(), &[6., 9.]);
        let d = matmul(&v, &v).unwrap();
        assert_eq!(d.shape(), &[] as &[usize]);
        assert_eq!(d.as_slice::<f32>().unwrap(), &[3.]);
        assert_eq!(
            matmul(&a, &a).unwrap_err().0,
            "MatMul dimension mismatch: shapes {2,3} and {2,3} (inner dimensions 3 and 2)"
        );
        assert!(matmul(&Tensor::scalar(1f32), &a).is_err());
        let e = matmul(&iota(&[2, 0]), &iota(&[0, 3])).unwrap();
        assert_eq!(e.as_slice::<f32>().unwrap(), &[0.; 6]);
    }

    #[test]
    fn batches_broadcast() {
        let a = iota(&[2, 1, 2, 3]);
        let b = iota(&[3, 3, 1]);
        let c = matmul(&a, &b).unwrap();
        assert_eq!(c.shape(), &[2, 3, 2, 1]);
        let c = c.as_slice::<f32>().unwrap();
        // batch (1, 2): a[1] = [[6,7,8],[9,10,11]], b[2] = [6,7,8]^T.
        let i = (3 + 2) * 2;
        assert_eq!(&c[i..i + 2], &[6. * 6. + 7. * 7. + 8. * 8., 9. * 6. + 10. * 7. + 11. * 8.]);
        assert_eq!(&c[0..2], &[5., 14.]);
        assert!(matmul(&iota(&[2, 2, 2]), &iota(&[3, 2, 2])).is_err());
    }

    #[test]
    fn other_dtypes() {
        let a = Tensor::from_vec(vec![2, 2], vec![1i32, 2, 3, 4]).unwrap();
        let c = matmul(&a, &a).unwrap();
        assert_eq!(c.as_slice::<i32>().unwrap(), &[7, 10, 15, 22]);
        let big = Tensor::from_vec(vec![1, 1], vec![i8::MAX]).unwrap();
        assert_eq!(matmul(&big, &big).unwrap().as_slice::<i8>().unwrap(), &[1]);
        let h = crate::cast::cast(&iota(&[2, 2]), DType::F16);
        let c = crate::cast::cast(&matmul(&h, &h).unwrap(), DType::F32);
        assert_eq!(c.as_slice::<f32>().unwrap(), &[2., 3., 6., 11.]);
        let d = crate::cast::cast(&iota(&[1, 2]), DType::F64);
        let e = crate::cast::cast(&iota(&[2, 1]), DType::F64);
        assert_eq!(matmul(&d, &e).unwrap().as_slice::<f64>().unwrap(), &[1.]);
        assert!(matmul(&a, &iota(&[2, 2])).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::linalg;
    use crate::value::Handle;

    pub(crate) unsafe fn flowgate_rt_matmul(node: i32, a: Handle, b: Handle) -> Handle {
        run_t(node, || linalg::matmul(ten(a)?, ten(b)?))
    }
}
