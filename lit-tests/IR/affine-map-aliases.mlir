// RUN: %onnx-opt %s | FileCheck %s
// RUN: %onnx-opt %s -mlir-print-op-generic | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %s -mlir-print-local-scope | FileCheck %s --check-prefix=LOCAL

// Each distinct affine map is printed once, as `#map`, `#map1`, ... before the module in order
// of first use, and referred to by its alias; a string that spells a map is left alone. With
// -mlir-print-local-scope maps print inline.

//      CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: module {
//      CHECK:   func.func @f(%{{.*}}: memref<4xf32, #map>, %{{.*}}: memref<8xf32, #map>)
// CHECK-SAME:     attributes {s = "affine_map<(d0) -> (d0)>", u = [#map1, #map]}

// LOCAL-NOT: #map
//     LOCAL: func.func @f(%{{.*}}: memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
func.func @f(%a: memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>, %b: memref<8xf32, affine_map<(d0)[s0] -> (d0 + s0)>>)
    attributes {s = "affine_map<(d0) -> (d0)>", u = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0)[s0] -> (d0 + s0)>]} {
  return
}
