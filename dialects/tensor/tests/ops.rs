//! Round trips and verifier messages checked against upstream `mlir-opt` 22: the `.expected`
//! and `_expected` files are its output for the matching inputs.

flowgate_ir::upstream_parity_tests!(
    flowgate_builtin::register,
    flowgate_func::register,
    flowgate_tensor::register;
    generic_contains: "<{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>"
);
