// Loops whose result follows onnxruntime's behaviour (see Inputs/gen-ort-semantics.py), run
// end to end and compared with onnxruntime's outputs.
// RUN: %onnx-run --backend-tests %S/Inputs/ort-semantics | FileCheck %s
// UNSUPPORTED: upstream-as-flowgate

// CHECK-DAG: PASS loop_m_computed_cond
// CHECK-DAG: PASS scan8_sequence_lens
// CHECK: 2 passed, 0 failed
