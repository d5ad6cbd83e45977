// RUN: %onnx-opt %s --convert-onnx-to-scf | FileCheck %s --implicit-check-not=onnx.Loop --implicit-check-not=onnx.Yield
// RUN: %onnx-opt %s --convert-onnx-to-scf | %onnx-opt | FileCheck %s --implicit-check-not=onnx.Loop
// Flowgate only: upstream mlir-opt has no onnx dialect.
// UNSUPPORTED: upstream-as-flowgate

// onnx.Loop in each operating mode of seed 000. scf.for when M is given without a condition
// input and the body's condition output is always true; otherwise scf.while carrying
// (i: i64, cond: i1, v..., scan accumulators...).

// ("", ""): no bound and no condition input. The body's condition output still decides, as
// in onnxruntime and ONNX's reference evaluator (the seed's C code says it is ignored): here
// the loop stops after one trip.
// CHECK-LABEL: func.func @mode_none_none(
// CHECK-SAME:      %[[X:.*]]: tensor<2xf32>)
// CHECK:         %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-NEXT:    %[[W:.*]]:3 = scf.while (%[[I:.*]] = %[[ZERO]], %[[C:.*]] = %[[TRUE]], %[[V:.*]] = %[[X]]) : (i64, i1, tensor<2xf32>) -> (i64, i1, tensor<2xf32>) {
// CHECK-NEXT:      scf.condition(%[[C]]) %[[I]], %[[C]], %[[V]] : i64, i1, tensor<2xf32>
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[I2:.*]]: i64, %[[C2:.*]]: i1, %[[V2:.*]]: tensor<2xf32>):
// CHECK-NEXT:      %[[CT:.*]] = tensor.from_elements %[[C2]] : tensor<i1>
// CHECK-NEXT:      %[[NOT:.*]] = "onnx.Not"(%[[CT]])
// CHECK-NEXT:      %[[A:.*]] = "onnx.Add"(%[[V2]], %[[V2]])
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addi %[[I2]], %[[ONE]] : i64
// CHECK-NEXT:      %[[NS:.*]] = tensor.extract %[[NOT]][] : tensor<i1>
// CHECK-NEXT:      scf.yield %[[NEXT]], %[[NS]], %[[A]] : i64, i1, tensor<2xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[W]]#2 : tensor<2xf32>
func.func @mode_none_none(%x: tensor<2xf32>) -> tensor<2xf32> {
  %m = "onnx.NoValue"() : () -> none
  %c = "onnx.NoValue"() : () -> none
  %r = "onnx.Loop"(%m, %c, %x) ({
  ^bb0(%i: tensor<i64>, %cin: tensor<i1>, %v: tensor<2xf32>):
    %stop = "onnx.Not"(%cin) : (tensor<i1>) -> tensor<i1>
    %w = "onnx.Add"(%v, %v) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "onnx.Yield"(%stop, %w) : (tensor<i1>, tensor<2xf32>) -> ()
  }) : (none, none, tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// ("", cond): a while loop on the carried condition.
// CHECK-LABEL: func.func @mode_none_cond(
// CHECK-SAME:      %[[COND:.*]]: tensor<i1>, %[[X:.*]]: tensor<2xf32>)
// CHECK:         %[[C0:.*]] = tensor.extract %[[COND]][] : tensor<i1>
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-NEXT:    %[[W:.*]]:3 = scf.while (%[[I:.*]] = %[[ZERO]], %[[C:.*]] = %[[C0]], %[[V:.*]] = %[[X]])
// CHECK-NEXT:      scf.condition(%[[C]]) %[[I]], %[[C]], %[[V]] : i64, i1, tensor<2xf32>
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[I2:.*]]: i64, %{{.*}}: i1, %[[V2:.*]]: tensor<2xf32>):
// CHECK-NEXT:      %[[A:.*]] = "onnx.Add"(%[[V2]], %[[V2]])
// CHECK:           %[[GO:.*]] = "onnx.Less"
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addi %[[I2]], %[[ONE]] : i64
// CHECK-NEXT:      %[[GOS:.*]] = tensor.extract %[[GO]][] : tensor<i1>
// CHECK-NEXT:      scf.yield %[[NEXT]], %[[GOS]], %[[A]] : i64, i1, tensor<2xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[W]]#2 : tensor<2xf32>
func.func @mode_none_cond(%c: tensor<i1>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %m = "onnx.NoValue"() : () -> none
  %r = "onnx.Loop"(%m, %c, %x) ({
  ^bb0(%i: tensor<i64>, %cin: tensor<i1>, %v: tensor<2xf32>):
    %w = "onnx.Add"(%v, %v) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %mx = "onnx.ReduceMax"(%w) {keepdims = 0 : i64} : (tensor<2xf32>) -> tensor<f32>
    %lim = "onnx.Constant"() {value = dense<1.0e+01> : tensor<f32>} : () -> tensor<f32>
    %go = "onnx.Less"(%mx, %lim) : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "onnx.Yield"(%go, %w) : (tensor<i1>, tensor<2xf32>) -> ()
  }) : (none, tensor<i1>, tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// ("", true): a do-while loop; the constant condition is carried like any other.
// CHECK-LABEL: func.func @mode_none_true(
// CHECK:         %[[T:.*]] = "onnx.Constant"() {value = dense<true> : tensor<i1>}
// CHECK:         %[[C0:.*]] = tensor.extract %[[T]][] : tensor<i1>
// CHECK:         scf.while (%{{.*}} = %{{.*}}, %[[C:.*]] = %[[C0]], %{{.*}} = %{{.*}})
// CHECK-NEXT:      scf.condition(%[[C]])
// CHECK:           %[[NOT:.*]] = "onnx.Not"
// CHECK:           %[[NS:.*]] = tensor.extract %[[NOT]][] : tensor<i1>
// CHECK-NEXT:      scf.yield %{{.*}}, %[[NS]], %{{.*}} : i64, i1, tensor<2xf32>
func.func @mode_none_true(%x: tensor<2xf32>) -> tensor<2xf32> {
  %t = "onnx.Constant"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %m = "onnx.NoValue"() : () -> none
  %r = "onnx.Loop"(%m, %t, %x) ({
  ^bb0(%i: tensor<i64>, %cin: tensor<i1>, %v: tensor<2xf32>):
    %stop = "onnx.Not"(%cin) : (tensor<i1>) -> tensor<i1>
    %w = "onnx.Neg"(%v) : (tensor<2xf32>) -> tensor<2xf32>
    "onnx.Yield"(%stop, %w) : (tensor<i1>, tensor<2xf32>) -> ()
  }) : (none, tensor<i1>, tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// (M, "") whose body yields its condition argument back (always true): a for loop from 0 to M
// (a negative M runs no trip, as scf.for compares signed);
// the iteration number is the induction variable as a rank-0 int64 tensor. The scan output is
// accumulated in a sequence and stacked after the loop.
// CHECK-LABEL: func.func @mode_m_none(
// CHECK-SAME:      %[[M:.*]]: tensor<i64>, %[[X:.*]]: tensor<2xf32>)
// CHECK:         %[[ACC0:.*]] = "onnx.SequenceEmpty"() {dtype = 1 : i64} : () -> !onnx.seq<tensor<2xf32>>
// CHECK-NEXT:    %[[MS:.*]] = tensor.extract %[[M]][] : tensor<i64>
// CHECK-NEXT:    %[[UB:.*]] = arith.index_cast %[[MS]] : i64 to index
// CHECK-NEXT:    %[[LB:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[STEP:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[F:.*]]:2 = scf.for %[[IV:.*]] = %[[LB]] to %[[UB]] step %[[STEP]] iter_args(%[[V:.*]] = %[[X]], %[[ACC:.*]] = %[[ACC0]]) -> (tensor<2xf32>, !onnx.seq<tensor<2xf32>>) {
// CHECK-NEXT:      %[[I64:.*]] = arith.index_cast %[[IV]] : index to i64
// CHECK-NEXT:      %[[I:.*]] = tensor.from_elements %[[I64]] : tensor<i64>
// CHECK-NEXT:      %[[FI:.*]] = "onnx.Cast"(%[[I]])
// CHECK-NEXT:      %[[W:.*]] = "onnx.Add"(%[[V]], %[[FI]])
// CHECK-NEXT:      %[[ACC2:.*]] = "onnx.SequenceInsert"(%[[ACC]], %[[V]]) : (!onnx.seq<tensor<2xf32>>, tensor<2xf32>) -> !onnx.seq<tensor<2xf32>>
// CHECK-NEXT:      scf.yield %[[W]], %[[ACC2]] : tensor<2xf32>, !onnx.seq<tensor<2xf32>>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[S:.*]] = "onnx.ConcatFromSequence"(%[[F]]#1) {axis = 0 : i64, new_axis = 1 : i64} : (!onnx.seq<tensor<2xf32>>) -> tensor<?x2xf32>
// CHECK-NEXT:    return %[[F]]#0, %[[S]] : tensor<2xf32>, tensor<?x2xf32>
func.func @mode_m_none(%m: tensor<i64>, %x: tensor<2xf32>) -> (tensor<2xf32>, tensor<?x2xf32>) {
  %c = "onnx.NoValue"() : () -> none
  %r:2 = "onnx.Loop"(%m, %c, %x) ({
  ^bb0(%i: tensor<i64>, %cin: tensor<i1>, %v: tensor<2xf32>):
    %f = "onnx.Cast"(%i) {to = 1 : i64} : (tensor<i64>) -> tensor<f32>
    %w = "onnx.Add"(%v, %f) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
    "onnx.Yield"(%cin, %w, %v) : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> ()
  }) : (tensor<i64>, none, tensor<2xf32>) -> (tensor<2xf32>, tensor<?x2xf32>)
  return %r#0, %r#1 : tensor<2xf32>, tensor<?x2xf32>
}

// (M, cond): a while loop on cond && i < M, with a scan output; the body captures %x.
// CHECK-LABEL: func.func @mode_m_cond(
// CHECK-SAME:      %[[M:.*]]: tensor<i64>, %[[COND:.*]]: tensor<i1>, %[[X:.*]]: tensor<2xf32>)
// CHECK-NEXT:    %[[ACC0:.*]] = "onnx.SequenceEmpty"() {dtype = 1 : i64}
// CHECK-NEXT:    %[[MS:.*]] = tensor.extract %[[M]][] : tensor<i64>
// CHECK-NEXT:    %[[C0:.*]] = tensor.extract %[[COND]][] : tensor<i1>
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-NEXT:    %[[W:.*]]:4 = scf.while (%[[I:.*]] = %[[ZERO]], %[[C:.*]] = %[[C0]], %[[V:.*]] = %[[X]], %[[ACC:.*]] = %[[ACC0]]) : (i64, i1, tensor<2xf32>, !onnx.seq<tensor<2xf32>>) -> (i64, i1, tensor<2xf32>, !onnx.seq<tensor<2xf32>>) {
// CHECK-NEXT:      %[[LT:.*]] = arith.cmpi slt, %[[I]], %[[MS]] : i64
// CHECK-NEXT:      %[[GO:.*]] = arith.andi %[[C]], %[[LT]] : i1
// CHECK-NEXT:      scf.condition(%[[GO]]) %[[I]], %[[C]], %[[V]], %[[ACC]]
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[I2:.*]]: i64, %[[C2:.*]]: i1, %[[V2:.*]]: tensor<2xf32>, %[[ACC2:.*]]: !onnx.seq<tensor<2xf32>>):
// CHECK-NEXT:      %[[CT:.*]] = tensor.from_elements %[[C2]] : tensor<i1>
// CHECK-NEXT:      %[[SUB:.*]] = "onnx.Sub"(%[[V2]], %[[X]])
// CHECK-NEXT:      %[[ID:.*]] = "onnx.Identity"(%[[CT]])
// CHECK-NEXT:      %[[ACC3:.*]] = "onnx.SequenceInsert"(%[[ACC2]], %[[V2]])
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addi %[[I2]], %[[ONE]] : i64
// CHECK-NEXT:      %[[CS:.*]] = tensor.extract %[[ID]][] : tensor<i1>
// CHECK-NEXT:      scf.yield %[[NEXT]], %[[CS]], %[[SUB]], %[[ACC3]]
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[S:.*]] = "onnx.ConcatFromSequence"(%[[W]]#3) {axis = 0 : i64, new_axis = 1 : i64} : (!onnx.seq<tensor<2xf32>>) -> tensor<?x2xf32>
// CHECK-NEXT:    return %[[W]]#2, %[[S]]
func.func @mode_m_cond(%m: tensor<i64>, %c: tensor<i1>, %x: tensor<2xf32>) -> (tensor<2xf32>, tensor<?x2xf32>) {
  %r:2 = "onnx.Loop"(%m, %c, %x) ({
  ^bb0(%i: tensor<i64>, %cin: tensor<i1>, %v: tensor<2xf32>):
    %w = "onnx.Sub"(%v, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %id = "onnx.Identity"(%cin) : (tensor<i1>) -> tensor<i1>
    "onnx.Yield"(%id, %w, %v) : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> ()
  }) : (tensor<i64>, tensor<i1>, tensor<2xf32>) -> (tensor<2xf32>, tensor<?x2xf32>)
  return %r#0, %r#1 : tensor<2xf32>, tensor<?x2xf32>
}

// A carried value whose shape changes: the carried type is the join of the initial, body and
// yielded types; the initial value is cast to it.
// CHECK-LABEL: func.func @growing(
// CHECK-SAME:      %[[M:.*]]: tensor<i64>, %[[X:.*]]: tensor<0xf32>, %[[ONE:.*]]: tensor<1xf32>)
// CHECK:         %[[INIT:.*]] = tensor.cast %[[X]] : tensor<0xf32> to tensor<?xf32>
// CHECK:         %[[F:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[V:.*]] = %[[INIT]]) -> (tensor<?xf32>) {
// CHECK-NEXT:      %[[W:.*]] = "onnx.Concat"(%[[V]], %[[ONE]])
// CHECK-NEXT:      scf.yield %[[W]] : tensor<?xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[F]] : tensor<?xf32>
func.func @growing(%m: tensor<i64>, %x: tensor<0xf32>, %one: tensor<1xf32>) -> tensor<?xf32> {
  %c = "onnx.NoValue"() : () -> none
  %r = "onnx.Loop"(%m, %c, %x) ({
  ^bb0(%i: tensor<i64>, %cin: tensor<i1>, %v: tensor<?xf32>):
    %w = "onnx.Concat"(%v, %one) {axis = 0 : i64} : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
    "onnx.Yield"(%cin, %w) : (tensor<i1>, tensor<?xf32>) -> ()
  }) : (tensor<i64>, none, tensor<0xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// The body declares a narrower type than the carried one: a cast at the start of the body and
// one back before the yield.
// CHECK-LABEL: func.func @narrow_body_arg(
// CHECK:         scf.for %{{.*}} iter_args(%[[V:.*]] = %{{.*}}) -> (tensor<?xf32>) {
// CHECK-NEXT:      %[[A:.*]] = tensor.cast %[[V]] : tensor<?xf32> to tensor<3xf32>
// CHECK-NEXT:      %[[N:.*]] = "onnx.Neg"(%[[A]])
// CHECK-NEXT:      %[[B:.*]] = tensor.cast %[[N]] : tensor<3xf32> to tensor<?xf32>
// CHECK-NEXT:      scf.yield %[[B]] : tensor<?xf32>
func.func @narrow_body_arg(%m: tensor<i64>, %x: tensor<?xf32>) -> tensor<?xf32> {
  %c = "onnx.NoValue"() : () -> none
  %r = "onnx.Loop"(%m, %c, %x) ({
  ^bb0(%i: tensor<i64>, %cin: tensor<i1>, %v: tensor<3xf32>):
    %w = "onnx.Neg"(%v) : (tensor<3xf32>) -> tensor<3xf32>
    "onnx.Yield"(%cin, %w) : (tensor<i1>, tensor<3xf32>) -> ()
  }) : (tensor<i64>, none, tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// A loop-carried sequence whose element type the body relaxes: onnx.Identity moves the initial
// sequence to the joined type.
// CHECK-LABEL: func.func @carried_sequence(
// CHECK-SAME:      %{{.*}}: tensor<i64>, %{{.*}}: tensor<i1>, %[[S:.*]]: !onnx.seq<tensor<f32>>, %[[X:.*]]: tensor<?xf32>)
// CHECK-NEXT:    %[[INIT:.*]] = "onnx.Identity"(%[[S]]) : (!onnx.seq<tensor<f32>>) -> !onnx.seq<tensor<*xf32>>
// CHECK:         %[[W:.*]]:3 = scf.while ({{.*}}, %{{.*}} = %[[INIT]]) : (i64, i1, !onnx.seq<tensor<*xf32>>)
// CHECK:           "onnx.SequenceInsert"(%{{.*}}, %[[X]]) : (!onnx.seq<tensor<*xf32>>, tensor<?xf32>) -> !onnx.seq<tensor<*xf32>>
// CHECK:         return %[[W]]#2 : !onnx.seq<tensor<*xf32>>
func.func @carried_sequence(%m: tensor<i64>, %c: tensor<i1>, %s: !onnx.seq<tensor<f32>>, %x: tensor<?xf32>) -> !onnx.seq<tensor<*xf32>> {
  %r = "onnx.Loop"(%m, %c, %s) ({
  ^bb0(%i: tensor<i64>, %cin: tensor<i1>, %v: !onnx.seq<tensor<*xf32>>):
    %w = "onnx.SequenceInsert"(%v, %x) : (!onnx.seq<tensor<*xf32>>, tensor<?xf32>) -> !onnx.seq<tensor<*xf32>>
    "onnx.Yield"(%cin, %w) : (tensor<i1>, !onnx.seq<tensor<*xf32>>) -> ()
  }) : (tensor<i64>, tensor<i1>, !onnx.seq<tensor<f32>>) -> !onnx.seq<tensor<*xf32>>
  return %r : !onnx.seq<tensor<*xf32>>
}

// Single-element rank-1 trip count, condition and body scalars: the trip count and condition
// are gathered down to rank 0; the body's rank-1 scalars are reached from rank 0 through the
// unranked type.
// CHECK-LABEL: func.func @rank1_scalars(
// CHECK-SAME:      %[[M:.*]]: tensor<1xi64>, %[[C:.*]]: tensor<1xi1>, %[[X:.*]]: tensor<2xf32>)
// CHECK-NEXT:    %[[Z:.*]] = "onnx.Constant"() {value = dense<0> : tensor<i64>}
// CHECK-NEXT:    %[[M0:.*]] = "onnx.Gather"(%[[M]], %[[Z]]) {axis = 0 : i64} : (tensor<1xi64>, tensor<i64>) -> tensor<i64>
// CHECK-NEXT:    %[[MS:.*]] = tensor.extract %[[M0]][] : tensor<i64>
// CHECK-NEXT:    %[[Z2:.*]] = "onnx.Constant"() {value = dense<0> : tensor<i64>}
// CHECK-NEXT:    %[[C0:.*]] = "onnx.Gather"(%[[C]], %[[Z2]]) {axis = 0 : i64} : (tensor<1xi1>, tensor<i64>) -> tensor<i1>
// CHECK-NEXT:    %[[CS:.*]] = tensor.extract %[[C0]][] : tensor<i1>
// CHECK:         scf.while
// CHECK:         } do {
// CHECK-NEXT:    ^bb0(%[[I:.*]]: i64, %[[CI:.*]]: i1, %[[V:.*]]: tensor<2xf32>):
// CHECK-NEXT:      %[[IT:.*]] = tensor.from_elements %[[I]] : tensor<i64>
// CHECK-NEXT:      %[[IU:.*]] = tensor.cast %[[IT]] : tensor<i64> to tensor<*xi64>
// CHECK-NEXT:      %[[I1:.*]] = tensor.cast %[[IU]] : tensor<*xi64> to tensor<1xi64>
// CHECK-NEXT:      %[[CT:.*]] = tensor.from_elements %[[CI]] : tensor<i1>
// CHECK-NEXT:      %[[CTU:.*]] = tensor.cast %[[CT]] : tensor<i1> to tensor<*xi1>
// CHECK-NEXT:      %[[C1:.*]] = tensor.cast %[[CTU]] : tensor<*xi1> to tensor<1xi1>
// CHECK-NEXT:      "onnx.Cast"(%[[I1]])
// CHECK:           %[[N:.*]] = "onnx.Not"(%[[C1]]) : (tensor<1xi1>) -> tensor<1xi1>
// CHECK:           %[[Z3:.*]] = "onnx.Constant"() {value = dense<0> : tensor<i64>}
// CHECK-NEXT:      %[[N0:.*]] = "onnx.Gather"(%[[N]], %[[Z3]]) {axis = 0 : i64} : (tensor<1xi1>, tensor<i64>) -> tensor<i1>
// CHECK-NEXT:      %[[NS:.*]] = tensor.extract %[[N0]][] : tensor<i1>
// CHECK-NEXT:      scf.yield %{{.*}}, %[[NS]], %{{.*}} : i64, i1, tensor<2xf32>
func.func @rank1_scalars(%m: tensor<1xi64>, %c: tensor<1xi1>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %r = "onnx.Loop"(%m, %c, %x) ({
  ^bb0(%i: tensor<1xi64>, %cin: tensor<1xi1>, %v: tensor<2xf32>):
    %f = "onnx.Cast"(%i) {to = 1 : i64} : (tensor<1xi64>) -> tensor<1xf32>
    %w = "onnx.Add"(%v, %f) : (tensor<2xf32>, tensor<1xf32>) -> tensor<2xf32>
    %stop = "onnx.Not"(%cin) : (tensor<1xi1>) -> tensor<1xi1>
    "onnx.Yield"(%stop, %w) : (tensor<1xi1>, tensor<2xf32>) -> ()
  }) : (tensor<1xi64>, tensor<1xi1>, tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// ("", "") whose condition output is the condition argument: it is true whenever the body
// runs, so the loop carries a constant true and never stops by itself (it is still emitted).
// CHECK-LABEL: func.func @mode_none_none_forever(
// CHECK:         %[[TRUE:.*]] = arith.constant true
// CHECK:         scf.while (%{{.*}} = %{{.*}}, %[[C:.*]] = %[[TRUE]], %{{.*}} = %{{.*}})
// CHECK-NEXT:      scf.condition(%[[C]])
// CHECK:         } do {
// CHECK:           %[[T2:.*]] = arith.constant true
// CHECK-NEXT:      scf.yield %{{.*}}, %[[T2]], %{{.*}} : i64, i1, tensor<2xf32>
func.func @mode_none_none_forever(%x: tensor<2xf32>) -> tensor<2xf32> {
  %m = "onnx.NoValue"() : () -> none
  %c = "onnx.NoValue"() : () -> none
  %r = "onnx.Loop"(%m, %c, %x) ({
  ^bb0(%i: tensor<i64>, %cin: tensor<i1>, %v: tensor<2xf32>):
    %w = "onnx.Add"(%v, %v) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "onnx.Yield"(%cin, %w) : (tensor<i1>, tensor<2xf32>) -> ()
  }) : (none, none, tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// (M, "") whose condition output is computed: onnxruntime stops when it is false, so this is
// a while loop on cond && i < M, not a for loop.
// CHECK-LABEL: func.func @mode_m_none_computed_condition(
// CHECK-SAME:      %[[M:.*]]: tensor<i64>, %[[X:.*]]: tensor<2xf32>)
// CHECK:         %[[MS:.*]] = tensor.extract %[[M]][] : tensor<i64>
// CHECK-NEXT:    %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-NEXT:    scf.while (%[[I:.*]] = %[[ZERO]], %[[C:.*]] = %[[TRUE]], %{{.*}} = %[[X]])
// CHECK-NEXT:      %[[LT:.*]] = arith.cmpi slt, %[[I]], %[[MS]] : i64
// CHECK-NEXT:      %[[GO:.*]] = arith.andi %[[C]], %[[LT]] : i1
// CHECK-NEXT:      scf.condition(%[[GO]])
// CHECK:         } do {
// CHECK:           %[[LESS:.*]] = "onnx.Less"
// CHECK:           %[[LS:.*]] = tensor.extract %[[LESS]][] : tensor<i1>
// CHECK-NEXT:      scf.yield %{{.*}}, %[[LS]], %{{.*}} : i64, i1, tensor<2xf32>
func.func @mode_m_none_computed_condition(%m: tensor<i64>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %c = "onnx.NoValue"() : () -> none
  %r = "onnx.Loop"(%m, %c, %x) ({
  ^bb0(%i: tensor<i64>, %cin: tensor<i1>, %v: tensor<2xf32>):
    %w = "onnx.Add"(%v, %v) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %mx = "onnx.ReduceMax"(%w) {keepdims = 0 : i64} : (tensor<2xf32>) -> tensor<f32>
    %lim = "onnx.Constant"() {value = dense<1.0e+01> : tensor<f32>} : () -> tensor<f32>
    %go = "onnx.Less"(%mx, %lim) : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "onnx.Yield"(%go, %w) : (tensor<i1>, tensor<2xf32>) -> ()
  }) : (tensor<i64>, none, tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// (M, "") whose condition output is a constant true: a for loop.
// CHECK-LABEL: func.func @mode_m_none_constant_true(
// CHECK:         scf.for
// CHECK-NOT:     scf.while
func.func @mode_m_none_constant_true(%m: tensor<i64>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %c = "onnx.NoValue"() : () -> none
  %r = "onnx.Loop"(%m, %c, %x) ({
  ^bb0(%i: tensor<i64>, %cin: tensor<i1>, %v: tensor<2xf32>):
    %t = "onnx.Constant"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
    %w = "onnx.Add"(%v, %v) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "onnx.Yield"(%t, %w) : (tensor<i1>, tensor<2xf32>) -> ()
  }) : (tensor<i64>, none, tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
