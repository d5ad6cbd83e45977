//! JIT runs of arith semantics; the expected values are upstream's (checked with mlir-runner
//! where upstream defines them) or our documented choice where upstream leaves them undefined.

mod common;
use common::*;

#[test]
fn integer_overflow_wraps() {
    let body = [
        k("a", "127", "i8"),
        k("one8", "1", "i8"),
        bin("r0", "arith.addi", "a", "one8", "i8", "i8"),
        k("b", "65536", "i32"),
        bin("r1", "arith.muli", "b", "b", "i32", "i32"),
        k("m", "-9223372036854775808", "i64"),
        k("one", "1", "i64"),
        bin("r2", "arith.subi", "m", "one", "i64", "i64"),
        k("c", "-32768", "i16"),
        k("d", "-1", "i16"),
        bin("r3", "arith.muli", "c", "d", "i16", "i16"),
        ret(&[("r0", "i8"), ("r1", "i32"), ("r2", "i64"), ("r3", "i16")]),
    ]
    .concat();
    assert_eq!(run(&main_module("i8, i32, i64, i16", &body)), ["-128", "0", "9223372036854775807", "-32768"]);
}

#[test]
fn signed_and_unsigned_division() {
    let mut body = [k("m7", "-7", "i8"), k("p7", "7", "i8"), k("p2", "2", "i8"), k("m2", "-2", "i8")].concat();
    let cases = [
        ("divsi", "m7", "p2"),
        ("remsi", "m7", "p2"),
        ("divui", "m7", "p2"),
        ("remui", "m7", "p2"),
        ("ceildivsi", "m7", "p2"),
        ("ceildivsi", "p7", "p2"),
        ("ceildivsi", "m7", "m2"),
        ("ceildivsi", "p7", "m2"),
        ("floordivsi", "m7", "p2"),
        ("floordivsi", "p7", "m2"),
        ("floordivsi", "p7", "p2"),
        ("ceildivui", "p7", "p2"),
        ("ceildivui", "m7", "p2"),
    ];
    let mut rets = Vec::new();
    for (i, (op, a, b)) in cases.iter().enumerate() {
        body += &bin(&format!("r{i}"), &format!("arith.{op}"), a, b, "i8", "i8");
        rets.push(format!("r{i}"));
    }
    let vals: Vec<(&str, &str)> = rets.iter().map(|r| (r.as_str(), "i8")).collect();
    body += &ret(&vals);
    let tys = vec!["i8"; cases.len()].join(", ");
    // -7 as u8 is 249: 249/2 = 124 rem 1, ceil(249/2) = 125 = -131 wrapped = 125 as i8? 125.
    assert_eq!(
        run(&main_module(&tys, &body)),
        ["-3", "-1", "124", "1", "-3", "4", "4", "-3", "-4", "-4", "3", "4", "125"]
    );
}

#[test]
fn division_by_zero_and_overflow_are_defined() {
    let body = [
        k("a", "-7", "i32"),
        k("z", "0", "i32"),
        k("min", "-2147483648", "i32"),
        k("m1", "-1", "i32"),
        bin("r0", "arith.divsi", "a", "z", "i32", "i32"),
        bin("r1", "arith.remsi", "a", "z", "i32", "i32"),
        bin("r2", "arith.divui", "a", "z", "i32", "i32"),
        bin("r3", "arith.remui", "a", "z", "i32", "i32"),
        bin("r4", "arith.divsi", "min", "m1", "i32", "i32"),
        bin("r5", "arith.remsi", "min", "m1", "i32", "i32"),
        ret(&[("r0", "i32"), ("r1", "i32"), ("r2", "i32"), ("r3", "i32"), ("r4", "i32"), ("r5", "i32")]),
    ]
    .concat();
    assert_eq!(run(&main_module("i32, i32, i32, i32, i32, i32", &body)), ["-1", "-7", "-1", "-7", "-2147483648", "0"]);
}

