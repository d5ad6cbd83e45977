// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

// The verifiers of the shape-changing tensor ops report upstream's messages.

func.func @splat_dynamic_count(%v: f32) {
  // expected-error@+1 {{'tensor.splat' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = tensor.splat %v : tensor<?xf32>
  return
}

// -----

func.func @splat_not_tensor(%v: f32) {
  // expected-error@+1 {{custom op 'tensor.splat' invalid kind of type specified: expected builtin.tensor, but found 'memref<2xf32>'}}
  %0 = tensor.splat %v : memref<2xf32>
  return
}

// -----

func.func @reshape_count(%t: tensor<2x3xf32>, %s: tensor<1xindex>) {
  // expected-error@+1 {{'tensor.reshape' op source and destination tensor should have the same number of elements}}
  %0 = tensor.reshape %t(%s) : (tensor<2x3xf32>, tensor<1xindex>) -> tensor<7xf32>
  return
}

// -----

func.func @collapse_product(%t: tensor<2x3x4xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 6}}
  %0 = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<5x4xf32>
  return
}

// -----

func.func @collapse_dynamic(%t: tensor<2x?xf32>) {
  // expected-error@+1 {{expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<2x?xf32> into tensor<8xf32>
  return
}

// -----

func.func @collapse_order(%t: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #0 to be valid and contiguous.}}
  %0 = tensor.collapse_shape %t [[1, 0]] : tensor<2x3xf32> into tensor<6xf32>
  return
}

// -----

func.func @expand_output_rank(%t: tensor<6xf32>) {
  // expected-error@+1 {{expected number of static shape dims to be equal to the output rank (2) but found 1 inputs instead}}
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [6] : tensor<6xf32> into tensor<2x3xf32>
  return
}

// -----

func.func @concat_mismatch(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) {
  // expected-error@+1 {{'tensor.concat' op static concatenation size mismatch along non-concatenated dimension 1}}
  %0 = tensor.concat dim(0) %a, %b : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @concat_result(%a: tensor<2xf32>) {
  // expected-error@+1 {{result type 'tensor<5xf32>'does not match inferred shape 'tensor<4xf32>' static sizes}}
  %0 = tensor.concat dim(0) %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @pad_inferred(%t: tensor<2x3xf32>, %v: f32) {
  // expected-error@+1 {{specified type 'tensor<4x4xf32>' does not match the inferred type 'tensor<4x5xf32>'}}
  %0 = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<2x3xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @pad_yield(%t: tensor<2xf32>, %v: f64) {
  // expected-error@+1 {{'tensor.pad' op expected yield type to match shape element type}}
  %0 = tensor.pad %t low[1] high[1] {
  ^bb0(%i: index):
    tensor.yield %v : f64
  } : tensor<2xf32> to tensor<4xf32>
  return
}

// -----

func.func @gather_increasing(%t: tensor<4x5xf32>, %i: tensor<3x2xindex>) {
  // expected-error@+1 {{'tensor.gather' op gather_dims values must be strictly increasing}}
  %0 = tensor.gather %t[%i] gather_dims([1, 0]) : (tensor<4x5xf32>, tensor<3x2xindex>) -> tensor<3x1x1xf32>
  return
}

// -----

func.func @gather_result(%t: tensor<4x5xf32>, %i: tensor<3x1xindex>) {
  // expected-error@+1 {{result type mismatch: expected 'tensor<3x4x1xf32>' or its rank-reduced variant 'tensor<3x4xf32>' (got: 'tensor<3x5xf32>')}}
  %0 = tensor.gather %t[%i] gather_dims([1]) : (tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<3x5xf32>
  return
}

// -----

func.func @scatter_unique(%s: tensor<3x1x5xf32>, %t: tensor<4x5xf32>, %i: tensor<3x1xindex>) {
  // expected-error@+1 {{'tensor.scatter' op requires 'unique' attribute to be set}}
  %0 = tensor.scatter %s into %t[%i] scatter_dims([0]) : (tensor<3x1x5xf32>, tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<4x5xf32>
  return
}

// -----

func.func @rank_of_scalar(%v: f32) {
  // expected-error@+1 {{'tensor.rank' op operand #0 must be tensor of any type values, but got 'f32'}}
  %0 = "tensor.rank"(%v) : (f32) -> index
  return
}

// -----

func.func @dim_of_0d(%t: tensor<f32>, %i: index) {
  // expected-error@+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'tensor<f32>'}}
  %0 = tensor.dim %t, %i : tensor<f32>
  return
}

// -----

func.func @slice_rank_first(%t: tensor<4xf32>) {
  // expected-error@+1 {{expected rank to be smaller or equal to the other rank.}}
  %0 = tensor.extract_slice %t[0][2][1] : tensor<4xf32> to tensor<2x1xi8>
  return
}

// -----

// The ops inside a tensor.generate body are verified before the body's own checks.
func.func @generate_nested_first(%n: index) -> tensor<?xf32> {
  %t = tensor.generate %n {
  ^bb0(%i: index):
    %c = arith.constant 1 : i32
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    func.return %c : i32
  } : tensor<?xf32>
  return %t : tensor<?xf32>
}
