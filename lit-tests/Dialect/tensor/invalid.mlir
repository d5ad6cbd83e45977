// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

// tensor verifier rules with upstream MLIR 22's messages.

func.func @empty_missing_dynamic_size() {
  // expected-error @below {{'tensor.empty' op incorrect number of dynamic sizes, has 0, expected 1}}
  %e = tensor.empty() : tensor<?xf32>
  return
}

// -----

func.func @empty_extra_dynamic_size(%n: index) {
  // expected-error @below {{'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 0}}
  %e = tensor.empty(%n) : tensor<4xf32>
  return
}

// -----

func.func @extract_index_count(%t: tensor<4x4xf32>, %i: index) {
  // expected-error @below {{'tensor.extract' op incorrect number of indices for extract_element}}
  %x = tensor.extract %t[%i] : tensor<4x4xf32>
  return
}

// -----

func.func @insert_index_count(%t: tensor<4x4xf32>, %i: index, %f: f32) {
  // expected-error @below {{'tensor.insert' op incorrect number of indices}}
  %x = tensor.insert %f into %t[%i] : tensor<4x4xf32>
  return
}

// -----

func.func @from_elements_count(%f: f32) {
  // expected-error @below {{custom op 'tensor.from_elements' number of operands and types do not match: got 2 operands and 3 types}}
  %x = tensor.from_elements %f, %f : tensor<3xf32>
  return
}

// -----

func.func @from_elements_dynamic(%f: f32) {
  // expected-error @below {{custom op 'tensor.from_elements' 'result' must be statically shaped tensor of any type values, but got 'tensor<?xf32>'}}
  %x = tensor.from_elements %f : tensor<?xf32>
  return
}

// -----

func.func @cast_static_size(%t: tensor<4xf32>) {
  // expected-error @below {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<5xf32>' are cast incompatible}}
  %x = tensor.cast %t : tensor<4xf32> to tensor<5xf32>
  return
}

// -----

func.func @cast_element_type(%t: tensor<4xf32>) {
  // expected-error @below {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<4xi32>' are cast incompatible}}
  %x = tensor.cast %t : tensor<4xf32> to tensor<4xi32>
  return
}

// -----

func.func @extract_slice_result_size(%t: tensor<4x8xf32>) {
  // expected-error @below {{expected type to be 'tensor<2x4xf32>' or a rank-reduced version. (size mismatch)}}
  %s = tensor.extract_slice %t[0, 0] [2, 4] [1, 1] : tensor<4x8xf32> to tensor<2x5xf32>
  return
}

// -----

func.func @extract_slice_element_type(%t: tensor<4x8xf32>) {
  // expected-error @below {{expected element type to be 'f32'}}
  %s = tensor.extract_slice %t[0, 0] [2, 4] [1, 1] : tensor<4x8xf32> to tensor<2x4xi32>
  return
}

// -----

func.func @extract_slice_offset_count(%t: tensor<4x8xf32>) {
  // expected-error @below {{expected 2 offset values, got 1}}
  %s = tensor.extract_slice %t[0] [2] [1] : tensor<4x8xf32> to tensor<2xf32>
  return
}

// -----

func.func @extract_slice_out_of_bounds(%t: tensor<4x8xf32>) {
  // expected-error @below {{slice along dimension 0 runs out-of-bounds: 4 >= 4}}
  %s = tensor.extract_slice %t[3, 0] [2, 4] [1, 1] : tensor<4x8xf32> to tensor<2x4xf32>
  return
}

// -----

func.func @insert_slice_source_size(%t: tensor<4x8xf32>, %p: tensor<2x5xf32>) {
  // expected-error @below {{expected type to be 'tensor<2x4xf32>' or a rank-reduced version. (size mismatch)}}
  %s = tensor.insert_slice %p into %t[0, 0] [2, 4] [1, 1] : tensor<2x5xf32> into tensor<4x8xf32>
  return
}

// -----

func.func @insert_slice_element_type(%t: tensor<4x8xf32>, %p: tensor<2x4xi32>) {
  // expected-error @below {{expected element type to be 'f32'}}
  %s = tensor.insert_slice %p into %t[0, 0] [2, 4] [1, 1] : tensor<2x4xi32> into tensor<4x8xf32>
  return
}

// -----

func.func @generate_argument_count(%n: index) {
  // expected-error @below {{must have one body argument per input dimension}}
  %g = tensor.generate %n {
  ^bb0(%a: index):
    %v = arith.index_cast %a : index to i64
    tensor.yield %v : i64
  } : tensor<?x3xi64>
  return
}

// -----

func.func @generate_argument_type(%n: index) {
  // expected-error @below {{all body arguments must be index}}
  %g = tensor.generate %n {
  ^bb0(%a: i64, %b: index):
    tensor.yield %a : i64
  } : tensor<?x3xi64>
  return
}

// -----

func.func @generate_dynamic_size_count() {
  // expected-error @below {{'tensor.generate' op incorrect number of dynamic sizes, has 0, expected 1}}
  %g = tensor.generate {
  ^bb0(%a: index, %b: index):
    %v = arith.index_cast %a : index to i64
    tensor.yield %v : i64
  } : tensor<?x3xi64>
  return
}

// -----

func.func @generate_yield_type(%n: index) {
  // expected-error @below {{'tensor.generate' op body must be terminated with a `yield` operation of the tensor element type}}
  %g = tensor.generate %n {
  ^bb0(%a: index, %b: index):
    %v = arith.index_cast %a : index to i32
    tensor.yield %v : i32
  } : tensor<?x3xi64>
  return
}

// -----

func.func @yield_outside_generate(%f: f32) {
  // expected-error @below {{'tensor.yield' op expects parent op to be one of 'tensor.generate, tensor.pad'}}
  tensor.yield %f : f32
}
