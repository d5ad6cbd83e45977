// RUN: %onnx-opt %s --canonicalize --split-input-file | FileCheck %s

func.func private @val() -> i32
func.func private @cond() -> i1
func.func private @condof(i32) -> i1
func.func private @use(i32) -> ()
func.func private @use_i1(i1, i1) -> ()
func.func private @next(i32, i32) -> i32

// Values carried unchanged (a before-block argument fed its init and itself, an after-block
// argument and a result fed a value from above) become that value; the loop drops them.
// CHECK-LABEL: func @invariants
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i32, %[[Z:.*]]: i32)
// CHECK: %[[W:.*]] = scf.while (%[[A:.*]] = %[[X]]) : (i32) -> i32 {
// CHECK:   func.call @condof(%[[A]])
// CHECK:   scf.condition(%{{.*}}) %[[A]] : i32
// CHECK: } do {
// CHECK: ^bb0(%[[A2:.*]]: i32):
// CHECK:   %[[N:.*]] = func.call @next(%[[A2]], %[[Y]])
// CHECK:   %[[M:.*]] = func.call @next(%[[N]], %[[Z]])
// CHECK:   scf.yield %[[M]] : i32
// CHECK: return %[[W]], %[[Y]], %[[Z]]
func.func @invariants(%x: i32, %y: i32, %z: i32) -> (i32, i32, i32) {
  %0:3 = scf.while (%a = %x, %b = %y) : (i32, i32) -> (i32, i32, i32) {
    %c = func.call @condof(%a) : (i32) -> i1
    scf.condition(%c) %a, %b, %z : i32, i32, i32
  } do {
  ^bb0(%a2: i32, %b2: i32, %z2: i32):
    %n = func.call @next(%a2, %b2) : (i32, i32) -> i32
    %m = func.call @next(%n, %z2) : (i32, i32) -> i32
    scf.yield %m, %b2 : i32, i32
  }
  return %0#0, %0#1, %0#2 : i32, i32, i32
}

// Values that swap each iteration are not invariant.
// CHECK-LABEL: func @swapping
// CHECK: scf.while (%{{.*}} = %arg0, %{{.*}} = %arg1) : (i32, i32) -> (i32, i32)
// CHECK: scf.yield %{{.*}}, %{{.*}} : i32, i32
func.func @swapping(%x: i32, %y: i32) -> (i32, i32) {
  %0:2 = scf.while (%a = %x, %b = %y) : (i32, i32) -> (i32, i32) {
    %c = func.call @condof(%a) : (i32) -> i1
    scf.condition(%c) %a, %b : i32, i32
  } do {
  ^bb0(%a2: i32, %b2: i32):
    scf.yield %b2, %a2 : i32, i32
  }
  return %0#0, %0#1 : i32, i32
}

// -----

func.func private @condof(i32) -> i1
func.func private @next(i32) -> i32
func.func private @use2(i32, i32) -> ()

// Two before-block arguments with the same init and the same yielded value are one; so are two
// forwarded copies of one value.
// CHECK-LABEL: func @duplicates
// CHECK: %[[W:.*]] = scf.while (%[[A:.*]] = %arg0) : (i32) -> i32 {
// CHECK:   scf.condition(%{{.*}}) %[[A]] : i32
// CHECK: ^bb0(%[[A2:.*]]: i32):
// CHECK:   func.call @use2(%[[A2]], %[[A2]])
// CHECK: return %[[W]], %[[W]]
func.func @duplicates(%x: i32) -> (i32, i32) {
  %0:2 = scf.while (%a = %x, %b = %x) : (i32, i32) -> (i32, i32) {
    %c = func.call @condof(%a) : (i32) -> i1
    scf.condition(%c) %a, %a : i32, i32
  } do {
  ^bb0(%a2: i32, %a3: i32):
    func.call @use2(%a2, %a3) : (i32, i32) -> ()
    %n = func.call @next(%a2) : (i32) -> i32
    scf.yield %n, %n : i32, i32
  }
  return %0#0, %0#1 : i32, i32
}

