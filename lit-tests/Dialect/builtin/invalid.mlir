// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

// One case per verifier rule of builtin.module and builtin.unrealized_conversion_cast. The
// messages are upstream MLIR 22's, verbatim.

// expected-error @+1 {{'builtin.module' op region should have no arguments}}
"builtin.module"() ({
^bb0(%a: i32):
}) : () -> ()

// -----

// expected-error @+1 {{'builtin.module' op expects region #0 to have 0 or 1 blocks}}
"builtin.module"() ({
^bb0:
  "cf.br"()[^bb1] : () -> ()
^bb1:
}) : () -> ()

// -----

// expected-error @+1 {{'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'foo'}}
module attributes {foo = 1 : i64} {
}

// -----

// expected-error @+1 {{'builtin.module' op requires zero results}}
%0 = "builtin.module"() ({
^bb0:
}) : () -> i32

// -----

func.func @cast_without_results(%a: i32) {
  // expected-error @+1 {{'builtin.unrealized_conversion_cast' op expected at least one result for cast operation}}
  "builtin.unrealized_conversion_cast"(%a) : (i32) -> ()
  return
}

// -----

module {
  // expected-error @+1 {{custom op 'builtin.foo' is unknown}}
  builtin.foo
}
