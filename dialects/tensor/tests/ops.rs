//! Round trips and verifier messages checked against upstream `mlir-opt` 22: the `.expected`
//! and `_expected` files are its output for the matching inputs.

use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};
use flowgate_ir::{Context, OpId};

fn check(src: &str) -> Result<(Context, OpId), String> {
    let mut c = Context::new();
    flowgate_builtin::register(&mut c);
    flowgate_func::register(&mut c);
    flowgate_tensor::register(&mut c);
    let m = parse_source(&mut c, "t.mlir", src, ParserConfig::default()).map_err(|d| d.message)?;
    flowgate_ir::verify::verify(&c, m).map_err(|d| d.message)?;
    Ok((c, m))
}

fn print(c: &Context, m: OpId, generic: bool) -> String {
    print_op(c, m, PrintFlags { generic, debuginfo: false, local_scope: false })
}

#[test]
fn custom_syntax_matches_upstream() {
    let (c, m) = check(include_str!("ops_input.mlir")).unwrap();
    let out = print(&c, m, false);
    let want = include_str!("ops_expected.mlir").trim_end();
    for (i, (a, b)) in out.lines().zip(want.lines()).enumerate() {
        assert_eq!(a, b, "line {}", i + 1);
    }
    assert_eq!(out.trim_end().lines().count(), want.lines().count());
    // Generic form and back.
    let g = print(&c, m, true);
    assert!(g.contains("<{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>"), "{g}");
    let (c2, m2) = check(&g).unwrap();
    assert_eq!(print(&c2, m2, false), out);
}

#[test]
fn invalid_ir_gets_upstream_messages() {
    let cases: Vec<&str> = include_str!("invalid_input.mlir").split("// -----\n").collect();
    let want: Vec<&str> = include_str!("invalid_expected.txt").lines().collect();
    assert_eq!(cases.len(), want.len());
    for (src, msg) in cases.iter().zip(&want) {
        match check(src) {
            Ok(_) => panic!("expected '{msg}' for\n{src}"),
            Err(e) => assert_eq!(e, *msg, "{src}"),
        }
    }
}
