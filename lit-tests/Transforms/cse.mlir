// RUN: %onnx-opt %s -allow-unregistered-dialect -split-input-file -cse | FileCheck %s
// RUN: %onnx-opt %s -allow-unregistered-dialect -split-input-file -pass-pipeline='builtin.module(func.func(cse))' | FileCheck %s

// CSE with func ops, builtin casts (pure) and unregistered ops (which may have effects and
// may be isolated from above).

// CHECK-LABEL: func.func @simple(
// CHECK-SAME:      %[[A:.*]]: i32)
// CHECK-NEXT:    %[[C:.*]] = builtin.unrealized_conversion_cast %[[A]] : i32 to i64
// CHECK-NEXT:    %[[D:.*]] = builtin.unrealized_conversion_cast %[[A]] : i32 to i16
// CHECK-NEXT:    return %[[C]], %[[C]], %[[D]] : i64, i64, i16
func.func @simple(%a: i32) -> (i64, i64, i16) {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  %1 = builtin.unrealized_conversion_cast %a : i32 to i64
  %2 = builtin.unrealized_conversion_cast %a : i32 to i16
  return %0, %1, %2 : i64, i64, i16
}

// -----

// Trivially dead pure ops are erased too, in one forward sweep: %0 still has a use when it is
// visited, so only %1 goes.

// CHECK-LABEL: func.func @dead(
// CHECK-NEXT:    builtin.unrealized_conversion_cast %{{.*}} : i32 to i64
// CHECK-NEXT:    return
func.func @dead(%a: i32) {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  %1 = builtin.unrealized_conversion_cast %0 : i64 to i32
  return
}

// -----

// Different attributes, different ops.

// CHECK-LABEL: func.func @attributes(
// CHECK-COUNT-2: builtin.unrealized_conversion_cast
// CHECK-NOT:     builtin.unrealized_conversion_cast
func.func @attributes(%a: i32) -> (i64, i64) {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64 {tag = 0 : i32}
  %1 = builtin.unrealized_conversion_cast %a : i32 to i64 {tag = 1 : i32}
  return %0, %1 : i64, i64
}

// -----

// Constants are pure.

// CHECK-LABEL: func.func @constants()
// CHECK-NEXT:    %[[F:.*]] = constant @constants : () -> ()
// CHECK-NEXT:    "unreg.use"(%[[F]], %[[F]])
func.func @constants() {
  %0 = func.constant @constants : () -> ()
  %1 = func.constant @constants : () -> ()
  "unreg.use"(%0, %1) : (() -> (), () -> ()) -> ()
  return
}

// -----

// Unregistered ops might have effects.

// CHECK-LABEL: func.func @unregistered(
// CHECK-COUNT-2: "unreg.op"
func.func @unregistered(%a: i32) -> (i32, i32) {
  %0 = "unreg.op"(%a) : (i32) -> i32
  %1 = "unreg.op"(%a) : (i32) -> i32
  return %0, %1 : i32, i32
}

// -----

// A value is reused in blocks it dominates, not in sibling or join blocks.

// CHECK-LABEL: func.func @dominance(
// CHECK-SAME:      %[[A:.*]]: i32, %[[C:.*]]: i1)
// CHECK-NEXT:    %[[X:.*]] = builtin.unrealized_conversion_cast %[[A]] : i32 to i64
// CHECK-NEXT:    "unreg.use"(%[[X]])
// CHECK-NEXT:    "unreg.cond_br"(%[[C]])[^[[BB1:bb[0-9]+]], ^[[BB2:bb[0-9]+]]]
// CHECK-NEXT:  ^[[BB1]]:
// CHECK-NEXT:    %[[Y:.*]] = builtin.unrealized_conversion_cast %[[A]] : i32 to i16
// CHECK-NEXT:    "unreg.use"(%[[X]], %[[Y]])
// CHECK:       ^[[BB2]]:
// CHECK-NEXT:    %[[Z:.*]] = builtin.unrealized_conversion_cast %[[A]] : i32 to i16
// CHECK-NEXT:    "unreg.use"(%[[Z]])
// CHECK:       ^bb3:
// CHECK-NEXT:    %[[W:.*]] = builtin.unrealized_conversion_cast %[[A]] : i32 to i16
// CHECK-NEXT:    "unreg.use"(%[[W]])
func.func @dominance(%a: i32, %c: i1) {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  "unreg.use"(%0) : (i64) -> ()
  "unreg.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  %1 = builtin.unrealized_conversion_cast %a : i32 to i64
  %2 = builtin.unrealized_conversion_cast %a : i32 to i16
  "unreg.use"(%1, %2) : (i64, i16) -> ()
  "unreg.br"()[^bb3] : () -> ()
^bb2:
  %3 = builtin.unrealized_conversion_cast %a : i32 to i16
  "unreg.use"(%3) : (i16) -> ()
  "unreg.br"()[^bb3] : () -> ()
^bb3:
  %4 = builtin.unrealized_conversion_cast %a : i32 to i16
  "unreg.use"(%4) : (i16) -> ()
  return
}

// -----

// Nothing from outside flows into the regions of an op that may be isolated from above, but
// equal ops inside them are still merged.

// CHECK-LABEL: func.func @unregistered_region(
// CHECK-SAME:      %[[A:.*]]: i32)
// CHECK-NEXT:    %[[X:.*]] = builtin.unrealized_conversion_cast %[[A]] : i32 to i64
// CHECK-NEXT:    "unreg.region"() ({
// CHECK-NEXT:      %[[Y:.*]] = builtin.unrealized_conversion_cast %[[A]] : i32 to i64
// CHECK-NEXT:      "unreg.use"(%[[Y]], %[[Y]])
// CHECK-NEXT:    })
// CHECK-NEXT:    return %[[X]]
func.func @unregistered_region(%a: i32) -> i64 {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  "unreg.region"() ({
    %1 = builtin.unrealized_conversion_cast %a : i32 to i64
    %2 = builtin.unrealized_conversion_cast %a : i32 to i64
    "unreg.use"(%1, %2) : (i64, i64) -> ()
  }) : () -> ()
  return %0 : i64
}
