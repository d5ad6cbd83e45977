// RUN: %onnx-opt %s -allow-unregistered-dialect -split-input-file -canonicalize | FileCheck %s
// RUN: %onnx-opt %s -allow-unregistered-dialect -split-input-file -pass-pipeline='builtin.module(func.func(canonicalize{top-down=false max-iterations=3}))' | FileCheck %s

// Generic canonicalization, independent of any dialect's patterns: unused pure ops are
// erased, constants are deduplicated and hoisted to the start of the entry block of the
// nearest region isolated from above, unreachable blocks are erased, and ops that may have
// effects (unregistered ones) stay.

// CHECK-LABEL: func.func @dead_code(
// CHECK-SAME:      %[[A:.*]]: i32)
// CHECK-NEXT:    return %[[A]] : i32
// CHECK-NEXT:  }
func.func @dead_code(%a: i32) -> i32 {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  %f = func.constant @dead_code : (i32) -> i32
  return %a : i32
}

// -----

// CHECK-LABEL: func.func @constants_hoisted_and_deduplicated()
// CHECK-NEXT:    %[[F:.*]] = constant @constants_hoisted_and_deduplicated : () -> ()
// CHECK-NEXT:    "unreg.use"() : () -> ()
// CHECK-NEXT:    "unreg.use"(%[[F]]) : (() -> ()) -> ()
// CHECK-NEXT:    "unreg.use"(%[[F]]) : (() -> ()) -> ()
// CHECK-NEXT:    return
func.func @constants_hoisted_and_deduplicated() {
  "unreg.use"() : () -> ()
  %0 = func.constant @constants_hoisted_and_deduplicated : () -> ()
  "unreg.use"(%0) : (() -> ()) -> ()
  %1 = func.constant @constants_hoisted_and_deduplicated : () -> ()
  "unreg.use"(%1) : (() -> ()) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @unreachable_blocks(
// CHECK-SAME:      %[[A:.*]]: i32)
// CHECK-NEXT:    "unreg.br"()[^[[BB:bb[0-9]+]]] : () -> ()
// CHECK-NEXT:  ^[[BB]]:
// CHECK-NEXT:    return %[[A]] : i32
// CHECK-NEXT:  }
func.func @unreachable_blocks(%a: i32) -> i32 {
  "unreg.br"()[^bb1] : () -> ()
^bb1:
  return %a : i32
^bb2:
  %0 = "unreg.op"() : () -> i32
  "unreg.br"()[^bb3] : () -> ()
^bb3:
  "unreg.br"()[^bb2] : () -> ()
}

// -----

// CHECK-LABEL: func.func @effects_kept()
// CHECK-NEXT:    "unreg.op"() : () -> i32
// CHECK-NEXT:    return
func.func @effects_kept() {
  %0 = "unreg.op"() : () -> i32
  return
}
