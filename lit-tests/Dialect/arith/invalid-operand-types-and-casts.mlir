// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

func.func @addi_float(%a: f32) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.addi %a, %a : f32
  return
}

// -----

func.func @addf_int(%a: i32) {
  // expected-error@+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.addf %a, %a : i32
  return
}

// -----

func.func @addi_unsigned(%a: ui32) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = "arith.addi"(%a, %a) : (ui32, ui32) -> ui32
  return
}

// -----

func.func @addi_result_type(%a: i32, %b: i32) {
  // expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %b) : (i32, i32) -> i64
  return
}

// -----

func.func @subf_mixed(%a: f32, %b: f64) {
  // expected-error@+1 {{'arith.subf' op requires the same type for all operands and results}}
  %0 = "arith.subf"(%a, %b) : (f32, f64) -> f32
  return
}

// -----

func.func @bad_overflow_attr(%a: i32) {
  // expected-error@+1 {{'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags}}
  %0 = "arith.addi"(%a, %a) {overflowFlags = 1 : i32} : (i32, i32) -> i32
  return
}

// -----

func.func @bad_fastmath_attr(%a: f32) {
  // expected-error@+1 {{'arith.mulf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "arith.mulf"(%a, %a) {fastmath = "fast"} : (f32, f32) -> f32
  return
}

// -----

func.func @addui_extended_float(%a: f32) {
  // expected-error@+1 {{'arith.addui_extended' op operand #0 must be signless-integer-like, but got 'f32'}}
  %r:2 = arith.addui_extended %a, %a : f32, i1
  return
}

// -----

func.func @addui_extended_overflow_type(%a: i32) {
  // expected-error@+1 {{'arith.addui_extended' op result #1 must be bool-like, but got 'i32'}}
  %r:2 = arith.addui_extended %a, %a : i32, i32
  return
}

// -----

func.func @addui_extended_sum_type(%a: i32) {
  // expected-error@+1 {{'arith.addui_extended' op failed to verify that all of {lhs, rhs, sum} have same type}}
  %r:2 = "arith.addui_extended"(%a, %a) : (i32, i32) -> (i64, i1)
  return
}

// -----

func.func @addui_extended_scalar_overflow(%a: vector<8xi32>) {
  // expected-error@+1 {{'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar}}
  %r:2 = arith.addui_extended %a, %a : vector<8xi32>, i1
  return
}

// -----

func.func @addui_extended_shape(%a: vector<8xi32>) {
  // expected-error@+1 {{'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type}}
  %r:2 = arith.addui_extended %a, %a : vector<8xi32>, tensor<8xi1>
  return
}

// -----

func.func @mulsi_extended_types(%a: i32) {
  // expected-error@+1 {{'arith.mulsi_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %r:2 = "arith.mulsi_extended"(%a, %a) : (i32, i32) -> (i32, i64)
  return
}

// -----

func.func @cmpi_missing_predicate(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op requires attribute 'predicate'}}
  %r = "arith.cmpi"(%a, %a) {foo = 1} : (i32, i32) -> i1
  return
}

// -----

func.func @cmpi_bad_predicate(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %r = "arith.cmpi"(%a, %a) {predicate = 42} : (i32, i32) -> i1
  return
}

// -----

func.func @cmpf_bad_predicate(%a: f32) {
  // expected-error@+1 {{'arith.cmpf' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}
  %r = "arith.cmpf"(%a, %a) {predicate = 16} : (f32, f32) -> i1
  return
}

// -----

func.func @cmpi_unknown_keyword(%a: i32) {
  // expected-error@+1 {{expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %r = arith.cmpi oeq, %a, %a : i32
  return
}

// -----

func.func @cmpf_unknown_keyword(%a: f32) {
  // expected-error@+1 {{expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true]}}
  %r = arith.cmpf sge, %a, %a : f32
  return
}

// -----

func.func @cmpi_float(%a: f32) {
  // expected-error@+1 {{'lhs' must be signless-integer-like, but got 'f32'}}
  %r = arith.cmpi eq, %a, %a : f32
  return
}

// -----

func.func @cmpi_result_type(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %r = "arith.cmpi"(%a, %a) {predicate = 0} : (i32, i32) -> i32
  return
}

// -----

func.func @cmpi_result_shape(%a: vector<42xi32>) {
  // expected-error@+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %r = "arith.cmpi"(%a, %a) {predicate = 0} : (vector<42xi32>, vector<42xi32>) -> vector<41xi1>
  return
}

// -----

func.func @cmpf_operand_types(%a: f32, %b: f64) {
  // expected-error@+1 {{'arith.cmpf' op requires all operands to have the same type}}
  %r = "arith.cmpf"(%a, %b) {predicate = 0} : (f32, f64) -> i1
  return
}

// -----

func.func @select_condition(%a: i32) {
  // expected-error@+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %r = "arith.select"(%a, %a, %a) : (i32, i32, i32) -> i32
  return
}

// -----

func.func @select_types(%c: i1, %a: i32, %b: i64) {
  // expected-error@+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %r = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32
  return
}

// -----

func.func @select_condition_shape(%c: tensor<i1>, %a: tensor<2xi64>) {
  // expected-error@+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %r = arith.select %c, %a, %a : tensor<i1>, tensor<2xi64>
  return
}

// -----

