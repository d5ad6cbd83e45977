// RUN: %onnx-opt %s -split-input-file --scf-for-strength-reduction | FileCheck %s
// Upstream mlir-opt parses and verifies the output, and prints the same thing back.
// RUN: %if mlir-upstream %{ %onnx-opt %s -split-input-file --scf-for-strength-reduction | %mlir-opt -split-input-file | FileCheck %s %}
// RUN: not %onnx-opt %s '--scf-for-strength-reduction=unroll=2' 2>&1 | FileCheck %s --check-prefix=BADOPT
// BADOPT: no such option 'unroll' for pass 'scf-for-strength-reduction'

// Each arith.muli of the induction variable %iv and a value %x defined outside
// the loop becomes a new iter_arg %p, initialised to %lb * %x and advanced by
// %step * %x (both computed before the loop, without overflow flags). The new
// results are appended and unused.

// CHECK-LABEL: func.func @index_loop(
// CHECK-SAME:      %[[LB:[^:]*]]: index, %[[UB:[^:]*]]: index, %[[S:[^:]*]]: index, %[[X:[^:]*]]: index)
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[INIT:.*]] = arith.muli %[[LB]], %[[X]] : index
// CHECK-NEXT:    %[[INC:.*]] = arith.muli %[[S]], %[[X]] : index
// CHECK-NEXT:    %[[R:.*]]:2 = scf.for %[[IV:.*]] = %[[LB]] to %[[UB]] step %[[S]] iter_args(%[[ACC:.*]] = %[[C0]], %[[P:.*]] = %[[INIT]]) -> (index, index) {
// CHECK-NEXT:      %[[SUM:.*]] = arith.addi %[[ACC]], %[[P]] : index
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addi %[[P]], %[[INC]] : index
// CHECK-NEXT:      scf.yield %[[SUM]], %[[NEXT]] : index, index
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#0 : index
func.func @index_loop(%lb: index, %ub: index, %s: index, %x: index) -> index {
  %c0 = arith.constant 0 : index
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %c0) -> (index) {
    %p = arith.muli %i, %x : index
    %sum = arith.addi %acc, %p : index
    scf.yield %sum : index
  }
  return %r : index
}

// -----

// An i32 loop: the factor may be either operand, products with the same factor
// share one iter_arg, and the nsw/nuw flags of the products do not carry over
// (the increment or the last update may wrap where no product did).
// CHECK-LABEL: func.func @i32_loop_shared_factor(
// CHECK-SAME:      %[[N:[^:]*]]: i32, %[[X:[^:]*]]: i32)
// CHECK:         %[[INIT:.*]] = arith.muli %{{.*}}, %[[X]] : i32
// CHECK-NEXT:    %[[INC:.*]] = arith.muli %{{.*}}, %[[X]] : i32
// CHECK-NEXT:    %{{.*}}:2 = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[P:.*]] = %[[INIT]]) -> (i32, i32)  : i32 {
// CHECK-NEXT:      %[[D:.*]] = arith.xori %[[P]], %[[P]] : i32
// CHECK-NEXT:      %[[SUM:.*]] = arith.addi %[[ACC]], %[[D]] : i32
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addi %[[P]], %[[INC]] : i32
// CHECK-NEXT:      scf.yield %[[SUM]], %[[NEXT]] : i32, i32
// CHECK-NOT:     overflow
func.func @i32_loop_shared_factor(%n: i32, %x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %r = scf.for %i = %c0 to %n step %c3 iter_args(%acc = %c0) -> (i32) : i32 {
    %p = arith.muli %i, %x overflow<nsw> : i32
    %q = arith.muli %x, %i overflow<nsw, nuw> : i32
    %d = arith.xori %p, %q : i32
    %sum = arith.addi %acc, %d : i32
    scf.yield %sum : i32
  }
  return %r : i32
}

// -----

// Products with a loop-variant factor, or of the induction variable by
// itself, stay; a loop without any product is left exactly as it was.
// CHECK-LABEL: func.func @loop_variant_factors(
// CHECK:         scf.for %[[I:.*]] = %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (i64) : i64 {
// CHECK-NEXT:      %[[V:.*]] = arith.addi %[[ACC]], %{{.*}} : i64
// CHECK-NEXT:      arith.muli %[[I]], %[[V]] : i64
// CHECK-NEXT:      arith.muli %[[I]], %[[I]] : i64
// CHECK-NEXT:      arith.muli %[[ACC]], %[[I]] : i64
// CHECK-NOT:     arith.muli
// CHECK:         scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (i64) : i64 {
// CHECK-NEXT:      arith.addi
// CHECK-NEXT:      scf.yield
func.func @loop_variant_factors(%n: i64, %x: i64) -> (i64, i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i64) : i64 {
    %v = arith.addi %acc, %x : i64
    %a = arith.muli %i, %v : i64
    %b = arith.muli %i, %i : i64
    %c = arith.muli %acc, %i : i64
    %t = arith.addi %a, %b : i64
    %u = arith.addi %t, %c : i64
    scf.yield %u : i64
  }
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i64) : i64 {
    %t = arith.addi %acc, %i : i64
    scf.yield %t : i64
  }
  return %r, %s : i64, i64
}

