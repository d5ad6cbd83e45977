// RUN: %onnx-opt %s -allow-unregistered-dialect -split-input-file -symbol-dce -verify-diagnostics | FileCheck %s
// RUN: %onnx-opt %s -allow-unregistered-dialect -split-input-file -pass-pipeline="builtin.module(builtin.module(symbol-dce))" | FileCheck %s --check-prefix=INNER

// The top-level table is hidden, so `nested` symbols in it, and in every table inside it, go
// when unused, like private ones; used ones stay.

// CHECK-LABEL: module attributes {case.top}
// CHECK-NOT:     @gone_nested
// CHECK-DAG:     func.func nested @kept_nested()
// CHECK-DAG:     module @inner
// CHECK-DAG:       func.func private @inner_used()
// CHECK-NOT:     @inner_gone
// CHECK:         func.func @entry
module attributes {case.top} {
  func.func nested @gone_nested()
  func.func nested @kept_nested()
  module @inner {
    func.func nested @inner_gone()
    func.func private @inner_used()
    func.func nested @inner_entry() {
      "x.use"() {refs = [@inner_used]} : () -> ()
      return
    }
  }
  func.func @entry() {
    "x.use"() {refs = [@kept_nested, @inner::@inner_entry]} : () -> ()
    return
  }
}

// -----

// Run on a nested public module, its table is visible from above: its `nested` symbols stay.
// Inside a private module they may go.

// INNER-LABEL: module attributes {case.inner}
// INNER:         module @visible
// INNER-NEXT:      func.func nested @stays()
// INNER:         module @hidden
// INNER-NOT:       @goes
module attributes {case.inner} {
  module @visible {
    func.func nested @stays()
  }
  module @hidden attributes {sym_visibility = "private"} {
    func.func nested @goes()
  }
  "x.use"() {refs = [@hidden]} : () -> ()
}

// -----

// An unknown op with one region might be a symbol table whose references cannot be seen.
module {
  func.func private @maybe_used()
  // expected-error@+1 {{operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses}}
  "x.opaque_table"() ({
  }) : () -> ()
}
