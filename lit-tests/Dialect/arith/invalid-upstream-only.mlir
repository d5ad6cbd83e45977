// RUN: %onnx-opt %s -split-input-file -verify-diagnostics
// REQUIRES: upstream-as-flowgate

// Upstream reports an unknown flag twice (at the keyword, then at '>'); Flowgate's parser
// stops at the first error, so only upstream mlir-opt runs these.

func.func @unknown_fastmath_flag(%x: f32) {
  // expected-error @+2 {{custom op 'arith.addf' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
  // expected-error @+1 {{custom op 'arith.addf' failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`}}
  %0 = arith.addf %x, %x fastmath<quick> : f32
  return
}


// -----

func.func @unknown_overflow_flag(%a: i32) {
  // expected-error @+2 {{custom op 'arith.addi' expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw}}
  // expected-error @+1 {{custom op 'arith.addi' failed to parse Arith_IntegerOverflowAttr parameter 'value' which is to be a `::mlir::arith::IntegerOverflowFlags`}}
  %0 = arith.addi %a, %a overflow<nsz> : i32
  return
}
