// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %s --mlir-print-op-generic | %onnx-opt | FileCheck %s

// Result groups: `%r:2 = ...` defines %r#0 and %r#1, and `%a, %b = ...` is the same op with
// two names. The printer always writes one group `%N:K` and uses `%N#i`.


// CHECK-LABEL: func.func @result_groups(
// CHECK-SAME: %[[A:.*]]: i32, %[[X:.*]]: f32) -> (f32, i32, i32) {
// CHECK-NEXT: %[[P:.*]]:2 = builtin.unrealized_conversion_cast %[[A]] : i32 to f32, i32
// CHECK-NEXT: %[[Q:.*]]:2 = builtin.unrealized_conversion_cast %[[X]] : f32 to i32, i32
// CHECK-NEXT: %[[S:.*]]:3 = builtin.unrealized_conversion_cast %[[P]]#0, %[[Q]]#0 : f32, i32 to f32, i32, i32
// CHECK-NEXT: %[[T:.*]] = arith.addi %[[S]]#1, %[[Q]]#1 : i32
// CHECK-NEXT: return %[[S]]#0, %[[T]], %[[P]]#1 : f32, i32, i32
// CHECK-NEXT: }
func.func @result_groups(%a: i32, %x: f32) -> (f32, i32, i32) {
  %p:2 = builtin.unrealized_conversion_cast %a : i32 to f32, i32
  %q, %r = builtin.unrealized_conversion_cast %x : f32 to i32, i32
  %s:3 = "builtin.unrealized_conversion_cast"(%p#0, %q) : (f32, i32) -> (f32, i32, i32)
  %t = arith.addi %s#1, %r : i32
  return %s#0, %t, %p#1 : f32, i32, i32
}

// CHECK-LABEL: func.func private @two_results(
// CHECK-SAME: ) -> (i32, f32){{$}}
func.func private @two_results() -> (i32, f32)

// CHECK-LABEL: func.func @result_groups_of_calls(
// CHECK-SAME: ) -> (f32, i32) {
// CHECK-NEXT: %[[R:.*]]:2 = call @two_results() : () -> (i32, f32)
// CHECK-NEXT: %[[A:.*]]:2 = call @two_results() : () -> (i32, f32)
// CHECK-NEXT: %[[G:.*]]:2 = call @two_results() : () -> (i32, f32)
// CHECK-NEXT: return %[[G]]#1, %[[A]]#0 : f32, i32
// CHECK-NEXT: }
func.func @result_groups_of_calls() -> (f32, i32) {
  %r:2 = func.call @two_results() : () -> (i32, f32)
  %a, %b = func.call @two_results() : () -> (i32, f32)
  %g:2 = "func.call"() <{callee = @two_results}> : () -> (i32, f32)
  return %g#1, %a : f32, i32
}