#[test]
fn shifts() {
    let body = [
        k("a", "-8", "i32"),
        k("one", "1", "i32"),
        k("s28", "28", "i32"),
        k("s33", "33", "i32"),
        bin("r0", "arith.shrsi", "a", "one", "i32", "i32"),
        bin("r1", "arith.shrui", "a", "s28", "i32", "i32"),
        bin("r2", "arith.shli", "one", "s28", "i32", "i32"),
        bin("r3", "arith.shli", "one", "s33", "i32", "i32"),
        bin("r4", "arith.shrsi", "a", "s33", "i32", "i32"),
        bin("r5", "arith.shrui", "a", "s33", "i32", "i32"),
        ret(&[("r0", "i32"), ("r1", "i32"), ("r2", "i32"), ("r3", "i32"), ("r4", "i32"), ("r5", "i32")]),
    ]
    .concat();
    assert_eq!(run(&main_module("i32, i32, i32, i32, i32, i32", &body)), ["-4", "15", "268435456", "0", "-1", "0"]);
}

#[test]
fn float_to_int_casts_saturate() {
    let body = [
        k("a", "3.9", "f32"),
        k("b", "-3.9", "f32"),
        k("big", "1.0e10", "f32"),
        k("neg", "-1.0", "f64"),
        k("nan", "0x7FC00000", "f32"),
        k("x300", "300.0", "f64"),
        un("r0", "arith.fptosi", "a", "f32", "i32"),
        un("r1", "arith.fptosi", "b", "f32", "i64"),
        un("r2", "arith.fptosi", "big", "f32", "i32"),
        un("r3", "arith.fptoui", "neg", "f64", "i32"),
        un("r4", "arith.fptosi", "nan", "f32", "i32"),
        un("r5", "arith.fptosi", "x300", "f64", "i8"),
        un("r6", "arith.fptoui", "x300", "f64", "i8"),
        ret(&[("r0", "i32"), ("r1", "i64"), ("r2", "i32"), ("r3", "i32"), ("r4", "i32"), ("r5", "i8"), ("r6", "i8")]),
    ]
    .concat();
    assert_eq!(
        run(&main_module("i32, i64, i32, i32, i32, i8, i8", &body)),
        ["3", "-3", "2147483647", "0", "0", "127", "-1"]
    );
}

#[test]
fn int_to_float_and_width_casts() {
    let body = [
        k("m1", "-1", "i8"),
        k("t", "1", "i1"),
        un("r0", "arith.sitofp", "m1", "i8", "f32"),
        un("r1", "arith.uitofp", "m1", "i8", "f64"),
        un("r2", "arith.extsi", "t", "i1", "i32"),
        un("r3", "arith.extui", "t", "i1", "i32"),
        un("r4", "arith.extsi", "m1", "i8", "i64"),
        un("r5", "arith.extui", "m1", "i8", "i64"),
        k("big", "300", "i32"),
        un("r6", "arith.trunci", "big", "i32", "i8"),
        un("r7", "arith.index_cast", "m1", "i8", "index"),
        un("r8", "arith.index_castui", "m1", "i8", "index"),
        un("r9", "arith.bitcast", "r0", "f32", "i32"),
        ret(&[
            ("r0", "f32"),
            ("r1", "f64"),
            ("r2", "i32"),
            ("r3", "i32"),
            ("r4", "i64"),
            ("r5", "i64"),
            ("r6", "i8"),
            ("r7", "index"),
            ("r8", "index"),
            ("r9", "i32"),
        ]),
    ]
    .concat();
    assert_eq!(
        run(&main_module("f32, f64, i32, i32, i64, i64, i8, index, index, i32", &body)),
        [
            "-1.000000e+00",
            "2.550000e+02",
            "-1",
            "1",
            "-1",
            "255",
            "44",
            "-1",
            "255",
            &(-1.0f32).to_bits().cast_signed().to_string()
        ]
    );
}

#[test]
fn cmpf_ordered_and_unordered_with_nan() {
    let mut body = [k("nan", "0x7FC00000", "f32"), k("one", "1.0", "f32"), k("two", "2.0", "f32")].concat();
    // (predicate, lhs, rhs)
    let cases: [(u32, &str, &str); 12] = [
        (1, "nan", "nan"),  // oeq
        (13, "nan", "nan"), // une
        (7, "nan", "one"),  // ord
        (14, "nan", "one"), // uno
        (8, "nan", "one"),  // ueq
        (6, "nan", "one"),  // one
        (4, "one", "two"),  // olt
        (11, "nan", "one"), // ult
        (4, "nan", "one"),  // olt with NaN
        (6, "one", "two"),  // one
        (0, "one", "one"),  // false
        (15, "nan", "nan"), // true
    ];
    let mut rets = Vec::new();
    for (i, (p, a, b)) in cases.iter().enumerate() {
        body += &cmp(&format!("r{i}"), "arith.cmpf", *p, a, b, "f32");
        rets.push(format!("r{i}"));
    }
    let vals: Vec<(&str, &str)> = rets.iter().map(|r| (r.as_str(), "i1")).collect();
    body += &ret(&vals);
    let tys = vec!["i1"; cases.len()].join(", ");
    assert_eq!(run(&main_module(&tys, &body)), ["0", "1", "0", "1", "1", "0", "1", "1", "0", "1", "0", "1"]);
}

