// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

// memref verifier rules with upstream MLIR 22's messages.

func.func @alloc_missing_dynamic_size() {
  // expected-error @below {{'memref.alloc' op incorrect number of dynamic sizes, has 0, expected 1}}
  %a = memref.alloc() : memref<?xf32>
  return
}

// -----

func.func @alloc_extra_dynamic_size(%n: index) {
  // expected-error @below {{'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 0}}
  %a = memref.alloc(%n) : memref<4xf32>
  return
}

// -----

func.func @alloca_dynamic_size_count(%n: index) {
  // expected-error @below {{'memref.alloca' op incorrect number of dynamic sizes, has 2, expected 1}}
  %a = memref.alloca(%n, %n) : memref<?xf32>
  return
}

// -----

func.func @dealloc_not_memref(%f: f32) {
  // expected-error @below {{custom op 'memref.dealloc' invalid kind of type specified}}
  memref.dealloc %f : f32
  return
}

// -----

func.func @load_index_count(%m: memref<4x4xf32>, %i: index) {
  // expected-error @below {{'memref.load' op incorrect number of indices for load, expected 2 but got 1}}
  %x = memref.load %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @store_index_count(%m: memref<4x4xf32>, %i: index, %v: f32) {
  // expected-error @below {{'memref.store' op store index operand count not equal to memref rank}}
  memref.store %v, %m[%i] : memref<4x4xf32>
  return
}

// -----

// The stored value must have the element type; the custom form reports it as
// a type clash on the value.
// expected-note @below {{prior use here}}
func.func @store_value_type(%m: memref<4xf32>, %i: index, %v: f64) {
  // expected-error @below {{use of value '%v' expects different type than prior uses: 'f32' vs 'f64'}}
  memref.store %v, %m[%i] : memref<4xf32>
  return
}

// -----

func.func @cast_element_type(%m: memref<4xf32>) {
  // expected-error @below {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xi32>' are cast incompatible}}
  %c = memref.cast %m : memref<4xf32> to memref<4xi32>
  return
}

// -----

func.func @cast_static_size(%m: memref<4xf32>) {
  // expected-error @below {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<5xf32>' are cast incompatible}}
  %c = memref.cast %m : memref<4xf32> to memref<5xf32>
  return
}

// -----

func.func @cast_memory_space(%m: memref<4xf32>) {
  // expected-error @below {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xf32, 1>' are cast incompatible}}
  %c = memref.cast %m : memref<4xf32> to memref<4xf32, 1>
  return
}

// -----

func.func @cast_unranked_element_type(%m: memref<*xf32>) {
  // expected-error @below {{'memref.cast' op operand type 'memref<*xf32>' and result type 'memref<*xf64>' are cast incompatible}}
  %c = memref.cast %m : memref<*xf32> to memref<*xf64>
  return
}

// -----

func.func @copy_shape(%a: memref<4xf32>, %b: memref<8xf32>) {
  // expected-error @below {{'memref.copy' op requires the same shape for all operands}}
  memref.copy %a, %b : memref<4xf32> to memref<8xf32>
  return
}

// -----

func.func @copy_element_type(%a: memref<4xf32>, %b: memref<4xi32>) {
  // expected-error @below {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %a, %b : memref<4xf32> to memref<4xi32>
  return
}

// -----

func.func @get_global_undefined() {
  // expected-error @below {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %g = memref.get_global @nope : memref<4xf32>
  return
}

// -----

func.func @not_a_global() {
  return
}

func.func @get_global_not_a_global() {
  // expected-error @below {{'memref.get_global' op 'not_a_global' does not reference a valid global memref}}
  %g = memref.get_global @not_a_global : memref<4xf32>
  return
}

// -----

memref.global @g : memref<4xf32> = uninitialized

func.func @get_global_type() {
  // expected-error @below {{'memref.get_global' op result type 'memref<8xf32>' does not match type 'memref<4xf32>' of the global memref @g}}
  %g = memref.get_global @g : memref<8xf32>
  return
}

// -----

// expected-error @below {{custom op 'memref.global' type should be static shaped memref, but got 'memref<?xf32>'}}
memref.global @dynamic : memref<?xf32> = uninitialized

// -----

// expected-error @below {{'memref.global' op initial value element expected to be of type 'f32', but was of type 'i32'}}
"memref.global"() <{sym_name = "g", sym_visibility = "private", type = memref<4xf32>, initial_value = dense<1> : tensor<4xi32>}> : () -> ()

// -----

func.func @subview_offset_count(%m: memref<4x8xf32>) {
  // expected-error @below {{expected 2 offset values, got 1}}
  %s = memref.subview %m[0] [2] [1] : memref<4x8xf32> to memref<2xf32, strided<[8]>>
  return
}

// -----

func.func @subview_out_of_bounds(%m: memref<4x8xf32>) {
  // expected-error @below {{slice along dimension 0 runs out-of-bounds: 4 >= 4}}
  %s = memref.subview %m[3, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1], offset: 24>>
  return
}

// -----

func.func @subview_result_layout(%m: memref<4x8xf32>) {
  // expected-error @below {{expected result type to be 'memref<2x2xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<2x2xf32>'}}
  %s = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<4x8xf32> to memref<2x2xf32>
  return
}

// -----

func.func @subview_result_sizes(%m: memref<4x8xf32>) {
  // expected-error @below {{expected result type to be 'memref<2x3xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result sizes), but got 'memref<2x4xf32, strided<[8, 1]>>'}}
  %s = memref.subview %m[0, 0] [2, 3] [1, 1] : memref<4x8xf32> to memref<2x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @subview_element_type(%m: memref<4x8xf32>) {
  // expected-error @below {{expected result element type to be 'f32', but got 'memref<2x4xi32, strided<[8, 1]>>'}}
  %s = memref.subview %m[0, 0] [2, 4] [1, 1] : memref<4x8xf32> to memref<2x4xi32, strided<[8, 1]>>
  return
}

// -----

func.func @reinterpret_cast_element_type(%m: memref<4x8xf32>) {
  // expected-error @below {{different element types specified for source type 'memref<4x8xf32>' and result memref type 'memref<32xi32>'}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [32], strides: [1] : memref<4x8xf32> to memref<32xi32>
  return
}

// -----

func.func @reinterpret_cast_memory_space(%m: memref<4x8xf32>) {
  // expected-error @below {{different memory spaces specified for source type 'memref<4x8xf32>' and result memref type 'memref<32xf32, 1>'}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [32], strides: [1] : memref<4x8xf32> to memref<32xf32, 1>
  return
}

// -----

func.func @reinterpret_cast_size(%m: memref<4x8xf32>) {
  // expected-error @below {{expected result type with size = 16 instead of 32 in dim = 0}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [16], strides: [1] : memref<4x8xf32> to memref<32xf32>
  return
}

// -----

func.func @reinterpret_cast_offset(%m: memref<4x8xf32>) {
  // expected-error @below {{expected result type with offset = 3 instead of 0}}
  %r = memref.reinterpret_cast %m to offset: [3], sizes: [32], strides: [1] : memref<4x8xf32> to memref<32xf32>
  return
}

// -----

func.func @reinterpret_cast_stride(%m: memref<4x8xf32>) {
  // expected-error @below {{expected result type with stride = 2 instead of 1 in dim = 0}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [32], strides: [2] : memref<4x8xf32> to memref<32xf32>
  return
}

// -----

func.func @reinterpret_cast_rank(%m: memref<4x8xf32>) {
  // expected-error @below {{expected mixed sizes rank to match mixed strides rank (2 vs 1) so the rank of the result type is well-formed.}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [32, 1], strides: [1] : memref<4x8xf32> to memref<32x1xf32>
  return
}
