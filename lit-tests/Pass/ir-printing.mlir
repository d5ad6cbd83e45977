// RUN: %onnx-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse))' --mlir-print-ir-before-all --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s
// RUN: %onnx-opt %s -canonicalize -cse --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODULE

// --mlir-print-ir-before-all / --mlir-print-ir-after-all write to stderr, for each pass, the
// header `// -----// IR Dump <Before|After> <PassName> (<pass-argument>) //----- //`, then the
// op the pass ran on (a func.func for a nested pipeline, the module for pass flags), then an
// empty line.

// CHECK:       // -----// IR Dump Before Canonicalizer (canonicalize) //----- //
// CHECK-NEXT:  func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:    %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:    %0 = arith.addi %arg0, %c0_i32 : i32
// CHECK-NEXT:    %1 = arith.muli %0, %0 : i32
// CHECK-NEXT:    %2 = arith.muli %0, %0 : i32
// CHECK-NEXT:    %3 = arith.addi %1, %2 : i32
// CHECK-NEXT:    return %3 : i32
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NEXT:  // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHECK-NEXT:  func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    %1 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    %2 = arith.addi %0, %1 : i32
// CHECK-NEXT:    return %2 : i32
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NEXT:  // -----// IR Dump Before CSE (cse) //----- //
// CHECK-NEXT:  func.func @f(%arg0: i32) -> i32 {
// CHECK:       // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT:  func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    %1 = arith.addi %0, %0 : i32
// CHECK-NEXT:    return %1 : i32
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NOT:   IR Dump

// MODULE-NOT:    IR Dump Before
// MODULE:        // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// MODULE-NEXT:   module {
// MODULE-NEXT:     func.func @f(%arg0: i32) -> i32 {
// MODULE:        // -----// IR Dump After CSE (cse) //----- //
// MODULE-NEXT:   module {
// MODULE-NEXT:     func.func @f(%arg0: i32) -> i32 {
// MODULE-NEXT:       %0 = arith.muli %arg0, %arg0 : i32
// MODULE-NEXT:       %1 = arith.addi %0, %0 : i32
// MODULE-NEXT:       return %1 : i32
// MODULE-NEXT:     }
// MODULE-NEXT:   }
// MODULE-NOT:    IR Dump

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %x = arith.addi %a, %c0 : i32
  %0 = arith.muli %x, %x : i32
  %1 = arith.muli %x, %x : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}
