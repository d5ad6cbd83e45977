// RUN: %onnx-opt %s --canonicalize --split-input-file | FileCheck %s

// Constants on either side of subi combine (flags of both ops merged).
// CHECK-LABEL: func @constants_around_subi
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : i32
// CHECK-DAG: %[[CM4:.*]] = arith.constant -4 : i32
// CHECK-DAG: %[[A:.*]] = arith.addi %arg0, %[[C4]] overflow<nsw> : i32
// CHECK-DAG: %[[B:.*]] = arith.subi %[[C6]], %arg0 : i32
// CHECK-DAG: %[[C:.*]] = arith.subi %[[C4]], %arg0 : i32
// CHECK-DAG: %[[D:.*]] = arith.subi %arg0, %[[C6]] : i32
// CHECK-DAG: %[[E:.*]] = arith.subi %[[CM4]], %arg0 : i32
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]]
func.func @constants_around_subi(%x: i32) -> (i32, i32, i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  %s = arith.subi %x, %c1 overflow<nsw> : i32
  %0 = arith.addi %s, %c5 overflow<nsw> : i32
  %t = arith.subi %c1, %x : i32
  %1 = arith.addi %t, %c5 : i32
  %a = arith.addi %x, %c1 : i32
  %2 = arith.subi %c5, %a : i32
  %u = arith.subi %x, %c1 : i32
  %3 = arith.subi %u, %c5 : i32
  %4 = arith.subi %t, %c5 : i32
  return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i32
}

// Non-constant operands: unchanged.
// CHECK-LABEL: func @variables_around_subi
// CHECK: arith.subi %arg0, %arg1
// CHECK: arith.addi
func.func @variables_around_subi(%x: i32, %y: i32, %z: i32) -> i32 {
  %s = arith.subi %x, %y : i32
  %0 = arith.addi %s, %z : i32
  return %0 : i32
}

// -----

// CHECK-LABEL: func @negations
// CHECK-DAG: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[A:.*]] = arith.subi %arg1, %arg0 : i32
// CHECK-DAG: %[[B:.*]] = arith.subi %[[Z]], %arg1 : i32
// CHECK: return %[[A]], %[[B]]
func.func @negations(%x: i32, %y: i32) -> (i32, i32) {
  %m1 = arith.constant -1 : i32
  %n = arith.muli %x, %m1 : i32
  %0 = arith.addi %n, %y : i32
  %s = arith.subi %x, %y : i32
  %1 = arith.subi %s, %x : i32
  return %0, %1 : i32, i32
}

// -----

// CHECK-LABEL: func @extended_with_unused_high
// CHECK-DAG: %[[S:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-DAG: %[[M:.*]] = arith.muli %arg0, %arg1 : i32
// CHECK-DAG: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[N:.*]] = arith.cmpi slt, %arg0, %[[Z]] : i32
// CHECK-DAG: %[[H:.*]] = arith.extsi %[[N]] : i1 to i32
// CHECK: return %[[S]], %[[M]], %arg0, %[[H]]
func.func @extended_with_unused_high(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %s, %o = arith.addui_extended %a, %b : i32, i1
  %l, %h = arith.mului_extended %a, %b : i32
  %c1 = arith.constant 1 : i32
  %l1, %h1 = arith.mulsi_extended %a, %c1 : i32
  return %s, %l, %l1, %h1 : i32, i32, i32, i32
}

// Both results used: unchanged.
// CHECK-LABEL: func @extended_used
// CHECK: arith.mului_extended
func.func @extended_used(%a: i32, %b: i32) -> (i32, i32) {
  %l, %h = arith.mului_extended %a, %b : i32
  return %l, %h : i32, i32
}

// -----

// CHECK-LABEL: func @casts
// CHECK-DAG: %[[A:.*]] = arith.index_cast %arg0 : i8 to index
// CHECK-DAG: %[[B:.*]] = arith.index_castui %arg0 : i8 to index
// CHECK-DAG: %[[S:.*]] = arith.shrui %arg1, %{{.*}} : i64
// CHECK-DAG: %[[T:.*]] = arith.trunci %[[S]] : i64 to i32
// CHECK-DAG: %[[F:.*]] = arith.sitofp %arg2 : i32 to f32
// CHECK: return %[[A]], %[[B]], %[[T]], %[[F]], %arg3, %arg4
func.func @casts(%a: i8, %w: i64, %i: i32, %x: f32, %h: f16) -> (index, index, i32, f32, f32, f16) {
  %e = arith.extsi %a : i8 to i32
  %0 = arith.index_cast %e : i32 to index
  %u = arith.extui %a : i8 to i32
  %1 = arith.index_castui %u : i32 to index
  %c32 = arith.constant 32 : i64
  %s = arith.shrsi %w, %c32 : i64
  %2 = arith.trunci %s : i64 to i32
  %f = arith.sitofp %i : i32 to f64
  %3 = arith.truncf %f : f64 to f32
  %t = arith.truncf %x fastmath<contract> : f32 to f16
  %4 = arith.extf %t fastmath<contract> : f16 to f32
  %g = arith.extf %h : f16 to f32
  %5 = arith.truncf %g : f32 to f16
  return %0, %1, %2, %3, %4, %5 : index, index, i32, f32, f32, f16
}

// A shift by other than the truncated width, a rounding intermediate conversion, a round trip
// without contraction: unchanged.
// CHECK-LABEL: func @casts_kept
// CHECK: arith.shrsi
// CHECK: arith.sitofp %arg1 : i64 to f64
// CHECK: arith.truncf
// CHECK: arith.truncf
// CHECK: arith.extf
func.func @casts_kept(%w: i64, %j: i64, %x: f32) -> (i32, f32, f32) {
  %c31 = arith.constant 31 : i64
  %s = arith.shrsi %w, %c31 : i64
  %0 = arith.trunci %s : i64 to i32
  %f = arith.sitofp %j : i64 to f64
  %1 = arith.truncf %f : f64 to f32
  %t = arith.truncf %x : f32 to f16
  %2 = arith.extf %t : f16 to f32
  return %0, %1, %2 : i32, f32, f32
}

// -----

// The merged flags stay only when the combined constant fits: (x - 2) + 1 is x + -1, which
// as an unsigned addition wraps, so `nuw` goes (upstream keeps it).
// CHECK-LABEL: func @flags_of_combined_constants
// CHECK: arith.addi %arg0, %{{.*}} overflow<nsw> : i32
// CHECK: arith.addi %arg0, %{{.*}} overflow<nsw, nuw> : i32
func.func @flags_of_combined_constants(%x: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %s = arith.subi %x, %c2 overflow<nsw, nuw> : i32
  %0 = arith.addi %s, %c1 overflow<nsw, nuw> : i32
  %t = arith.subi %x, %c1 overflow<nsw, nuw> : i32
  %1 = arith.addi %t, %c2 overflow<nsw, nuw> : i32
  return %0, %1 : i32, i32
}
