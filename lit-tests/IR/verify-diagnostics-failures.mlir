// RUN: not %onnx-opt %s -split-input-file -verify-diagnostics -o /dev/null 2>&1 | FileCheck %s

// What -verify-diagnostics reports when expectations and diagnostics disagree, and that it
// then exits non-zero. Diagnostics that were not expected are reported as they come, as
// `unexpected <kind>: <message>` at their own location; expectations that were not met are
// reported at the directive, as `expected <kind> "<text>" was not produced`. The order of the
// two groups is not pinned here.

// CHECK-DAG: verify-diagnostics-failures.mlir:[[# @LINE + 1]]:4: error: expected warning "a warning that is never emitted" was not produced
// expected-warning @+1 {{a warning that is never emitted}}
func.func private @no_warning()

// -----

// CHECK-DAG: verify-diagnostics-failures.mlir:[[# @LINE + 1]]:4: error: expected remark "a remark that is never emitted" was not produced
// expected-remark @below {{a remark that is never emitted}}
func.func private @no_remark()

// -----

// CHECK-DAG: verify-diagnostics-failures.mlir:[[# @LINE + 1]]:4: error: expected note "a note that is never emitted" was not produced
// expected-note @+1 {{a note that is never emitted}}
func.func private @no_note()

// -----

func.func @unexpected_error(%x: f32) {
  // CHECK-DAG: verify-diagnostics-failures.mlir:[[# @LINE + 1]]:8: error: unexpected error: 'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'
  %0 = arith.addi %x, %x : f32
  return
}

// -----

func.func @wrong_text(%x: f32) {
  // CHECK-DAG: verify-diagnostics-failures.mlir:[[# @LINE + 1]]:6: error: expected error "some other message" was not produced
  // expected-error @+2 {{some other message}}
  // CHECK-DAG: verify-diagnostics-failures.mlir:[[# @LINE + 1]]:8: error: unexpected error: 'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'
  %0 = arith.addi %x, %x : f32
  return
}

// -----

func.func @wrong_line(%x: f32) {
  // CHECK-DAG: verify-diagnostics-failures.mlir:[[# @LINE + 1]]:6: error: expected error "must be signless-integer-like" was not produced
  // expected-error @+3 {{must be signless-integer-like}}
  // CHECK-DAG: verify-diagnostics-failures.mlir:[[# @LINE + 1]]:8: error: unexpected error: 'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'
  %0 = arith.addi %x, %x : f32
  return
}

// -----

func.func private @callee(i32) -> i32

func.func @unexpected_notes(%a: i32) {
  // CHECK-DAG: verify-diagnostics-failures.mlir:[[# @LINE + 3]]:8: error: unexpected note: {{ *}}op result types: 'f32'
  // CHECK-DAG: verify-diagnostics-failures.mlir:[[# @LINE + 2]]:8: error: unexpected note: function result types: 'i32'
  // expected-error @+1 {{'func.call' op result type mismatch at index 0}}
  %0 = func.call @callee(%a) : (i32) -> f32
  return
}

// -----

// CHECK-DAG: <unknown>:0: error: expected error "an error at an unknown location that is never emitted" was not produced
// expected-error @unknown {{an error at an unknown location that is never emitted}}
func.func private @nothing_at_unknown()
