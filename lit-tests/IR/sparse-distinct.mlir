// RUN: %onnx-opt %s -allow-unregistered-dialect | %onnx-opt -allow-unregistered-dialect | FileCheck %s

// `sparse<indices, values>` and `distinct[id]<attr>` parse, verify and print back as upstream
// prints them: a single index or value is a splat, no indices print as `sparse<>`, a distinct
// attribute with a unit payload prints `<>`, and one id is one attribute.

// CHECK: "f"() {
// CHECK-SAME: a = sparse<1, 10> : tensor<2x2xi16>
// CHECK-SAME: b = sparse<> : tensor<2xf32>
// CHECK-SAME: c = sparse<{{\[\[}}0, 1], [1, 0]], [1.500000e+00, 2.000000e+00]> : tensor<2x2xf32>
// CHECK-SAME: d = sparse<0, 1> : tensor<4xi32>
// CHECK-SAME: e = sparse<{{\[\[}}0, 1]], 5> : tensor<2x2xi8>
"f"() {a = sparse<1, 10> : tensor<2x2xi16>, b = sparse<> : tensor<2xf32>, c = sparse<[[0, 1], [1, 0]], [1.5, 2.0]> : tensor<2x2xf32>, d = sparse<[0], [1]> : tensor<4xi32>, e = sparse<[[0,1]], 5> : tensor<2x2xi8>} : () -> ()

#d = distinct[0]<42 : i32>
// CHECK: "g"() {x = distinct[0]<42 : i32>, y = distinct[1]<>, z = distinct[0]<42 : i32>}
"g"() {x = #d, y = distinct[1]<>, z = distinct[0]<42 : i32>} : () -> ()

// Complex literals are checked, then kept as their raw bytes.
// CHECK: "h"() {c = dense<"0x0000803F00000040"> : tensor<complex<f32>>}
"h"() {c = dense<(1.0, 2.0)> : tensor<complex<f32>>} : () -> ()

// Elements literals take any statically shaped type, memrefs too, as upstream.
// CHECK: "m"() {a = dense<[1, 2]> : memref<2xi8>}
"m"() {a = dense<[1, 2]> : memref<2xi8>} : () -> ()
