// RUN: %onnx-opt %s --canonicalize --split-input-file | FileCheck %s

func.func private @a() -> i32
func.func private @b() -> i32
func.func private @use(i1) -> ()

// `if not c` swaps its regions; inside them the condition is known.
// CHECK-LABEL: func @negated_condition
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK: scf.if %arg0 -> (i32) {
// CHECK:   func.call @use(%[[T]])
// CHECK:   func.call @b()
// CHECK: } else {
// CHECK:   func.call @use(%[[F]])
// CHECK:   func.call @a()
func.func @negated_condition(%c: i1) -> i32 {
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  %r = scf.if %n -> i32 {
    func.call @use(%c) : (i1) -> ()
    %x = func.call @a() : () -> i32
    scf.yield %x : i32
  } else {
    func.call @use(%c) : (i1) -> ()
    %y = func.call @b() : () -> i32
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

func.func private @a() -> i32
func.func private @b(i32) -> i32
func.func private @run() -> ()

// Nested ifs become one on both conditions; a then-value from above becomes a select.
// CHECK-LABEL: func @nested
// CHECK: %[[AND:.*]] = arith.andi %arg0, %arg1 : i1
// CHECK: %[[SEL:.*]] = arith.select %arg0, %arg2, %arg3 : i32
// CHECK: scf.if %[[AND]] {
// CHECK-NEXT: func.call @run()
// CHECK-NEXT: }
// CHECK: return %[[SEL]]
func.func @nested(%c: i1, %d: i1, %x: i32, %y: i32) -> i32 {
  %r = scf.if %c -> i32 {
    scf.if %d {
      func.call @run() : () -> ()
    }
    scf.yield %x : i32
  } else {
    scf.yield %y : i32
  }
  return %r : i32
}

// The outer if yields a value made in its then region: unchanged.
// CHECK-LABEL: func @nested_kept
// CHECK: scf.if %arg0 -> (i32) {
// CHECK:   scf.if %arg1 {
func.func @nested_kept(%c: i1, %d: i1, %y: i32) -> i32 {
  %r = scf.if %c -> i32 {
    scf.if %d {
      func.call @run() : () -> ()
    }
    %v = func.call @a() : () -> i32
    scf.yield %v : i32
  } else {
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

func.func private @a() -> i32
func.func private @b(i32) -> i32
func.func private @c(i32) -> i32
func.func private @run() -> ()

// Consecutive ifs on the same condition merge; the second's uses of the first's results take
// the values yielded in the matching region.
// CHECK-LABEL: func @consecutive
// CHECK: %[[R:.*]]:2 = scf.if %arg0 -> (i32, i32) {
// CHECK:   %[[X:.*]] = func.call @a()
// CHECK:   %[[Y:.*]] = func.call @b(%[[X]])
// CHECK:   scf.yield %[[X]], %[[Y]]
// CHECK: } else {
// CHECK:   %[[Z:.*]] = func.call @c(%arg1)
// CHECK:   scf.yield %arg1, %[[Z]]
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @consecutive(%c: i1, %v: i32) -> (i32, i32) {
  %r = scf.if %c -> i32 {
    %x = func.call @a() : () -> i32
    scf.yield %x : i32
  } else {
    scf.yield %v : i32
  }
  %s = scf.if %c -> i32 {
    %y = func.call @b(%r) : (i32) -> i32
    scf.yield %y : i32
  } else {
    %z = func.call @c(%r) : (i32) -> i32
    scf.yield %z : i32
  }
  return %r, %s : i32, i32
}

// The second condition is the negation of the first: its then region joins the else side.
// CHECK-LABEL: func @consecutive_negated
// CHECK: scf.if %arg0 {
// CHECK-NEXT: func.call @run()
// CHECK-NEXT: } else {
// CHECK-NEXT: func.call @run()
// CHECK-NEXT: }
func.func @consecutive_negated(%c: i1) {
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  scf.if %c {
    func.call @run() : () -> ()
  }
  scf.if %n {
    func.call @run() : () -> ()
  }
  return
}

// Different conditions, or another op in between: unchanged.
// CHECK-LABEL: func @not_consecutive
// CHECK-COUNT-3: scf.if
func.func @not_consecutive(%c: i1, %d: i1) {
  scf.if %c {
    func.call @run() : () -> ()
  }
  scf.if %d {
    func.call @run() : () -> ()
  }
  func.call @run() : () -> ()
  scf.if %d {
    func.call @run() : () -> ()
  }
  return
}
