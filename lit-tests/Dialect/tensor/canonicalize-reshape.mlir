// RUN: %onnx-opt %s --canonicalize --split-input-file | FileCheck %s

// Folds and canonicalization patterns of tensor.expand_shape, tensor.collapse_shape and
// tensor.reshape, each with a case that must stay unchanged.

// CHECK-LABEL: func @identity_reshapes
// CHECK-NEXT: return %arg0, %arg1
func.func @identity_reshapes(%a: tensor<5x4xf32>, %b: tensor<f32>) -> (tensor<5x4xf32>, tensor<f32>) {
  %0 = tensor.collapse_shape %a [[0], [1]] : tensor<5x4xf32> into tensor<5x4xf32>
  %1 = tensor.expand_shape %b [] output_shape [] : tensor<f32> into tensor<f32>
  return %0, %1 : tensor<5x4xf32>, tensor<f32>
}

// -----

// Any dense constant takes the result type, splat or not, hex or not.
// CHECK-LABEL: func @reshape_constants
// CHECK-DAG: %[[A:.*]] = arith.constant dense<{{\[}}[1, 2], [3, 4]]> : tensor<2x2xi32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<{{\[}}1.000000e+00, 2.000000e+00, 3.500000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-DAG: %[[C:.*]] = arith.constant dense<7> : tensor<2x1x3xi8>
// CHECK-NOT: _shape
// CHECK: return %[[A]], %[[B]], %[[C]]
func.func @reshape_constants() -> (tensor<2x2xi32>, tensor<4xf32>, tensor<2x1x3xi8>) {
  %a = arith.constant dense<"0x01000000020000000300000004000000"> : tensor<4xi32>
  %0 = tensor.expand_shape %a [[0, 1]] output_shape [2, 2] : tensor<4xi32> into tensor<2x2xi32>
  %b = arith.constant dense<[[1.0, 2.0], [3.5, 4.0]]> : tensor<2x2xf32>
  %1 = tensor.collapse_shape %b [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
  %c = arith.constant dense<7> : tensor<6xi8>
  %2 = tensor.expand_shape %c [[0, 1, 2]] output_shape [2, 1, 3] : tensor<6xi8> into tensor<2x1x3xi8>
  return %0, %1, %2 : tensor<2x2xi32>, tensor<4xf32>, tensor<2x1x3xi8>
}

// -----

// CHECK-LABEL: func @compose_same_direction
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: tensor<?x?x?x?x?xf32>, %[[B:[a-z0-9_]+]]: tensor<?x?xf32>, %[[S0:[a-z0-9_]+]]: index, %[[S1:[a-z0-9_]+]]: index
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1, 2], [3, 4]] : tensor<?x?x?x?x?xf32> into tensor<?x?xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[B]] {{\[}}[0, 1, 2], [3, 4]] output_shape [%[[S0]], 6, 4, %[[S1]], 5] : tensor<?x?xf32> into tensor<?x6x4x?x5xf32>
// CHECK: %[[Z:.*]] = tensor.collapse_shape %{{.*}} [] : tensor<1x1x1xf32> into tensor<f32>
// CHECK: return %[[C]], %[[E]], %[[Z]]
func.func @compose_same_direction(%a: tensor<?x?x?x?x?xf32>, %b: tensor<?x?xf32>, %s0: index, %s1: index,
    %t0: index, %t1: index, %z: tensor<1x1x1xf32>) -> (tensor<?x?xf32>, tensor<?x6x4x?x5xf32>, tensor<f32>) {
  %0 = tensor.collapse_shape %a [[0, 1], [2], [3, 4]] : tensor<?x?x?x?x?xf32> into tensor<?x?x?xf32>
  %1 = tensor.collapse_shape %0 [[0, 1], [2]] : tensor<?x?x?xf32> into tensor<?x?xf32>
  %2 = tensor.expand_shape %b [[0, 1], [2]] output_shape [%t0, 4, %t1] : tensor<?x?xf32> into tensor<?x4x?xf32>
  %3 = tensor.expand_shape %2 [[0, 1], [2], [3, 4]] output_shape [%s0, 6, 4, %s1, 5] : tensor<?x4x?xf32> into tensor<?x6x4x?x5xf32>
  %4 = tensor.collapse_shape %z [[0, 1, 2]] : tensor<1x1x1xf32> into tensor<1xf32>
  %5 = tensor.collapse_shape %4 [] : tensor<1xf32> into tensor<f32>
  return %1, %3, %5 : tensor<?x?xf32>, tensor<?x6x4x?x5xf32>, tensor<f32>
}

