//! ONNX Cast between any two supported element types.
//!
//! - integer/bool -> integer: wraps to the target width (two's complement truncation);
//! - float -> integer: truncates toward zero; out of range and NaN give what onnxruntime gives on
//!   x86-64 (ONNX leaves both undefined; `dispatch::cvtt32`);
//! - anything -> bool: `x != 0` (NaN -> true); bool -> anything: 0 or 1;
//! - -> float16/bfloat16: round to nearest even (via `half`);
//! - -> float8/float4: as `minifloat.rs`, with Cast's `saturate` and `round_mode` attributes.

use crate::dispatch::Elem;
use crate::minifloat::{Encoding, Minifloat};
use crate::small_types::{F4E2M1, F8E4M3FN, F8E4M3FNUZ, F8E5M2, F8E5M2FNUZ, F8E8M0};
use crate::value::{DType, Data, Tensor};

pub fn cast(x: &Tensor, to: DType) -> Tensor {
    let data = dispatch!(x.data(), v => dispatch_dtype!(to, U => U::into_data(cast_vec::<_, U>(v))));
    // Same element count, so the shape stays valid; `from_data` cannot fail here, but fall back
    // to the placeholder rather than panic.
    Tensor::from_data(x.shape().to_vec(), data).unwrap_or_else(|_| Tensor::placeholder())
}

/// Cast with the attributes that change a conversion to float8/float4 (`saturate`,
/// float8e8m0's `round_mode`); other targets ignore them, as ONNX says.
pub fn cast_with(x: &Tensor, to: DType, enc: Encoding) -> Tensor {
    if enc == Encoding::DEFAULT || !to.is_small_float() {
        return cast(x, to);
    }
    let vals: Vec<f64> = dispatch!(x.data(), v => v.iter().map(|e| e.to_f64()).collect());
    let code = |f: Minifloat| -> Vec<u8> { vals.iter().map(|&v| f.encode(v, enc)).collect() };
    let data = match to {
        DType::F8E4M3FN => Data::F8E4M3FN(code(F8E4M3FN::FORMAT).into_iter().map(F8E4M3FN).collect()),
        DType::F8E4M3FNUZ => Data::F8E4M3FNUZ(code(F8E4M3FNUZ::FORMAT).into_iter().map(F8E4M3FNUZ).collect()),
        DType::F8E5M2 => Data::F8E5M2(code(F8E5M2::FORMAT).into_iter().map(F8E5M2).collect()),
        DType::F8E5M2FNUZ => Data::F8E5M2FNUZ(code(F8E5M2FNUZ::FORMAT).into_iter().map(F8E5M2FNUZ).collect()),
        DType::F8E8M0 => Data::F8E8M0(code(F8E8M0::FORMAT).into_iter().map(F8E8M0).collect()),
        DType::F4E2M1 => Data::F4E2M1(code(F4E2M1::FORMAT).into_iter().map(F4E2M1).collect()),
        _ => return cast(x, to),
    };
    Tensor::from_data(x.shape().to_vec(), data).unwrap_or_else(|_| Tensor::placeholder())
}

pub(crate) fn cast_vec<T: Elem, U: Elem>(v: &[T]) -> Vec<U> {
    if T::DTYPE.is_float() {
        v.iter().map(|x| U::from_f64(x.to_f64())).collect()
    } else {
        v.iter().map(|x| U::from_i128(x.to_i128())).collect()
    }
}

/// A rank-0 tensor of `dtype` holding `v` converted as Cast from int64 would.
pub fn scalar_from_i64(v: i64, dtype: DType) -> Tensor {
    dispatch_dtype!(dtype, T => Tensor::scalar(T::from_i128(i128::from(v))))
}

