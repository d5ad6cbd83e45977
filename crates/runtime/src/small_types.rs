//! The storage-only element types: the float8/float4 formats and int4/uint4/int2/uint2. The
//! runtime holds one element per byte (an 8-bit float code, or the sub-byte integer's value);
//! ONNX packs sub-byte elements two or four to a byte (low bits first) only in `TensorProto`,
//! and the readers unpack them. Kernels see them through [`Elem`] like any other type (floats
//! decode to f64 and encode as Cast with `saturate`; integers wrap to their width), so data
//! movement works on them unchanged.

use crate::dispatch::Elem;
use crate::minifloat::{Encoding, Minifloat};
use crate::value::{DType, Data};

macro_rules! small_float {
    ($t:ident, $fmt:ident, $dtype:ident, $doc:literal) => {
        #[doc = $doc]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $t(pub u8);

        impl $t {
            pub const FORMAT: Minifloat = Minifloat::$fmt;

            pub fn encode(x: f64, enc: Encoding) -> $t {
                $t(Minifloat::$fmt.encode(x, enc))
            }
        }

        impl Elem for $t {
            const DTYPE: DType = DType::$dtype;
            fn slice(d: &Data) -> Option<&[Self]> {
                match d {
                    Data::$dtype(v) => Some(v),
                    _ => None,
                }
            }
            fn into_data(v: Vec<Self>) -> Data {
                Data::$dtype(v)
            }
            fn to_i128(self) -> i128 {
                self.to_f64() as i128
            }
            fn from_i128(v: i128) -> Self {
                Self::from_f64(v as f64)
            }
            fn to_f64(self) -> f64 {
                f64::from(Minifloat::$fmt.decode(self.0))
            }
            fn from_f64(v: f64) -> Self {
                $t::encode(v, Encoding::DEFAULT)
            }
            fn write_le(self, out: &mut Vec<u8>) {
                out.push(self.0);
            }
            fn read_le(b: &[u8]) -> Self {
                $t(b.first().copied().unwrap_or(0))
            }
        }
    };
}

small_float!(F8E4M3FN, E4M3FN, F8E4M3FN, "float8e4m3fn: its 8-bit code.");
small_float!(F8E4M3FNUZ, E4M3FNUZ, F8E4M3FNUZ, "float8e4m3fnuz: its 8-bit code.");
small_float!(F8E5M2, E5M2, F8E5M2, "float8e5m2: its 8-bit code.");
small_float!(F8E5M2FNUZ, E5M2FNUZ, F8E5M2FNUZ, "float8e5m2fnuz: its 8-bit code.");
small_float!(F8E8M0, E8M0, F8E8M0, "float8e8m0: its 8-bit code (a power of two).");
small_float!(F4E2M1, E2M1, F4E2M1, "float4e2m1: its 4-bit code in the low bits.");

macro_rules! small_int {
    ($t:ident, $inner:ty, $dtype:ident, $bits:literal, $doc:literal) => {
        #[doc = $doc]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $t(pub $inner);

        impl Elem for $t {
            const DTYPE: DType = DType::$dtype;
            fn slice(d: &Data) -> Option<&[Self]> {
                match d {
                    Data::$dtype(v) => Some(v),
                    _ => None,
                }
            }
            fn into_data(v: Vec<Self>) -> Data {
                Data::$dtype(v)
            }
            fn to_i128(self) -> i128 {
                i128::from(self.0)
            }
            /// Wraps to the width, as Cast between integers does (onnx's reference too).
            fn from_i128(v: i128) -> Self {
                let low = (v as $inner) << (8 - $bits);
                $t(low >> (8 - $bits))
            }
            fn to_f64(self) -> f64 {
                f64::from(self.0)
            }
            /// Truncates toward zero, then wraps (NaN and out of the i32 range give 0).
            fn from_f64(v: f64) -> Self {
                let t = if v.is_finite() && v.abs() < 2f64.powi(31) { v as i32 } else { 0 };
                Self::from_i128(i128::from(t))
            }
            fn write_le(self, out: &mut Vec<u8>) {
                out.push(self.0 as u8);
            }
            fn read_le(b: &[u8]) -> Self {
                Self::from_i128(i128::from(b.first().copied().unwrap_or(0) as $inner))
            }
        }
    };
}

small_int!(I4, i8, I4, 4, "int4, its value (-8..=7) in a byte.");
small_int!(U4, u8, U4, 4, "uint4, its value (0..=15) in a byte.");
small_int!(I2, i8, I2, 2, "int2, its value (-2..=1) in a byte.");
small_int!(U2, u8, U2, 2, "uint2, its value (0..=3) in a byte.");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_wrap_to_their_width() {
        let i4: Vec<i8> = [-9i128, -8, 7, 8, 9, 16].iter().map(|&v| I4::from_i128(v).0).collect();
        assert_eq!(i4, [7, -8, 7, -8, -7, 0]);
        let u4: Vec<u8> = [-1i128, 15, 16, 17].iter().map(|&v| U4::from_i128(v).0).collect();
        assert_eq!(u4, [15, 15, 0, 1]);
        let i2: Vec<i8> = [-3i128, -2, 1, 2].iter().map(|&v| I2::from_i128(v).0).collect();
        assert_eq!(i2, [1, -2, 1, -2]);
        let u2: Vec<u8> = [-1i128, 3, 4].iter().map(|&v| U2::from_i128(v).0).collect();
        assert_eq!(u2, [3, 3, 0]);
        assert_eq!(I4::from_f64(-9.7).0, 7);
        assert_eq!(U2::from_f64(f64::NAN).0, 0);
        // A byte read back keeps only the type's bits.
        assert_eq!(I4::read_le(&[0x0F]).0, -1);
        assert_eq!(U2::read_le(&[0x07]).0, 3);
    }

    #[test]
    fn floats_round_trip_through_their_codes() {
        assert_eq!(F8E4M3FN::from_f64(448.0).0, 0x7E);
        assert_eq!(F8E4M3FN(0x7E).to_f64(), 448.0);
        assert_eq!(F4E2M1::from_f64(-3.5).0, 0xE);
        assert_eq!(F8E8M0::from_i128(4).0, 129);
        assert_eq!(F8E5M2::from_f64(1e9).to_f64(), 57344.0);
    }
}
