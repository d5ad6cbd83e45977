// RUN: %onnx-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

// Dense, sparse and dense-array literals upstream rejects, with its messages: each element is
// checked against the element type at its own position, the literal's shape against the type.

// expected-error@+1 {{elements literal must be a shaped type}}
#a = dense<[4]> : i32

// -----

// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
#a = dense<[[1, 2], [3]]> : tensor<2x2xi32>

// -----

// expected-error@+1 {{parsed zero elements, but type ('tensor<2xi64>') expected at least 1}}
#a = dense<> : tensor<2xi64>

// -----

// expected-error@+1 {{parsed 3 elements, but type ('tensor<2xcomplex<f32>>') expected 4 elements}}
#a = dense<[(1.0, 2.0), 3.0]> : tensor<2xcomplex<f32>>

// -----

// expected-error@+1 {{expected ',' between complex elements}}
#a = dense<(1.0)> : tensor<complex<f32>>

// -----

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
#a = dense<[1.0, 2]> : tensor<2xf32>

// -----

// expected-error@+1 {{expected floating point literal}}
#a = dense<[1.0, false]> : tensor<2xf32>

// -----

// expected-error@+1 {{expected i1 type for 'true' or 'false' values}}
#a = dense<[1, true]> : tensor<2xi8>

// -----

// expected-error@+1 {{expected unsigned integer elements, but parsed negative value}}
#a = dense<[1, -1]> : tensor<2xui8>

// -----

// expected-error@+1 {{expected string token, got 7}}
#a = dense<[7]> : tensor<1x!foo.bar>

// -----

// expected-error@+1 {{negative integer literal not valid for unsigned integer type}}
#a = -1 : ui8

// -----

// expected-error@+1 {{expected 1-d tensor for sparse element values}}
#a = sparse<[[0, 0]], [[1]]> : tensor<2x2xi32>

// -----

// expected-error@+1 {{sparse index #1 is not contained within the value shape, with index=[2, 0], and type='tensor<2x2xi32>'}}
#a = sparse<[[0, 1], [2, 0]], [1, 2]> : tensor<2x2xi32>

// -----

// expected-error@+1 {{expected shape ([2, 2]); inferred shape of indices literal ([1, 3]); inferred shape of values literal ([1])}}
#a = sparse<[[0, 1, 0]], [1]> : tensor<2x2xi32>

// -----

// expected-error@+1 {{elements literal must be a shaped type}}
#a = sparse<> : i32

// -----

// expected-error@+1 {{element type bitwidth must be a multiple of 8}}
#a = array<i4: 1>

// -----

// expected-error@+1 {{expected 'true' or 'false' values for i1 type}}
#a = array<i1: 1>

// -----

// expected-error@+1 {{expected '>' to close distinct attribute}}
#a = distinct[1]<unit]

// -----

#a = distinct[1]<"x">
// expected-error@+1 {{referenced attribute does not match previous definition: "x"}}
#b = distinct[1]<"y">

// -----

// expected-error@+1 {{duplicate key 'k' in dictionary attribute}}
"foo.op"() {k = 1, k = 2} : () -> ()

// -----

// expected-error@+1 {{expected attribute value}}
"foo.op"() {k = nonsense} : () -> ()

// -----

// expected-error@+1 {{@ identifier expected to start with letter or '_'}}
"foo.op"() {k = @} : () -> ()
