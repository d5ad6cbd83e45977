//! The LLVM backend computes what the Cranelift backend computes (whose semantics
//! `codegen-cranelift/tests/upstream_differential.rs` checks against upstream MLIR), also
//! where upstream has poison: division by zero, INT_MIN / -1, over-wide shifts, saturating
//! float-to-int conversions with NaN. Every program runs at -O0 (computed at run time) and
//! -O3 (where LLVM folds the constants: its folding must not see UB either).
#![cfg(feature = "llvm")]

// The Cranelift backend's test helpers: both backends are driven by the same programs.
#[path = "../../codegen-cranelift/tests/common/mod.rs"]
mod common;
use common::*;
use flowgate_codegen_llvm::LlvmOpt;

fn cranelift(src: &str) -> Vec<String> {
    run(src)
}

fn llvm(src: &str, opt: LlvmOpt) -> Vec<String> {
    let (ctx, m) = parse(src);
    let out = flowgate_codegen_llvm::jit::run(&ctx, m, "main", opt).unwrap_or_else(|e| panic!("{e}\n{src}"));
    out.values.iter().map(|v| v.to_string()).collect()
}

fn agree(src: &str) {
    let want = cranelift(src);
    for opt in [LlvmOpt::O0, LlvmOpt::O3] {
        let got = llvm(src, opt);
        let diffs: Vec<String> = got
            .iter()
            .zip(&want)
            .enumerate()
            .filter(|(_, (g, w))| g != w)
            .map(|(i, (g, w))| format!("result #{i}: LLVM {g}, Cranelift {w}"))
            .collect();
        assert!(
            got.len() == want.len() && diffs.is_empty(),
            "LLVM {opt:?} disagrees with Cranelift:\n{}\n{src}",
            diffs.join("\n")
        );
    }
}

/// Edge values of a `w`-bit integer (as signed 64-bit numbers, truncated by the constant).
fn edges(w: u32) -> Vec<i64> {
    let min = if w == 64 { i64::MIN } else { -(1i64 << (w - 1)) };
    let max = if w == 64 { i64::MAX } else { (1i64 << (w - 1)) - 1 };
    let mut v = vec![0, 1, -1, 2, -2, 7, -7, min, max, min + 1, w as i64, w as i64 - 1, w as i64 + 1];
    if w == 1 {
        v = vec![0, 1];
    }
    v.sort();
    v.dedup();
    v
}

fn int_type(w: u32) -> String {
    format!("i{w}")
}

#[test]
fn integer_ops_agree_on_edge_operands() {
    let ops = [
        "arith.addi",
        "arith.subi",
        "arith.muli",
        "arith.divsi",
        "arith.divui",
        "arith.remsi",
        "arith.remui",
        "arith.ceildivsi",
        "arith.ceildivui",
        "arith.floordivsi",
        "arith.shli",
        "arith.shrsi",
        "arith.shrui",
        "arith.maxsi",
        "arith.minsi",
        "arith.maxui",
        "arith.minui",
        "arith.xori",
    ];
    for w in [1, 8, 16, 32, 64] {
        let ty = int_type(w);
        let vals = edges(w);
        for op in ops {
            let mut body = String::new();
            let mut rets = Vec::new();
            for (i, &a) in vals.iter().enumerate() {
                body += &k(&format!("a{i}"), &a.to_string(), &ty);
            }
            let mut n = 0;
            for i in 0..vals.len() {
                for j in 0..vals.len() {
                    body += &bin(&format!("r{n}"), op, &format!("a{i}"), &format!("a{j}"), &ty, &ty);
                    rets.push(format!("r{n}"));
                    n += 1;
                }
            }
            let vals: Vec<(&str, &str)> = rets.iter().map(|r| (r.as_str(), ty.as_str())).collect();
            body += &ret(&vals);
            let results = vec![ty.as_str(); rets.len()].join(", ");
            agree(&main_module(&results, &body));
        }
    }
}

#[test]
fn comparisons_and_casts_agree() {
    for w in [1, 8, 32, 64] {
        let ty = int_type(w);
        let vals = edges(w);
        let mut body = String::new();
        let mut rets: Vec<(String, String)> = Vec::new();
        for (i, &a) in vals.iter().enumerate() {
            body += &k(&format!("a{i}"), &a.to_string(), &ty);
            for (cast, to) in
                [("arith.extsi", "i64"), ("arith.extui", "i64"), ("arith.sitofp", "f64"), ("arith.uitofp", "f32")]
            {
                if w == 64 && cast.starts_with("arith.ext") {
                    continue;
                }
                let r = format!("c{}_{i}", rets.len());
                body += &un(&r, cast, &format!("a{i}"), &ty, to);
                rets.push((r, to.to_string()));
            }
        }
        for pred in 0..10 {
            for i in 0..vals.len() {
                for j in 0..vals.len() {
                    let r = format!("p{pred}_{i}_{j}");
                    body += &cmp(&r, "arith.cmpi", pred, &format!("a{i}"), &format!("a{j}"), &ty);
                    rets.push((r, "i1".into()));
                }
            }
        }
        let vals: Vec<(&str, &str)> = rets.iter().map(|(r, t)| (r.as_str(), t.as_str())).collect();
        body += &ret(&vals);
        let results: Vec<&str> = rets.iter().map(|(_, t)| t.as_str()).collect();
        agree(&main_module(&results.join(", "), &body));
    }
}

