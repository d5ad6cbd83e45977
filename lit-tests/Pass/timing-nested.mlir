// RUN: %onnx-opt %s -pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)' -mlir-timing -mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s

// The time report nests each pass under its pipeline; times are never checked.

// CHECK:      ... Execution time report ...
// CHECK:      Total Execution Time: {{[0-9]+\.[0-9]+}} seconds
// CHECK-EMPTY:
// CHECK-NEXT:   ----Wall Time----  ----Name----
// CHECK-NEXT:   {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  Parser
// CHECK-NEXT:   {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  'func.func' Pipeline
// CHECK-NEXT:   {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)    CSE
// CHECK:        {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)    Canonicalizer
// CHECK-NEXT:   {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  SymbolDCE
// CHECK:        {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  Output
// CHECK-NEXT:   {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  Rest
// CHECK-NEXT:   {{[0-9]+\.[0-9]+}} (100.0%)  Total

func.func @a() {
  return
}
