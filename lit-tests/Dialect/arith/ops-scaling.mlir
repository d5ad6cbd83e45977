// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %s --mlir-print-op-generic | %onnx-opt | FileCheck %s

// arith.scaling_extf / arith.scaling_truncf (OCP MX block scaling). Kept apart from ops.mlir
// because they need the small float types f4E2M1FN, f8E4M3FN and f8E8M0FNU.


// CHECK-LABEL: func.func @scaling_extf(
// CHECK-SAME: %[[IN:.*]]: f4E2M1FN, %[[SCALE:.*]]: f8E8M0FNU, %[[VIN:.*]]: vector<4xf8E4M3FN>, %[[VSCALE:.*]]: vector<4xf8E8M0FNU>) -> (f32, vector<4xf32>) {
// CHECK-NEXT: %[[V0:.*]] = arith.scaling_extf %[[IN]], %[[SCALE]] : f4E2M1FN, f8E8M0FNU to f32
// CHECK-NEXT: %[[V1:.*]] = arith.scaling_extf %[[VIN]], %[[VSCALE]] : vector<4xf8E4M3FN>, vector<4xf8E8M0FNU> to vector<4xf32>
// CHECK-NEXT: return %[[V0]], %[[V1]] : f32, vector<4xf32>
// CHECK-NEXT: }
func.func @scaling_extf(%in: f4E2M1FN, %scale: f8E8M0FNU, %vin: vector<4xf8E4M3FN>, %vscale: vector<4xf8E8M0FNU>) -> (f32, vector<4xf32>) {
  %0 = arith.scaling_extf %in, %scale : f4E2M1FN, f8E8M0FNU to f32
  %1 = arith.scaling_extf %vin, %vscale : vector<4xf8E4M3FN>, vector<4xf8E8M0FNU> to vector<4xf32>
  return %0, %1 : f32, vector<4xf32>
}

// CHECK-LABEL: func.func @scaling_truncf(
// CHECK-SAME: %[[IN:.*]]: f32, %[[SCALE:.*]]: f8E8M0FNU) -> (f4E2M1FN, f4E2M1FN) {
// CHECK-NEXT: %[[V0:.*]] = arith.scaling_truncf %[[IN]], %[[SCALE]] : f32, f8E8M0FNU to f4E2M1FN
// CHECK-NEXT: %[[V1:.*]] = arith.scaling_truncf %[[IN]], %[[SCALE]] to_nearest_even : f32, f8E8M0FNU to f4E2M1FN
// CHECK-NEXT: return %[[V0]], %[[V1]] : f4E2M1FN, f4E2M1FN
// CHECK-NEXT: }
func.func @scaling_truncf(%in: f32, %scale: f8E8M0FNU) -> (f4E2M1FN, f4E2M1FN) {
  %0 = arith.scaling_truncf %in, %scale : f32, f8E8M0FNU to f4E2M1FN
  %1 = arith.scaling_truncf %in, %scale to_nearest_even : f32, f8E8M0FNU to f4E2M1FN
  return %0, %1 : f4E2M1FN, f4E2M1FN
}
