// RUN: %onnx-opt %s -split-input-file -verify-diagnostics
// UNSUPPORTED: upstream-as-flowgate

// Issue 11: a static allocation whose byte count does not fit a signed 64-bit size is
// rejected (it used to wrap: memref<2305843009213693953xi64> became malloc(8)). Upstream
// accepts these and leaves the overflow to run time.

func.func @wraps_to_eight_bytes() {
  // expected-error @below {{'memref.alloc' op allocation size of 'memref<2305843009213693953xi64>' overflows}}
  %m = memref.alloc() : memref<2305843009213693953xi64>
  return
}

// -----

func.func @product_of_dims(%n: index) {
  // The static dims alone overflow, whatever the dynamic one is.
  // expected-error @below {{'memref.alloca' op allocation size of 'memref<4294967296x?x4294967296xi8>' overflows}}
  %m = memref.alloca(%n) : memref<4294967296x?x4294967296xi8>
  return
}

// -----

func.func @vector_elements() {
  // expected-error @below {{overflows: its static dimensions of 64-byte elements}}
  %m = memref.alloc() : memref<144115188075855872xvector<16xf32>>
  return
}

// -----

// The largest sizes that fit are accepted here (they may still fail at run time).
func.func @fits() {
  %a = memref.alloc() : memref<1152921504606846975xi64>
  %b = memref.alloc() : memref<4611686018427387904xi1>
  return
}
