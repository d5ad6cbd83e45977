// Issue 11: stack frames past Cranelift's limit are located errors, not internal compiler
// errors (an alloca of 2^31 bytes used to end in "internal compiler error: ImplLimitExceeded").
// RUN: split-file %s %t
// RUN: not %onnx-compile %t/one.mlir -o %t/one.o 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: not %onnx-run %t/one.mlir 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: not %onnx-compile %t/two.mlir -o %t/two.o 2>&1 | FileCheck %s --check-prefix=TWO
// ONE: one.mlir:2:8: error: 'memref.alloca' op is too large for the stack (1 GiB or more)
// TWO: two.mlir:2:1: error: function 'two_big' is too large for the Cranelift code generator
// ONE-NOT: internal compiler error
// TWO-NOT: internal compiler error

//--- one.mlir
func.func @main() -> i64 {
  %m = memref.alloca() : memref<2147483648xi8>
  // Read back, so canonicalize does not remove the allocation as dead.
  %c0 = arith.constant 0 : index
  %b = arith.constant 1 : i8
  memref.store %b, %m[%c0] : memref<2147483648xi8>
  %v = memref.load %m[%c0] : memref<2147483648xi8>
  %c = arith.extui %v : i8 to i64
  return %c : i64
}

//--- two.mlir
// Two slots of 600 MB: each is allowed, the frame is not.
func.func @two_big() -> i64 {
  %m = memref.alloca() : memref<600000000xi8>
  %n = memref.alloca() : memref<600000000xi8>
  %c0 = arith.constant 0 : index
  %a = memref.load %m[%c0] : memref<600000000xi8>
  %b = memref.load %n[%c0] : memref<600000000xi8>
  %s = arith.addi %a, %b : i8
  %c = arith.extui %s : i8 to i64
  return %c : i64
}
