//! Float printing exactly as upstream MLIR: `printFloatValue` tries LLVM's
//! `APFloat::toString(str, 6, 0, false)` (`1.500000e+00`) and keeps it when it reads back to the
//! same value; otherwise it uses `APFloat::toString(str)` when that has a `.`
//! (`1.00000012`, `9.99999974E-6`), and hex bits for everything else (`0x4B800000`, NaN, inf).
//! The decimal conversion below follows APFloat's algorithm digit for digit: the exact value
//! `m * 2^e` becomes `m * 5^-e * 10^e`, low digits beyond what the precision needs are
//! discarded, and the rest is rounded half up to the format's digit count.

use crate::types::FloatKind;

/// Binary digits of the significand, including the implicit bit.
fn precision(k: FloatKind) -> usize {
    match k {
        FloatKind::F16 => 11,
        FloatKind::BF16 => 8,
        FloatKind::F32 => 24,
        FloatKind::F64 => 53,
    }
}

/// A little-endian big unsigned integer, just enough for exact float-to-decimal conversion.
struct Big(Vec<u32>);

impl Big {
    fn from_u64(v: u64) -> Big {
        let mut b = Big(vec![v as u32, (v >> 32) as u32]);
        b.trim();
        b
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    fn bit_len(&self) -> usize {
        match self.0.last() {
            Some(&top) => (self.0.len() - 1) * 32 + (32 - top.leading_zeros() as usize),
            None => 0,
        }
    }

    fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for limb in &mut self.0 {
            let x = *limb as u64 * m as u64 + carry;
            *limb = x as u32;
            carry = x >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }

    fn shl(&mut self, bits: usize) {
        let (words, rest) = (bits / 32, bits % 32);
        if rest != 0 {
            let mut carry = 0u32;
            for limb in &mut self.0 {
                let x = ((*limb as u64) << rest) | carry as u64;
                *limb = x as u32;
                carry = (x >> 32) as u32;
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
        self.0.splice(0..0, std::iter::repeat_n(0, words));
    }

    /// Divide by 10 in place, returning the remainder.
    fn divrem10(&mut self) -> u8 {
        let mut rem = 0u64;
        for limb in self.0.iter_mut().rev() {
            let x = (rem << 32) | *limb as u64;
            *limb = (x / 10) as u32;
            rem = x % 10;
        }
        self.trim();
        rem as u8
    }
}

/// `APFloat::toString(str, format_precision, max_padding, truncate_zero)` for a finite value.
pub fn apfloat_to_string(
    v: f64,
    k: FloatKind,
    format_precision: usize,
    max_padding: usize,
    truncate_zero: bool,
) -> String {
    let mut out = String::new();
    if v.is_sign_negative() {
        out.push('-');
    }
    if v == 0.0 {
        if max_padding == 0 {
            if truncate_zero {
                out.push_str("0.0E+0");
            } else {
                out.push_str("0.0");
                for _ in 1..format_precision {
                    out.push('0');
                }
                out.push_str("e+00");
            }
        } else {
            out.push('0');
        }
        return out;
    }
    let p = if format_precision == 0 { 2 + precision(k) * 59 / 196 } else { format_precision };
    // The exact value as an odd integer times a power of two (f64 holds every format exactly).
    let bits = v.abs().to_bits();
    let (biased, frac) = ((bits >> 52) as i64, bits & ((1u64 << 52) - 1));
    let (mut m, mut e) = if biased == 0 { (frac, -1074i64) } else { (frac | (1u64 << 52), biased - 1075) };
    let tz = m.trailing_zeros();
    m >>= tz;
    e += tz as i64;
    let mut sig = Big::from_u64(m);
    let mut exp: i64 = 0;
    if e > 0 {
        sig.shl(e as usize);
    } else if e < 0 {
        for _ in 0..-e {
            sig.mul_small(5);
        }
        exp = e;
    }
    // Digits, least significant first; low digits beyond the needed precision are dropped.
    let required = (p * 196).div_ceil(59);
    let mut discard = sig.bit_len().saturating_sub(required) * 59 / 196;
    let mut buffer: Vec<u8> = Vec::new();
    let mut in_trail = true;
    while !sig.is_zero() {
        let d = sig.divrem10();
        if discard > 0 {
            discard -= 1;
            exp += 1;
            continue;
        }
        if in_trail && d == 0 {
            exp += 1;
        } else {
            in_trail = false;
            buffer.push(b'0' + d);
        }
    }
    if buffer.len() > p {
        let mut first = buffer.len() - p;
        if buffer[first - 1] < b'5' {
            while first < buffer.len() && buffer[first] == b'0' {
                first += 1;
            }
        } else {
            let mut i = first;
            while i < buffer.len() {
                if buffer[i] == b'9' {
                    first += 1;
                    i += 1;
                } else {
                    buffer[i] += 1;
                    break;
                }
            }
        }
        exp += first as i64;
        buffer.drain(..first.min(buffer.len()));
        if buffer.is_empty() {
            buffer.push(b'1');
        }
    }
    let n = buffer.len();
    let scientific = if max_padding == 0 {
        true
    } else if exp >= 0 {
        exp as usize > max_padding || n + exp as usize > p
    } else {
        let msd = exp + n as i64 - 1;
        msd < 0 && (-msd) as usize > max_padding
    };
    let digit = |i: usize| buffer[i] as char;
    if scientific {
        exp += n as i64 - 1;
        out.push(digit(n - 1));
        out.push('.');
        if n == 1 && truncate_zero {
            out.push('0');
        } else {
            for i in (0..n - 1).rev() {
                out.push(digit(i));
            }
        }
        if !truncate_zero && p > n - 1 {
            for _ in 0..=(p - n) {
                out.push('0');
            }
        }
        out.push(if truncate_zero { 'E' } else { 'e' });
        if truncate_zero {
            out.push_str(&format!("{exp:+}"));
        } else {
            out.push_str(&format!("{exp:+03}"));
        }
        return out;
    }
    if exp >= 0 {
        for i in (0..n).rev() {
            out.push(digit(i));
        }
        for _ in 0..exp {
            out.push('0');
        }
        return out;
    }
    let unit = (-exp) as usize;
    if unit < n {
        for i in (unit..n).rev() {
            out.push(digit(i));
        }
        out.push('.');
        for i in (0..unit).rev() {
            out.push(digit(i));
        }
    } else {
        out.push_str("0.");
        for _ in n..unit {
            out.push('0');
        }
        for i in (0..n).rev() {
            out.push(digit(i));
        }
    }
    out
}

/// Does the decimal text read back as exactly `v` in format `k`?
fn reads_back(s: &str, v: f64, k: FloatKind) -> bool {
    match k {
        FloatKind::F64 => s.parse::<f64>().is_ok_and(|p| p.to_bits() == v.to_bits()),
        FloatKind::F32 => s.parse::<f32>().is_ok_and(|p| p.to_bits() == (v as f32).to_bits()),
        FloatKind::F16 => {
            s.parse::<f64>().is_ok_and(|p| half::f16::from_f64(p).to_bits() == half::f16::from_f64(v).to_bits())
        }
        FloatKind::BF16 => {
            s.parse::<f64>().is_ok_and(|p| half::bf16::from_f64(p).to_bits() == half::bf16::from_f64(v).to_bits())
        }
    }
}

/// The bits of `v` in format `k` as upstream's hex float literal.
pub fn hex_bits(v: f64, k: FloatKind) -> String {
    match k {
        FloatKind::F64 => format!("0x{:016X}", v.to_bits()),
        FloatKind::F32 => format!("0x{:08X}", (v as f32).to_bits()),
        FloatKind::F16 => format!("0x{:04X}", half::f16::from_f64(v).to_bits()),
        FloatKind::BF16 => format!("0x{:04X}", half::bf16::from_f64(v).to_bits()),
    }
}

/// Upstream's `printFloatValue`.
pub fn format_float(v: f64, k: FloatKind) -> String {
    if v.is_finite() {
        let short = apfloat_to_string(v, k, 6, 0, false);
        if reads_back(&short, v, k) {
            return short;
        }
        let full = apfloat_to_string(v, k, 0, 3, true);
        if full.contains('.') {
            return full;
        }
    }
    hex_bits(v, k)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pairs printed by upstream mlir-opt 22 for `arith.constant <literal> : <type>`.
    #[test]
    fn matches_upstream_printing() {
        use FloatKind::*;
        let cases: &[(f64, FloatKind, &str)] = &[
            (1234567.0, F32, "0x4996B438"),
            (1.234_567_89, F64, "1.2345678899999999"),
            (0.1, F32, "1.000000e-01"),
            (1.0e-5, F32, "9.99999974E-6"),
            (123456.0, F32, "1.234560e+05"),
            (1.5e10, F64, "1.500000e+10"),
            (16777217.0, F64, "0x4170000010000000"),
            (16777216.0, F32, "0x4B800000"),
            (1.0e8, F64, "1.000000e+08"),
            (1.0000001, F32, "1.00000012"),
            (0.3, F64, "3.000000e-01"),
            (1.2345678e-7, F64, "1.2345677999999999E-7"),
            (123456789012.0, F64, "0x423CBE991A140000"),
            (0.0001234567, F32, "1.23456703E-4"),
            (2.5e-3, F16, "2.500530e-03"),
            (1.23456e20, F64, "1.234560e+20"),
            (65504.0, F16, "6.550400e+04"),
            (3.0e38, F32, "3.000000e+38"),
            (1.1, BF16, "1.101560e+00"),
            (4.9e-324, F64, "4.940660e-324"),
            (1.0e-10, F64, "1.000000e-10"),
            (1234.5678, F64, "1234.5678"),
            (0.0, F32, "0.000000e+00"),
            (-0.0, BF16, "-0.000000e+00"),
            (-1.5, F64, "-1.500000e+00"),
            (f64::NAN, F32, "0x7FC00000"),
            (f64::INFINITY, F64, "0x7FF0000000000000"),
            (f64::NEG_INFINITY, F16, "0xFC00"),
        ];
        for &(v, k, want) in cases {
            let v = match k {
                F32 => v as f32 as f64,
                F16 => half::f16::from_f64(v).to_f64(),
                BF16 => half::bf16::from_f64(v).to_f64(),
                F64 => v,
            };
            assert_eq!(format_float(v, k), want, "{v} as {k:?}");
        }
    }
}
