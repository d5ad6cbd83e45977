// RUN: %onnx-opt %s --convert-onnx-to-scf --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s
// Flowgate only: upstream mlir-opt has no onnx dialect.
// UNSUPPORTED: upstream-as-flowgate

// Every op the conversion creates carries the location of the onnx op it replaces (the ONNX
// node and its graph path), so later diagnostics still name the node; the body ops keep theirs.

// CHECK-LABEL: func.func @locs(
// CHECK-NEXT: "onnx.SequenceEmpty"{{.*}} loc("Loop#0"("g"))
// CHECK-NEXT: tensor.extract{{.*}} loc("Loop#0"("g"))
// CHECK-NEXT: tensor.extract{{.*}} loc("Loop#0"("g"))
// CHECK-NEXT: arith.constant{{.*}} loc("Loop#0"("g"))
// CHECK-NEXT: scf.while 
// CHECK-NEXT: arith.cmpi{{.*}} loc("Loop#0"("g"))
// CHECK-NEXT: arith.andi{{.*}} loc("Loop#0"("g"))
// CHECK-NEXT: scf.condition{{.*}} loc("Loop#0"("g"))
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0({{.*}} loc("Loop#0"("g")){{.*}}):
// CHECK-NEXT: tensor.from_elements{{.*}} loc("Loop#0"("g"))
// CHECK-NEXT: "onnx.Neg"{{.*}} loc("Neg#0"("g/Loop#0/body"))
// CHECK-NEXT: "onnx.SequenceInsert"{{.*}} loc("Loop#0"("g"))
// CHECK-NEXT: arith.constant{{.*}} loc("Loop#0"("g"))
// CHECK-NEXT: arith.addi{{.*}} loc("Loop#0"("g"))
// CHECK-NEXT: tensor.extract{{.*}} loc("Loop#0"("g"))
// CHECK-NEXT: scf.yield{{.*}} loc("Loop#0"("g"))
// CHECK-NEXT: }{{.*}} loc("Loop#0"("g"))
// CHECK-NEXT: "onnx.ConcatFromSequence"{{.*}} loc("Loop#0"("g"))
// CHECK-NEXT: arith.constant{{.*}} loc("Scan#1"("g"))
// CHECK-NEXT: tensor.dim{{.*}} loc("Scan#1"("g"))
// CHECK-NEXT: arith.constant{{.*}} loc("Scan#1"("g"))
// CHECK-NEXT: arith.constant{{.*}} loc("Scan#1"("g"))
// CHECK-NEXT: arith.subi{{.*}} loc("Scan#1"("g"))
// CHECK-NEXT: scf.for 
// CHECK-NEXT: arith.subi{{.*}} loc("Scan#1"("g"))
// CHECK-NEXT: arith.index_cast{{.*}} loc("Scan#1"("g"))
// CHECK-NEXT: tensor.from_elements{{.*}} loc("Scan#1"("g"))
// CHECK-NEXT: "onnx.Gather"{{.*}} loc("Scan#1"("g"))
// CHECK-NEXT: tensor.extract{{.*}} loc("If#0"("g/Scan#1/body"))
// CHECK-NEXT: scf.if 
// CHECK-NEXT: scf.yield{{.*}} loc("If#0"("g/Scan#1/body"))
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield{{.*}} loc("If#0"("g/Scan#1/body"))
// CHECK-NEXT: }{{.*}} loc("If#0"("g/Scan#1/body"))
// CHECK-NEXT: scf.yield{{.*}} loc("Scan#1"("g"))
// CHECK-NEXT: }{{.*}} loc("Scan#1"("g"))
// CHECK-NEXT: return{{.*}} loc("g")
func.func @locs(%m: tensor<i64>, %c: tensor<i1>, %x: tensor<2xf32>, %xs: tensor<3x2xf32>) -> (tensor<2xf32>, tensor<?x2xf32>, tensor<2xf32>) {
  %r:2 = "onnx.Loop"(%m, %c, %x) ({
  ^bb0(%i: tensor<i64>, %cin: tensor<i1>, %v: tensor<2xf32>):
    %w = "onnx.Neg"(%v) : (tensor<2xf32>) -> tensor<2xf32> loc("Neg#0"("g/Loop#0/body"))
    "onnx.Yield"(%cin, %w, %v) : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> () loc("g/Loop#0/body")
  }) : (tensor<i64>, tensor<i1>, tensor<2xf32>) -> (tensor<2xf32>, tensor<?x2xf32>) loc("Loop#0"("g"))
  %s = "onnx.Scan"(%x, %xs) ({
  ^bb0(%acc: tensor<2xf32>, %e: tensor<2xf32>):
    %y = "onnx.If"(%c) ({
      "onnx.Yield"(%acc) : (tensor<2xf32>) -> () loc("g/Scan#1/body/If#0/then_branch")
    }, {
      "onnx.Yield"(%e) : (tensor<2xf32>) -> () loc("g/Scan#1/body/If#0/else_branch")
    }) : (tensor<i1>) -> tensor<2xf32> loc("If#0"("g/Scan#1/body"))
    "onnx.Yield"(%y) : (tensor<2xf32>) -> () loc("g/Scan#1/body")
  }) {num_scan_inputs = 1 : i64, scan_input_directions = [1]} : (tensor<2xf32>, tensor<3x2xf32>) -> tensor<2xf32> loc("Scan#1"("g"))
  return %r#0, %r#1, %s : tensor<2xf32>, tensor<?x2xf32>, tensor<2xf32> loc("g")
}
