// Issue 11: a stack overflow in JIT-compiled code is a diagnostic with a non-zero exit, not
// Rust's "thread has overflowed its stack" abort. onnx-run calls compiled code on a thread with
// --stack-size bytes of stack and watches that thread's guard page.
// RUN: split-file %s %t
// Infinite recursion, at both levels and with the default and a small stack.
// RUN: not %onnx-run -O0 %t/infinite.mlir 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: not %onnx-run -O2 %t/infinite.mlir 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: not %onnx-run --stack-size 1048576 %t/infinite.mlir 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// A deep but finite recursion with small frames: it fits the default stack (64 MiB), not 1 MiB.
// RUN: %onnx-run -O0 %t/deep.mlir | FileCheck %s --check-prefix=DEEP
// RUN: %onnx-run -O2 %t/deep.mlir | FileCheck %s --check-prefix=DEEP
// RUN: not %onnx-run -O0 --stack-size 1048576 %t/deep.mlir 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: not %onnx-run -O2 --stack-size 1048576 %t/deep.mlir 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// A 10 MB alloca: fine on the default stack, an overflow on a 1 MiB one (the frame is probed,
// so the first touch below the stack is the guard page).
// RUN: %onnx-run -O0 %t/alloca.mlir | FileCheck %s --check-prefix=ALLOCA
// RUN: %onnx-run -O2 %t/alloca.mlir | FileCheck %s --check-prefix=ALLOCA
// RUN: not %onnx-run -O0 --stack-size 1048576 %t/alloca.mlir 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: not %onnx-run -O2 --stack-size 1048576 %t/alloca.mlir 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// OVERFLOW: error: stack overflow in compiled code
// OVERFLOW-NOT: overflowed its stack
// OVERFLOW-NOT: fatal runtime error
// DEEP: 200000
// ALLOCA: 42

//--- infinite.mlir
func.func @rec(%n: i64) -> i64 {
  %one = arith.constant 1 : i64
  %m = arith.addi %n, %one : i64
  %r = func.call @rec(%m) : (i64) -> i64
  return %r : i64
}
func.func @main() -> i64 {
  %z = arith.constant 0 : i64
  %r = func.call @rec(%z) : (i64) -> i64
  return %r : i64
}

//--- deep.mlir
func.func @depth(%n: i64) -> i64 {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %done = arith.cmpi eq, %n, %zero : i64
  %r = scf.if %done -> i64 {
    scf.yield %zero : i64
  } else {
    %m = arith.subi %n, %one : i64
    %d = func.call @depth(%m) : (i64) -> i64
    %e = arith.addi %d, %one : i64
    scf.yield %e : i64
  }
  return %r : i64
}
func.func @main() -> i64 {
  %n = arith.constant 200000 : i64
  %r = func.call @depth(%n) : (i64) -> i64
  return %r : i64
}

//--- alloca.mlir
func.func @main() -> i64 {
  %buf = memref.alloca() : memref<10485760xi8>
  %c0 = arith.constant 0 : index
  %v = arith.constant 42 : i8
  memref.store %v, %buf[%c0] : memref<10485760xi8>
  %l = memref.load %buf[%c0] : memref<10485760xi8>
  %r = arith.extui %l : i8 to i64
  return %r : i64
}
