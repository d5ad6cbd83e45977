//! Mid-level optimizations over `scf` and `arith` that `onnx-run` and `onnx-compile` run at -O2,
//! before `convert-scf-to-cf`. Cranelift does no loop optimization of its own beyond hoisting,
//! so what an optimizing compiler would do to loops (rotation into do-while form, strength
//! reduction of induction variables, if-conversion, cheap divisibility tests) happens here, on
//! the structured form where loops are explicit. Each pass lives in its own module folder.
//! Passes that upstream MLIR also has keep its name and output, so lit tests compare them.

pub mod divisibility_to_mul;
pub mod scf_for_strength_reduction;
pub mod scf_for_to_while;
pub mod scf_if_to_select;
pub mod scf_reload_loop_floats;
pub mod scf_rotate_while;
#[cfg(test)]
mod test_support;

use flowgate_pass::PassInfo;

/// The passes of this crate, for the registry.
pub fn passes() -> Vec<PassInfo> {
    vec![
        divisibility_to_mul::pass_info(),
        scf_if_to_select::INFO,
        scf_reload_loop_floats::INFO,
        scf_for_strength_reduction::INFO,
        scf_for_to_while::INFO,
        scf_rotate_while::INFO,
    ]
}
