//! cf ops in custom and generic form, compared with what upstream mlir-opt 22 prints, and the
//! successor operand ranges the segment attributes describe.

use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};
use flowgate_ir::{Context, OpId, WalkOrder};

fn ctx() -> Context {
    let mut ctx = Context::new();
    flowgate_builtin::register(&mut ctx);
    flowgate_func::register(&mut ctx);
    flowgate_arith::register(&mut ctx);
    flowgate_cf::register(&mut ctx);
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
    assert_eq!(out, print_op(&c2, m2, flags), "printing is not a fixed point");
    out
}

const SRC: &str = r#"func.func @f(%c: i1, %a: i32, %flag: i32) {
  cf.assert %c, "hello \"x\""
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  cf.cond_br %c, ^bb2(%x, %a : i32, i32), ^bb3 {foo}
^bb2(%y: i32, %z: i32):
  cf.switch %flag : i32, [
    default: ^bb1(%a : i32),
    42: ^bb3,
    43: ^bb2(%a, %a : i32, i32)
  ]
^bb3:
  cf.cond_br %c weights([1, 9]), ^bb4, ^bb4
^bb4:
  cf.switch %flag : i32, [
    default: ^bb5
  ]
^bb5:
  return
}
"#;

/// `mlir-opt` 22 on SRC prints exactly this.
const UPSTREAM_CUSTOM: &str = r#"module {
  func.func @f(%arg0: i1, %arg1: i32, %arg2: i32) {
    cf.assert %arg0, "hello \22x\22"
    cf.br ^bb1(%arg1 : i32)
  ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb2
    cf.cond_br %arg0, ^bb2(%0, %arg1 : i32, i32), ^bb3 {foo}
  ^bb2(%1: i32, %2: i32):  // 2 preds: ^bb1, ^bb2
    cf.switch %arg2 : i32, [
      default: ^bb1(%arg1 : i32),
      42: ^bb3,
      43: ^bb2(%arg1, %arg1 : i32, i32)
    ]
  ^bb3:  // 2 preds: ^bb1, ^bb2
    cf.cond_br %arg0 weights([1, 9]), ^bb4, ^bb4
  ^bb4:  // 2 preds: ^bb3, ^bb3
    cf.switch %arg2 : i32, [
      default: ^bb5]
  ^bb5:  // pred: ^bb4
    return
  }
}
"#;

#[test]
fn custom_form_matches_upstream() {
    assert_eq!(roundtrip(SRC, false), UPSTREAM_CUSTOM);
}

#[test]
fn generic_form_matches_upstream() {
    let out = roundtrip(SRC, true);
    for line in [
        "\"cf.assert\"(%arg0) <{msg = \"hello \\22x\\22\"}> : (i1) -> ()",
        "\"cf.cond_br\"(%arg0, %0, %arg1)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 2, 0>}> {foo} : (i1, i32, i32) -> ()",
        "\"cf.switch\"(%arg2, %arg1, %arg1, %arg1)[^bb1, ^bb3, ^bb2] <{case_operand_segments = array<i32: 0, 2>, case_values = dense<[42, 43]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i32, i32, i32, i32) -> ()",
        "\"cf.cond_br\"(%arg0)[^bb4, ^bb4] <{branch_weights = array<i32: 1, 9>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()",
        "\"cf.switch\"(%arg2)[^bb5] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()",
    ] {
        assert!(out.contains(line), "missing `{line}` in\n{out}");
    }
    let mut c = ctx();
    let m = parse_source(&mut c, "g.mlir", &out, ParserConfig::default()).expect("generic parses");
    assert_eq!(print_op(&c, m, PrintFlags::default()), UPSTREAM_CUSTOM);
}

#[test]
fn successor_operands_follow_the_segments() {
    let mut c = ctx();
    let m = parse_source(&mut c, "t.mlir", SRC, ParserConfig::default()).expect("parses");
    let ops: Vec<OpId> = c.collect_ops(m, WalkOrder::PreOrder);
    let cond_br = *ops.iter().find(|&&o| c.is_op(o, "cf.cond_br")).expect("cond_br");
    assert_eq!(c.successor_operand_range(cond_br, 0), 1..3);
    assert_eq!(c.successor_operand_range(cond_br, 1), 3..3);
    let switch = *ops.iter().find(|&&o| c.is_op(o, "cf.switch")).expect("switch");
    assert_eq!(c.successor_operand_range(switch, 0), 1..2);
    assert_eq!(c.successor_operand_range(switch, 1), 2..2);
    assert_eq!(c.successor_operand_range(switch, 2), 2..4);
}

#[test]
fn case_values_wrap_to_the_flag_width_and_print_unsigned() {
    let src = "func.func @f(%flag: i8) {
  cf.switch %flag : i8, [
    default: ^bb1,
    -1: ^bb1,
    256: ^bb1
  ]
^bb1:
  return
}";
    let out = roundtrip(src, false);
    assert!(out.contains("      255: ^bb1,\n      0: ^bb1\n    ]"), "{out}");
}

