// Issue 11: invalid input that upstream rejects, with upstream's messages. The unknown op of a
// registered dialect is an error even under --allow-unregistered-dialect.
// RUN: %onnx-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

func.func @unknown_cf_op() {
  // expected-error @+1 {{unregistered operation 'cf.weird' found in dialect ('cf') that does not allow unknown operations}}
  "cf.weird"() : () -> ()
  return
}

// -----

func.func @unknown_arith_op() {
  // expected-error @+1 {{unregistered operation 'arith.weird' found in dialect ('arith') that does not allow unknown operations}}
  %0 = "arith.weird"() : () -> i32
  return
}

// -----

// expected-error @+1 {{invalid tensor element type}}
func.func private @tensor_of_tensor(tensor<tensor<i8>>)

// -----

// expected-error @+1 {{invalid tensor element type}}
func.func private @unranked_tensor_of_tensor(tensor<*xtensor<i8>>)

// -----

// expected-error @+1 {{invalid tensor element type}}
func.func private @tensor_of_memref(tensor<2xmemref<i8>>)

// -----

// expected-error @+1 {{invalid tensor element type}}
func.func private @tensor_of_none(tensor<2xnone>)

// -----

// expected-error @+1 {{invalid memref element type}}
func.func private @memref_of_tensor(memref<2xtensor<i8>>)

// -----

// expected-error @+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
func.func private @vector_of_complex(vector<2xcomplex<f32>>)

// -----

// Valid: vectors and complex numbers in tensors, memrefs of memrefs, other dialects' types.
func.func private @valid(tensor<2xvector<2xi8>>, tensor<2xcomplex<f32>>, memref<2xmemref<i8>>, memref<2xvector<2xf32>>, tensor<2x!foo.bar>)

// -----

func.func @negative_segment(%c: i1, %a: i32) {
  // expected-error @+1 {{'cf.cond_br' op 'operandSegmentSizes' attribute cannot have negative elements}}
  "cf.cond_br"(%c, %a)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 2, -1>}> : (i1, i32) -> ()
^bb1:
  return
^bb2(%x: i32):
  return
}

// -----

func.func @negative_segment_alloc(%n: index) {
  // expected-error @+1 {{'memref.alloc' op 'operandSegmentSizes' attribute cannot have negative elements}}
  %0 = "memref.alloc"(%n) <{operandSegmentSizes = array<i32: 2, -1>}> : (index) -> memref<?xf32>
  return
}
