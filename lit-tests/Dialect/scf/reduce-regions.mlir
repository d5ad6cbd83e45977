// Issue 11: scf.reduce parses its reduction regions with or without operands (upstream's
// format makes each part optional), and the verifier compares the two counts in upstream's
// words.
// RUN: split-file %s %t
// RUN: %onnx-opt %t/ok.mlir | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %t/bad.mlir -split-input-file -verify-diagnostics

// CHECK: scf.reduce(%{{.*}} : index) {
// CHECK: scf.reduce.return

//--- ok.mlir
func.func @sum(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%c0) -> index {
    scf.reduce(%i : index) {
    ^bb0(%l: index, %r: index):
      %s = arith.addi %l, %r : index
      scf.reduce.return %s : index
    }
  }
  return %0 : index
}

//--- bad.mlir
func.func @too_few_regions() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
    // expected-error @+1 {{expects number of reduction regions: 0 to be the same as number of reduction operands: 1}}
    scf.reduce(%c1 : index)
  }
  return
}

// -----

func.func @too_many_regions() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = scf.parallel (%i) = (%c0) to (%c1) step (%c1) init (%c0) -> (index) {
    // expected-error @+1 {{expects number of reduction regions: 1 to be the same as number of reduction operands: 0}}
    scf.reduce {
    ^bb0(%l: index, %r: index):
      scf.reduce.return %l : index
    }
  }
  return
}
