// RUN: %onnx-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: %onnx-opt %s -split-input-file -verify-diagnostics -mlir-print-op-generic | %onnx-opt -split-input-file | FileCheck %s

// memref.dma_start / dma_wait: parsed, printed and verified as upstream does (code generation
// reports them as unsupported).

// CHECK-LABEL: func.func @dma(
func.func @dma(%a: memref<16xf32>, %b: memref<4x4xf32, 1>, %tag: memref<1xi32>, %n: index, %s: index) {
  %c0 = arith.constant 0 : index
  // CHECK: memref.dma_start %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}}[%{{.*}}] : memref<16xf32>, memref<4x4xf32, 1>, memref<1xi32>
  memref.dma_start %a[%c0], %b[%c0, %c0], %n, %tag[%c0] : memref<16xf32>, memref<4x4xf32, 1>, memref<1xi32>
  // CHECK: memref.dma_start %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}} : memref<16xf32>, memref<4x4xf32, 1>, memref<1xi32>
  memref.dma_start %a[%c0], %b[%c0, %c0], %n, %tag[%c0], %s, %s : memref<16xf32>, memref<4x4xf32, 1>, memref<1xi32>
  // CHECK: memref.dma_wait %{{.*}}[%{{.*}}], %{{.*}} : memref<1xi32>
  memref.dma_wait %tag[%c0], %n : memref<1xi32>
  return
}

// -----

func.func @tag_not_memref(%a: memref<4xf32>, %t: f32, %i: index) {
  // expected-error@+1 {{'memref.dma_start' op expected tag to be of memref type}}
  memref.dma_start %a[%i], %a[%i], %i, %t[%i] : memref<4xf32>, memref<4xf32>, f32
  return
}

// -----

func.func @one_stride(%a: memref<4xf32>, %t: memref<1xi32>, %i: index) {
  // expected-error@+1 {{expected two stride related operands}}
  memref.dma_start %a[%i], %a[%i], %i, %t[%i], %i : memref<4xf32>, memref<4xf32>, memref<1xi32>
  return
}

// -----

func.func @wait_rank(%t: memref<2x2xi32>, %i: index) {
  // expected-error@+1 {{expected tagIndices to have the same number of elements as the tagMemRef rank, expected 2, but got 1}}
  memref.dma_wait %t[%i], %i : memref<2x2xi32>
  return
}
