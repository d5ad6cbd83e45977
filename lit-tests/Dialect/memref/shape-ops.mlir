// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %s -mlir-print-op-generic | %onnx-opt | FileCheck %s

// Custom forms of the memref reshaping and reallocation ops survive a round trip, also through
// the generic form; strided layouts follow the reassociation.

// CHECK-LABEL: func.func @reshapes(
func.func @reshapes(%m: memref<3x4x5xf32>, %s: memref<30x20xf32, strided<[4000, 2], offset: 100>>,
                    %n: index, %shape: memref<2xindex>) {
  // CHECK: %[[C:.*]] = memref.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : memref<3x4x5xf32> into memref<12x5xf32>
  %c = memref.collapse_shape %m [[0, 1], [2]] : memref<3x4x5xf32> into memref<12x5xf32>
  // CHECK: memref.expand_shape %[[C]] {{\[}}[0, 1], [2]] output_shape [3, 4, 5] : memref<12x5xf32> into memref<3x4x5xf32>
  %e = memref.expand_shape %c [[0, 1], [2]] output_shape [3, 4, 5] : memref<12x5xf32> into memref<3x4x5xf32>
  // CHECK: memref.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [2, 15, 20] : memref<30x20xf32, strided<[4000, 2], offset: 100>> into memref<2x15x20xf32, strided<[60000, 4000, 2], offset: 100>>
  %l = memref.expand_shape %s [[0, 1], [2]] output_shape [2, 15, 20]
      : memref<30x20xf32, strided<[4000, 2], offset: 100>> into memref<2x15x20xf32, strided<[60000, 4000, 2], offset: 100>>
  // CHECK: memref.reshape %{{.*}}(%{{.*}}) : (memref<3x4x5xf32>, memref<2xindex>) -> memref<?x?xf32>
  %r = memref.reshape %m(%shape) : (memref<3x4x5xf32>, memref<2xindex>) -> memref<?x?xf32>
  // CHECK: memref.rank %{{.*}} : memref<3x4x5xf32>
  %k = memref.rank %m : memref<3x4x5xf32>
  return
}

// CHECK-LABEL: func.func @buffers(
func.func @buffers(%b: memref<2048xi8>, %off: index, %n: index, %src: memref<4xf32>) {
  // CHECK: memref.view %{{.*}}[%{{.*}}][%{{.*}}] : memref<2048xi8> to memref<?x4xf32>
  %v = memref.view %b[%off][%n] : memref<2048xi8> to memref<?x4xf32>
  // CHECK: memref.realloc %{{.*}}(%{{.*}}) : memref<4xf32> to memref<?xf32>
  %r = memref.realloc %src(%n) : memref<4xf32> to memref<?xf32>
  // CHECK: memref.realloc %{{.*}} {alignment = 16 : i64} : memref<?xf32> to memref<8xf32>
  %s = memref.realloc %r {alignment = 16} : memref<?xf32> to memref<8xf32>
  // CHECK: memref.assume_alignment %{{.*}}, 16 : memref<8xf32>
  %a = memref.assume_alignment %s, 16 : memref<8xf32>
  return
}
