// Flowgate only: the exact wording of pipeline errors (modelled on upstream's, which wraps
// them differently).
// UNSUPPORTED: upstream-as-flowgate
// RUN: not %onnx-opt %s -pass-pipeline='builtin.module(func.func(cse),,cse)' 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not %onnx-opt %s -pass-pipeline='builtin.module(func.func(cse)' 2>&1 | FileCheck %s --check-prefix=PAREN
// RUN: not %onnx-opt %s -pass-pipeline='cse' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: not %onnx-opt %s -pass-pipeline='func.func(cse)' 2>&1 | FileCheck %s --check-prefix=ROOT
// RUN: not %onnx-opt %s -pass-pipeline='builtin.module(canonicalize{max-iterations=x})' 2>&1 | FileCheck %s --check-prefix=VALUE
// RUN: not %onnx-opt %s -pass-pipeline='builtin.module(cse{)' 2>&1 | FileCheck %s --check-prefix=BRACE
// RUN: not %onnx-opt %s -cse -pass-pipeline='builtin.module(cse)' 2>&1 | FileCheck %s --check-prefix=BOTH

// EMPTY:      error: MLIR Textual PassPipeline Parser:1:16: error: '' does not refer to a registered pass or pass pipeline
// EMPTY-NEXT: func.func(cse),,cse
// EMPTY-NEXT: {{^               \^$}}

// PAREN:      error: MLIR Textual PassPipeline Parser:1:11: error: encountered unbalanced parentheses while parsing pipeline

// ANCHOR:     error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'

// ROOT:       pipeline-errors.mlir:0:0: error: can't run 'func.func' pass manager on 'builtin.module' op

// VALUE:      error: invalid value 'x' for integer option 'max-iterations'
// VALUE-NEXT: failed to add `canonicalize` with options `max-iterations=x`

// BRACE:      error: MLIR Textual PassPipeline Parser:1:4: error: missing closing '}' while processing pass options

// BOTH:       '-pass-pipeline' option can't be used with individual pass options

func.func @f() {
  return
}
