// Issue 11: scf.forall, scf.forall.in_parallel and tensor.parallel_insert_slice parse, print
// (normalized loops as `in (...)`, the elided empty terminator, mixed static/dynamic bounds)
// and verify as upstream. Nothing lowers them: --convert-scf-to-cf reports the op.
// RUN: split-file %s %t
// RUN: %onnx-opt %t/ok.mlir -allow-unregistered-dialect | FileCheck %s
// RUN: %onnx-opt %t/ok.mlir -allow-unregistered-dialect | %onnx-opt -allow-unregistered-dialect | FileCheck %s
// RUN: %onnx-opt %t/ok.mlir -allow-unregistered-dialect --mlir-print-op-generic | %onnx-opt -allow-unregistered-dialect | FileCheck %s
// RUN: %onnx-opt %t/bad.mlir -split-input-file -verify-diagnostics
// RUN: not %onnx-opt %t/ok.mlir -allow-unregistered-dialect --convert-scf-to-cf 2>&1 | FileCheck %s --check-prefix=LOWER

// CHECK-LABEL: func.func @shared
// CHECK: %[[R:.*]] = scf.forall (%[[I:.*]], %[[J:.*]]) = (0, %{{.*}}) to (%{{.*}}, 10) step (1, %{{.*}}) shared_outs(%[[O:.*]] = %{{.*}}) -> (tensor<100xf32>) {
// CHECK: %[[S:.*]] = tensor.extract_slice %[[O]][%[[I]]] [1] [1] : tensor<100xf32> to tensor<1xf32>
// CHECK: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %[[S]] into %[[O]][%[[I]]] [1] [1] : tensor<1xf32> into tensor<100xf32>
// CHECK-NEXT: }
// CHECK-NEXT: } {mapping = []}
// CHECK-LABEL: func.func @normalized
// CHECK: scf.forall (%{{.*}}) in (%{{.*}}) {
// CHECK-NEXT: "u.work"
// CHECK-NEXT: }
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (4, %{{.*}}) {
// CHECK-NEXT: }
// LOWER: error: failed to legalize operation 'scf.forall'

//--- ok.mlir
func.func @shared(%out: tensor<100xf32>, %n: index) -> tensor<100xf32> {
  %r = scf.forall (%i, %j) = (0, %n) to (%n, 10) step (1, %n) shared_outs(%o = %out) -> (tensor<100xf32>) {
    %1 = tensor.extract_slice %o[%i][1][1] : tensor<100xf32> to tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %1 into %o[%i][1][1] : tensor<1xf32> into tensor<100xf32>
    }
  } {mapping = []}
  return %r : tensor<100xf32>
}

func.func @normalized(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%i) = (%c0) to (%n) step (%c1) {
    "u.work"(%i) : (index) -> ()
  }
  scf.forall (%i, %j) in (4, %n) {
    scf.forall.in_parallel {
    }
  }
  return
}

//--- bad.mlir
func.func @wrong_num_results(%out: tensor<100xf32>, %n: index) {
  // expected-error@+1 {{number of operands and types do not match: got 1 operands and 2 types}}
  %r:2 = scf.forall (%i) in (%n) shared_outs(%o = %out) -> (tensor<100xf32>, tensor<100xf32>) {
  }
  return
}

// -----

func.func @insert_not_into_output(%in: tensor<1xf32>, %out: tensor<100xf32>, %n: index) {
  %r = scf.forall (%i) in (%n) shared_outs(%o = %out) -> (tensor<100xf32>) {
    scf.forall.in_parallel {
      // expected-error @+1 {{may only insert into an output block argument}}
      tensor.parallel_insert_slice %in into %out[%i][1][1] : tensor<1xf32> into tensor<100xf32>
    }
  }
  return
}

// -----

func.func @not_combining(%in: tensor<1xf32>, %out: tensor<100xf32>, %n: index) {
  %r = scf.forall (%i) in (%n) shared_outs(%o = %out) -> (tensor<100xf32>) {
    // expected-error @+1 {{expected only ParallelCombiningOpInterface ops}}
    scf.forall.in_parallel {
      %c = arith.constant 1 : index
    }
  }
  return
}

// -----

func.func @mapping_rank(%n: index) {
  // expected-error @+1 {{'scf.forall' op mapping attribute size must match op rank}}
  scf.forall (%i, %j) in (%n, %n) {
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

func.func @mapping_kind(%n: index) {
  // expected-error @+1 {{'scf.forall' op attribute 'mapping' failed to satisfy constraint: Device Mapping array attribute}}
  scf.forall (%i) in (%n) {
  } {mapping = [1]}
  return
}

// -----

func.func @in_parallel_outside(%in: tensor<1xf32>, %out: tensor<100xf32>) {
  // expected-error @+1 {{'scf.forall.in_parallel' op expects parent op 'scf.forall'}}
  scf.forall.in_parallel {
  }
  return
}

// -----

func.func @insert_outside(%in: tensor<1xf32>, %out: tensor<100xf32>) {
  // expected-error @+1 {{expected InParallelOpInterface parent, got:}}
  tensor.parallel_insert_slice %in into %out[0][1][1] : tensor<1xf32> into tensor<100xf32>
  return
}

// -----

func.func @bad_slice(%in: tensor<2xf32>, %out: tensor<100xf32>, %n: index) {
  %r = scf.forall (%i) in (%n) shared_outs(%o = %out) -> (tensor<100xf32>) {
    scf.forall.in_parallel {
      // expected-error @+1 {{expected type to be 'tensor<1xf32>' or a rank-reduced version. (size mismatch)}}
      tensor.parallel_insert_slice %in into %o[%i][1][1] : tensor<2xf32> into tensor<100xf32>
    }
  }
  return
}

// -----

// The rank is the number of lower bounds.
func.func @step_count(%n: index) {
  // expected-error @+1 {{expected 1 step values, got 3}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1, 1, 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (index) -> ()
  return
}