#[test]
fn i64_case_values_round_trip() {
    // Printed signed: upstream 22 prints them unsigned and then cannot read its own output
    // (DESIGN.md §4 wants our output to parse upstream). Unsigned spellings are still read.
    let src = "func.func @f(%flag: i64) {
  cf.switch %flag : i64, [
    default: ^bb1,
    -9223372036854775808: ^bb1,
    -1: ^bb1
  ]
^bb1:
  return
}";
    let out = roundtrip(src, false);
    assert!(out.contains("      -9223372036854775808: ^bb1,\n      -1: ^bb1\n"), "{out}");
    let unsigned = src.replace("-1: ^bb1", "18446744073709551615: ^bb1");
    assert!(roundtrip(&unsigned, false).contains("      -1: ^bb1\n"));
    let too_large = src.replace("-1: ^bb1", "18446744073709551616: ^bb1");
    let mut c = ctx();
    let err = parse_source(&mut c, "t.mlir", &too_large, ParserConfig::default()).expect_err("too large");
    assert_eq!(err.message, "custom op 'cf.switch' integer value too large");
}

#[test]
fn verifier_messages() {
    let cases = [
        (
            "func.func @f(%c: i1) {\n  \"cf.cond_br\"(%c)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1) -> ()\n^bb1:\n  return\n}",
            "'cf.cond_br' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'",
        ),
        (
            "func.func @f(%c: i1) {\n  cf.cond_br %c weights([0, 0]), ^bb1, ^bb1\n^bb1:\n  return\n}",
            "'cf.cond_br' op branch weights cannot all be zero",
        ),
        (
            "func.func @f(%c: i32) {\n  \"cf.switch\"(%c)[^bb1, ^bb1] <{case_values = dense<[1]> : vector<1xi64>, case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()\n^bb1:\n  return\n}",
            "'cf.switch' op 'flag' type ('i32') should match case value type ('i64')",
        ),
        (
            "func.func @f(%c: i1) {\n  \"cf.assert\"(%c) : (i1) -> ()\n  return\n}",
            "'cf.assert' op requires attribute 'msg'",
        ),
    ];
    for (src, want) in cases {
        let mut c = ctx();
        let m = parse_source(&mut c, "t.mlir", src, ParserConfig::default()).expect("parses");
        let err = flowgate_ir::verify::verify(&c, m).expect_err("must fail");
        assert_eq!(err.message, want);
    }
}

#[test]
fn built_branches_match_parsed_ones() {
    use flowgate_ir::Builder;
    let mut c = ctx();
    let src = "func.func @f(%c: i1, %a: i32, %k: i32) {
  return
^bb1(%x: i32):
  return
^bb2:
  return
}";
    let m = parse_source(&mut c, "t.mlir", src, ParserConfig::default()).expect("parses");
    let func = c.find_ops(m, "func.func")[0];
    let blocks = c.region_blocks(c.region(func, 0)).to_vec();
    let (entry, b1, b2) = (blocks[0], blocks[1], blocks[2]);
    let (cond, a, k) = (c.block_arg(entry, 0), c.block_arg(entry, 1), c.block_arg(entry, 2));
    let ret = c.last_op(entry).expect("return");
    let loc = c.op_loc(ret);
    c.erase_op(ret);
    // entry: assert, switch; ^bb1: cond_br; ^bb2: br
    let mut b = Builder::at_end(&mut c, entry);
    flowgate_cf::builders::assert(&mut b, cond, "ok", loc);
    flowgate_cf::builders::switch(&mut b, k, b1, &[a], &[(5, b2, vec![]), (-1, b1, vec![k])], loc);
    for blk in [b1, b2] {
        let last = b.ctx.last_op(blk).expect("return");
        b.ctx.erase_op(last);
    }
    b.set_insertion_point_to_end(b1);
    flowgate_cf::builders::cond_br(&mut b, cond, b1, &[a], b2, &[], loc);
    b.set_insertion_point_to_end(b2);
    flowgate_cf::builders::br(&mut b, b1, &[k], loc);
    flowgate_ir::verify::verify(&c, m).unwrap_or_else(|d| panic!("{}", d.message));
    let out = print_op(&c, m, PrintFlags::default());
    let expected = "module {
  func.func @f(%arg0: i1, %arg1: i32, %arg2: i32) {
    cf.assert %arg0, \"ok\"
    cf.switch %arg2 : i32, [
      default: ^bb1(%arg1 : i32),
      5: ^bb2,
      4294967295: ^bb1(%arg2 : i32)
    ]
  ^bb1(%0: i32):  // 4 preds: ^bb0, ^bb0, ^bb1, ^bb2
    cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2
  ^bb2:  // 2 preds: ^bb0, ^bb1
    cf.br ^bb1(%arg2 : i32)
  }
}
";
    assert_eq!(out, expected);
    // And the generic form carries the same segments as a parsed op's.
    let reparsed = roundtrip(&out, true);
    assert!(reparsed.contains("case_operand_segments = array<i32: 0, 1>, case_values = dense<[5, -1]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 1, 1>"), "{reparsed}");
}