// -----

// A reshape of its inverse is the original value when the outer types agree and no group
// has two dynamic sizes; expanding then collapsing back may have several.
// CHECK-LABEL: func @inverse_reshapes
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: tensor<?x?xf32>, %[[B:[a-z0-9_]+]]: tensor<?x?x?xf32>
// CHECK-NEXT: %[[C:.*]] = tensor.collapse_shape %[[B]] {{\[}}[0, 1], [2]]
// CHECK-NEXT: %[[E:.*]] = tensor.expand_shape %[[C]] {{\[}}[0, 1], [2]] output_shape [%{{.*}}, %{{.*}}, %{{.*}}]
// CHECK-NEXT: return %[[A]], %[[E]]
func.func @inverse_reshapes(%a: tensor<?x?xf32>, %b: tensor<?x?x?xf32>, %s0: index, %s1: index, %s2: index)
    -> (tensor<?x?xf32>, tensor<?x?x?xf32>) {
  %0 = tensor.expand_shape %a [[0, 1], [2]] output_shape [%s0, %s1, %s2] : tensor<?x?xf32> into tensor<?x?x?xf32>
  %1 = tensor.collapse_shape %0 [[0, 1], [2]] : tensor<?x?x?xf32> into tensor<?x?xf32>
  %2 = tensor.collapse_shape %b [[0, 1], [2]] : tensor<?x?x?xf32> into tensor<?x?xf32>
  %3 = tensor.expand_shape %2 [[0, 1], [2]] output_shape [%s0, %s1, %s2] : tensor<?x?xf32> into tensor<?x?x?xf32>
  return %1, %3 : tensor<?x?xf32>, tensor<?x?x?xf32>
}

// -----

// A collapse of an expand to a higher rank is one expand; its dynamic sizes multiply the
// original ones over each collapse group.
// CHECK-LABEL: func @collapse_of_expand_to_expand
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: tensor<?xf16>, %[[D2:[a-z0-9_]+]]: index, %[[D3:[a-z0-9_]+]]: index)
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[M:.*]] = arith.muli %[[D3]], %[[C32]] : index
// CHECK: %[[E:.*]] = tensor.expand_shape %[[A]] {{\[}}[0, 1, 2]] output_shape [8, %[[D2]], %[[M]]] : tensor<?xf16> into tensor<8x?x?xf16>
// CHECK: return %[[E]]
func.func @collapse_of_expand_to_expand(%a: tensor<?xf16>, %d2: index, %d3: index) -> tensor<8x?x?xf16> {
  %0 = tensor.expand_shape %a [[0, 1, 2, 3, 4]] output_shape [4, 2, %d2, %d3, 32] : tensor<?xf16> into tensor<4x2x?x?x32xf16>
  %1 = tensor.collapse_shape %0 [[0, 1], [2], [3, 4]] : tensor<4x2x?x?x32xf16> into tensor<8x?x?xf16>
  return %1 : tensor<8x?x?xf16>
}

// -----

// CHECK-LABEL: func @collapse_of_expand_to_collapse
// CHECK: tensor.collapse_shape %arg0 {{\[}}[0, 1], [2]] : tensor<?x?x?xi64> into tensor<?x?xi64>
// CHECK-NOT: tensor.expand_shape
func.func @collapse_of_expand_to_collapse(%a: tensor<?x?x?xi64>, %s0: index, %s1: index, %s2: index) -> tensor<?x?xi64> {
  %0 = tensor.expand_shape %a [[0], [1], [2, 3]] output_shape [%s0, %s1, %s2, 1] : tensor<?x?x?xi64> into tensor<?x?x?x1xi64>
  %1 = tensor.collapse_shape %0 [[0, 1], [2, 3]] : tensor<?x?x?x1xi64> into tensor<?x?xi64>
  return %1 : tensor<?x?xi64>
}

// -----

