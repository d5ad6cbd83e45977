// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s

// memref.alloca_scope owns the allocas made in it; its terminator prints only with results.

// CHECK-LABEL: func.func @scopes(
// CHECK:         memref.alloca_scope  {
// CHECK-NEXT:      memref.alloca() : memref<4xf32>
// CHECK-NEXT:    }
// CHECK:         %[[R:.*]] = memref.alloca_scope  -> (index) {
// CHECK:           memref.alloca_scope.return %{{.*}} : index
// CHECK:         }
// CHECK:         %[[D:.*]]:2 = memref.distinct_objects %{{.*}}, %{{.*}} : memref<?xf16>, memref<?xf32>
func.func @scopes(%n: index, %a: memref<?xf16>, %b: memref<?xf32>) -> index {
  memref.alloca_scope {
    %x = memref.alloca() : memref<4xf32>
    memref.alloca_scope.return
  }
  %r = memref.alloca_scope -> (index) {
    %y = memref.alloca(%n) : memref<?xf32>
    memref.alloca_scope.return %n : index
  }
  %d:2 = memref.distinct_objects %a, %b : memref<?xf16>, memref<?xf32>
  return %r : index
}

// Identity affine-map layouts are dropped, as upstream's MemRefType::get does.

// CHECK-LABEL: func.func @identity_layout(
// CHECK-SAME:    memref<4x8xf32>, %{{.*}}: memref<f32>, %{{.*}}: memref<4xf32, 1>, %{{.*}}: memref<4xf32, {{.+}}>, %{{.*}}: memref<2x2xf32, {{.+}}>)
func.func @identity_layout(%a: memref<4x8xf32, affine_map<(i, j) -> (i, j)>>, %b: memref<f32, affine_map<() -> ()>>, %c: memref<4xf32, affine_map<(d0)[s0] -> (d0)>, 1>,
                           %d: memref<4xf32, affine_map<(d0) -> (d0 + 1)>>, %e: memref<2x2xf32, affine_map<(d0, d1) -> (d1, d0)>>) {
  return
}
