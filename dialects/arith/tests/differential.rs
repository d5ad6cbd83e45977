//! Constant folding compared with upstream: many `op(constant, constant)` functions go through
//! `mlir-opt --canonicalize` and through our fold hooks, and the results must agree. Runs when
//! upstream mlir-opt 22 is installed (the test command installs it), as DESIGN.md's cross-checks.

use flowgate_arith::constant_of;
use flowgate_ir::asm::{attr_to_string, parse_source, ParserConfig};
use flowgate_ir::{Context, FoldResult, WalkOrder};
use std::fmt::Write as _;

const MLIR_OPT: &str = "/usr/lib/llvm-22/bin/mlir-opt";

fn ctx() -> Context {
    let mut ctx = Context::new();
    flowgate_builtin::register(&mut ctx);
    flowgate_func::register(&mut ctx);
    flowgate_arith::register(&mut ctx);
    ctx
}

/// One function per case: constants, the op, and a return of its first result.
fn cases() -> Vec<String> {
    let mut out = Vec::new();
    let ints: &[(&str, &[&str])] = &[
        ("i1", &["0", "1"]),
        ("i8", &["0", "1", "-1", "7", "-7", "127", "-128", "100"]),
        ("i32", &["0", "1", "-1", "3", "-3", "2147483647", "-2147483648", "31", "32"]),
        ("i64", &["0", "-1", "5", "-9223372036854775808", "9223372036854775807", "63"]),
        ("index", &["0", "1", "-1", "-5", "13"]),
    ];
    let int_ops = [
        "addi",
        "subi",
        "muli",
        "divsi",
        "divui",
        "ceildivsi",
        "ceildivui",
        "floordivsi",
        "remsi",
        "remui",
        "andi",
        "ori",
        "xori",
        "shli",
        "shrsi",
        "shrui",
        "maxsi",
        "maxui",
        "minsi",
        "minui",
    ];
    for (ty, vals) in ints {
        for a in *vals {
            for b in *vals {
                for op in int_ops {
                    out.push(format!(
                        "  %a = arith.constant {a} : {ty}\n  %b = arith.constant {b} : {ty}\n  %r = arith.{op} %a, %b : {ty}\n  return %r : {ty}"
                    ));
                }
                for pred in flowgate_arith::CMPI_PREDICATES {
                    out.push(format!(
                        "  %a = arith.constant {a} : {ty}\n  %b = arith.constant {b} : {ty}\n  %r = arith.cmpi {pred}, %a, %b : {ty}\n  return %r : i1"
                    ));
                }
            }
        }
    }
    let floats: &[(&str, &[&str])] = &[
        ("f16", &["0.0", "-0.0", "1.0", "-1.5", "0.1", "65504.0", "3.0", "0x7E00", "0x7C00", "6.0e-8"]),
        ("bf16", &["0.0", "1.0", "-2.5", "0.1", "3.0e38", "0x7FC0", "7.0"]),
        ("f32", &["0.0", "-0.0", "1.0", "-1.5", "0.1", "3.0", "16777216.0", "1.0e-45", "0x7FC00000", "0xFF800000"]),
        ("f64", &["0.0", "1.0", "-1.5", "0.1", "3.0", "1.0e308", "0x7FF8000000000000", "0x7FF0000000000000"]),
    ];
    let float_ops = ["addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf"];
    for (ty, vals) in floats {
        for a in *vals {
            for b in *vals {
                for op in float_ops {
                    out.push(format!(
                        "  %a = arith.constant {a} : {ty}\n  %b = arith.constant {b} : {ty}\n  %r = arith.{op} %a, %b : {ty}\n  return %r : {ty}"
                    ));
                }
                for pred in flowgate_arith::CMPF_PREDICATES {
                    out.push(format!(
                        "  %a = arith.constant {a} : {ty}\n  %b = arith.constant {b} : {ty}\n  %r = arith.cmpf {pred}, %a, %b : {ty}\n  return %r : i1"
                    ));
                }
            }
            out.push(format!("  %a = arith.constant {a} : {ty}\n  %r = arith.negf %a : {ty}\n  return %r : {ty}"));
        }
    }
    let shaped: &[(&str, &[&str])] = &[
        ("vector<2xi8>", &["dense<[1, -2]>", "dense<3>", "dense<[0, 5]>", "dense<[127, -128]>"]),
        ("tensor<2x2xi32>", &["dense<[[1, 2], [3, 4]]>", "dense<-1>", "dense<0>"]),
    ];
    for (ty, vals) in shaped {
        for a in *vals {
            for b in *vals {
                for op in ["addi", "muli", "divsi", "remui", "shli", "maxsi", "xori"] {
                    out.push(format!(
                        "  %a = arith.constant {a} : {ty}\n  %b = arith.constant {b} : {ty}\n  %r = arith.{op} %a, %b : {ty}\n  return %r : {ty}"
                    ));
                }
            }
        }
    }
    for (a, b) in [("dense<[1.5, -0.0]>", "dense<2.0>"), ("dense<[0x7FC00000, 1.0]>", "dense<[3.0, 0.0]>")] {
        for op in ["addf", "mulf", "divf", "maximumf", "minnumf"] {
            out.push(format!(
                "  %a = arith.constant {a} : vector<2xf32>\n  %b = arith.constant {b} : vector<2xf32>\n  %r = arith.{op} %a, %b : vector<2xf32>\n  return %r : vector<2xf32>"
            ));
        }
    }
    for (op, from, to, v) in [
        ("extsi", "vector<2xi8>", "vector<2xi32>", "dense<[-1, 5]>"),
        ("sitofp", "vector<2xi32>", "vector<2xf32>", "dense<[-3, 16777217]>"),
        ("fptoui", "vector<2xf32>", "vector<2xi8>", "dense<[1.5, 255.0]>"),
        ("fptoui", "vector<2xf32>", "vector<2xi8>", "dense<[1.5, 256.0]>"),
    ] {
        out.push(format!(
            "  %a = arith.constant {v} : {from}\n  %r = arith.{op} %a : {from} to {to}\n  return %r : {to}"
        ));
    }
    // Identities with one unknown operand.
    let id_consts: &[(&str, &[&str])] = &[
        ("i8", &["0", "1", "-1", "127", "-128"]),
        ("index", &["0", "1", "-1"]),
        ("vector<2xi32>", &["dense<0>", "dense<1>", "dense<-1>", "dense<[0, 1]>"]),
    ];
    for (ty, vals) in id_consts {
        for op in int_ops {
            out.push(format!("  // x: {ty}\n  %r = arith.{op} %x, %x : {ty}\n  return %r : {ty}"));
            for k in *vals {
                for (l, r) in [("%x", "%k"), ("%k", "%x")] {
                    out.push(format!(
                        "  // x: {ty}\n  %k = arith.constant {k} : {ty}\n  %r = arith.{op} {l}, {r} : {ty}\n  return %r : {ty}"
                    ));
                }
            }
        }
    }
    for (ty, vals) in [("f32", ["0.0", "-0.0", "1.0", "-1.0", "0x7FC00000", "0x7F800000", "0xFF800000"])] {
        for op in float_ops {
            out.push(format!("  // x: {ty}\n  %r = arith.{op} %x, %x : {ty}\n  return %r : {ty}"));
            for k in vals {
                for (l, r) in [("%x", "%k"), ("%k", "%x")] {
                    out.push(format!(
                        "  // x: {ty}\n  %k = arith.constant {k} : {ty}\n  %r = arith.{op} {l}, {r} : {ty}\n  return %r : {ty}"
                    ));
                }
            }
        }
    }
    for pred in flowgate_arith::CMPI_PREDICATES {
        out.push(format!("  // x: i32\n  %r = arith.cmpi {pred}, %x, %x : i32\n  return %r : i1"));
        out.push(format!(
            "  // x: vector<3xi8>\n  %r = arith.cmpi {pred}, %x, %x : vector<3xi8>\n  return %r : vector<3xi1>"
        ));
    }
    for body in [
        "  // x: i1\n  %t = arith.constant true\n  %f = arith.constant false\n  %r = arith.select %x, %t, %f : i1\n  return %r : i1",
        "  // x: i32\n  %t = arith.constant true\n  %k = arith.constant 4 : i32\n  %r = arith.select %t, %x, %k : i32\n  return %r : i32",
        "  // x: i32\n  %t = arith.constant false\n  %k = arith.constant 4 : i32\n  %r = arith.select %t, %x, %k : i32\n  return %r : i32",
        "  // x: i1\n  %k = arith.constant 4 : i32\n  %r = arith.select %x, %k, %k : i32\n  return %r : i32",
        "  // x: i32\n  %e = arith.extsi %x : i32 to i64\n  %r = arith.trunci %e : i64 to i32\n  return %r : i32",
        "  // x: i32\n  %e = arith.extui %x : i32 to i64\n  %r = arith.trunci %e : i64 to i32\n  return %r : i32",
        "  // x: i32\n  %e = arith.index_cast %x : i32 to index\n  %r = arith.index_cast %e : index to i32\n  return %r : i32",
        "  // x: i32\n  %e = arith.index_castui %x : i32 to index\n  %r = arith.index_castui %e : index to i32\n  return %r : i32",
        "  // x: f32\n  %e = arith.bitcast %x : f32 to i32\n  %r = arith.bitcast %e : i32 to f32\n  return %r : f32",
        "  // x: f32\n  %e = arith.negf %x : f32\n  %r = arith.negf %e : f32\n  return %r : f32",
        "  // x: i32\n  %k = arith.constant 5 : i32\n  %e = arith.subi %x, %k : i32\n  %r = arith.addi %e, %k : i32\n  return %r : i32",
        "  // x: i32\n  %k = arith.constant 5 : i32\n  %e = arith.addi %x, %k : i32\n  %r = arith.subi %e, %k : i32\n  return %r : i32",
        "  // x: i32\n  %k = arith.constant 5 : i32\n  %e = arith.xori %x, %k : i32\n  %r = arith.xori %e, %k : i32\n  return %r : i32",
    ] {
        out.push(body.to_string());
    }
    let casts: &[(&str, &str, &str, &[&str])] = &[
        ("extsi", "i8", "i32", &["0", "-1", "127", "-128"]),
        ("extui", "i8", "i64", &["0", "-1", "127", "-128"]),
        ("extui", "i1", "i32", &["0", "1"]),
        ("trunci", "i32", "i8", &["0", "-1", "255", "256", "-129"]),
        ("index_cast", "i32", "index", &["-1", "7"]),
        ("index_cast", "index", "i16", &["-1", "65537"]),
        ("index_castui", "i32", "index", &["-1", "7"]),
        ("sitofp", "i32", "f32", &["0", "-1", "16777217", "2147483647"]),
        ("sitofp", "i64", "f16", &["2049", "65520", "-70000"]),
        ("uitofp", "i32", "f32", &["-1", "16777217"]),
        ("uitofp", "i64", "bf16", &["257", "-1"]),
        ("fptosi", "f32", "i32", &["2.7", "-2.7", "3.0e9", "-2147483648.0"]),
        ("fptosi", "f64", "i8", &["127.9", "128.0", "-128.5", "-129.0"]),
        ("fptoui", "f32", "i8", &["255.5", "256.0", "-0.5", "-1.0"]),
        ("extf", "f16", "f32", &["0.1", "65504.0", "-0.0"]),
        ("extf", "bf16", "f64", &["0.1", "-3.0"]),
        ("truncf", "f64", "f32", &["0.1", "1.0e39", "3.4028235e38"]),
        ("truncf", "f32", "f16", &["0.1", "65520.0", "1.0e-8"]),
        ("truncf", "f32", "bf16", &["0.1", "1.00390625", "1.01171875"]),
        ("bitcast", "f32", "i32", &["1.0", "-0.0", "0x7FC00000"]),
        ("bitcast", "i16", "f16", &["15360", "-1024"]),
        ("bitcast", "f16", "bf16", &["1.0"]),
    ];
    for (op, from, to, vals) in casts {
        for v in *vals {
            out.push(format!(
                "  %a = arith.constant {v} : {from}\n  %r = arith.{op} %a : {from} to {to}\n  return %r : {to}"
            ));
        }
    }
    out
}

