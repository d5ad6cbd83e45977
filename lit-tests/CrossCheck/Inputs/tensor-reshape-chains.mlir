// Random chains of two or three tensor.expand_shape / tensor.collapse_shape ops over static,
// unit and dynamic sizes (some output sizes arith.constants), generated once with a fixed seed;
// CrossCheck/canonicalize-tensor-reshape.mlir diffs their canonicalization against mlir-opt 22.

func.func @f0(%a: tensor<2x1x?x?xf32>) -> tensor<1x2x1x?xf32> {
  %i1 = arith.constant 2 : index
  %v0 = tensor.collapse_shape %a [[0, 1], [2, 3]] : tensor<2x1x?x?xf32> into tensor<2x?xf32>
  %v1 = tensor.expand_shape %v0 [[0, 1, 2], [3]] output_shape [1, 2, 1, %i1] : tensor<2x?xf32> into tensor<1x2x1x?xf32>
  return %v1 : tensor<1x2x1x?xf32>
}

// -----

func.func @f1(%a: tensor<6x1xf32>) -> tensor<1x2x3x1x1xf32> {
  %v0 = tensor.expand_shape %a [[0], [1, 2]] output_shape [6, 1, 1] : tensor<6x1xf32> into tensor<6x1x1xf32>
  %v0b = tensor.collapse_shape %v0 [[0], [1, 2]] : tensor<6x1x1xf32> into tensor<6x1xf32>
  %v1 = tensor.expand_shape %v0b [[0, 1, 2], [3, 4]] output_shape [1, 2, 3, 1, 1] : tensor<6x1xf32> into tensor<1x2x3x1x1xf32>
  return %v1 : tensor<1x2x3x1x1xf32>
}

// -----

func.func @f2(%a: tensor<4x1x1x?xf32>, %i1: index) -> tensor<4x1x1x1x2x3x?xf32> {
  %i2 = arith.constant 4 : index
  %v0 = tensor.collapse_shape %a [[0], [1], [2, 3]] : tensor<4x1x1x?xf32> into tensor<4x1x?xf32>
  %v1 = tensor.expand_shape %v0 [[0, 1, 2], [3, 4], [5]] output_shape [2, 1, 2, 1, 1, %i1] : tensor<4x1x?xf32> into tensor<2x1x2x1x1x?xf32>
  %v1b = tensor.collapse_shape %v1 [[0, 1, 2], [3, 4], [5]] : tensor<2x1x2x1x1x?xf32> into tensor<4x1x?xf32>
  %v2 = tensor.expand_shape %v1b [[0], [1, 2, 3], [4, 5, 6]] output_shape [4, 1, 1, 1, 2, 3, %i2] : tensor<4x1x?xf32> into tensor<4x1x1x1x2x3x?xf32>
  return %v2 : tensor<4x1x1x1x2x3x?xf32>
}

// -----

func.func @f3(%a: tensor<?xf32>) -> tensor<?x2xf32> {
  %i1 = arith.constant 2 : index
  %v0 = tensor.collapse_shape %a [[0]] : tensor<?xf32> into tensor<?xf32>
  %v1 = tensor.expand_shape %v0 [[0, 1]] output_shape [%i1, 2] : tensor<?xf32> into tensor<?x2xf32>
  %v1b = tensor.collapse_shape %v1 [[0], [1]] : tensor<?x2xf32> into tensor<?x2xf32>
  return %v1b : tensor<?x2xf32>
}

// -----

func.func @f4(%a: tensor<3x?xf32>, %i1: index) -> tensor<?xf32> {
  %v0 = tensor.expand_shape %a [[0], [1, 2, 3]] output_shape [3, 3, 1, %i1] : tensor<3x?xf32> into tensor<3x3x1x?xf32>
  %v0b = tensor.collapse_shape %v0 [[0], [1, 2, 3]] : tensor<3x3x1x?xf32> into tensor<3x?xf32>
  %v1 = tensor.collapse_shape %v0b [[0, 1]] : tensor<3x?xf32> into tensor<?xf32>
  return %v1 : tensor<?xf32>
}

