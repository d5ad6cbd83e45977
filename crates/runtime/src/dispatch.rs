//! Element-type dispatch: the [`Elem`] trait every element type implements, and the macros
//! that turn a [`Data`] or a [`DType`] into a call of one generic function, so each kernel is
//! written once.
//!
//! Arithmetic is done in two wide domains: integers and bools in `i128` (wrapping back to the
//! element width gives exactly the wrapping result at that width) and floats in `f64` (for f32,
//! f16 and bf16, rounding an f64 +, -, *, / or sqrt result once gives the same value as
//! computing in the narrower type, because f64 has more than twice their precision plus two).

use half::{bf16, f16};

use crate::value::{DType, Data};

/// `dispatch!(data_expr, v => body)`: matches every [`Data`] variant, binding its `Vec` to `v`.
macro_rules! dispatch {
    ($data:expr, $v:ident => $body:expr) => {
        match $data {
            $crate::value::Data::F32($v) => $body,
            $crate::value::Data::F64($v) => $body,
            $crate::value::Data::F16($v) => $body,
            $crate::value::Data::BF16($v) => $body,
            $crate::value::Data::I8($v) => $body,
            $crate::value::Data::I16($v) => $body,
            $crate::value::Data::I32($v) => $body,
            $crate::value::Data::I64($v) => $body,
            $crate::value::Data::U8($v) => $body,
            $crate::value::Data::U16($v) => $body,
            $crate::value::Data::U32($v) => $body,
            $crate::value::Data::U64($v) => $body,
            $crate::value::Data::Bool($v) => $body,
            $crate::value::Data::F8E4M3FN($v) => $body,
            $crate::value::Data::F8E4M3FNUZ($v) => $body,
            $crate::value::Data::F8E5M2($v) => $body,
            $crate::value::Data::F8E5M2FNUZ($v) => $body,
            $crate::value::Data::U4($v) => $body,
            $crate::value::Data::I4($v) => $body,
            $crate::value::Data::F4E2M1($v) => $body,
            $crate::value::Data::F8E8M0($v) => $body,
            $crate::value::Data::U2($v) => $body,
            $crate::value::Data::I2($v) => $body,
        }
    };
}

/// `dispatch_dtype!(dtype, T => body)`: runs `body` with the type alias `T` set to the element
/// type of `dtype`.
macro_rules! dispatch_dtype {
    ($dtype:expr, $t:ident => $body:expr) => {
        match $dtype {
            $crate::value::DType::F32 => {
                type $t = f32;
                $body
            }
            $crate::value::DType::F64 => {
                type $t = f64;
                $body
            }
            $crate::value::DType::F16 => {
                type $t = half::f16;
                $body
            }
            $crate::value::DType::BF16 => {
                type $t = half::bf16;
                $body
            }
            $crate::value::DType::I8 => {
                type $t = i8;
                $body
            }
            $crate::value::DType::I16 => {
                type $t = i16;
                $body
            }
            $crate::value::DType::I32 => {
                type $t = i32;
                $body
            }
            $crate::value::DType::I64 => {
                type $t = i64;
                $body
            }
            $crate::value::DType::U8 => {
                type $t = u8;
                $body
            }
            $crate::value::DType::U16 => {
                type $t = u16;
                $body
            }
            $crate::value::DType::U32 => {
                type $t = u32;
                $body
            }
            $crate::value::DType::U64 => {
                type $t = u64;
                $body
            }
            $crate::value::DType::Bool => {
                type $t = bool;
                $body
            }
            $crate::value::DType::F8E4M3FN => {
                type $t = $crate::small_types::F8E4M3FN;
                $body
            }
            $crate::value::DType::F8E4M3FNUZ => {
                type $t = $crate::small_types::F8E4M3FNUZ;
                $body
            }
            $crate::value::DType::F8E5M2 => {
                type $t = $crate::small_types::F8E5M2;
                $body
            }
            $crate::value::DType::F8E5M2FNUZ => {
                type $t = $crate::small_types::F8E5M2FNUZ;
                $body
            }
            $crate::value::DType::U4 => {
                type $t = $crate::small_types::U4;
                $body
            }
            $crate::value::DType::I4 => {
                type $t = $crate::small_types::I4;
                $body
            }
            $crate::value::DType::F4E2M1 => {
                type $t = $crate::small_types::F4E2M1;
                $body
            }
            $crate::value::DType::F8E8M0 => {
                type $t = $crate::small_types::F8E8M0;
                $body
            }
            $crate::value::DType::U2 => {
                type $t = $crate::small_types::U2;
                $body
            }
            $crate::value::DType::I2 => {
                type $t = $crate::small_types::I2;
                $body
            }
        }
    };
}

