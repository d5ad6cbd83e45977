// RUN: %onnx-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: %onnx-opt %s -split-input-file -verify-diagnostics -mlir-print-op-generic | %onnx-opt -split-input-file | FileCheck %s

// Atomic read-modify-write and prefetch ops round trip; their verifiers use upstream's words.

// CHECK-LABEL: func.func @atomics(
func.func @atomics(%m: memref<8xf32>, %i: index, %v: f32, %n: memref<4x4xi32>) {
  // CHECK: memref.atomic_rmw addf %{{.*}}, %{{.*}}[%{{.*}}] : (f32, memref<8xf32>) -> f32
  %a = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<8xf32>) -> f32
  // CHECK: memref.generic_atomic_rmw %{{.*}}[%{{.*}}] : memref<8xf32> {
  // CHECK-NEXT: ^bb0(%[[OLD:.*]]: f32):
  // CHECK-NEXT:   %[[NEW:.*]] = arith.mulf %[[OLD]], %[[OLD]] : f32
  // CHECK-NEXT:   memref.atomic_yield %[[NEW]] : f32
  // CHECK-NEXT: }
  %g = memref.generic_atomic_rmw %m[%i] : memref<8xf32> {
  ^bb0(%old: f32):
    %new = arith.mulf %old, %old : f32
    memref.atomic_yield %new : f32
  }
  // CHECK: memref.prefetch %{{.*}}[%{{.*}}, %{{.*}}], write, locality<2>, instr : memref<4x4xi32>
  memref.prefetch %n[%i, %i], write, locality<2>, instr : memref<4x4xi32>
  return
}

// -----

func.func @int_kind(%m: memref<8xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.atomic_rmw' op with kind 'maxs' expects an integer type}}
  %a = memref.atomic_rmw maxs %v, %m[%i] : (f32, memref<8xf32>) -> f32
  return
}

// -----

func.func @side_effect(%m: memref<8xf32>, %i: index) {
  %g = memref.generic_atomic_rmw %m[%i] : memref<8xf32> {
  ^bb0(%old: f32):
    // expected-error@+1 {{body of 'memref.generic_atomic_rmw' should contain only operations with no side effects}}
    memref.store %old, %m[%i] : memref<8xf32>
    memref.atomic_yield %old : f32
  }
  return
}

// -----

func.func @yield_type(%m: memref<8xf32>, %i: index, %x: f64) {
  %g = memref.generic_atomic_rmw %m[%i] : memref<8xf32> {
  ^bb0(%old: f32):
    // expected-error@+1 {{'memref.atomic_yield' op types mismatch between yield op: 'f64' and its parent: 'f32'}}
    memref.atomic_yield %x : f64
  }
  return
}

// -----

func.func @locality(%m: memref<8xf32>, %i: index) {
  // expected-error@+1 {{'memref.prefetch' op attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
  memref.prefetch %m[%i], read, locality<4>, data : memref<8xf32>
  return
}