// -----

// Unsigned loops keep their comparison; a product inside a nested region (an
// scf.if) uses the iter_arg, which dominates it; a product may be yielded.
// CHECK-LABEL: func.func @unsigned_nested_region(
// CHECK:         %{{.*}}:2 = scf.for unsigned %{{.*}} = %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[P:.*]] = %{{.*}}) -> (i16, i16)  : i16 {
// CHECK-NEXT:      %[[V:.*]] = scf.if %{{.*}} -> (i16) {
// CHECK-NEXT:        scf.yield %[[P]] : i16
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.yield %[[ACC]] : i16
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addi %[[P]], %{{.*}} : i16
// CHECK-NEXT:      scf.yield %[[P]], %[[NEXT]] : i16, i16
func.func @unsigned_nested_region(%lb: i16, %ub: i16, %x: i16, %c: i1) -> i16 {
  %c2 = arith.constant 2 : i16
  %r = scf.for unsigned %i = %lb to %ub step %c2 iter_args(%acc = %lb) -> (i16) : i16 {
    %v = scf.if %c -> (i16) {
      %p = arith.muli %i, %x : i16
      scf.yield %p : i16
    } else {
      scf.yield %acc : i16
    }
    %q = arith.muli %x, %i : i16
    scf.yield %q : i16
  }
  return %r : i16
}

// -----

// Loops go innermost first. In this triangular nest the inner loop starts at
// the outer induction variable, so its start value %i * %x, computed in the
// outer body, is a product the outer loop then reduces as well.
// CHECK-LABEL: func.func @nested_loops(
// CHECK-SAME:      %[[N:[^:]*]]: index, %[[X:[^:]*]]: index)
// CHECK:         %[[OINIT:.*]] = arith.muli %[[C0:.*]], %[[X]] : index
// CHECK-NEXT:    %[[OINC:.*]] = arith.muli %[[C1:.*]], %[[X]] : index
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[N]] step %[[C1]] iter_args(%[[ACC:.*]] = %{{.*}}, %[[OP:.*]] = %[[OINIT]]) -> (index, index) {
// CHECK-NEXT:      %[[IINC:.*]] = arith.muli %[[C1]], %[[X]] : index
// CHECK-NEXT:      scf.for %{{.*}} = %[[I]] to %[[N]] step %[[C1]] iter_args(%[[B:.*]] = %[[ACC]], %[[IP:.*]] = %[[OP]]) -> (index, index) {
// CHECK-NEXT:        arith.addi %[[B]], %[[IP]] : index
// CHECK-NEXT:        arith.addi %[[IP]], %[[IINC]] : index
// CHECK:           arith.addi %[[OP]], %[[OINC]] : index
func.func @nested_loops(%n: index, %x: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %s = scf.for %j = %i to %n step %c1 iter_args(%b = %acc) -> (index) {
      %p = arith.muli %j, %x : index
      %t = arith.addi %b, %p : index
      scf.yield %t : index
    }
    scf.yield %s : index
  }
  return %r : index
}

// -----

// A step only known at run time (it may be negative: the loop then runs until
// the induction variable wraps past the bound); the rewrite is exact modulo
// 2^n whatever the sign.
// CHECK-LABEL: func.func @dynamic_step_i8(
// CHECK-SAME:      %[[S:[^:]*]]: i8, %[[X:[^:]*]]: i8)
// CHECK:         %[[INC:.*]] = arith.muli %[[S]], %[[X]] : i8
// CHECK:         scf.for {{.*}} step %[[S]] iter_args({{.*}}) -> (i8, i8)  : i8 {
// CHECK-NOT:       arith.muli
// CHECK:           arith.addi %{{.*}}, %[[INC]] : i8
func.func @dynamic_step_i8(%s: i8, %x: i8) -> i8 {
  %c0 = arith.constant 0 : i8
  %c100 = arith.constant 100 : i8
  %r = scf.for %i = %c0 to %c100 step %s iter_args(%acc = %c0) -> (i8) : i8 {
    %p = arith.muli %i, %x : i8
    %t = arith.addi %acc, %p : i8
    scf.yield %t : i8
  }
  return %r : i8
}
