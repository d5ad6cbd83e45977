// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %s --mlir-print-op-generic | %onnx-opt | FileCheck %s

// func.func (public, private, nested; declarations, argument/result/function attributes),
// func.call, func.call_indirect, func.constant and func.return. Inside a func.func body the
// printer drops the `func.` prefix (the default dialect), but not at module level.


// CHECK-LABEL: func.func private @decl(
// CHECK-SAME: i32) -> i32{{$}}
func.func private @decl(i32) -> i32

// CHECK-LABEL: func.func private @decl_named(
// CHECK-SAME: i32, f32) -> (i32, f32){{$}}
func.func private @decl_named(%a: i32, %b: f32) -> (i32, f32)

// CHECK-LABEL: func.func private @decl_no_results(
// CHECK-SAME: index){{$}}
func.func private @decl_no_results(index)

// CHECK-LABEL: func.func nested @nested_decl(
// CHECK-SAME: ){{$}}
func.func nested @nested_decl() -> ()

// CHECK-LABEL: func.func @empty(
// CHECK-SAME: ) {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @empty() {
  return
}

// CHECK-LABEL: func.func @identity(
// CHECK-SAME: %[[A:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[A]] : i32
// CHECK-NEXT: }
func.func @identity(%a: i32) -> i32 {
  return %a : i32
}

// CHECK-LABEL: func.func @multiple_results(
// CHECK-SAME: %[[A:.*]]: i32, %[[X:.*]]: f32) -> (f32, i32) {
// CHECK-NEXT: return %[[X]], %[[A]] : f32, i32
// CHECK-NEXT: }
func.func @multiple_results(%a: i32, %x: f32) -> (f32, i32) {
  return %x, %a : f32, i32
}

// CHECK-LABEL: func.func @arg_attrs(
// CHECK-SAME: %[[A:.*]]: i32 {fg.name = "a"}, %[[B:.*]]: memref<?xf32> {fg.align = 16 : i64, fg.noalias}) -> (i32 {fg.result}) {
// CHECK-NEXT: return %[[A]] : i32
// CHECK-NEXT: }
func.func @arg_attrs(%a: i32 {fg.name = "a"}, %b: memref<?xf32> {fg.noalias, fg.align = 16 : i64}) -> (i32 {fg.result}) {
  return %a : i32
}

// CHECK-LABEL: func.func private @decl_attrs(
// CHECK-SAME: i32 {fg.arg}, f32) -> (f32 {fg.res = 1 : i64}){{$}}
func.func private @decl_attrs(i32 {fg.arg}, f32) -> (f32 {fg.res = 1 : i64})

// CHECK-LABEL: func.func @func_attrs(
// CHECK-SAME: ) attributes {fg.entry, fg.kind = "kernel", fg.level = 3 : i64} {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @func_attrs() attributes {fg.entry, fg.level = 3 : i64, fg.kind = "kernel"} {
  return
}

// CHECK-LABEL: func.func @calls(
// CHECK-SAME: %[[A:.*]]: i32, %[[X:.*]]: f32) -> i32 {
// CHECK-NEXT: %[[V0:.*]] = call @decl(%[[A]]) : (i32) -> i32
// CHECK-NEXT: %[[V1:.*]]:2 = call @decl_named(%[[V0]], %[[X]]) : (i32, f32) -> (i32, f32)
// CHECK-NEXT: call @empty() : () -> ()
// CHECK-NEXT: %[[V2:.*]] = call @identity(%[[V1]]#0) : (i32) -> i32
// CHECK-NEXT: return %[[V2]] : i32
// CHECK-NEXT: }
func.func @calls(%a: i32, %x: f32) -> i32 {
  %0 = func.call @decl(%a) : (i32) -> i32
  %1:2 = func.call @decl_named(%0, %x) : (i32, f32) -> (i32, f32)
  func.call @empty() : () -> ()
  %2 = call @identity(%1#0) : (i32) -> i32
  return %2 : i32
}

// CHECK-LABEL: func.func @call_attrs(
// CHECK-SAME: %[[A:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[V0:.*]] = call @identity(%[[A]]) {fg.tag = "x"} : (i32) -> i32
// CHECK-NEXT: %[[V1:.*]] = call @identity(%[[V0]]) {no_inline} : (i32) -> i32
// CHECK-NEXT: return %[[V1]] : i32
// CHECK-NEXT: }
func.func @call_attrs(%a: i32) -> i32 {
  %0 = func.call @identity(%a) {fg.tag = "x"} : (i32) -> i32
  %1 = func.call @identity(%0) {no_inline} : (i32) -> i32
  return %1 : i32
}

// CHECK-LABEL: func.func @indirect(
// CHECK-SAME: %[[A:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[F:.*]] = constant @identity : (i32) -> i32
// CHECK-NEXT: %[[V0:.*]] = call_indirect %[[F]](%[[A]]) : (i32) -> i32
// CHECK-NEXT: return %[[V0]] : i32
// CHECK-NEXT: }
func.func @indirect(%a: i32) -> i32 {
  %f = func.constant @identity : (i32) -> i32
  %0 = func.call_indirect %f(%a) : (i32) -> i32
  return %0 : i32
}

// CHECK-LABEL: func.func @function_typed_args(
// CHECK-SAME: %[[F:.*]]: (i32) -> i32, %[[V0:.*]]: () -> (), %[[ARG2:.*]]: i32) -> ((i32) -> i32) {
// CHECK-NEXT: %[[VAL_4:.*]] = call_indirect %[[F]](%[[ARG2]]) : (i32) -> i32
// CHECK-NEXT: call_indirect %[[V0]]() : () -> ()
// CHECK-NEXT: return %[[F]] : (i32) -> i32
// CHECK-NEXT: }
func.func @function_typed_args(%f: (i32) -> i32, %g: () -> (), %a: i32) -> ((i32) -> i32) {
  %0 = func.call_indirect %f(%a) : (i32) -> i32
  func.call_indirect %g() : () -> ()
  return %f : (i32) -> i32
}

// CHECK-LABEL: func.func @multi_block(
// CHECK-SAME: %[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32) -> i32 {
// CHECK-NEXT: cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: return %[[A]] : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: return %[[B]] : i32
// CHECK-NEXT: }
func.func @multi_block(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : i32
^bb2:
  return %b : i32
}

// CHECK-LABEL: func.func @recursive(
// CHECK-SAME: %[[N:.*]]: index) -> index {
// CHECK-NEXT: %[[V0:.*]] = call @recursive(%[[N]]) : (index) -> index
// CHECK-NEXT: return %[[V0]] : index
// CHECK-NEXT: }
func.func @recursive(%n: index) -> index {
  %0 = func.call @recursive(%n) : (index) -> index
  return %0 : index
}
