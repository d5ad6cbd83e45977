// RUN: %onnx-opt %s --convert-onnx-to-scf | FileCheck %s --implicit-check-not=onnx.If --implicit-check-not=onnx.Yield
// RUN: %onnx-opt %s --convert-onnx-to-scf | %onnx-opt | FileCheck %s --implicit-check-not=onnx.If
// Flowgate only: upstream mlir-opt has no onnx dialect.
// UNSUPPORTED: upstream-as-flowgate

// onnx.If becomes scf.if on the extracted condition; each onnx.Yield becomes scf.yield.
// Results take the declared type when it holds both branches' values, else the join of the
// branches (equal dims stay, others become ?, different ranks give an unranked tensor), with
// tensor.cast where a yielded value's type differs and a cast back to the declared type.

// CHECK-LABEL: func.func @same_shapes(
// CHECK-SAME:      %[[C:.*]]: tensor<i1>, %[[X:.*]]: tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %[[B:.*]] = tensor.extract %[[C]][] : tensor<i1>
// CHECK-NEXT:    %[[R:.*]] = scf.if %[[B]] -> (tensor<2xf32>) {
// CHECK-NEXT:      %[[A:.*]] = "onnx.Add"(%[[X]], %[[X]])
// CHECK-NEXT:      scf.yield %[[A]] : tensor<2xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[N:.*]] = "onnx.Neg"(%[[X]])
// CHECK-NEXT:      scf.yield %[[N]] : tensor<2xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : tensor<2xf32>
func.func @same_shapes(%c: tensor<i1>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %r = "onnx.If"(%c) ({
    %a = "onnx.Add"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "onnx.Yield"(%a) : (tensor<2xf32>) -> ()
  }, {
    %n = "onnx.Neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    "onnx.Yield"(%n) : (tensor<2xf32>) -> ()
  }) : (tensor<i1>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// Different shapes under a declared dynamic result: the branches cast to it.
// CHECK-LABEL: func.func @different_shapes(
// CHECK-SAME:      %[[C:.*]]: tensor<i1>, %[[X:.*]]: tensor<2xf32>, %[[Y:.*]]: tensor<3xf32>) -> tensor<?xf32>
// CHECK:         %[[R:.*]] = scf.if %{{.*}} -> (tensor<?xf32>) {
// CHECK-NEXT:      %[[A:.*]] = tensor.cast %[[X]] : tensor<2xf32> to tensor<?xf32>
// CHECK-NEXT:      scf.yield %[[A]] : tensor<?xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[B:.*]] = tensor.cast %[[Y]] : tensor<3xf32> to tensor<?xf32>
// CHECK-NEXT:      scf.yield %[[B]] : tensor<?xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : tensor<?xf32>
func.func @different_shapes(%c: tensor<i1>, %x: tensor<2xf32>, %y: tensor<3xf32>) -> tensor<?xf32> {
  %r = "onnx.If"(%c) ({
    "onnx.Yield"(%x) : (tensor<2xf32>) -> ()
  }, {
    "onnx.Yield"(%y) : (tensor<3xf32>) -> ()
  }) : (tensor<i1>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// The declared result does not hold the else branch's value: the scf.if gets the join, and the
// uses keep the declared type through a cast.
// CHECK-LABEL: func.func @declared_too_narrow(
// CHECK:         %[[R:.*]] = scf.if %{{.*}} -> (tensor<2x?xf32>) {
// CHECK-NEXT:      %[[A:.*]] = tensor.cast %{{.*}} : tensor<2x4xf32> to tensor<2x?xf32>
// CHECK-NEXT:      scf.yield %[[A]] : tensor<2x?xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[B:.*]] = tensor.cast %{{.*}} : tensor<2x5xf32> to tensor<2x?xf32>
// CHECK-NEXT:      scf.yield %[[B]] : tensor<2x?xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[CAST:.*]] = tensor.cast %[[R]] : tensor<2x?xf32> to tensor<2x4xf32>
// CHECK-NEXT:    %[[U:.*]] = "onnx.Relu"(%[[CAST]]) : (tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:    return %[[U]] : tensor<2x4xf32>
func.func @declared_too_narrow(%c: tensor<i1>, %x: tensor<2x4xf32>, %y: tensor<2x5xf32>) -> tensor<2x4xf32> {
  %r = "onnx.If"(%c) ({
    "onnx.Yield"(%x) : (tensor<2x4xf32>) -> ()
  }, {
    "onnx.Yield"(%y) : (tensor<2x5xf32>) -> ()
  }) : (tensor<i1>) -> tensor<2x4xf32>
  %u = "onnx.Relu"(%r) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %u : tensor<2x4xf32>
}

// Different ranks join to an unranked tensor.
// CHECK-LABEL: func.func @different_ranks(
// CHECK:         %[[R:.*]] = scf.if %{{.*}} -> (tensor<*xf32>) {
// CHECK-NEXT:      %[[A:.*]] = tensor.cast %{{.*}} : tensor<f32> to tensor<*xf32>
// CHECK-NEXT:      scf.yield %[[A]] : tensor<*xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[B:.*]] = tensor.cast %{{.*}} : tensor<2x3xf32> to tensor<*xf32>
// CHECK-NEXT:      scf.yield %[[B]] : tensor<*xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : tensor<*xf32>
func.func @different_ranks(%c: tensor<i1>, %x: tensor<f32>, %y: tensor<2x3xf32>) -> tensor<*xf32> {
  %r = "onnx.If"(%c) ({
    "onnx.Yield"(%x) : (tensor<f32>) -> ()
  }, {
    "onnx.Yield"(%y) : (tensor<2x3xf32>) -> ()
  }) : (tensor<i1>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}

// Two results of different element types; a single-element rank-1 condition is reduced to
// rank 0 by gathering its element 0.
// CHECK-LABEL: func.func @two_dtypes(
// CHECK-SAME:      %[[C:.*]]: tensor<1xi1>, %[[X:.*]]: tensor<2xf32>, %[[I:.*]]: tensor<i64>)
// CHECK-NEXT:    %[[Z:.*]] = "onnx.Constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
// CHECK-NEXT:    %[[S:.*]] = "onnx.Gather"(%[[C]], %[[Z]]) {axis = 0 : i64} : (tensor<1xi1>, tensor<i64>) -> tensor<i1>
// CHECK-NEXT:    %[[B:.*]] = tensor.extract %[[S]][] : tensor<i1>
// CHECK-NEXT:    %[[R:.*]]:2 = scf.if %[[B]] -> (tensor<2xf32>, tensor<i64>) {
// CHECK-NEXT:      scf.yield %[[X]], %[[I]] : tensor<2xf32>, tensor<i64>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[N:.*]] = "onnx.Neg"(%[[I]])
// CHECK-NEXT:      scf.yield %[[X]], %[[N]] : tensor<2xf32>, tensor<i64>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#0, %[[R]]#1
func.func @two_dtypes(%c: tensor<1xi1>, %x: tensor<2xf32>, %i: tensor<i64>) -> (tensor<2xf32>, tensor<i64>) {
  %r:2 = "onnx.If"(%c) ({
    "onnx.Yield"(%x, %i) : (tensor<2xf32>, tensor<i64>) -> ()
  }, {
    %n = "onnx.Neg"(%i) : (tensor<i64>) -> tensor<i64>
    "onnx.Yield"(%x, %n) : (tensor<2xf32>, tensor<i64>) -> ()
  }) : (tensor<1xi1>) -> (tensor<2xf32>, tensor<i64>)
  return %r#0, %r#1 : tensor<2xf32>, tensor<i64>
}

// Sequences join their element types; onnx.Identity changes a sequence's static type.
// CHECK-LABEL: func.func @sequences(
// CHECK:         %[[R:.*]] = scf.if %{{.*}} -> (!onnx.seq<tensor<?xf32>>) {
// CHECK-NEXT:      %[[S:.*]] = "onnx.SequenceConstruct"
// CHECK-NEXT:      %[[A:.*]] = "onnx.Identity"(%[[S]]) : (!onnx.seq<tensor<2xf32>>) -> !onnx.seq<tensor<?xf32>>
// CHECK-NEXT:      scf.yield %[[A]] : !onnx.seq<tensor<?xf32>>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[T:.*]] = "onnx.SequenceConstruct"
// CHECK-NEXT:      %[[B:.*]] = "onnx.Identity"(%[[T]]) : (!onnx.seq<tensor<3xf32>>) -> !onnx.seq<tensor<?xf32>>
// CHECK-NEXT:      scf.yield %[[B]] : !onnx.seq<tensor<?xf32>>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : !onnx.seq<tensor<?xf32>>
func.func @sequences(%c: tensor<i1>, %x: tensor<2xf32>, %y: tensor<3xf32>) -> !onnx.seq<tensor<?xf32>> {
  %r = "onnx.If"(%c) ({
    %s = "onnx.SequenceConstruct"(%x) : (tensor<2xf32>) -> !onnx.seq<tensor<2xf32>>
    "onnx.Yield"(%s) : (!onnx.seq<tensor<2xf32>>) -> ()
  }, {
    %s = "onnx.SequenceConstruct"(%y) : (tensor<3xf32>) -> !onnx.seq<tensor<3xf32>>
    "onnx.Yield"(%s) : (!onnx.seq<tensor<3xf32>>) -> ()
  }) : (tensor<i1>) -> !onnx.seq<tensor<?xf32>>
  return %r : !onnx.seq<tensor<?xf32>>
}

// Optionals pass through unchanged when both branches agree.
// CHECK-LABEL: func.func @optionals(
// CHECK:         scf.if %{{.*}} -> (!onnx.opt<tensor<2xf32>>) {
// CHECK-NEXT:      %[[E:.*]] = "onnx.Optional"() {type = tensor<2xf32>}
// CHECK-NEXT:      scf.yield %[[E]] : !onnx.opt<tensor<2xf32>>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[F:.*]] = "onnx.Optional"(%{{.*}}) : (tensor<2xf32>)
// CHECK-NEXT:      scf.yield %[[F]] : !onnx.opt<tensor<2xf32>>
func.func @optionals(%c: tensor<i1>, %x: tensor<2xf32>) -> !onnx.opt<tensor<2xf32>> {
  %r = "onnx.If"(%c) ({
    %e = "onnx.Optional"() {type = tensor<2xf32>} : () -> !onnx.opt<tensor<2xf32>>
    "onnx.Yield"(%e) : (!onnx.opt<tensor<2xf32>>) -> ()
  }, {
    %f = "onnx.Optional"(%x) : (tensor<2xf32>) -> !onnx.opt<tensor<2xf32>>
    "onnx.Yield"(%f) : (!onnx.opt<tensor<2xf32>>) -> ()
  }) : (tensor<i1>) -> !onnx.opt<tensor<2xf32>>
  return %r : !onnx.opt<tensor<2xf32>>
}

// An unranked condition is cast to rank 0; a rank-2 one is gathered twice.
// CHECK-LABEL: func.func @other_conditions(
// CHECK-SAME:      %[[U:.*]]: tensor<*xi1>, %[[C2:.*]]: tensor<1x?xi1>
// CHECK-NEXT:    %[[U0:.*]] = tensor.cast %[[U]] : tensor<*xi1> to tensor<i1>
// CHECK-NEXT:    %[[UB:.*]] = tensor.extract %[[U0]][] : tensor<i1>
// CHECK-NEXT:    scf.if %[[UB]]
// CHECK:         %[[Z:.*]] = "onnx.Constant"() {value = dense<0> : tensor<i64>}
// CHECK-NEXT:    %[[G1:.*]] = "onnx.Gather"(%[[C2]], %[[Z]]) {axis = 0 : i64} : (tensor<1x?xi1>, tensor<i64>) -> tensor<?xi1>
// CHECK-NEXT:    %[[G2:.*]] = "onnx.Gather"(%[[G1]], %[[Z]]) {axis = 0 : i64} : (tensor<?xi1>, tensor<i64>) -> tensor<i1>
// CHECK-NEXT:    %[[B2:.*]] = tensor.extract %[[G2]][] : tensor<i1>
// CHECK-NEXT:    scf.if %[[B2]]
func.func @other_conditions(%u: tensor<*xi1>, %c2: tensor<1x?xi1>, %x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %r = "onnx.If"(%u) ({
    "onnx.Yield"(%x) : (tensor<2xf32>) -> ()
  }, {
    "onnx.Yield"(%x) : (tensor<2xf32>) -> ()
  }) : (tensor<*xi1>) -> tensor<2xf32>
  %s = "onnx.If"(%c2) ({
    "onnx.Yield"(%x) : (tensor<2xf32>) -> ()
  }, {
    "onnx.Yield"(%x) : (tensor<2xf32>) -> ()
  }) : (tensor<1x?xi1>) -> tensor<2xf32>
  return %r, %s : tensor<2xf32>, tensor<2xf32>
}
