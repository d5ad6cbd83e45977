// onnx-run --time: one format for .mlir entries and ONNX models (README, "Tools"), on stderr:
// compile time with the lowering passes' share, run time (median and min over --repeat N
// calls), peak memory. Standard output keeps only the results.
// RUN: %onnx-run %s --time --repeat 3 2>&1 >/dev/null | FileCheck %s
// RUN: %onnx-run %testdata/onnx-backend-cf/test_loop11/model.onnx --test-data %testdata/onnx-backend-cf/test_loop11/test_data_set_0 --time --repeat 3 2>&1 >/dev/null | FileCheck %s
// RUN: %onnx-run %s --time --repeat 3 2>/dev/null | FileCheck %s --check-prefix=RESULT
// A suite's compile line is over its models, its run line over every run.
// RUN: %onnx-run --backend-tests %testdata/onnx-backend-cf --time 2>&1 >/dev/null | FileCheck %s --check-prefix=SUITE

// CHECK: {{^}}compile: {{[0-9]+\.[0-9][0-9][0-9]}} ms (lowering passes {{[0-9]+\.[0-9][0-9][0-9]}} ms){{$}}
// CHECK-NEXT: {{^}}run: median {{[0-9]+\.[0-9][0-9][0-9]}} ms, min {{[0-9]+\.[0-9][0-9][0-9]}} ms (3 runs){{$}}
// CHECK-NEXT: {{^}}peak memory: {{[0-9]+\.[0-9]}} MiB{{$}}
// CHECK-NOT: {{.}}

// RESULT: {{^}}42{{$}}
// RESULT-NOT: {{.}}

// SUITE: {{^}}compile: median {{[0-9]+\.[0-9][0-9][0-9]}} ms, min {{[0-9]+\.[0-9][0-9][0-9]}} ms (38 models){{$}}
// SUITE-NEXT: {{^}}run: median {{[0-9]+\.[0-9][0-9][0-9]}} ms, min {{[0-9]+\.[0-9][0-9][0-9]}} ms (38 runs){{$}}
// SUITE-NEXT: {{^}}peak memory: {{[0-9]+\.[0-9]}} MiB{{$}}

func.func @main() -> i64 {
  %c = arith.constant 42 : i64
  return %c : i64
}
