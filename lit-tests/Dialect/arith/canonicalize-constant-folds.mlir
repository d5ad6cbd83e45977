// RUN: %onnx-opt %s --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: func @fold_integer_constants
// CHECK-DAG: %[[A:.*]] = arith.constant 12 : i32
// CHECK-DAG: %[[B:.*]] = arith.constant -128 : i8
// CHECK-DAG: %[[C:.*]] = arith.constant -3 : i32
// CHECK-DAG: %[[D:.*]] = arith.constant 127 : i8
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]]
func.func @fold_integer_constants() -> (i32, i8, i32, i8) {
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c7, %c5 : i32
  %c127 = arith.constant 127 : i8
  %c1 = arith.constant 1 : i8
  %1 = arith.addi %c127, %c1 : i8
  %cm7 = arith.constant -7 : i32
  %c2 = arith.constant 2 : i32
  %2 = arith.divsi %cm7, %c2 : i32
  %cm1 = arith.constant -1 : i8
  %c2_i8 = arith.constant 2 : i8
  %3 = arith.divui %cm1, %c2_i8 : i8
  return %0, %1, %2, %3 : i32, i8, i32, i8
}

// -----

// CHECK-LABEL: func @no_fold_division_by_zero
// CHECK: arith.divsi
// CHECK: arith.remui
func.func @no_fold_division_by_zero() -> (i32, i32) {
  %c7 = arith.constant 7 : i32
  %c0 = arith.constant 0 : i32
  %0 = arith.divsi %c7, %c0 : i32
  %1 = arith.remui %c7, %c0 : i32
  return %0, %1 : i32, i32
}

// -----

// CHECK-LABEL: func @identities
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-DAG: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: return %[[A]], %[[A]], %[[Z]], %[[A]], %[[Z]], %[[Z]]
func.func @identities(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.muli %c1, %a : i32
  %2 = arith.muli %a, %c0 : i32
  %3 = arith.andi %a, %a : i32
  %4 = arith.xori %a, %a : i32
  %5 = arith.subi %a, %a : i32
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i32
}

// -----

// CHECK-LABEL: func @float_folds
// CHECK-DAG: %[[A:.*]] = arith.constant 3.750000e+00 : f32
// CHECK-DAG: %[[B:.*]] = arith.constant 0x7FC00000 : f32
// CHECK-DAG: %[[C:.*]] = arith.constant 2.048000e+03 : f16
// CHECK: return %[[A]], %[[B]], %[[C]]
func.func @float_folds() -> (f32, f32, f16) {
  %a = arith.constant 1.5 : f32
  %b = arith.constant 2.25 : f32
  %0 = arith.addf %a, %b : f32
  %nan = arith.constant 0x7FC00000 : f32
  %1 = arith.maximumf %nan, %a : f32
  %h = arith.constant 2048.0 : f16
  %h1 = arith.constant 1.0 : f16
  %2 = arith.addf %h, %h1 : f16
  return %0, %1, %2 : f32, f32, f16
}

// -----

// CHECK-LABEL: func @cmp_folds
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK: return %[[T]], %[[F]], %[[T]], %[[T]]
func.func @cmp_folds(%a: i32) -> (i1, i1, i1, i1) {
  %cm1 = arith.constant -1 : i32
  %c1 = arith.constant 1 : i32
  %0 = arith.cmpi slt, %cm1, %c1 : i32
  %1 = arith.cmpi ult, %cm1, %c1 : i32
  %2 = arith.cmpi sge, %a, %a : i32
  %nan = arith.constant 0x7FC00000 : f32
  %x = arith.constant 1.0 : f32
  %3 = arith.cmpf uno, %nan, %x : f32
  return %0, %1, %2, %3 : i1, i1, i1, i1
}

// -----

// CHECK-LABEL: func @select_folds
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK: return %[[A]], %[[B]], %[[C]]
func.func @select_folds(%c: i1, %a: i32, %b: i32) -> (i32, i32, i1) {
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.select %t, %a, %b : i32
  %1 = arith.select %c, %b, %b : i32
  %2 = arith.select %c, %t, %f : i1
  return %0, %1, %2 : i32, i32, i1
}

// -----

// CHECK-LABEL: func @select_not
// CHECK-SAME: (%[[C:.*]]: i1)
// CHECK: %[[T:.*]] = arith.constant true
// CHECK: %[[X:.*]] = arith.xori %[[C]], %[[T]] : i1
// CHECK: return %[[X]]
func.func @select_not(%c: i1) -> i1 {
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.select %c, %f, %t : i1
  return %0 : i1
}

// -----

// CHECK-LABEL: func @add_add_constant
// CHECK-SAME: (%[[A:.*]]: i32)
// CHECK: %[[C:.*]] = arith.constant 5 : i32
// CHECK: %[[R:.*]] = arith.addi %[[A]], %[[C]] : i32
// CHECK: return %[[R]]
func.func @add_add_constant(%a: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %0 = arith.addi %a, %c2 : i32
  %1 = arith.addi %0, %c3 : i32
  return %1 : i32
}

// -----

