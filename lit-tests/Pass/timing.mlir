// RUN: %onnx-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse))' --mlir-timing -o /dev/null 2>&1 | FileCheck %s
// RUN: %onnx-opt %s -canonicalize -cse --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLAT

// --mlir-timing writes a report to stderr. Only its shape is checked, never a time: a banner,
// the total, a `----Wall Time----  ----Name----` table with one row per pass (nested under
// its pipeline), the parser and the output, and a closing Total row. Each row is
// `<seconds> (<percent>%)  <name>`.

// CHECK:       ===-------------------------------------------------------------------------===
// CHECK-NEXT:  ... Execution time report ...
// CHECK-NEXT:  ===-------------------------------------------------------------------------===
// CHECK-NEXT:  Total Execution Time: {{[0-9]+\.[0-9]+}} seconds
// CHECK-EMPTY:
// CHECK-NEXT:  ----Wall Time----  ----Name----
// CHECK-NEXT:  {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  Parser
// CHECK-NEXT:  {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  'func.func' Pipeline
// CHECK-NEXT:  {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)    Canonicalizer
// CHECK-NEXT:  {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)    CSE
// CHECK:       {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  Output
// CHECK:       {{[0-9]+\.[0-9]+}} (100.0%)  Total

// FLAT:        Total Execution Time:
// FLAT:        ----Wall Time----  ----Name----
// FLAT-NEXT:   Parser
// FLAT-NEXT:   Canonicalizer
// FLAT-NEXT:   CSE
// FLAT:        Output
// FLAT:        (100.0%)  Total

func.func @f(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  %1 = arith.muli %a, %a : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}
