// Issue 11: parser and verifier errors with upstream's wording and place: lexer errors win
// over the parser's, alias definitions are checked in upstream's order, dialect type bodies
// must nest their brackets, successor operand lists need their `:`, integer types name no op,
// and an unregistered op's regions have SSA dominance. Each case has a valid neighbour in
// ok.mlir.
// RUN: split-file %s %t
// RUN: %onnx-opt %t/bad.mlir -split-input-file -verify-diagnostics -allow-unregistered-dialect
// RUN: %onnx-opt %t/ok.mlir -allow-unregistered-dialect | FileCheck %s

// CHECK: !foo<"a(b>c", [{}]>
// CHECK: cf.br ^bb1(%{{.*}} : i32)
// CHECK: "u.r"() ({
// CHECK-NEXT: "u.use"(%{{.*}})

//--- ok.mlir
!t = i32
func.func @f(%a: !t, %b: !foo<"a(b>c", [{}]>) {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  "u.r"() ({
    "u.use"(%x) : (i32) -> ()
  }) : () -> ()
  return
}

//--- bad.mlir
// expected-error@+1 {{expected three consecutive dots for an ellipsis}}
func.func @f(..)

// -----

// expected-error@+1 {{invalid type identifier}}
func.func @f(!<"">)

// -----

// expected-error@+1 {{invalid SSA name}}
func.func @f(% : i32)

// -----

// expected-error@+1 {{unbalanced '[' character in pretty dialect name}}
func.func @f(!foo<[>)

// -----

// expected-error@+1 {{unbalanced '(' character in pretty dialect name}}
func.func @f(!foo<(]>)

// -----

!a = i32
// expected-error@+1 {{redefinition of type alias id 'a'}}
!a = i64

// -----

// expected-error@+1 {{attribute names with a '.' are reserved for dialect-defined names}}
#x.y = 1

// -----

#missing_eq 1 // expected-error {{expected '=' in attribute alias definition}}

// -----

func.func @f() {
  ""() : () -> () // expected-error {{empty operation name is invalid}}
  return
}

// -----

func.func @f(%a: i32) {
  %c = "arith.addi"(%a, %a)[^bb1] : (i32, i32) -> i32 // expected-error {{successors in non-terminator}}
^bb1:
  return
}

// -----

func.func @f() {
  cf.br ^bb1() // expected-error {{expected ':'}}
^bb1:
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{expected operation name in quotes}}
  %0 = arith.constant 1 i32
  return
}

// -----

// expected-error@+1 {{expected SSA operand}}
func.func @f() {^bb0(

// -----

func.func @f() {
  "u.r"() ({
    "u.use"(%x) : (i32) -> () // expected-error {{operand #0 does not dominate this use}}
  }) : () -> ()
  %x = "u.def"() : () -> i32 // expected-note {{operand defined here (op in a parent region)}}
  return
}

// -----

func.func @f() { // expected-note {{operand defined as a block argument (block #1 in the same region)}}
  cf.br ^bb1(%x : i32) // expected-error {{operand #0 does not dominate this use}}
^bb1(%x: i32):
  return
}
