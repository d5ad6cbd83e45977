// RUN: %onnx-opt %s -split-input-file -verify-diagnostics
// UNSUPPORTED: upstream-as-flowgate

// Flowgate-only rule (DESIGN.md §4): a constant scf.for step that is not
// positive is rejected. Upstream MLIR 22 accepts these loops (it only has this
// rule for scf.parallel), so the message reuses upstream's scf.parallel
// wording with the scf.for op name.

func.func @for_zero_step_index(%lb: index, %ub: index) {
  %c0 = arith.constant 0 : index
  // expected-error @below {{'scf.for' op constant step operand must be positive}}
  scf.for %i = %lb to %ub step %c0 {
  }
  return
}

// -----

func.func @for_negative_step_index(%lb: index, %ub: index) {
  %neg = arith.constant -1 : index
  // expected-error @below {{'scf.for' op constant step operand must be positive}}
  scf.for %i = %lb to %ub step %neg {
  }
  return
}

// -----

func.func @for_negative_step_i32(%lb: i32, %ub: i32, %init: f32) -> f32 {
  %neg = arith.constant -4 : i32
  // expected-error @below {{'scf.for' op constant step operand must be positive}}
  %r = scf.for %i = %lb to %ub step %neg iter_args(%x = %init) -> (f32) : i32 {
    scf.yield %x : f32
  }
  return %r : f32
}

// -----

func.func @for_zero_step_unsigned(%lb: i64, %ub: i64) {
  %c0 = arith.constant 0 : i64
  // expected-error @below {{'scf.for' op constant step operand must be positive}}
  scf.for unsigned %i = %lb to %ub step %c0 : i64 {
  }
  return
}

// -----

// A positive constant step and a step that is not a constant are accepted. An unsigned loop
// reads its step unsigned: -1 : i64 is 2^64 - 1 there. An i1 step can only be `true`.
func.func @for_valid_steps(%lb: index, %ub: index, %step: index, %l64: i64, %u64: i64, %b: i1) {
  %c1 = arith.constant 1 : index
  scf.for %i = %lb to %ub step %c1 {
  }
  %m1 = arith.constant -1 : i64
  scf.for unsigned %i = %l64 to %u64 step %m1 : i64 {
  }
  %true = arith.constant true
  scf.for %i = %b to %b step %true : i1 {
  }
  scf.for %i = %lb to %ub step %step {
  }
  return
}
