//! Issue 11: no type with a negative static dimension passes the verifier (a pass that
//! computes sizes could make one; printed, it would not parse back).

use flowgate_ir::asm::{parse_source, ParserConfig};
use flowgate_ir::{Context, DYNAMIC};

fn module(ctx: &mut Context) -> flowgate_ir::OpId {
    ctx.allow_unregistered = true;
    let src = r#""t.f"() ({
^bb0(%a: tensor<2xf32>):
  %r = "t.op"(%a) : (tensor<2xf32>) -> memref<3xf32>
  "t.ret"() : () -> ()
}) : () -> ()"#;
    parse_source(ctx, "t.mlir", src, ParserConfig::default()).unwrap_or_else(|d| panic!("{}", d.message))
}

#[test]
fn negative_dimensions_are_rejected_in_results_and_block_arguments() {
    let mut ctx = Context::new();
    let m = module(&mut ctx);
    flowgate_ir::verify::verify(&ctx, m).unwrap_or_else(|d| panic!("{}", d.message));
    let f = ctx.block_ops(ctx.entry_block(ctx.region(m, 0)).unwrap()).next().unwrap();
    let entry = ctx.entry_block(ctx.region(f, 0)).unwrap();
    let arg = ctx.block_args(entry)[0];
    let op = ctx.block_ops(entry).next().unwrap();
    let res = ctx.result(op, 0);
    let f32t = ctx.value_type(arg);
    let f32t = ctx.element_type_or_self(f32t);

    // A dynamic size is fine.
    let dynamic = ctx.tensor_type(vec![DYNAMIC, 2], f32t);
    ctx.set_value_type(arg, dynamic);
    flowgate_ir::verify::verify(&ctx, m).unwrap_or_else(|d| panic!("{}", d.message));

    let bad = ctx.tensor_type(vec![DYNAMIC, 2, -1], f32t);
    ctx.set_value_type(arg, bad);
    let d = flowgate_ir::verify::verify(&ctx, m).expect_err("negative block argument size");
    assert!(
        d.message.contains("block argument #0 has type 'tensor<?x2x-1xf32>' with a negative dimension size"),
        "{}",
        d.message
    );

    ctx.set_value_type(arg, dynamic);
    let nested = ctx.tensor_type(vec![4], f32t);
    let bad_memref = ctx.memref_type(vec![-3], f32t);
    let tuple = ctx.intern_type(flowgate_ir::TypeKind::Tuple(vec![nested, bad_memref]));
    ctx.set_value_type(res, tuple);
    let d = flowgate_ir::verify::verify(&ctx, m).expect_err("negative result size");
    assert!(d.message.contains("result #0 has type"), "{}", d.message);
    assert!(d.message.contains("negative dimension size"), "{}", d.message);
}
