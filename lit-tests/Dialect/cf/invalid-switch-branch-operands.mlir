// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

func.func @switch_missing_case_value(%flag : i32, %caseOperand : i32) {
  cf.switch %flag : i32, [
    default: ^bb1(%caseOperand : i32),
    45: ^bb2(%caseOperand : i32),
    // expected-error@+1 {{expected integer value}}
    : ^bb3(%caseOperand : i32)
  ]
^bb1(%bb1arg : i32):
  return
^bb2(%bb2arg : i32):
  return
^bb3(%bb3arg : i32):
  return
}

// -----

func.func @switch_wrong_type_case_value(%flag : i32, %caseOperand : i32) {
  cf.switch %flag : i32, [
    default: ^bb1(%caseOperand : i32),
    // expected-error@+1 {{expected integer value}}
    "hello": ^bb2(%caseOperand : i32)
  ]
^bb1(%bb1arg : i32):
  return
^bb2(%bb2arg : i32):
  return
}

// -----

func.func @switch_missing_comma(%flag : i32, %caseOperand : i32) {
  cf.switch %flag : i32, [
    default: ^bb1(%caseOperand : i32),
    // expected-error@+1 {{expected ']'}}
    45: ^bb2(%caseOperand : i32)
    43: ^bb3(%caseOperand : i32)
  ]
^bb1(%bb1arg : i32):
  return
^bb2(%bb2arg : i32):
  return
^bb3(%bb3arg : i32):
  return
}

// -----

func.func @switch_missing_default(%flag : i32, %caseOperand : i32) {
  cf.switch %flag : i32, [
    // expected-error@+1 {{expected 'default'}}
    45: ^bb2(%caseOperand : i32)
  ]
^bb2(%bb2arg : i32):
  return
}

// -----

func.func @switch_float_flag(%flag : f32) {
  // expected-error@+1 {{invalid kind of type specified: expected builtin.integer, but found 'f32'}}
  cf.switch %flag : f32, [
    default: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @switch_case_type(%flag: i32) {
  // expected-error@+1 {{'cf.switch' op 'flag' type ('i32') should match case value type ('i64')}}
  "cf.switch"(%flag) [^bb1, ^bb1] <{case_values = dense<[1]> : vector<1xi64>, case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @switch_case_count(%flag: i32) {
  // expected-error@+1 {{'cf.switch' op number of case values (2) should match number of case destinations (1)}}
  "cf.switch"(%flag) [^bb1, ^bb1] <{case_values = dense<[1, 2]> : vector<2xi32>, case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @switch_case_segments(%flag: i32) {
  // expected-error@+1 {{'cf.switch' op caseOperands count (0) does not match with the total size (1) specified in attribute 'case_operand_segments'}}
  "cf.switch"(%flag) [^bb1, ^bb1] <{case_values = dense<[1]> : vector<1xi32>, case_operand_segments = array<i32: 0, 1>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @switch_operand_segments(%flag: i32) {
  // expected-error@+1 {{'cf.switch' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  "cf.switch"(%flag) [^bb1] <{case_operand_segments = array<i32>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @cond_br_operand_segments(%c: i1) {
  // expected-error@+1 {{'cf.cond_br' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'}}
  "cf.cond_br"(%c) [^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1) -> ()
^bb1:
  return
}

// -----

func.func @cond_br_condition_type(%c: i32) {
  // expected-error@+1 {{'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.cond_br"(%c) [^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @cond_br_condition_custom(%c: i32) { // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%c' expects different type than prior uses: 'i1' vs 'i32'}}
  cf.cond_br %c, ^bb1, ^bb1
^bb1:
  return
}

// -----

func.func @wrong_weights_number(%cond: i1) {
  // expected-error@+1 {{expects number of branch weights to match number of successors: 1 vs 2}}
  cf.cond_br %cond weights([100]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

func.func @wrong_total_weight(%cond: i1) {
  // expected-error@+1 {{branch weights cannot all be zero}}
  cf.cond_br %cond weights([0, 0]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

func.func @br_operand_count(%a: i32) {
  // expected-error@+1 {{branch has 1 operands for successor #0, but target block has 0}}
  cf.br ^bb1(%a : i32)
^bb1:
  return
}

// -----

func.func @br_no_successor() {
  // expected-error@+1 {{'cf.br' op requires 1 successor but found 0}}
  "cf.br"() : () -> ()
}

// -----

func.func @assert_condition(%c: i32) {
  // expected-error@+1 {{'cf.assert' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.assert"(%c) <{msg = "x"}> : (i32) -> ()
  return
}

// -----

func.func @assert_missing_msg(%c: i1) {
  // expected-error@+1 {{'cf.assert' op requires attribute 'msg'}}
  "cf.assert"(%c) : (i1) -> ()
  return
}
