//! `--convert-scf-to-cf` produces exactly upstream's CFG: each `scf_to_cf/X.mlir` lowered and
//! printed in generic form equals `X.expected`, which is upstream `mlir-opt 22
//! --convert-scf-to-cf --mlir-print-op-generic` output for the same file.

use flowgate_conversion::scf_to_cf::{convert_scf_to_cf, SCFToControlFlowPass};
use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};
use flowgate_ir::{Context, Count, OpDef, OpId, Traits};
use flowgate_pass::Pass;

/// Branch ops stand-ins (the cf crate is not a dependency): enough for the verifier to know
/// they terminate blocks and which operands go to which successor.
fn register_test_cf(ctx: &mut Context) {
    let term = Traits::TERMINATOR;
    ctx.register_op(OpDef { traits: term, successors: Count::Exactly(1), ..OpDef::new("cf.br") });
    ctx.register_op(OpDef {
        traits: term,
        inherent_attrs: &["operandSegmentSizes"],
        successors: Count::Exactly(2),
        successor_operands: Some(|ctx, op, i| {
            let seg = ctx.attr(op, "operandSegmentSizes").and_then(|a| ctx.attr_as_dense_array(a));
            let Some(&[c, t, f]) = seg else { return 0..0 };
            let (c, t, f) = (c as usize, t as usize, f as usize);
            if i == 0 {
                c..c + t
            } else {
                c + t..c + t + f
            }
        }),
        ..OpDef::new("cf.cond_br")
    });
    ctx.register_op(OpDef {
        traits: term,
        inherent_attrs: &["case_operand_segments", "case_values", "operandSegmentSizes"],
        successor_operands: Some(|_, _, _| 0..0),
        ..OpDef::new("cf.switch")
    });
}

/// Arith stand-ins, so their attributes print as properties (`<{...}>`) as upstream's do.
fn register_test_arith(ctx: &mut Context) {
    ctx.register_op(OpDef { inherent_attrs: &["predicate"], ..OpDef::new("arith.cmpi") });
    ctx.register_op(OpDef { inherent_attrs: &["overflowFlags"], ..OpDef::new("arith.addi") });
    ctx.register_op(OpDef::new("arith.index_cast"));
}

fn ctx() -> Context {
    let mut ctx = Context::new();
    flowgate_builtin::register(&mut ctx);
    flowgate_func::register(&mut ctx);
    flowgate_scf::register(&mut ctx);
    register_test_cf(&mut ctx);
    register_test_arith(&mut ctx);
    ctx.allow_unregistered = true;
    ctx
}

fn parse(ctx: &mut Context, src: &str) -> OpId {
    let m = parse_source(ctx, "t.mlir", src, ParserConfig::default()).unwrap_or_else(|d| panic!("{}", d.message));
    flowgate_ir::verify::verify(ctx, m).unwrap_or_else(|d| panic!("{}", d.message));
    m
}

fn lower(src: &str) -> (Context, OpId) {
    let mut c = ctx();
    let m = parse(&mut c, src);
    SCFToControlFlowPass.run(&mut c, m).unwrap_or_else(|d| panic!("{}", d.message));
    flowgate_ir::verify::verify(&c, m).unwrap_or_else(|d| panic!("after lowering: {}", d.message));
    (c, m)
}

fn check_against_upstream(src: &str, expected: &str) {
    let (c, m) = lower(src);
    let out = print_op(&c, m, PrintFlags { generic: true, debuginfo: false, local_scope: false });
    assert!(c.find_ops(m, "scf.for").is_empty());
    let want = expected.trim_end();
    for (i, (a, b)) in out.lines().zip(want.lines()).enumerate() {
        assert_eq!(a, b, "line {}:\n{out}", i + 1);
    }
    assert_eq!(out.trim_end().lines().count(), want.lines().count(), "{out}");
}

#[test]
fn for_if_while_switch_execute_region() {
    check_against_upstream(include_str!("scf_to_cf/mixed.mlir"), include_str!("scf_to_cf/mixed.expected"));
}

#[test]
fn parallel_becomes_nested_loops_with_accumulators() {
    check_against_upstream(include_str!("scf_to_cf/parallel.mlir"), include_str!("scf_to_cf/parallel.expected"));
}

