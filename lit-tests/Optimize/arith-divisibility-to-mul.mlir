// RUN: %onnx-opt %s -split-input-file --arith-divisibility-to-mul | FileCheck %s

// `x rem C == 0` becomes `rotr(x * inv(d0) + A, k) <=u B` (C = d0 * 2^k, d0 odd; A = 0 for
// remui), `ne` becomes `>u`, and power-of-two divisors test the low bits. The constants below
// were computed independently (Python's pow(d0, -1, 2**W)). A remainder nothing else uses is
// erased; leftover duplicate constants are canonicalize's job.

// CHECK-LABEL: func.func @unsigned_odd_i32(
// CHECK-SAME:      %[[X:.*]]: i32)
// CHECK-NOT:     arith.remui
// CHECK:         %[[INV:.*]] = arith.constant -1431655765 : i32
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[X]], %[[INV]] : i32
// CHECK-NEXT:    %[[B:.*]] = arith.constant 1431655765 : i32
// CHECK-NEXT:    %[[T:.*]] = arith.cmpi ule, %[[M]], %[[B]] : i32
// CHECK-NEXT:    return %[[T]] : i1
func.func @unsigned_odd_i32(%x: i32) -> i1 {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %r = arith.remui %x, %c3 : i32
  %t = arith.cmpi eq, %r, %c0 : i32
  return %t : i1
}

// -----

// Signed even divisor: 6 = 3 * 2^1, A = floor((2^31 - 1) / 6) * 2, B = 2 * floor((2^31 - 1) / 6).
// CHECK-LABEL: func.func @signed_even_i32(
// CHECK-SAME:      %[[X:.*]]: i32)
// CHECK-NOT:     arith.remsi
// CHECK:         %[[INV:.*]] = arith.constant -1431655765 : i32
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[X]], %[[INV]] : i32
// CHECK-NEXT:    %[[A:.*]] = arith.constant 715827882 : i32
// CHECK-NEXT:    %[[Y:.*]] = arith.addi %[[M]], %[[A]] : i32
// CHECK-NEXT:    %[[K:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[WK:.*]] = arith.constant 31 : i32
// CHECK-NEXT:    %[[LO:.*]] = arith.shrui %[[Y]], %[[K]] : i32
// CHECK-NEXT:    %[[HI:.*]] = arith.shli %[[Y]], %[[WK]] : i32
// CHECK-NEXT:    %[[R:.*]] = arith.ori %[[LO]], %[[HI]] : i32
// CHECK-NEXT:    %[[B:.*]] = arith.constant 715827882 : i32
// CHECK-NEXT:    %[[T:.*]] = arith.cmpi ule, %[[R]], %[[B]] : i32
// CHECK-NEXT:    return %[[T]] : i1
func.func @signed_even_i32(%x: i32) -> i1 {
  %c0 = arith.constant 0 : i32
  %c6 = arith.constant 6 : i32
  %r = arith.remsi %x, %c6 : i32
  %t = arith.cmpi eq, %r, %c0 : i32
  return %t : i1
}

// -----

// Negative odd divisor, zero on the left, `ne`: x rem -7 and x rem 7 have the same zero test.
// CHECK-LABEL: func.func @signed_negative_ne_i32(
// CHECK-SAME:      %[[X:.*]]: i32)
// CHECK:         %[[INV:.*]] = arith.constant -1227133513 : i32
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[X]], %[[INV]] : i32
// CHECK-NEXT:    %[[A:.*]] = arith.constant 306783378 : i32
// CHECK-NEXT:    %[[Y:.*]] = arith.addi %[[M]], %[[A]] : i32
// CHECK-NEXT:    %[[B:.*]] = arith.constant 613566756 : i32
// CHECK-NEXT:    %[[T:.*]] = arith.cmpi ugt, %[[Y]], %[[B]] : i32
// CHECK-NEXT:    return %[[T]] : i1
func.func @signed_negative_ne_i32(%x: i32) -> i1 {
  %c0 = arith.constant 0 : i32
  %cm7 = arith.constant -7 : i32
  %r = arith.remsi %x, %cm7 : i32
  %t = arith.cmpi ne, %c0, %r : i32
  return %t : i1
}

