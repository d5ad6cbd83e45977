// RUN: %onnx-opt %s --split-input-file --verify-diagnostics

func.func @wrong_num_results(%out: tensor<4xf32>) {
  // expected-error@+1 {{number of operands and types do not match: got 1 operands and 2 types}}
  %r:2 = scf.forall (%i) in (4) shared_outs(%o = %out) -> (tensor<4xf32>, tensor<4xf32>) {
  }
  return
}

// -----

func.func @insert_not_into_output(%in: tensor<1xf32>, %out: tensor<4xf32>) {
  %r = scf.forall (%i) in (4) shared_outs(%o = %out) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
      // expected-error@+1 {{may only insert into an output block argument}}
      tensor.parallel_insert_slice %in into %out[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return
}

// -----

func.func @other_op_in_terminator(%in: tensor<1xf32>, %out: tensor<4xf32>) {
  %r = scf.forall (%i) in (4) shared_outs(%o = %out) -> (tensor<4xf32>) {
    // expected-error@+1 {{expected only ParallelCombiningOpInterface ops}}
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %in into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
      %c = arith.constant 1 : index
    }
  }
  return
}

// -----

func.func @insert_outside_forall(%in: tensor<1xf32>, %out: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{expected InParallelOpInterface parent, got:}}
  tensor.parallel_insert_slice %in into %out[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
  return
}

// -----

func.func @mapping_not_device(%n: index) {
  // expected-error@+1 {{'scf.forall' op attribute 'mapping' failed to satisfy constraint: Device Mapping array attribute}}
  scf.forall (%i, %j) in (%n, %n) {
  } {mapping = [1 : i64]}
  return
}

// -----

func.func @static_list_rank(%n: index) {
  // expected-error@+1 {{expected 1 upper bound values, got 2}}
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4, 4>}> ({
  ^bb0(%i: index):
    scf.forall.in_parallel {
    }
  }) : () -> ()
  return
}

// -----

func.func @region_args(%n: index) {
  // expected-error@+1 {{'scf.forall' op region expects 2 arguments}}
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0, 0>, staticStep = array<i64: 1, 1>, staticUpperBound = array<i64: 4, 4>}> ({
  ^bb0(%i: index):
    scf.forall.in_parallel {
    }
  }) : () -> ()
  return
}