/// Cases that use `%x` take it as an argument of the op's type (`// x: <type>` marks it).
fn signature(body: &str) -> String {
    match body.split("// x: ").nth(1) {
        Some(ty) => format!("%x: {}", ty.lines().next().unwrap_or("i32").trim()),
        None => String::new(),
    }
}

/// What a function returns after folding: the constant's text, or `nofold`.
fn upstream_results(text: &str) -> Vec<String> {
    let mut results = Vec::new();
    for func in text.split("func.func").skip(1) {
        let ret = func.lines().find(|l| l.trim_start().starts_with("return")).unwrap_or("");
        let name = ret.trim_start().trim_start_matches("return ").split(' ').next().unwrap_or("");
        let def = func.lines().find(|l| l.trim_start().starts_with(&format!("{name} = ")));
        results.push(match def {
            Some(l) if l.contains("arith.constant") => {
                l.split("arith.constant ").nth(1).unwrap_or("").trim().to_string()
            }
            None if name.starts_with("%arg") => name.to_string(),
            _ => "nofold".to_string(),
        });
    }
    results
}

fn our_result(body: &str) -> String {
    let src = format!("func.func @f({}) {{\n{body}\n}}", signature(body));
    let mut c = ctx();
    let m = parse_source(&mut c, "t.mlir", &src, ParserConfig::default())
        .unwrap_or_else(|d| panic!("{}\n{src}", d.message));
    let ops = c.collect_ops(m, WalkOrder::PreOrder);
    let Some(&op) = ops.iter().rev().find(|&&o| c.op_name(o).starts_with("arith.") && !c.is_op(o, "arith.constant"))
    else {
        return "nofold".into();
    };
    let consts: Vec<_> = c.operands(op).iter().map(|&v| constant_of(&c, v)).collect();
    let Some(f) = c.op_def(op).and_then(|d| d.fold) else { return "nofold".into() };
    match f(&mut c, op, &consts).and_then(|r| r.into_iter().next()) {
        Some(FoldResult::Attr(a)) => attr_to_string(&c, a),
        Some(FoldResult::Value(v)) => match c.value_def(v) {
            flowgate_ir::ValueDef::BlockArg { index, .. } => format!("%arg{index}"),
            _ => match c.defining_op(v).and_then(|d| c.attr(d, "value")) {
                Some(a) => attr_to_string(&c, a),
                None => "nofold".into(),
            },
        },
        None => "nofold".into(),
    }
}