#[test]
fn while_and_do_while() {
    check_against_upstream(include_str!("scf_to_cf/while.mlir"), include_str!("scf_to_cf/while.expected"));
}

#[test]
fn nested_loops_if_without_else_and_multi_block_region() {
    check_against_upstream(include_str!("scf_to_cf/nested.mlir"), include_str!("scf_to_cf/nested.expected"));
}

#[test]
fn loop_header_carries_iv_and_iter_args() {
    let src = "func.func @f(%lb: index, %ub: index, %s: index, %x: f32) -> f32 {
  %r = scf.for %i = %lb to %ub step %s iter_args(%a = %x) -> (f32) {
    %y = \"test.f\"(%a) : (f32) -> f32
    scf.yield %y : f32
  }
  return %r : f32
}";
    let (c, m) = lower(src);
    let f = c.find_ops(m, "func.func")[0];
    let blocks = c.region_blocks(c.region(f, 0)).to_vec();
    assert_eq!(blocks.len(), 4, "entry, header, body, exit");
    let header = blocks[1];
    let tys: Vec<String> =
        c.block_args(header).iter().map(|&v| flowgate_ir::asm::type_to_string(&c, c.value_type(v))).collect();
    assert_eq!(tys, ["index", "f32"]);
    // The exit block returns the header's carried value.
    let ret = c.last_op(blocks[3]).unwrap();
    assert_eq!(c.operand(ret, 0), c.block_arg(header, 1));
    // The back edge passes iv + step and the yielded value.
    let back = c.last_op(blocks[2]).unwrap();
    assert_eq!(c.successors(back), &[header]);
    assert!(c.is_op(c.defining_op(c.operand(back, 0)).unwrap(), "arith.addi"));
    assert!(c.find_ops(m, "scf.yield").is_empty());
}

#[test]
fn unsigned_loops_compare_ult() {
    let src = "func.func @f(%n: i32) {
  scf.for unsigned %i = %n to %n step %n : i32 {
  }
  return
}";
    let (c, m) = lower(src);
    let cmp = c.find_ops(m, "arith.cmpi");
    assert_eq!(cmp.len(), 1);
    assert_eq!(c.attr(cmp[0], "predicate").and_then(|a| c.attr_as_int(a)), Some(6));
}

#[test]
fn pass_names_match_upstream() {
    assert_eq!(SCFToControlFlowPass.argument(), "convert-scf-to-cf");
    assert_eq!(SCFToControlFlowPass.name(), "SCFToControlFlowPass");
    let info = flowgate_conversion::scf_to_cf::pass_info();
    assert!((info.create)(&Default::default()).is_ok());
}

#[test]
fn stray_scf_ops_fail_to_legalize() {
    // A yield whose parent is not lowered (an unregistered op's region) is left behind.
    let src = "func.func @f() {\n  \"test.wrap\"() ({\n    \"scf.yield\"() : () -> ()\n  }) : () -> ()\n  return\n}";
    let mut c = ctx();
    let m = parse_source(&mut c, "t.mlir", src, ParserConfig::default()).unwrap();
    let err = convert_scf_to_cf(&mut c, m).unwrap_err();
    assert_eq!(err.message, "failed to legalize operation 'scf.yield'");
}

#[test]
fn malformed_ops_are_errors_not_panics() {
    // Unverified input: a loop without its bounds, a while whose condition forwards nothing
    // while its after region expects a value, and a parallel without segment sizes.
    for src in [
        "func.func @f(%a: index) {\n  \"scf.for\"(%a) ({\n  ^bb0(%i: index):\n    \"scf.yield\"() : () -> ()\n  }) : (index) -> ()\n  return\n}",
        "func.func @f(%a: index) {\n  \"scf.parallel\"(%a, %a, %a) ({\n  ^bb0(%i: index):\n    \"scf.reduce\"() : () -> ()\n  }) : (index, index, index) -> ()\n  return\n}",
        "func.func @f(%a: index) {\n  \"scf.if\"(%a) ({\n  }, {\n  }) : (index) -> ()\n  return\n}",
    ] {
        let mut c = ctx();
        let m = parse_source(&mut c, "t.mlir", src, ParserConfig::default()).unwrap_or_else(|d| panic!("{}", d.message));
        assert!(convert_scf_to_cf(&mut c, m).is_err(), "{src}");
    }
}
