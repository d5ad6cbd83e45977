//! `dense<"0x...">`: elements given as the raw little-endian bytes of their storage, checked
//! and decoded as upstream's `DenseElementsAttr::isValidRawBuffer` and `getFromRawBuffer` do.
//! Each element takes its width rounded up to whole bytes (`i1` is packed 8 to a byte, `i0`
//! takes no bytes); one element's worth of bytes is a splat.

use crate::attributes::DenseElements;
use crate::types::{FloatKind, TypeKind};
use crate::{Context, Type};

/// Longer data stays checked hex text: upstream prints dense data of more than 100 elements
/// in hex, and the consumers of big constants (code generation of globals, ONNX constants)
/// read hex directly, without a 16-byte value per element.
pub const KEEP_AS_HEX_ABOVE: u64 = 100;

/// Why hex data was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum HexError {
    /// Not `0x` followed by an even number of hex digits.
    NotHex,
    /// The byte count fits neither one element nor every element of the type.
    BadSize,
}

/// The bits one element of `elem` takes in a raw buffer, or None for types with no raw form.
fn storage_bits(ctx: &Context, elem: Type) -> Option<u64> {
    let round = |w: u64| if w == 1 { 1 } else { w.div_ceil(8) * 8 };
    match ctx.type_kind(elem) {
        TypeKind::Integer { width, .. } => Some(round(u64::from(*width))),
        TypeKind::Index => Some(64),
        TypeKind::Complex { element } => storage_bits(ctx, *element).map(|b| 2 * b),
        _ => ctx.float_width(elem).map(|w| round(u64::from(w))),
    }
}

/// `0x` and the bytes' upper-case hex digits (upstream prints hex in upper case).
pub fn hex_text(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(2 + 2 * bytes.len());
    out.push_str("0x");
    for &b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    out
}

/// The bytes of `0x...`, digits of either case. Model weights arrive this way in text, megabytes
/// at a time: a byte per digit pair through one table lookup each, not a parse of a substring.
pub fn hex_bytes(s: &str) -> Option<Vec<u8>> {
    let h = s.strip_prefix("0x")?.as_bytes();
    if !h.len().is_multiple_of(2) {
        return None;
    }
    h.chunks_exact(2).map(|pair| Some(hex_digit(pair[0])? << 4 | hex_digit(pair[1])?)).collect()
}

