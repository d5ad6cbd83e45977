// RUN: %onnx-opt %s -pass-pipeline='builtin.module(func.func(cse),symbol-dce)' -mlir-print-ir-before-all -mlir-print-ir-after-all -mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s
// RUN: %onnx-opt %s -pass-pipeline='builtin.module(func.func(cse))' -mlir-print-ir-after-all -mlir-print-ir-module-scope -mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCOPE

// IR dumps go to stderr (threading off: upstream would interleave the functions otherwise). A pass nested under func.func dumps each function on its own, once
// per function; a module pass dumps the module. With -mlir-print-ir-module-scope every dump is
// the whole module and the header names the op the pass ran on.

// CHECK:      // -----// IR Dump Before CSE (cse) //----- //
// CHECK-NEXT: func.func @a() {
// CHECK-NEXT:   return
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: func.func @a() {
// CHECK:      // -----// IR Dump Before CSE (cse) //----- //
// CHECK-NEXT: func.func private @b()
// CHECK-EMPTY:
// CHECK-NEXT: // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: func.func private @b()
// CHECK-EMPTY:
// CHECK-NEXT: // -----// IR Dump Before SymbolDCE (symbol-dce) //----- //
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @a() {
// CHECK:        func.func private @b()
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-NEXT: // -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @a() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// SCOPE:      // -----// IR Dump After CSE (cse) ('func.func' operation: @a) //----- //
// SCOPE-NEXT: module {
// SCOPE-NEXT:   func.func @a() {
// SCOPE:      // -----// IR Dump After CSE (cse) ('func.func' operation: @b) //----- //
// SCOPE-NEXT: module {

func.func @a() {
  return
}
func.func private @b()
