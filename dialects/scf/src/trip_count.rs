//! How many times an `scf.for` with constant bounds runs, exactly as its lowering runs it:
//! `iv = lb; while iv < ub { body; iv = iv + step }`, where `<` is signed (or unsigned for
//! `scf.for unsigned`) at the loop's width and `+` wraps at that width. Folders must use this
//! rather than plain integer arithmetic on the constants: an `i1` `true` is -1 to a signed loop,
//! and an increment can wrap past the maximum back below the upper bound.

use flowgate_ir::{Context, Type};

/// The integers of one loop's type, as the loop compares them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoopDomain {
    /// 1..=64 (`index` is 64 bits wide, as in the lowering).
    pub width: u32,
    pub unsigned: bool,
}

impl LoopDomain {
    /// The domain of a loop over `ty`; `None` for types this analysis does not handle (wider
    /// than 64 bits, or not an integer).
    pub fn of(ctx: &Context, ty: Type, unsigned: bool) -> Option<LoopDomain> {
        let width = if ctx.is_index(ty) { 64 } else { ctx.int_width(ty)? };
        (1..=64).contains(&width).then_some(LoopDomain { width, unsigned })
    }

    fn modulus(self) -> i128 {
        1i128 << self.width
    }

    pub fn min(self) -> i128 {
        if self.unsigned {
            0
        } else {
            -(self.modulus() / 2)
        }
    }

    pub fn max(self) -> i128 {
        if self.unsigned {
            self.modulus() - 1
        } else {
            self.modulus() / 2 - 1
        }
    }

    /// The value of the bit pattern `raw` (any representative modulo 2^width) in this domain.
    pub fn value(self, raw: i128) -> i128 {
        let low = raw.rem_euclid(self.modulus());
        if !self.unsigned && low > self.max() {
            low - self.modulus()
        } else {
            low
        }
    }

    /// True when a constant step moves the counter forward: non-zero, and for a signed loop
    /// not negative. An `i1` step of `true` is accepted (upstream accepts it and it is the only
    /// non-zero `i1`), although a signed loop reads it as -1.
    pub fn step_is_positive(self, raw_step: i128) -> bool {
        let step = self.value(raw_step);
        step != 0 && (self.unsigned || self.width == 1 || step > 0)
    }
}

/// The exact number of iterations of a loop with constant `lb`, `ub` and `step` (any
/// representatives of their bit patterns), or `None` when the counter wraps around before it
/// reaches `ub` or never moves, so that no simple count describes the loop.
pub fn trip_count(d: LoopDomain, lb: i128, ub: i128, step: i128) -> Option<u128> {
    let (lb, ub) = (d.value(lb), d.value(ub));
    if lb >= ub {
        return Some(0);
    }
    // The first increment, wrapped as the run-time `arith.addi` wraps it.
    if d.value(lb + d.value(step)) >= ub {
        return Some(1);
    }
    let step = d.value(step);
    if step <= 0 {
        // The counter goes down or stays (until it wraps, if ever): no fixed count.
        return None;
    }
    // Widths are at most 64, so none of this overflows i128.
    let n = (ub - lb + step - 1) / step;
    // Iterations 0..n-1 stayed below ub <= max; the increment that ends the loop must not wrap
    // back below ub.
    if lb + n * step > d.max() {
        return None;
    }
    u128::try_from(n).ok()
}

