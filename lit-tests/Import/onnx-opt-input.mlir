// onnx-opt reads .onnx models directly, imports them and runs passes on the result.
// RUN: %onnx-opt %testdata/onnx-backend-cf/test_loop11/model.onnx | FileCheck %s
// RUN: %onnx-opt %testdata/onnx-backend-cf/test_loop11/model.onnx --onnx-shape-inference --cse | FileCheck %s
// RUN: not %onnx-opt %S/Inputs/does-not-exist.onnx 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: printf 'garbage' > %t.onnx && not %onnx-opt %t.onnx 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK:       module attributes {onnx.ir_version = 6 : i64, onnx.opset_import = {ai.onnx = 11 : i64}}
// CHECK-LABEL: func.func @main_graph(
// CHECK-SAME:    %[[M:.*]]: tensor<i64>, %[[C:.*]]: tensor<i1>, %[[Y:.*]]: tensor<1xf32>
// CHECK:         %[[R:.*]]:2 = "onnx.Loop"(%[[M]], %[[C]], %[[Y]]) ({
// CHECK-NEXT:    ^bb0(%{{.*}}: tensor<i64>, %{{.*}}: tensor<i1>, %{{.*}}: tensor<1xf32>):
// CHECK:           "onnx.Yield"
// CHECK:         return %[[R]]#0, %[[R]]#1

// MISSING: cannot open input file '{{.*}}does-not-exist.onnx'
// BAD: {{.*}}.onnx:0:0: error: not an ONNX model
