//! Parser and printer behaviour on generic-form IR (no dialects registered).

use flowgate_ir::asm::{
    format_float, parse_attr_str, parse_source, parse_type_str, print_op, ParserConfig, PrintFlags,
};
use flowgate_ir::{Context, FloatKind};

fn parse(src: &str) -> Result<(Context, flowgate_ir::OpId), String> {
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let m = parse_source(&mut ctx, "t.mlir", src, ParserConfig::default()).map_err(|d| d.message)?;
    Ok((ctx, m))
}

fn print(src: &str, flags: PrintFlags) -> String {
    let (ctx, m) = parse(src).unwrap_or_else(|e| panic!("{e}"));
    print_op(&ctx, m, flags)
}

#[test]
fn result_groups_and_forward_block_references() {
    let out = print(
        r#""t.f"() ({
  %a:2 = "t.two"() : () -> (i32, i64)
  "t.br"(%a#1)[^bb2] : (i64) -> ()
^bb1:
  "t.use"(%b) : (i64) -> ()
  "t.ret"() : () -> ()
^bb2(%b: i64):
  "t.br"()[^bb1] : () -> ()
}) : () -> ()"#,
        PrintFlags::default(),
    );
    assert!(out.contains("%0:2 = \"t.two\"() : () -> (i32, i64)"), "{out}");
    assert!(out.contains("\"t.br\"(%0#1)[^bb2] : (i64) -> ()"), "{out}");
    assert!(out.contains("^bb2(%1: i64):  // pred: ^bb0"), "{out}");
    assert!(out.contains("^bb1:  // pred: ^bb2"), "{out}");
}

#[test]
fn undefined_value_and_redefinition_are_errors() {
    let e = parse(r#""t.f"() ({ "t.use"(%x) : (i32) -> () }) : () -> ()"#).err().unwrap();
    assert_eq!(e, "use of undeclared SSA value name '%x'");
    let e = parse(
        r#"%a = "t.c"() : () -> i32
%a = "t.c"() : () -> i32"#,
    )
    .err()
    .unwrap();
    assert_eq!(e, "redefinition of SSA value '%a'");
    let e = parse(
        r#"%a = "t.c"() : () -> i32
"t.use"(%a) : (i64) -> ()"#,
    )
    .err()
    .unwrap();
    assert_eq!(e, "use of value '%a' expects different type than prior uses: 'i64' vs 'i32'");
    let e = parse(
        r#""t.f"() ({
  "t.br"()[^bb9] : () -> ()
}) : () -> ()"#,
    )
    .err()
    .unwrap();
    assert_eq!(e, "reference to an undefined block '^bb9'");
}

#[test]
fn nested_region_names_leave_scope() {
    // %v is defined in a nested region and is not visible after it.
    let e = parse(
        r#""t.r"() ({
  %v = "t.c"() : () -> i32
  "t.y"() : () -> ()
}) : () -> ()
"t.use"(%v) : (i32) -> ()"#,
    )
    .err()
    .unwrap();
    assert_eq!(e, "use of undeclared SSA value name '%v'");
}

