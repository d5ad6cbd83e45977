// Issue 11: dynamic memref.alloc sizes are checked when the code runs. A negative size, a
// byte count that overflows, and a NULL from malloc each stop the program with an error that
// names the alloc's location, in JIT and AOT code alike.
// Issue 23: the stop is `exit(1)`, not `abort` (which gave SIGABRT, exit 134): `not` without
// `--crash` fails on a signal, and the `sh -c` lines check the status itself.
// RUN: not %onnx-run %s -e negative 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: not %onnx-run %s -e overflow 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: not %onnx-run -O0 %s -e overflow 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: not %onnx-run %s -e huge 2>&1 | FileCheck %s --check-prefix=NULL
// RUN: not %onnx-run -O0 %s -e static_huge 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: sh -c '%onnx-run %s -e huge; echo "exit $?"' 2>&1 | FileCheck %s --check-prefixes=NULL,EXIT1
// RUN: sh -c '%onnx-run %s -e static_huge; echo "exit $?"' 2>&1 | FileCheck %s --check-prefixes=STATIC,EXIT1
// RUN: %onnx-run %s -e fine | FileCheck %s --check-prefix=FINE
// RUN: %onnx-compile %s -o %t.o
// RUN: %cc %S/Inputs/alloc_size_driver.c %t.o -o %t.exe
// RUN: not %t.exe overflow 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: sh -c '%t.exe huge; echo "exit $?"' 2>&1 | FileCheck %s --check-prefixes=NULL,EXIT1
// RUN: sh -c '%t.exe static_huge; echo "exit $?"' 2>&1 | FileCheck %s --check-prefixes=STATIC,EXIT1
// RUN: %t.exe fine | FileCheck %s --check-prefix=FINE
// The checks compile for every supported architecture (RISC-V has no umul_overflow lowering).
// RUN: %onnx-compile %s --target riscv64gc-unknown-linux-gnu -o %t.rv.o
// RUN: %onnx-compile %s --target aarch64-unknown-linux-gnu -o %t.a64.o

// SIZE: alloc-size-checks.mlir:[[@LINE+15]]:8: error: 'memref.alloc' size is negative or its byte count overflows
// NULL: alloc-size-checks.mlir:[[@LINE+14]]:8: error: 'memref.alloc' could not allocate memory (malloc returned NULL)
// STATIC: alloc-size-checks.mlir:[[@LINE+43]]:8: error: 'memref.alloc' could not allocate memory (malloc returned NULL)
// EXIT1: {{^}}exit 1{{$}}
// FINE: {{^}}7{{$}}

func.func private @opaque(%x: index) -> index {
  return %x : index
}

// Allocates %n elements of i64 and returns 7, read back from the buffer (an allocation that is
// only stored into and freed is dead code to canonicalize, as upstream's SimplifyDeadAlloc).
func.func private @alloc_n(%n0: index) -> i64 {
  %n = func.call @opaque(%n0) : (index) -> index
  %c = arith.constant 7 : i64
  %m = memref.alloc(%n) : memref<?xi64>
  %c0 = arith.constant 0 : index
  memref.store %c, %m[%c0] : memref<?xi64>
  %r = memref.load %m[%c0] : memref<?xi64>
  memref.dealloc %m : memref<?xi64>
  return %r : i64
}

func.func @negative() -> i64 {
  %n = arith.constant -1 : index
  %r = func.call @alloc_n(%n) : (index) -> i64
  return %r : i64
}

// 2^61 + 1 elements of 8 bytes: the byte count wraps to 8.
func.func @overflow() -> i64 {
  %n = arith.constant 2305843009213693953 : index
  %r = func.call @alloc_n(%n) : (index) -> i64
  return %r : i64
}

// 2^59 elements: 2^62 bytes fit in i64, but no malloc gives them.
func.func @huge() -> i64 {
  %n = arith.constant 576460752303423488 : index
  %r = func.call @alloc_n(%n) : (index) -> i64
  return %r : i64
}

// 2^62 bytes of a static shape.
func.func @static_huge() -> i64 {
  %m = memref.alloc() : memref<4611686018427387904xi8>
  %c0 = arith.constant 0 : index
  %c = arith.constant 7 : i8
  memref.store %c, %m[%c0] : memref<4611686018427387904xi8>
  %v = memref.load %m[%c0] : memref<4611686018427387904xi8>
  %r = arith.extui %v : i8 to i64
  return %r : i64
}

func.func @fine() -> i64 {
  %n = arith.constant 100 : index
  %r = func.call @alloc_n(%n) : (index) -> i64
  return %r : i64
}
