//! Constant values as folding sees them: a scalar, or the elements of a splat or dense
//! vector/tensor, decoded from attributes and encoded back.

use flowgate_ir::{AttrKind, Attribute, Context, DenseElements, FloatKind, Type};

/// Element values. Integers are kept as the attribute stores them (sign-extended for
/// signless types); floats as `f64`, which holds every f16/bf16/f32 value exactly.
#[derive(Clone, Debug, PartialEq)]
pub enum Elems {
    Int(Vec<i128>),
    Float(Vec<f64>),
}

/// A decoded constant: a scalar or splat holds one element.
#[derive(Clone, Debug)]
pub struct Const {
    pub elem_ty: Type,
    pub elems: Elems,
}

impl Const {
    pub fn ints(&self) -> Option<&[i128]> {
        match &self.elems {
            Elems::Int(v) => Some(v),
            Elems::Float(_) => None,
        }
    }

    pub fn floats(&self) -> Option<&[f64]> {
        match &self.elems {
            Elems::Float(v) => Some(v),
            Elems::Int(_) => None,
        }
    }

    /// True when every element is an integer satisfying `f`.
    pub fn all_int(&self, f: impl Fn(i128) -> bool) -> bool {
        self.ints().is_some_and(|v| !v.is_empty() && v.iter().all(|&x| f(x)))
    }

    pub fn all_float(&self, f: impl Fn(f64) -> bool) -> bool {
        self.floats().is_some_and(|v| !v.is_empty() && v.iter().all(|&x| f(x)))
    }

    /// The single value of a scalar or splat integer constant.
    pub fn splat_int(&self) -> Option<i128> {
        let v = self.ints()?;
        let first = *v.first()?;
        v.iter().all(|&x| x == first).then_some(first)
    }
}

pub fn decode(ctx: &Context, a: Attribute) -> Option<Const> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, ty } => Some(Const { elem_ty: *ty, elems: Elems::Int(vec![*value]) }),
        AttrKind::Float { bits, ty } => Some(Const { elem_ty: *ty, elems: Elems::Float(vec![f64::from_bits(*bits)]) }),
        AttrKind::DenseElements { ty, data, .. } => {
            let elem_ty = ctx.element_type(*ty)?;
            let elems = match data {
                DenseElements::Ints(v) if ctx.is_integer(elem_ty) || ctx.is_index(elem_ty) => Elems::Int(v.clone()),
                DenseElements::Floats(v) if ctx.is_float(elem_ty) => {
                    Elems::Float(v.iter().map(|&b| f64::from_bits(b)).collect())
                }
                _ => return None,
            };
            if match &elems {
                Elems::Int(v) => v.is_empty(),
                Elems::Float(v) => v.is_empty(),
            } {
                return None;
            }
            Some(Const { elem_ty, elems })
        }
        _ => None,
    }
}

/// The attribute for `elems` of type `ty` (a scalar, or a static vector/tensor). One element
/// for a shaped type means a splat; equal elements are stored as a splat, as upstream does.
pub fn encode(ctx: &mut Context, ty: Type, elems: Elems) -> Option<Attribute> {
    let elem_ty = ctx.element_type_or_self(ty);
    let shaped = ctx.element_type(ty).is_some();
    if !shaped {
        return match elems {
            Elems::Int(v) if v.len() == 1 && (ctx.is_integer(ty) || ctx.is_index(ty)) => {
                Some(ctx.integer_attr(v[0], ty))
            }
            Elems::Float(v) if v.len() == 1 && ctx.is_float(ty) => Some(ctx.float_attr(v[0], ty)),
            _ => None,
        };
    }
    let shape = ctx.shape(ty)?.to_vec();
    if shape.iter().any(|&d| d < 0) || ctx.is_memref(ty) {
        return None;
    }
    let count: i64 = shape.iter().product();
    let data = match elems {
        Elems::Int(v) if ctx.is_integer(elem_ty) || ctx.is_index(elem_ty) => {
            DenseElements::Ints(v.into_iter().map(|x| ctx.normalize_int(x, elem_ty)).collect())
        }
        Elems::Float(v) if ctx.is_float(elem_ty) => {
            DenseElements::Floats(v.into_iter().map(|x| ctx.round_float(x, elem_ty).to_bits()).collect())
        }
        _ => return None,
    };
    let (splat, data) = match data {
        DenseElements::Ints(v) if v.windows(2).all(|w| w[0] == w[1]) => {
            (true, DenseElements::Ints(v[..1.min(v.len())].to_vec()))
        }
        DenseElements::Floats(v) if v.windows(2).all(|w| w[0] == w[1]) => {
            (true, DenseElements::Floats(v[..1.min(v.len())].to_vec()))
        }
        d => (false, d),
    };
    if data.is_empty() || (!splat && data.len() as i64 != count) {
        return None;
    }
    Some(ctx.intern_attr(AttrKind::DenseElements { ty, splat, data }))
}

