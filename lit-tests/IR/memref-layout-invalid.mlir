// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

// The layout and memory space of a memref type, and strided layouts, with upstream's messages.

// expected-error@+1 {{expected list element}}
func.func private @f(memref<2xi8, >)

// -----

// expected-error@+1 {{multiple memory spaces specified in memref type}}
func.func private @f(memref<2xi8, 1, 2>)

// -----

// expected-error@+1 {{expected memory space to be last in memref type}}
func.func private @f(memref<2xi8, 1, strided<[1]>>)

// -----

// expected-error@+1 {{unsupported memory space Attribute}}
func.func private @f(memref<2xi8, f32>)

// -----

// expected-error@+1 {{cannot have affine map for unranked memref type}}
func.func private @f(memref<*xi8, strided<[1]>>)

// -----

// expected-error@+1 {{expected the number of strides to match the rank}}
func.func private @f(memref<2x2xi8, strided<[1]>>)

// -----

// expected-error@+1 {{expected a 64-bit signed integer or '?'}}
func.func private @f(memref<2xi8, strided<[9223372036854775808]>>)

// -----

// expected-error@+1 {{expected 'offset' after comma}}
func.func private @f(memref<2xi8, strided<[1], 4>>)

// -----

// expected-error@+1 {{vector types must have positive constant sizes but got 2, 0}}
func.func private @f(vector<2x0xi8>)

// -----

// A string, dictionary or dialect memory space is fine, after a layout too.
func.func private @f(memref<2xi8, strided<[1], offset: ?>, "gpu">)

// -----

// The layout is verified before the memory space, as upstream.
// expected-error@+1 {{memref layout mismatch between rank and affine map: 0 != 1}}
func.func private @f(memref<f32, affine_map<(d0) -> (d0)>, unit>)

// -----

// expected-error@+1 {{unsupported memory space Attribute}}
func.func private @f(memref<f32, unit>)

// -----

// A vector has no dynamic or unranked dimensions; upstream reads `?` as the element type.
// expected-error@+1 {{expected non-function type}}
func.func private @f(vector<4x?xf32>)

// -----

// A tensor's closing '>' is expected before its element type is checked.
// expected-error@+1 {{expected '>' in tensor type}}
func.func private @f(tensor<2xtensor<2xf32>)