/// The value of one hex digit.
fn hex_digit(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// Check `s` against `count` elements of `elem` and decode it. Returns whether it is a splat
/// and the elements: ints and floats decoded, other element types (complex, small floats,
/// integers wider than 128 bits) and data of more than [`KEEP_AS_HEX_ABOVE`] elements kept
/// as the checked hex text.
pub fn decode(ctx: &Context, s: &str, elem: Type, count: u64) -> Result<(bool, DenseElements), HexError> {
    let bytes = hex_bytes(s).ok_or(HexError::NotHex)?;
    let Some(storage) = storage_bits(ctx, elem) else { return Err(HexError::BadSize) };
    let bits = bytes.len() as u64 * 8;
    let mut splat = count == 1;
    if storage == 1 {
        // Packed bits; a single byte of all zeros or all ones is a splat.
        if bytes.len() == 1 && (bytes[0] == 0 || bytes[0] == 0xff) {
            splat = true;
        } else if bits != count.div_ceil(8) * 8 {
            return Err(HexError::BadSize);
        }
    } else if bits == storage {
        splat = true;
    } else if Some(bits) != storage.checked_mul(count) {
        return Err(HexError::BadSize);
    }
    if !splat && count > KEEP_AS_HEX_ABOVE {
        return Ok((false, DenseElements::Hex(bytes)));
    }
    let n = if splat { count.min(1) } else { count } as usize;
    let data = match ctx.type_kind(elem) {
        TypeKind::Integer { width, .. } if *width <= 128 => {
            let v = (0..n).map(|k| ctx.normalize_int(int_at(&bytes, k, storage) as i128, elem)).collect();
            DenseElements::Ints(v)
        }
        TypeKind::Index => DenseElements::Ints((0..n).map(|k| int_at(&bytes, k, 64) as u64 as i64 as i128).collect()),
        TypeKind::Float(kind) => DenseElements::Floats((0..n).map(|k| float_at(&bytes, k, *kind)).collect()),
        _ => DenseElements::Hex(bytes),
    };
    Ok((splat, data))
}

/// Element `k`'s bits, for elements of `storage` bits (a whole number of bytes, or 1: packed).
fn int_at(bytes: &[u8], k: usize, storage: u64) -> u128 {
    if storage == 1 {
        if bytes.len() == 1 && (bytes[0] == 0 || bytes[0] == 0xff) {
            return u128::from(bytes[0] & 1);
        }
        return bytes.get(k / 8).map_or(0, |b| u128::from((b >> (k % 8)) & 1));
    }
    let n = (storage / 8) as usize;
    let chunk = bytes.get(k * n..(k + 1) * n).unwrap_or(&[]);
    chunk.iter().rev().take(16).fold(0u128, |acc, &b| (acc << 8) | u128::from(b))
}

/// Element `k` of a float buffer, as the bits of the equal f64.
fn float_at(bytes: &[u8], k: usize, kind: FloatKind) -> u64 {
    let storage = u64::from(kind.width());
    let raw = int_at(bytes, k, storage);
    let x = match kind {
        FloatKind::F16 => half::f16::from_bits(raw as u16).to_f64(),
        FloatKind::BF16 => half::bf16::from_bits(raw as u16).to_f64(),
        FloatKind::F32 => f64::from(f32::from_bits(raw as u32)),
        FloatKind::F64 => f64::from_bits(raw as u64),
    };
    x.to_bits()
}

/// The raw little-endian bytes of checked elements of `elem` (an integer, index or float
/// type), as `0x...` text: how complex literals, which have no decoded form, are kept.
pub fn encode(ctx: &Context, data: &DenseElements, elem: Type) -> String {
    let bytes = storage_bits(ctx, elem).map_or(0, |b| b.div_ceil(8)) as usize;
    let mut out = String::from("0x");
    let mut push = |bits: u128| {
        for i in 0..bytes.min(16) {
            out.push_str(&format!("{:02X}", (bits >> (8 * i)) as u8));
        }
    };
    match data {
        DenseElements::Ints(v) => v.iter().for_each(|&x| push(x as u128)),
        DenseElements::Floats(v) => {
            for &b in v {
                let f = f64::from_bits(b);
                let bits = match ctx.type_kind(elem) {
                    TypeKind::Float(FloatKind::F16) => u128::from(half::f16::from_f64(f).to_bits()),
                    TypeKind::Float(FloatKind::BF16) => u128::from(half::bf16::from_f64(f).to_bits()),
                    TypeKind::Float(FloatKind::F32) => u128::from((f as f32).to_bits()),
                    _ => u128::from(b),
                };
                push(bits);
            }
        }
        DenseElements::Hex(_) | DenseElements::Strings(_) => {}
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn hex_text_is_upper_case_pairs_and_round_trips() {
        assert_eq!(super::hex_text(&[0x00, 0x0f, 0xa5, 0xff]), "0x000FA5FF");
        assert_eq!(super::hex_text(&[]), "0x");
        let bytes: Vec<u8> = (0..=255).collect();
        assert_eq!(super::hex_bytes(&super::hex_text(&bytes)), Some(bytes));
    }

    #[test]
    fn hex_bytes_takes_either_case_and_refuses_anything_else() {
        assert_eq!(super::hex_bytes("0xa5Ff09"), Some(vec![0xa5, 0xff, 0x09]));
        assert_eq!(super::hex_bytes("0x"), Some(vec![]));
        // A sign, a digit out of range, an odd count, no prefix: from_str_radix took "+f".
        for bad in ["0x+f", "0xg0", "0x0", "a5", "0x 5", "0x-1"] {
            assert_eq!(super::hex_bytes(bad), None, "{bad}");
        }
    }
}