// -----

// CHECK-LABEL: func.func @i8(
// CHECK-SAME:      %[[X:.*]]: i8)
// CHECK-NOT:     arith.rem
// Unsigned 10 = 5 * 2: inv(5) = 205, B = 255 / 10.
// CHECK:         %[[INV:.*]] = arith.constant -51 : i8
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[X]], %[[INV]] : i8
// CHECK-NEXT:    %[[K:.*]] = arith.constant 1 : i8
// CHECK-NEXT:    %[[WK:.*]] = arith.constant 7 : i8
// CHECK-NEXT:    %[[LO:.*]] = arith.shrui %[[M]], %[[K]] : i8
// CHECK-NEXT:    %[[HI:.*]] = arith.shli %[[M]], %[[WK]] : i8
// CHECK-NEXT:    %[[R:.*]] = arith.ori %[[LO]], %[[HI]] : i8
// CHECK-NEXT:    %[[B:.*]] = arith.constant 25 : i8
// CHECK-NEXT:    %[[T0:.*]] = arith.cmpi ule, %[[R]], %[[B]] : i8
// Signed 3: inv(3) = 171, A = 127 / 3, B = 2A.
// CHECK:         %[[INV3:.*]] = arith.constant -85 : i8
// CHECK-NEXT:    %[[M3:.*]] = arith.muli %[[X]], %[[INV3]] : i8
// CHECK-NEXT:    %[[A3:.*]] = arith.constant 42 : i8
// CHECK-NEXT:    %[[Y3:.*]] = arith.addi %[[M3]], %[[A3]] : i8
// CHECK-NEXT:    %[[B3:.*]] = arith.constant 84 : i8
// CHECK-NEXT:    %[[T1:.*]] = arith.cmpi ule, %[[Y3]], %[[B3]] : i8
// Unsigned -128 is 128, a power of two.
// CHECK:         %[[L:.*]] = arith.constant 127 : i8
// CHECK-NEXT:    %[[AND:.*]] = arith.andi %[[X]], %[[L]] : i8
// CHECK-NEXT:    %[[T2:.*]] = arith.cmpi eq, %[[AND]], %{{.*}} : i8
// CHECK-NEXT:    return %[[T0]], %[[T1]], %[[T2]] : i1, i1, i1
func.func @i8(%x: i8) -> (i1, i1, i1) {
  %c0 = arith.constant 0 : i8
  %c10 = arith.constant 10 : i8
  %c3 = arith.constant 3 : i8
  %cmin = arith.constant -128 : i8
  %r0 = arith.remui %x, %c10 : i8
  %t0 = arith.cmpi eq, %r0, %c0 : i8
  %r1 = arith.remsi %x, %c3 : i8
  %t1 = arith.cmpi eq, %r1, %c0 : i8
  %r2 = arith.remui %x, %cmin : i8
  %t2 = arith.cmpi eq, %r2, %c0 : i8
  return %t0, %t1, %t2 : i1, i1, i1
}

// -----