// CHECK-LABEL: func @sub_add_constant
// CHECK-SAME: (%[[A:.*]]: i32)
// CHECK: %[[C:.*]] = arith.constant -1 : i32
// CHECK: %[[R:.*]] = arith.addi %[[A]], %[[C]] : i32
// CHECK: return %[[R]]
func.func @sub_add_constant(%a: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %0 = arith.addi %a, %c2 : i32
  %1 = arith.subi %0, %c3 : i32
  return %1 : i32
}

// -----

// CHECK-LABEL: func @mul_mul_constant
// CHECK-SAME: (%[[A:.*]]: i32)
// CHECK: %[[C:.*]] = arith.constant 6 : i32
// CHECK: %[[R:.*]] = arith.muli %[[A]], %[[C]] : i32
// CHECK: return %[[R]]
func.func @mul_mul_constant(%a: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %0 = arith.muli %a, %c2 : i32
  %1 = arith.muli %0, %c3 : i32
  return %1 : i32
}

// -----

// CHECK-LABEL: func @not_cmpi
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK: %[[R:.*]] = arith.cmpi sge, %[[A]], %[[B]] : i32
// CHECK: return %[[R]]
func.func @not_cmpi(%a: i32, %b: i32) -> i1 {
  %t = arith.constant true
  %0 = arith.cmpi slt, %a, %b : i32
  %1 = arith.xori %0, %t : i1
  return %1 : i1
}

// -----

// CHECK-LABEL: func @cmpi_of_extensions
// CHECK-SAME: (%[[A:.*]]: i8, %[[B:.*]]: i8)
// CHECK: %[[R:.*]] = arith.cmpi eq, %[[A]], %[[B]] : i8
// CHECK: return %[[R]]
func.func @cmpi_of_extensions(%a: i8, %b: i8) -> i1 {
  %0 = arith.extui %a : i8 to i32
  %1 = arith.extui %b : i8 to i32
  %2 = arith.cmpi eq, %0, %1 : i32
  return %2 : i1
}

// -----

// CHECK-LABEL: func @cast_folds
// CHECK-DAG: %[[A:.*]] = arith.constant 255 : i32
// CHECK-DAG: %[[B:.*]] = arith.constant 1 : i8
// CHECK-DAG: %[[C:.*]] = arith.constant -3.000000e+00 : f32
// CHECK-DAG: %[[D:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[E:.*]] = arith.constant 1065353216 : i32
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]]
func.func @cast_folds() -> (i32, i8, f32, i32, i32) {
  %cm1 = arith.constant -1 : i8
  %0 = arith.extui %cm1 : i8 to i32
  %c257 = arith.constant 257 : i32
  %1 = arith.trunci %c257 : i32 to i8
  %cm3 = arith.constant -3 : i32
  %2 = arith.sitofp %cm3 : i32 to f32
  %f = arith.constant 2.7 : f32
  %3 = arith.fptosi %f : f32 to i32
  %one = arith.constant 1.0 : f32
  %4 = arith.bitcast %one : f32 to i32
  return %0, %1, %2, %3, %4 : i32, i8, f32, i32, i32
}

// -----

// CHECK-LABEL: func @vector_folds
// CHECK-DAG: %[[A:.*]] = arith.constant dense<[4, 6]> : vector<2xi32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<[true, false]> : vector<2xi1>
// CHECK: return %[[A]], %[[B]]
func.func @vector_folds() -> (vector<2xi32>, vector<2xi1>) {
  %a = arith.constant dense<[1, 2]> : vector<2xi32>
  %b = arith.constant dense<[3, 4]> : vector<2xi32>
  %0 = arith.addi %a, %b : vector<2xi32>
  %c = arith.constant dense<2> : vector<2xi32>
  %1 = arith.cmpi slt, %a, %c : vector<2xi32>
  return %0, %1 : vector<2xi32>, vector<2xi1>
}

// -----

// CHECK-LABEL: func @cast_chains
// CHECK-SAME: (%[[A:.*]]: i8)
// CHECK-DAG: %[[U:.*]] = arith.extui %[[A]] : i8 to i64
// CHECK-DAG: %[[S:.*]] = arith.extsi %[[A]] : i8 to i64
// CHECK-DAG: %[[T:.*]] = arith.trunci %[[A]] : i8 to i4
// CHECK-DAG: %[[N:.*]] = arith.extui %[[A]] : i8 to i16
// CHECK: return %[[U]], %[[S]], %[[T]], %[[N]], %[[A]]
func.func @cast_chains(%a: i8) -> (i64, i64, i4, i16, i8) {
  %0 = arith.extui %a : i8 to i16
  %1 = arith.extui %0 : i16 to i64
  %2 = arith.extsi %a : i8 to i16
  %3 = arith.extsi %2 : i16 to i64
  %4 = arith.extsi %a : i8 to i64
  %5 = arith.trunci %4 : i64 to i4
  %6 = arith.extui %a : i8 to i64
  %7 = arith.trunci %6 : i64 to i16
  %8 = arith.trunci %4 : i64 to i8
  return %1, %3, %5, %7, %8 : i64, i64, i4, i16, i8
}
