// RUN: %onnx-opt %s -canonicalize | FileCheck %s

// Folds of every arith op with constant operands, and arith's canonicalization patterns.
// Constants that canonicalize leaves are matched in any order (DAG checks), as that order is not the point.


// CHECK-LABEL: func.func @fold_addi(
// CHECK-SAME: ) -> i32 {
// CHECK-NEXT: %[[C9_I32:.*]] = arith.constant 9 : i32
// CHECK-NEXT: return %[[C9_I32]] : i32
// CHECK-NEXT: }
func.func @fold_addi() -> i32 {
  %c7 = arith.constant 7 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c7, %c2 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @fold_addi_wraps(
// CHECK-SAME: ) -> i8 {
// CHECK-NEXT: %[[C_128_I8:.*]] = arith.constant -128 : i8
// CHECK-NEXT: return %[[C_128_I8]] : i8
// CHECK-NEXT: }
func.func @fold_addi_wraps() -> i8 {
  %c127 = arith.constant 127 : i8
  %c1 = arith.constant 1 : i8
  %0 = arith.addi %c127, %c1 : i8
  return %0 : i8
}

// CHECK-LABEL: func.func @fold_subi(
// CHECK-SAME: ) -> i32 {
// CHECK-NEXT: %[[C_5_I32:.*]] = arith.constant -5 : i32
// CHECK-NEXT: return %[[C_5_I32]] : i32
// CHECK-NEXT: }
func.func @fold_subi() -> i32 {
  %c7 = arith.constant 7 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.subi %c2, %c7 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @fold_muli(
// CHECK-SAME: ) -> i32 {
// CHECK-NEXT: %[[C_14_I32:.*]] = arith.constant -14 : i32
// CHECK-NEXT: return %[[C_14_I32]] : i32
// CHECK-NEXT: }
func.func @fold_muli() -> i32 {
  %cm7 = arith.constant -7 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.muli %cm7, %c2 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @fold_divsi(
// CHECK-SAME: ) -> i32 {
// CHECK-NEXT: %[[C_3_I32:.*]] = arith.constant -3 : i32
// CHECK-NEXT: return %[[C_3_I32]] : i32
// CHECK-NEXT: }
func.func @fold_divsi() -> i32 {
  %cm7 = arith.constant -7 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.divsi %cm7, %c2 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @fold_divui(
// CHECK-SAME: ) -> i32 {
// CHECK-NEXT: %[[C2147483644_I32:.*]] = arith.constant 2147483644 : i32
// CHECK-NEXT: return %[[C2147483644_I32]] : i32
// CHECK-NEXT: }
func.func @fold_divui() -> i32 {
  %cm7 = arith.constant -7 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.divui %cm7, %c2 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @fold_ceildivsi(
// CHECK-SAME: ) -> i32 {
// CHECK-NEXT: %[[C4_I32:.*]] = arith.constant 4 : i32
// CHECK-NEXT: return %[[C4_I32]] : i32
// CHECK-NEXT: }
func.func @fold_ceildivsi() -> i32 {
  %c7 = arith.constant 7 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.ceildivsi %c7, %c2 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @fold_ceildivui(
// CHECK-SAME: ) -> i32 {
// CHECK-NEXT: %[[C2147483645_I32:.*]] = arith.constant 2147483645 : i32
// CHECK-NEXT: return %[[C2147483645_I32]] : i32
// CHECK-NEXT: }
func.func @fold_ceildivui() -> i32 {
  %cm7 = arith.constant -7 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.ceildivui %cm7, %c2 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @fold_floordivsi(
// CHECK-SAME: ) -> i32 {
// CHECK-NEXT: %[[C_4_I32:.*]] = arith.constant -4 : i32
// CHECK-NEXT: return %[[C_4_I32]] : i32
// CHECK-NEXT: }
func.func @fold_floordivsi() -> i32 {
  %cm7 = arith.constant -7 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.floordivsi %cm7, %c2 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @fold_remsi(
// CHECK-SAME: ) -> i32 {
// CHECK-NEXT: %[[C_1_I32:.*]] = arith.constant -1 : i32
// CHECK-NEXT: return %[[C_1_I32]] : i32
// CHECK-NEXT: }
func.func @fold_remsi() -> i32 {
  %cm7 = arith.constant -7 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.remsi %cm7, %c2 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @fold_remui(
// CHECK-SAME: ) -> i32 {
// CHECK-NEXT: %[[C1_I32:.*]] = arith.constant 1 : i32
// CHECK-NEXT: return %[[C1_I32]] : i32
// CHECK-NEXT: }
func.func @fold_remui() -> i32 {
  %cm7 = arith.constant -7 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.remui %cm7, %c2 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @no_fold_divsi_by_zero(
// CHECK-SAME: ) -> i32 {
// CHECK-DAG: %[[C7_I32:.*]] = arith.constant 7 : i32
// CHECK-DAG: %[[C0_I32:.*]] = arith.constant 0 : i32
// CHECK: %[[VAL_3:.*]] = arith.divsi %[[C7_I32]], %[[C0_I32]] : i32
// CHECK-NEXT: return %[[VAL_3]] : i32
// CHECK-NEXT: }
func.func @no_fold_divsi_by_zero() -> i32 {
  %c7 = arith.constant 7 : i32
  %c0 = arith.constant 0 : i32
  %0 = arith.divsi %c7, %c0 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @fold_bitwise(
// CHECK-SAME: ) -> (i32, i32, i32) {
// CHECK-DAG: %[[C8_I32:.*]] = arith.constant 8 : i32
// CHECK-DAG: %[[C14_I32:.*]] = arith.constant 14 : i32
// CHECK-DAG: %[[C6_I32:.*]] = arith.constant 6 : i32
// CHECK: return %[[C8_I32]], %[[C14_I32]], %[[C6_I32]] : i32, i32, i32
// CHECK-NEXT: }
func.func @fold_bitwise() -> (i32, i32, i32) {
  %c12 = arith.constant 12 : i32
  %c10 = arith.constant 10 : i32
  %and = arith.andi %c12, %c10 : i32
  %or = arith.ori %c12, %c10 : i32
  %xor = arith.xori %c12, %c10 : i32
  return %and, %or, %xor : i32, i32, i32
}

// CHECK-LABEL: func.func @fold_shifts(
// CHECK-SAME: ) -> (i8, i8, i8) {
// CHECK-DAG: %[[C_64_I8:.*]] = arith.constant -64 : i8
// CHECK-DAG: %[[C_4_I8:.*]] = arith.constant -4 : i8
// CHECK-DAG: %[[C60_I8:.*]] = arith.constant 60 : i8
// CHECK: return %[[C_64_I8]], %[[C_4_I8]], %[[C60_I8]] : i8, i8, i8
// CHECK-NEXT: }
func.func @fold_shifts() -> (i8, i8, i8) {
  %cm16 = arith.constant -16 : i8
  %c2 = arith.constant 2 : i8
  %shl = arith.shli %cm16, %c2 : i8
  %shrsi = arith.shrsi %cm16, %c2 : i8
  %shrui = arith.shrui %cm16, %c2 : i8
  return %shl, %shrsi, %shrui : i8, i8, i8
}

// CHECK-LABEL: func.func @no_fold_shift_too_large(
// CHECK-SAME: ) -> i8 {
// CHECK-DAG: %[[C1_I8:.*]] = arith.constant 1 : i8
// CHECK-DAG: %[[C9_I8:.*]] = arith.constant 9 : i8
// CHECK: %[[VAL_3:.*]] = arith.shli %[[C1_I8]], %[[C9_I8]] : i8
// CHECK-NEXT: return %[[VAL_3]] : i8
// CHECK-NEXT: }
func.func @no_fold_shift_too_large() -> i8 {
  %c1 = arith.constant 1 : i8
  %c9 = arith.constant 9 : i8
  %0 = arith.shli %c1, %c9 : i8
  return %0 : i8
}

// CHECK-LABEL: func.func @fold_int_minmax(
// CHECK-SAME: ) -> (i32, i32, i32, i32) {
// CHECK-DAG: %[[C5_I32:.*]] = arith.constant 5 : i32
// CHECK-DAG: %[[C_1_I32:.*]] = arith.constant -1 : i32
// CHECK: return %[[C5_I32]], %[[C_1_I32]], %[[C_1_I32]], %[[C5_I32]] : i32, i32, i32, i32
// CHECK-NEXT: }
func.func @fold_int_minmax() -> (i32, i32, i32, i32) {
  %cm1 = arith.constant -1 : i32
  %c5 = arith.constant 5 : i32
  %maxsi = arith.maxsi %cm1, %c5 : i32
  %maxui = arith.maxui %cm1, %c5 : i32
  %minsi = arith.minsi %cm1, %c5 : i32
  %minui = arith.minui %cm1, %c5 : i32
  return %maxsi, %maxui, %minsi, %minui : i32, i32, i32, i32
}

// CHECK-LABEL: func.func @fold_index(
// CHECK-SAME: ) -> index {
// CHECK-NEXT: %[[C12:.*]] = arith.constant 12 : index
// CHECK-NEXT: return %[[C12]] : index
// CHECK-NEXT: }
func.func @fold_index() -> index {
  %c6 = arith.constant 6 : index
  %c4 = arith.constant 4 : index
  %0 = arith.muli %c6, %c4 : index
  %1 = arith.floordivsi %0, %c4 : index
  %2 = arith.addi %1, %c6 : index
  return %2 : index
}

// CHECK-LABEL: func.func @fold_splat_vector(
// CHECK-SAME: ) -> vector<4xi32> {
// CHECK-NEXT: %[[CST:.*]] = arith.constant dense<12> : vector<4xi32>
// CHECK-NEXT: return %[[CST]] : vector<4xi32>
// CHECK-NEXT: }
func.func @fold_splat_vector() -> vector<4xi32> {
  %a = arith.constant dense<3> : vector<4xi32>
  %b = arith.constant dense<4> : vector<4xi32>
  %0 = arith.muli %a, %b : vector<4xi32>
  return %0 : vector<4xi32>
}

// CHECK-LABEL: func.func @fold_dense_tensor(
// CHECK-SAME: ) -> tensor<3xi32> {
// CHECK-NEXT: %[[CST:.*]] = arith.constant dense<[11, 22, 33]> : tensor<3xi32>
// CHECK-NEXT: return %[[CST]] : tensor<3xi32>
// CHECK-NEXT: }
func.func @fold_dense_tensor() -> tensor<3xi32> {
  %a = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %b = arith.constant dense<[10, 20, 30]> : tensor<3xi32>
  %0 = arith.addi %a, %b : tensor<3xi32>
  return %0 : tensor<3xi32>
}

// CHECK-LABEL: func.func @fold_addui_extended(
// CHECK-SAME: ) -> (i32, i1) {
// CHECK-DAG: %[[C1_I32:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK: return %[[C1_I32]], %[[TRUE]] : i32, i1
// CHECK-NEXT: }
func.func @fold_addui_extended() -> (i32, i1) {
  %cm1 = arith.constant -1 : i32
  %c2 = arith.constant 2 : i32
  %sum, %overflow = arith.addui_extended %cm1, %c2 : i32, i1
  return %sum, %overflow : i32, i1
}

// CHECK-LABEL: func.func @fold_mulsi_extended(
// CHECK-SAME: ) -> (i32, i32) {
// CHECK-DAG: %[[C_15_I32:.*]] = arith.constant -15 : i32
// CHECK-DAG: %[[C_1_I32:.*]] = arith.constant -1 : i32
// CHECK: return %[[C_15_I32]], %[[C_1_I32]] : i32, i32
// CHECK-NEXT: }
func.func @fold_mulsi_extended() -> (i32, i32) {
  %cm3 = arith.constant -3 : i32
  %c5 = arith.constant 5 : i32
  %low, %high = arith.mulsi_extended %cm3, %c5 : i32
  return %low, %high : i32, i32
}

// CHECK-LABEL: func.func @fold_mului_extended(
// CHECK-SAME: ) -> (i8, i8) {
// CHECK-DAG: %[[C88_I8:.*]] = arith.constant 88 : i8
// CHECK-DAG: %[[C2_I8:.*]] = arith.constant 2 : i8
// CHECK: return %[[C88_I8]], %[[C2_I8]] : i8, i8
// CHECK-NEXT: }
func.func @fold_mului_extended() -> (i8, i8) {
  %c200 = arith.constant 200 : i8
  %c3 = arith.constant 3 : i8
  %low, %high = arith.mului_extended %c200, %c3 : i8
  return %low, %high : i8, i8
}

// CHECK-LABEL: func.func @fold_float_binary(
// CHECK-SAME: ) -> (f32, f32, f32, f32, f32) {
// CHECK-DAG: %[[CST:.*]] = arith.constant 9.500000e+00 : f32
// CHECK-DAG: %[[CST_0:.*]] = arith.constant 5.500000e+00 : f32
// CHECK-DAG: %[[CST_1:.*]] = arith.constant 1.500000e+01 : f32
// CHECK-DAG: %[[CST_2:.*]] = arith.constant 3.750000e+00 : f32
// CHECK-DAG: %[[CST_3:.*]] = arith.constant 1.500000e+00 : f32
// CHECK: return %[[CST]], %[[CST_0]], %[[CST_1]], %[[CST_2]], %[[CST_3]] : f32, f32, f32, f32, f32
// CHECK-NEXT: }
func.func @fold_float_binary() -> (f32, f32, f32, f32, f32) {
  %a = arith.constant 7.5 : f32
  %b = arith.constant 2.0 : f32
  %add = arith.addf %a, %b : f32
  %sub = arith.subf %a, %b : f32
  %mul = arith.mulf %a, %b : f32
  %div = arith.divf %a, %b : f32
  %rem = arith.remf %a, %b : f32
  return %add, %sub, %mul, %div, %rem : f32, f32, f32, f32, f32
}

// CHECK-LABEL: func.func @fold_float_minmax(
// CHECK-SAME: ) -> (f32, f32, f32, f32) {
// CHECK-DAG: %[[CST:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[CST_0:.*]] = arith.constant 0x7FC00000 : f32
// CHECK: return %[[CST_0]], %[[CST_0]], %[[CST]], %[[CST]] : f32, f32, f32, f32
// CHECK-NEXT: }
func.func @fold_float_minmax() -> (f32, f32, f32, f32) {
  %nan = arith.constant 0x7FC00000 : f32
  %one = arith.constant 1.0 : f32
  %maximum = arith.maximumf %nan, %one : f32
  %minimum = arith.minimumf %one, %nan : f32
  %maxnum = arith.maxnumf %nan, %one : f32
  %minnum = arith.minnumf %one, %nan : f32
  return %maximum, %minimum, %maxnum, %minnum : f32, f32, f32, f32
}

// CHECK-LABEL: func.func @fold_negf(
// CHECK-SAME: ) -> f64 {
// CHECK-NEXT: %[[CST:.*]] = arith.constant -2.500000e+00 : f64
// CHECK-NEXT: return %[[CST]] : f64
// CHECK-NEXT: }
func.func @fold_negf() -> f64 {
  %c = arith.constant 2.5 : f64
  %0 = arith.negf %c : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @fold_divf_by_zero(
// CHECK-SAME: ) -> f32 {
// CHECK-NEXT: %[[CST:.*]] = arith.constant 0x7F800000 : f32
// CHECK-NEXT: return %[[CST]] : f32
// CHECK-NEXT: }
func.func @fold_divf_by_zero() -> f32 {
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %0 = arith.divf %one, %zero : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @fold_cmpi(
// CHECK-SAME: ) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK: return %[[FALSE]], %[[TRUE]], %[[TRUE]], %[[TRUE]], %[[FALSE]], %[[FALSE]], %[[FALSE]], %[[FALSE]], %[[TRUE]], %[[TRUE]] : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
// CHECK-NEXT: }
func.func @fold_cmpi() -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %cm1 = arith.constant -1 : i32
  %c1 = arith.constant 1 : i32
  %eq = arith.cmpi eq, %cm1, %c1 : i32
  %ne = arith.cmpi ne, %cm1, %c1 : i32
  %slt = arith.cmpi slt, %cm1, %c1 : i32
  %sle = arith.cmpi sle, %cm1, %c1 : i32
  %sgt = arith.cmpi sgt, %cm1, %c1 : i32
  %sge = arith.cmpi sge, %cm1, %c1 : i32
  %ult = arith.cmpi ult, %cm1, %c1 : i32
  %ule = arith.cmpi ule, %cm1, %c1 : i32
  %ugt = arith.cmpi ugt, %cm1, %c1 : i32
  %uge = arith.cmpi uge, %cm1, %c1 : i32
  return %eq, %ne, %slt, %sle, %sgt, %sge, %ult, %ule, %ugt, %uge : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

// CHECK-LABEL: func.func @fold_cmpf(
// CHECK-SAME: ) -> (i1, i1, i1, i1, i1, i1) {
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK: return %[[TRUE]], %[[FALSE]], %[[TRUE]], %[[FALSE]], %[[TRUE]], %[[TRUE]] : i1, i1, i1, i1, i1, i1
// CHECK-NEXT: }
func.func @fold_cmpf() -> (i1, i1, i1, i1, i1, i1) {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %olt = arith.cmpf olt, %one, %two : f32
  %oge = arith.cmpf oge, %one, %two : f32
  %ueq_nan = arith.cmpf ueq, %one, %nan : f32
  %oeq_nan = arith.cmpf oeq, %nan, %nan : f32
  %uno = arith.cmpf uno, %one, %nan : f32
  %ord = arith.cmpf ord, %one, %two : f32
  return %olt, %oge, %ueq_nan, %oeq_nan, %uno, %ord : i1, i1, i1, i1, i1, i1
}

// CHECK-LABEL: func.func @cmpi_same_operand(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK: return %[[TRUE]], %[[FALSE]], %[[FALSE]], %[[TRUE]], %[[FALSE]], %[[TRUE]], %[[FALSE]], %[[TRUE]], %[[FALSE]], %[[TRUE]] : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
// CHECK-NEXT: }
func.func @cmpi_same_operand(%a: i32) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %eq = arith.cmpi eq, %a, %a : i32
  %ne = arith.cmpi ne, %a, %a : i32
  %slt = arith.cmpi slt, %a, %a : i32
  %sle = arith.cmpi sle, %a, %a : i32
  %sgt = arith.cmpi sgt, %a, %a : i32
  %sge = arith.cmpi sge, %a, %a : i32
  %ult = arith.cmpi ult, %a, %a : i32
  %ule = arith.cmpi ule, %a, %a : i32
  %ugt = arith.cmpi ugt, %a, %a : i32
  %uge = arith.cmpi uge, %a, %a : i32
  return %eq, %ne, %slt, %sle, %sgt, %sge, %ult, %ule, %ugt, %uge : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

// CHECK-LABEL: func.func @cmpi_constant_to_rhs(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i1 {
// CHECK-NEXT: %[[C5_I32:.*]] = arith.constant 5 : i32
// CHECK-NEXT: %[[VAL_3:.*]] = arith.cmpi sgt, %[[ARG0]], %[[C5_I32]] : i32
// CHECK-NEXT: return %[[VAL_3]] : i1
// CHECK-NEXT: }
func.func @cmpi_constant_to_rhs(%a: i32) -> i1 {
  %c5 = arith.constant 5 : i32
  %0 = arith.cmpi slt, %c5, %a : i32
  return %0 : i1
}

// CHECK-LABEL: func.func @addi_zero(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG0]] : i32
// CHECK-NEXT: }
func.func @addi_zero(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @addi_zero_lhs(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG0]] : i32
// CHECK-NEXT: }
func.func @addi_zero_lhs(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %c0, %a : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @addi_constant_to_rhs(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[C5_I32:.*]] = arith.constant 5 : i32
// CHECK-NEXT: %[[VAL_3:.*]] = arith.addi %[[ARG0]], %[[C5_I32]] : i32
// CHECK-NEXT: return %[[VAL_3]] : i32
// CHECK-NEXT: }
func.func @addi_constant_to_rhs(%a: i32) -> i32 {
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c5, %a : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @addi_addi_constants(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[C3_I32:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[VAL_3:.*]] = arith.addi %[[ARG0]], %[[C3_I32]] : i32
// CHECK-NEXT: return %[[VAL_3]] : i32
// CHECK-NEXT: }
func.func @addi_addi_constants(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %a, %c1 : i32
  %1 = arith.addi %0, %c2 : i32
  return %1 : i32
}

// CHECK-LABEL: func.func @addi_subi(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG0]] : i32
// CHECK-NEXT: }
func.func @addi_subi(%a: i32, %b: i32) -> i32 {
  %0 = arith.subi %a, %b : i32
  %1 = arith.addi %0, %b : i32
  return %1 : i32
}

// CHECK-LABEL: func.func @subi_zero(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG0]] : i32
// CHECK-NEXT: }
func.func @subi_zero(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.subi %a, %c0 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @subi_self(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[C0_I32:.*]] = arith.constant 0 : i32
// CHECK-NEXT: return %[[C0_I32]] : i32
// CHECK-NEXT: }
func.func @subi_self(%a: i32) -> i32 {
  %0 = arith.subi %a, %a : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @subi_self_vector(
// CHECK-SAME: %[[ARG0:.*]]: vector<4xi32>) -> vector<4xi32> {
// CHECK-NEXT: %[[CST:.*]] = arith.constant dense<0> : vector<4xi32>
// CHECK-NEXT: return %[[CST]] : vector<4xi32>
// CHECK-NEXT: }
func.func @subi_self_vector(%a: vector<4xi32>) -> vector<4xi32> {
  %0 = arith.subi %a, %a : vector<4xi32>
  return %0 : vector<4xi32>
}

// CHECK-LABEL: func.func @muli_one(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG0]] : i32
// CHECK-NEXT: }
func.func @muli_one(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.muli %a, %c1 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @muli_zero(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[C0_I32:.*]] = arith.constant 0 : i32
// CHECK-NEXT: return %[[C0_I32]] : i32
// CHECK-NEXT: }
func.func @muli_zero(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.muli %a, %c0 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @divsi_one(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG0]] : i32
// CHECK-NEXT: }
func.func @divsi_one(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.divsi %a, %c1 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @divui_one(
// CHECK-SAME: %[[ARG0:.*]]: index) -> index {
// CHECK-NEXT: return %[[ARG0]] : index
// CHECK-NEXT: }
func.func @divui_one(%a: index) -> index {
  %c1 = arith.constant 1 : index
  %0 = arith.divui %a, %c1 : index
  return %0 : index
}

// CHECK-LABEL: func.func @remui_one(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[C0_I32:.*]] = arith.constant 0 : i32
// CHECK-NEXT: return %[[C0_I32]] : i32
// CHECK-NEXT: }
func.func @remui_one(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.remui %a, %c1 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @andi_self(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG0]] : i32
// CHECK-NEXT: }
func.func @andi_self(%a: i32) -> i32 {
  %0 = arith.andi %a, %a : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @andi_zero(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[C0_I32:.*]] = arith.constant 0 : i32
// CHECK-NEXT: return %[[C0_I32]] : i32
// CHECK-NEXT: }
func.func @andi_zero(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.andi %a, %c0 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @andi_all_ones(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG0]] : i32
// CHECK-NEXT: }
func.func @andi_all_ones(%a: i32) -> i32 {
  %cm1 = arith.constant -1 : i32
  %0 = arith.andi %a, %cm1 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ori_zero(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG0]] : i32
// CHECK-NEXT: }
func.func @ori_zero(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.ori %a, %c0 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ori_all_ones(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[C_1_I32:.*]] = arith.constant -1 : i32
// CHECK-NEXT: return %[[C_1_I32]] : i32
// CHECK-NEXT: }
func.func @ori_all_ones(%a: i32) -> i32 {
  %cm1 = arith.constant -1 : i32
  %0 = arith.ori %a, %cm1 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @xori_self(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[C0_I32:.*]] = arith.constant 0 : i32
// CHECK-NEXT: return %[[C0_I32]] : i32
// CHECK-NEXT: }
func.func @xori_self(%a: i32) -> i32 {
  %0 = arith.xori %a, %a : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @xori_zero(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG0]] : i32
// CHECK-NEXT: }
func.func @xori_zero(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.xori %a, %c0 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @shli_zero(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG0]] : i32
// CHECK-NEXT: }
func.func @shli_zero(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.shli %a, %c0 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @maxsi_self(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG0]] : i32
// CHECK-NEXT: }
func.func @maxsi_self(%a: i32) -> i32 {
  %0 = arith.maxsi %a, %a : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @minui_zero(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[C0_I32:.*]] = arith.constant 0 : i32
// CHECK-NEXT: return %[[C0_I32]] : i32
// CHECK-NEXT: }
func.func @minui_zero(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.minui %a, %c0 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @addf_negzero(
// CHECK-SAME: %[[ARG0:.*]]: f32) -> f32 {
// CHECK-NEXT: return %[[ARG0]] : f32
// CHECK-NEXT: }
func.func @addf_negzero(%x: f32) -> f32 {
  %c = arith.constant -0.0 : f32
  %0 = arith.addf %x, %c : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @addf_poszero_kept(
// CHECK-SAME: %[[ARG0:.*]]: f32) -> f32 {
// CHECK-NEXT: %[[CST:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[VAL_3:.*]] = arith.addf %[[ARG0]], %[[CST]] : f32
// CHECK-NEXT: return %[[VAL_3]] : f32
// CHECK-NEXT: }
func.func @addf_poszero_kept(%x: f32) -> f32 {
  %c = arith.constant 0.0 : f32
  %0 = arith.addf %x, %c : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @subf_zero(
// CHECK-SAME: %[[ARG0:.*]]: f32) -> f32 {
// CHECK-NEXT: return %[[ARG0]] : f32
// CHECK-NEXT: }
func.func @subf_zero(%x: f32) -> f32 {
  %c = arith.constant 0.0 : f32
  %0 = arith.subf %x, %c : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @mulf_one(
// CHECK-SAME: %[[ARG0:.*]]: f32) -> f32 {
// CHECK-NEXT: return %[[ARG0]] : f32
// CHECK-NEXT: }
func.func @mulf_one(%x: f32) -> f32 {
  %c = arith.constant 1.0 : f32
  %0 = arith.mulf %x, %c : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @divf_one(
// CHECK-SAME: %[[ARG0:.*]]: f32) -> f32 {
// CHECK-NEXT: return %[[ARG0]] : f32
// CHECK-NEXT: }
func.func @divf_one(%x: f32) -> f32 {
  %c = arith.constant 1.0 : f32
  %0 = arith.divf %x, %c : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @negf_negf(
// CHECK-SAME: %[[ARG0:.*]]: f32) -> f32 {
// CHECK-NEXT: return %[[ARG0]] : f32
// CHECK-NEXT: }
func.func @negf_negf(%x: f32) -> f32 {
  %0 = arith.negf %x : f32
  %1 = arith.negf %0 : f32
  return %1 : f32
}

// CHECK-LABEL: func.func @maximumf_self(
// CHECK-SAME: %[[ARG0:.*]]: f32) -> f32 {
// CHECK-NEXT: return %[[ARG0]] : f32
// CHECK-NEXT: }
func.func @maximumf_self(%x: f32) -> f32 {
  %0 = arith.maximumf %x, %x : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @select_true(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG0]] : i32
// CHECK-NEXT: }
func.func @select_true(%a: i32, %b: i32) -> i32 {
  %true = arith.constant true
  %0 = arith.select %true, %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @select_false(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG1]] : i32
// CHECK-NEXT: }
func.func @select_false(%a: i32, %b: i32) -> i32 {
  %false = arith.constant false
  %0 = arith.select %false, %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @select_same_operands(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG1]] : i32
// CHECK-NEXT: }
func.func @select_same_operands(%c: i1, %a: i32) -> i32 {
  %0 = arith.select %c, %a, %a : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @select_i1_true_false(
// CHECK-SAME: %[[ARG0:.*]]: i1) -> i1 {
// CHECK-NEXT: return %[[ARG0]] : i1
// CHECK-NEXT: }
func.func @select_i1_true_false(%c: i1) -> i1 {
  %true = arith.constant true
  %false = arith.constant false
  %0 = arith.select %c, %true, %false : i1
  return %0 : i1
}

// CHECK-LABEL: func.func @select_i1_false_true(
// CHECK-SAME: %[[ARG0:.*]]: i1) -> i1 {
// CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT: %[[VAL_3:.*]] = arith.xori %[[ARG0]], %[[TRUE]] : i1
// CHECK-NEXT: return %[[VAL_3]] : i1
// CHECK-NEXT: }
func.func @select_i1_false_true(%c: i1) -> i1 {
  %true = arith.constant true
  %false = arith.constant false
  %0 = arith.select %c, %false, %true : i1
  return %0 : i1
}

// CHECK-LABEL: func.func @select_constant_vector_cond(
// CHECK-SAME: %[[ARG0:.*]]: vector<2xi32>, %[[ARG1:.*]]: vector<2xi32>) -> vector<2xi32> {
// CHECK-NEXT: return %[[ARG0]] : vector<2xi32>
// CHECK-NEXT: }
func.func @select_constant_vector_cond(%a: vector<2xi32>, %b: vector<2xi32>) -> vector<2xi32> {
  %c = arith.constant dense<true> : vector<2xi1>
  %0 = arith.select %c, %a, %b : vector<2xi1>, vector<2xi32>
  return %0 : vector<2xi32>
}

// CHECK-LABEL: func.func @fold_extsi(
// CHECK-SAME: ) -> i64 {
// CHECK-NEXT: %[[C_5_I64:.*]] = arith.constant -5 : i64
// CHECK-NEXT: return %[[C_5_I64]] : i64
// CHECK-NEXT: }
func.func @fold_extsi() -> i64 {
  %c = arith.constant -5 : i32
  %0 = arith.extsi %c : i32 to i64
  return %0 : i64
}

// CHECK-LABEL: func.func @fold_extui(
// CHECK-SAME: ) -> i64 {
// CHECK-NEXT: %[[C4294967291_I64:.*]] = arith.constant 4294967291 : i64
// CHECK-NEXT: return %[[C4294967291_I64]] : i64
// CHECK-NEXT: }
func.func @fold_extui() -> i64 {
  %c = arith.constant -5 : i32
  %0 = arith.extui %c : i32 to i64
  return %0 : i64
}

// CHECK-LABEL: func.func @fold_trunci(
// CHECK-SAME: ) -> i8 {
// CHECK-NEXT: %[[C44_I8:.*]] = arith.constant 44 : i8
// CHECK-NEXT: return %[[C44_I8]] : i8
// CHECK-NEXT: }
func.func @fold_trunci() -> i8 {
  %c = arith.constant 300 : i32
  %0 = arith.trunci %c : i32 to i8
  return %0 : i8
}

// CHECK-LABEL: func.func @fold_extui_i1(
// CHECK-SAME: ) -> i32 {
// CHECK-NEXT: %[[C1_I32:.*]] = arith.constant 1 : i32
// CHECK-NEXT: return %[[C1_I32]] : i32
// CHECK-NEXT: }
func.func @fold_extui_i1() -> i32 {
  %true = arith.constant true
  %0 = arith.extui %true : i1 to i32
  return %0 : i32
}

// CHECK-LABEL: func.func @fold_extsi_i1(
// CHECK-SAME: ) -> i32 {
// CHECK-NEXT: %[[C_1_I32:.*]] = arith.constant -1 : i32
// CHECK-NEXT: return %[[C_1_I32]] : i32
// CHECK-NEXT: }
func.func @fold_extsi_i1() -> i32 {
  %true = arith.constant true
  %0 = arith.extsi %true : i1 to i32
  return %0 : i32
}

// CHECK-LABEL: func.func @fold_extf(
// CHECK-SAME: ) -> f64 {
// CHECK-NEXT: %[[CST:.*]] = arith.constant 0.10000000149011612 : f64
// CHECK-NEXT: return %[[CST]] : f64
// CHECK-NEXT: }
func.func @fold_extf() -> f64 {
  %c = arith.constant 0.1 : f32
  %0 = arith.extf %c : f32 to f64
  return %0 : f64
}

// CHECK-LABEL: func.func @fold_truncf(
// CHECK-SAME: ) -> f32 {
// CHECK-NEXT: %[[CST:.*]] = arith.constant 2.500000e+00 : f32
// CHECK-NEXT: return %[[CST]] : f32
// CHECK-NEXT: }
func.func @fold_truncf() -> f32 {
  %c = arith.constant 2.5 : f64
  %0 = arith.truncf %c : f64 to f32
  return %0 : f32
}

// CHECK-LABEL: func.func @fold_truncf_inexact(
// CHECK-SAME: ) -> f32 {
// CHECK-NEXT: %[[CST:.*]] = arith.constant 1.000000e-01 : f64
// CHECK-NEXT: %[[VAL_2:.*]] = arith.truncf %[[CST]] : f64 to f32
// CHECK-NEXT: return %[[VAL_2]] : f32
// CHECK-NEXT: }
func.func @fold_truncf_inexact() -> f32 {
  %c = arith.constant 0.1 : f64
  %0 = arith.truncf %c : f64 to f32
  return %0 : f32
}

// CHECK-LABEL: func.func @fold_sitofp(
// CHECK-SAME: ) -> f32 {
// CHECK-NEXT: %[[CST:.*]] = arith.constant -3.000000e+00 : f32
// CHECK-NEXT: return %[[CST]] : f32
// CHECK-NEXT: }
func.func @fold_sitofp() -> f32 {
  %c = arith.constant -3 : i32
  %0 = arith.sitofp %c : i32 to f32
  return %0 : f32
}

// CHECK-LABEL: func.func @fold_uitofp(
// CHECK-SAME: ) -> f32 {
// CHECK-NEXT: %[[CST:.*]] = arith.constant 2.550000e+02 : f32
// CHECK-NEXT: return %[[CST]] : f32
// CHECK-NEXT: }
func.func @fold_uitofp() -> f32 {
  %c = arith.constant -1 : i8
  %0 = arith.uitofp %c : i8 to f32
  return %0 : f32
}

// CHECK-LABEL: func.func @fold_fptosi(
// CHECK-SAME: ) -> i32 {
// CHECK-NEXT: %[[C_3_I32:.*]] = arith.constant -3 : i32
// CHECK-NEXT: return %[[C_3_I32]] : i32
// CHECK-NEXT: }
func.func @fold_fptosi() -> i32 {
  %c = arith.constant -3.75 : f32
  %0 = arith.fptosi %c : f32 to i32
  return %0 : i32
}

// CHECK-LABEL: func.func @fold_fptoui(
// CHECK-SAME: ) -> i8 {
// CHECK-NEXT: %[[C_6_I8:.*]] = arith.constant -6 : i8
// CHECK-NEXT: return %[[C_6_I8]] : i8
// CHECK-NEXT: }
func.func @fold_fptoui() -> i8 {
  %c = arith.constant 250.5 : f64
  %0 = arith.fptoui %c : f64 to i8
  return %0 : i8
}

// CHECK-LABEL: func.func @fold_index_cast(
// CHECK-SAME: ) -> (i32, index) {
// CHECK-DAG: %[[C42_I32:.*]] = arith.constant 42 : i32
// CHECK-DAG: %[[C_1:.*]] = arith.constant -1 : index
// CHECK: return %[[C42_I32]], %[[C_1]] : i32, index
// CHECK-NEXT: }
func.func @fold_index_cast() -> (i32, index) {
  %ci = arith.constant 42 : index
  %c8 = arith.constant -1 : i8
  %0 = arith.index_cast %ci : index to i32
  %1 = arith.index_cast %c8 : i8 to index
  return %0, %1 : i32, index
}

// CHECK-LABEL: func.func @fold_index_castui(
// CHECK-SAME: ) -> index {
// CHECK-NEXT: %[[C255:.*]] = arith.constant 255 : index
// CHECK-NEXT: return %[[C255]] : index
// CHECK-NEXT: }
func.func @fold_index_castui() -> index {
  %c8 = arith.constant -1 : i8
  %0 = arith.index_castui %c8 : i8 to index
  return %0 : index
}

// CHECK-LABEL: func.func @fold_bitcast(
// CHECK-SAME: ) -> (f32, i32) {
// CHECK-DAG: %[[CST:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[C1073741824_I32:.*]] = arith.constant 1073741824 : i32
// CHECK: return %[[CST]], %[[C1073741824_I32]] : f32, i32
// CHECK-NEXT: }
func.func @fold_bitcast() -> (f32, i32) {
  %ci = arith.constant 1065353216 : i32
  %cf = arith.constant 2.0 : f32
  %0 = arith.bitcast %ci : i32 to f32
  %1 = arith.bitcast %cf : f32 to i32
  return %0, %1 : f32, i32
}

// CHECK-LABEL: func.func @extsi_extsi(
// CHECK-SAME: %[[ARG0:.*]]: i8) -> i64 {
// CHECK-NEXT: %[[VAL_2:.*]] = arith.extsi %[[ARG0]] : i8 to i64
// CHECK-NEXT: return %[[VAL_2]] : i64
// CHECK-NEXT: }
func.func @extsi_extsi(%a: i8) -> i64 {
  %0 = arith.extsi %a : i8 to i32
  %1 = arith.extsi %0 : i32 to i64
  return %1 : i64
}

// CHECK-LABEL: func.func @trunci_extsi(
// CHECK-SAME: %[[ARG0:.*]]: i8) -> i8 {
// CHECK-NEXT: return %[[ARG0]] : i8
// CHECK-NEXT: }
func.func @trunci_extsi(%a: i8) -> i8 {
  %0 = arith.extsi %a : i8 to i32
  %1 = arith.trunci %0 : i32 to i8
  return %1 : i8
}

// CHECK-LABEL: func.func @index_cast_index_cast(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG0]] : i32
// CHECK-NEXT: }
func.func @index_cast_index_cast(%a: i32) -> i32 {
  %0 = arith.index_cast %a : i32 to index
  %1 = arith.index_cast %0 : index to i32
  return %1 : i32
}

// CHECK-LABEL: func.func @bitcast_bitcast(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG0]] : i32
// CHECK-NEXT: }
func.func @bitcast_bitcast(%a: i32) -> i32 {
  %0 = arith.bitcast %a : i32 to f32
  %1 = arith.bitcast %0 : f32 to i32
  return %1 : i32
}

// CHECK-LABEL: func.func @dead_code(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: f32) -> i32 {
// CHECK-NEXT: return %[[ARG0]] : i32
// CHECK-NEXT: }
func.func @dead_code(%a: i32, %x: f32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.mulf %x, %x : f32
  %c = arith.constant 3 : i64
  return %a : i32
}

// CHECK-LABEL: func.func @constants_deduplicated_and_hoisted(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> (i32, i32) {
// CHECK-DAG: %[[C2_I32:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[C4_I32:.*]] = arith.constant 4 : i32
// CHECK: %[[VAL_4:.*]] = arith.addi %[[ARG0]], %[[ARG0]] : i32
// CHECK-NEXT: %[[VAL_5:.*]] = arith.muli %[[VAL_4]], %[[C4_I32]] : i32
// CHECK-NEXT: return %[[C2_I32]], %[[VAL_5]] : i32, i32
// CHECK-NEXT: }
func.func @constants_deduplicated_and_hoisted(%a: i32) -> (i32, i32) {
  %0 = arith.addi %a, %a : i32
  %c1 = arith.constant 1 : i32
  %1 = arith.muli %0, %c1 : i32
  %c1_again = arith.constant 1 : i32
  %2 = arith.addi %c1, %c1_again : i32
  %c4 = arith.constant 4 : i32
  %3 = arith.muli %0, %c4 : i32
  return %2, %3 : i32, i32
}
