// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

// Function signatures: argument and result attributes must be dialect attributes, named and
// unnamed arguments do not mix, a body is not empty, @-names start with a letter or '_'.

// expected-error@+1 {{'func.func' op arguments may only have dialect attributes}}
func.func private @arg_attr(i32 {plain = 1})

// -----

// expected-error@+1 {{'func.func' op results may only have dialect attributes}}
func.func private @res_attr() -> (i32 {plain = 1})

// -----

// Dialect attributes are fine.
func.func private @dialect_attrs(i32 {foo.bar = 1}) -> (i32 {foo.baz})

// -----

// expected-error@+1 {{expected type instead of SSA identifier}}
func.func @mixed(i32, %b: i32) {
  return
}

// -----

func.func @empty() {} // expected-error {{expected non-empty function body}}

// -----

// expected-error@+1 {{@ identifier expected to start with letter or '_'}}
func.func private @-bad()

// -----

// The attribute dictionary may not repeat what the syntax already gives.
// expected-error@+1 {{'sym_visibility' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @explicit_visibility() attributes {sym_visibility = "private"}

// -----

// expected-error@+1 {{'function_type' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func private @explicit_type() attributes {function_type = () -> ()}
