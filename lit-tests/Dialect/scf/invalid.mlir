// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

// One case per upstream (LLVM 22) scf verifier rule; messages are upstream's,
// checked with `mlir-opt -split-input-file -verify-diagnostics`.

//===----------------------------------------------------------------------===//
// scf.for
//===----------------------------------------------------------------------===//

func.func @for_float_bound(%lb: f32, %n: f32) {
  // expected-error @below {{'scf.for' op operand #0 must be signless integer or index, but got 'f32'}}
  "scf.for"(%lb, %n, %n) ({
  ^bb0(%i: f32):
    scf.yield
  }) : (f32, f32, f32) -> ()
  return
}

// -----

func.func @for_bound_types_differ(%lb: index, %ub: i32, %step: index) {
  // expected-error @below {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%lb, %ub, %step) ({
  ^bb0(%i: index):
    scf.yield
  }) : (index, i32, index) -> ()
  return
}

// -----

func.func @for_iv_type(%n: index) {
  // expected-error @below {{'scf.for' op expected induction variable to be same type as bounds and step}}
  "scf.for"(%n, %n, %n) ({
  ^bb0(%i: i32):
    scf.yield
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_two_blocks(%n: index) {
  // expected-error @below {{'scf.for' op expects region #0 to have 0 or 1 blocks}}
  "scf.for"(%n, %n, %n) ({
  ^bb0(%i: index):
    scf.yield
  ^bb1:
    scf.yield
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_two_regions(%n: index) {
  // expected-error @below {{'scf.for' op requires one region}}
  "scf.for"(%n, %n, %n) ({
  ^bb0(%i: index):
    scf.yield
  }, {
    scf.yield
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_results_vs_inits(%n: index, %init: f32) {
  // expected-error @below {{'scf.for' op mismatch in number of loop-carried values and defined values}}
  "scf.for"(%n, %n, %n, %init) ({
  ^bb0(%i: index, %x: f32):
    scf.yield %x : f32
  }) : (index, index, index, f32) -> ()
  return
}

// -----

func.func @for_inits_vs_iter_args(%n: index, %init: f32) {
  // expected-error @below {{'scf.for' op different number of inits and region iter_args: 1 != 0}}
  %r = "scf.for"(%n, %n, %n, %init) ({
  ^bb0(%i: index):
    scf.yield
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @for_init_type_vs_iter_arg(%n: index, %init: f32) {
  // expected-error @below {{'scf.for' op 0-th init and 0-th region iter_arg have different type: 'f32' != 'f64'}}
  %r = "scf.for"(%n, %n, %n, %init) ({
  ^bb0(%i: index, %x: f64):
    scf.yield %x : f64
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @for_iter_arg_vs_result_type(%n: index, %init: f32) {
  // expected-error @below {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'f32' != 'f64'}}
  %r = "scf.for"(%n, %n, %n, %init) ({
  ^bb0(%i: index, %x: f32):
    scf.yield %x : f32
  }) : (index, index, index, f32) -> f64
  return
}

// -----

// In the custom form the iter_args initial value must have the declared type.
func.func @for_init_vs_declared_type(%n: index, %init: f32) {
  // expected-note @below {{prior use here}}
  %c = arith.constant 1.0 : f32
  // expected-error @below {{use of value '%c' expects different type than prior uses: 'f64' vs 'f32'}}
  %r = scf.for %i = %n to %n step %n iter_args(%x = %c) -> (f64) {
    scf.yield %x : f64
  }
  return
}

// -----

func.func @for_too_many_yielded(%n: index, %init: f32) {
  // expected-error @below {{'scf.for' op different number of region iter_args and yielded values: 1 != 2}}
  %r = scf.for %i = %n to %n step %n iter_args(%x = %init) -> (f32) {
    scf.yield %x, %x : f32, f32
  }
  return
}

// -----

func.func @for_yield_type(%n: index, %init: f32) {
  // expected-error @below {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f32' != 'i32'}}
  %r = scf.for %i = %n to %n step %n iter_args(%x = %init) -> (f32) {
    %c = arith.constant 1 : i32
    scf.yield %c : i32
  }
  return
}

// -----

// Too few yielded values is caught by the region-branch interface check,
// with its own wording.
func.func @for_too_few_yielded(%n: index, %init: f32) {
  // expected-error @below {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = scf.for %i = %n to %n step %n iter_args(%x = %init) -> (f32) {
    // expected-note @below {{region branch point}}
    scf.yield
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// scf.if
//===----------------------------------------------------------------------===//

func.func @if_condition_not_i1(%c: i32) {
  // expected-error @below {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "scf.if"(%c) ({
    scf.yield
  }, {
  }) : (i32) -> ()
  return
}

// -----

func.func @if_results_without_else(%c: i1, %v: f32) {
  // expected-error @below {{'scf.if' op must have an else block if defining values}}
  %r = scf.if %c -> (f32) {
    scf.yield %v : f32
  }
  return
}

// -----

func.func @if_yield_type(%c: i1, %v: f32) {
  // expected-error @below {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %r = scf.if %c -> (f32) {
    scf.yield %v : f32
  } else {
    %k = arith.constant 1 : i32
    // expected-note @below {{region branch point}}
    scf.yield %k : i32
  }
  return
}

// -----

func.func @if_yield_too_many(%c: i1, %v: f32) {
  // expected-error @below {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 2 operands, but region successor needs 1 inputs}}
  %r = scf.if %c -> (f32) {
    // expected-note @below {{region branch point}}
    scf.yield %v, %v : f32, f32
  } else {
    scf.yield %v : f32
  }
  return
}

// -----

// A missing yield is inserted implicitly, then fails the count check.
func.func @if_yield_missing(%c: i1, %v: f32) {
  // expected-error @below {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  // expected-note @below {{region branch point}}
  %r = scf.if %c -> (f32) {
  } else {
    scf.yield %v : f32
  }
  return
}

// -----

func.func @if_yield_without_results(%c: i1, %v: f32) {
  // expected-error @below {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 1 operands, but region successor needs 0 inputs}}
  scf.if %c {
    // expected-note @below {{region branch point}}
    scf.yield %v : f32
  }
  return
}

// -----

func.func @if_region_arguments(%c: i1) {
  // expected-error @below {{'scf.if' op region #0 should have no arguments}}
  "scf.if"(%c) ({
  ^bb0(%x: i32):
    scf.yield
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @if_two_blocks(%c: i1) {
  // expected-error @below {{'scf.if' op expects region #0 to have 0 or 1 blocks}}
  "scf.if"(%c) ({
    scf.yield
  ^bb1:
    scf.yield
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @if_three_regions(%c: i1) {
  // expected-error @below {{'scf.if' op expected 2 regions}}
  "scf.if"(%c) ({
    scf.yield
  }, {
  }, {
  }) : (i1) -> ()
  return
}

// -----

//===----------------------------------------------------------------------===//
// scf.yield / scf.condition placement
//===----------------------------------------------------------------------===//

func.func @yield_outside_scf() {
  // expected-error @below {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield
}

// -----

func.func @condition_outside_while(%c: i1) {
  // expected-error @below {{'scf.condition' op expects parent op 'scf.while'}}
  scf.condition(%c)
  return
}

// -----

//===----------------------------------------------------------------------===//
// scf.while
//===----------------------------------------------------------------------===//

func.func @while_condition_not_i1(%a: i32) {
  %t = arith.constant 1 : i32
  %r = "scf.while"(%a) ({
  ^bb0(%x: i32):
    // expected-error @below {{'scf.condition' op operand #0 must be 1-bit signless integer, but got 'i32'}}
    "scf.condition"(%t, %x) : (i32, i32) -> ()
  }, {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }) : (i32) -> i32
  return
}

// -----

func.func @while_init_vs_before_args(%a: i32) {
  %t = arith.constant true
  // expected-error @below {{'scf.while' op along control flow edge from parent to Region #0: successor operand type #0 'i32' should match successor input type #0 'i64'}}
  // expected-note @below {{region branch point}}
  %r = "scf.while"(%a) ({
  ^bb0(%x: i64):
    scf.condition(%t) %a : i32
  }, {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }) : (i32) -> i32
  return
}

// -----

func.func @while_init_count_vs_before_args(%a: i32) {
  %t = arith.constant true
  // expected-error @below {{'scf.while' op along control flow edge from parent to Region #0: region branch point has 1 operands, but region successor needs 2 inputs}}
  // expected-note @below {{region branch point}}
  %r = "scf.while"(%a) ({
  ^bb0(%x: i32, %z: i32):
    scf.condition(%t) %x : i32
  }, {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }) : (i32) -> i32
  return
}

// -----

func.func @while_condition_count_vs_after_args(%a: i32) {
  %t = arith.constant true
  // expected-error @below {{'scf.while' op along control flow edge from Operation scf.condition to Region #1: region branch point has 1 operands, but region successor needs 2 inputs}}
  %r = scf.while (%x = %a) : (i32) -> i32 {
    // expected-note @below {{region branch point}}
    scf.condition(%t) %x : i32
  } do {
  ^bb0(%y: i32, %z: i32):
    scf.yield %y : i32
  }
  return
}

// -----

func.func @while_condition_type_vs_after_args(%a: i32) {
  %t = arith.constant true
  // expected-error @below {{'scf.while' op along control flow edge from Operation scf.condition to Region #1: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %r = scf.while (%x = %a) : (i32) -> i32 {
    // expected-note @below {{region branch point}}
    scf.condition(%t) %x : i32
  } do {
  ^bb0(%y: f32):
    scf.yield %a : i32
  }
  return
}

// -----

func.func @while_condition_type_vs_results(%a: i32) {
  %t = arith.constant true
  // expected-error @below {{'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'i32' should match successor input type #0 'i64'}}
  %r = scf.while (%x = %a) : (i32) -> i64 {
    // expected-note @below {{region branch point}}
    scf.condition(%t) %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return
}

// -----

func.func @while_condition_count_vs_results(%a: i32) {
  %t = arith.constant true
  // expected-error @below {{'scf.while' op along control flow edge from Operation scf.condition to parent: region branch point has 1 operands, but region successor needs 0 inputs}}
  scf.while (%x = %a) : (i32) -> () {
    // expected-note @below {{region branch point}}
    scf.condition(%t) %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return
}

// -----

func.func @while_yield_type_vs_before_args(%a: i32) {
  %t = arith.constant true
  // expected-error @below {{'scf.while' op along control flow edge from Operation scf.yield to Region #0: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %r = scf.while (%x = %a) : (i32) -> i32 {
    scf.condition(%t) %x : i32
  } do {
  ^bb0(%y: i32):
    %f = arith.constant 1.0 : f32
    // expected-note @below {{region branch point}}
    scf.yield %f : f32
  }
  return
}

// -----

func.func @while_yield_count_vs_before_args(%a: i32) {
  %t = arith.constant true
  // expected-error @below {{'scf.while' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = scf.while (%x = %a) : (i32) -> i32 {
    scf.condition(%t) %x : i32
  } do {
  ^bb0(%y: i32):
    // expected-note @below {{region branch point}}
    scf.yield
  }
  return
}

// -----

func.func @while_before_terminator(%a: i32) {
  // expected-error @below {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  %r = scf.while (%x = %a) : (i32) -> i32 {
    // expected-note @below {{terminator here}}
    scf.yield %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return
}

// -----

func.func @while_after_terminator(%a: i32) {
  %t = arith.constant true
  // expected-error @below {{'scf.while' op expects the 'after' region to terminate with 'scf.yield'}}
  %r = scf.while (%x = %a) : (i32) -> i32 {
    scf.condition(%t) %x : i32
  } do {
  ^bb0(%y: i32):
    // expected-note @below {{terminator here}}
    scf.condition(%t) %y : i32
  }
  return
}

// -----

func.func @while_empty_before(%a: i32) {
  // expected-error @below {{'scf.while' op region #0 ('before') failed to verify constraint: region with 1 blocks}}
  %r = "scf.while"(%a) ({
  }, {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }) : (i32) -> i32
  return
}

// -----

func.func @while_two_after_blocks(%a: i32) {
  %t = arith.constant true
  // expected-error @below {{'scf.while' op expects region #1 to have 0 or 1 blocks}}
  %r = "scf.while"(%a) ({
  ^bb0(%x: i32):
    scf.condition(%t) %x : i32
  }, {
  ^bb0(%y: i32):
    scf.yield %y : i32
  ^bb1:
    scf.yield %a : i32
  }) : (i32) -> i32
  return
}

// -----

func.func @while_empty_blocks() {
  // expected-error @below {{'scf.while' op expects a non-empty block}}
  scf.while : () -> () {
  ^bb0:
  } do {
  ^bb0:
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// scf.parallel / scf.reduce / scf.reduce.return
//===----------------------------------------------------------------------===//

func.func @parallel_no_dims() {
  // expected-error @below {{'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step}}
  scf.parallel () = () to () step () {
  }
  return
}

// -----

func.func @parallel_bound_counts(%n: index, %m: index) {
  // expected-error @below {{custom op 'scf.parallel' expected 1 operands}}
  scf.parallel (%i) = (%n) to (%n, %m) step (%n) {
  }
  return
}

// -----

func.func @parallel_iv_count(%n: index) {
  // expected-error @below {{'scf.parallel' op expects the same number of induction variables: 2 as bound and step values: 1}}
  "scf.parallel"(%n, %n, %n) ({
  ^bb0(%i: index, %j: index):
    scf.reduce
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}

// -----

func.func @parallel_iv_type(%n: index) {
  // expected-error @below {{'scf.parallel' op expects arguments for the induction variable to be of index type}}
  "scf.parallel"(%n, %n, %n) ({
  ^bb0(%i: i32):
    scf.reduce
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}

// -----

func.func @parallel_zero_step(%n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @below {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i, %j) = (%n, %n) to (%n, %n) step (%n, %c0) {
  }
  return
}

// -----

func.func @parallel_negative_step(%n: index) {
  %neg = arith.constant -3 : index
  // expected-error @below {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i) = (%n) to (%n) step (%neg) {
  }
  return
}

// -----

func.func @parallel_wrong_terminator(%n: index) {
  // expected-error @below {{'scf.parallel' op expects body to terminate with 'scf.reduce'}}
  scf.parallel (%i) = (%n) to (%n) step (%n) {
    // expected-note @below {{terminator here}}
    scf.yield
  }
  return
}

// -----

func.func @parallel_more_results_than_reductions(%n: index, %f: f32) {
  // expected-error @below {{'scf.parallel' op expects number of results: 2 to be the same as number of reductions: 1}}
  %r:2 = scf.parallel (%i) = (%n) to (%n) step (%n) init (%f, %f) -> (f32, f32) {
    scf.reduce(%f : f32) {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}

// -----

func.func @parallel_reduction_without_result(%n: index, %f: f32) {
  // expected-error @below {{'scf.parallel' op expects number of results: 0 to be the same as number of reductions: 1}}
  scf.parallel (%i) = (%n) to (%n) step (%n) {
    scf.reduce(%f : f32) {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}

// -----

func.func @reduce_operand_vs_result_type(%n: index, %f: f32, %g: i32) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%f) -> f32 {
    // expected-error @below {{'scf.reduce' op expects type of 0-th reduction operand: 'i32' to be the same as the 0-th result type: 'f32'}}
    scf.reduce(%g : i32) {
    ^bb0(%l: i32, %r: i32):
      scf.reduce.return %l : i32
    }
  }
  return
}

// -----

func.func @reduce_region_one_argument(%n: index, %f: f32) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%f) -> f32 {
    // expected-error @below {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%f : f32) {
    ^bb0(%l: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}

// -----

func.func @reduce_region_argument_type(%n: index, %f: f32, %g: i64) {
  %r:2 = scf.parallel (%i) = (%n) to (%n) step (%n) init (%f, %g) -> (f32, i64) {
    // expected-error @below {{'scf.reduce' op expected two block arguments with type 'i64' in the 1-th reduction region}}
    scf.reduce(%f, %g : f32, i64) {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }, {
    ^bb0(%l: i64, %r: i32):
      scf.reduce.return %l : i64
    }
  }
  return
}

// -----

func.func @reduce_return_type(%n: index, %f: f32) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%f) -> f32 {
    scf.reduce(%f : f32) {
    ^bb0(%l: f32, %r: f32):
      %c = arith.constant 1 : i32
      // expected-error @below {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %c : i32
    }
  }
  return
}

// -----

func.func @reduce_region_two_blocks(%n: index, %f: f32) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%f) -> f32 {
    // expected-error @below {{'scf.reduce' op region #0 ('reductions') failed to verify constraint: region with 1 blocks}}
    scf.reduce(%f : f32) {
    ^bb0(%l: f32, %r: f32):
      cf.br ^bb1
    ^bb1:
      scf.reduce.return %l : f32
    }
  }
  return
}

// -----

func.func @reduce_outside_parallel(%f: f32) {
  // expected-error @below {{'scf.reduce' op expects parent op 'scf.parallel'}}
  scf.reduce(%f : f32) {
  ^bb0(%l: f32, %r: f32):
    scf.reduce.return %l : f32
  }
  return
}

// -----

func.func @reduce_return_outside_reduce(%f: f32) {
  // expected-error @below {{'scf.reduce.return' op expects parent op 'scf.reduce'}}
  scf.reduce.return %f : f32
}

// -----

//===----------------------------------------------------------------------===//
// scf.execute_region
//===----------------------------------------------------------------------===//

func.func @execute_region_arguments() {
  // expected-error @below {{'scf.execute_region' op region cannot have any arguments}}
  scf.execute_region {
  ^bb0(%x: i32):
    scf.yield
  }
  return
}

// -----

func.func @execute_region_empty() {
  // expected-error @below {{'scf.execute_region' op region needs to have at least one block}}
  "scf.execute_region"() ({
  }) : () -> ()
  return
}

// -----

func.func @execute_region_yield_type(%a: i32) {
  // expected-error @below {{'scf.execute_region' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i32' should match successor input type #0 'i64'}}
  %r = scf.execute_region -> i64 {
    // expected-note @below {{region branch point}}
    scf.yield %a : i32
  }
  return
}

// -----

func.func @execute_region_yield_count(%a: i32) {
  // expected-error @below {{'scf.execute_region' op along control flow edge from Operation scf.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = scf.execute_region -> i32 {
    // expected-note @below {{region branch point}}
    scf.yield
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// scf.index_switch
//===----------------------------------------------------------------------===//

func.func @switch_operand_not_index(%a: i32) {
  // expected-error @below {{'scf.index_switch' op operand #0 must be index, but got 'i32'}}
  "scf.index_switch"(%a) ({
    scf.yield
  }) {cases = array<i64>} : (i32) -> ()
  return
}

// -----

func.func @switch_duplicate_case(%a: index) {
  // expected-error @below {{'scf.index_switch' op has duplicate case value: 1}}
  scf.index_switch %a
  case 1 {
    scf.yield
  }
  case 1 {
    scf.yield
  }
  default {
  }
  return
}

// -----

func.func @switch_case_count(%a: index) {
  // expected-error @below {{'scf.index_switch' op has 0 case regions but 1 case values}}
  "scf.index_switch"(%a) ({
    scf.yield
  }) {cases = array<i64: 1>} : (index) -> ()
  return
}

// -----

func.func @switch_yield_count(%a: index) {
  // expected-error @below {{'scf.index_switch' op expected each region to return 1 values, but default region returns 0}}
  %r = scf.index_switch %a -> index
  case 3 {
    scf.yield %a : index
  }
  default {
    // expected-note @below {{see yield operation here}}
    scf.yield
  }
  return
}

// -----

func.func @switch_yield_type(%a: index, %b: i32) {
  // expected-error @below {{'scf.index_switch' op expected result #0 of each region to be 'index'}}
  %r = scf.index_switch %a -> index
  case 0 {
    // expected-note @below {{case region #0 returns 'i32' here}}
    scf.yield %b : i32
  }
  default {
    scf.yield %a : index
  }
  return
}

// -----

func.func @switch_wrong_terminator(%a: index) {
  // expected-error @below {{'scf.index_switch' op expected region to end with scf.yield, but got func.return}}
  "scf.index_switch"(%a) ({
    scf.yield
  }, {
    func.return
  }) {cases = array<i64: 1>} : (index) -> ()
  return
}

// -----

// Reduction regions without reduction operands parse; the verifier reports the counts (the
// loop's own check compares its results with the regions).
func.func @reduce_regions_without_operands(%n: index) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%n) -> index {
    // expected-error @below {{'scf.reduce' op expects number of reduction regions: 1 to be the same as number of reduction operands: 0}}
    scf.reduce {
    ^bb0(%l: index, %r: index):
      scf.reduce.return %l : index
    }
  }
  return
}

// -----

func.func @reduce_operand_without_region(%n: index) {
  scf.parallel (%i) = (%n) to (%n) step (%n) {
    // expected-error @below {{'scf.reduce' op expects number of reduction regions: 0 to be the same as number of reduction operands: 1}}
    scf.reduce(%n : index)
  }
  return
}
