//! Rules Flowgate adds to upstream's verifier.
mod common;
use common::*;

fn with_step(step: &str, loop_op: &str) -> String {
    let body = match loop_op {
        "for" => "scf.for %i = %lb to %lb step %s {\n  }".to_string(),
        _ => "scf.parallel (%i) = (%lb) to (%lb) step (%s) {\n  }".to_string(),
    };
    format!(
        "func.func @f(%lb: index) {{\n  %s = \"arith.constant\"() <{{value = {step} : index}}> : () -> index\n  {body}\n  return\n}}"
    )
}

#[test]
fn constant_step_must_be_positive() {
    for step in ["0", "-1"] {
        assert_eq!(error(&with_step(step, "for")), "'scf.for' op constant step operand must be positive");
        assert_eq!(error(&with_step(step, "parallel")), "'scf.parallel' op constant step operand must be positive");
    }
    assert!(check(&with_step("1", "for")).is_ok());
    assert!(check(&with_step("4", "parallel")).is_ok());
}

#[test]
fn parallel_init_type_must_match_result() {
    let src = r#"func.func @f(%lb: index, %x: f32, %i: i32) {
  %p = "scf.parallel"(%lb, %lb, %lb, %i) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> ({
    ^bb0(%iv: index):
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }
  }) : (index, index, index, i32) -> f32
  return
}"#;
    assert_eq!(
        error(src),
        "'scf.parallel' op expects type of 0-th initial value: 'i32' to be the same as the 0-th result type: 'f32'"
    );
}
