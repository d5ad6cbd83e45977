// Issue 11: nested location instances (callsite, name children, fused) count against the
// nesting limit: 100,000 levels are a located error, not a stack overflow.
// UNSUPPORTED: upstream-as-flowgate
// RUN: python3 -c "n = 100000; print('func.func @f() {\n  return loc(' + 'callsite(' * n + 'unknown' + ' at unknown)' * n + ')\n}')" > %t.callsite.mlir
// RUN: not %onnx-opt %t.callsite.mlir 2>&1 | FileCheck %s
// RUN: python3 -c "n = 100000; print('func.func @f() {\n  return loc(' + '\"a\"(' * n + 'unknown' + ')' * n + ')\n}')" > %t.name.mlir
// RUN: not %onnx-opt %t.name.mlir 2>&1 | FileCheck %s
// RUN: python3 -c "n = 100000; print('func.func @f() {\n  return loc(' + 'fused[' * n + 'unknown' + ']' * n + ')\n}')" > %t.fused.mlir
// RUN: not %onnx-opt %t.fused.mlir 2>&1 | FileCheck %s
// CHECK: .mlir:2:{{[0-9]+}}: error: nesting too deep (limit 1000)
