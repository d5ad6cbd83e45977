// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

// scf.parallel: result types without init values, and an empty reduction body, reported as
// upstream does.

func.func @types_without_inits(%lb: index, %ub: index, %st: index) {
  // expected-error@+1 {{custom op 'scf.parallel' number of operands and types do not match: got 0 operands and 1 types}}
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%st) -> i32 {
    scf.reduce
  }
  return
}

// -----

func.func @empty_reduction(%lb: index, %v: i32) {
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%v) -> i32 {
    // expected-error@+1 {{empty block: expect at least a terminator}}
    scf.reduce(%v : i32) {
    ^bb0(%a: i32, %b: i32):
    }
  }
  return
}
