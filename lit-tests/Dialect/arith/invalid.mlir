// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

// One case per verifier (or custom-parser) rule. The messages are upstream MLIR 22's, verbatim.

func.func @addi_float_operands(%x: f32) {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.addi %x, %x : f32
  return
}

// -----

func.func @addf_integer_operands(%a: i32) {
  // expected-error @+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.addf %a, %a : i32
  return
}

// -----

func.func @binary_operand_types_differ(%a: i32, %b: i64) {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

func.func @binary_result_type_differs(%a: i32) {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i64
  return
}

// -----

func.func @binary_operand_count(%a: i32) {
  // expected-error @+1 {{'arith.addi' op expected 2 operands, but found 1}}
  %0 = "arith.addi"(%a) : (i32) -> i32
  return
}

// -----

func.func @binary_result_count(%a: i32) {
  // expected-error @+1 {{'arith.addi' op requires one result}}
  %0:2 = "arith.addi"(%a, %a) : (i32, i32) -> (i32, i32)
  return
}

// -----

func.func @shift_on_memref(%m: memref<4xi32>) {
  // expected-error @+1 {{'arith.shli' op operand #0 must be signless-integer-like, but got 'memref<4xi32>'}}
  %0 = arith.shli %m, %m : memref<4xi32>
  return
}

// -----

func.func @negf_integer(%a: i32) {
  // expected-error @+1 {{'arith.negf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.negf %a : i32
  return
}

// -----

func.func @constant_type_mismatch() {
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = 1 : i64}> : () -> i32
  return
}

// -----

func.func @constant_scalar_for_tensor() {
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = 1 : i32}> : () -> tensor<4xi32>
  return
}

// -----

func.func @constant_missing_value() {
  // expected-error @+1 {{'arith.constant' op requires attribute 'value'}}
  %0 = "arith.constant"() : () -> i32
  return
}

// -----

func.func @constant_signed_type() {
  // expected-error @+1 {{'arith.constant' op integer return type must be signless}}
  %0 = arith.constant 1 : si32
  return
}

// -----

func.func @constant_out_of_range() {
  // expected-error @+1 {{integer constant out of range for attribute}}
  %0 = arith.constant 256 : i8
  return
}

// -----

func.func @constant_float_literal_for_integer() {
  // expected-error @+1 {{floating point value not valid for specified type}}
  %0 = "arith.constant"() <{value = 1.5 : i32}> : () -> i32
  return
}

// -----

func.func @constant_integer_literal_for_float() {
  // expected-error @+2 {{unexpected decimal integer literal for a floating point value}}
  // expected-note @+1 {{add a trailing dot to make the literal a float}}
  %0 = arith.constant 1 : f32
  return
}

// -----

func.func @constant_integer_literal_for_memref() {
  // expected-error @+1 {{integer literal not valid for specified type}}
  %0 = arith.constant 1 : memref<i32>
  return
}

// -----

func.func @constant_dense_shape_mismatch() {
  // expected-error @+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
  %0 = arith.constant dense<[1, 2]> : vector<3xi32>
  return
}

// -----

func.func @extsi_to_narrower(%a: i64) {
  // expected-error @+1 {{'arith.extsi' op operand type 'i64' and result type 'i32' are cast incompatible}}
  %0 = arith.extsi %a : i64 to i32
  return
}

// -----

func.func @extui_to_same_width(%a: i32) {
  // expected-error @+1 {{'arith.extui' op operand type 'i32' and result type 'i32' are cast incompatible}}
  %0 = arith.extui %a : i32 to i32
  return
}

// -----

func.func @trunci_to_wider(%a: i32) {
  // expected-error @+1 {{'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.trunci %a : i32 to i64
  return
}

// -----

func.func @extf_to_narrower(%x: f64) {
  // expected-error @+1 {{'arith.extf' op operand type 'f64' and result type 'f32' are cast incompatible}}
  %0 = arith.extf %x : f64 to f32
  return
}

// -----

func.func @truncf_to_wider(%x: f32) {
  // expected-error @+1 {{'arith.truncf' op operand type 'f32' and result type 'f64' are cast incompatible}}
  %0 = arith.truncf %x : f32 to f64
  return
}

// -----

func.func @extsi_of_float(%x: f32) {
  // expected-error @+1 {{'arith.extsi' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = arith.extsi %x : f32 to i64
  return
}

// -----

func.func @cast_shape_mismatch(%v: vector<4xi32>) {
  // expected-error @+1 {{'arith.extsi' op requires the same shape for all operands and results}}
  %0 = arith.extsi %v : vector<4xi32> to vector<2xi64>
  return
}

// -----

func.func @index_cast_without_index(%a: i32) {
  // expected-error @+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %a : i32 to i64
  return
}

// -----

func.func @index_cast_index_to_index(%a: index) {
  // expected-error @+1 {{'arith.index_cast' op operand type 'index' and result type 'index' are cast incompatible}}
  %0 = arith.index_cast %a : index to index
  return
}

// -----

func.func @index_castui_to_float(%a: index) {
  // expected-error @+1 {{'arith.index_castui' op result #0 must be signless-integer-like or memref of signless-integer, but got 'f32'}}
  %0 = arith.index_castui %a : index to f32
  return
}

// -----

func.func @bitcast_width_mismatch(%a: i32) {
  // expected-error @+1 {{'arith.bitcast' op operand type 'i32' and result type 'f64' are cast incompatible}}
  %0 = arith.bitcast %a : i32 to f64
  return
}

