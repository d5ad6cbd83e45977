// RUN: %onnx-opt %s -split-input-file -allow-unregistered-dialect -canonicalize | FileCheck %s

// A scope that ends its function's body is inlined, allocas and all.

// CHECK-LABEL: func.func @ends_function(
// CHECK-NOT:     memref.alloca_scope
// CHECK:         %[[A:.*]] = memref.alloca(%{{.*}}) : memref<?xf32>
// CHECK:         "use.it"(%[[A]])
// CHECK-NEXT:    return
func.func @ends_function(%n: index) {
  memref.alloca_scope {
    %a = memref.alloca(%n) : memref<?xf32>
    "use.it"(%a) : (memref<?xf32>) -> ()
  }
  return
}

// -----

// Not when something follows it: the allocas would live longer.

// CHECK-LABEL: func.func @followed(
// CHECK:         memref.alloca_scope  {
// CHECK:           memref.alloca
// CHECK:         }
// CHECK:         "after"()
func.func @followed(%n: index) {
  memref.alloca_scope {
    %a = memref.alloca(%n) : memref<?xf32>
    "use.it"(%a) : (memref<?xf32>) -> ()
  }
  "after"() : () -> ()
  return
}

// -----

// A scope without possible stack allocations is inlined anywhere, results included.

// CHECK-LABEL: func.func @no_alloca(
// CHECK-SAME:    %[[M:.*]]: memref<f32>, %[[V:.*]]: f32)
// CHECK-NOT:     memref.alloca_scope
// CHECK:         memref.store %[[V]], %[[M]][]
// CHECK:         "after"(%[[V]])
func.func @no_alloca(%m: memref<f32>, %v: f32) {
  %r = memref.alloca_scope -> (f32) {
    memref.store %v, %m[] : memref<f32>
    memref.alloca_scope.return %v : f32
  }
  "after"(%r) : (f32) -> ()
  return
}

// -----

// Inside a non-scope parent that ends the function, allocas whose sizes come from outside
// move before that parent; the others stay.

// CHECK-LABEL: func.func @hoist(
// CHECK-SAME:    %[[N:.*]]: index)
// CHECK:         %[[A:.*]] = memref.alloca(%[[N]]) : memref<?xf32>
// CHECK-NEXT:    "wrap"() ({
// CHECK-NEXT:      memref.alloca_scope  {
// CHECK-NEXT:        %[[K:.*]] = "count"()
// CHECK-NEXT:        %[[B:.*]] = memref.alloca(%[[K]]) : memref<?xf32>
// CHECK-NEXT:        "use.it"(%[[A]], %[[B]])
func.func @hoist(%n: index) {
  "wrap"() ({
    memref.alloca_scope {
      %k = "count"() : () -> index
      %a = memref.alloca(%n) : memref<?xf32>
      %b = memref.alloca(%k) : memref<?xf32>
      "use.it"(%a, %b) : (memref<?xf32>, memref<?xf32>) -> ()
    }
    "wrap.end"() : () -> ()
  }) : () -> ()
  return
}
