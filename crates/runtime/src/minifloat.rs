//! The 8- and 4-bit float formats of ONNX (float8e4m3fn, float8e4m3fnuz, float8e5m2,
//! float8e5m2fnuz, float4e2m1, float8e8m0): decoding a code to its value and encoding a value
//! as ONNX's Cast does (onnx's reference: `saturate_cast` clips to the finite range, then
//! ml_dtypes rounds to nearest even; float8e8m0 keeps only the exponent, rounded by
//! `round_mode`).
//!
//! Hand-written because no crate covers them: `float8` has only e4m3fn and e5m2, and always
//! saturates. The tests check every code of every format, and every f32 between the codes'
//! midpoints, against a search over the decoded codes.

/// One of the small float formats, by its ONNX `TensorProto.DataType` code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Minifloat {
    E4M3FN,
    E4M3FNUZ,
    E5M2,
    E5M2FNUZ,
    E2M1,
    E8M0,
}

/// How to encode: `saturate` (ONNX Cast's attribute: out-of-range and infinite values become
/// the largest finite value instead of inf or NaN) and float8e8m0's `round_mode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Encoding {
    pub saturate: bool,
    pub round: RoundMode,
}

impl Encoding {
    /// ONNX Cast's defaults: saturate, and round up (float8e8m0 only).
    pub const DEFAULT: Encoding = Encoding { saturate: true, round: RoundMode::Up };
}

/// float8e8m0's rounding of a value between two powers of two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundMode {
    Up,
    Down,
    Nearest,
}

impl RoundMode {
    /// The `round_mode` attribute's spelling.
    pub fn from_name(s: &str) -> Option<RoundMode> {
        match s {
            "up" => Some(RoundMode::Up),
            "down" => Some(RoundMode::Down),
            "nearest" => Some(RoundMode::Nearest),
            _ => None,
        }
    }
}

/// The layout of the sign/exponent/mantissa formats (all but e8m0).
struct Layout {
    exp_bits: u32,
    man_bits: u32,
    bias: i32,
    /// E5M2: the all-ones exponent holds inf (mantissa 0) and NaNs.
    ieee_specials: bool,
    /// "fnuz": no negative zero; its code (sign bit alone) is the only NaN.
    nan_is_neg_zero: bool,
    /// "fn": the all-ones code (either sign) is NaN, the rest of that exponent is finite.
    nan_is_all_ones: bool,
}

impl Minifloat {
    pub fn bits(self) -> u32 {
        if self == Minifloat::E2M1 {
            4
        } else {
            8
        }
    }

    fn layout(self) -> Layout {
        let l = |exp_bits, man_bits, bias, ieee, nuz, fnan| Layout {
            exp_bits,
            man_bits,
            bias,
            ieee_specials: ieee,
            nan_is_neg_zero: nuz,
            nan_is_all_ones: fnan,
        };
        match self {
            Minifloat::E4M3FN => l(4, 3, 7, false, false, true),
            Minifloat::E4M3FNUZ => l(4, 3, 8, false, true, false),
            Minifloat::E5M2 => l(5, 2, 15, true, false, false),
            Minifloat::E5M2FNUZ => l(5, 2, 16, false, true, false),
            Minifloat::E2M1 => l(2, 1, 1, false, false, false),
            // Not used: e8m0 has its own paths.
            Minifloat::E8M0 => l(8, 0, 127, false, false, false),
        }
    }

    fn sign_bit(self) -> u8 {
        1 << (self.bits() - 1)
    }

    /// The NaN code a NaN input encodes to (float4e2m1 has none: ml_dtypes gives -0).
    fn nan_code(self) -> u8 {
        match self {
            Minifloat::E4M3FN | Minifloat::E5M2 => 0x7F,
            Minifloat::E4M3FNUZ | Minifloat::E5M2FNUZ => 0x80,
            Minifloat::E2M1 => 0x8,
            Minifloat::E8M0 => 0xFF,
        }
    }