// CHECK-LABEL: func.func @i64(
// CHECK-SAME:      %[[X:.*]]: i64)
// Unsigned 1000 = 125 * 2^3.
// CHECK:         %[[INV:.*]] = arith.constant 2066035336255469781 : i64
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[X]], %[[INV]] : i64
// CHECK-NEXT:    %[[K:.*]] = arith.constant 3 : i64
// CHECK-NEXT:    %[[WK:.*]] = arith.constant 61 : i64
// CHECK-NEXT:    %[[LO:.*]] = arith.shrui %[[M]], %[[K]] : i64
// CHECK-NEXT:    %[[HI:.*]] = arith.shli %[[M]], %[[WK]] : i64
// CHECK-NEXT:    %[[R:.*]] = arith.ori %[[LO]], %[[HI]] : i64
// CHECK-NEXT:    %[[B:.*]] = arith.constant 18446744073709551 : i64
// CHECK-NEXT:    %[[T0:.*]] = arith.cmpi ule, %[[R]], %[[B]] : i64
// Signed -16: the low four bits.
// CHECK:         %[[L:.*]] = arith.constant 15 : i64
// CHECK-NEXT:    %[[AND:.*]] = arith.andi %[[X]], %[[L]] : i64
// CHECK-NEXT:    %[[T1:.*]] = arith.cmpi ne, %[[AND]], %{{.*}} : i64
// CHECK-NEXT:    return %[[T0]], %[[T1]] : i1, i1
func.func @i64(%x: i64) -> (i1, i1) {
  %c0 = arith.constant 0 : i64
  %c1000 = arith.constant 1000 : i64
  %cm16 = arith.constant -16 : i64
  %r0 = arith.remui %x, %c1000 : i64
  %t0 = arith.cmpi eq, %r0, %c0 : i64
  %r1 = arith.remsi %x, %cm16 : i64
  %t1 = arith.cmpi ne, %r1, %c0 : i64
  return %t0, %t1 : i1, i1
}

// -----

// index is 64 bits: signed 12 = 3 * 2^2.
// CHECK-LABEL: func.func @index(
// CHECK-SAME:      %[[X:.*]]: index)
// CHECK:         %[[INV:.*]] = arith.constant -6148914691236517205 : index
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[X]], %[[INV]] : index
// CHECK-NEXT:    %[[A:.*]] = arith.constant 3074457345618258600 : index
// CHECK-NEXT:    %[[Y:.*]] = arith.addi %[[M]], %[[A]] : index
// CHECK-NEXT:    %[[K:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[WK:.*]] = arith.constant 62 : index
// CHECK-NEXT:    %[[LO:.*]] = arith.shrui %[[Y]], %[[K]] : index
// CHECK-NEXT:    %[[HI:.*]] = arith.shli %[[Y]], %[[WK]] : index
// CHECK-NEXT:    %[[R:.*]] = arith.ori %[[LO]], %[[HI]] : index
// CHECK-NEXT:    %[[B:.*]] = arith.constant 1537228672809129300 : index
// CHECK-NEXT:    %[[T:.*]] = arith.cmpi ule, %[[R]], %[[B]] : index
// CHECK-NEXT:    return %[[T]] : i1
func.func @index(%x: index) -> i1 {
  %c0 = arith.constant 0 : index
  %c12 = arith.constant 12 : index
  %r = arith.remsi %x, %c12 : index
  %t = arith.cmpi eq, %r, %c0 : index
  return %t : i1
}

// -----

// A remainder with other uses stays; the compare is rewritten all the same.
// CHECK-LABEL: func.func @remainder_kept(
// CHECK-SAME:      %[[X:.*]]: i32)
// CHECK:         %[[R:.*]] = arith.remui %[[X]], %{{.*}} : i32
// CHECK:         %[[M:.*]] = arith.muli %[[X]], %{{.*}} : i32
// CHECK:         %[[T:.*]] = arith.cmpi ule, %[[M]], %{{.*}} : i32
// CHECK-NEXT:    return %[[T]], %[[R]] : i1, i32
func.func @remainder_kept(%x: i32) -> (i1, i32) {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %r = arith.remui %x, %c7 : i32
  %t = arith.cmpi eq, %r, %c0 : i32
  return %t, %r : i1, i32
}

// -----

