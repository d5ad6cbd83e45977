// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

// One case per verifier rule of func.func, func.return, func.call, func.call_indirect and
// func.constant. The messages are upstream MLIR 22's, verbatim.

func.func @return_operand_count() -> i32 {
  // expected-error @+1 {{'func.return' op has 0 operands, but enclosing function (@return_operand_count) returns 1}}
  return
}

// -----

func.func @return_operand_type(%a: i64) -> i32 {
  // expected-error @+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @return_operand_type}}
  return %a : i64
}

// -----

func.func @return_outside_func() {
  "scf.execute_region"() ({
    // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }) : () -> ()
  return
}

// -----

func.func @call_unknown_function() {
  // expected-error @+1 {{'func.call' op 'missing' does not reference a valid function}}
  func.call @missing() : () -> ()
  return
}

// -----

func.func @call_symbol_that_is_not_a_function() {
  // expected-error @+1 {{'func.call' op 'g' does not reference a valid function}}
  func.call @g() : () -> ()
  return
}
module @g {
}

// -----

func.func private @callee(i32) -> i32

func.func @call_operand_count(%a: i32) {
  // expected-error @+1 {{'func.call' op incorrect number of operands for callee}}
  %0 = func.call @callee(%a, %a) : (i32, i32) -> i32
  return
}

// -----

func.func private @callee(i32) -> i32

func.func @call_operand_type(%a: i64) {
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0}}
  %0 = func.call @callee(%a) : (i64) -> i32
  return
}

// -----

func.func private @callee(i32) -> i32

func.func @call_result_count(%a: i32) {
  // expected-error @+1 {{'func.call' op incorrect number of results for callee}}
  func.call @callee(%a) : (i32) -> ()
  return
}

// -----

func.func private @callee(i32) -> i32

func.func @call_result_type(%a: i32) {
  // expected-error @+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note @+2 {{op result types: 'f32'}}
  // expected-note @+1 {{function result types: 'i32'}}
  %0 = func.call @callee(%a) : (i32) -> f32
  return
}

// -----

func.func @call_indirect_result_type(%f: (i32) -> i32, %a: i32) {
  // expected-error @+1 {{'func.call_indirect' op failed to verify that callee result types match result types}}
  %0 = "func.call_indirect"(%f, %a) : ((i32) -> i32, i32) -> f32
  return
}

// -----

func.func @constant_unknown_function() {
  // expected-error @+1 {{'func.constant' op reference to undefined function 'missing'}}
  %f = func.constant @missing : () -> ()
  return
}

// -----

func.func private @callee(i32) -> i32

func.func @constant_type_mismatch() {
  // expected-error @+1 {{'func.constant' op reference to function with mismatched type}}
  %f = func.constant @callee : (i64) -> i32
  return
}

// -----

// expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @public_declaration(i32)

// -----

// expected-error @+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() <{function_type = (i32) -> (), sym_name = "entry_block_argument_count"}> ({
^bb0:
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() <{function_type = (i32) -> (), sym_name = "entry_block_argument_type"}> ({
^bb0(%a: i64):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1}}
"func.func"() <{function_type = (i32) -> (), sym_name = "arg_attrs_count", arg_attrs = [{}, {}], sym_visibility = "private"}> ({
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"], but got "secret"}}
"func.func"() <{function_type = () -> (), sym_name = "bad_visibility", sym_visibility = "secret"}> ({
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() <{function_type = i32, sym_name = "not_a_function_type"}> ({
}) : () -> ()

// -----

func.func @func_inside_func() {
  // expected-error @+1 {{'func.func' op symbol's parent must have the SymbolTable trait}}
  func.func @inner() {
    return
  }
  return
}

// -----

// expected-note @+1 {{previously referenced here}}
func.func @duplicate_argument_name(%a: i32,
    // expected-error @+1 {{region entry argument '%a' is already in use}}
    %a: i32) {
  return
}

// -----

func.func @constant_of_a_string() {
  // expected-error@+1 {{invalid kind of attribute specified}}
  %0 = func.constant "" : index
  return
}

// -----

func.func @constant_of_a_nested_reference() {
  // expected-error@+1 {{invalid kind of attribute specified}}
  %0 = func.constant @a::@b : () -> ()
  return
}