/// Pair up two element lists, broadcasting a single (splat) element.
pub fn zip2<T: Copy>(a: &[T], b: &[T]) -> Option<Vec<(T, T)>> {
    match (a.len(), b.len()) {
        (x, y) if x == y => Some(a.iter().copied().zip(b.iter().copied()).collect()),
        (1, _) => Some(b.iter().map(|&y| (a[0], y)).collect()),
        (_, 1) => Some(a.iter().map(|&x| (x, b[0])).collect()),
        _ => None,
    }
}

// ----- integer arithmetic at a given width (index is 64 bits) -----

pub fn mask(w: u32) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

/// The value's bits, zero-extended from width `w`.
pub fn zext(v: i128, w: u32) -> u128 {
    (v as u128) & mask(w)
}

/// The value's bits, sign-extended from width `w`.
pub fn sext(v: i128, w: u32) -> i128 {
    if w == 0 || w >= 128 {
        return v;
    }
    let s = 128 - w;
    (((v as u128) << s) as i128) >> s
}

pub fn signed_min(w: u32) -> i128 {
    sext(1i128 << (w.clamp(1, 128) - 1), w)
}

pub fn signed_max(w: u32) -> i128 {
    signed_min(w).wrapping_sub(1) & (mask(w) >> 1) as i128
}

/// Folding width of an integer or index element type; wider than 128 bits does not fold.
pub fn int_width(ctx: &Context, ty: Type) -> Option<u32> {
    let w = crate::types::scalar_width(ctx, ty)?;
    ((ctx.is_integer(ty) || ctx.is_index(ty)) && (1..=128).contains(&w)).then_some(w)
}

// ----- float conversions -----

/// The exact integer `-mag` or `mag` rounded to nearest-even in format `k`. For f16 and bf16
/// the integer is first rounded to odd at f32 precision (exact in f32), which makes the
/// second, correctly rounded f32 to 16-bit conversion of `half` give the single rounding.
pub fn int_to_float(neg: bool, mag: u128, k: FloatKind) -> f64 {
    let v = match k {
        FloatKind::F64 => mag as f64,
        FloatKind::F32 => mag as f32 as f64,
        FloatKind::F16 => half::f16::from_f32(round_to_odd_f32(mag)).to_f64(),
        FloatKind::BF16 => half::bf16::from_f32(round_to_odd_f32(mag)).to_f64(),
    };
    if neg {
        -v
    } else {
        v
    }
}

/// `mag` with its bits below the 24 most significant ones folded into a sticky lowest bit.
fn round_to_odd_f32(mag: u128) -> f32 {
    let bits = 128 - mag.leading_zeros();
    if bits <= 24 {
        return mag as f32;
    }
    let shift = bits - 24;
    let kept = mag >> shift;
    let sticky = (mag & ((1u128 << shift) - 1) != 0) as u128;
    // 24 significant bits times a power of two: exact in f64 and in f32.
    (((kept | sticky) as f64) * 2f64.powi(shift as i32)) as f32
}

/// The bits of `v` in format `k` (for bitcast).
pub fn float_bits(v: f64, k: FloatKind) -> u128 {
    match k {
        FloatKind::F64 => v.to_bits() as u128,
        FloatKind::F32 => (v as f32).to_bits() as u128,
        FloatKind::F16 => half::f16::from_f64(v).to_bits() as u128,
        FloatKind::BF16 => half::bf16::from_f64(v).to_bits() as u128,
    }
}

pub fn float_from_bits(b: u128, k: FloatKind) -> f64 {
    match k {
        FloatKind::F64 => f64::from_bits(b as u64),
        FloatKind::F32 => f32::from_bits(b as u32) as f64,
        FloatKind::F16 => half::f16::from_bits(b as u16).to_f64(),
        FloatKind::BF16 => half::bf16::from_bits(b as u16).to_f64(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths() {
        assert_eq!(sext(0xff, 8), -1);
        assert_eq!(zext(-1, 8), 255);
        assert_eq!(signed_min(8), -128);
        assert_eq!(signed_max(8), 127);
        assert_eq!(signed_min(1), -1);
        assert_eq!(signed_max(1), 0);
        assert_eq!(signed_max(64), i64::MAX as i128);
        assert_eq!(signed_min(128), i128::MIN);
        assert_eq!(signed_max(128), i128::MAX);
    }

    #[test]
    fn int_to_half_rounds_once() {
        // 2049 is a tie between 2048 and 2050 in f16: nearest-even gives 2048.
        assert_eq!(int_to_float(false, 2049, FloatKind::F16), 2048.0);
        assert_eq!(int_to_float(false, 2051, FloatKind::F16), 2052.0);
        // A tie in bf16 just above 2^53 that a plain f64 rounding would break the wrong way.
        let v: u128 = (1u128 << 60) + (1u128 << 52) + 1;
        assert_eq!(
            int_to_float(false, v, FloatKind::BF16),
            half::bf16::from_f64(((1u64 << 60) + (1u64 << 53)) as f64).to_f64()
        );
        assert_eq!(int_to_float(true, 3, FloatKind::F32), -3.0);
    }
}