// An expand group that straddles two collapse groups: nothing to compose.
// CHECK-LABEL: func @no_collapse_of_expand_straddling
// CHECK: tensor.expand_shape
// CHECK: tensor.collapse_shape
func.func @no_collapse_of_expand_straddling(%a: tensor<4x6x8xf32>) -> tensor<2x6x16xf32> {
  %0 = tensor.expand_shape %a [[0, 1], [2, 3], [4]] output_shape [2, 2, 3, 2, 8] : tensor<4x6x8xf32> into tensor<2x2x3x2x8xf32>
  %1 = tensor.collapse_shape %0 [[0], [1, 2], [3, 4]] : tensor<2x2x3x2x8xf32> into tensor<2x6x16xf32>
  return %1 : tensor<2x6x16xf32>
}

// -----

// An expand of a collapse is one collapse or one expand when each group's sub-shapes match
// up (unit dimensions may go to either side).
// CHECK-LABEL: func @expand_of_collapse
// CHECK-DAG: %[[C:.*]] = tensor.collapse_shape %arg0 {{\[}}[0], [1], [2], [3, 4]] : tensor<4x32x10x64x2xf16> into tensor<4x32x10x128xf16>
// CHECK-DAG: %[[E:.*]] = tensor.expand_shape %arg1 {{\[}}[0, 1, 2], [3], [4, 5], [6]] output_shape [2, 3, 4, 5, 6, 7, 8] : tensor<24x5x42x8xf32> into tensor<2x3x4x5x6x7x8xf32>
// CHECK-DAG: %[[Z:.*]] = tensor.expand_shape %arg2 {{\[}}[0], [1], [2, 3]] output_shape [1, 1, 1, 1] : tensor<1x1x1xf32> into tensor<1x1x1x1xf32>
// CHECK: return %[[C]], %[[E]], %[[Z]]
func.func @expand_of_collapse(%a: tensor<4x32x10x64x2xf16>, %b: tensor<24x5x42x8xf32>, %z: tensor<1x1x1xf32>)
    -> (tensor<4x32x10x128xf16>, tensor<2x3x4x5x6x7x8xf32>, tensor<1x1x1x1xf32>) {
  %0 = tensor.collapse_shape %a [[0, 1], [2], [3, 4]] : tensor<4x32x10x64x2xf16> into tensor<128x10x128xf16>
  %1 = tensor.expand_shape %0 [[0, 1], [2], [3]] output_shape [4, 32, 10, 128] : tensor<128x10x128xf16> into tensor<4x32x10x128xf16>
  %2 = tensor.collapse_shape %b [[0, 1, 2, 3]] : tensor<24x5x42x8xf32> into tensor<40320xf32>
  %3 = tensor.expand_shape %2 [[0, 1, 2, 3, 4, 5, 6]] output_shape [2, 3, 4, 5, 6, 7, 8] : tensor<40320xf32> into tensor<2x3x4x5x6x7x8xf32>
  %4 = tensor.collapse_shape %z [] : tensor<1x1x1xf32> into tensor<f32>
  %5 = tensor.expand_shape %4 [] output_shape [1, 1, 1, 1] : tensor<f32> into tensor<1x1x1x1xf32>
  return %1, %3, %5 : tensor<4x32x10x128xf16>, tensor<2x3x4x5x6x7x8xf32>, tensor<1x1x1x1xf32>
}

// -----

// Which dynamic sizes belong together is ambiguous (?x?x? into ?x?), and 2x2x? into 2x? only
// matches left to right: both stay.
// CHECK-LABEL: func @no_expand_of_collapse_ambiguous
// CHECK-COUNT-2: tensor.collapse_shape
// CHECK-COUNT-2: tensor.expand_shape
func.func @no_expand_of_collapse_ambiguous(%a: tensor<?x?x?xf32>, %b: tensor<2x2x?xf32>, %s0: index, %s1: index)
    -> (tensor<?x?xf32>, tensor<2x?xf32>) {
  %0 = tensor.collapse_shape %a [[0, 1, 2]] : tensor<?x?x?xf32> into tensor<?xf32>
  %1 = tensor.collapse_shape %b [[0, 1, 2]] : tensor<2x2x?xf32> into tensor<?xf32>
  %2 = tensor.expand_shape %0 [[0, 1]] output_shape [%s0, %s1] : tensor<?xf32> into tensor<?x?xf32>
  %3 = tensor.expand_shape %1 [[0, 1]] output_shape [2, %s1] : tensor<?xf32> into tensor<2x?xf32>
  return %2, %3 : tensor<?x?xf32>, tensor<2x?xf32>
}

