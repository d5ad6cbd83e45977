// UNSUPPORTED: upstream-as-flowgate
// RUN: %onnx-opt %s -split-input-file -legalize-int-widths | FileCheck %s --implicit-check-not='{{[ (]i(3|5|17|33)([^0-9]|$)}}'
// The output verifies, and a second run finds nothing odd left to change.
// RUN: %onnx-opt %s -split-input-file -legalize-int-widths | %onnx-opt -split-input-file -legalize-int-widths | FileCheck %s --implicit-check-not='{{[ (]i(3|5|17|33)([^0-9]|$)}}'

// Issue 23: odd-width integers move to the next machine width and stay sign-extended from
// their declared width. Wrapping ops are followed by a sign-extend-in-register (shli, shrsi by
// M - N); the overflow flags go, since they spoke of N bits.

// CHECK-LABEL: func.func @wrap(
// CHECK-SAME:      %[[A:.*]]: i8, %[[B:.*]]: i8) -> i8
// CHECK:         %[[S:.*]] = arith.addi %[[A]], %[[B]] : i8
// CHECK-NEXT:    %[[K:.*]] = arith.constant 5 : i8
// CHECK-NEXT:    %[[T:.*]] = arith.shli %[[S]], %[[K]] : i8
// CHECK-NEXT:    %[[N:.*]] = arith.shrsi %[[T]], %[[K]] : i8
// CHECK-NEXT:    return %[[N]] : i8
func.func @wrap(%a: i3, %b: i3) -> i3 {
  %s = arith.addi %a, %b overflow<nsw> : i3
  return %s : i3
}

// -----

// Ops that read their operands as unsigned get them zero-extended-in-register first; ops
// that are right on sign-extended values (cmpi of any predicate, andi, remsi, shrsi) stay.
// CHECK-LABEL: func.func @unsigned(
// CHECK-SAME:      %[[A:.*]]: i32, %[[B:.*]]: i32) -> (i32, i1, i32)
// CHECK:         %[[M1:.*]] = arith.constant 131071 : i32
// CHECK-NEXT:    %[[ZA:.*]] = arith.andi %[[A]], %[[M1]] : i32
// CHECK-NEXT:    %[[M2:.*]] = arith.constant 131071 : i32
// CHECK-NEXT:    %[[ZB:.*]] = arith.andi %[[B]], %[[M2]] : i32
// CHECK-NEXT:    %[[Q:.*]] = arith.divui %[[ZA]], %[[ZB]] : i32
// CHECK-NEXT:    %[[K:.*]] = arith.constant 15 : i32
// CHECK-NEXT:    %[[T:.*]] = arith.shli %[[Q]], %[[K]] : i32
// CHECK-NEXT:    %[[N:.*]] = arith.shrsi %[[T]], %[[K]] : i32
// CHECK-NEXT:    %[[C:.*]] = arith.cmpi ult, %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[R:.*]] = arith.remsi %[[A]], %[[B]] : i32
// CHECK-NEXT:    return %[[N]], %[[C]], %[[R]] : i32, i1, i32
func.func @unsigned(%a: i17, %b: i17) -> (i17, i1, i17) {
  %q = arith.divui %a, %b : i17
  %c = arith.cmpi ult, %a, %b : i17
  %r = arith.remsi %a, %b : i17
  return %q, %c, %r : i17, i1, i17
}

// -----

// Constants keep their value, sign-extended; extensions and truncations between widths that
// share a machine width become the in-register forms or vanish.
// CHECK-LABEL: func.func @casts(
// CHECK-SAME:      %[[A:.*]]: i8) -> (i8, i8, i64, i64, i32)
// CHECK:         %[[C:.*]] = arith.constant -4 : i8
// CHECK-NEXT:    %[[M:.*]] = arith.constant 7 : i8
// CHECK-NEXT:    %[[Z:.*]] = arith.andi %[[A]], %[[M]] : i8
// CHECK-NEXT:    %[[M3:.*]] = arith.constant 7 : i8
// CHECK-NEXT:    %[[Z3:.*]] = arith.andi %[[A]], %[[M3]] : i8
// CHECK-NEXT:    %[[U:.*]] = arith.extui %[[Z3]] : i8 to i64
// CHECK-NEXT:    %[[S:.*]] = arith.extsi %[[A]] : i8 to i64
// CHECK-NEXT:    %[[W:.*]] = arith.trunci %[[S]] : i64 to i32
// CHECK-NEXT:    %[[K:.*]] = arith.constant 15 : i32
// CHECK-NEXT:    %[[T:.*]] = arith.shli %[[W]], %[[K]] : i32
// CHECK-NEXT:    %[[N:.*]] = arith.shrsi %[[T]], %[[K]] : i32
// CHECK-NEXT:    return %[[C]], %[[Z]], %[[U]], %[[S]], %[[N]] : i8, i8, i64, i64, i32
func.func @casts(%a: i3) -> (i5, i5, i64, i64, i17) {
  %c = arith.constant 28 : i5
  %e = arith.extsi %a : i3 to i5
  %z = arith.extui %a : i3 to i5
  %u = arith.extui %a : i3 to i64
  %s = arith.extsi %a : i3 to i64
  %t = arith.trunci %s : i64 to i17
  return %c, %z, %u, %s, %t : i5, i5, i64, i64, i17
}

// -----

// Block arguments, branch operands, calls, switch cases and memref elements change type with
// the values they carry.
// CHECK-LABEL: func.func @carriers(
// CHECK-SAME:      %[[A:.*]]: i64, %[[M:.*]]: memref<4xi64>) -> i64
// CHECK:         cf.switch %[[A]] : i64, [
// CHECK-NEXT:      default: ^bb1(%[[A]] : i64),
// CHECK-NEXT:      -1: ^bb1(%{{.*}} : i64)
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^bb1(%[[X:.*]]: i64):
// CHECK:         memref.store %[[X]], %[[M]][%{{.*}}] : memref<4xi64>
// CHECK-NEXT:    %[[R:.*]] = call @carriers(%[[X]], %[[M]]) : (i64, memref<4xi64>) -> i64
// CHECK-NEXT:    return %[[R]] : i64
func.func @carriers(%a: i33, %m: memref<4xi33>) -> i33 {
  %c = arith.constant 8589934591 : i33
  cf.switch %a : i33, [
    default: ^bb1(%a : i33),
    8589934591: ^bb1(%c : i33)
  ]
^bb1(%x: i33):
  %i = arith.constant 0 : index
  memref.store %x, %m[%i] : memref<4xi33>
  %r = func.call @carriers(%x, %m) : (i33, memref<4xi33>) -> i33
  return %r : i33
}
