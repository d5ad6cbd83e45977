// RUN: %onnx-opt %s -allow-unregistered-dialect -split-input-file -verify-diagnostics

// -allow-unregistered-dialect admits ops of dialects nobody registered, not unknown ops of a
// registered dialect.

func.func @unknown_in_registered() {
  // expected-error@+1 {{unregistered operation 'arith.not_an_op' found in dialect ('arith') that does not allow unknown operations}}
  %0 = "arith.not_an_op"() : () -> index
  return
}

// -----

func.func @unknown_dialect() {
  %0 = "nobody.op"() : () -> index
  return
}
