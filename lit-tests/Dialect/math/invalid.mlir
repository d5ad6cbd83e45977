// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

// math verifier rules with upstream MLIR 22's messages.

func.func @float_op_on_integer(%x: i32) {
  // expected-error @below {{'math.sin' op operand #0 must be floating-point-like, but got 'i32'}}
  %r = math.sin %x : i32
  return
}

// -----

func.func @integer_op_on_float(%x: f32) {
  // expected-error @below {{'math.absi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %r = math.absi %x : f32
  return
}

// -----

func.func @bit_count_on_float(%x: f32) {
  // expected-error @below {{'math.ctlz' op operand #0 must be signless-integer-like, but got 'f32'}}
  %r = math.ctlz %x : f32
  return
}

// -----

func.func @ipowi_on_float(%x: f32) {
  // expected-error @below {{'math.ipowi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %r = math.ipowi %x, %x : f32
  return
}

// -----

func.func @fpowi_float_exponent(%x: f32, %n: f32) {
  // expected-error @below {{'math.fpowi' op operand #1 must be signless-integer-like, but got 'f32'}}
  %r = math.fpowi %x, %n : f32, f32
  return
}

// -----

func.func @fpowi_shape(%x: tensor<4xf32>, %n: i32) {
  // expected-error @below {{'math.fpowi' op requires the same shape for all operands and results}}
  %r = math.fpowi %x, %n : tensor<4xf32>, i32
  return
}

// -----

func.func @binary_operand_types(%x: f32, %y: f64) {
  // expected-error @below {{'math.powf' op requires the same type for all operands and results}}
  %r = "math.powf"(%x, %y) : (f32, f64) -> f32
  return
}

// -----

func.func @unary_result_type(%x: f32) {
  // expected-error @below {{'math.sqrt' op requires the same type for all operands and results}}
  %r = "math.sqrt"(%x) : (f32) -> f64
  return
}

// -----

func.func @fma_result_type(%x: f32, %y: f32) {
  // expected-error @below {{'math.fma' op requires the same type for all operands and results}}
  %r = "math.fma"(%x, %y, %y) : (f32, f32, f32) -> f64
  return
}

// -----

func.func @classify_result_not_bool(%x: f32) {
  // expected-error @below {{'math.isnan' op result #0 must be bool-like, but got 'f32'}}
  %r = "math.isnan"(%x) : (f32) -> f32
  return
}

// -----

func.func @classify_result_shape(%x: tensor<4xf32>) {
  // expected-error @below {{'math.isnan' op failed to verify that result type has i1 element type and same shape as operands}}
  %r = "math.isnan"(%x) : (tensor<4xf32>) -> i1
  return
}

// -----

// The classification ops check their operand while parsing.
func.func @classify_integer_operand(%x: i32) {
  // expected-error @below {{custom op 'math.isinf' 'operand' must be floating-point-like, but got 'i32'}}
  %r = math.isinf %x : i32
  return
}

// -----

func.func @sincos_on_integer(%x: i32) {
  // expected-error @below {{'math.sincos' op operand #0 must be floating-point-like, but got 'i32'}}
  %s, %c = math.sincos %x : i32
  return
}
