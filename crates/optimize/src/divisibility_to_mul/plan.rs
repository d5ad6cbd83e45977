//! The constants of a zero-remainder test done by multiplication (Hacker's Delight 10-17, the
//! same algebra as LLVM's `BuildUREMEqFold`/`BuildSREMEqFold`). Pure arithmetic on W-bit
//! patterns held in `u128`, so it is tested exhaustively without any IR.
//!
//! Why it works: write the divisor's magnitude as `d0 * 2^k` with `d0` odd. Multiplying by
//! `inv(d0)` (mod 2^W) is a bijection that sends every multiple `d0 * 2^k * q` to `2^k * q`, so
//! the multiples land, in order, on a small interval of multiples of `2^k`. Rotating right by
//! `k` moves any non-zero low bits (x not divisible by `2^k`) to the top, far above that
//! interval. One unsigned compare then decides divisibility.

/// How the remainder is taken: `arith.remui` or `arith.remsi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signedness {
    Unsigned,
    Signed,
}

/// A test equivalent to `x rem C == 0` at width W, in the ops the pass emits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZeroRemainderTest {
    /// `x & mask == 0`: the divisor's magnitude `mask + 1` is a power of two.
    LowBitsClear { mask: u128 },
    /// `rotr(x * inverse + offset, shift) <=u bound`, all wrapping at width W.
    MulRotateCompare { inverse: u128, offset: u128, shift: u32, bound: u128 },
}

