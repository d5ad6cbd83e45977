// The whole lowering runs from onnx-opt on a .onnx file, each stage printable and re-readable:
// no onnx op is left, runtime values are !llvm.ptr, the loop is a CFG, and upstream mlir-opt
// parses the result.
// RUN: %onnx-opt %testdata/onnx-backend-cf/test_loop13_seq/model.onnx --convert-onnx-to-scf --convert-onnx-to-loops | %onnx-opt | FileCheck %s --check-prefix=LOOPS --implicit-check-not='"onnx.'
// RUN: %onnx-opt %testdata/onnx-backend-cf/test_loop13_seq/model.onnx --convert-onnx-to-scf --convert-onnx-to-loops --canonicalize --cse --convert-scf-to-cf --canonicalize | FileCheck %s --check-prefix=CFG --implicit-check-not=scf.

// LOOPS-LABEL: func.func @main_graph(
// LOOPS-SAME:      %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %[[SEQ:.*]]: !llvm.ptr) -> !llvm.ptr
// LOOPS:         scf.while
// LOOPS:           func.call @flowgate_rt_ok()
// LOOPS:           func.call @flowgate_rt_slice(
// LOOPS:           func.call @flowgate_rt_seq_insert_consume(
// LOOPS:       func.func @__flowgate_run_main_graph(%{{.*}}: !llvm.ptr)

// CFG-LABEL: func.func @main_graph(
// CFG:         cf.cond_br
// CFG:         call @flowgate_rt_seq_insert_consume(
// CFG:         cf.br ^bb1