/// Float specials built at run time (NaN, infinities, signed zeros) and ordinary values.
fn float_values(ty: &str) -> (String, Vec<String>) {
    let mut body = String::new();
    let plain = ["0.0", "-0.0", "1.0", "-1.0", "3.75", "-3.75", "255.5", "-128.5", "1.0e20", "-1.0e20", "4294967296.0"];
    let mut names = Vec::new();
    for (i, v) in plain.iter().enumerate() {
        body += &k(&format!("f{i}"), v, ty);
        names.push(format!("f{i}"));
    }
    // The NaN comes from its bits: the sign of the NaN an invalid operation produces is not
    // specified (x86 gives a negative one at run time, LLVM's constant folder a positive one),
    // and `math.copysign` would expose it.
    let (ity, bits) = if ty == "f32" { ("i32", "2143289344") } else { ("i64", "9221120237041090560") };
    body += &k("nanbits", bits, ity);
    body += &un("nan", "arith.bitcast", "nanbits", ity, ty);
    body += &bin("inf", "arith.divf", "f2", "f0", ty, ty);
    body += &bin("ninf", "arith.divf", "f3", "f0", ty, ty);
    names.extend(["nan", "inf", "ninf"].map(String::from));
    (body, names)
}

#[test]
fn float_to_int_saturates_and_float_ops_agree() {
    for fty in ["f32", "f64"] {
        let (mut body, names) = float_values(fty);
        let mut rets: Vec<(String, String)> = Vec::new();
        for (n, x) in names.iter().enumerate() {
            for ity in ["i1", "i8", "i16", "i32", "i64"] {
                for op in ["arith.fptosi", "arith.fptoui"] {
                    let r = format!("t{}_{n}", rets.len());
                    body += &un(&r, op, x, fty, ity);
                    rets.push((r, ity.into()));
                }
            }
            for op in [
                "math.floor",
                "math.ceil",
                "math.roundeven",
                "math.round",
                "math.sqrt",
                "math.absf",
                "math.exp",
                "math.sin",
            ] {
                let r = format!("u{}_{n}", rets.len());
                body += &un(&r, op, x, fty, fty);
                rets.push((r, fty.into()));
            }
        }
        for (i, a) in names.iter().enumerate() {
            for (j, b) in names.iter().enumerate() {
                for op in [
                    "arith.maxnumf",
                    "arith.minnumf",
                    "arith.maximumf",
                    "arith.minimumf",
                    "arith.remf",
                    "math.copysign",
                ] {
                    let r = format!("m{}_{i}_{j}", rets.len());
                    body += &bin(&r, op, a, b, fty, fty);
                    rets.push((r, fty.into()));
                }
                for pred in 0..16 {
                    let r = format!("q{}_{i}_{j}", rets.len());
                    body += &cmp(&r, "arith.cmpf", pred, a, b, fty);
                    rets.push((r, "i1".into()));
                }
            }
        }
        let vals: Vec<(&str, &str)> = rets.iter().map(|(r, t)| (r.as_str(), t.as_str())).collect();
        body += &ret(&vals);
        let results: Vec<&str> = rets.iter().map(|(_, t)| t.as_str()).collect();
        agree(&main_module(&results.join(", "), &body));
    }
}

#[test]
fn bit_counts_and_powers_agree() {
    for w in [8, 32, 64] {
        let ty = int_type(w);
        let vals = edges(w);
        let mut body = String::new();
        let mut rets = Vec::new();
        for (i, &a) in vals.iter().enumerate() {
            body += &k(&format!("a{i}"), &a.to_string(), &ty);
        }
        for i in 0..vals.len() {
            for op in ["math.ctlz", "math.cttz", "math.ctpop", "math.absi"] {
                let r = format!("b{}", rets.len());
                body += &un(&r, op, &format!("a{i}"), &ty, &ty);
                rets.push(r);
            }
            for j in 0..vals.len() {
                let r = format!("b{}", rets.len());
                body += &bin(&r, "math.ipowi", &format!("a{i}"), &format!("a{j}"), &ty, &ty);
                rets.push(r);
            }
        }
        let vals: Vec<(&str, &str)> = rets.iter().map(|r| (r.as_str(), ty.as_str())).collect();
        body += &ret(&vals);
        let results = vec![ty.as_str(); rets.len()].join(", ");
        agree(&main_module(&results, &body));
    }
}

#[test]
fn unsupported_input_is_a_located_error() {
    let src = main_module("i64", &format!("{}{}", "%x = \"test.unknown\"() : () -> i64\n", ret(&[("x", "i64")])));
    let (ctx, m) = parse(&src);
    let err = flowgate_codegen_llvm::jit::run(&ctx, m, "main", LlvmOpt::O2).expect_err("unknown op");
    assert!(err.to_string().contains("not supported by the LLVM code generator"), "{err}");
    let (ctx, m) = parse(&main_module("i64", &format!("{}{}", k("x", "1", "i64"), ret(&[("x", "i64")]))));
    let err = flowgate_codegen_llvm::jit::run(&ctx, m, "nope", LlvmOpt::O2).expect_err("missing entry");
    assert!(err.to_string().contains("entry point 'nope' not found"), "{err}");
}