// -----

// CHECK-LABEL: func @reshape_of_splat
// CHECK-SAME: (%[[F:[a-z0-9_]+]]: f32, %[[M:[a-z0-9_]+]]: index
// CHECK-DAG: %[[S:.*]] = tensor.splat %[[F]] : tensor<2x4xf32>
// CHECK-DAG: %[[D:.*]] = tensor.splat %[[F]][%[[M]]] : tensor<2x2x?xf32>
// CHECK-DAG: %[[C:.*]] = tensor.collapse_shape %[[D]] {{\[}}[0], [1, 2]] : tensor<2x2x?xf32> into tensor<2x?xf32>
// CHECK: return %[[S]], %[[C]]
func.func @reshape_of_splat(%f: f32, %m: index) -> (tensor<2x4xf32>, tensor<2x?xf32>) {
  %0 = tensor.splat %f : tensor<2x2x2xf32>
  %1 = tensor.collapse_shape %0 [[0], [1, 2]] : tensor<2x2x2xf32> into tensor<2x4xf32>
  %2 = tensor.splat %f[%m] : tensor<2x2x?xf32>
  %3 = tensor.collapse_shape %2 [[0], [1, 2]] : tensor<2x2x?xf32> into tensor<2x?xf32>
  return %1, %3 : tensor<2x4xf32>, tensor<2x?xf32>
}

// -----

// CHECK-LABEL: func @reshape_of_from_elements
// CHECK-DAG: %[[A:.*]] = tensor.from_elements %arg0, %arg1, %arg2, %arg3 : tensor<2x2xf32>
// CHECK-DAG: %[[B:.*]] = tensor.from_elements %arg0 : tensor<f32>
// CHECK: return %[[A]], %[[B]]
func.func @reshape_of_from_elements(%a: f32, %b: f32, %c: f32, %d: f32) -> (tensor<2x2xf32>, tensor<f32>) {
  %0 = tensor.from_elements %a, %b, %c, %d : tensor<4xf32>
  %1 = tensor.expand_shape %0 [[0, 1]] output_shape [2, 2] : tensor<4xf32> into tensor<2x2xf32>
  %2 = tensor.from_elements %a : tensor<1xf32>
  %3 = tensor.collapse_shape %2 [] : tensor<1xf32> into tensor<f32>
  return %1, %3 : tensor<2x2xf32>, tensor<f32>
}

// -----

// A collapse looks through a cast to a more dynamic type, and casts its more static result
// back; a cast to a more static type stays.
// CHECK-LABEL: func @collapse_of_cast
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: tensor<8x12x32xf32>, %[[B:[a-z0-9_]+]]: tensor<8x?x32xf32>, %[[C:[a-z0-9_]+]]: tensor<?x?x?xf32>)
// CHECK-DAG: %[[CA:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1], [2]] : tensor<8x12x32xf32> into tensor<96x32xf32>
// CHECK-DAG: %[[RA:.*]] = tensor.cast %[[CA]] : tensor<96x32xf32> to tensor<?x?xf32>
// CHECK-DAG: %[[CB:.*]] = tensor.collapse_shape %[[B]] {{\[}}[0, 1], [2]] : tensor<8x?x32xf32> into tensor<?x32xf32>
// CHECK-DAG: %[[RB:.*]] = tensor.cast %[[CB]] : tensor<?x32xf32> to tensor<?x?xf32>
// CHECK-DAG: %[[KC:.*]] = tensor.cast %[[C]] : tensor<?x?x?xf32> to tensor<8x12x32xf32>
// CHECK-DAG: %[[CC:.*]] = tensor.collapse_shape %[[KC]] {{\[}}[0, 1], [2]] : tensor<8x12x32xf32> into tensor<96x32xf32>
// CHECK: return %[[RA]], %[[RB]], %[[CC]]
func.func @collapse_of_cast(%a: tensor<8x12x32xf32>, %b: tensor<8x?x32xf32>, %c: tensor<?x?x?xf32>)
    -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<96x32xf32>) {
  %0 = tensor.cast %a : tensor<8x12x32xf32> to tensor<?x?x?xf32>
  %1 = tensor.collapse_shape %0 [[0, 1], [2]] : tensor<?x?x?xf32> into tensor<?x?xf32>
  %2 = tensor.cast %b : tensor<8x?x32xf32> to tensor<?x?x?xf32>
  %3 = tensor.collapse_shape %2 [[0, 1], [2]] : tensor<?x?x?xf32> into tensor<?x?xf32>
  %4 = tensor.cast %c : tensor<?x?x?xf32> to tensor<8x12x32xf32>
  %5 = tensor.collapse_shape %4 [[0, 1], [2]] : tensor<8x12x32xf32> into tensor<96x32xf32>
  return %1, %3, %5 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<96x32xf32>
}

