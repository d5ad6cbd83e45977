// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %s --mlir-print-op-generic | %onnx-opt | FileCheck %s

// Type aliases `!name = type` and attribute aliases `#name = attr`, defined at the top level
// before their uses, and used inside other aliases. (Using an alias before its definition is
// an error: see invalid.mlir.) The printer does not keep them:
// every use prints the aliased type or attribute in full, and no alias definition is printed.

// CHECK-NOT: !vec
// CHECK-NOT: #config

!vec = vector<4xf32>
!buffer = memref<?xf32, strided<[1], offset: ?>>
!pair = tuple<!vec, i32>
#config = {fg.level = 1 : i64}
#names = ["a", "b"]
#layout = strided<[?, 1], offset: ?>

// CHECK-LABEL: func.func private @uses_aliases(
// CHECK-SAME: vector<4xf32>, memref<?xf32, strided<[1], offset: ?>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, tuple<vector<4xf32>, i32>) -> vector<4xf32> attributes {fg.config = {fg.level = 1 : i64}, fg.names = ["a", "b"]}{{$}}
func.func private @uses_aliases(!vec, !buffer, memref<?x?xf32, #layout>, !pair) -> !vec attributes {fg.config = #config, fg.names = #names}

// CHECK-LABEL: func.func @alias_in_body(
// CHECK-SAME: %[[V:.*]]: vector<4xf32>) -> vector<4xf32> {
// CHECK-NEXT: %[[V0:.*]] = arith.addf %[[V]], %[[V]] : vector<4xf32>
// CHECK-NEXT: return %[[V0]] : vector<4xf32>
// CHECK-NEXT: }
func.func @alias_in_body(%v: !vec) -> !vec {
  %0 = arith.addf %v, %v : !vec
  return %0 : !vec
}