// -----

func.func @f5(%a: tensor<2x1xf32>) -> tensor<2x1xf32> {
  %v0 = tensor.expand_shape %a [[0], [1]] output_shape [2, 1] : tensor<2x1xf32> into tensor<2x1xf32>
  %v1 = tensor.collapse_shape %v0 [[0], [1]] : tensor<2x1xf32> into tensor<2x1xf32>
  %v2 = tensor.expand_shape %v1 [[0], [1]] output_shape [2, 1] : tensor<2x1xf32> into tensor<2x1xf32>
  return %v2 : tensor<2x1xf32>
}

// -----

func.func @f6(%a: tensor<?x2x6x1xf32>) -> tensor<?xf32> {
  %v0 = tensor.collapse_shape %a [[0, 1], [2], [3]] : tensor<?x2x6x1xf32> into tensor<?x6x1xf32>
  %v1 = tensor.collapse_shape %v0 [[0, 1, 2]] : tensor<?x6x1xf32> into tensor<?xf32>
  return %v1 : tensor<?xf32>
}

// -----

func.func @f7(%a: tensor<?x?x2xf32>) -> tensor<?xf32> {
  %v0 = tensor.collapse_shape %a [[0, 1, 2]] : tensor<?x?x2xf32> into tensor<?xf32>
  %v1 = tensor.collapse_shape %v0 [[0]] : tensor<?xf32> into tensor<?xf32>
  return %v1 : tensor<?xf32>
}

// -----

func.func @f8(%a: tensor<?xf32>, %i1: index, %i2: index) -> tensor<?xf32> {
  %v0 = tensor.expand_shape %a [[0]] output_shape [%i1] : tensor<?xf32> into tensor<?xf32>
  %v1 = tensor.expand_shape %v0 [[0]] output_shape [%i2] : tensor<?xf32> into tensor<?xf32>
  %v1b = tensor.collapse_shape %v1 [[0]] : tensor<?xf32> into tensor<?xf32>
  %v2 = tensor.collapse_shape %v1b [[0]] : tensor<?xf32> into tensor<?xf32>
  return %v2 : tensor<?xf32>
}

// -----

func.func @f9(%a: tensor<4x1x2xf32>) -> tensor<4x1x1x1x2x1x1xf32> {
  %v0 = tensor.expand_shape %a [[0], [1, 2], [3]] output_shape [4, 1, 1, 2] : tensor<4x1x2xf32> into tensor<4x1x1x2xf32>
  %v1 = tensor.expand_shape %v0 [[0], [1], [2, 3], [4, 5, 6]] output_shape [4, 1, 1, 1, 2, 1, 1] : tensor<4x1x1x2xf32> into tensor<4x1x1x1x2x1x1xf32>
  return %v1 : tensor<4x1x1x1x2x1x1xf32>
}

// -----

func.func @f10(%a: tensor<6x1x1x2xf32>) -> tensor<6x1x1x2xf32> {
  %v0 = tensor.collapse_shape %a [[0], [1], [2, 3]] : tensor<6x1x1x2xf32> into tensor<6x1x2xf32>
  %v1 = tensor.expand_shape %v0 [[0], [1], [2, 3]] output_shape [6, 1, 1, 2] : tensor<6x1x2xf32> into tensor<6x1x1x2xf32>
  return %v1 : tensor<6x1x1x2xf32>
}

// -----

func.func @f11(%a: tensor<1x?x1x4xf32>, %i1: index) -> tensor<1x3x1x1x?x1x1x1x1x1x2x2x1xf32> {
  %i2 = arith.constant 2 : index
  %v0 = tensor.expand_shape %a [[0], [1, 2], [3, 4, 5], [6, 7]] output_shape [1, 3, %i1, 1, 1, 1, 4, 1] : tensor<1x?x1x4xf32> into tensor<1x3x?x1x1x1x4x1xf32>
  %v1 = tensor.expand_shape %v0 [[0], [1, 2, 3], [4], [5], [6, 7], [8], [9, 10, 11], [12]] output_shape [1, 3, 1, 1, %i2, 1, 1, 1, 1, 1, 2, 2, 1] : tensor<1x3x?x1x1x1x4x1xf32> into tensor<1x3x1x1x?x1x1x1x1x1x2x2x1xf32>
  return %v1 : tensor<1x3x1x1x?x1x1x1x1x1x2x2x1xf32>
}

