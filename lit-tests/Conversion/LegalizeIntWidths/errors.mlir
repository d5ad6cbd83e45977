// UNSUPPORTED: upstream-as-flowgate
// RUN: %onnx-opt %s -split-input-file -legalize-int-widths -verify-diagnostics

// Issue 23: what the pass does not rewrite is named, never computed at the wrong width.

func.func @loop(%lb: i3, %ub: i3, %s: i3) {
  // expected-error @+1 {{'scf.for' op with an odd-width induction variable must be lowered (--convert-scf-to-cf) before --legalize-int-widths}}
  scf.for %i = %lb to %ub step %s : i3 {
  }
  return
}

// -----

func.func @mul_extended(%a: i17, %b: i17) -> i17 {
  // expected-error @+1 {{'arith.mulsi_extended' op on an odd-width integer of type 'i17' is not supported by --legalize-int-widths}}
  %l, %h = arith.mulsi_extended %a, %b : i17
  return %h : i17
}

// -----

func.func @vector(%a: vector<4xi5>) -> vector<4xi5> {
  // expected-error @+1 {{'arith.addi' op on vectors of odd-width integers is not supported}}
  %s = arith.addi %a, %a : vector<4xi5>
  return %s : vector<4xi5>
}