#[test]
fn aliases_and_locations() {
    let src = r#"#map = affine_map<(d0) -> (d0)>
!t = tensor<?xf32>
"t.op"() {m = #map, ty = !t} : () -> () loc(#loc1)
#loc1 = loc("here.onnx":3:7)
"t.named"() : () -> () loc("node_0"("main/loop_0"))
"t.fused"() : () -> () loc(fused["a":1:2, callsite("f" at "g":3:4)])
"#;
    let out = print(src, PrintFlags { generic: false, debuginfo: true, local_scope: false });
    // Upstream style: op locations are `loc(#locN)` aliases defined after the top-level op,
    // nested locations through aliases too, each defined before the definitions using it.
    assert!(out.starts_with("#map = affine_map<(d0) -> (d0)>\n"), "{out}");
    assert!(out.contains("{m = #map, ty = tensor<?xf32>} : () -> () loc(#loc)"), "{out}");
    assert!(out.contains("#loc = loc(\"here.onnx\":3:7)\n"), "{out}");
    assert!(out.contains("#loc4 = loc(\"main/loop_0\")\n#loc1 = loc(\"node_0\"(#loc4))\n"), "{out}");
    assert!(out.contains("= loc(fused[#loc"), "{out}");
    assert!(out.contains("= loc(callsite(#loc"), "{out}");
    // The aliased form reads back to the same IR.
    assert_eq!(print(&out, PrintFlags { generic: false, debuginfo: true, local_scope: false }), out);
}

#[test]
fn types_round_trip() {
    for t in [
        "i1",
        "si8",
        "ui64",
        "index",
        "f16",
        "bf16",
        "f32",
        "f64",
        "none",
        "(i32, f32) -> (i1, index)",
        "() -> ()",
        "(i32) -> ((i32) -> i32)",
        "tensor<4x?xf32>",
        "tensor<*xi8>",
        "tensor<f32>",
        "tensor<0x4xf32>",
        "memref<?x4xf32, strided<[?, 1], offset: ?>>",
        "memref<4xf32, 1>",
        "memref<*xf32>",
        "vector<4x[8]xf32>",
        "tuple<i32, tensor<2xf32>>",
        "complex<f64>",
        "!onnx.seq<tensor<?xf32>>",
        "!llvm.ptr",
    ] {
        let mut ctx = Context::new();
        let ty = parse_type_str(&mut ctx, t).unwrap_or_else(|d| panic!("{t}: {}", d.message));
        assert_eq!(flowgate_ir::asm::type_to_string(&ctx, ty), t);
    }
}

#[test]
fn attributes_round_trip() {
    for a in [
        "42 : i32",
        "-1 : i8",
        "255 : ui8",
        "true",
        "false",
        "0 : index",
        "1.000000e+00 : f32",
        "0x7FC00000 : f32",
        "0xFFF0000000000000 : f64",
        "\"a\\22b\\0A\"",
        "[1, \"x\", unit]",
        "[-2, 1 : i32, 2.500000e+00, 5.000000e-01 : f32, [7]]",
        "[1 : i32, 2.500000e+00, \"s\" : i32]",
        "{a = 1 : i64, b}",
        "dense<1> : tensor<4xi32>",
        "dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>",
        "dense<[true, false]> : tensor<2xi1>",
        "dense<2.500000e+00> : vector<4xf16>",
        "array<i64: 1, -2>",
        "array<i32>",
        "@f",
        "@a::@b",
        "strided<[4, 1], offset: ?>",
        "#arith.fastmath<fast>",
        "i32",
        "0.1 : f32",
    ] {
        let mut ctx = Context::new();
        let attr = parse_attr_str(&mut ctx, a).unwrap_or_else(|d| panic!("{a}: {}", d.message));
        let printed = flowgate_ir::asm::attr_to_string(&ctx, attr);
        let expected = if a == "0.1 : f32" { "1.000000e-01 : f32" } else { a };
        assert_eq!(printed, expected);
    }
}

#[test]
fn dense_shape_mismatch_is_an_error() {
    let mut ctx = Context::new();
    let e = parse_attr_str(&mut ctx, "dense<[1, 2, 3]> : tensor<4xi32>").err().unwrap();
    assert_eq!(e.message, "inferred shape of elements literal ([3]) does not match type ([4])");
}

#[test]
fn float_formatting_matches_upstream() {
    assert_eq!(format_float(1.0, FloatKind::F32), "1.000000e+00");
    assert_eq!(format_float(-0.5, FloatKind::F64), "-5.000000e-01");
    assert_eq!(format_float(f64::INFINITY, FloatKind::F32), "0x7F800000");
    assert_eq!(format_float(f64::NAN, FloatKind::F16), "0x7E00");
    // Not exact in six digits: shortest exact form, still a valid MLIR float literal.
    assert_eq!(format_float(0.1, FloatKind::F64), "1.000000e-01");
    assert_eq!(format_float(0.123456789, FloatKind::F64), "0.123456789");
    // APFloat's six-digit form truncates, so upstream falls back to the full form here.
    assert_eq!(format_float(1.0e-7, FloatKind::F64), "9.9999999999999995E-8");
    assert_eq!(format_float(std::f64::consts::PI, FloatKind::F64), "3.1415926535897931");
    assert_eq!(format_float(1.23456789e-8, FloatKind::F64), "1.23456789E-8");
    assert_eq!(format_float(0.1 + 0.2, FloatKind::F64), "0.30000000000000004");
    // Upstream has no decimal form with a point for this one and prints the bits.
    assert_eq!(format_float(123456789.0, FloatKind::F64), "0x419D6F3454000000");
    assert_eq!(format_float(-0.0, FloatKind::F32), "-0.000000e+00");
}

#[test]
fn generic_print_is_a_fixed_point() {
    let src = r#""t.f"() ({
^bb0(%arg0: i32):
  %0 = "t.op"(%arg0) <{p = 1 : i32}> {d = "x"} : (i32) -> i32
  "t.r"() ({
    %1 = "t.op"(%0) : (i32) -> i32
  }) : () -> ()
  "t.ret"(%0) : (i32) -> ()
}) : () -> ()"#;
    let once = print(src, PrintFlags { generic: true, debuginfo: false, local_scope: false });
    let twice = print(&once, PrintFlags { generic: true, debuginfo: false, local_scope: false });
    assert_eq!(once, twice);
    assert!(once.contains("{d = \"x\", p = 1 : i32}"), "unregistered ops keep all attributes as discardable: {once}");
}

#[test]
fn garbage_never_panics() {
    for src in [
        "%",
        "\"",
        "^",
        "{-#",
        "%0:0 = \"a\"() : () -> ()",
        "tensor<",
        "\"a\"() : () -> (",
        "@\"",
        "#x = ",
        "\u{00e9}",
        "%a#99 = x",
    ] {
        let _ = parse(src);
    }
}

#[test]
fn columns_on_one_long_line_count_characters() {
    // Several ops on one line after non-ASCII text: each location's column counts characters
    // from the line start (the parser counts on from the previous location, issue 11).
    let src = "\"t.a\"() {s = \"é€😀\"} : () -> () \"t.b\"() : () -> () \"t.c\"() {s = \"ü\"} : () -> () \"t.d\"() : () -> ()\n";
    let out = print(src, PrintFlags { debuginfo: true, local_scope: true, ..Default::default() });
    let cols: Vec<&str> = out.matches("loc(\"t.mlir\":1:").collect();
    assert_eq!(cols.len(), 4, "{out}");
    for (op, col) in [("t.a", 1), ("t.b", 32), ("t.c", 51), ("t.d", 80)] {
        let line = out.lines().find(|l| l.contains(op)).unwrap_or_else(|| panic!("{op} in {out}"));
        assert!(line.contains(&format!("loc(\"t.mlir\":1:{col})")), "{op} at column {col}: {line}");
    }
}