// -----

// Constant output sizes of an expand of a cast become static where the cast's source size is
// static; a group whose source size is dynamic keeps its dynamic sizes.
// CHECK-LABEL: func @expand_of_cast_static_sizes
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C10:.*]] = arith.constant 10 : index
// CHECK: %[[E:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [%[[C10]], %[[C1]], 10] : tensor<?x10xf32> into tensor<?x?x10xf32>
// CHECK: %[[R:.*]] = tensor.cast %[[E]] : tensor<?x?x10xf32> to tensor<?x?x?xf32>
// CHECK: return %[[R]]
func.func @expand_of_cast_static_sizes(%a: tensor<?x10xf32>) -> tensor<?x?x?xf32> {
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %0 = tensor.cast %a : tensor<?x10xf32> to tensor<?x?xf32>
  %1 = tensor.expand_shape %0 [[0, 1], [2]] output_shape [%c10, %c1, %c10] : tensor<?x?xf32> into tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}

// -----

// No constant size: the expand keeps its cast operand.
// CHECK-LABEL: func @no_expand_of_cast_static_sizes
// CHECK: %[[C:.*]] = tensor.cast %arg0 : tensor<10x10xf32> to tensor<?x?xf32>
// CHECK: tensor.expand_shape %[[C]] {{\[}}[0, 1], [2]] output_shape [%arg1, %arg2, %arg3] : tensor<?x?xf32> into tensor<?x?x?xf32>
func.func @no_expand_of_cast_static_sizes(%a: tensor<10x10xf32>, %s0: index, %s1: index, %s2: index) -> tensor<?x?x?xf32> {
  %0 = tensor.cast %a : tensor<10x10xf32> to tensor<?x?xf32>
  %1 = tensor.expand_shape %0 [[0, 1], [2]] output_shape [%s0, %s1, %s2] : tensor<?x?xf32> into tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}

// -----

