// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %s --mlir-print-op-generic | %onnx-opt | FileCheck %s

// CHECK-LABEL: func @branches
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32, %[[F:.*]]: f32)
func.func @branches(%c: i1, %a: i32, %f: f32) -> i32 {
  // CHECK-NEXT: cf.br ^bb1(%[[A]], %[[F]] : i32, f32)
  cf.br ^bb1(%a, %f : i32, f32)
// CHECK-NEXT: ^bb1(%[[X:.*]]: i32, %[[Y:.*]]: f32):
^bb1(%x: i32, %y: f32):
  // CHECK-NEXT: cf.cond_br %[[C]], ^bb2, ^bb3(%[[X]] : i32)
  cf.cond_br %c, ^bb2, ^bb3(%x : i32)
// CHECK-NEXT: ^bb2:
^bb2:
  // CHECK-NEXT: cf.cond_br %[[C]], ^bb1(%[[A]], %[[Y]] : i32, f32), ^bb3(%[[A]] : i32) {tag}
  cf.cond_br %c, ^bb1(%a, %y : i32, f32), ^bb3(%a : i32) {tag}
// CHECK-NEXT: ^bb3(%[[R:.*]]: i32):
^bb3(%r: i32):
  // CHECK-NEXT: cf.cond_br %[[C]] weights([3, 5]), ^bb4, ^bb4
  cf.cond_br %c weights([3, 5]), ^bb4, ^bb4
// CHECK-NEXT: ^bb4:
^bb4:
  // CHECK-NEXT: cf.br ^bb5
  cf.br ^bb5
// CHECK-NEXT: ^bb5:
^bb5:
  // CHECK-NEXT: return %[[R]] : i32
  return %r : i32
}

// CHECK-LABEL: func @switches
// CHECK-SAME: (%[[FLAG:.*]]: i32, %[[A:.*]]: i32, %[[B:.*]]: i8)
func.func @switches(%flag: i32, %a: i32, %b: i8) {
  // CHECK-NEXT: cf.switch %[[FLAG]] : i32, [
  // CHECK-NEXT:   default: ^bb1(%[[A]] : i32),
  // CHECK-NEXT:   42: ^bb2,
  // CHECK-NEXT:   4294967289: ^bb3(%[[A]], %[[A]] : i32, i32)
  // CHECK-NEXT: ]
  cf.switch %flag : i32, [
    default: ^bb1(%a : i32),
    42: ^bb2,
    -7: ^bb3(%a, %a : i32, i32)
  ]
^bb1(%x: i32):
  // CHECK: cf.switch %[[B]] : i8, [
  // CHECK-NEXT:   default: ^bb2,
  // CHECK-NEXT:   255: ^bb2,
  // CHECK-NEXT:   1: ^bb2
  // CHECK-NEXT: ]
  cf.switch %b : i8, [
    default: ^bb2,
    255: ^bb2,
    1: ^bb2
  ]
^bb2:
  // CHECK: cf.switch %[[FLAG]] : i32, [
  // CHECK-NEXT:   default: ^bb3(%[[A]], %[[A]] : i32, i32)]
  cf.switch %flag : i32, [
    default: ^bb3(%a, %a : i32, i32)
  ]
^bb3(%y: i32, %z: i32):
  return
}

// CHECK-LABEL: func @asserts
func.func @asserts(%c: i1) {
  // CHECK-NEXT: cf.assert %{{.*}}, "always \22true\22"
  cf.assert %c, "always \"true\""
  // CHECK-NEXT: cf.assert %{{.*}}, "" {tag = 1 : i64}
  cf.assert %c, "" {tag = 1}
  return
}
