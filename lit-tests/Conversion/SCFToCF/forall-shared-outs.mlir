// RUN: not %onnx-opt %s -convert-scf-to-cf 2>&1 | FileCheck %s

// An scf.forall with shared outputs works on tensors; only bufferization could turn it into
// control flow, so the conversion names the op instead of leaving it behind (upstream fails to
// legalize it as well).

// CHECK: forall-shared-outs.mlir:[[@LINE+3]]:8: error: 'scf.forall' op with shared outputs cannot be lowered to control flow
func.func @outs(%t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0.0 : f32
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {
    %s = tensor.from_elements %c0 : tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return %r : tensor<4xf32>
}
