// RUN: %onnx-opt %s -split-input-file --scf-reload-loop-floats | FileCheck %s

// A float a loop carries is not live across a call outside the loop: its initial value goes
// through a stack slot, stored where it is made and loaded just before the loop; a result
// used after a call is stored after the loop and loaded before that use. Integers and
// constants stay as they are.

// CHECK-LABEL: func.func @entry_and_exit(
// CHECK:         %[[S0:.*]] = call @get_f32() : () -> f32
// CHECK-NEXT:    %[[SLOT:.*]] = memref.alloca() : memref<f32>
// CHECK-NEXT:    memref.store %[[S0]], %[[SLOT]][] : memref<f32>
// CHECK-NEXT:    %[[N:.*]] = call @get_index() : () -> index
// CHECK-NEXT:    %[[K:.*]] = call @get_i64() : () -> i64
// CHECK-NEXT:    %[[L:.*]] = memref.load %[[SLOT]][] : memref<f32>
// CHECK-NEXT:    %[[OUT:.*]] = memref.alloca() : memref<f32>
// CHECK-NEXT:    %[[R:.*]]:3 = scf.for %{{.*}} iter_args(%{{.*}} = %[[L]], %{{.*}} = %[[K]], %{{.*}} = %cst) -> (f32, i64, f32) {
// CHECK:         }
// CHECK-NEXT:    memref.store %[[R]]#2, %[[OUT]][] : memref<f32>
// CHECK-NEXT:    call @put(%[[R]]#0) : (f32) -> ()
// CHECK-NEXT:    call @put_i64(%[[R]]#1) : (i64) -> ()
// CHECK-NEXT:    %[[L2:.*]] = memref.load %[[OUT]][] : memref<f32>
// CHECK-NEXT:    call @put(%[[L2]]) : (f32) -> ()
func.func private @get_f32() -> f32
func.func private @get_index() -> index
func.func private @get_i64() -> i64
func.func private @put(f32)
func.func private @put_i64(i64)
func.func @entry_and_exit() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.5 : f32
  %s0 = call @get_f32() : () -> f32
  %n = call @get_index() : () -> index
  %k = call @get_i64() : () -> i64
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %s0, %b = %k, %c = %z) -> (f32, i64, f32) {
    %t = arith.mulf %a, %c : f32
    %u = arith.addi %b, %b : i64
    %v = arith.addf %c, %t : f32
    scf.yield %t, %u, %v : f32, i64, f32
  }
  call @put(%r#0) : (f32) -> ()
  call @put_i64(%r#1) : (i64) -> ()
  call @put(%r#2) : (f32) -> ()
  return
}

// -----

// No call between definition and loop, or between loop and use: nothing changes.
// CHECK-LABEL: func.func @no_call_in_between(
// CHECK-NOT:     memref.
// CHECK:         return
func.func private @get_index() -> index
func.func @no_call_in_between(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = call @get_index() : () -> index
  %y = arith.mulf %x, %x : f32
  %r = scf.while (%a = %y) : (f32) -> f32 {
    %c = arith.cmpf olt, %a, %x : f32
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%a: f32):
    %b = arith.addf %a, %a : f32
    scf.yield %b : f32
  }
  return %r : f32
}
