// RUN: %onnx-opt %s --convert-onnx-to-scf | FileCheck %s --implicit-check-not=onnx.Scan --implicit-check-not=onnx.Yield
// RUN: %onnx-opt %s --convert-onnx-to-scf | %onnx-opt | FileCheck %s --implicit-check-not=onnx.Scan
// Flowgate only: upstream mlir-opt has no onnx dialect.
// UNSUPPORTED: upstream-as-flowgate

// Scan opset 8 (`onnx_opset = 8`): a leading sequence_lens operand (omitted but in the last case), a batch
// axis 0 on states and scan inputs, sequence axis 1 on scan inputs, and one `directions` list.

// An outer scf.for over the batch axis 0 slices each state and scan input with Gather; the
// inner loop runs over the sequence axis of the slice; the per-batch final states and scan
// outputs are stacked along a new axis 0.
// CHECK-LABEL: func.func @opset8(
// CHECK-SAME:      %[[S:.*]]: tensor<2x3xf32>, %[[X:.*]]: tensor<2x4x3xf32>)
// CHECK:         %[[BAX:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[BATCH:.*]] = tensor.dim %[[X]], %[[BAX]] : tensor<2x4x3xf32>
// CHECK-NEXT:    %[[SAX:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[LEN:.*]] = tensor.dim %[[X]], %[[SAX]] : tensor<2x4x3xf32>
// CHECK-NEXT:    %[[SS0:.*]] = "onnx.SequenceEmpty"() {dtype = 1 : i64} : () -> !onnx.seq<tensor<3xf32>>
// CHECK-NEXT:    %[[OS0:.*]] = "onnx.SequenceEmpty"() {dtype = 1 : i64} : () -> !onnx.seq<tensor<?x3xf32>>
// CHECK:         %[[F:.*]]:2 = scf.for %[[B:.*]] = %{{.*}} to %[[BATCH]] step %{{.*}} iter_args(%[[SS:.*]] = %[[SS0]], %[[OS:.*]] = %[[OS0]])
// CHECK-NEXT:      %[[B64:.*]] = arith.index_cast %[[B]] : index to i64
// CHECK-NEXT:      %[[BI:.*]] = tensor.from_elements %[[B64]] : tensor<i64>
// CHECK-NEXT:      %[[SB:.*]] = "onnx.Gather"(%[[S]], %[[BI]]) {axis = 0 : i64} : (tensor<2x3xf32>, tensor<i64>) -> tensor<3xf32>
// CHECK-NEXT:      %[[XB:.*]] = "onnx.Gather"(%[[X]], %[[BI]]) {axis = 0 : i64} : (tensor<2x4x3xf32>, tensor<i64>) -> tensor<4x3xf32>
// CHECK-NEXT:      %[[ACC0:.*]] = "onnx.SequenceEmpty"() {dtype = 1 : i64} : () -> !onnx.seq<tensor<3xf32>>
// CHECK:           %[[IN:.*]]:2 = scf.for %[[T:.*]] = %{{.*}} to %[[LEN]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[SB]], %{{.*}} = %[[ACC0]])
// CHECK:             "onnx.Gather"(%[[XB]], %{{.*}}) {axis = 0 : i64} : (tensor<4x3xf32>, tensor<i64>) -> tensor<3xf32>
// CHECK:           }
// CHECK-NEXT:      %[[SS2:.*]] = "onnx.SequenceInsert"(%[[SS]], %[[IN]]#0)
// CHECK-NEXT:      %[[OB:.*]] = "onnx.ConcatFromSequence"(%[[IN]]#1) {axis = 0 : i64, new_axis = 1 : i64} : (!onnx.seq<tensor<3xf32>>) -> tensor<?x3xf32>
// CHECK-NEXT:      %[[OS2:.*]] = "onnx.SequenceInsert"(%[[OS]], %[[OB]])
// CHECK-NEXT:      scf.yield %[[SS2]], %[[OS2]]
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[FS:.*]] = "onnx.ConcatFromSequence"(%[[F]]#0) {axis = 0 : i64, new_axis = 1 : i64} : (!onnx.seq<tensor<3xf32>>) -> tensor<?x3xf32>
// CHECK-NEXT:    %[[FSC:.*]] = tensor.cast %[[FS]] : tensor<?x3xf32> to tensor<2x3xf32>
// CHECK-NEXT:    %[[FO:.*]] = "onnx.ConcatFromSequence"(%[[F]]#1) {axis = 0 : i64, new_axis = 1 : i64} : (!onnx.seq<tensor<?x3xf32>>) -> tensor<?x?x3xf32>
// CHECK-NEXT:    %[[FOC:.*]] = tensor.cast %[[FO]] : tensor<?x?x3xf32> to tensor<2x4x3xf32>
// CHECK-NEXT:    return %[[FSC]], %[[FOC]]
func.func @opset8(%s: tensor<2x3xf32>, %x: tensor<2x4x3xf32>) -> (tensor<2x3xf32>, tensor<2x4x3xf32>) {
  %lens = "onnx.NoValue"() : () -> none
  %r:2 = "onnx.Scan"(%lens, %s, %x) ({
  ^bb0(%acc: tensor<3xf32>, %e: tensor<3xf32>):
    %a = "onnx.Add"(%acc, %e) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "onnx.Yield"(%a, %a) : (tensor<3xf32>, tensor<3xf32>) -> ()
  }) {num_scan_inputs = 1 : i64, onnx_opset = 8 : i64} : (none, tensor<2x3xf32>, tensor<2x4x3xf32>) -> (tensor<2x3xf32>, tensor<2x4x3xf32>)
  return %r#0, %r#1 : tensor<2x3xf32>, tensor<2x4x3xf32>
}

// directions = [1, 0]: the first scan input is read backwards within each batch entry.
// CHECK-LABEL: func.func @opset8_reverse(
// CHECK-SAME:      %[[X:.*]]: tensor<?x?x3xf32>, %[[Y:.*]]: tensor<?x?xf32>)
// The scan inputs' batch sizes (axis 0) and sequence lengths (axis 1) are checked once,
// before the batch loop, whose bound is the checked batch size.
// CHECK:         %[[BATCH0:.*]] = tensor.dim %[[X]]
// CHECK-NEXT:    %[[BATCH:.*]] = "onnx.Scan.check_batch"(%[[BATCH0]], %[[Y]]) {operand = 1 : i64, states = 0 : i64}
// CHECK-NEXT:    %[[SAX:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[LEN0:.*]] = tensor.dim %[[X]], %[[SAX]]
// CHECK-NEXT:    %[[LEN:.*]] = "onnx.Scan.check_length"(%[[LEN0]], %[[Y]]) {axis = 1 : i64, input = 1 : i64}
// CHECK:         scf.for %[[B:.*]] = %{{.*}} to %[[BATCH]]
// CHECK:           %[[XB:.*]] = "onnx.Gather"(%[[X]], %{{.*}}) {axis = 0 : i64} : (tensor<?x?x3xf32>, tensor<i64>) -> tensor<?x3xf32>
// CHECK-NEXT:      %[[YB:.*]] = "onnx.Gather"(%[[Y]], %{{.*}}) {axis = 0 : i64} : (tensor<?x?xf32>, tensor<i64>) -> tensor<?xf32>
// CHECK-NOT:       check_
// CHECK:           %[[LAST:.*]] = arith.subi %[[LEN]]
// CHECK-NEXT:      scf.for %[[T:[^ ]*]] =
// CHECK-NEXT:        %[[R:.*]] = arith.subi %[[LAST]], %[[T]] : index
// CHECK:             "onnx.Gather"(%[[XB]], %{{.*}}) {axis = 0 : i64} : (tensor<?x3xf32>, tensor<i64>) -> tensor<3xf32>
// CHECK:             "onnx.Gather"(%[[YB]], %{{.*}}) {axis = 0 : i64} : (tensor<?xf32>, tensor<i64>) -> tensor<f32>
func.func @opset8_reverse(%x: tensor<?x?x3xf32>, %y: tensor<?x?xf32>) -> tensor<?x?x3xf32> {
  %lens = "onnx.NoValue"() : () -> none
  %r = "onnx.Scan"(%lens, %x, %y) ({
  ^bb0(%a: tensor<3xf32>, %b: tensor<f32>):
    %m = "onnx.Mul"(%a, %b) : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
    "onnx.Yield"(%m) : (tensor<3xf32>) -> ()
  }) {directions = [1, 0], num_scan_inputs = 2 : i64, onnx_opset = 8 : i64} : (none, tensor<?x?x3xf32>, tensor<?x?xf32>) -> tensor<?x?x3xf32>
  return %r : tensor<?x?x3xf32>
}

// With sequence_lens, batch entry b runs sequence_lens[b] steps (a reversed input starts at
// sequence_lens[b] - 1) and its scan output is padded with zeros up to the sequence axis's
// length, as onnxruntime does.
// CHECK-LABEL: func.func @opset8_sequence_lens(
// CHECK-SAME:      %[[LENS:.*]]: tensor<2xi64>, %[[S:.*]]: tensor<2x3xf32>, %[[X:.*]]: tensor<2x4x3xf32>)
// CHECK:         %[[BATCH:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<2x4x3xf32>
// CHECK-NEXT:    %[[MAXAX:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[MAX:.*]] = tensor.dim %[[X]], %[[MAXAX]] : tensor<2x4x3xf32>
// CHECK-NEXT:    %[[ZERO:.*]] = "onnx.Constant"() {value = dense<0.000000e+00> : tensor<3xf32>} : () -> tensor<3xf32>
// CHECK:         scf.for %[[B:.*]] = %{{.*}} to %[[BATCH]]
// CHECK:           %[[BI:.*]] = tensor.from_elements %{{.*}} : tensor<i64>
// CHECK:           %[[XB:.*]] = "onnx.Gather"(%[[X]], %[[BI]]) {axis = 0 : i64} : (tensor<2x4x3xf32>, tensor<i64>) -> tensor<4x3xf32>
// CHECK-NEXT:      %[[LB:.*]] = "onnx.Gather"(%[[LENS]], %[[BI]]) {axis = 0 : i64} : (tensor<2xi64>, tensor<i64>) -> tensor<i64>
// CHECK-NEXT:      %[[L64:.*]] = tensor.extract %[[LB]][] : tensor<i64>
// CHECK-NEXT:      %[[L:.*]] = arith.index_cast %[[L64]] : i64 to index
// CHECK:           %[[LAST:.*]] = arith.subi %[[L]], %{{.*}} : index
// CHECK-NEXT:      %[[IN:.*]]:2 = scf.for %[[T:[^ ]*]] = %{{.*}} to %[[L]] step
// CHECK-NEXT:        arith.subi %[[LAST]], %[[T]] : index
// CHECK:             scf.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[FROM:.*]] = arith.maxsi %[[L]], %[[C0]] : index
// CHECK-NEXT:      %[[STEP:.*]] = arith.constant 1 : index
// CHECK-NEXT:      %[[PAD:.*]] = scf.for %{{.*}} = %[[FROM]] to %[[MAX]] step %[[STEP]] iter_args(%[[ACC:.*]] = %[[IN]]#1) -> (!onnx.seq<tensor<3xf32>>) {
// CHECK-NEXT:        %[[ACC2:.*]] = "onnx.SequenceInsert"(%[[ACC]], %[[ZERO]])
// CHECK-NEXT:        scf.yield %[[ACC2]]
// CHECK-NEXT:      }
// CHECK-NEXT:      "onnx.SequenceInsert"(%{{.*}}, %[[IN]]#0)
// CHECK-NEXT:      "onnx.ConcatFromSequence"(%[[PAD]]) {axis = 0 : i64, new_axis = 1 : i64} : (!onnx.seq<tensor<3xf32>>) -> tensor<?x3xf32>
func.func @opset8_sequence_lens(%lens: tensor<2xi64>, %s: tensor<2x3xf32>, %x: tensor<2x4x3xf32>) -> (tensor<2x3xf32>, tensor<2x4x3xf32>) {
  %r:2 = "onnx.Scan"(%lens, %s, %x) ({
  ^bb0(%acc: tensor<3xf32>, %e: tensor<3xf32>):
    %a = "onnx.Add"(%acc, %e) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "onnx.Yield"(%a, %a) : (tensor<3xf32>, tensor<3xf32>) -> ()
  }) {directions = [1], num_scan_inputs = 1 : i64, onnx_opset = 8 : i64} : (tensor<2xi64>, tensor<2x3xf32>, tensor<2x4x3xf32>) -> (tensor<2x3xf32>, tensor<2x4x3xf32>)
  return %r#0, %r#1 : tensor<2x3xf32>, tensor<2x4x3xf32>
}