func.func @select_condition_container(%c: vector<2xi1>, %a: tensor<2xi32>) {
  // expected-error@+1 {{'arith.select' op all non-scalar operands/results must have the same shape and base type}}
  %r = "arith.select"(%c, %a, %a) : (vector<2xi1>, tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return
}

// -----

func.func @select_condition_encoding(%c: tensor<8xi1, "bar">, %a: tensor<8xi32, "foo">) {
  // expected-error@+1 {{'arith.select' op expected condition type to have the same shape as the result type}}
  %r = arith.select %c, %a, %a : tensor<8xi1, "bar">, tensor<8xi32, "foo">
  return
}

// -----

func.func @constant_missing_value() {
  // expected-error@+1 {{'arith.constant' op requires attribute 'value'}}
  %r = "arith.constant"() : () -> i32
  return
}

// -----

func.func @constant_type_mismatch() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %r = "arith.constant"() {value = 1 : i32} : () -> i64
  return
}

// -----

func.func @constant_string() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %r = "arith.constant"() {value = "xyz"} : () -> i32
  return
}

// -----

func.func @constant_unsigned() {
  // expected-error@+1 {{'arith.constant' op integer return type must be signless}}
  %r = arith.constant 0 : ui32
  return
}

// -----

func.func @constant_scalable() {
  // expected-error@+1 {{'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %c = arith.constant dense<[0, 1]> : vector<[2]xi32>
  return
}

// -----

func.func @extsi_narrower(%a: i16) {
  // expected-error@+1 {{'arith.extsi' op operand type 'i16' and result type 'i15' are cast incompatible}}
  %0 = arith.extsi %a : i16 to i15
  return
}

// -----

func.func @extui_same(%a: i16) {
  // expected-error@+1 {{'arith.extui' op operand type 'i16' and result type 'i16' are cast incompatible}}
  %0 = arith.extui %a : i16 to i16
  return
}

// -----

func.func @trunci_wider(%a: i16) {
  // expected-error@+1 {{'arith.trunci' op operand type 'i16' and result type 'i17' are cast incompatible}}
  %0 = arith.trunci %a : i16 to i17
  return
}

// -----

func.func @extsi_index(%a: index) {
  // expected-error@+1 {{'arith.extsi' op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.extsi %a : index to i128
  return
}

// -----

func.func @trunci_to_index(%a: i128) {
  // expected-error@+1 {{'arith.trunci' op result #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.trunci %a : i128 to index
  return
}

// -----

func.func @extf_narrower(%a: f32) {
  // expected-error@+1 {{'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible}}
  %0 = arith.extf %a : f32 to f16
  return
}

// -----

func.func @truncf_wider(%a: f16) {
  // expected-error@+1 {{'arith.truncf' op operand type 'f16' and result type 'f32' are cast incompatible}}
  %0 = arith.truncf %a : f16 to f32
  return
}

// -----

func.func @truncf_bad_rounding(%a: f32) {
  // expected-error@+1 {{'arith.truncf' op attribute 'roundingmode' failed to satisfy constraint: Floating point rounding mode}}
  %0 = "arith.truncf"(%a) {roundingmode = 9 : i32} : (f32) -> f16
  return
}

// -----

func.func @extf_int(%a: i32) {
  // expected-error@+1 {{'arith.extf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.extf %a : i32 to f32
  return
}

// -----

func.func @sitofp_to_int(%a: i32) {
  // expected-error@+1 {{'arith.sitofp' op result #0 must be floating-point-like, but got 'i64'}}
  %0 = arith.sitofp %a : i32 to i64
  return
}

// -----

func.func @fptosi_from_int(%a: i32) {
  // expected-error@+1 {{'arith.fptosi' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.fptosi %a : i32 to i64
  return
}

// -----

func.func @cast_shape(%a: vector<2xf16>) {
  // expected-error@+1 {{'arith.extf' op requires the same shape for all operands and results}}
  %0 = arith.extf %a : vector<2xf16> to vector<3xf32>
  return
}

// -----

func.func @cast_scalable(%a: vector<[4]xi32>) {
  // expected-error@+1 {{'arith.trunci' op requires the same shape for all operands and results}}
  %0 = arith.trunci %a : vector<[4]xi32> to vector<4xi8>
  return
}

// -----

func.func @cast_tensor_dims(%a: tensor<4xi32>) {
  // expected-error@+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extsi %a : tensor<4xi32> to tensor<?xi64>
  return
}

// -----

func.func @cast_tensor_to_scalar(%a: tensor<index>) {
  // expected-error@+1 {{'arith.index_cast' op requires the same shape for all operands and results}}
  %0 = arith.index_cast %a : tensor<index> to i64
  return
}

// -----

func.func @index_cast_no_index(%a: i32) {
  // expected-error@+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %a : i32 to i64
  return
}

// -----

func.func @index_castui_float(%a: index) {
  // expected-error@+1 {{'arith.index_castui' op result #0 must be signless-integer-like or memref of signless-integer, but got 'f32'}}
  %0 = arith.index_castui %a : index to f32
  return
}

// -----

func.func @bitcast_widths(%a: f16) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'f16' and result type 'f32' are cast incompatible}}
  %0 = arith.bitcast %a : f16 to f32
  return
}

// -----

func.func @bitcast_index(%a: i64) {
  // expected-error@+1 {{'arith.bitcast' op result #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'index'}}
  %0 = arith.bitcast %a : i64 to index
  return
}

// -----

func.func @elementwise_scalar_operand(%a: i32) {
  // expected-error@+1 {{'arith.extsi' op requires the same shape for all operands and results}}
  %0 = "arith.extsi"(%a) : (i32) -> vector<2xi64>
  return
}

// -----

func.func @negf_result(%a: f32) {
  // expected-error@+1 {{'arith.negf' op requires the same type for all operands and results}}
  %0 = "arith.negf"(%a) : (f32) -> f64
  return
}
