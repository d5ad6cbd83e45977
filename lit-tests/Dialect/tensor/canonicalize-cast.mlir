// RUN: %onnx-opt %s --canonicalize --split-input-file | FileCheck %s

// Folds and patterns of tensor.bitcast, tensor.cast and tensor.concat, as upstream's.

// CHECK-LABEL: func @bitcast_chain
//  CHECK-SAME:   (%[[A:.*]]: tensor<2xi32>)
//  CHECK-NEXT:   %[[B:.*]] = tensor.bitcast %[[A]] : tensor<2xi32> to tensor<2xf32>
//  CHECK-NEXT:   return %[[B]]
func.func @bitcast_chain(%a: tensor<2xi32>) -> tensor<2xf32> {
  %0 = tensor.bitcast %a : tensor<2xi32> to tensor<2xui32>
  %1 = tensor.bitcast %0 : tensor<2xui32> to tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----

// A chain back to the source type is the source.
// CHECK-LABEL: func @bitcast_round_trip
//  CHECK-SAME:   (%[[A:.*]]: tensor<?xi16>)
//  CHECK-NEXT:   return %[[A]]
func.func @bitcast_round_trip(%a: tensor<?xi16>) -> tensor<?xi16> {
  %0 = tensor.bitcast %a : tensor<?xi16> to tensor<?xf16>
  %1 = tensor.bitcast %0 : tensor<?xf16> to tensor<?xi16>
  return %1 : tensor<?xi16>
}

// -----

// CHECK-LABEL: func @bitcast_single_kept
//  CHECK-NEXT:   tensor.bitcast %{{.*}} : tensor<4xi32> to tensor<4xf32>
func.func @bitcast_single_kept(%a: tensor<4xi32>) -> tensor<4xf32> {
  %0 = tensor.bitcast %a : tensor<4xi32> to tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func @cast_to_same_type
//  CHECK-SAME:   (%[[A:.*]]: tensor<?xf32>)
//  CHECK-NEXT:   return %[[A]]
func.func @cast_to_same_type(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = tensor.cast %a : tensor<?xf32> to tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// An unranked step checks nothing: the chain becomes one cast.
// CHECK-LABEL: func @cast_chain_through_unranked
//  CHECK-SAME:   (%[[A:.*]]: tensor<3xf32>)
//  CHECK-NEXT:   %[[C:.*]] = tensor.cast %[[A]] : tensor<3xf32> to tensor<?xf32>
//  CHECK-NEXT:   return %[[C]]
func.func @cast_chain_through_unranked(%a: tensor<3xf32>) -> tensor<?xf32> {
  %0 = tensor.cast %a : tensor<3xf32> to tensor<*xf32>
  %1 = tensor.cast %0 : tensor<*xf32> to tensor<?xf32>
  return %1 : tensor<?xf32>
}

// -----

// The middle cast checks that dimension 0 is 2: both casts stay.
// CHECK-LABEL: func @cast_chain_keeps_a_check
//       CHECK:   %[[C:.*]] = tensor.cast %{{.*}} : tensor<?x?xf32> to tensor<2x?xf32>
//  CHECK-NEXT:   tensor.cast %[[C]] : tensor<2x?xf32> to tensor<?x?xf32>
func.func @cast_chain_keeps_a_check(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = tensor.cast %a : tensor<?x?xf32> to tensor<2x?xf32>
  %1 = tensor.cast %0 : tensor<2x?xf32> to tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func @concat_one_input
//  CHECK-SAME:   (%[[A:.*]]: tensor<2x?xf32>)
//  CHECK-NEXT:   %[[C:.*]] = tensor.cast %[[A]] : tensor<2x?xf32> to tensor<2x4xf32>
//  CHECK-NEXT:   return %[[C]], %[[A]]
func.func @concat_one_input(%a: tensor<2x?xf32>) -> (tensor<2x4xf32>, tensor<2x?xf32>) {
  %0 = tensor.concat dim(1) %a : (tensor<2x?xf32>) -> tensor<2x4xf32>
  %1 = tensor.concat dim(1) %a : (tensor<2x?xf32>) -> tensor<2x?xf32>
  return %0, %1 : tensor<2x4xf32>, tensor<2x?xf32>
}

// -----

// Operands learn the other dimension from %a, the result its static sizes.
// CHECK-LABEL: func @concat_infers_types
//  CHECK-SAME:   (%[[A:.*]]: tensor<?x3xf32>, %[[B:.*]]: tensor<?x?xf32>, %[[C:.*]]: tensor<4x?xf32>)
//  CHECK-NEXT:   %[[CB:.*]] = tensor.cast %[[B]] : tensor<?x?xf32> to tensor<?x3xf32>
//  CHECK-NEXT:   %[[CC:.*]] = tensor.cast %[[C]] : tensor<4x?xf32> to tensor<4x3xf32>
//  CHECK-NEXT:   %[[R:.*]] = tensor.concat dim(0) %[[A]], %[[CB]], %[[CC]] : (tensor<?x3xf32>, tensor<?x3xf32>, tensor<4x3xf32>) -> tensor<?x3xf32>
//  CHECK-NEXT:   %[[CR:.*]] = tensor.cast %[[R]] : tensor<?x3xf32> to tensor<?x?xf32>
//  CHECK-NEXT:   return %[[CR]]
func.func @concat_infers_types(%a: tensor<?x3xf32>, %b: tensor<?x?xf32>, %c: tensor<4x?xf32>) -> tensor<?x?xf32> {
  %0 = tensor.concat dim(0) %a, %b, %c : (tensor<?x3xf32>, tensor<?x?xf32>, tensor<4x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Nothing to learn: the concat stays as it is.
// CHECK-LABEL: func @concat_nothing_known
//  CHECK-NEXT:   %[[R:.*]] = tensor.concat dim(1) %{{.*}}, %{{.*}} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
//  CHECK-NEXT:   return %[[R]]
func.func @concat_nothing_known(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = tensor.concat dim(1) %a, %b : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A static result size the operands do not give is kept through the cast back.
// CHECK-LABEL: func @concat_result_more_static
//       CHECK:   %[[R:.*]] = tensor.concat dim(0) %{{.*}}, %{{.*}} : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
//  CHECK-NEXT:   %[[C:.*]] = tensor.cast %[[R]] : tensor<?x3xf32> to tensor<5x?xf32>
//  CHECK-NEXT:   return %[[C]]
func.func @concat_result_more_static(%a: tensor<?x?xf32>, %b: tensor<?x3xf32>) -> tensor<5x?xf32> {
  %0 = tensor.concat dim(0) %a, %b : (tensor<?x?xf32>, tensor<?x3xf32>) -> tensor<5x?xf32>
  return %0 : tensor<5x?xf32>
}
