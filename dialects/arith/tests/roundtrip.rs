//! Every arith op in custom and generic form: parse, verify, print, and parse the print again;
//! a sample of the printed text is compared with what upstream mlir-opt 22 prints.

use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};
use flowgate_ir::Context;

fn ctx() -> Context {
    let mut ctx = Context::new();
    flowgate_builtin::register(&mut ctx);
    flowgate_func::register(&mut ctx);
    flowgate_arith::register(&mut ctx);
    ctx
}

fn roundtrip(src: &str, generic: bool) -> String {
    let flags = PrintFlags { generic, debuginfo: false, local_scope: false };
    let mut c = ctx();
    let m = parse_source(&mut c, "t.mlir", src, ParserConfig::default()).unwrap_or_else(|d| panic!("{}", d.message));
    flowgate_ir::verify::verify(&c, m).unwrap_or_else(|d| panic!("verify: {}", d.message));
    let out = print_op(&c, m, flags);
    let mut c2 = ctx();
    let m2 = parse_source(&mut c2, "t2.mlir", &out, ParserConfig::default())
        .unwrap_or_else(|d| panic!("reparse: {}\n{out}", d.message));
    flowgate_ir::verify::verify(&c2, m2).unwrap_or_else(|d| panic!("reverify: {}\n{out}", d.message));
    let out2 = print_op(&c2, m2, flags);
    assert_eq!(out, out2, "printing is not a fixed point");
    out
}

const ALL_OPS: &str = r#"
func.func @all(%a: i32, %b: i32, %x: f32, %y: f32, %h: f16, %c: i1, %i: index, %v: vector<4xi32>, %t: tensor<?xf32>, %m: memref<2xindex>) {
  %c42 = arith.constant 42 : i32
  %ci = arith.constant 0 : index
  %ct = arith.constant true
  %cf = arith.constant 1.5 : f32
  %cd = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %0 = arith.addi %a, %b overflow<nsw, nuw> : i32
  %1 = arith.subi %a, %b : i32
  %2 = arith.muli %v, %v overflow<nsw> : vector<4xi32>
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.ceildivsi %a, %b : i32
  %6 = arith.ceildivui %a, %b : i32
  %7 = arith.floordivsi %a, %b : i32
  %8 = arith.remsi %a, %b : i32
  %9 = arith.remui %a, %b : i32
  %10 = arith.andi %a, %b : i32
  %11 = arith.ori %a, %b : i32
  %12 = arith.xori %a, %b : i32
  %13 = arith.shli %a, %b overflow<nuw> : i32
  %14 = arith.shrsi %a, %b : i32
  %15 = arith.shrui %a, %b : i32
  %16 = arith.maxsi %a, %b : i32
  %17 = arith.maxui %a, %b : i32
  %18 = arith.minsi %a, %b : i32
  %19 = arith.minui %i, %i : index
  %20:2 = arith.addui_extended %a, %b : i32, i1
  %21:2 = arith.mulsi_extended %a, %b : i32
  %22:2 = arith.mului_extended %v, %v : vector<4xi32>
  %23 = arith.addf %x, %y fastmath<fast> : f32
  %24 = arith.subf %x, %y : f32
  %25 = arith.mulf %t, %t fastmath<nnan,ninf> : tensor<?xf32>
  %26 = arith.divf %x, %y : f32
  %27 = arith.remf %x, %y : f32
  %28 = arith.maximumf %x, %y : f32
  %29 = arith.minimumf %x, %y : f32
  %30 = arith.maxnumf %x, %y : f32
  %31 = arith.minnumf %x, %y : f32
  %32 = arith.negf %x : f32
  %33 = arith.cmpi sge, %a, %b : i32
  %34 = arith.cmpf uno, %x, %y fastmath<fast> : f32
  %35 = arith.select %c, %a, %b : i32
  %36 = arith.extsi %a : i32 to i64
  %37 = arith.extui %a : i32 to i64
  %38 = arith.trunci %a overflow<nsw> : i32 to i8
  %39 = arith.extf %h : f16 to f32
  %40 = arith.truncf %x downward : f32 to f16
  %41 = arith.sitofp %a : i32 to f32
  %42 = arith.uitofp %a : i32 to f64
  %43 = arith.fptosi %x : f32 to i32
  %44 = arith.fptoui %x : f32 to i16
  %45 = arith.index_cast %i : index to i32
  %46 = arith.index_castui %a : i32 to index
  %47 = arith.bitcast %x : f32 to i32
  %48 = arith.scaling_extf %h, %h : f16, f16 to f32
  %49 = arith.scaling_truncf %x, %h : f32, f16 to f16
  %50 = arith.index_cast %m : memref<2xindex> to memref<2xi64>
  %51 = arith.shrui %a, %b exact : i32
  return
}
"#;

