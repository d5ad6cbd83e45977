// RUN: %onnx-opt %s -canonicalize -split-input-file | FileCheck %s

// Fold and patterns of tensor.pad (upstream TensorOps.cpp).

// A pad to its own static type pads nothing, unless it is nofold.
// CHECK-LABEL: func @pad_same_static_type
//       CHECK:   %[[P:.*]] = tensor.pad %arg0 nofold low[%arg1, 0] high[0, %arg1]
//       CHECK:   return %arg0, %[[P]]
func.func @pad_same_static_type(%t: tensor<5x6xf32>, %a: index) -> (tensor<5x6xf32>, tensor<5x6xf32>) {
  %cst = arith.constant 0.0 : f32
  %0 = tensor.pad %t low[%a, 0] high[0, %a] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<5x6xf32> to tensor<5x6xf32>
  %1 = tensor.pad %t nofold low[%a, 0] high[0, %a] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<5x6xf32> to tensor<5x6xf32>
  return %0, %1 : tensor<5x6xf32>, tensor<5x6xf32>
}

// -----

// Zero padding, static or constant, is a cast.
// CHECK-LABEL: func @pad_zero
//  CHECK-NEXT:   %[[C:.*]] = tensor.cast %arg0 : tensor<?x?xf32> to tensor<2x3xf32>
//  CHECK-NEXT:   %[[P:.*]] = tensor.pad %arg0 nofold low[0, 0] high[0, 0]
//       CHECK:   return %[[C]], %[[P]]
func.func @pad_zero(%t: tensor<?x?xf32>, %v: f32) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %c0 = arith.constant 0 : index
  %0 = tensor.pad %t low[0, %c0] high[%c0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<?x?xf32> to tensor<2x3xf32>
  %1 = tensor.pad %t nofold low[0, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<?x?xf32> to tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// A pad of a cast that drops static information pads the cast's source; a result that
// becomes more static is cast back.
// CHECK-LABEL: func @pad_of_cast
//       CHECK:   %[[A:.*]] = tensor.pad %arg0 low[0, 0] high[0, 1]
//       CHECK:   } : tensor<4x?xf32> to tensor<4x4xf32>
//       CHECK:   %[[B:.*]] = tensor.pad %arg0 low[1, 0] high[1, %arg1]
//       CHECK:   } : tensor<4x?xf32> to tensor<6x?xf32>
//       CHECK:   %[[C:.*]] = tensor.cast %[[B]] : tensor<6x?xf32> to tensor<?x?xf32>
//       CHECK:   return %[[A]], %[[C]]
func.func @pad_of_cast(%t: tensor<4x?xf32>, %h: index) -> (tensor<4x4xf32>, tensor<?x?xf32>) {
  %cst = arith.constant 0.0 : f32
  %0 = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %1 = tensor.pad %0 low[0, 0] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x?xf32> to tensor<4x4xf32>
  %2 = tensor.pad %0 low[1, 0] high[1, %h] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  return %1, %2 : tensor<4x4xf32>, tensor<?x?xf32>
}

// -----

// A cast of a pad to a more static type becomes the pad's type; a less static one stays.
// CHECK-LABEL: func @cast_of_pad
//       CHECK:   %[[A:.*]] = tensor.pad %arg0 low[%arg1, %arg1] high[0, 0]
//       CHECK:   } : tensor<?x?xf32> to tensor<32x32xf32>
//       CHECK:   %[[B:.*]] = tensor.pad %arg2 low[%arg1, %arg1] high[0, 0]
//       CHECK:   } : tensor<32x?xf32> to tensor<32x?xf32>
//       CHECK:   %[[C:.*]] = tensor.cast %[[B]] : tensor<32x?xf32> to tensor<?x32xf32>
//       CHECK:   return %[[A]], %[[C]]
func.func @cast_of_pad(%t: tensor<?x?xf32>, %p: index, %u: tensor<32x?xf32>) -> (tensor<32x32xf32>, tensor<?x32xf32>) {
  %cst = arith.constant 0.0 : f32
  %0 = tensor.pad %t low[%p, %p] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  %1 = tensor.cast %0 : tensor<?x?xf32> to tensor<32x32xf32>
  %2 = tensor.pad %u low[%p, %p] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<32x?xf32> to tensor<32x?xf32>
  %3 = tensor.cast %2 : tensor<32x?xf32> to tensor<?x32xf32>
  return %1, %3 : tensor<32x32xf32>, tensor<?x32xf32>
}

// -----

// Constant low/high operands that make the result more static become static.
// CHECK-LABEL: func @pad_static_padding
//       CHECK:   %[[P:.*]] = tensor.pad %arg0 low[0, 4] high[%arg1, 4]
//       CHECK:   } : tensor<?x8xf32> to tensor<?x16xf32>
//       CHECK:   %[[C:.*]] = tensor.cast %[[P]] : tensor<?x16xf32> to tensor<?x?xf32>
//       CHECK:   return %[[C]]
func.func @pad_static_padding(%t: tensor<?x8xf32>, %h: index) -> tensor<?x?xf32> {
  %cst = arith.constant 0.0 : f32
  %c4 = arith.constant 4 : index
  %0 = tensor.pad %t low[0, %c4] high[%h, %c4] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x8xf32> to tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// No new static size: the constant stays an operand.
// CHECK-LABEL: func @pad_static_padding_no_fold
//       CHECK:   tensor.pad %arg0 low[%{{.*}}, 0] high[0, 0]
//       CHECK:   } : tensor<?x8xf32> to tensor<?x8xf32>
func.func @pad_static_padding_no_fold(%t: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %cst = arith.constant 0.0 : f32
  %c4 = arith.constant 4 : index
  %0 = tensor.pad %t low[%c4, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x8xf32> to tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// Two slice/pad pairs that pad different dimensions with the same constant: one pair.
// CHECK-LABEL: func @orthogonal_pads
//       CHECK:   %[[S:.*]] = tensor.extract_slice %arg0[16, 4] [%arg1, %arg2] [1, 1] : tensor<64x64xf32> to tensor<?x?xf32>
//       CHECK:   %[[P:.*]] = tensor.pad %[[S]] nofold low[0, 0] high[%arg3, %arg4]
//       CHECK:   } : tensor<?x?xf32> to tensor<8x4xf32>
//       CHECK:   return %[[P]]
func.func @orthogonal_pads(%t: tensor<64x64xf32>, %s0: index, %s1: index, %p0: index, %p1: index) -> tensor<8x4xf32> {
  %cst = arith.constant 0.0 : f32
  %0 = tensor.extract_slice %t[16, 0] [%s0, 64] [1, 1] : tensor<64x64xf32> to tensor<?x64xf32>
  %1 = tensor.pad %0 low[0, 0] high[%p0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x64xf32> to tensor<8x64xf32>
  %2 = tensor.extract_slice %1[0, 4] [8, %s1] [1, 1] : tensor<8x64xf32> to tensor<8x?xf32>
  %3 = tensor.pad %2 nofold low[0, 0] high[0, %p1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<8x?xf32> to tensor<8x4xf32>
  return %3 : tensor<8x4xf32>
}

// -----

// Both pads pad dimension 0: no fold.
// CHECK-LABEL: func @orthogonal_pads_no_fold
//       CHECK:   tensor.extract_slice %arg0
//       CHECK:   tensor.pad
//       CHECK:   tensor.extract_slice
//       CHECK:   tensor.pad
func.func @orthogonal_pads_no_fold(%t: tensor<64x64xf32>, %s0: index, %s1: index, %p0: index, %p1: index) -> tensor<4x64xf32> {
  %cst = arith.constant 0.0 : f32
  %0 = tensor.extract_slice %t[16, 0] [%s0, 64] [1, 1] : tensor<64x64xf32> to tensor<?x64xf32>
  %1 = tensor.pad %0 low[0, 0] high[%p0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x64xf32> to tensor<8x64xf32>
  %2 = tensor.extract_slice %1[4, 0] [%s1, 64] [1, 1] : tensor<8x64xf32> to tensor<?x64xf32>
  %3 = tensor.pad %2 nofold low[0, 0] high[%p1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x64xf32> to tensor<4x64xf32>
  return %3 : tensor<4x64xf32>
}

// -----

// A pad of a pad of the same value: the sizes add up.
// CHECK-LABEL: func @consecutive_pads
//       CHECK:   %[[P:.*]] = tensor.pad %arg0 low[1, %arg1] high[4, 2]
//       CHECK:     tensor.yield %arg2
//       CHECK:   } : tensor<2x?xf32> to tensor<7x?xf32>
//       CHECK:   return %[[P]]
func.func @consecutive_pads(%t: tensor<2x?xf32>, %a: index, %v: f32) -> tensor<7x?xf32> {
  %0 = tensor.pad %t low[1, %a] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<2x?xf32> to tensor<4x?xf32>
  %1 = tensor.pad %0 low[0, 0] high[3, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<4x?xf32> to tensor<7x?xf32>
  return %1 : tensor<7x?xf32>
}

// -----

// Different values, a nofold producer, or two dynamic sizes to add (upstream's affine.apply,
// a dialect we do not have): no fold.
// CHECK-LABEL: func @consecutive_pads_no_fold
//  CHECK-COUNT-6:   tensor.pad
func.func @consecutive_pads_no_fold(%t: tensor<2x3xf32>, %v: f32, %w: f32, %a: index) -> (tensor<7x8xf32>, tensor<7x8xf32>, tensor<?x3xf32>) {
  %0 = tensor.pad %t low[1, 1] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<2x3xf32> to tensor<4x4xf32>
  %1 = tensor.pad %0 low[0, 2] high[3, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %w : f32
  } : tensor<4x4xf32> to tensor<7x8xf32>
  %2 = tensor.pad %t nofold low[1, 1] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<2x3xf32> to tensor<4x4xf32>
  %3 = tensor.pad %2 low[0, 2] high[3, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<4x4xf32> to tensor<7x8xf32>
  %4 = tensor.pad %t low[%a, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<2x3xf32> to tensor<?x3xf32>
  %5 = tensor.pad %4 low[%a, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<?x3xf32> to tensor<?x3xf32>
  return %1, %3, %5 : tensor<7x8xf32>, tensor<7x8xf32>, tensor<?x3xf32>
}