#[test]
fn cmpi_and_select() {
    let body = [
        k("m1", "-1", "i32"),
        k("one", "1", "i32"),
        cmp("lt_s", "arith.cmpi", 2, "m1", "one", "i32"),
        cmp("lt_u", "arith.cmpi", 6, "m1", "one", "i32"),
        "%s = \"arith.select\"(%lt_u, %m1, %one) : (i1, i32, i32) -> i32\n".into(),
        bin("mx", "arith.maxsi", "m1", "one", "i32", "i32"),
        bin("mxu", "arith.maxui", "m1", "one", "i32", "i32"),
        ret(&[("lt_s", "i1"), ("lt_u", "i1"), ("s", "i32"), ("mx", "i32"), ("mxu", "i32")]),
    ]
    .concat();
    assert_eq!(run(&main_module("i1, i1, i32, i32, i32", &body)), ["1", "0", "1", "1", "-1"]);
}

#[test]
fn i1_arithmetic_stays_one_bit() {
    let body = [
        k("t", "1", "i1"),
        bin("a", "arith.addi", "t", "t", "i1", "i1"),
        bin("x", "arith.xori", "t", "t", "i1", "i1"),
        bin("o", "arith.ori", "t", "a", "i1", "i1"),
        ret(&[("a", "i1"), ("x", "i1"), ("o", "i1")]),
    ]
    .concat();
    assert_eq!(run(&main_module("i1, i1, i1", &body)), ["0", "0", "1"]);
}

#[test]
fn float_ops_and_nan_aware_min_max() {
    let body = [
        k("nan", "0x7FC00000", "f32"),
        k("one", "1.0", "f32"),
        k("seven", "7.5", "f64"),
        k("two", "2.0", "f64"),
        bin("a", "arith.maximumf", "nan", "one", "f32", "f32"),
        bin("b", "arith.maxnumf", "nan", "one", "f32", "f32"),
        bin("c", "arith.minnumf", "one", "nan", "f32", "f32"),
        bin("d", "arith.remf", "seven", "two", "f64", "f64"),
        bin("e", "arith.divf", "seven", "two", "f64", "f64"),
        un("f", "arith.negf", "e", "f64", "f64"),
        un("g", "arith.truncf", "f", "f64", "f32"),
        ret(&[("a", "f32"), ("b", "f32"), ("c", "f32"), ("d", "f64"), ("e", "f64"), ("f", "f64"), ("g", "f32")]),
    ]
    .concat();
    assert_eq!(
        run(&main_module("f32, f32, f32, f64, f64, f64, f32", &body)),
        ["nan", "1.000000e+00", "1.000000e+00", "1.500000e+00", "3.750000e+00", "-3.750000e+00", "-3.750000e+00"]
    );
}

#[test]
fn extended_arithmetic() {
    let body = [
        k("a", "-1", "i32"),
        k("b", "2", "i32"),
        "%s, %c = \"arith.addui_extended\"(%a, %b) : (i32, i32) -> (i32, i1)\n".into(),
        "%lo, %hi = \"arith.mulsi_extended\"(%a, %b) : (i32, i32) -> (i32, i32)\n".into(),
        "%ulo, %uhi = \"arith.mului_extended\"(%a, %b) : (i32, i32) -> (i32, i32)\n".into(),
        ret(&[("s", "i32"), ("c", "i1"), ("lo", "i32"), ("hi", "i32"), ("ulo", "i32"), ("uhi", "i32")]),
    ]
    .concat();
    assert_eq!(run(&main_module("i32, i1, i32, i32, i32, i32", &body)), ["1", "1", "-2", "-1", "-2", "1"]);
}
