// RUN: %onnx-opt %s -split-input-file | FileCheck %s
// RUN: %onnx-opt %s -split-input-file | %onnx-opt -split-input-file | FileCheck %s
// RUN: %onnx-opt %s -split-input-file -verify-diagnostics --mlir-print-op-generic -o /dev/null

// The descriptor-field ops code generation reads (both backends) are registered ops of the
// memref dialect with upstream's custom syntax: an unknown op of a registered dialect is an
// error, so they must be known to parse at all.

// CHECK-LABEL: func.func @pointer
// CHECK: memref.extract_aligned_pointer_as_index %{{.*}} : memref<?x4xf32, strided<[?, 1], offset: ?>> -> index
func.func @pointer(%m: memref<?x4xf32, strided<[?, 1], offset: ?>>) -> index {
  %p = memref.extract_aligned_pointer_as_index %m : memref<?x4xf32, strided<[?, 1], offset: ?>> -> index
  return %p : index
}

// -----

// CHECK-LABEL: func.func @metadata
// CHECK: memref.extract_strided_metadata %{{.*}} : memref<?x4xf32, strided<[?, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
func.func @metadata(%m: memref<?x4xf32, strided<[?, 1], offset: ?>>) -> index {
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<?x4xf32, strided<[?, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
  return %strides#0 : index
}
