// Issue 11: compiled code probes its stack. A 10 MB memref.alloca on a 1 MB thread stack
// faults on the guard page below that stack instead of writing over the memory beyond it
// (the driver puts readable, writable canaries there and reports which happened).
// RUN: %onnx-compile %s -o %t.o
// RUN: %cc %S/Inputs/stack_guard_driver.c %t.o -lpthread -o %t.exe
// RUN: not %t.exe | FileCheck %s
// RUN: %onnx-compile -O0 %s -o %t.O0.o
// RUN: %cc %S/Inputs/stack_guard_driver.c %t.O0.o -lpthread -o %t.O0.exe
// RUN: not %t.O0.exe | FileCheck %s
// CHECK: guard page hit
// CHECK-NOT: corrupted

func.func @big_frame() -> i64 {
  %buf = memref.alloca() : memref<10485760xi8>
  %c0 = arith.constant 0 : index
  %v = arith.constant 42 : i8
  memref.store %v, %buf[%c0] : memref<10485760xi8>
  %l = memref.load %buf[%c0] : memref<10485760xi8>
  %r = arith.extui %l : i8 to i64
  return %r : i64
}