/// All-ones at `width` bits (1..=128).
pub fn width_mask(width: u32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

/// The inverse of an odd number modulo 2^width, by Newton's iteration `y <- y * (2 - a * y)`:
/// an odd `a` is its own inverse modulo 8 (3 correct bits), and each step doubles the number of
/// correct low bits, so six steps reach 192 >= 128 bits.
pub fn inverse_mod_pow2(odd: u128, width: u32) -> u128 {
    debug_assert!(odd & 1 == 1, "only odd numbers are invertible modulo a power of two");
    let mut inv = odd;
    for _ in 0..6 {
        inv = inv.wrapping_mul(2u128.wrapping_sub(odd.wrapping_mul(inv)));
    }
    inv & width_mask(width)
}

/// The test for `x rem divisor == 0`, with `divisor` given as its bit pattern at `width` bits
/// (higher bits are ignored). `None` where the rewrite does not apply or gains nothing: widths
/// outside 1..=128, divisors 0 (undefined upstream), 1 and -1 (always divisible), and signed
/// INT_MIN (its magnitude does not fit).
pub fn plan(width: u32, divisor: u128, signedness: Signedness) -> Option<ZeroRemainderTest> {
    if width == 0 || width > 128 {
        return None;
    }
    let mask = width_mask(width);
    let bits = divisor & mask;
    let sign_bit = 1u128 << (width - 1);
    let magnitude = match signedness {
        Signedness::Unsigned => bits,
        Signedness::Signed if bits == sign_bit => return None,
        Signedness::Signed if bits & sign_bit != 0 => bits.wrapping_neg() & mask,
        Signedness::Signed => bits,
    };
    if magnitude < 2 {
        return None;
    }
    let shift = magnitude.trailing_zeros();
    let odd = magnitude >> shift;
    if odd == 1 {
        return Some(ZeroRemainderTest::LowBitsClear { mask: magnitude - 1 });
    }
    let inverse = inverse_mod_pow2(odd, width);
    let test = match signedness {
        // Multiples q * C for q in [0, floor((2^W - 1) / C)] map to 2^k * q; rotated, to q.
        Signedness::Unsigned => ZeroRemainderTest::MulRotateCompare { inverse, offset: 0, shift, bound: mask / bits },
        // Multiples q * |C| for q in [-m, m], m = floor((2^(W-1) - 1) / |C|) (|C| is no power of
        // two, so the negative side has as many), map to 2^k * q; adding 2^k * m shifts them to
        // [0, 2^k * 2m], and rotated they are [0, 2m]. 2m < 2^(W-k) since d0 >= 3, so a value
        // with non-zero low bits, rotated to the top, is always above the bound.
        Signedness::Signed => {
            let m = (sign_bit - 1) / magnitude;
            ZeroRemainderTest::MulRotateCompare { inverse, offset: (m << shift) & mask, shift, bound: 2 * m }
        }
    };
    Some(test)
}

impl ZeroRemainderTest {
    /// What the emitted ops compute for `x` (a W-bit pattern): the reference the tests compare
    /// with the remainder itself.
    pub fn holds(&self, width: u32, x: u128) -> bool {
        let mask = width_mask(width);
        match *self {
            ZeroRemainderTest::LowBitsClear { mask: low } => x & low == 0,
            ZeroRemainderTest::MulRotateCompare { inverse, offset, shift, bound } => {
                let y = x.wrapping_mul(inverse).wrapping_add(offset) & mask;
                rotate_right(y, shift, width) <= bound
            }
        }
    }
}

/// `y` rotated right by `shift` (< width) within `width` bits, as the pass spells it:
/// `(y >>u shift) | (y << (width - shift))`.
pub fn rotate_right(y: u128, shift: u32, width: u32) -> u128 {
    if shift == 0 {
        return y;
    }
    ((y >> shift) | (y << (width - shift))) & width_mask(width)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bit pattern as a signed number.
    fn sext(bits: u128, width: u32) -> i128 {
        let shift = 128 - width;
        ((bits << shift) as i128) >> shift
    }

    /// `x rem divisor == 0` computed directly, as `arith.remui`/`arith.remsi` would.
    fn divides(width: u32, divisor: u128, x: u128, signedness: Signedness) -> bool {
        match signedness {
            Signedness::Unsigned => x.is_multiple_of(divisor),
            // i128 holds |INT_MIN| for widths below 128, so `INT_MIN rem -1` cannot overflow here.
            Signedness::Signed => sext(x, width) % sext(divisor, width) == 0,
        }
    }

    /// Divisors `plan` is documented to leave alone.
    fn left_alone(width: u32, divisor: u128, signedness: Signedness) -> bool {
        let mask = width_mask(width);
        match signedness {
            Signedness::Unsigned => divisor < 2,
            Signedness::Signed => divisor <= 1 || divisor == mask || divisor == 1u128 << (width - 1),
        }
    }

    const BOTH: [Signedness; 2] = [Signedness::Unsigned, Signedness::Signed];

    #[test]
    fn inverse_is_an_inverse() {
        for width in [1, 7, 8, 16, 31, 32, 63, 64, 127, 128] {
            let mask = width_mask(width);
            for odd in (1u128..2000).step_by(2).chain([mask, mask.wrapping_sub(2), (u128::MAX / 3) | 1]) {
                let odd = odd & mask | 1;
                let inv = inverse_mod_pow2(odd, width);
                assert_eq!(odd.wrapping_mul(inv) & mask, 1, "inverse of {odd} at {width} bits");
            }
        }
    }

    /// Every divisor and every x at widths 1 to 12: the test equals the remainder's verdict.
    #[test]
    fn exhaustive_small_widths() {
        for width in 1..=12u32 {
            let mask = width_mask(width);
            for signedness in BOTH {
                for divisor in 0..=mask {
                    let Some(test) = plan(width, divisor, signedness) else {
                        assert!(
                            left_alone(width, divisor, signedness),
                            "{signedness:?} {divisor} at i{width} not handled"
                        );
                        continue;
                    };
                    assert!(!left_alone(width, divisor, signedness));
                    for x in 0..=mask {
                        assert_eq!(
                            test.holds(width, x),
                            divides(width, divisor, x, signedness),
                            "{signedness:?} i{width}: x = {x}, divisor = {divisor}, {test:?}"
                        );
                    }
                }
            }
        }
    }

    /// Every divisor at width 16, and in effect every x: `x -> rotr(x * inverse + offset, k)` is
    /// a permutation of the W-bit numbers (odd multiply, add, rotate), so exactly `bound + 1`
    /// values of x pass the compare. When every multiple of the divisor passes and there are
    /// exactly `bound + 1` multiples, the passing x are the multiples and nothing else. This
    /// visits each multiple instead of all 2^32 pairs, which a debug build could not afford.
    #[test]
    fn exhaustive_width_16_by_counting() {
        let width = 16;
        let mask = width_mask(width);
        for signedness in BOTH {
            for divisor in 0..=mask {
                let Some(test) = plan(width, divisor, signedness) else {
                    assert!(left_alone(width, divisor, signedness), "{signedness:?} {divisor} not handled");
                    continue;
                };
                let passing = match test {
                    // The x whose low j bits are clear: one in 2^j.
                    ZeroRemainderTest::LowBitsClear { mask: low } => {
                        assert_eq!(low & (low + 1), 0, "a mask of low bits");
                        mask / (low + 1) + 1
                    }
                    ZeroRemainderTest::MulRotateCompare { inverse, bound, .. } => {
                        assert_eq!(inverse & 1, 1, "an odd multiplier is a permutation");
                        bound + 1
                    }
                };
                let (lo, hi, magnitude) = match signedness {
                    Signedness::Unsigned => (0i128, mask as i128, divisor as i128),
                    Signedness::Signed => {
                        (-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1, sext(divisor, width).abs())
                    }
                };
                let mut count = 0u128;
                let mut multiple = lo.div_euclid(magnitude) * magnitude;
                if multiple < lo {
                    multiple += magnitude;
                }
                while multiple <= hi {
                    assert!(test.holds(width, multiple as u128 & mask), "{signedness:?} {multiple} rem {divisor}");
                    count += 1;
                    multiple += magnitude;
                }
                assert_eq!(count, passing, "{signedness:?} divisor {divisor}: {test:?}");
            }
        }
    }

    /// All x at width 16 literally, for the small divisors and those near the ends of the range.
    #[test]
    fn width_16_all_x_for_chosen_divisors() {
        let width = 16;
        let mask = width_mask(width);
        let divisors = (0..=100u128).chain(mask - 100..=mask).chain((1u128 << 15) - 50..(1u128 << 15) + 50);
        for divisor in divisors {
            for signedness in BOTH {
                let Some(test) = plan(width, divisor, signedness) else { continue };
                for x in 0..=mask {
                    assert_eq!(
                        test.holds(width, x),
                        divides(width, divisor, x, signedness),
                        "{signedness:?} {x} {divisor}"
                    );
                }
            }
        }
    }

    /// splitmix64: a small deterministic generator for the wide-width checks.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
        fn wide(&mut self) -> u128 {
            (self.next() as u128) << 64 | self.next() as u128
        }
    }

    /// Random divisors (uniform and small, even and odd, both signs) and x at widths up to 128:
    /// random x, the divisor's multiples (which random x almost never hit) and their neighbours,
    /// and the edge values 0, 1, -1, INT_MIN and INT_MAX.
    #[test]
    fn randomized_wide_widths() {
        let mut rng = Rng(0x5eed);
        for width in [17u32, 24, 31, 32, 33, 48, 63, 64, 100, 127, 128] {
            let mask = width_mask(width);
            let sign_bit = 1u128 << (width - 1);
            for round in 0..400 {
                let raw = rng.wide();
                let divisor = match round % 4 {
                    0 => raw,
                    1 => raw % 1000,
                    2 => (raw % 1000).wrapping_neg(),
                    _ => ((raw % 64) | 1) << ((raw >> 100) % 20),
                } & mask;
                for signedness in BOTH {
                    let Some(test) = plan(width, divisor, signedness) else {
                        assert!(left_alone(width, divisor, signedness));
                        continue;
                    };
                    let magnitude = match signedness {
                        Signedness::Unsigned => divisor,
                        Signedness::Signed => sext(divisor, width).unsigned_abs(),
                    };
                    let mut xs = vec![0, 1, mask, sign_bit, sign_bit - 1, magnitude, magnitude.wrapping_neg() & mask];
                    for _ in 0..50 {
                        xs.push(rng.wide() & mask);
                        let q = rng.wide() & mask;
                        let multiple = q.wrapping_mul(magnitude) & mask;
                        xs.extend([multiple, multiple.wrapping_add(1) & mask, multiple.wrapping_sub(1) & mask]);
                    }
                    for x in xs {
                        // Direct signed rem at 128 bits would overflow for INT_MIN rem -1, which
                        // `plan` never handles; unsigned_abs keeps the rest exact.
                        let expected = match signedness {
                            Signedness::Unsigned => x.is_multiple_of(divisor),
                            Signedness::Signed => sext(x, width).unsigned_abs().is_multiple_of(magnitude),
                        };
                        assert_eq!(test.holds(width, x), expected, "{signedness:?} i{width}: {x} rem {divisor}");
                    }
                }
            }
        }
    }

    #[test]
    fn known_constants() {
        // x %u 3 == 0 at i32: x * 0xAAAAAAAB <=u 0x55555555.
        assert_eq!(
            plan(32, 3, Signedness::Unsigned),
            Some(ZeroRemainderTest::MulRotateCompare { inverse: 0xAAAA_AAAB, offset: 0, shift: 0, bound: 0x5555_5555 })
        );
        // x %s 6 == 0 at i32: rotr(x * 0xAAAAAAAB + 0x2AAAAAAA, 1) <=u 0x2AAAAAAA.
        assert_eq!(
            plan(32, 6, Signedness::Signed),
            Some(ZeroRemainderTest::MulRotateCompare {
                inverse: 0xAAAA_AAAB,
                offset: 0x2AAA_AAAA,
                shift: 1,
                bound: 0x2AAA_AAAA
            })
        );
        // Signed -8 and unsigned 8: the low three bits.
        assert_eq!(plan(8, 0xF8, Signedness::Signed), Some(ZeroRemainderTest::LowBitsClear { mask: 7 }));
        assert_eq!(plan(8, 8, Signedness::Unsigned), Some(ZeroRemainderTest::LowBitsClear { mask: 7 }));
        for left in [0u128, 1, 0xFF, 0x80] {
            assert_eq!(plan(8, left, Signedness::Signed), None, "signed {left}");
        }
        assert_eq!(plan(8, 0x80, Signedness::Unsigned), Some(ZeroRemainderTest::LowBitsClear { mask: 0x7F }));
        assert_eq!(plan(0, 3, Signedness::Unsigned), None);
        assert_eq!(plan(129, 3, Signedness::Unsigned), None);
    }
}