/// The trip count of a loop whose upper bound is `lb + delta` computed without overflow (the
/// `arith.addi` carries `nsw` for a signed loop, `nuw` for an unsigned one), for any `lb`:
/// none when `delta` is not positive, one when the constant step is exactly `delta` (the
/// first increment lands on the bound, so it cannot wrap). Other steps depend on `lb`: an
/// increment past the bound may wrap back below it when `lb` is near the maximum.
pub fn offset_trip_count(d: LoopDomain, delta: i128, step: i128) -> Option<u128> {
    let delta = d.value(delta);
    if delta <= 0 {
        return Some(0);
    }
    (d.value(step) == delta).then_some(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Run the loop the way its lowering does, for at most `limit` iterations; also says
    /// whether an increment wrapped.
    fn simulate(d: LoopDomain, lb: i128, ub: i128, step: i128, limit: u128) -> (Option<u128>, bool) {
        let (mut iv, ub, step) = (d.value(lb), d.value(ub), d.value(step));
        let (mut n, mut wrapped) = (0, false);
        while iv < ub {
            n += 1;
            if n > limit {
                return (None, wrapped);
            }
            wrapped |= iv + step > d.max() || iv + step < d.min();
            iv = d.value(iv + step);
        }
        (Some(n), wrapped)
    }

    #[test]
    fn i1_loops_count_as_signed_unless_unsigned() {
        let signed = LoopDomain { width: 1, unsigned: false };
        let unsigned = LoopDomain { width: 1, unsigned: true };
        // false to true step true: 0 < -1 is false.
        assert_eq!(trip_count(signed, 0, 1, 1), Some(0));
        // true to false step true: -1 < 0, then -1 + -1 wraps to 0.
        assert_eq!(trip_count(signed, 1, 0, 1), Some(1));
        assert_eq!(trip_count(unsigned, 0, 1, 1), Some(1));
        assert_eq!(trip_count(unsigned, 1, 0, 1), Some(0));
    }

    #[test]
    fn counts_match_a_simulation_at_every_small_width() {
        for width in 1..=6u32 {
            for unsigned in [false, true] {
                let d = LoopDomain { width, unsigned };
                let m = 1i128 << width;
                for lb in 0..m {
                    for ub in 0..m {
                        for step in 0..m {
                            let (sim, wrapped) = simulate(d, lb, ub, step, 2 * m as u128);
                            match trip_count(d, lb, ub, step) {
                                Some(n) => assert_eq!(Some(n), sim, "{d:?} lb={lb} ub={ub} step={step}"),
                                // Only loops that stall, go down or wrap may be left uncounted.
                                None => assert!(
                                    sim.is_none() || wrapped || d.value(step) <= 0,
                                    "{d:?} lb={lb} ub={ub} step={step} runs {sim:?} times"
                                ),
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn offset_counts_hold_for_every_lower_bound_without_overflow() {
        for width in 1..=6u32 {
            for unsigned in [false, true] {
                let d = LoopDomain { width, unsigned };
                let m = 1i128 << width;
                for delta in 0..m {
                    for step in 0..m {
                        let Some(n) = offset_trip_count(d, delta, step) else { continue };
                        for lb in d.min()..=d.max() {
                            // Only bounds the flagged `addi` computes without overflow.
                            let ub = lb + d.value(delta);
                            if ub < d.min() || ub > d.max() {
                                continue;
                            }
                            let (sim, _) = simulate(d, lb, ub, step, 2 * m as u128);
                            assert_eq!(sim, Some(n), "{d:?} lb={lb} delta={delta} step={step}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn extreme_64_bit_bounds_do_not_overflow() {
        let s = LoopDomain { width: 64, unsigned: false };
        let u = LoopDomain { width: 64, unsigned: true };
        let (min, max) = (i64::MIN as i128, i64::MAX as i128);
        assert_eq!(trip_count(s, min, 0, max), Some(2));
        // min, -1, max - 1, then max - 1 + max wraps below max: the loop goes on.
        assert_eq!(trip_count(s, min, max, max), None);
        assert_eq!(trip_count(s, min, max, 1), Some(u64::MAX as u128));
        assert_eq!(trip_count(s, max, min, 1), Some(0));
        // 0, max - 1, then the increment wraps: no count.
        assert_eq!(trip_count(s, 0, max, max - 1), None);
        assert_eq!(trip_count(u, 0, -1, 1), Some(u64::MAX as u128));
        // -1 as an unsigned step is 2^64 - 1: one trip from 0, then it wraps to 2^64 - 1 - ... .
        assert_eq!(trip_count(u, 0, -1, -1), Some(1));
        assert_eq!(trip_count(u, 1, -1, -1), None, "1 + (2^64 - 1) wraps to 0 < ub");
        assert_eq!(trip_count(s, 0, 10, 0), None);
        assert_eq!(trip_count(s, 0, 10, -1), None);
    }

    #[test]
    fn step_positivity_follows_the_loop_signedness() {
        let s8 = LoopDomain { width: 8, unsigned: false };
        let u8 = LoopDomain { width: 8, unsigned: true };
        assert!(!s8.step_is_positive(-1) && !s8.step_is_positive(0) && s8.step_is_positive(127));
        assert!(!s8.step_is_positive(128), "128 is -128 as an i8");
        assert!(u8.step_is_positive(-1) && u8.step_is_positive(128) && !u8.step_is_positive(256));
        assert!(LoopDomain { width: 1, unsigned: false }.step_is_positive(1));
    }
}
