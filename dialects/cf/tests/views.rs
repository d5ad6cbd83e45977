//! The branch views decode each successor's operands from the segment attributes, with the
//! dialect registered or not, and refuse layouts the attributes do not describe.

use flowgate_cf::{branch_operand_range, BranchOp, CondBranchOp, SwitchOp};
use flowgate_ir::asm::{parse_source, ParserConfig};
use flowgate_ir::{Context, OpId, WalkOrder};

const SRC: &str = r#"func.func @f(%c: i1, %x: i32, %y: i32, %fl: i32) {
  cf.cond_br %c, ^a(%x : i32), ^b(%y, %x : i32, i32)
^a(%p: i32):
  cf.switch %fl : i32, [default: ^a(%y : i32), 5: ^b(%x, %y : i32, i32), 7: ^c]
^b(%q: i32, %r: i32):
  cf.br ^a(%r : i32)
^c:
  return
}"#;

fn parse(register: bool, src: &str) -> (Context, OpId) {
    let mut ctx = Context::new();
    flowgate_builtin::register(&mut ctx);
    flowgate_func::register(&mut ctx);
    if register {
        flowgate_cf::register(&mut ctx);
    }
    ctx.allow_unregistered = true;
    let m = parse_source(&mut ctx, "t.mlir", src, ParserConfig::default()).unwrap_or_else(|d| panic!("{}", d.message));
    (ctx, m)
}

fn find(ctx: &Context, m: OpId, name: &str) -> OpId {
    ctx.collect_ops(m, WalkOrder::PreOrder).into_iter().find(|&o| ctx.is_op(o, name)).unwrap()
}

#[test]
fn successor_operands_registered_or_generic() {
    let (c, m) = parse(true, SRC);
    let generic =
        flowgate_ir::asm::print_op(&c, m, flowgate_ir::asm::PrintFlags { generic: true, ..Default::default() });
    for (ctx, m) in [(c, m), parse(false, &generic)] {
        let f = ctx.collect_ops(m, WalkOrder::PreOrder)[1];
        let args = ctx.block_args(ctx.entry_block(ctx.region(f, 0)).unwrap()).to_vec();
        let (cnd, x, y, fl) = (args[0], args[1], args[2], args[3]);
        let br = CondBranchOp::cast(&ctx, find(&ctx, m, "cf.cond_br")).unwrap();
        assert_eq!(br.condition(&ctx), cnd);
        assert_eq!(br.true_operands(&ctx), &[x]);
        assert_eq!(br.false_operands(&ctx), &[y, x]);
        assert_eq!(branch_operand_range(&ctx, br.op(), 1), Some(2..4));
        let sw = SwitchOp::cast(&ctx, find(&ctx, m, "cf.switch")).unwrap();
        assert_eq!(sw.flag(&ctx), fl);
        assert_eq!(sw.default_operands(&ctx), &[y]);
        assert_eq!(sw.successor_operands(&ctx, 1), &[x, y]);
        assert!(sw.successor_operands(&ctx, 2).is_empty());
        assert_eq!(sw.case_dests(&ctx).len(), 2);
        let b = BranchOp::cast(&ctx, find(&ctx, m, "cf.br")).unwrap();
        assert_eq!(b.dest_operands(&ctx).len(), 1);
        assert_eq!(branch_operand_range(&ctx, b.op(), 0), Some(0..1));
    }
}

#[test]
fn inconsistent_segments_have_no_range() {
    let src = r#"func.func @f(%c: i1, %x: i32) {
  "cf.cond_br"(%c, %x) [^a, ^a] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32) -> ()
^a:
  return
}"#;
    let (ctx, m) = parse(false, src);
    let br = CondBranchOp::cast(&ctx, find(&ctx, m, "cf.cond_br")).unwrap();
    assert_eq!(br.successor_operand_range(&ctx, 0), None);
    assert!(br.true_operands(&ctx).is_empty());
}
