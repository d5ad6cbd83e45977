// RUN: %onnx-opt %s -canonicalize -split-input-file | FileCheck %s
// UNSUPPORTED: upstream-as-flowgate

// Issue 11: the zero- and one-trip folds of scf.for count in the loop's width and signedness,
// with wrapping increments, exactly as the lowering runs the loop. (Upstream's own folder
// gets the reverse i1 loop wrong, so this is Flowgate-only.)

// A signed i1 loop from false (0) to true (-1) runs no iteration.
// CHECK-LABEL: func.func @i1_forward(
// CHECK-SAME:      %[[X:.*]]: i64) -> i64
// CHECK-NEXT:    return %[[X]] : i64
func.func @i1_forward(%x: i64) -> i64 {
  %false = arith.constant false
  %true = arith.constant true
  %r = scf.for %i = %false to %true step %true iter_args(%a = %x) -> (i64) : i1 {
    %n = arith.addi %a, %a : i64
    scf.yield %n : i64
  }
  return %r : i64
}

// -----

// From true (-1) to false (0): one iteration, with %i = true.
// CHECK-LABEL: func.func @i1_reverse(
// CHECK-SAME:      %[[X:.*]]: i64) -> i64
// CHECK-NOT:     scf.for
// CHECK:         %[[N:.*]] = arith.addi %[[X]], %[[X]] : i64
// CHECK-NEXT:    return %[[N]] : i64
func.func @i1_reverse(%x: i64) -> i64 {
  %false = arith.constant false
  %true = arith.constant true
  %r = scf.for %i = %true to %false step %true iter_args(%a = %x) -> (i64) : i1 {
    %n = arith.addi %a, %a : i64
    scf.yield %n : i64
  }
  return %r : i64
}

// -----

// Unsigned, the same i1 loops swap: false to true runs once, true to false never.
// CHECK-LABEL: func.func @i1_unsigned(
// CHECK-SAME:      %[[X:.*]]: i64) -> i64
// CHECK-NOT:     scf.for
// CHECK:         %[[N:.*]] = arith.addi %[[X]], %[[X]] : i64
// CHECK-NEXT:    return %[[N]] : i64
func.func @i1_unsigned(%x: i64) -> i64 {
  %false = arith.constant false
  %true = arith.constant true
  %r = scf.for unsigned %i = %false to %true step %true iter_args(%a = %x) -> (i64) : i1 {
    %n = arith.addi %a, %a : i64
    scf.yield %n : i64
  }
  %s = scf.for unsigned %i = %true to %false step %true iter_args(%a = %r) -> (i64) : i1 {
    %n = arith.muli %a, %a : i64
    scf.yield %n : i64
  }
  return %s : i64
}

// -----

// 100 + 100 wraps to -56 as an i8, below the bound: the loop does not stop after one trip.
// CHECK-LABEL: func.func @i8_wrapping_step(
// CHECK:         scf.for
func.func @i8_wrapping_step(%x: i64) -> i64 {
  %lb = arith.constant 100 : i8
  %ub = arith.constant 120 : i8
  %r = scf.for %i = %lb to %ub step %lb iter_args(%a = %x) -> (i64) : i8 {
    %n = arith.addi %a, %a : i64
    scf.yield %n : i64
  }
  return %r : i64
}

// -----

// Near the top of i64 the increment wraps too; the loop stays.
// CHECK-LABEL: func.func @i64_wrapping_step(
// CHECK:         scf.for
func.func @i64_wrapping_step(%x: i64) -> i64 {
  %lb = arith.constant 9223372036854775800 : i64
  %ub = arith.constant 9223372036854775807 : i64
  %step = arith.constant 100 : i64
  %r = scf.for %i = %lb to %ub step %step iter_args(%a = %x) -> (i64) : i64 {
    %n = arith.addi %a, %a : i64
    scf.yield %n : i64
  }
  return %r : i64
}

// -----

