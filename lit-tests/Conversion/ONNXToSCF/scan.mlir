// RUN: %onnx-opt %s --convert-onnx-to-scf | FileCheck %s --implicit-check-not=onnx.Scan --implicit-check-not=onnx.Yield
// RUN: %onnx-opt %s --convert-onnx-to-scf | %onnx-opt | FileCheck %s --implicit-check-not=onnx.Scan
// Flowgate only: upstream mlir-opt has no onnx dialect.
// UNSUPPORTED: upstream-as-flowgate

// onnx.Scan (opset 9+) becomes scf.for over the scan axis, carrying the states and one
// sequence per scan output; each attribute (input/output axes, negative too, and directions)
// is honoured.

// Defaults: axis 0, forward. The trip count is the scan input's length along its axis; each
// iteration gathers slice t (a rank-0 int64 index removes the axis).
// CHECK-LABEL: func.func @defaults(
// CHECK-SAME:      %[[S:.*]]: tensor<2xf32>, %[[X:.*]]: tensor<5x2xf32>)
// CHECK-NEXT:    %[[ACC0:.*]] = "onnx.SequenceEmpty"() {dtype = 1 : i64} : () -> !onnx.seq<tensor<2xf32>>
// CHECK-NEXT:    %[[AX:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[LEN:.*]] = tensor.dim %[[X]], %[[AX]] : tensor<5x2xf32>
// CHECK-NEXT:    %[[LB:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[STEP:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[F:.*]]:2 = scf.for %[[T:.*]] = %[[LB]] to %[[LEN]] step %[[STEP]] iter_args(%[[ACC:.*]] = %[[S]], %[[SEQ:.*]] = %[[ACC0]]) -> (tensor<2xf32>, !onnx.seq<tensor<2xf32>>) {
// CHECK-NEXT:      %[[T64:.*]] = arith.index_cast %[[T]] : index to i64
// CHECK-NEXT:      %[[IDX:.*]] = tensor.from_elements %[[T64]] : tensor<i64>
// CHECK-NEXT:      %[[E:.*]] = "onnx.Gather"(%[[X]], %[[IDX]]) {axis = 0 : i64} : (tensor<5x2xf32>, tensor<i64>) -> tensor<2xf32>
// CHECK-NEXT:      %[[A:.*]] = "onnx.Add"(%[[ACC]], %[[E]])
// CHECK-NEXT:      %[[SEQ2:.*]] = "onnx.SequenceInsert"(%[[SEQ]], %[[A]])
// CHECK-NEXT:      scf.yield %[[A]], %[[SEQ2]] : tensor<2xf32>, !onnx.seq<tensor<2xf32>>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[OUT:.*]] = "onnx.ConcatFromSequence"(%[[F]]#1) {axis = 0 : i64, new_axis = 1 : i64} : (!onnx.seq<tensor<2xf32>>) -> tensor<?x2xf32>
// CHECK-NEXT:    %[[CAST:.*]] = tensor.cast %[[OUT]] : tensor<?x2xf32> to tensor<5x2xf32>
// CHECK-NEXT:    return %[[F]]#0, %[[CAST]]
func.func @defaults(%s: tensor<2xf32>, %x: tensor<5x2xf32>) -> (tensor<2xf32>, tensor<5x2xf32>) {
  %r:2 = "onnx.Scan"(%s, %x) ({
  ^bb0(%acc: tensor<2xf32>, %e: tensor<2xf32>):
    %a = "onnx.Add"(%acc, %e) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "onnx.Yield"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> ()
  }) {num_scan_inputs = 1 : i64} : (tensor<2xf32>, tensor<5x2xf32>) -> (tensor<2xf32>, tensor<5x2xf32>)
  return %r#0, %r#1 : tensor<2xf32>, tensor<5x2xf32>
}