// Different inits: not duplicates.
// CHECK-LABEL: func @not_duplicates
// CHECK: scf.while (%{{.*}} = %arg0, %{{.*}} = %arg1) : (i32, i32) -> (i32, i32)
func.func @not_duplicates(%x: i32, %y: i32) -> (i32, i32) {
  %0:2 = scf.while (%a = %x, %b = %y) : (i32, i32) -> (i32, i32) {
    %c = func.call @condof(%a) : (i32) -> i1
    scf.condition(%c) %a, %b : i32, i32
  } do {
  ^bb0(%a2: i32, %b2: i32):
    func.call @use2(%a2, %b2) : (i32, i32) -> ()
    %n = func.call @next(%a2) : (i32) -> i32
    scf.yield %n, %n : i32, i32
  }
  return %0#0, %0#1 : i32, i32
}

// -----

func.func private @val() -> i32
func.func private @cond() -> i1
func.func private @use(i32) -> ()
func.func private @use3(i1, i1, i32) -> ()

// Unused results and before-block arguments go; the condition is true in the body, and so
// is a repeated comparison (its negation false); another predicate stays.
// CHECK-LABEL: func @unused_and_condition
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK: %[[W:.*]] = scf.while : () -> i32 {
// CHECK:   %[[V:.*]] = func.call @val()
// CHECK:   %[[C:.*]] = arith.cmpi ne, %[[V]], %arg0 : i32
// CHECK:   scf.condition(%[[C]]) %[[V]] : i32
// CHECK: ^bb0(%[[V2:.*]]: i32):
// CHECK:   %[[O:.*]] = arith.cmpi slt, %[[V2]], %arg0 : i32
// CHECK:   func.call @use3(%[[T]], %[[F]], %[[V2]])
// CHECK:   func.call @use3(%[[O]], %[[T]], %[[V2]])
// CHECK:   scf.yield
// CHECK: return %[[W]] : i32
func.func @unused_and_condition(%arg0: i32, %unused: i32) -> i32 {
  %0:3 = scf.while (%u = %unused) : (i32) -> (i32, i32, i1) {
    %v = func.call @val() : () -> i32
    %c = arith.cmpi ne, %v, %arg0 : i32
    scf.condition(%c) %v, %v, %c : i32, i32, i1
  } do {
  ^bb0(%v2: i32, %v3: i32, %c2: i1):
    %same = arith.cmpi ne, %v2, %arg0 : i32
    %neg = arith.cmpi eq, %v2, %arg0 : i32
    %other = arith.cmpi slt, %v2, %arg0 : i32
    func.call @use3(%same, %neg, %v2) : (i1, i1, i32) -> ()
    func.call @use3(%other, %c2, %v2) : (i1, i1, i32) -> ()
    %n = func.call @val() : () -> i32
    scf.yield %n : i32
  }
  return %0#0 : i32
}

// -----

func.func private @condof(i32, i32) -> i1
func.func private @next(i32, i32) -> i32

// The condition forwards the before-block arguments in another order: it forwards them in
// their own order and the results are permuted instead.
// CHECK-LABEL: func @align
// CHECK: %[[W:.*]]:2 = scf.while (%[[A:.*]] = %arg0, %[[B:.*]] = %arg1)
// CHECK:   scf.condition(%{{.*}}) %[[A]], %[[B]] : i32, i32
// CHECK: ^bb0(%[[A2:.*]]: i32, %[[B2:.*]]: i32):
// CHECK:   func.call @next(%[[A2]], %[[B2]])
// CHECK: return %[[W]]#1, %[[W]]#0
func.func @align(%x: i32, %y: i32) -> (i32, i32) {
  %0:2 = scf.while (%a = %x, %b = %y) : (i32, i32) -> (i32, i32) {
    %c = func.call @condof(%a, %b) : (i32, i32) -> i1
    scf.condition(%c) %b, %a : i32, i32
  } do {
  ^bb0(%b2: i32, %a2: i32):
    %n = func.call @next(%a2, %b2) : (i32, i32) -> i32
    %m = func.call @next(%b2, %a2) : (i32, i32) -> i32
    scf.yield %n, %m : i32, i32
  }
  return %0#0, %0#1 : i32, i32
}