/// An element type.
pub trait Elem: Copy + PartialEq + std::fmt::Debug + Send + Sync + 'static {
    const DTYPE: DType;
    /// The typed elements of `d` if it has this element type.
    fn slice(d: &Data) -> Option<&[Self]>;
    fn into_data(v: Vec<Self>) -> Data;
    /// Integers and bools exactly; floats truncated toward zero (saturating, NaN -> 0).
    fn to_i128(self) -> i128;
    /// Integers wrap to the width; floats round to nearest; bool is `v != 0`.
    fn from_i128(v: i128) -> Self;
    fn to_f64(self) -> f64;
    /// As ONNX Cast: integers truncate toward zero (out of range and NaN as onnxruntime on
    /// x86-64, see `cvtt32`); bool is `v != 0`
    /// (so NaN -> true); f16/bf16 round to nearest even.
    fn from_f64(v: f64) -> Self;
    fn write_le(self, out: &mut Vec<u8>);
    /// Reads one element from exactly `size()` bytes.
    fn read_le(b: &[u8]) -> Self;
}

/// The first `N` bytes of `b`, zero-padded. A whole element is one fixed-size load: a
/// variable-length copy was a memcpy call per element (13% of a resampler's run, reading its
/// input buffer).
#[inline(always)]
fn le_bytes<const N: usize>(b: &[u8]) -> [u8; N] {
    if let Ok(a) = <[u8; N]>::try_from(b) {
        return a;
    }
    let mut a = [0u8; N];
    let n = N.min(b.len());
    a[..n].copy_from_slice(&b[..n]);
    a
}

