// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

// The -verify-diagnostics directives themselves: `expected-error`, `-note` (and `-warning`,
// `-remark`; see verify-diagnostics-failures.mlir) with no designator (same line), @+N and @-N
// (counting every line, comments and blank ones too), @above, @below (stacked directives all
// refer to the first line below them that is not a directive), @unknown (unknown location),
// and `expected-error-re`, whose text may hold `{{regex}}` parts. Plain expected text is
// matched as a substring of the message.

func.func @same_line(%x: f32) {
  %0 = arith.addi %x, %x : f32 // expected-error {{must be signless-integer-like}}
  return
}

// -----

func.func @plus_n(%x: f32) {
  // expected-error @+3 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  // @+3 counts this line and the blank one below.

  %0 = arith.addi %x, %x : f32
  return
}

// -----

func.func @minus_n(%x: f32) {
  %0 = arith.addi %x, %x : f32
  // expected-error @-1 {{'arith.addi' op operand #0 must be signless-integer-like}}
  return
}

// -----

func.func @above(%x: f32) {
  %0 = arith.addi %x, %x : f32
  // expected-error @above {{must be signless-integer-like}}
  return
}

// -----

func.func @below(%x: f32) {
  // expected-error @below {{must be signless-integer-like}}
  %0 = arith.addi %x, %x : f32
  return
}

// -----

func.func private @callee(i32) -> i32

func.func @stacked_below_with_notes(%a: i32) {
  // expected-error @below {{'func.call' op result type mismatch at index 0}}
  // expected-note @below {{op result types: 'f32'}}
  // expected-note @below {{function result types: 'i32'}}
  %0 = func.call @callee(%a) : (i32) -> f32
  return
}

// -----

func.func @unknown_location(%x: f32) {
  // expected-error @unknown {{must be signless-integer-like}}
  %0 = arith.addi %x, %x : f32 loc(unknown)
  return
}

// -----

func.func @regex(%x: f32) {
  // expected-error-re @+1 {{'arith.{{[a-z]+}}' op operand #{{[0-9]+}} must be {{.*}}, but got 'f32'}}
  %0 = arith.addi %x, %x : f32
  return
}

// -----

func.func @two_errors_on_one_line(%x: f32) {
  // expected-error @+2 {{custom op 'arith.addf' expected ::mlir::arith::FastMathFlags to be one of}}
  // expected-error @+1 {{custom op 'arith.addf' failed to parse Arith_FastMathAttr parameter}}
  %0 = arith.addf %x, %x fastmath<quick> : f32
  return
}

// -----

// A chunk without diagnostics is fine too.
func.func private @no_diagnostics()