// -----

func.func @sitofp_of_float(%x: f32) {
  // expected-error @+1 {{'arith.sitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = arith.sitofp %x : f32 to f64
  return
}

// -----

func.func @uitofp_of_index(%a: index) {
  // expected-error @+1 {{'arith.uitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.uitofp %a : index to f32
  return
}

// -----

func.func @fptosi_to_float(%x: f32) {
  // expected-error @+1 {{'arith.fptosi' op result #0 must be signless-fixed-width-integer-like, but got 'f64'}}
  %0 = arith.fptosi %x : f32 to f64
  return
}

// -----

func.func @fptoui_of_integer(%a: i32) {
  // expected-error @+1 {{'arith.fptoui' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.fptoui %a : i32 to i64
  return
}

// -----

func.func @cmpi_unknown_predicate(%a: i32) {
  // expected-error @+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi foo, %a, %a : i32
  return
}

// -----

func.func @cmpf_integer_predicate(%x: f32) {
  // expected-error @+1 {{custom op 'arith.cmpf' expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true]}}
  %0 = arith.cmpf slt, %x, %x : f32
  return
}

// -----

func.func @cmpi_of_float(%x: f32) {
  // expected-error @+1 {{custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'}}
  %0 = arith.cmpi eq, %x, %x : f32
  return
}

// -----

func.func @cmpf_of_integer(%a: i32) {
  // expected-error @+1 {{custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'i32'}}
  %0 = arith.cmpf oeq, %a, %a : i32
  return
}

// -----

func.func @cmpi_result_not_bool(%a: i32) {
  // expected-error @+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (i32, i32) -> i32
  return
}

// -----

func.func @cmpi_result_shape(%a: vector<4xi32>) {
  // expected-error @+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<2xi1>
  return
}

// -----

func.func @select_condition_shape(%c: vector<2xi1>, %a: vector<4xi32>) {
  // expected-error @+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = arith.select %c, %a, %a : vector<2xi1>, vector<4xi32>
  return
}

// -----

func.func @select_condition_not_bool(%c: i32, %a: i32) {
  // expected-error @+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %0 = arith.select %c, %a, %a : i32, i32
  return
}

// -----

func.func @select_value_types_differ(%c: i1, %a: i32, %b: i64) {
  // expected-error @+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32
  return
}

// -----

func.func @addui_extended_overflow_not_bool(%a: i32) {
  // expected-error @+1 {{'arith.addui_extended' op result #1 must be bool-like, but got 'i32'}}
  %0, %1 = "arith.addui_extended"(%a, %a) : (i32, i32) -> (i32, i32)
  return
}

// -----

func.func @addui_extended_overflow_shape(%a: vector<4xi32>) {
  // expected-error @+1 {{'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type}}
  %0, %1 = arith.addui_extended %a, %a : vector<4xi32>, vector<2xi1>
  return
}

// -----

func.func @mulsi_extended_types_differ(%a: i32) {
  // expected-error @+1 {{'arith.mulsi_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %0, %1 = "arith.mulsi_extended"(%a, %a) : (i32, i32) -> (i32, i64)
  return
}

// -----

func.func @overflow_flags_on_float_op(%x: f32) {
  // expected-error @+1 {{expected ':'}}
  %0 = arith.addf %x, %x overflow<nsw> : f32
  return
}

// -----

func.func @constant_string_custom() {
  // expected-error@+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %r = arith.constant "xyz"
  return
}

// -----

func.func @constant_untyped() {
  // expected-error@+1 {{custom op 'arith.constant' invalid kind of attribute specified}}
  %r = arith.constant unit
  return
}

// -----

func.func @constant_out_of_range() {
  // expected-error@+1 {{integer constant out of range for attribute}}
  %r = arith.constant 300 : i8
  return
}

// -----

func.func @func_with_ops(f32) {
^bb0(%a : f32):
  %sf = arith.addf %a, %a, %a : f32  // expected-error {{expected ':'}}
}

// -----

func.func @func_with_ops(f32) {
^bb0(%a : f32):
  %sf = arith.addf(%a, %a) : f32  // expected-error {{expected SSA operand}}
}

// -----

func.func @func_with_ops(f32) {
^bb0(%a : f32):
  %sf = arith.addf{%a, %a} : f32  // expected-error {{expected SSA operand}}
}

// -----

func.func @func() {
  %c0 = arith.constant  // expected-error {{expected attribute value}}

  %x = arith.constant 1 : i32
}

// -----

func.func @cmpf_canonical_no_predicate_attr(%a : f32, %b : f32) {
  %r = arith.cmpf %a, %b : f32 // expected-error {{}}
}

// -----

// Casts between tensors keep the encoding.
func.func @cast_encoding(%a: tensor<2xi32, "x">) {
  // expected-error@+1 {{'arith.extsi' op operand type 'tensor<2xi32, "x">' and result type 'tensor<2xi64, "y">' are cast incompatible}}
  %0 = arith.extsi %a : tensor<2xi32, "x"> to tensor<2xi64, "y">
  return
}

// -----

// A typed string has its type, so the types match and the constant's own check refuses it.
func.func @constant_typed_string() {
  // expected-error@+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %r = "arith.constant"() {value = "hi" : i32} : () -> i32
  return
}

// -----

func.func @constant_typed_string_mismatch() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %r = "arith.constant"() {value = "hi" : i64} : () -> i32
  return
}
