// REQUIRES: mlir-bridge
// An import that nothing provides is our error, worded as the other backends word it, before
// upstream's ExecutionEngine would meet it (ORC would print its own message and fail later).
// RUN: not %onnx-run --backend mlir %s 2>&1 | FileCheck %s
// RUN: not %onnx-run %s 2>&1 | FileCheck %s
// CHECK-NOT: JIT session error
// CHECK: error: cannot resolve external function 'nowhere_to_be_found'
func.func private @nowhere_to_be_found(i64) -> i64

func.func @main() -> i64 {
  %c = arith.constant 3 : i64
  %r = func.call @nowhere_to_be_found(%c) : (i64) -> i64
  return %r : i64
}