// Left alone: a divisor that is no constant, a compare with something other than zero or by
// another predicate, a vector, and the divisors 0, 1, -1 and (signed) INT_MIN.
// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     arith.muli
// CHECK-NOT:     arith.andi
// CHECK:         arith.remui %{{.*}}, %arg1 : i32
// CHECK-NEXT:    arith.cmpi eq, %{{.*}}, %c0_i32 : i32
// CHECK-NEXT:    arith.remui %{{.*}}, %c3_i32 : i32
// CHECK-NEXT:    arith.cmpi eq, %{{.*}}, %c1_i32 : i32
// CHECK-NEXT:    arith.remsi %{{.*}}, %c3_i32 : i32
// CHECK-NEXT:    arith.cmpi slt, %{{.*}}, %c0_i32 : i32
// CHECK-NEXT:    arith.remui %{{.*}}, %c0_i32 : i32
// CHECK-NEXT:    arith.cmpi eq, %{{.*}}, %c0_i32 : i32
// CHECK-NEXT:    arith.remui %{{.*}}, %c1_i32 : i32
// CHECK-NEXT:    arith.cmpi eq, %{{.*}}, %c0_i32 : i32
// CHECK-NEXT:    arith.remsi %{{.*}}, %c1_i32 : i32
// CHECK-NEXT:    arith.cmpi ne, %{{.*}}, %c0_i32 : i32
// CHECK-NEXT:    arith.remsi %{{.*}}, %c-1_i32 : i32
// CHECK-NEXT:    arith.cmpi eq, %{{.*}}, %c0_i32 : i32
// CHECK-NEXT:    arith.remsi %{{.*}}, %c-2147483648_i32 : i32
// CHECK-NEXT:    arith.cmpi eq, %{{.*}}, %c0_i32 : i32
// CHECK-NEXT:    arith.remsi %{{.*}}, %c0_i32 : i32
// CHECK-NEXT:    arith.cmpi eq, %c0_i32, %{{.*}} : i32
// CHECK:         arith.remsi %{{.*}}, %c-128_i8 : i8
// CHECK-NEXT:    arith.cmpi eq, %{{.*}}, %c0_i8 : i8
// CHECK:         arith.remui %{{.*}}, %cst_0 : vector<4xi32>
// CHECK-NEXT:    arith.cmpi eq, %{{.*}}, %cst : vector<4xi32>
// CHECK-NEXT:    return
func.func @left_alone(%x: i32, %d: i32, %v: vector<4xi32>, %b: i8) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, vector<4xi1>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cm1 = arith.constant -1 : i32
  %c3 = arith.constant 3 : i32
  %cmin = arith.constant -2147483648 : i32
  %r0 = arith.remui %x, %d : i32
  %t0 = arith.cmpi eq, %r0, %c0 : i32
  %r1 = arith.remui %x, %c3 : i32
  %t1 = arith.cmpi eq, %r1, %c1 : i32
  %r2 = arith.remsi %x, %c3 : i32
  %t2 = arith.cmpi slt, %r2, %c0 : i32
  %r3 = arith.remui %x, %c0 : i32
  %t3 = arith.cmpi eq, %r3, %c0 : i32
  %r4 = arith.remui %x, %c1 : i32
  %t4 = arith.cmpi eq, %r4, %c0 : i32
  %r5 = arith.remsi %x, %c1 : i32
  %t5 = arith.cmpi ne, %r5, %c0 : i32
  %r6 = arith.remsi %x, %cm1 : i32
  %t6 = arith.cmpi eq, %r6, %c0 : i32
  %r7 = arith.remsi %x, %cmin : i32
  %t7 = arith.cmpi eq, %r7, %c0 : i32
  %r8 = arith.remsi %x, %c0 : i32
  %t8 = arith.cmpi eq, %c0, %r8 : i32
  %b0 = arith.constant 0 : i8
  %bmin = arith.constant -128 : i8
  %r9 = arith.remsi %b, %bmin : i8
  %t9 = arith.cmpi eq, %r9, %b0 : i8
  %v0 = arith.constant dense<0> : vector<4xi32>
  %v3 = arith.constant dense<3> : vector<4xi32>
  %rv = arith.remui %v, %v3 : vector<4xi32>
  %tv = arith.cmpi eq, %rv, %v0 : vector<4xi32>
  return %t0, %t1, %t2, %t3, %t4, %t5, %t6, %t7, %t8, %t9, %tv : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, vector<4xi1>
}
