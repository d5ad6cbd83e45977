// memref.view (how compiled models read and write a runtime tensor's elements in place): a
// byte buffer seen as typed buffers at a byte shift, with static and dynamic sizes, the strides
// row-major. Stores through one view are read back through others of the same bytes.
// RUN: %onnx-run %s | FileCheck %s
// RUN: %onnx-run %s -O0 | FileCheck %s

// CHECK: 7
// CHECK-NEXT: 5
// CHECK-NEXT: 7
// CHECK-NEXT: 3
// CHECK-NEXT: 5
// CHECK-NOT: {{.}}

func.func @main() -> (i32, i32, i32, index, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %seven = arith.constant 7 : i32
  %five = arith.constant 5 : i32
  %b = memref.alloc() : memref<24xi8>
  %v = memref.view %b[%c8][] : memref<24xi8> to memref<2x2xi32>
  memref.store %seven, %v[%c1, %c1] : memref<2x2xi32>
  memref.store %five, %v[%c0, %c1] : memref<2x2xi32>
  %flat = memref.view %b[%c0][] : memref<24xi8> to memref<6xi32>
  %a = memref.load %flat[%c5] : memref<6xi32>
  %bb = memref.load %flat[%c3] : memref<6xi32>
  %dyn = memref.view %b[%c0][%c3] : memref<24xi8> to memref<?x2xi32>
  %c = memref.load %dyn[%c2, %c1] : memref<?x2xi32>
  %d = memref.dim %dyn, %c0 : memref<?x2xi32>
  %e = memref.load %dyn[%c1, %c1] : memref<?x2xi32>
  memref.dealloc %b : memref<24xi8>
  return %a, %bb, %c, %d, %e : i32, i32, i32, index, i32
}
