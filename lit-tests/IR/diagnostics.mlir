// RUN: not %onnx-opt %s -split-input-file -o /dev/null 2>&1 | FileCheck %s

// How diagnostics are rendered on stderr without -verify-diagnostics: `file:line:col: error:`
// followed by the message, where file:line:col comes from the op's location: the op name
// token for an op parsed from text (not its result names), the location itself when written,
// the first file location inside a name, fused or callsite location, and `<unknown>:0` when
// there is none (a name location with no file inside is then quoted before the message).
// Upstream also prints the source line with a caret and a "see current operation" note; only
// the error lines are pinned here. The exit status is non-zero.

func.func @op_name_column(%x: f32) {
  // CHECK-DAG: diagnostics.mlir:[[# @LINE + 1]]:8: error: 'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'
  %0 = arith.addi %x, %x : f32
  return
}

// -----

func.func @generic_op_column(%x: f32) {
  // CHECK-DAG: diagnostics.mlir:[[# @LINE + 1]]:8: error: 'arith.subi' op operand #0 must be signless-integer-like, but got 'f32'
  %0 = "arith.subi"(%x, %x) : (f32, f32) -> f32
  return
}

// -----

func.func @file_location(%x: f32) {
  // CHECK-DAG: {{^}}other.mlir:3:4: error: 'arith.muli' op operand #0 must be signless-integer-like, but got 'f32'
  %0 = "arith.muli"(%x, %x) : (f32, f32) -> f32 loc("other.mlir":3:4)
  return
}

// -----

func.func @unknown_location(%x: f32) {
  // CHECK-DAG: {{^}}<unknown>:0: error: 'arith.divsi' op operand #0 must be signless-integer-like, but got 'f32'
  %0 = "arith.divsi"(%x, %x) : (f32, f32) -> f32 loc(unknown)
  return
}

// -----

func.func @name_location(%x: f32) {
  // CHECK-DAG: {{^}}<unknown>:0: error: loc("my_node"): 'arith.divui' op operand #0 must be signless-integer-like, but got 'f32'
  %0 = "arith.divui"(%x, %x) : (f32, f32) -> f32 loc("my_node")
  return
}

// -----

func.func @name_with_file_location(%x: f32) {
  // CHECK-DAG: {{^}}node.mlir:5:6: error: 'arith.remsi' op operand #0 must be signless-integer-like, but got 'f32'
  %0 = "arith.remsi"(%x, %x) : (f32, f32) -> f32 loc("my_node"("node.mlir":5:6))
  return
}

// -----

func.func @fused_location(%x: f32) {
  // CHECK-DAG: {{^}}a.mlir:1:2: error: 'arith.remui' op operand #0 must be signless-integer-like, but got 'f32'
  %0 = "arith.remui"(%x, %x) : (f32, f32) -> f32 loc(fused["a.mlir":1:2, "b.mlir":3:4])
  return
}

// -----

func.func @callsite_location(%x: f32) {
  // CHECK-DAG: {{^}}callee.mlir:7:8: error: 'arith.andi' op operand #0 must be signless-integer-like, but got 'f32'
  %0 = "arith.andi"(%x, %x) : (f32, f32) -> f32 loc(callsite("callee.mlir":7:8 at "caller.mlir":9:10))
  return
}

// -----

// A parse error points at the offending token.
func.func @parse_error() {
  // CHECK-DAG: diagnostics.mlir:[[# @LINE + 1]]:19: error: use of undeclared SSA value name
  %0 = arith.addi %missing, %missing : i32
  return
}
