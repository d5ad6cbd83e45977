// Issue 11: location syntax errors carry upstream's wording and place (LocationParser.cpp):
// callsite, fused and name locations name themselves, file locations say FileLineColRange,
// aliases inside an instance must be defined locations. `"f":3` is line 3 from column 0.
// RUN: split-file %s %t
// RUN: %onnx-opt %t/ok.mlir --mlir-print-debuginfo | FileCheck %s
// RUN: %onnx-opt %t/bad.mlir -split-input-file -verify-diagnostics

// CHECK-DAG: loc("f":3:0)
// CHECK-DAG: loc("f":3:4 to :5)
// CHECK-DAG: #[[Q:loc[0-9]*]] = loc("q")
// CHECK-DAG: #[[A:loc[0-9]*]] = loc("a")
// CHECK-DAG: #[[C:loc[0-9]*]] = loc(callsite(#[[A]] at #[[Q]]))
// CHECK-DAG: #[[N:loc[0-9]*]] = loc("n"(#[[Q]]))
// CHECK-DAG: loc(fused[#[[C]], #[[N]]])

//--- ok.mlir
#q = loc("q")
func.func @f() {
  %0 = arith.constant 0 : i32 loc("f":3)
  %1 = arith.constant 1 : i32 loc("f":3:4 to :5)
  %2 = arith.constant 2 : i32 loc(fused[callsite("a" at #q), "n"(#q)])
  return
}

//--- bad.mlir
func.func @f() {
  return loc("n"(unknown]) // expected-error {{expected ')' after child location of NameLoc}}
}

// -----

func.func @f() {
  return loc(callsite unknown) // expected-error {{expected '(' in callsite location}}
}

// -----

func.func @f() {
  return loc(callsite(unknown to unknown)) // expected-error {{expected 'at' in callsite location}}
}

// -----

func.func @f() {
  return loc(callsite(unknown at unknown] // expected-error {{expected ')' in callsite location}}
}

// -----

func.func @f() {
  return loc(fused<"m" [unknown]) // expected-error {{expected '>' after fused location metadata}}
}

// -----

func.func @f() {
  return loc(fused unknown) // expected-error {{expected '[' in fused location}}
}

// -----

func.func @f() {
  return loc(fused[unknown, unknown) // expected-error {{expected ']' in fused location}}
}

// -----

func.func @f() {
  return loc("f":x) // expected-error {{expected integer line number in FileLineColRange}}
}

// -----

func.func @f() {
  return loc("f":1:99999999999) // expected-error {{expected integer column number in FileLineColRange}}
}

// -----

func.func @f() {
  return loc("f":1:2 to 3) // expected-error {{expected either integer or `:` post `to` in FileLineColRange}}
}

// -----

func.func @f() {
  return loc(fused[#nowhere]) // expected-error {{undefined symbol alias id 'nowhere'}}
}

// -----

#one = 1
func.func @f() {
  return loc(fused[#one]) // expected-error {{expected location attribute, but got1 : i64}}
}

// -----

#one = 1
func.func @f() {
  return loc(#one) // expected-error {{expected location, but found '1 : i64'}}
}

// -----

func.func @f() {
  // expected-error@+1 {{expected location, but found '"s"'}}
  return loc(#later)
}
#later = "s"