// scan_input_axes = [1]: the length and the slices are along axis 1.
// CHECK-LABEL: func.func @input_axis(
// CHECK-SAME:      %{{.*}}: tensor<3xf32>, %[[X:.*]]: tensor<3x4xf32>)
// CHECK-NEXT:    %[[AX:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[LEN:.*]] = tensor.dim %[[X]], %[[AX]] : tensor<3x4xf32>
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[LEN]]
// CHECK:           "onnx.Gather"(%[[X]], %{{.*}}) {axis = 1 : i64} : (tensor<3x4xf32>, tensor<i64>) -> tensor<3xf32>
func.func @input_axis(%s: tensor<3xf32>, %x: tensor<3x4xf32>) -> tensor<3xf32> {
  %r = "onnx.Scan"(%s, %x) ({
  ^bb0(%acc: tensor<3xf32>, %e: tensor<3xf32>):
    %a = "onnx.Add"(%acc, %e) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "onnx.Yield"(%a) : (tensor<3xf32>) -> ()
  }) {num_scan_inputs = 1 : i64, scan_input_axes = [1]} : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// scan_input_axes = [-1] counts from the end of the input's rank: axis 1 here.
// CHECK-LABEL: func.func @negative_input_axis(
// CHECK-SAME:      %{{.*}}: tensor<3xf32>, %[[X:.*]]: tensor<3x4xf32>)
// CHECK-NEXT:    %[[AX:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[LEN:.*]] = tensor.dim %[[X]], %[[AX]] : tensor<3x4xf32>
// CHECK:           "onnx.Gather"(%[[X]], %{{.*}}) {axis = 1 : i64} : (tensor<3x4xf32>, tensor<i64>) -> tensor<3xf32>
func.func @negative_input_axis(%s: tensor<3xf32>, %x: tensor<3x4xf32>) -> tensor<3xf32> {
  %r = "onnx.Scan"(%s, %x) ({
  ^bb0(%acc: tensor<3xf32>, %e: tensor<3xf32>):
    %a = "onnx.Add"(%acc, %e) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "onnx.Yield"(%a) : (tensor<3xf32>) -> ()
  }) {num_scan_inputs = 1 : i64, scan_input_axes = [-1]} : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// scan_input_directions = [1]: iteration t reads slice len-1-t.
// CHECK-LABEL: func.func @input_reverse(
// CHECK-SAME:      %{{.*}}: tensor<2xf32>, %[[X:.*]]: tensor<5x2xf32>)
// CHECK:         %[[LEN:.*]] = tensor.dim %[[X]]
// CHECK:         %[[STEP:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[LAST:.*]] = arith.subi %[[LEN]], %[[STEP]] : index
// CHECK-NEXT:    scf.for %[[T:.*]] = %{{.*}} to %[[LEN]] step %[[STEP]]
// CHECK-NEXT:      %[[R:.*]] = arith.subi %[[LAST]], %[[T]] : index
// CHECK-NEXT:      %[[R64:.*]] = arith.index_cast %[[R]] : index to i64
// CHECK-NEXT:      %[[IDX:.*]] = tensor.from_elements %[[R64]] : tensor<i64>
// CHECK-NEXT:      "onnx.Gather"(%[[X]], %[[IDX]]) {axis = 0 : i64}
func.func @input_reverse(%s: tensor<2xf32>, %x: tensor<5x2xf32>) -> tensor<2xf32> {
  %r = "onnx.Scan"(%s, %x) ({
  ^bb0(%acc: tensor<2xf32>, %e: tensor<2xf32>):
    %a = "onnx.Sub"(%acc, %e) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "onnx.Yield"(%a) : (tensor<2xf32>) -> ()
  }) {num_scan_inputs = 1 : i64, scan_input_directions = [1]} : (tensor<2xf32>, tensor<5x2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// scan_output_axes = [1]: the outputs are stacked along a new axis 1.
// CHECK-LABEL: func.func @output_axis(
// CHECK:         %[[F:.*]] = scf.for
// CHECK:         %[[OUT:.*]] = "onnx.ConcatFromSequence"(%[[F]]) {axis = 1 : i64, new_axis = 1 : i64} : (!onnx.seq<tensor<2xf32>>) -> tensor<2x?xf32>
// CHECK-NEXT:    %[[CAST:.*]] = tensor.cast %[[OUT]] : tensor<2x?xf32> to tensor<2x5xf32>
// CHECK-NEXT:    return %[[CAST]]
func.func @output_axis(%x: tensor<5x2xf32>) -> tensor<2x5xf32> {
  %r = "onnx.Scan"(%x) ({
  ^bb0(%e: tensor<2xf32>):
    %n = "onnx.Neg"(%e) : (tensor<2xf32>) -> tensor<2xf32>
    "onnx.Yield"(%n) : (tensor<2xf32>) -> ()
  }) {num_scan_inputs = 1 : i64, scan_output_axes = [1]} : (tensor<5x2xf32>) -> tensor<2x5xf32>
  return %r : tensor<2x5xf32>
}

// scan_output_axes = [-1] counts from the end of the output's rank (one more than the
// per-iteration value's): axis 1 here.
// CHECK-LABEL: func.func @negative_output_axis(
// CHECK:         "onnx.ConcatFromSequence"(%{{.*}}) {axis = 1 : i64, new_axis = 1 : i64} : (!onnx.seq<tensor<2xf32>>) -> tensor<2x?xf32>
func.func @negative_output_axis(%x: tensor<5x2xf32>) -> tensor<2x5xf32> {
  %r = "onnx.Scan"(%x) ({
  ^bb0(%e: tensor<2xf32>):
    %n = "onnx.Neg"(%e) : (tensor<2xf32>) -> tensor<2xf32>
    "onnx.Yield"(%n) : (tensor<2xf32>) -> ()
  }) {num_scan_inputs = 1 : i64, scan_output_axes = [-1]} : (tensor<5x2xf32>) -> tensor<2x5xf32>
  return %r : tensor<2x5xf32>
}

// scan_output_directions = [1]: the stacked output is reversed along its axis by a Slice with
// steps -1 from the last element to before the first.
// CHECK-LABEL: func.func @output_reverse(
// CHECK:         %[[OUT:.*]] = "onnx.ConcatFromSequence"(%{{.*}}) {axis = 0 : i64, new_axis = 1 : i64} : (!onnx.seq<tensor<2xf32>>) -> tensor<?x2xf32>
// CHECK-NEXT:    %[[ST:.*]] = "onnx.Constant"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
// CHECK-NEXT:    %[[EN:.*]] = "onnx.Constant"() {value = dense<-9223372036854775808> : tensor<1xi64>} : () -> tensor<1xi64>
// CHECK-NEXT:    %[[AX:.*]] = "onnx.Constant"() {value = dense<0> : tensor<1xi64>} : () -> tensor<1xi64>
// CHECK-NEXT:    %[[SP:.*]] = "onnx.Constant"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
// CHECK-NEXT:    %[[REV:.*]] = "onnx.Slice"(%[[OUT]], %[[ST]], %[[EN]], %[[AX]], %[[SP]]) : (tensor<?x2xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x2xf32>
// CHECK-NEXT:    %[[CAST:.*]] = tensor.cast %[[REV]] : tensor<?x2xf32> to tensor<5x2xf32>
// CHECK-NEXT:    return %[[CAST]]
func.func @output_reverse(%x: tensor<5x2xf32>) -> tensor<5x2xf32> {
  %r = "onnx.Scan"(%x) ({
  ^bb0(%e: tensor<2xf32>):
    %n = "onnx.Neg"(%e) : (tensor<2xf32>) -> tensor<2xf32>
    "onnx.Yield"(%n) : (tensor<2xf32>) -> ()
  }) {num_scan_inputs = 1 : i64, scan_output_directions = [1]} : (tensor<5x2xf32>) -> tensor<5x2xf32>
  return %r : tensor<5x2xf32>
}

// Two scan inputs with different axes and directions, and a reversed output along axis 1.
// CHECK-LABEL: func.func @mixed(
// CHECK-SAME:      %[[S:.*]]: tensor<3xf32>, %[[X:.*]]: tensor<3x4xf32>, %[[Y:.*]]: tensor<4x3xf32>)
// CHECK:         %[[AX:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[LEN:.*]] = tensor.dim %[[X]], %[[AX]] : tensor<3x4xf32>
// CHECK:         %[[LAST:.*]] = arith.subi %[[LEN]]
// CHECK-NEXT:    scf.for %[[T:.*]] = %{{.*}} to %[[LEN]]
// CHECK-NEXT:      %[[R:.*]] = arith.subi %[[LAST]], %[[T]] : index
// CHECK-NEXT:      %[[R64:.*]] = arith.index_cast %[[R]] : index to i64
// CHECK-NEXT:      %[[RI:.*]] = tensor.from_elements %[[R64]] : tensor<i64>
// CHECK-NEXT:      %[[A:.*]] = "onnx.Gather"(%[[X]], %[[RI]]) {axis = 1 : i64} : (tensor<3x4xf32>, tensor<i64>) -> tensor<3xf32>
// CHECK-NEXT:      %[[T64:.*]] = arith.index_cast %[[T]] : index to i64
// CHECK-NEXT:      %[[TI:.*]] = tensor.from_elements %[[T64]] : tensor<i64>
// CHECK-NEXT:      %[[B:.*]] = "onnx.Gather"(%[[Y]], %[[TI]]) {axis = 0 : i64} : (tensor<4x3xf32>, tensor<i64>) -> tensor<3xf32>
// CHECK-NEXT:      "onnx.Add"(%[[A]], %[[B]])
// CHECK:         %[[OUT:.*]] = "onnx.ConcatFromSequence"(%{{.*}}) {axis = 1 : i64, new_axis = 1 : i64} : (!onnx.seq<tensor<3xf32>>) -> tensor<3x?xf32>
// CHECK:         %[[AXC:.*]] = "onnx.Constant"() {value = dense<1> : tensor<1xi64>}
// CHECK:         "onnx.Slice"(%[[OUT]], %{{.*}}, %{{.*}}, %[[AXC]], %{{.*}})
func.func @mixed(%s: tensor<3xf32>, %x: tensor<3x4xf32>, %y: tensor<4x3xf32>) -> (tensor<3xf32>, tensor<3x4xf32>) {
  %r:2 = "onnx.Scan"(%s, %x, %y) ({
  ^bb0(%acc: tensor<3xf32>, %a: tensor<3xf32>, %b: tensor<3xf32>):
    %t = "onnx.Add"(%a, %b) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    %u = "onnx.Add"(%acc, %t) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "onnx.Yield"(%u, %u) : (tensor<3xf32>, tensor<3xf32>) -> ()
  }) {num_scan_inputs = 2 : i64, scan_input_axes = [1, 0], scan_input_directions = [1, 0], scan_output_axes = [1], scan_output_directions = [1]} : (tensor<3xf32>, tensor<3x4xf32>, tensor<4x3xf32>) -> (tensor<3xf32>, tensor<3x4xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3x4xf32>
}

// An unranked scan input with a non-negative axis; a negative output axis on an unranked value
// is left to ConcatFromSequence, which counts it from the end.
// CHECK-LABEL: func.func @unranked(
// CHECK-SAME:      %[[X:.*]]: tensor<*xf32>)
// CHECK:         tensor.dim %[[X]], %{{.*}} : tensor<*xf32>
// CHECK:           "onnx.Gather"(%[[X]], %{{.*}}) {axis = 1 : i64} : (tensor<*xf32>, tensor<i64>) -> tensor<*xf32>
// CHECK:         "onnx.ConcatFromSequence"(%{{.*}}) {axis = -1 : i64, new_axis = 1 : i64} : (!onnx.seq<tensor<*xf32>>) -> tensor<*xf32>
func.func @unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  %r = "onnx.Scan"(%x) ({
  ^bb0(%e: tensor<*xf32>):
    %n = "onnx.Neg"(%e) : (tensor<*xf32>) -> tensor<*xf32>
    "onnx.Yield"(%n) : (tensor<*xf32>) -> ()
  }) {num_scan_inputs = 1 : i64, scan_input_axes = [1], scan_output_axes = [-1]} : (tensor<*xf32>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}

// A rank-1 scan input gives rank-0 slices; stacking them gives a rank-1 output.
// CHECK-LABEL: func.func @scalar_slices(
// CHECK:           "onnx.Gather"(%{{.*}}, %{{.*}}) {axis = 0 : i64} : (tensor<5xf32>, tensor<i64>) -> tensor<f32>
// CHECK:         "onnx.ConcatFromSequence"(%{{.*}}) {axis = 0 : i64, new_axis = 1 : i64} : (!onnx.seq<tensor<f32>>) -> tensor<?xf32>
func.func @scalar_slices(%s: tensor<f32>, %x: tensor<5xf32>) -> (tensor<f32>, tensor<5xf32>) {
  %r:2 = "onnx.Scan"(%s, %x) ({
  ^bb0(%acc: tensor<f32>, %e: tensor<f32>):
    %a = "onnx.Add"(%acc, %e) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "onnx.Yield"(%a, %a) : (tensor<f32>, tensor<f32>) -> ()
  }) {num_scan_inputs = 1 : i64} : (tensor<f32>, tensor<5xf32>) -> (tensor<f32>, tensor<5xf32>)
  return %r#0, %r#1 : tensor<f32>, tensor<5xf32>
}

// A scan input the body never reads is not sliced (it still sets nothing else: the trip count
// comes from the first scan input).
// CHECK-LABEL: func.func @unused_input(
// CHECK-SAME:      %[[S:.*]]: tensor<2xf32>, %[[X:.*]]: tensor<5x2xf32>, %[[Y:.*]]: tensor<5x3xf32>)
// CHECK:         %[[LEN:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<5x2xf32>
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[LEN]]
// CHECK-NEXT:      arith.index_cast
// CHECK-NEXT:      tensor.from_elements
// CHECK-NEXT:      %[[E:.*]] = "onnx.Gather"(%[[X]], %{{.*}}) {axis = 0 : i64}
// CHECK-NEXT:      "onnx.Add"(%{{.*}}, %[[E]])
// CHECK-NEXT:      scf.yield
func.func @unused_input(%s: tensor<2xf32>, %x: tensor<5x2xf32>, %y: tensor<5x3xf32>) -> tensor<2xf32> {
  %r = "onnx.Scan"(%s, %x, %y) ({
  ^bb0(%acc: tensor<2xf32>, %e: tensor<2xf32>, %f: tensor<3xf32>):
    %a = "onnx.Add"(%acc, %e) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "onnx.Yield"(%a) : (tensor<2xf32>) -> ()
  }) {num_scan_inputs = 2 : i64, scan_input_directions = [0, 1]} : (tensor<2xf32>, tensor<5x2xf32>, tensor<5x3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// Scan inputs whose lengths are not statically the same: each other input's length along its
// axis is checked at run time against scan input #0's (onnxruntime refuses inputs of different
// lengths; the loop must not cut one short). The check passes the length through, so the loop
// bound depends on it. Statically equal lengths need no check.
// CHECK-LABEL: func.func @lengths_checked(
// CHECK-SAME:      %{{.*}}: tensor<2xf32>, %[[X:.*]]: tensor<?x2xf32>, %[[Y:.*]]: tensor<2x?xf32>, %[[Z:.*]]: tensor<?x2xf32>)
// CHECK:         %[[LEN0:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x2xf32>
// CHECK-NEXT:    %[[LEN1:.*]] = "onnx.Scan.check_length"(%[[LEN0]], %[[Y]]) {axis = 1 : i64, input = 1 : i64} : (index, tensor<2x?xf32>) -> index
// CHECK-NEXT:    %[[LEN2:.*]] = "onnx.Scan.check_length"(%[[LEN1]], %[[Z]]) {axis = 0 : i64, input = 2 : i64} : (index, tensor<?x2xf32>) -> index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[LEN2]] step
func.func @lengths_checked(%s: tensor<2xf32>, %x: tensor<?x2xf32>, %y: tensor<2x?xf32>, %z: tensor<?x2xf32>) -> tensor<2xf32> {
  %r = "onnx.Scan"(%s, %x, %y, %z) ({
  ^bb0(%acc: tensor<2xf32>, %a: tensor<2xf32>, %b: tensor<2xf32>, %c: tensor<2xf32>):
    %t = "onnx.Add"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %u = "onnx.Add"(%t, %c) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %v = "onnx.Add"(%acc, %u) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "onnx.Yield"(%v) : (tensor<2xf32>) -> ()
  }) {num_scan_inputs = 3 : i64, scan_input_axes = [0, 1, 0]} : (tensor<2xf32>, tensor<?x2xf32>, tensor<2x?xf32>, tensor<?x2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// CHECK-LABEL: func.func @static_lengths_agree(
// CHECK-NOT:     onnx.Scan.check_length
// CHECK:         scf.for
func.func @static_lengths_agree(%s: tensor<2xf32>, %x: tensor<4x2xf32>, %y: tensor<4x2xf32>) -> tensor<2xf32> {
  %r = "onnx.Scan"(%s, %x, %y) ({
  ^bb0(%acc: tensor<2xf32>, %a: tensor<2xf32>, %b: tensor<2xf32>):
    %t = "onnx.Add"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %v = "onnx.Add"(%acc, %t) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "onnx.Yield"(%v) : (tensor<2xf32>) -> ()
  }) {num_scan_inputs = 2 : i64} : (tensor<2xf32>, tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// A negative scan axis on an input of unknown rank counts from the end when the model runs:
// the trip count is the last entry of the input's shape, and each slice is a Gather on axis -1.
// CHECK-LABEL: func.func @negative_axis_unknown_rank
// CHECK:         %[[SHAPE:.*]] = "onnx.Shape"(%arg0)
// CHECK:         %[[LAST:.*]] = "onnx.Constant"() {value = dense<-1> : tensor<i64>}
// CHECK:         %[[LEN:.*]] = "onnx.Gather"(%[[SHAPE]], %[[LAST]]) {axis = 0 : i64}
// CHECK:         %[[N:.*]] = tensor.extract %[[LEN]][]
// CHECK:         %[[UB:.*]] = arith.index_cast %[[N]] : i64 to index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[UB]]
// CHECK:           "onnx.Gather"(%arg0, %{{.*}}) {axis = -1 : i64}
func.func @negative_axis_unknown_rank(%x: tensor<*xf32>) -> tensor<*xf32> {
  %r = "onnx.Scan"(%x) ({
  ^bb0(%e: tensor<*xf32>):
    "onnx.Yield"(%e) : (tensor<*xf32>) -> ()
  }) {num_scan_inputs = 1 : i64, scan_input_axes = [-1]} : (tensor<*xf32>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}