#[test]
fn folds_agree_with_upstream() {
    if !std::path::Path::new(MLIR_OPT).exists() {
        eprintln!("skipped: {MLIR_OPT} is not installed");
        return;
    }
    let cases = cases();
    let mut module = String::new();
    for (i, body) in cases.iter().enumerate() {
        let ret_ty = body.rsplit(" : ").next().unwrap_or("i1");
        let _ = writeln!(module, "func.func @f{i}({}) -> {ret_ty} {{\n{body}\n}}", signature(body));
    }
    let mut child = std::process::Command::new(MLIR_OPT)
        .arg("--canonicalize")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("run mlir-opt");
    {
        use std::io::Write as _;
        child.stdin.take().expect("stdin").write_all(module.as_bytes()).expect("write");
    }
    let out = child.wait_with_output().expect("mlir-opt output");
    assert!(out.status.success(), "mlir-opt failed");
    let upstream = upstream_results(&String::from_utf8_lossy(&out.stdout));
    assert_eq!(upstream.len(), cases.len());
    let mut mismatches = Vec::new();
    for (body, want) in cases.iter().zip(&upstream) {
        let got = our_result(body);
        // Upstream prints `true`/`false` for i1 constants without a type, as do we.
        if &got != want {
            mismatches.push(format!("{}\n    upstream: {want}\n    ours:     {got}", body.replace('\n', " ;")));
        }
    }
    assert!(mismatches.is_empty(), "{} of {} differ:\n{}", mismatches.len(), cases.len(), mismatches.join("\n"));
}
