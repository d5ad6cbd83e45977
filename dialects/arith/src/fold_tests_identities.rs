//! The folds and patterns of issue 11 against brute-force evaluation at small widths: each
//! identity a fold relies on is checked for every input, and each fold is checked to fire (and
//! not to fire) on IR.

use crate::canonicalize_float::{int_compare, IntCompare};
use crate::consts::{int_to_float, mask, sext, signed_max, signed_min, zext};
use crate::fold::{eval_cmpf, eval_cmpi, eval_int};
use crate::fold_tests::{one, s};
use flowgate_ir::FloatKind;

/// Every value of width `w`, as the bits the folds see.
fn all(w: u32) -> impl Iterator<Item = i128> {
    0..(1i128 << w)
}

#[test]
fn logic_identities_hold_at_every_small_width() {
    for w in 1..=6 {
        for x in all(w) {
            let not_x = eval_int("xori", x, mask(w) as i128, w).unwrap();
            assert_eq!(zext(eval_int("andi", x, not_x, w).unwrap(), w), 0);
            assert_eq!(zext(eval_int("ori", x, not_x, w).unwrap(), w), mask(w));
            for y in all(w) {
                let xy = eval_int("andi", x, y, w).unwrap();
                assert_eq!(eval_int("andi", x, xy, w), Some(xy));
                assert_eq!(eval_int("andi", xy, y, w), Some(xy));
                // Extending to w + 3 bits commutes with each bitwise op.
                for op in ["andi", "ori", "xori"] {
                    let r = eval_int(op, x, y, w).unwrap();
                    let wide = w + 3;
                    let (sx, sy) = (sext(x, w), sext(y, w));
                    let (ux, uy) = (zext(x, w) as i128, zext(y, w) as i128);
                    assert_eq!(zext(eval_int(op, sx, sy, wide).unwrap(), wide), zext(sext(r, w), wide));
                    assert_eq!(zext(eval_int(op, ux, uy, wide).unwrap(), wide), zext(r, w));
                }
            }
        }
    }
}

#[test]
fn division_of_a_product_that_did_not_wrap() {
    for w in 1..=6 {
        for a in all(w) {
            for b in all(w) {
                let p = eval_int("muli", a, b, w).unwrap();
                let nuw = zext(a, w) * zext(b, w) <= mask(w);
                let prod = sext(a, w) * sext(b, w);
                let nsw = (signed_min(w)..=signed_max(w)).contains(&prod);
                if nuw && zext(b, w) != 0 {
                    assert_eq!(zext(eval_int("divui", p, b, w).unwrap(), w), zext(a, w));
                }
                if nsw && zext(b, w) != 0 {
                    assert_eq!(zext(eval_int("divsi", p, b, w).unwrap(), w), zext(a, w), "w{w} {a}*{b}");
                }
            }
        }
    }
}

#[test]
fn cmpi_of_an_extended_bool() {
    for x in all(1) {
        for w in 2..=8 {
            for (wide, signed) in [(sext(x, 1), true), (zext(x, 1) as i128, false)] {
                assert_eq!(eval_cmpi("ne", wide, 0, w), Some(x & 1 == 1), "signed {signed}");
            }
        }
        assert_eq!(eval_cmpi("ne", x, 0, 1), Some(x & 1 == 1));
        assert_eq!(eval_cmpi("eq", x, 1, 1), Some(x & 1 == 1));
    }
}

/// `int_compare`'s decision against comparing every converted integer with the constant.
#[test]
fn cmpf_of_int_to_float_matches_every_input() {
    let preds = ["oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno"];
    let mut consts: Vec<f64> =
        vec![0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 2.5, -2.5, 3.0, 7.5, -7.5, 8.0, -8.0, 100.25, 255.0, 256.0, 1e9];
    consts.extend([-1e9, f64::INFINITY, f64::NEG_INFINITY, 511.0, 512.0, 513.0, -512.0, 2048.0, 4095.0]);
    let mut decided = 0;
    for kind in [FloatKind::BF16, FloatKind::F16, FloatKind::F32] {
        for w in 1..=12u32 {
            for unsigned in [false, true] {
                for &k in &consts {
                    // The constant as a value of the float type.
                    let k = match kind {
                        FloatKind::BF16 => half::bf16::from_f64(k).to_f64(),
                        FloatKind::F16 => half::f16::from_f64(k).to_f64(),
                        FloatKind::F32 => k as f32 as f64,
                        FloatKind::F64 => k,
                    };
                    for p in preds {
                        let Some(d) = int_compare(p, k, w, unsigned, kind) else { continue };
                        decided += 1;
                        for x in all(w) {
                            let conv = if unsigned {
                                int_to_float(false, zext(x, w), kind)
                            } else {
                                let v = sext(x, w);
                                int_to_float(v < 0, v.unsigned_abs(), kind)
                            };
                            let want = eval_cmpf(p, conv, k).unwrap();
                            let got = match d {
                                IntCompare::Const(b) => b,
                                IntCompare::CmpI(ip, c) => eval_cmpi(ip, x, c, w).unwrap(),
                            };
                            assert_eq!(got, want, "{p} {kind:?} i{w} unsigned={unsigned} x={x} k={k}");
                        }
                    }
                }
            }
        }
    }
    assert!(decided > 1000, "{decided}");
}

