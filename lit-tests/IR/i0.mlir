// Issue 11: `i0` is a valid integer type, as upstream (one value, 0). Folds leave it alone,
// code generation refuses it with a located error, nothing panics.
// RUN: split-file %s %t
// RUN: %onnx-opt %t/ok.mlir | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %t/ok.mlir --canonicalize --cse | FileCheck %s --check-prefix=CANON
// RUN: %onnx-opt %t/ok.mlir --convert-scf-to-cf --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: %onnx-opt %t/bad.mlir -split-input-file -verify-diagnostics
// RUN: not %onnx-run %t/run.mlir 2>&1 | FileCheck %s --check-prefix=GEN
// RUN: not %onnx-compile %t/run.mlir -o %t/run.o 2>&1 | FileCheck %s --check-prefix=GEN

// CHECK-LABEL: func.func @types(%arg0: i0, %arg1: si0, %arg2: ui0) -> tensor<2xi0>
// CHECK: arith.constant 0 : i0
// CHECK: arith.constant dense<0> : tensor<2xi0>
// CHECK: arith.addi %{{.*}}, %{{.*}} : i0
// CHECK: arith.extsi %{{.*}} : i0 to i8
// CANON-LABEL: func.func @types
// CANON: return
// GEN-NOT: panicked
// GEN: run.mlir:2:8: error: 'arith.constant' op uses type 'i0', which the Cranelift code generator does not support here

//--- ok.mlir
func.func @types(%a: i0, %b: si0, %c: ui0) -> tensor<2xi0> {
  %z = arith.constant 0 : i0
  %t = arith.constant dense<0> : tensor<2xi0>
  %s = arith.addi %a, %z : i0
  %d = arith.divsi %s, %z : i0
  %e = arith.extsi %d : i0 to i8
  %u = arith.trunci %e : i8 to i0
  %k = arith.cmpi slt, %u, %z : i0
  %f = arith.uitofp %u : i0 to f32
  %n = arith.fptosi %f : f32 to i0
  %i = arith.index_cast %n : i0 to index
  %r = scf.for %iv = %z to %u step %d iter_args(%x = %e) -> (i8) : i0 {
    %w = arith.extui %iv : i0 to i8
    %y = arith.addi %x, %w : i8
    scf.yield %y : i8
  }
  return %t : tensor<2xi0>
}

//--- bad.mlir
func.func @one() {
  // expected-error @+1 {{integer constant out of range for attribute}}
  %c = arith.constant 1 : i0
  return
}

// -----

func.func @minus_one() {
  // expected-error @+1 {{integer constant out of range for attribute}}
  %c = arith.constant -1 : i0
  return
}

//--- run.mlir
func.func @main() -> i64 {
  %a = arith.constant 0 : i0
  %e = arith.extsi %a : i0 to i64
  return %e : i64
}