#[test]
fn every_op_round_trips_in_custom_form() {
    let out = roundtrip(ALL_OPS, false);
    // Text as upstream mlir-opt 22 prints it.
    for line in [
        "%c42_i32 = arith.constant 42 : i32",
        "%c0 = arith.constant 0 : index",
        "%true = arith.constant true",
        "%cst = arith.constant 1.500000e+00 : f32",
        "%cst_0 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>",
        "%0 = arith.addi %arg0, %arg1 overflow<nsw, nuw> : i32",
        "%2 = arith.muli %arg7, %arg7 overflow<nsw> : vector<4xi32>",
        "%sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1",
        "%low, %high = arith.mulsi_extended %arg0, %arg1 : i32",
        "%low_1, %high_2 = arith.mului_extended %arg7, %arg7 : vector<4xi32>",
        "%20 = arith.addf %arg2, %arg3 fastmath<fast> : f32",
        "%22 = arith.mulf %arg8, %arg8 fastmath<nnan,ninf> : tensor<?xf32>",
        "%30 = arith.cmpi sge, %arg0, %arg1 : i32",
        "%31 = arith.cmpf uno, %arg2, %arg3 fastmath<fast> : f32",
        "%32 = arith.select %arg5, %arg0, %arg1 : i32",
        "%35 = arith.trunci %arg0 overflow<nsw> : i32 to i8",
        "%37 = arith.truncf %arg2 downward : f32 to f16",
        "%45 = arith.scaling_extf %arg4, %arg4 : f16, f16 to f32",
        "%47 = arith.index_cast %arg9 : memref<2xindex> to memref<2xi64>",
        "%48 = arith.shrui %arg0, %arg1 exact : i32",
    ] {
        assert!(out.contains(line), "missing `{line}` in\n{out}");
    }
}

#[test]
fn every_op_round_trips_in_generic_form() {
    let out = roundtrip(ALL_OPS, true);
    for line in [
        "%0 = \"arith.constant\"() <{value = 42 : i32}> : () -> i32",
        "%5 = \"arith.addi\"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32",
        "%6 = \"arith.subi\"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32",
        "%8 = \"arith.divsi\"(%arg0, %arg1) : (i32, i32) -> i32",
        "%25:2 = \"arith.addui_extended\"(%arg0, %arg1) : (i32, i32) -> (i32, i1)",
        "%29 = \"arith.subf\"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32",
        "%38 = \"arith.cmpi\"(%arg0, %arg1) <{predicate = 5 : i64}> : (i32, i32) -> i1",
        "%39 = \"arith.cmpf\"(%arg2, %arg3) <{fastmath = #arith.fastmath<fast>, predicate = 14 : i64}> : (f32, f32) -> i1",
        "%44 = \"arith.extf\"(%arg4) : (f16) -> f32",
        "%45 = \"arith.truncf\"(%arg2) <{roundingmode = 1 : i32}> : (f32) -> f16",
        "%56 = \"arith.shrui\"(%arg0, %arg1) <{isExact}> : (i32, i32) -> i32",
    ] {
        assert!(out.contains(line), "missing `{line}` in\n{out}");
    }
    // The generic print parses back to the same custom print.
    let mut c = ctx();
    let m = parse_source(&mut c, "g.mlir", &out, ParserConfig::default()).expect("generic parses");
    let custom = print_op(&c, m, PrintFlags::default());
    assert_eq!(custom, roundtrip(ALL_OPS, false));
}

#[test]
fn every_registered_arith_op_is_exercised() {
    let c = ctx();
    let mut missing = Vec::new();
    for def in c.registered_ops() {
        if def.name.starts_with("arith.") && !ALL_OPS.contains(&format!("{} ", def.name)) {
            missing.push(def.name);
        }
    }
    assert!(missing.is_empty(), "not round-tripped: {missing:?}");
    let count = c.registered_ops().filter(|d| d.name.starts_with("arith.")).count();
    assert_eq!(count, 51, "upstream MLIR 22 has 51 arith ops");
}

#[test]
fn verifier_rejects_with_upstream_messages() {
    let cases = [
        (
            "func.func @f(%a: f32) {\n  %0 = arith.addi %a, %a : f32\n  return\n}",
            "'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'",
        ),
        (
            "func.func @f(%a: i16) {\n  %0 = arith.extsi %a : i16 to i8\n  return\n}",
            "'arith.extsi' op operand type 'i16' and result type 'i8' are cast incompatible",
        ),
        (
            "func.func @f(%a: i32) {\n  %0 = \"arith.cmpi\"(%a, %a) {predicate = 10} : (i32, i32) -> i1\n  return\n}",
            "'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9",
        ),
        (
            "func.func @f(%c: i1, %a: i32, %b: i64) {\n  %0 = \"arith.select\"(%c, %a, %b) : (i1, i32, i64) -> i32\n  return\n}",
            "'arith.select' op failed to verify that all of {true_value, false_value, result} have same type",
        ),
    ];
    for (src, want) in cases {
        let mut c = ctx();
        let m = parse_source(&mut c, "t.mlir", src, ParserConfig::default()).expect("parses");
        let err = flowgate_ir::verify::verify(&c, m).expect_err("must fail");
        assert_eq!(err.message, want);
    }
}