#[test]
fn folds_fire_on_ir() {
    let mul = |flags: &str, div: &str, by: &str| {
        one(&format!("%m = arith.muli %a, %b overflow<{flags}> : i32\n%z = arith.{div} %m, {by} : i32"))
    };
    assert_eq!(mul("nuw", "divui", "%a"), s("%arg1"));
    assert_eq!(mul("nsw", "divsi", "%b"), s("%arg0"));
    assert_eq!(mul("nsw", "divui", "%a"), None);
    assert_eq!(mul("nuw", "divsi", "%a"), None);
    let ext = |e: &str, pred: &str, k: &str| {
        one(&format!(
            "%e = arith.{e} %c : i1 to i32\n%k = arith.constant {k} : i32\n%z = arith.cmpi {pred}, %e, %k : i32"
        ))
    };
    assert_eq!(ext("extsi", "ne", "0"), s("%arg4"));
    assert_eq!(ext("extui", "ne", "0"), s("%arg4"));
    assert_eq!(ext("extui", "eq", "0"), None);
    assert_eq!(ext("extui", "ne", "1"), None);
    let not = |op: &str, k: &str| {
        one(&format!("%k = arith.constant {k} : i32\n%n = arith.xori %a, %k : i32\n%z = arith.{op} %n, %a : i32"))
    };
    assert_eq!(not("andi", "-1"), s("0 : i32"));
    assert_eq!(not("ori", "-1"), s("%arith.constant"));
    assert_eq!(not("andi", "-2"), None);
    assert_eq!(one("%z = arith.bitcast %x : f32 to f32"), s("%arg2"));
    assert_eq!(
        one("%k = arith.constant -0.0 : f32\n%z = arith.mulf %x, %k fastmath<nnan,nsz> : f32"),
        s("%arith.constant")
    );
    assert_eq!(one("%k = arith.constant 0.0 : f32\n%z = arith.mulf %x, %k fastmath<nsz> : f32"), None);
}

/// Whether `a op b` at width `w` stays in range: signed for nsw, unsigned for nuw.
fn no_overflow(op: &str, a: i128, b: i128, w: u32, signed: bool) -> bool {
    let (x, y) = if signed { (sext(a, w), sext(b, w)) } else { (zext(a, w) as i128, zext(b, w) as i128) };
    let r = match op {
        "addi" => x + y,
        "subi" => x - y,
        _ => x * y,
    };
    if signed {
        (signed_min(w)..=signed_max(w)).contains(&r)
    } else {
        (0..=mask(w) as i128).contains(&r)
    }
}

/// A reassociated op keeps a flag only when it cannot make a poison value the originals did
/// not: `(x op0 k0) op1 k1` without overflow at both steps means `x op K` without overflow.
#[test]
fn reassociated_flags_are_sound() {
    use crate::canonicalize_int::sound_flags;
    use crate::flags::{OVERFLOW_NSW, OVERFLOW_NUW};
    // (inner op, outer op, how K combines k0 and k1, the new op, K's operands in order)
    let shapes: [(&str, &str, &str, &str, bool); 3] = [
        ("addi", "addi", "addi", "addi", false),
        ("muli", "muli", "muli", "muli", false),
        ("subi", "addi", "subi", "addi", true), // (x - k0) + k1 = x + (k1 - k0)
    ];
    // (x - 2) + 1 = x + -1: a negative K does not keep `nuw`; small ones keep both.
    assert_eq!(sound_flags(OVERFLOW_NSW | OVERFLOW_NUW, "subi", 1, 2, 4), OVERFLOW_NSW);
    assert_eq!(sound_flags(OVERFLOW_NSW | OVERFLOW_NUW, "addi", 1, 2, 4), OVERFLOW_NSW | OVERFLOW_NUW);
    for w in 1..=5 {
        for (inner, outer, combine, new_op, swapped) in shapes {
            for k0 in all(w) {
                for k1 in all(w) {
                    let (a, b) = if swapped { (k1, k0) } else { (k0, k1) };
                    let k = eval_int(combine, a, b, w).unwrap();
                    let fl = sound_flags(OVERFLOW_NSW | OVERFLOW_NUW, combine, a, b, w);
                    for x in all(w) {
                        let mid = eval_int(inner, x, k0, w).unwrap();
                        for (bit, signed) in [(OVERFLOW_NSW, true), (OVERFLOW_NUW, false)] {
                            let before = no_overflow(inner, x, k0, w, signed) && no_overflow(outer, mid, k1, w, signed);
                            if before && fl & bit != 0 {
                                assert!(
                                    no_overflow(new_op, x, k, w, signed),
                                    "{inner}/{outer} w{w} x={x} k0={k0} k1={k1}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