    /// The code of the largest finite value.
    fn max_code(self) -> u8 {
        match self {
            Minifloat::E4M3FN => 0x7E,
            Minifloat::E4M3FNUZ | Minifloat::E5M2FNUZ => 0x7F,
            Minifloat::E5M2 => 0x7B,
            Minifloat::E2M1 => 0x7,
            Minifloat::E8M0 => 0xFE,
        }
    }

    /// The value of `code` (its low `bits()` bits).
    pub fn decode(self, code: u8) -> f32 {
        if self == Minifloat::E8M0 {
            return if code == 0xFF { f32::NAN } else { 2f32.powi(i32::from(code) - 127) };
        }
        let l = self.layout();
        let code = if self.bits() == 4 { code & 0xF } else { code };
        let neg = code & self.sign_bit() != 0;
        let e = u32::from(code >> l.man_bits) & ((1 << l.exp_bits) - 1);
        let m = u32::from(code) & ((1 << l.man_bits) - 1);
        if l.nan_is_neg_zero && code == 0x80 || l.nan_is_all_ones && code & 0x7F == 0x7F {
            return f32::NAN;
        }
        if l.ieee_specials && e == (1 << l.exp_bits) - 1 {
            return if m == 0 {
                if neg {
                    f32::NEG_INFINITY
                } else {
                    f32::INFINITY
                }
            } else {
                f32::NAN
            };
        }
        let scale = |p: i32| 2f64.powi(p);
        let v = if e == 0 {
            f64::from(m) * scale(1 - l.bias - l.man_bits as i32)
        } else {
            (1.0 + f64::from(m) / scale(l.man_bits as i32)) * scale(e as i32 - l.bias)
        };
        (if neg { -v } else { v }) as f32
    }

    /// The code ONNX Cast gives `x` (every source type reaches here through f64, exactly).
    pub fn encode(self, x: f64, enc: Encoding) -> u8 {
        if self == Minifloat::E8M0 {
            return encode_e8m0(x as f32, enc);
        }
        if x.is_nan() {
            return self.nan_code();
        }
        let max = f64::from(self.decode(self.max_code()));
        let neg = x.is_sign_negative();
        let sign = if neg { self.sign_bit() } else { 0 };
        let mut a = x.abs();
        // onnx's saturate_cast clips before converting, so infinities saturate too.
        if enc.saturate || self == Minifloat::E2M1 {
            a = a.min(max);
        }
        let l = self.layout();
        let r = round_to_grid(a, l.man_bits, 1 - l.bias);
        if r > max {
            return if l.ieee_specials { sign | (((1u8 << l.exp_bits) - 1) << l.man_bits) } else { self.nan_code() };
        }
        if r == 0.0 {
            return if l.nan_is_neg_zero { 0 } else { sign };
        }
        let emin = 1 - l.bias;
        let e = r.log2().floor() as i32;
        let code = if e < emin {
            (r / 2f64.powi(emin - l.man_bits as i32)) as u8
        } else {
            let m = (r / 2f64.powi(e - l.man_bits as i32)) as u32 - (1 << l.man_bits);
            (((e + l.bias) as u32) << l.man_bits | m) as u8
        };
        sign | code
    }
}

/// `a` (>= 0, not NaN) rounded to nearest even on the grid of a float with `man_bits` of
/// mantissa and smallest normal exponent `emin` (below it, the subnormal step). Scaling by a
/// power of two is exact in f64, so only the final rounding rounds.
fn round_to_grid(a: f64, man_bits: u32, emin: i32) -> f64 {
    if a == 0.0 || a.is_infinite() {
        return a;
    }
    let e = (a.log2().floor() as i32).max(emin);
    // log2 of values just below a power of two can round up: correct the exponent.
    let e = if 2f64.powi(e) > a && e > emin { e - 1 } else { e };
    let q = 2f64.powi(e - man_bits as i32);
    (a / q).round_ties_even() * q
}