// -----

func.func @f12(%a: tensor<4x?x4x1xf32>, %i1: index) -> tensor<2x?xf32> {
  %v0 = tensor.collapse_shape %a [[0, 1], [2, 3]] : tensor<4x?x4x1xf32> into tensor<?x4xf32>
  %v1 = tensor.collapse_shape %v0 [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
  %v2 = tensor.expand_shape %v1 [[0, 1]] output_shape [2, %i1] : tensor<?xf32> into tensor<2x?xf32>
  %v2b = tensor.collapse_shape %v2 [[0], [1]] : tensor<2x?xf32> into tensor<2x?xf32>
  return %v2b : tensor<2x?xf32>
}

// -----

func.func @f13(%a: tensor<6x6xf32>) -> tensor<36xf32> {
  %v0 = tensor.collapse_shape %a [[0], [1]] : tensor<6x6xf32> into tensor<6x6xf32>
  %v1 = tensor.collapse_shape %v0 [[0, 1]] : tensor<6x6xf32> into tensor<36xf32>
  return %v1 : tensor<36xf32>
}

// -----

func.func @f14(%a: tensor<1x6x1x1xf32>) -> tensor<2x3x1x1x1xf32> {
  %v0 = tensor.expand_shape %a [[0], [1, 2, 3], [4, 5, 6], [7, 8]] output_shape [1, 2, 1, 3, 1, 1, 1, 1, 1] : tensor<1x6x1x1xf32> into tensor<1x2x1x3x1x1x1x1x1xf32>
  %v0b = tensor.collapse_shape %v0 [[0], [1], [2], [3], [4, 5, 6], [7], [8]] : tensor<1x2x1x3x1x1x1x1x1xf32> into tensor<1x2x1x3x1x1x1xf32>
  %v1 = tensor.collapse_shape %v0b [[0, 1, 2], [3], [4], [5], [6]] : tensor<1x2x1x3x1x1x1xf32> into tensor<2x3x1x1x1xf32>
  return %v1 : tensor<2x3x1x1x1xf32>
}

// -----

func.func @f15(%a: tensor<1x?x1xf32>) -> tensor<?xf32> {
  %v0 = tensor.collapse_shape %a [[0, 1, 2]] : tensor<1x?x1xf32> into tensor<?xf32>
  %v1 = tensor.collapse_shape %v0 [[0]] : tensor<?xf32> into tensor<?xf32>
  return %v1 : tensor<?xf32>
}

// -----

func.func @f16(%a: tensor<?x6x1xf32>, %i1: index, %i2: index) -> tensor<3x?x?x1x6xf32> {
  %v0 = tensor.collapse_shape %a [[0], [1, 2]] : tensor<?x6x1xf32> into tensor<?x6xf32>
  %v1 = tensor.expand_shape %v0 [[0, 1, 2], [3, 4]] output_shape [3, %i1, %i2, 1, 6] : tensor<?x6xf32> into tensor<3x?x?x1x6xf32>
  return %v1 : tensor<3x?x?x1x6xf32>
}

// -----

func.func @f17(%a: tensor<1xf32>) -> tensor<1xf32> {
  %v0 = tensor.expand_shape %a [[0]] output_shape [1] : tensor<1xf32> into tensor<1xf32>
  %v0b = tensor.collapse_shape %v0 [[0]] : tensor<1xf32> into tensor<1xf32>
  %v1 = tensor.collapse_shape %v0b [[0]] : tensor<1xf32> into tensor<1xf32>
  return %v1 : tensor<1xf32>
}

// -----

func.func @f18(%a: tensor<?x1xf32>, %i1: index) -> tensor<?x1xf32> {
  %i2 = arith.constant 1 : index
  %v0 = tensor.expand_shape %a [[0, 1, 2], [3, 4]] output_shape [%i1, %i2, 1, 1, 1] : tensor<?x1xf32> into tensor<?x?x1x1x1xf32>
  %v0b = tensor.collapse_shape %v0 [[0, 1], [2], [3], [4]] : tensor<?x?x1x1x1xf32> into tensor<?x1x1x1xf32>
  %v1 = tensor.collapse_shape %v0b [[0], [1, 2, 3]] : tensor<?x1x1x1xf32> into tensor<?x1xf32>
  return %v1 : tensor<?x1xf32>
}

// -----

func.func @f19(%a: tensor<2x?x?xf32>, %i2: index) -> tensor<1x1x2x?x?xf32> {
  %i1 = arith.constant 1 : index
  %v0 = tensor.expand_shape %a [[0, 1, 2], [3, 4], [5]] output_shape [1, 1, 2, %i1, 3, %i2] : tensor<2x?x?xf32> into tensor<1x1x2x?x3x?xf32>
  %v0b = tensor.collapse_shape %v0 [[0], [1], [2], [3, 4], [5]] : tensor<1x1x2x?x3x?xf32> into tensor<1x1x2x?x?xf32>
  %v1 = tensor.collapse_shape %v0b [[0], [1], [2], [3], [4]] : tensor<1x1x2x?x?xf32> into tensor<1x1x2x?x?xf32>
  return %v1 : tensor<1x1x2x?x?xf32>
}

// -----

func.func @f20(%a: tensor<4x?xf32>) -> tensor<?xf32> {
  %v0 = tensor.collapse_shape %a [[0, 1]] : tensor<4x?xf32> into tensor<?xf32>
  %v1 = tensor.collapse_shape %v0 [[0]] : tensor<?xf32> into tensor<?xf32>
  return %v1 : tensor<?xf32>
}

// -----

func.func @f21(%a: tensor<1xf32>) -> tensor<1x1x1xf32> {
  %v0 = tensor.expand_shape %a [[0]] output_shape [1] : tensor<1xf32> into tensor<1xf32>
  %v0b = tensor.collapse_shape %v0 [[0]] : tensor<1xf32> into tensor<1xf32>
  %v1 = tensor.expand_shape %v0b [[0, 1, 2]] output_shape [1, 1, 1] : tensor<1xf32> into tensor<1x1x1xf32>
  %v1b = tensor.collapse_shape %v1 [[0], [1], [2]] : tensor<1x1x1xf32> into tensor<1x1x1xf32>
  return %v1b : tensor<1x1x1xf32>
}

// -----

func.func @f22(%a: tensor<1x3x?x1xf32>) -> tensor<3x?xf32> {
  %i1 = arith.constant 2 : index
  %v0 = tensor.expand_shape %a [[0, 1], [2], [3], [4]] output_shape [1, 1, 3, %i1, 1] : tensor<1x3x?x1xf32> into tensor<1x1x3x?x1xf32>
  %v0b = tensor.collapse_shape %v0 [[0, 1], [2], [3], [4]] : tensor<1x1x3x?x1xf32> into tensor<1x3x?x1xf32>
  %v1 = tensor.collapse_shape %v0b [[0, 1], [2, 3]] : tensor<1x3x?x1xf32> into tensor<3x?xf32>
  return %v1 : tensor<3x?xf32>
}

// -----

func.func @f23(%a: tensor<2xf32>) -> tensor<1x1x2xf32> {
  %v0 = tensor.expand_shape %a [[0]] output_shape [2] : tensor<2xf32> into tensor<2xf32>
  %v0b = tensor.collapse_shape %v0 [[0]] : tensor<2xf32> into tensor<2xf32>
  %v1 = tensor.expand_shape %v0b [[0, 1, 2]] output_shape [1, 1, 2] : tensor<2xf32> into tensor<1x1x2xf32>
  return %v1 : tensor<1x1x2xf32>
}

// -----

func.func @f24(%a: tensor<6x1x?x1xf32>, %i2: index) -> tensor<1x6x1x1x?x2x1x1x1x1xf32> {
  %i1 = arith.constant 1 : index
  %v0 = tensor.expand_shape %a [[0], [1], [2], [3, 4]] output_shape [6, 1, %i1, 1, 1] : tensor<6x1x?x1xf32> into tensor<6x1x?x1x1xf32>
  %v0b = tensor.collapse_shape %v0 [[0], [1], [2], [3], [4]] : tensor<6x1x?x1x1xf32> into tensor<6x1x?x1x1xf32>
  %v1 = tensor.expand_shape %v0b [[0, 1, 2], [3], [4, 5], [6, 7], [8, 9, 10]] output_shape [1, 6, 1, 1, %i2, 2, 1, 1, 1, 1, 1] : tensor<6x1x?x1x1xf32> into tensor<1x6x1x1x?x2x1x1x1x1x1xf32>
  %v1b = tensor.collapse_shape %v1 [[0], [1], [2], [3], [4], [5], [6], [7], [8], [9], [10]] : tensor<1x6x1x1x?x2x1x1x1x1x1xf32> into tensor<1x6x1x1x?x2x1x1x1x1x1xf32>
  %v2 = tensor.collapse_shape %v1b [[0], [1], [2], [3], [4], [5], [6], [7, 8], [9], [10]] : tensor<1x6x1x1x?x2x1x1x1x1x1xf32> into tensor<1x6x1x1x?x2x1x1x1x1xf32>
  return %v2 : tensor<1x6x1x1x?x2x1x1x1x1xf32>
}

// -----

func.func @f25(%a: tensor<?xf32>, %i1: index) -> tensor<?xf32> {
  %v0 = tensor.collapse_shape %a [[0]] : tensor<?xf32> into tensor<?xf32>
  %v1 = tensor.expand_shape %v0 [[0]] output_shape [%i1] : tensor<?xf32> into tensor<?xf32>
  %v1b = tensor.collapse_shape %v1 [[0]] : tensor<?xf32> into tensor<?xf32>
  return %v1b : tensor<?xf32>
}

// -----

func.func @f26(%a: tensor<1x?x3x1xf32>) -> tensor<1x?x3xf32> {
  %v0 = tensor.collapse_shape %a [[0], [1], [2], [3]] : tensor<1x?x3x1xf32> into tensor<1x?x3x1xf32>
  %v1 = tensor.collapse_shape %v0 [[0], [1], [2, 3]] : tensor<1x?x3x1xf32> into tensor<1x?x3xf32>
  return %v1 : tensor<1x?x3xf32>
}

// -----

func.func @f27(%a: tensor<3xf32>) -> tensor<3xf32> {
  %v0 = tensor.expand_shape %a [[0]] output_shape [3] : tensor<3xf32> into tensor<3xf32>
  %v1 = tensor.expand_shape %v0 [[0, 1, 2]] output_shape [1, 3, 1] : tensor<3xf32> into tensor<1x3x1xf32>
  %v1b = tensor.collapse_shape %v1 [[0, 1, 2]] : tensor<1x3x1xf32> into tensor<3xf32>
  return %v1b : tensor<3xf32>
}

// -----

func.func @f28(%a: tensor<1x?xf32>) -> tensor<1x?xf32> {
  %i1 = arith.constant 2 : index
  %v0 = tensor.expand_shape %a [[0], [1]] output_shape [1, %i1] : tensor<1x?xf32> into tensor<1x?xf32>
  %v0b = tensor.collapse_shape %v0 [[0], [1]] : tensor<1x?xf32> into tensor<1x?xf32>
  %v1 = tensor.collapse_shape %v0b [[0], [1]] : tensor<1x?xf32> into tensor<1x?xf32>
  %v2 = tensor.collapse_shape %v1 [[0], [1]] : tensor<1x?xf32> into tensor<1x?xf32>
  return %v2 : tensor<1x?xf32>
}

// -----

func.func @f29(%a: tensor<2xf32>) -> tensor<2xf32> {
  %v0 = tensor.expand_shape %a [[0]] output_shape [2] : tensor<2xf32> into tensor<2xf32>
  %v1 = tensor.expand_shape %v0 [[0]] output_shape [2] : tensor<2xf32> into tensor<2xf32>
  %v1b = tensor.collapse_shape %v1 [[0]] : tensor<2xf32> into tensor<2xf32>
  return %v1b : tensor<2xf32>
}

// -----

func.func @f30(%a: tensor<1x1x?x2xf32>, %i1: index, %i2: index) -> tensor<1x?x2xf32> {
  %v0 = tensor.collapse_shape %a [[0], [1, 2], [3]] : tensor<1x1x?x2xf32> into tensor<1x?x2xf32>
  %v1 = tensor.expand_shape %v0 [[0], [1, 2], [3]] output_shape [1, %i1, %i2, 2] : tensor<1x?x2xf32> into tensor<1x?x?x2xf32>
  %v1b = tensor.collapse_shape %v1 [[0], [1, 2], [3]] : tensor<1x?x?x2xf32> into tensor<1x?x2xf32>
  return %v1b : tensor<1x?x2xf32>
}

// -----

func.func @f31(%a: tensor<1x6x1x6xf32>) -> tensor<1x1x1x1x1x1x1x1x1x6x1x1x3x2xf32> {
  %v0 = tensor.expand_shape %a [[0, 1, 2], [3], [4], [5]] output_shape [1, 1, 1, 6, 1, 6] : tensor<1x6x1x6xf32> into tensor<1x1x1x6x1x6xf32>
  %v1 = tensor.expand_shape %v0 [[0], [1], [2, 3, 4], [5], [6], [7]] output_shape [1, 1, 1, 1, 1, 6, 1, 6] : tensor<1x1x1x6x1x6xf32> into tensor<1x1x1x1x1x6x1x6xf32>
  %v2 = tensor.expand_shape %v1 [[0], [1, 2], [3, 4, 5], [6, 7], [8], [9], [10], [11, 12, 13]] output_shape [1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 1, 1, 3, 2] : tensor<1x1x1x1x1x6x1x6xf32> into tensor<1x1x1x1x1x1x1x1x1x6x1x1x3x2xf32>
  return %v2 : tensor<1x1x1x1x1x1x1x1x1x6x1x1x3x2xf32>
}

// -----

func.func @f32(%a: tensor<3x?x1xf32>, %i1: index) -> tensor<1x3x?x1xf32> {
  %v0 = tensor.expand_shape %a [[0, 1], [2, 3, 4], [5, 6]] output_shape [1, 3, 1, 2, %i1, 1, 1] : tensor<3x?x1xf32> into tensor<1x3x1x2x?x1x1xf32>
  %v0b = tensor.collapse_shape %v0 [[0], [1], [2], [3, 4], [5, 6]] : tensor<1x3x1x2x?x1x1xf32> into tensor<1x3x1x?x1xf32>
  %v1 = tensor.collapse_shape %v0b [[0], [1, 2], [3], [4]] : tensor<1x3x1x?x1xf32> into tensor<1x3x?x1xf32>
  return %v1 : tensor<1x3x?x1xf32>
}

// -----

func.func @f33(%a: tensor<6x?x1xf32>, %i2: index) -> tensor<3x2x1x?x3x1xf32> {
  %i1 = arith.constant 1 : index
  %v0 = tensor.expand_shape %a [[0], [1], [2]] output_shape [6, %i1, 1] : tensor<6x?x1xf32> into tensor<6x?x1xf32>
  %v1 = tensor.expand_shape %v0 [[0, 1], [2, 3, 4], [5]] output_shape [3, 2, 1, %i2, 3, 1] : tensor<6x?x1xf32> into tensor<3x2x1x?x3x1xf32>
  return %v1 : tensor<3x2x1x?x3x1xf32>
}

// -----

func.func @f34(%a: tensor<?x?x1xf32>, %i2: index) -> tensor<?x2x1x?x1x1xf32> {
  %i1 = arith.constant 3 : index
  %v0 = tensor.expand_shape %a [[0], [1, 2, 3], [4, 5]] output_shape [%i1, 2, 1, %i2, 1, 1] : tensor<?x?x1xf32> into tensor<?x2x1x?x1x1xf32>
  %v1 = tensor.collapse_shape %v0 [[0], [1], [2], [3], [4], [5]] : tensor<?x2x1x?x1x1xf32> into tensor<?x2x1x?x1x1xf32>
  %v2 = tensor.collapse_shape %v1 [[0], [1], [2], [3], [4], [5]] : tensor<?x2x1x?x1x1xf32> into tensor<?x2x1x?x1x1xf32>
  return %v2 : tensor<?x2x1x?x1x1xf32>
}

// -----

func.func @f35(%a: tensor<?x3x3x?xf32>, %i2: index) -> tensor<?x1x3x3x3x?x2xf32> {
  %i1 = arith.constant 2 : index
  %v0 = tensor.expand_shape %a [[0, 1, 2], [3], [4, 5, 6], [7, 8, 9]] output_shape [%i1, 1, 1, 3, 1, 3, 1, 3, %i2, 2] : tensor<?x3x3x?xf32> into tensor<?x1x1x3x1x3x1x3x?x2xf32>
  %v0b = tensor.collapse_shape %v0 [[0], [1], [2], [3], [4], [5], [6], [7], [8], [9]] : tensor<?x1x1x3x1x3x1x3x?x2xf32> into tensor<?x1x1x3x1x3x1x3x?x2xf32>
  %v1 = tensor.collapse_shape %v0b [[0], [1], [2, 3], [4], [5, 6], [7], [8], [9]] : tensor<?x1x1x3x1x3x1x3x?x2xf32> into tensor<?x1x3x1x3x3x?x2xf32>
  %v2 = tensor.collapse_shape %v1 [[0], [1], [2], [3, 4], [5], [6], [7]] : tensor<?x1x3x1x3x3x?x2xf32> into tensor<?x1x3x3x3x?x2xf32>
  return %v2 : tensor<?x1x3x3x3x?x2xf32>
}

// -----

func.func @f36(%a: tensor<6xf32>) -> tensor<6xf32> {
  %v0 = tensor.collapse_shape %a [[0]] : tensor<6xf32> into tensor<6xf32>
  %v1 = tensor.collapse_shape %v0 [[0]] : tensor<6xf32> into tensor<6xf32>
  return %v1 : tensor<6xf32>
}

// -----

func.func @f37(%a: tensor<2xf32>) -> tensor<2xf32> {
  %v0 = tensor.collapse_shape %a [[0]] : tensor<2xf32> into tensor<2xf32>
  %v1 = tensor.collapse_shape %v0 [[0]] : tensor<2xf32> into tensor<2xf32>
  return %v1 : tensor<2xf32>
}

// -----

func.func @f38(%a: tensor<3x4x6x?xf32>, %i1: index) -> tensor<3x24x?xf32> {
  %v0 = tensor.expand_shape %a [[0, 1, 2], [3, 4, 5], [6], [7, 8]] output_shape [1, 1, 3, 1, 4, 1, 6, 3, %i1] : tensor<3x4x6x?xf32> into tensor<1x1x3x1x4x1x6x3x?xf32>
  %v0b = tensor.collapse_shape %v0 [[0, 1], [2], [3, 4, 5], [6], [7, 8]] : tensor<1x1x3x1x4x1x6x3x?xf32> into tensor<1x3x4x6x?xf32>
  %v1 = tensor.collapse_shape %v0b [[0, 1], [2, 3], [4]] : tensor<1x3x4x6x?xf32> into tensor<3x24x?xf32>
  return %v1 : tensor<3x24x?xf32>
}

// -----

func.func @f39(%a: tensor<3xf32>) -> tensor<3xf32> {
  %v0 = tensor.collapse_shape %a [[0]] : tensor<3xf32> into tensor<3xf32>
  %v1 = tensor.collapse_shape %v0 [[0]] : tensor<3xf32> into tensor<3xf32>
  return %v1 : tensor<3xf32>
}
