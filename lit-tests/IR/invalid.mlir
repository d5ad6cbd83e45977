// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

// Structural verifier and parser rules that do not belong to one dialect. One case per rule;
// the messages are upstream MLIR 22's, verbatim.

func.func @missing_terminator() {
  // The error is reported at the last op of the block.
  // expected-error @+1 {{block with no terminator, has %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32}}
  %0 = arith.constant 0 : i32
}

// -----

func.func @terminator_not_last() {
  // expected-error @+1 {{'func.return' op must be the last operation in the parent block}}
  "func.return"() : () -> ()
  %0 = arith.constant 0 : i32
}

// -----

func.func @successor_operand_count(%a: i32) {
  // expected-error @+1 {{branch has 1 operands for successor #0, but target block has 0}}
  cf.br ^bb1(%a : i32)
^bb1:
  return
}

// -----

func.func @successor_operand_type(%a: i32) {
  // expected-error @+1 {{type mismatch for bb argument #0 of successor #0}}
  "cf.br"(%a)[^bb1] : (i32) -> ()
^bb1(%x: f32):
  return
}

// -----

func.func @use_before_definition_in_block() -> i32 {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %1 = arith.addi %0, %0 : i32
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %0 = arith.constant 0 : i32
  return %1 : i32
}

// -----

func.func @definition_does_not_dominate_block(%c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  // expected-note @+1 {{operand defined here (op in the same region)}}
  %x = arith.constant 0 : i32
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  return %x : i32
}

// -----

func.func @definition_does_not_dominate_nested_region(%c: i1) {
  cf.br ^bb2
^bb1:
  // expected-note @+1 {{operand defined here (op in a parent region)}}
  %x = arith.constant 0 : i32
  return
^bb2:
  scf.if %c {
    // expected-error @+1 {{operand #0 does not dominate this use}}
    %y = arith.addi %x, %x : i32
  }
  return
}

// -----

func.func @nested_region_value_used_outside(%c: i1) {
  scf.if %c {
    %x = arith.constant 0 : i32
  }
  // expected-error @+1 {{use of undeclared SSA value name}}
  %y = arith.addi %x, %x : i32
  return
}

// -----

func.func @value_from_outside_isolated_region(%a: i32) {
  builtin.module {
    // expected-note @+1 {{required by region isolation constraints}}
    func.func @inner() -> i32 {
      // expected-error @+1 {{'func.return' op using value defined outside the region}}
      return %a : i32
    }
  }
  return
}

// -----

// expected-note @+1 {{see existing symbol definition here}}
func.func @duplicate() {
  return
}
// expected-error @+1 {{redefinition of symbol named 'duplicate'}}
func.func @duplicate() {
  return
}

// -----

func.func @call_to_unknown_function() {
  // expected-error @+1 {{'func.call' op 'nowhere' does not reference a valid function}}
  func.call @nowhere() : () -> ()
  return
}

// -----

func.func private @takes_i32(i32)

func.func @call_with_wrong_signature(%x: f32) {
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0}}
  func.call @takes_i32(%x) : (f32) -> ()
  return
}

// -----

func.func @redefinition_in_same_region() {
  // expected-note @+1 {{previously defined here}}
  %x = arith.constant 0 : i32
  // expected-error @+1 {{redefinition of SSA value '%x'}}
  %x = arith.constant 1 : i32
  return
}

// -----

func.func @shadowing_in_nested_region(%c: i1) {
  // expected-note @+1 {{previously defined here}}
  %x = arith.constant 0 : i32
  scf.if %c {
    // expected-error @+1 {{redefinition of SSA value '%x'}}
    %x = arith.constant 1 : i32
  }
  return
}

// -----

func.func @undeclared_value() {
  // expected-error @+1 {{use of undeclared SSA value name}}
  %y = arith.addi %nope, %nope : i32
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @type_differs_from_prior_use(%a: i32) {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'i64' vs 'i32'}}
  %y = arith.addi %a, %a : i64
  return
}

// -----

func.func @too_few_result_names() {
  // expected-error @+1 {{operation defines 2 results but was provided 1 to bind}}
  %a = builtin.unrealized_conversion_cast to i32, i32
  return
}

// -----

func.func @result_number_out_of_range() {
  %a:2 = builtin.unrealized_conversion_cast to i32, i32
  // expected-error @+1 {{reference to invalid result number}}
  %b = arith.addi %a#2, %a#0 : i32
  return
}

// -----

func.func @unknown_op() {
  // expected-error @+1 {{custom op 'arith.frobnicate' is unknown}}
  arith.frobnicate
  return
}

// -----

func.func @unregistered_dialect() {
  // expected-error @+1 {{operation being parsed with an unregistered dialect}}
  "fg.frobnicate"() : () -> ()
  return
}

// -----

// expected-error @+1 {{undefined symbol alias id 'undefined'}}
func.func private @undefined_type_alias(!undefined)

// -----

!t = i32
// expected-error @+1 {{redefinition of type alias id 't'}}
!t = i64

// -----

func.func @missing_type() {
  // expected-error @+1 {{expected non-function type}}
  %0 = arith.constant 0 :
  return
}