// tensor.reshape folds: a splat constant to a static type, a reshape of a reshape, a rank-1
// reshape to its own type, and a shape listing the source's own sizes. A non-splat constant,
// a dynamic result type and sizes in another order stay.
// CHECK-LABEL: func @reshape_folds
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: tensor<?xf32>, %[[B:[a-z0-9_]+]]: tensor<5x?x?xi32>, %[[S2:[a-z0-9_]+]]: tensor<2xi32>, %[[S3:[a-z0-9_]+]]: tensor<3xindex>)
// CHECK-DAG: %[[SPLAT:.*]] = arith.constant dense<1.000000e+00> : tensor<2x2xf32>
// CHECK-DAG: %[[NONSPLAT:.*]] = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
// CHECK-DAG: %[[R0:.*]] = tensor.reshape %[[NONSPLAT]](%[[S2]]) : (tensor<4xi32>, tensor<2xi32>) -> tensor<2x2xi32>
// CHECK-DAG: %[[RR:.*]] = tensor.reshape %[[A]](%[[S3]]) : (tensor<?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
// CHECK-DAG: %[[SW:.*]] = tensor.from_elements %{{.*}}, %{{.*}}, %{{.*}} : tensor<3xindex>
// CHECK-DAG: %[[R1:.*]] = tensor.reshape %[[B]](%[[SW]])
// CHECK: return %[[SPLAT]], %[[R0]], %[[RR]], %[[A]], %[[B]], %[[R1]]
func.func @reshape_folds(%a: tensor<?xf32>, %b: tensor<5x?x?xi32>, %s2: tensor<2xi32>, %s3: tensor<3xindex>)
    -> (tensor<2x2xf32>, tensor<2x2xi32>, tensor<?x?x?xf32>, tensor<?xf32>, tensor<5x?x?xi32>, tensor<5x?x?xi32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %cst = arith.constant dense<1.0> : tensor<4xf32>
  %0 = tensor.reshape %cst(%s2) : (tensor<4xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  %ns = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %1 = tensor.reshape %ns(%s2) : (tensor<4xi32>, tensor<2xi32>) -> tensor<2x2xi32>
  %2 = tensor.reshape %a(%s2) : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %3 = tensor.reshape %2(%s3) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
  %one = tensor.from_elements %c5 : tensor<1xindex>
  %4 = tensor.reshape %a(%one) : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  %d1 = tensor.dim %b, %c1 : tensor<5x?x?xi32>
  %d2 = tensor.dim %b, %c2 : tensor<5x?x?xi32>
  %same = tensor.from_elements %c5, %d1, %d2 : tensor<3xindex>
  %5 = tensor.reshape %b(%same) : (tensor<5x?x?xi32>, tensor<3xindex>) -> tensor<5x?x?xi32>
  %swapped = tensor.from_elements %c5, %d2, %d1 : tensor<3xindex>
  %6 = tensor.reshape %b(%swapped) : (tensor<5x?x?xi32>, tensor<3xindex>) -> tensor<5x?x?xi32>
  return %0, %1, %3, %4, %5, %6 : tensor<2x2xf32>, tensor<2x2xi32>, tensor<?x?x?xf32>, tensor<?xf32>, tensor<5x?x?xi32>, tensor<5x?x?xi32>
}

// -----

// tensor.dim of a tensor.reshape reads the shape operand (through index_cast for integer
// shapes); tensor.dim of an expand or collapse stays (LLVM 22 canonicalization leaves it).
// CHECK-LABEL: func @dim_of_reshapes
// CHECK-SAME: (%[[U:[a-z0-9_]+]]: tensor<*xf32>, %[[S:[a-z0-9_]+]]: tensor<?xi32>, %[[I:[a-z0-9_]+]]: index, %[[T:[a-z0-9_]+]]: tensor<?x?xf32>
// CHECK-DAG: %[[X:.*]] = tensor.extract %[[S]][%[[I]]] : tensor<?xi32>
// CHECK-DAG: %[[XI:.*]] = arith.index_cast %[[X]] : i32 to index
// CHECK-DAG: %[[E:.*]] = tensor.expand_shape %[[T]]
// CHECK-DAG: %[[D:.*]] = tensor.dim %[[E]], %{{.*}} : tensor<?x4x?xf32>
// CHECK-NOT: tensor.reshape
// CHECK: return %[[XI]], %[[D]]
func.func @dim_of_reshapes(%u: tensor<*xf32>, %s: tensor<?xi32>, %i: index, %t: tensor<?x?xf32>, %s0: index, %s1: index)
    -> (index, index) {
  %c2 = arith.constant 2 : index
  %0 = tensor.reshape %u(%s) : (tensor<*xf32>, tensor<?xi32>) -> tensor<*xf32>
  %1 = tensor.dim %0, %i : tensor<*xf32>
  %2 = tensor.expand_shape %t [[0, 1], [2]] output_shape [%s0, 4, %s1] : tensor<?x?xf32> into tensor<?x4x?xf32>
  %3 = tensor.dim %2, %c2 : tensor<?x4x?xf32>
  return %1, %3 : index, index
}

// -----

// A 0-d reshape to its own type is a no-op, like a 1-d one (upstream's ReshapeOp::fold).
// CHECK-LABEL: func.func @reshape_rank0_same_type(
// CHECK-SAME:    %[[IN:.*]]: tensor<f32>
// CHECK-NEXT:    return %[[IN]]
func.func @reshape_rank0_same_type(%in: tensor<f32>, %shape: tensor<0xindex>) -> tensor<f32> {
  %0 = tensor.reshape %in(%shape) : (tensor<f32>, tensor<0xindex>) -> tensor<f32>
  return %0 : tensor<f32>
}
