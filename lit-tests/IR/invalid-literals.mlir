// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

// Issue 11: literals and types upstream MLIR 22 rejects, with its messages and positions. Unknown
// string escapes used to be dropped silently, and a width that is no 32-bit number read as
// "expected non-function type".

// expected-error @+1 {{unknown escape in string literal}}
func.func @f() attributes {s = "a\zz"} {
  return
}

// -----

// Known escapes are fine.
func.func @f() attributes {s = "q\"b\\n\n\t\41"} {
  return
}

// -----

// expected-error @+1 {{invalid integer width}}
func.func @f(%a: i4294967296) {
  return
}

// -----

// expected-error @+1 {{integer bitwidth is limited to 16777215 bits}}
func.func @f(%a: i16777216) {
  return
}

// -----

// expected-error @+1 {{invalid element type for complex}}
func.func @f(%a: complex<complex<f32>>) {
  return
}

// -----

// expected-error @+1 {{invalid element type for complex}}
func.func @f(%a: complex<index>) {
  return
}

// -----

func.func @f(%a: complex<i8>, %b: complex<bf16>) {
  return
}
