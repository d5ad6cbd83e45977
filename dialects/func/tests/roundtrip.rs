use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};
use flowgate_ir::Context;

fn ctx() -> Context {
    let mut ctx = Context::new();
    flowgate_builtin::register(&mut ctx);
    flowgate_func::register(&mut ctx);
    ctx.allow_unregistered = true;
    ctx
}

fn roundtrip(src: &str, generic: bool) -> String {
    let mut c = ctx();
    let m = parse_source(&mut c, "t.mlir", src, ParserConfig::default()).unwrap_or_else(|d| panic!("{}", d.message));
    flowgate_ir::verify::verify(&c, m).unwrap_or_else(|d| panic!("verify: {}", d.message));
    let out = print_op(&c, m, PrintFlags { generic, debuginfo: false, local_scope: false });
    let mut c2 = ctx();
    let m2 = parse_source(&mut c2, "t2.mlir", &out, ParserConfig::default())
        .unwrap_or_else(|d| panic!("reparse: {}\n{out}", d.message));
    let out2 = print_op(&c2, m2, PrintFlags { generic, debuginfo: false, local_scope: false });
    assert_eq!(out, out2, "printing is not a fixed point");
    out
}

#[test]
fn functions_and_generic_ops() {
    let src = r#"
func.func @f(%a: i32, %b: f32) -> (i32, f32) {
  %0:2 = "test.op"(%a, %b) {x = 1 : i64, y = [1.5 : f32, "s"], z} : (i32, f32) -> (i32, f32)
  "test.br"(%0#0)[^bb1] : (i32) -> ()
^bb1(%x: i32):
  return %x, %0#1 : i32, f32
}
func.func private @decl(tensor<4x?xf32>, memref<?x4xf32, strided<[?, 1], offset: ?>>) -> vector<4x[8]xi1>
"#;
    let out = roundtrip(src, false);
    assert!(out.contains("func.func @f(%arg0: i32, %arg1: f32) -> (i32, f32) {"), "{out}");
    assert!(
        out.contains("%0:2 = \"test.op\"(%arg0, %arg1) {x = 1 : i64, y = [1.500000e+00 : f32, \"s\"], z}"),
        "{out}"
    );
    assert!(out.contains("^bb1(%1: i32):  // pred: ^bb0"), "{out}");
    assert!(out.contains("return %1, %0#1 : i32, f32"), "{out}");
    assert!(
        out.contains(
            "func.func private @decl(tensor<4x?xf32>, memref<?x4xf32, strided<[?, 1], offset: ?>>) -> vector<4x[8]xi1>"
        ),
        "{out}"
    );
    let g = roundtrip(src, true);
    assert!(g.contains("\"func.func\"() <{function_type = (i32, f32) -> (i32, f32), sym_name = \"f\"}> ({"), "{g}");
    assert!(g.contains("\"func.return\"(%1, %0#1) : (i32, f32) -> ()"), "{g}");
}