macro_rules! impl_int {
    ($t:ty, $variant:ident, $dtype:ident, $from_f64:expr) => {
        impl Elem for $t {
            const DTYPE: DType = DType::$dtype;
            fn slice(d: &Data) -> Option<&[Self]> {
                match d {
                    Data::$variant(v) => Some(v),
                    _ => None,
                }
            }
            fn into_data(v: Vec<Self>) -> Data {
                Data::$variant(v)
            }
            fn to_i128(self) -> i128 {
                self as i128
            }
            fn from_i128(v: i128) -> Self {
                v as $t
            }
            fn to_f64(self) -> f64 {
                self as f64
            }
            fn from_f64(v: f64) -> Self {
                $from_f64(v)
            }
            fn write_le(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            #[inline(always)]
            fn read_le(b: &[u8]) -> Self {
                <$t>::from_le_bytes(le_bytes(b))
            }
        }
    };
}

// Float to integer truncates toward zero; out of range and NaN are what onnxruntime's casts give
// on x86-64 (ONNX leaves them undefined): `cvttsd2si`'s minimum value, narrow types through
// `i32` (then wrapped), `u32` through `i64`, `u64` as compilers convert it. Compiled scalar
// code does the same (convert-onnx-to-loops' scalar.rs).
fn cvtt32(v: f64) -> i32 {
    if v < 2f64.powi(31) {
        v as i32
    } else {
        i32::MIN
    }
}

fn cvtt64(v: f64) -> i64 {
    if v < 2f64.powi(63) {
        v as i64
    } else {
        i64::MIN
    }
}

fn cvtt_u64(v: f64) -> u64 {
    if v >= 2f64.powi(63) {
        (cvtt64(v - 2f64.powi(63)) as u64) ^ (1 << 63)
    } else {
        cvtt64(v) as u64
    }
}

impl_int!(i8, I8, I8, |v| cvtt32(v) as i8);
impl_int!(i16, I16, I16, |v| cvtt32(v) as i16);
impl_int!(i32, I32, I32, cvtt32);
impl_int!(i64, I64, I64, cvtt64);
impl_int!(u8, U8, U8, |v| cvtt32(v) as u8);
impl_int!(u16, U16, U16, |v| cvtt32(v) as u16);
impl_int!(u32, U32, U32, |v| cvtt64(v) as u32);
impl_int!(u64, U64, U64, cvtt_u64);

impl Elem for bool {
    const DTYPE: DType = DType::Bool;
    fn slice(d: &Data) -> Option<&[Self]> {
        match d {
            Data::Bool(v) => Some(v),
            _ => None,
        }
    }
    fn into_data(v: Vec<Self>) -> Data {
        Data::Bool(v)
    }
    fn to_i128(self) -> i128 {
        i128::from(self)
    }
    fn from_i128(v: i128) -> Self {
        v != 0
    }
    fn to_f64(self) -> f64 {
        f64::from(u8::from(self))
    }
    fn from_f64(v: f64) -> Self {
        v != 0.0
    }
    fn write_le(self, out: &mut Vec<u8>) {
        out.push(u8::from(self));
    }
    fn read_le(b: &[u8]) -> Self {
        b.first().is_some_and(|&x| x != 0)
    }
}

macro_rules! impl_float {
    ($t:ty, $variant:ident, $dtype:ident, $to:expr, $from:expr, $from_i:expr) => {
        impl Elem for $t {
            const DTYPE: DType = DType::$dtype;
            fn slice(d: &Data) -> Option<&[Self]> {
                match d {
                    Data::$variant(v) => Some(v),
                    _ => None,
                }
            }
            fn into_data(v: Vec<Self>) -> Data {
                Data::$variant(v)
            }
            fn to_i128(self) -> i128 {
                self.to_f64() as i128
            }
            fn from_i128(v: i128) -> Self {
                $from_i(v)
            }
            fn to_f64(self) -> f64 {
                $to(self)
            }
            fn from_f64(v: f64) -> Self {
                $from(v)
            }
            fn write_le(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            #[inline(always)]
            fn read_le(b: &[u8]) -> Self {
                <$t>::from_le_bytes(le_bytes(b))
            }
        }
    };
}

impl_float!(f32, F32, F32, |x: f32| f64::from(x), |v: f64| v as f32, |v: i128| v as f32);
impl_float!(f64, F64, F64, |x: f64| x, |v: f64| v, |v: i128| v as f64);
// From integers via f32: f32's 24 bits are enough for that double rounding to be exact at 11
// (f16) and 8 (bf16) bits.
impl_float!(f16, F16, F16, |x: f16| x.to_f64(), f16::from_f64, |v: i128| f16::from_f32(v as f32));
impl_float!(bf16, BF16, BF16, |x: bf16| x.to_f64(), bf16::from_f64, |v: i128| bf16::from_f32(v as f32));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_follow_cast_rules() {
        assert_eq!(i8::from_i128(300), 44);
        assert_eq!(u8::from_i128(-1), 255);
        assert_eq!(i32::from_f64(-2.7), -2);
        // Out of range and NaN: what onnxruntime 1.32 gives on x86-64 for rank-0 casts.
        assert_eq!(i32::from_f64(f64::NAN), i32::MIN);
        assert_eq!(i32::from_f64(1e20), i32::MIN);
        assert_eq!(u8::from_f64(-3.0), 253);
        assert_eq!(i8::from_f64(300.0), 44);
        assert_eq!(i16::from_f64(70000.0), 4464);
        assert_eq!(u16::from_f64(f64::INFINITY), 0);
        assert_eq!(i64::from_f64(3e19), i64::MIN);
        assert_eq!(u32::from_f64(-3e9), 1294967296);
        assert_eq!(u32::from_f64(f64::NAN), 0);
        assert_eq!(u64::from_f64(f64::NAN), 1 << 63);
        assert_eq!(u64::from_f64(f64::INFINITY), 0);
        assert_eq!(u64::from_f64(-1.5), u64::MAX);
        assert_eq!(u64::from_f64(1.8e19), 18_000_000_000_000_000_000);
        assert!(bool::from_f64(f64::NAN));
        assert!(!bool::from_f64(0.0));
        assert!(bool::from_i128(-5));
        // 2049 is between f16 neighbours 2048 and 2050: ties go to even (2048).
        assert_eq!(f16::from_i128(2049).to_f32(), 2048.0);
        assert_eq!(f16::from_f64(2051.0).to_f32(), 2052.0);
        assert_eq!(bf16::from_f64(257.0).to_f32(), 256.0);
    }

    #[test]
    fn dispatch_dtype_picks_the_type() {
        for d in DType::ALL {
            let got = dispatch_dtype!(d, T => T::DTYPE);
            assert_eq!(got, d);
        }
    }
}
