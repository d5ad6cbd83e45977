// Issue 11: 100,000 levels of any nested construct are a located error, not a stack
// overflow; 990 levels (under the limit of 1000) still work, through the verifier, the
// printer and passes.
// UNSUPPORTED: upstream-as-flowgate
// RUN: python3 %S/Inputs/deep.py scf.if 100000 > %t.if.mlir
// RUN: not %onnx-opt %t.if.mlir 2>&1 | FileCheck %s --check-prefix=REGION
// RUN: python3 %S/Inputs/deep.py generic 100000 > %t.generic.mlir
// RUN: not %onnx-opt --allow-unregistered-dialect %t.generic.mlir 2>&1 | FileCheck %s --check-prefix=REGION
// RUN: python3 %S/Inputs/deep.py module 100000 > %t.module.mlir
// RUN: not %onnx-opt %t.module.mlir 2>&1 | FileCheck %s --check-prefix=REGION
// RUN: not %onnx-compile %t.if.mlir -o %t.o 2>&1 | FileCheck %s --check-prefix=REGION
// RUN: python3 %S/Inputs/deep.py dict 100000 > %t.dict.mlir
// RUN: not %onnx-opt %t.dict.mlir 2>&1 | FileCheck %s --check-prefix=LINE1
// RUN: python3 %S/Inputs/deep.py array 100000 > %t.array.mlir
// RUN: not %onnx-opt %t.array.mlir 2>&1 | FileCheck %s --check-prefix=LINE1
// RUN: python3 %S/Inputs/deep.py function-type 100000 > %t.fn.mlir
// RUN: not %onnx-opt %t.fn.mlir 2>&1 | FileCheck %s --check-prefix=LINE1
// RUN: python3 %S/Inputs/deep.py tuple 100000 > %t.tuple.mlir
// RUN: not %onnx-opt %t.tuple.mlir 2>&1 | FileCheck %s --check-prefix=LINE1
// RUN: python3 %S/Inputs/deep.py dense 100000 > %t.dense.mlir
// RUN: not %onnx-opt %t.dense.mlir 2>&1 | FileCheck %s --check-prefix=LINE1
// A pipeline is one argument, which the OS limits to 128 KiB: 20,000 levels here
// (crates/pass tests 100,000).
// RUN: python3 %S/Inputs/deep.py pipeline 20000 > %t.pipeline.txt
// RUN: bash -c 'not %onnx-opt %s --pass-pipeline="$(cat %t.pipeline.txt)"' 2>&1 | FileCheck %s --check-prefix=PIPELINE
//
// REGION: .mlir:1002:1: error: nesting too deep (limit 1000)
// LINE1: .mlir:1:{{[0-9]+}}: error: nesting too deep (limit 1000)
// PIPELINE: MLIR Textual PassPipeline Parser:1:4001: error: nesting too deep (limit 1000)
//
// Under the limit everything works.
// RUN: python3 %S/Inputs/deep.py scf.if 990 > %t.if990.mlir
// RUN: %onnx-opt %t.if990.mlir --canonicalize --cse --convert-scf-to-cf -o %t.if990.out
// RUN: %onnx-opt %t.if990.mlir --mlir-print-op-generic -o %t.if990.generic
// RUN: python3 %S/Inputs/deep.py generic 990 > %t.generic990.mlir
// RUN: %onnx-opt --allow-unregistered-dialect %t.generic990.mlir --cse --canonicalize -o %t.generic990.out
// RUN: python3 %S/Inputs/deep.py dense 990 > %t.dense990.mlir
// RUN: %onnx-opt %t.dense990.mlir -o %t.dense990.out
// RUN: python3 %S/Inputs/deep.py tuple 990 > %t.tuple990.mlir
// RUN: %onnx-opt %t.tuple990.mlir -o %t.tuple990.out

func.func @f() {
  return
}