/// A rank-0 tensor of `dtype` holding `v` converted as Cast from double would.
pub fn scalar_from_f64(v: f64, dtype: DType) -> Tensor {
    dispatch_dtype!(dtype, T => Tensor::scalar(T::from_f64(v)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use half::{bf16, f16};

    #[test]
    fn casts_follow_onnx() {
        let x = Tensor::from_vec(vec![5], vec![-1.7f32, 2.5, f32::NAN, 1e10, 0.0]).unwrap();
        let i = cast(&x, DType::I32);
        // NaN and out of range give INT32_MIN, as onnxruntime on x86-64.
        assert_eq!(i.as_slice::<i32>().unwrap(), &[-1, 2, i32::MIN, i32::MIN, 0]);
        let b = cast(&x, DType::Bool);
        assert_eq!(b.as_slice::<bool>().unwrap(), &[true, true, true, true, false]);
        let u = cast(&Tensor::from_vec(vec![2], vec![-1i64, 256]).unwrap(), DType::U8);
        assert_eq!(u.as_slice::<u8>().unwrap(), &[255, 0]);
        let f = cast(&Tensor::from_vec(vec![2], vec![true, false]).unwrap(), DType::F64);
        assert_eq!(f.as_slice::<f64>().unwrap(), &[1.0, 0.0]);
        // f32 -> f16 rounds to nearest even: 1 + 2^-11 (a tie) -> 1, 1 + 3*2^-11 -> 1 + 2^-9.
        let h = cast(&Tensor::from_vec(vec![2], vec![1.0 + 1.0 / 2048.0, 1.0 + 3.0 / 2048.0f32]).unwrap(), DType::F16);
        let h: Vec<f32> = h.as_slice::<f16>().unwrap().iter().map(|x| x.to_f32()).collect();
        assert_eq!(h, vec![1.0, 1.0 + 2.0 / 1024.0]);
        let bf = cast(&Tensor::from_vec(vec![1], vec![65535i32]).unwrap(), DType::BF16);
        assert_eq!(bf.as_slice::<bf16>().unwrap()[0].to_f32(), 65536.0);
        // Every pair of dtypes works and keeps the shape.
        let src = Tensor::from_vec(vec![3, 1], vec![0i64, 1, 2]).unwrap();
        // (int2 holds -2..=1, so the small types have their own test.)
        let wide = || DType::ALL.into_iter().filter(|d| !d.is_small());
        for a in wide() {
            let x = cast(&src, a);
            for b in wide() {
                let y = cast(&x, b);
                assert_eq!(y.dtype(), b);
                assert_eq!(y.shape(), &[3, 1]);
                let back = cast(&y, DType::I64);
                let want: &[i64] = if a == DType::Bool || b == DType::Bool { &[0, 1, 1] } else { &[0, 1, 2] };
                assert_eq!(back.as_slice::<i64>().unwrap(), want, "{a} -> {b}");
            }
        }
    }

    #[test]
    fn small_types_cast_both_ways() {
        let src = Tensor::from_vec(vec![2], vec![0i64, 1]).unwrap();
        for a in DType::ALL {
            let x = cast(&src, a);
            assert_eq!(x.dtype(), a);
            // float8e8m0 has no zero: 0 becomes 2^-127, which truncates back to 0.
            assert_eq!(cast(&x, DType::I64).as_slice::<i64>().unwrap(), &[0, 1], "{a}");
        }
        let x = Tensor::from_vec(vec![3], vec![500.0f32, f32::INFINITY, -1e6]).unwrap();
        let sat = cast(&x, DType::F8E4M3FN);
        assert_eq!(cast(&sat, DType::F32).as_slice::<f32>().unwrap(), &[448.0, 448.0, -448.0]);
        let no_sat = Encoding { saturate: false, round: crate::minifloat::RoundMode::Up };
        let e5 = cast_with(&x, DType::F8E5M2, no_sat);
        assert_eq!(cast(&e5, DType::F32).as_slice::<f32>().unwrap(), &[512.0, f32::INFINITY, f32::NEG_INFINITY]);
        let i4 = cast(&Tensor::from_vec(vec![3], vec![-9.5f32, 7.9, 8.0]).unwrap(), DType::I4);
        assert_eq!(cast(&i4, DType::I8).as_slice::<i8>().unwrap(), &[7, 7, -8]);
    }

    #[test]
    fn scalars_box_into_any_dtype() {
        assert_eq!(scalar_from_i64(300, DType::I8).as_slice::<i8>(), Some(&[44i8][..]));
        assert_eq!(scalar_from_i64(-2, DType::Bool).as_slice::<bool>(), Some(&[true][..]));
        assert_eq!(scalar_from_f64(2.9, DType::U16).as_slice::<u16>(), Some(&[2u16][..]));
        assert_eq!(scalar_from_f64(0.1, DType::F32).as_slice::<f32>(), Some(&[0.1f32][..]));
        assert_eq!(scalar_from_i64(5, DType::F64).shape(), &[] as &[usize]);
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::cast::{cast, cast_with, scalar_from_f64, scalar_from_i64};
    use crate::minifloat::{Encoding, RoundMode};
    use crate::value::Handle;

    pub(crate) fn flowgate_rt_box_i64(v: i64, dtype_code: i32) -> Handle {
        run_t(NO_NODE, || Ok(scalar_from_i64(v, dtype(dtype_code)?)))
    }

    pub(crate) fn flowgate_rt_box_f64(v: f64, dtype_code: i32) -> Handle {
        run_t(NO_NODE, || Ok(scalar_from_f64(v, dtype(dtype_code)?)))
    }

    pub(crate) fn flowgate_rt_box_f32(v: f32, dtype_code: i32) -> Handle {
        run_t(NO_NODE, || Ok(scalar_from_f64(f64::from(v), dtype(dtype_code)?)))
    }

    pub(crate) unsafe fn flowgate_rt_cast(node: i32, x: Handle, to: i32) -> Handle {
        run_t(node, || Ok(cast(ten(x)?, dtype(to)?)))
    }

    /// CastLike to a target whose element type only the run knows: `like`'s dtype.
    pub(crate) unsafe fn flowgate_rt_cast_like(node: i32, x: Handle, like: Handle, saturate: i32) -> Handle {
        run_t(node, || {
            Ok(cast_with(ten(x)?, ten(like)?.dtype(), Encoding { saturate: saturate != 0, round: RoundMode::Up }))
        })
    }

    /// `round_mode`: 0 up, 1 down, 2 nearest (float8e8m0 only).
    pub(crate) unsafe fn flowgate_rt_cast_mode(
        node: i32,
        x: Handle,
        to: i32,
        saturate: i32,
        round_mode: i32,
    ) -> Handle {
        run_t(node, || {
            let round = match round_mode {
                0 => RoundMode::Up,
                1 => RoundMode::Down,
                2 => RoundMode::Nearest,
                r => return Err(crate::error::RtError(format!("Cast: invalid round_mode code {r}"))),
            };
            Ok(cast_with(ten(x)?, dtype(to)?, Encoding { saturate: saturate != 0, round }))
        })
    }
}