/// onnx's `to_float8e8m0`: the f32 exponent field, rounded up when a mantissa bit is set
/// (`up`), never (`down`), or on the guard bit with ties to even (`nearest`); `saturate` keeps
/// the largest exponent from rounding into the NaN code. NaN and infinities are NaN.
fn encode_e8m0(x: f32, enc: Encoding) -> u8 {
    let bits = x.to_bits();
    let exponent = (bits >> 23) & 0xFF;
    if exponent == 0xFF {
        return 0xFF;
    }
    let round_up = match enc.round {
        RoundMode::Down => false,
        RoundMode::Up => bits & 0x7F_FFFF != 0,
        RoundMode::Nearest => {
            let g = bits & 0x40_0000 != 0;
            let r = bits & 0x20_0000 != 0;
            let s = bits & 0x1F_FFFF != 0;
            g && (r || s || exponent > 0)
        }
    };
    let round_up = round_up && !(enc.saturate && exponent == 0xFE);
    (exponent + u32::from(round_up)) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    const FORMATS: [Minifloat; 5] =
        [Minifloat::E4M3FN, Minifloat::E4M3FNUZ, Minifloat::E5M2, Minifloat::E5M2FNUZ, Minifloat::E2M1];

    /// The finite codes' values, for a search: (value, code).
    fn finite(f: Minifloat) -> Vec<(f64, u8)> {
        (0..1u16 << f.bits()).map(|c| (f64::from(f.decode(c as u8)), c as u8)).filter(|(v, _)| v.is_finite()).collect()
    }

    /// Round to nearest, ties to the code with an even mantissa (an even code), by search
    /// among the codes of `x`'s sign (and +0 for the formats without -0).
    fn nearest(f: Minifloat, x: f64) -> u8 {
        let mut best: Option<(f64, u8)> = None;
        for (v, c) in finite(f) {
            let same_sign = (c & f.sign_bit() != 0) == x.is_sign_negative();
            if !(same_sign || c == 0 && f.layout().nan_is_neg_zero) {
                continue;
            }
            let d = (v - x).abs();
            best = match best {
                Some((bd, bc)) if bd < d || bd == d && bc & 1 == 0 => Some((bd, bc)),
                _ => Some((d, c)),
            };
        }
        best.expect("a finite code").1
    }

    #[test]
    fn known_values_of_each_format() {
        assert_eq!(Minifloat::E4M3FN.decode(0x7E), 448.0);
        assert!(Minifloat::E4M3FN.decode(0x7F).is_nan() && Minifloat::E4M3FN.decode(0xFF).is_nan());
        assert_eq!(Minifloat::E4M3FN.decode(0x01), 2f32.powi(-9));
        assert_eq!(Minifloat::E4M3FNUZ.decode(0x7F), 240.0);
        assert!(Minifloat::E4M3FNUZ.decode(0x80).is_nan());
        assert_eq!(Minifloat::E5M2.decode(0x7B), 57344.0);
        assert_eq!(Minifloat::E5M2.decode(0x7C), f32::INFINITY);
        assert_eq!(Minifloat::E5M2.decode(0xFC), f32::NEG_INFINITY);
        assert_eq!(Minifloat::E5M2FNUZ.decode(0x7F), 57344.0);
        assert_eq!(Minifloat::E5M2FNUZ.decode(0x01), 2f32.powi(-17));
        let e2m1: Vec<f32> = (0..8).map(|c| Minifloat::E2M1.decode(c)).collect();
        assert_eq!(e2m1, [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0]);
        assert_eq!(Minifloat::E2M1.decode(0xF), -6.0);
        assert_eq!(Minifloat::E8M0.decode(127), 1.0);
        assert_eq!(Minifloat::E8M0.decode(0), 2f32.powi(-127));
        assert!(Minifloat::E8M0.decode(0xFF).is_nan());
    }

    #[test]
    fn every_code_encodes_back_to_itself() {
        for f in FORMATS {
            for (v, c) in finite(f) {
                let got = f.encode(v, Encoding::DEFAULT);
                // fnuz has no -0: 0x80 is NaN, so only +0 comes back.
                assert_eq!(got, c, "{f:?}: {v} (code {c:#x})");
            }
        }
        // Code 0 (2^-127) is an f32 subnormal, whose exponent field is 0 with a fraction: it
        // rounds up to code 1 in onnx's reference too.
        for c in 1..0xFFu8 {
            assert_eq!(encode_e8m0(Minifloat::E8M0.decode(c), Encoding::DEFAULT), c);
        }
    }

    #[test]
    fn between_codes_rounds_to_nearest_even() {
        for f in FORMATS {
            let vals = finite(f);
            for &(v, _) in &vals {
                for &(w, _) in &vals {
                    if w <= v || v.is_sign_negative() != w.is_sign_negative() && v != 0.0 {
                        continue;
                    }
                    let mid = (v + w) / 2.0;
                    for x in [mid, next_up(mid).into(), next_down(mid).into(), (v + mid) / 2.0, (mid + w) / 2.0] {
                        let x = f64::from(x as f32);
                        let want = nearest(f, x);
                        assert_eq!(f.encode(x, Encoding::DEFAULT), want, "{f:?}: {x}");
                    }
                }
            }
        }
    }

    fn next_up(x: f64) -> f32 {
        let f = x as f32;
        f32::from_bits(if f >= 0.0 { f.to_bits() + 1 } else { f.to_bits() - 1 })
    }

    fn next_down(x: f64) -> f32 {
        let f = x as f32;
        if f == 0.0 {
            return -f32::from_bits(1);
        }
        f32::from_bits(if f > 0.0 { f.to_bits() - 1 } else { f.to_bits() + 1 })
    }

    #[test]
    fn out_of_range_saturates_or_overflows_as_onnx() {
        let no_sat = Encoding { saturate: false, round: RoundMode::Up };
        for f in FORMATS {
            let max = f.max_code();
            assert_eq!(f.encode(1e9, Encoding::DEFAULT), max, "{f:?}");
            assert_eq!(f.encode(f64::INFINITY, Encoding::DEFAULT), max, "{f:?}");
            assert_eq!(f.encode(f64::NEG_INFINITY, Encoding::DEFAULT), max | f.sign_bit(), "{f:?}");
            assert!(f == Minifloat::E2M1 || f.decode(f.encode(f64::NAN, Encoding::DEFAULT)).is_nan());
        }
        assert!(Minifloat::E4M3FN.decode(Minifloat::E4M3FN.encode(500.0, no_sat)).is_nan());
        // 464 is the tie between 448 and 480 (not a value): even mantissa, 448.
        assert_eq!(Minifloat::E4M3FN.encode(464.0, no_sat), 0x7E);
        assert_eq!(Minifloat::E5M2.encode(1e6, no_sat), 0x7C);
        assert_eq!(Minifloat::E5M2.encode(-1e6, no_sat), 0xFC);
        assert_eq!(Minifloat::E5M2FNUZ.encode(f64::INFINITY, no_sat), 0x80);
        assert_eq!(Minifloat::E4M3FNUZ.encode(-0.0, Encoding::DEFAULT), 0);
        assert_eq!(Minifloat::E4M3FN.encode(-0.0, Encoding::DEFAULT), 0x80);
    }

    #[test]
    fn e8m0_rounds_by_mode() {
        let m = |round, saturate| Encoding { saturate, round };
        assert_eq!(encode_e8m0(1.0, Encoding::DEFAULT), 127);
        assert_eq!(encode_e8m0(1.25, m(RoundMode::Up, true)), 128);
        assert_eq!(encode_e8m0(1.75, m(RoundMode::Down, true)), 127);
        assert_eq!(encode_e8m0(1.5, m(RoundMode::Nearest, true)), 128);
        assert_eq!(encode_e8m0(1.25, m(RoundMode::Nearest, true)), 127);
        assert_eq!(encode_e8m0(f32::MAX, m(RoundMode::Up, true)), 0xFE);
        assert_eq!(encode_e8m0(f32::MAX, m(RoundMode::Up, false)), 0xFF);
        assert_eq!(encode_e8m0(f32::INFINITY, Encoding::DEFAULT), 0xFF);
        assert_eq!(encode_e8m0(-4.0, Encoding::DEFAULT), 129);
    }
}
