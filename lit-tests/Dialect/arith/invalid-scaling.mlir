// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

// Verifier cases of arith.scaling_extf / arith.scaling_truncf, kept apart (as ops-scaling.mlir)
// because they need the small float types f4E2M1FN, f8E4M3FN and f8E8M0FNU.

func.func @scaling_extf_to_narrower(%x: f32, %s: f8E8M0FNU) {
  // expected-error @+1 {{'arith.scaling_extf' op operand types 'f32', 'f8E8M0FNU' and result type 'f16' are cast incompatible}}
  %0 = arith.scaling_extf %x, %s : f32, f8E8M0FNU to f16
  return
}
