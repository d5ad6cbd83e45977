// Flowgate only: upstream mlir-opt has no onnx dialect.
// UNSUPPORTED: upstream-as-flowgate
// onnx-opt converts `.onnx` files directly; the output reads back.
// RUN: %onnx-opt %testdata/onnx-backend-cf/test_loop11/model.onnx --convert-onnx-to-scf | %onnx-opt | FileCheck %s --check-prefix=LOOP --implicit-check-not=onnx.Loop
// RUN: %onnx-opt %testdata/onnx-backend-cf/test_scan9_sum/model.onnx --convert-onnx-to-scf | %onnx-opt | FileCheck %s --check-prefix=SCAN --implicit-check-not=onnx.Scan
// RUN: %onnx-opt %testdata/onnx-backend-cf/test_if_seq/model.onnx --convert-onnx-to-scf | %onnx-opt | FileCheck %s --check-prefix=IF --implicit-check-not=onnx.If
// RUN: %onnx-opt %testdata/onnx-backend-cf/test_loop16_seq_none/model.onnx --convert-onnx-to-scf | %onnx-opt | FileCheck %s --check-prefix=OPT --implicit-check-not=onnx.Loop

// test_loop11: Loop(M, cond, y) with a scan output declared [5, 1].
// LOOP-LABEL: func.func @main_graph(
// LOOP-SAME:      %[[M:.*]]: tensor<i64>, %[[C:.*]]: tensor<i1>, %[[Y:.*]]: tensor<1xf32>) -> (tensor<1xf32>, tensor<5x1xf32>)
// LOOP:         %[[W:.*]]:4 = scf.while ({{.*}}) : (i64, i1, tensor<1xf32>, !onnx.seq<tensor<1xf32>>)
// LOOP:           arith.cmpi slt
// LOOP-NEXT:      arith.andi
// LOOP:         } do {
// LOOP:           "onnx.Slice"
// LOOP:           "onnx.SequenceInsert"
// LOOP:         %[[S:.*]] = "onnx.ConcatFromSequence"(%[[W]]#3) {axis = 0 : i64, new_axis = 1 : i64} : (!onnx.seq<tensor<1xf32>>) -> tensor<?x1xf32>
// LOOP-NEXT:    %[[SC:.*]] = tensor.cast %[[S]] : tensor<?x1xf32> to tensor<5x1xf32>
// LOOP-NEXT:    return %[[W]]#2, %[[SC]]

// test_scan9_sum: one state, one scan input, one scan output.
// SCAN-LABEL: func.func @main_graph(
// SCAN:         tensor.dim %arg1, %{{.*}} : tensor<3x2xf32>
// SCAN:         scf.for
// SCAN:           "onnx.Gather"(%arg1, %{{.*}}) {axis = 0 : i64} : (tensor<3x2xf32>, tensor<i64>) -> tensor<2xf32>
// SCAN:         "onnx.ConcatFromSequence"

// test_if_seq: an If yielding sequences.
// IF-LABEL: func.func @main_graph(
// IF:         scf.if %{{.*}} -> (!onnx.seq<tensor<5xf32>>)

// test_loop16_seq_none: an optional sequence carried into a body that yields a plain sequence.
// OPT-LABEL: func.func @main_graph(
// OPT:         scf.while {{.*}} : (i64, i1, !onnx.opt<!onnx.seq<tensor<*xf32>>>)
// OPT:           scf.if
// OPT:           %[[O:.*]] = "onnx.Optional"(%{{.*}}) : (!onnx.seq<tensor<*xf32>>) -> !onnx.opt<!onnx.seq<tensor<*xf32>>>
// OPT:         "onnx.OptionalGetElement"(%{{.*}}) : (!onnx.opt<!onnx.seq<tensor<*xf32>>>) -> !onnx.seq<tensor<*xf32>>

// The pass runs on any op: a module or each function.
// RUN: %onnx-opt %testdata/onnx-backend-cf/test_if/model.onnx --pass-pipeline='builtin.module(convert-onnx-to-scf)' | FileCheck %s --check-prefix=ANCHOR --implicit-check-not=onnx.If
// RUN: %onnx-opt %testdata/onnx-backend-cf/test_if/model.onnx --pass-pipeline='builtin.module(func.func(convert-onnx-to-scf))' | FileCheck %s --check-prefix=ANCHOR --implicit-check-not=onnx.If
// ANCHOR: scf.if
