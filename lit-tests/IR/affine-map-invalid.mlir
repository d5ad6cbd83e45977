// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

// Malformed affine maps and integer sets, with upstream's messages: the body used to be kept as
// text unchecked, so any of these parsed.

#m = affine_map<(i, j) -> (i, k)> // expected-error {{use of undeclared identifier}}

// -----

#m = affine_map<(i, j, i) -> (i)> // expected-error {{redefinition of identifier 'i'}}

// -----

#m = affine_map<(i, j) -> (i + , j)> // expected-error {{missing right operand of binary operator}}

// -----

#m = affine_map<(i) -> (* i)> // expected-error {{missing left operand of binary operator}}

// -----

#m = affine_map<(i) -> (())> // expected-error {{no expression inside parentheses}}

// -----

#m = affine_map<(i) -> (-())>
// expected-error@-1 {{no expression inside parentheses}}
// expected-error@-2 {{missing operand of negation}}

// -----

#m = affine_map<(i, j) -> (i * j)> // expected-error {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}

// -----

#m = affine_map<(i, j) -> (i mod j)> // expected-error {{non-affine expression: right operand of mod has to be either a constant or symbolic}}

// -----

// A symbol on the right is affine.
#m = affine_map<(i)[s] -> (i floordiv s, i ceildiv (s + 2), i * s)>
func.func private @ok() attributes {m = #m}

// -----

#m = affine_map<(i) -> (i 2)> // expected-error {{expected ')' in affine map range}}

// -----

#m = affine_map<(i) -> (99999999999999999999)> // expected-error {{constant too large for index}}

// -----

#m = affine_map<(i) -> (%x)> // expected-error {{unexpected ssa identifier}}

// -----

#m = affine_map<(i) : (i >= 0)> // expected-error {{expected AffineMap, but got IntegerSet}}

// -----

#s = affine_set<(i) : (i > 0)> // expected-error {{expected '== affine-expr' or '>= affine-expr' at end of affine constraint}}

// -----

#m affine_map<(i) -> (i)> // expected-error {{expected '=' in attribute alias definition}}

// -----

// A deep parenthesized expression reaches the nesting limit instead of the stack's
// (upstream has no limit).
// expected-error@+1 {{nesting too deep}}
#m = affine_map<(i) -> (((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((i)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))>