// An unsigned loop compares and steps unsigned: 0 to 255 step 255 is one trip (the old
// verifier rejected 255 : i8 as a negative step).
// CHECK-LABEL: func.func @u8_one_trip(
// CHECK-SAME:      %[[X:.*]]: i64) -> i64
// CHECK-NOT:     scf.for
// CHECK:         %[[N:.*]] = arith.addi %[[X]], %[[X]] : i64
// CHECK-NEXT:    return %[[N]] : i64
func.func @u8_one_trip(%x: i64) -> i64 {
  %lb = arith.constant 0 : i8
  %ub = arith.constant 255 : i8
  %r = scf.for unsigned %i = %lb to %ub step %ub iter_args(%a = %x) -> (i64) : i8 {
    %n = arith.addi %a, %a : i64
    scf.yield %n : i64
  }
  return %r : i64
}

// -----

// Unsigned, 200 : i8 is above 100: no trip (signed, -56 < 100 would run).
// CHECK-LABEL: func.func @u8_zero_trip(
// CHECK-SAME:      %[[X:.*]]: i64) -> i64
// CHECK-NEXT:    return %[[X]] : i64
func.func @u8_zero_trip(%x: i64) -> i64 {
  %lb = arith.constant 200 : i8
  %ub = arith.constant 100 : i8
  %step = arith.constant 1 : i8
  %r = scf.for unsigned %i = %lb to %ub step %step iter_args(%a = %x) -> (i64) : i8 {
    %n = arith.addi %a, %a : i64
    scf.yield %n : i64
  }
  return %r : i64
}

// -----

// Index: INT64_MIN to 0 step INT64_MAX runs twice (-2^63, then -1): kept.
// CHECK-LABEL: func.func @index_extremes(
// CHECK:         scf.for
func.func @index_extremes(%x: i64) -> i64 {
  %lb = arith.constant -9223372036854775808 : index
  %ub = arith.constant 0 : index
  %step = arith.constant 9223372036854775807 : index
  %r = scf.for %i = %lb to %ub step %step iter_args(%a = %x) -> (i64) {
    %n = arith.addi %a, %a : i64
    scf.yield %n : i64
  }
  return %r : i64
}

// -----

func.func private @use(i32) -> ()

// An upper bound `lb + c` that cannot overflow in the loop's signedness: c <= 0 runs no
// iteration, c equal to the step runs one.
// CHECK-LABEL: func @offset_bounds
// CHECK-NOT: scf.for
// CHECK: call @use(%arg0)
// CHECK: call @use(%arg0)
// CHECK-NOT: scf.for
// CHECK: return
func.func @offset_bounds(%lb: i32) {
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %cm3 = arith.constant -3 : i32
  %ub0 = arith.addi %lb, %cm3 overflow<nsw> : i32
  scf.for %i = %lb to %ub0 step %c1 : i32 {
    func.call @use(%i) : (i32) -> ()
  }
  %ub1 = arith.addi %lb, %c3 overflow<nsw> : i32
  scf.for %i = %lb to %ub1 step %c3 : i32 {
    func.call @use(%i) : (i32) -> ()
  }
  %ub2 = arith.addi %lb, %c1 overflow<nuw> : i32
  scf.for unsigned %i = %lb to %ub2 step %c1 : i32 {
    func.call @use(%i) : (i32) -> ()
  }
  return
}

// Unchanged: no overflow flag for the loop's signedness, several trips, a step larger than
// the offset (an increment past the bound can wrap back below it when lb is near the maximum),
// a non-constant step.
// CHECK-LABEL: func @offset_bounds_kept
// CHECK-COUNT-5: scf.for
func.func @offset_bounds_kept(%lb: i32, %s: i32) {
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  %ub0 = arith.addi %lb, %c1 overflow<nuw> : i32
  scf.for %i = %lb to %ub0 step %c1 : i32 {
    func.call @use(%i) : (i32) -> ()
  }
  %ub1 = arith.addi %lb, %c5 overflow<nsw> : i32
  scf.for %i = %lb to %ub1 step %c1 : i32 {
    func.call @use(%i) : (i32) -> ()
  }
  %ub2 = arith.addi %lb, %c1 overflow<nsw> : i32
  scf.for %i = %lb to %ub2 step %c5 : i32 {
    func.call @use(%i) : (i32) -> ()
  }
  scf.for %i = %lb to %ub2 step %s : i32 {
    func.call @use(%i) : (i32) -> ()
  }
  %ub3 = arith.addi %lb, %c1 overflow<nsw> : i32
  scf.for unsigned %i = %lb to %ub3 step %c1 : i32 {
    func.call @use(%i) : (i32) -> ()
  }
  return
}
