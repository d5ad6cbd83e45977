//! Round trips and verifier messages checked against upstream `mlir-opt` 22: the `.expected`
//! and `_expected` files are its output for the matching inputs.

use flowgate_ir::testing::{assert_custom_syntax_matches, assert_invalid_messages};
use flowgate_ir::Context;

fn register(c: &mut Context) {
    flowgate_builtin::register(c);
    flowgate_func::register(c);
    flowgate_tensor::register(c);
}

#[test]
fn custom_syntax_matches_upstream() {
    let generic =
        assert_custom_syntax_matches(&register, include_str!("ops_input.mlir"), include_str!("ops_expected.mlir"));
    assert!(generic.contains("<{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>"), "{generic}");
}

#[test]
fn invalid_ir_gets_upstream_messages() {
    assert_invalid_messages(&register, include_str!("invalid_input.mlir"), include_str!("invalid_expected.txt"));
}
