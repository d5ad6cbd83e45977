// Issue 11: dense_resource<name> with the blobs of a {-# dialect_resources: { builtin: ... } #-}
// section is parsed, printed back as upstream prints it (the section after the module, blobs
// in order of first use), and usable where dense is: constants, and globals that code reads.
// RUN: split-file %s %t
// RUN: %onnx-opt %t/in.mlir | FileCheck %s
// RUN: %onnx-opt %t/in.mlir | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %t/in.mlir --mlir-print-op-generic | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %t/in.mlir --canonicalize --cse | FileCheck %s
// RUN: %onnx-run -O0 %t/run.mlir | FileCheck %s --check-prefix=JIT
// RUN: %onnx-run -O2 %t/run.mlir | FileCheck %s --check-prefix=JIT
// RUN: %onnx-compile %t/run.mlir -o %t/run.o
// RUN: not %onnx-run %t/missing.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not %onnx-run %t/short.mlir 2>&1 | FileCheck %s --check-prefix=SHORT

// CHECK: memref.global "private" constant @g : memref<3xi32> = dense_resource<blob1>
// CHECK: memref.global "private" constant @f : memref<2xf32> = dense_resource<blob.2>
// CHECK: arith.constant dense_resource<blob1> : tensor<3xi32>
// CHECK: {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       blob1: "0x04000000010000000200000003000000",
// CHECK-NEXT:       blob.2: "0x04000000000080BF00004040"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}
// JIT: 3
// JIT-NEXT: 3.000000e+00
// MISSING: missing.mlir:1:1: error: 'memref.global' op has the initial value dense_resource<nothing>, but the input has no blob 'nothing'
// SHORT: short.mlir:1:1: error: 'memref.global' op has the initial value dense_resource<b> of 4 bytes, but its type needs 12

//--- in.mlir
memref.global "private" constant @g : memref<3xi32> = dense_resource<blob1>
memref.global "private" constant @f : memref<2xf32> = dense_resource<"blob.2">
func.func @main() -> (i32, f32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %g = memref.get_global @g : memref<3xi32>
  %f = memref.get_global @f : memref<2xf32>
  %a = memref.load %g[%c2] : memref<3xi32>
  %b = memref.load %f[%c1] : memref<2xf32>
  return %a, %b : i32, f32
}
func.func @tensor() -> tensor<3xi32> {
  %t = arith.constant dense_resource<blob1> : tensor<3xi32>
  return %t : tensor<3xi32>
}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x04000000010000000200000003000000",
      "blob.2": "0x04000000000080BF00004040",
      unused: "0x0400000000"
    }
  }
#-}

//--- run.mlir
memref.global "private" constant @g : memref<3xi32> = dense_resource<blob1>
memref.global "private" constant @f : memref<2xf32> = dense_resource<"blob.2">
func.func @main() -> (i32, f32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %g = memref.get_global @g : memref<3xi32>
  %f = memref.get_global @f : memref<2xf32>
  %a = memref.load %g[%c2] : memref<3xi32>
  %b = memref.load %f[%c1] : memref<2xf32>
  return %a, %b : i32, f32
}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x04000000010000000200000003000000",
      "blob.2": "0x04000000000080BF00004040"
    }
  }
#-}

//--- missing.mlir
memref.global "private" constant @g : memref<3xi32> = dense_resource<nothing>
func.func @main() -> i32 {
  %c = arith.constant 0 : i32
  return %c : i32
}

//--- short.mlir
memref.global "private" constant @g : memref<3xi32> = dense_resource<b>
func.func @main() -> i32 {
  %c = arith.constant 0 : i32
  return %c : i32
}
{-#
  dialect_resources: {
    builtin: {
      b: "0x0400000001000000"
    }
  }
#-}
