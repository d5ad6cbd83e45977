// RUN: %onnx-opt %s -canonicalize -split-input-file | FileCheck %s

// Folds and patterns of tensor.extract_slice / tensor.insert_slice (upstream TensorOps.cpp).

// Constant operands become static entries; the more static result is cast back.
// CHECK-LABEL: func @extract_constant_args
//       CHECK:   %[[S:.*]] = tensor.extract_slice %arg0[0, %arg1, 2] [3, 1, %arg2] [1, 1, 1] : tensor<?x?x?xf32> to tensor<3x1x?xf32>
//       CHECK:   %[[C:.*]] = tensor.cast %[[S]] : tensor<3x1x?xf32> to tensor<?x?x?xf32>
//       CHECK:   return %[[C]]
func.func @extract_constant_args(%t: tensor<?x?x?xf32>, %o: index, %s: index) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %0 = tensor.extract_slice %t[%c0, %o, %c2] [%c3, %c1, %s] [%c1, %c1, %c1] : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

// -----

// A rank-reducing slice drops the first unit sizes of the canonical type.
// CHECK-LABEL: func @extract_constant_args_rank_reducing
//       CHECK:   tensor.extract_slice %arg0[0, 0] [1, 4] [1, 1] : tensor<?x?xf32> to tensor<4xf32>
//       CHECK:   tensor.cast %{{.*}} : tensor<4xf32> to tensor<?xf32>
func.func @extract_constant_args_rank_reducing(%t: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %0 = tensor.extract_slice %t[%c0, %c0] [1, %c4] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A negative size and a slice that would run out of bounds keep their operands.
// CHECK-LABEL: func @extract_constant_args_no_fold
//       CHECK:   tensor.extract_slice %arg0[0] [%{{.*}}] [1] : tensor<?xf32> to tensor<?xf32>
//       CHECK:   tensor.extract_slice %arg1[0] [%{{.*}}] [1] : tensor<5xf32> to tensor<?xf32>
func.func @extract_constant_args_no_fold(%t: tensor<?xf32>, %u: tensor<5xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %cm = arith.constant -3 : index
  %c9 = arith.constant 9 : index
  %0 = tensor.extract_slice %t[0] [%cm] [1] : tensor<?xf32> to tensor<?xf32>
  %1 = tensor.extract_slice %u[0] [%c9] [1] : tensor<5xf32> to tensor<?xf32>
  return %0, %1 : tensor<?xf32>, tensor<?xf32>
}

// -----

// CHECK-LABEL: func @extract_identity
//  CHECK-NEXT:   %[[S:.*]] = tensor.extract_slice %arg0[1, 0] [3, 6] [1, 1]
//  CHECK-NEXT:   %[[D:.*]] = tensor.extract_slice %arg1[0, 0] [4, 6] [1, 1]
//  CHECK-NEXT:   return %arg0, %[[S]], %[[D]]
func.func @extract_identity(%t: tensor<4x6xf32>, %d: tensor<?x6xf32>) -> (tensor<4x6xf32>, tensor<3x6xf32>, tensor<4x6xf32>) {
  %0 = tensor.extract_slice %t[0, 0] [4, 6] [1, 1] : tensor<4x6xf32> to tensor<4x6xf32>
  %1 = tensor.extract_slice %t[1, 0] [3, 6] [1, 1] : tensor<4x6xf32> to tensor<3x6xf32>
  %2 = tensor.extract_slice %d[0, 0] [4, 6] [1, 1] : tensor<?x6xf32> to tensor<4x6xf32>
  return %0, %1, %2 : tensor<4x6xf32>, tensor<3x6xf32>, tensor<4x6xf32>
}

// -----

// Extracting the slice just inserted gives the inserted value; another slice does not.
// CHECK-LABEL: func @extract_after_insert
//       CHECK:   %[[I:.*]] = tensor.insert_slice %arg0 into %arg1[%arg2, 0] [2, 4] [1, 1]
//       CHECK:   %[[E:.*]] = tensor.extract_slice %[[I]][0, 0] [2, 4] [1, 1]
//       CHECK:   return %arg0, %[[E]]
func.func @extract_after_insert(%s: tensor<2x4xf32>, %d: tensor<8x4xf32>, %o: index) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %0 = tensor.insert_slice %s into %d[%o, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x4xf32>
  %1 = tensor.extract_slice %0[%o, 0] [2, 4] [1, 1] : tensor<8x4xf32> to tensor<2x4xf32>
  %2 = tensor.extract_slice %0[0, 0] [2, 4] [1, 1] : tensor<8x4xf32> to tensor<2x4xf32>
  return %1, %2 : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func @insert_folds
//  CHECK-NEXT:   return %arg0, %arg2, %arg2
func.func @insert_folds(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %d: tensor<8x3xf32>, %e: tensor<0x3xf32>, %o: index) -> (tensor<2x3xf32>, tensor<8x3xf32>, tensor<8x3xf32>) {
  // The whole destination.
  %0 = tensor.insert_slice %a into %b[0, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<2x3xf32>
  // An empty slice.
  %1 = tensor.insert_slice %e into %d[%o, 0] [0, 3] [1, 1] : tensor<0x3xf32> into tensor<8x3xf32>
  // Writing back what was read.
  %2 = tensor.extract_slice %d[%o, 0] [2, 3] [1, 1] : tensor<8x3xf32> to tensor<2x3xf32>
  %3 = tensor.insert_slice %2 into %d[%o, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x3xf32>
  return %0, %1, %3 : tensor<2x3xf32>, tensor<8x3xf32>, tensor<8x3xf32>
}

// -----

// CHECK-LABEL: func @insert_no_fold
//       CHECK:   %[[E:.*]] = tensor.extract_slice %arg0[%arg2, 0] [2, 3] [1, 1]
//       CHECK:   %[[I:.*]] = tensor.insert_slice %[[E]] into %arg1[%arg2, 0] [2, 3] [1, 1]
//       CHECK:   %[[J:.*]] = tensor.insert_slice %[[E]] into %arg0[0, 0] [2, 3] [1, 1]
//       CHECK:   return %[[I]], %[[J]]
func.func @insert_no_fold(%d: tensor<8x3xf32>, %f: tensor<8x3xf32>, %o: index) -> (tensor<8x3xf32>, tensor<8x3xf32>) {
  %0 = tensor.extract_slice %d[%o, 0] [2, 3] [1, 1] : tensor<8x3xf32> to tensor<2x3xf32>
  %1 = tensor.insert_slice %0 into %f[%o, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x3xf32>
  %2 = tensor.insert_slice %0 into %d[0, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x3xf32>
  return %1, %2 : tensor<8x3xf32>, tensor<8x3xf32>
}

// -----

// A second write of the same slice makes the first one dead.
// CHECK-LABEL: func @insert_after_insert
//  CHECK-NEXT:   %[[I:.*]] = tensor.insert_slice %arg1 into %arg2[%arg3, 0] [2, 3] [1, 1]
//  CHECK-NEXT:   return %[[I]]
func.func @insert_after_insert(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %d: tensor<8x3xf32>, %o: index) -> tensor<8x3xf32> {
  %0 = tensor.insert_slice %a into %d[%o, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x3xf32>
  %1 = tensor.insert_slice %b into %0[%o, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x3xf32>
  return %1 : tensor<8x3xf32>
}

// -----

// Constant operands of insert_slice: static entries, the source cast to the canonical type.
// CHECK-LABEL: func @insert_constant_args
//       CHECK:   %[[C:.*]] = tensor.cast %arg0 : tensor<?x?xf32> to tensor<2x?xf32>
//       CHECK:   tensor.insert_slice %[[C]] into %arg1[1, %arg2] [2, %arg2] [1, 1] : tensor<2x?xf32> into tensor<?x?xf32>
func.func @insert_constant_args(%s: tensor<?x?xf32>, %d: tensor<?x?xf32>, %n: index) -> tensor<?x?xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %0 = tensor.insert_slice %s into %d[%c1, %n] [%c2, %n] [%c1, %c1] : tensor<?x?xf32> into tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Out of bounds of the destination: the offset stays an operand.
// CHECK-LABEL: func @insert_constant_args_out_of_bounds
//       CHECK:   tensor.insert_slice %arg0 into %arg1[%{{.*}}] [4] [1] : tensor<4xf32> into tensor<6xf32>
func.func @insert_constant_args_out_of_bounds(%s: tensor<4xf32>, %d: tensor<6xf32>) -> tensor<6xf32> {
  %c3 = arith.constant 3 : index
  %0 = tensor.insert_slice %s into %d[%c3] [4] [1] : tensor<4xf32> into tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// A cast that drops static information folds into the slice that reads it.
// CHECK-LABEL: func @extract_of_cast
//       CHECK:   %[[A:.*]] = tensor.extract_slice %arg0[0, %arg1] [1, 4] [1, 1] : tensor<4x8xf32> to tensor<4xf32>
//       CHECK:   %[[C:.*]] = tensor.cast %arg2 : tensor<?xf32> to tensor<5xf32>
//       CHECK:   %[[B:.*]] = tensor.extract_slice %[[C]][0] [2] [1] : tensor<5xf32> to tensor<2xf32>
//       CHECK:   %[[D:.*]] = tensor.cast %arg3 : tensor<3xf32> to tensor<?xf32>
//       CHECK:   %[[E:.*]] = tensor.extract_slice %[[D]][0] [6] [1] : tensor<?xf32> to tensor<6xf32>
//       CHECK:   return %[[A]], %[[B]], %[[E]]
func.func @extract_of_cast(%t: tensor<4x8xf32>, %o: index, %u: tensor<?xf32>, %w: tensor<3xf32>) -> (tensor<4xf32>, tensor<2xf32>, tensor<6xf32>) {
  %0 = tensor.cast %t : tensor<4x8xf32> to tensor<?x?xf32>
  %1 = tensor.extract_slice %0[0, %o] [1, 4] [1, 1] : tensor<?x?xf32> to tensor<4xf32>
  // A cast that adds static information stays.
  %2 = tensor.cast %u : tensor<?xf32> to tensor<5xf32>
  %3 = tensor.extract_slice %2[0] [2] [1] : tensor<5xf32> to tensor<2xf32>
  // Out of bounds of the cast's source.
  %4 = tensor.cast %w : tensor<3xf32> to tensor<?xf32>
  %5 = tensor.extract_slice %4[0] [6] [1] : tensor<?xf32> to tensor<6xf32>
  return %1, %3, %5 : tensor<4xf32>, tensor<2xf32>, tensor<6xf32>
}

// -----

// Casts on insert_slice operands: the source's static sizes become static sizes, and a folded
// destination cast is cast back on the result.
// CHECK-LABEL: func @insert_of_cast
//       CHECK:   %[[A:.*]] = tensor.insert_slice %arg0 into %arg1[%arg3, %arg3] [1, %arg3] [1, 1] : tensor<1x?xf32> into tensor<?x?xf32>
//       CHECK:   %[[B:.*]] = tensor.insert_slice %arg0 into %arg2[0, %arg3] [1, %arg3] [1, 1] : tensor<1x?xf32> into tensor<4x?xf32>
//       CHECK:   %[[C:.*]] = tensor.cast %[[B]] : tensor<4x?xf32> to tensor<?x?xf32>
//       CHECK:   return %[[A]], %[[C]]
func.func @insert_of_cast(%s: tensor<1x?xf32>, %d: tensor<?x?xf32>, %e: tensor<4x?xf32>, %n: index) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = tensor.cast %s : tensor<1x?xf32> to tensor<?x?xf32>
  %1 = tensor.insert_slice %0 into %d[%n, %n] [%n, %n] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  %2 = tensor.cast %e : tensor<4x?xf32> to tensor<?x?xf32>
  %3 = tensor.insert_slice %s into %2[0, %n] [1, %n] [1, 1] : tensor<1x?xf32> into tensor<?x?xf32>
  return %1, %3 : tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// A cast to a more static type, or one whose fold would run out of bounds, stays.
// CHECK-LABEL: func @insert_of_cast_no_fold
//       CHECK:   %[[A:.*]] = tensor.cast %arg0 : tensor<1x?xf32> to tensor<?x5xf32>
//       CHECK:   tensor.insert_slice %[[A]] into %arg1[%arg3, %arg3] [%arg3, 5] [1, 1] : tensor<?x5xf32> into tensor<?x?xf32>
//       CHECK:   %[[B:.*]] = tensor.cast %arg2 : tensor<5xf32> to tensor<?xf32>
//       CHECK:   tensor.insert_slice %[[B]] into %arg4[7] [%arg3] [1] : tensor<?xf32> into tensor<10xf32>
func.func @insert_of_cast_no_fold(%s: tensor<1x?xf32>, %d: tensor<?x?xf32>, %t: tensor<5xf32>, %n: index, %f: tensor<10xf32>) -> (tensor<?x?xf32>, tensor<10xf32>) {
  %0 = tensor.cast %s : tensor<1x?xf32> to tensor<?x5xf32>
  %1 = tensor.insert_slice %0 into %d[%n, %n] [%n, 5] [1, 1] : tensor<?x5xf32> into tensor<?x?xf32>
  %2 = tensor.cast %t : tensor<5xf32> to tensor<?xf32>
  %3 = tensor.insert_slice %2 into %f[7] [%n] [1] : tensor<?xf32> into tensor<10xf32>
  return %1, %3 : tensor<?x?xf32>, tensor<10xf32>
}

// -----

// A cast of a slice result to a more static type becomes the slice.
// CHECK-LABEL: func @cast_of_extract
//       CHECK:   %[[A:.*]] = tensor.extract_slice %arg0[%arg2, 0] [16, 1] [1, 1] : tensor<128x512xf32> to tensor<16xf32>
//       CHECK:   %[[B:.*]] = tensor.extract_slice %arg0[%arg2, 0] [%arg1, 512] [1, 1] : tensor<128x512xf32> to tensor<?x512xf32>
//       CHECK:   %[[C:.*]] = tensor.cast %[[B]] : tensor<?x512xf32> to tensor<?x?xf32>
//       CHECK:   return %[[A]], %[[C]]
func.func @cast_of_extract(%t: tensor<128x512xf32>, %s: index, %o: index) -> (tensor<16xf32>, tensor<?x?xf32>) {
  %0 = tensor.extract_slice %t[%o, 0] [%s, 1] [1, 1] : tensor<128x512xf32> to tensor<?xf32>
  %1 = tensor.cast %0 : tensor<?xf32> to tensor<16xf32>
  %2 = tensor.extract_slice %t[%o, 0] [%s, 512] [1, 1] : tensor<128x512xf32> to tensor<?x512xf32>
  %3 = tensor.cast %2 : tensor<?x512xf32> to tensor<?x?xf32>
  return %1, %3 : tensor<16xf32>, tensor<?x?xf32>
}
