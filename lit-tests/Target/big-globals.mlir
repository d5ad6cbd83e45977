// Issue 11: splat initial values of memref.global are not materialized. A zero splat of
// 10^9 bytes is bss in an object file (which stays small) and untouched pages in the JIT; a
// non-zero splat is written out up to 256 MiB and a located error beyond; a size that cannot
// be allocated is a located error, not an internal error or an abort.
// RUN: rm -rf %t && split-file %s %t
// RUN: %onnx-run -O0 %t/main.mlir -e zero_last | FileCheck %s --check-prefix=ZERO
// RUN: %onnx-run -O2 %t/main.mlir -e written_last | FileCheck %s --check-prefix=WRITTEN
// RUN: %onnx-run %t/main.mlir -e float_splat_last | FileCheck %s --check-prefix=FLOAT
// RUN: %onnx-run %t/main.mlir -e small_splat | FileCheck %s --check-prefix=SMALL
// ZERO: 0
// WRITTEN: 5
// FLOAT: 2.500000e+00
// SMALL: -3
// RUN: %onnx-compile %t/main.mlir -o %t/main.o
// RUN: python3 -c "import os, sys; n = os.path.getsize(sys.argv[1]); print('small object' if n < (2 << 20) else n)" %t/main.o | FileCheck %s --check-prefix=SIZE
// SIZE: small object
// RUN: %cc %S/Inputs/big_globals_driver.c %t/main.o -o %t/main.exe
// RUN: %t/main.exe | FileCheck %s --check-prefix=AOT
// AOT: 0 5 2.5 -3
//
// RUN: not %onnx-run %t/huge.mlir 2>&1 | FileCheck %s --check-prefix=HUGE-JIT
// RUN: not %onnx-compile %t/huge.mlir -o %t/huge.o 2>&1 | FileCheck %s --check-prefix=HUGE-AOT
// HUGE-JIT: huge.mlir:2:1: error: 'memref.global' op is too large: cannot allocate 4611686018427387904 bytes for it
// HUGE-AOT: huge.mlir:2:1: error: 'memref.global' op is too large for an object file: the module's globals reach 4611686018427387904 bytes, and they must stay under 2 GiB
// RUN: not %onnx-run %t/splat.mlir 2>&1 | FileCheck %s --check-prefix=SPLAT
// RUN: not %onnx-compile %t/splat.mlir -o %t/splat.o 2>&1 | FileCheck %s --check-prefix=SPLAT
// SPLAT: splat.mlir:2:1: error: 'memref.global' op has a splat initial value of 1000000000 bytes, which is too large to write out (the limit is 268435456 bytes; a zero splat of any size is fine)
// HUGE-JIT-NOT: internal compiler error
// HUGE-AOT-NOT: internal compiler error
// SPLAT-NOT: internal compiler error

//--- main.mlir
memref.global "private" constant @z : memref<1000000000xi8> = dense<0>
memref.global @w : memref<1000000000xi8> = uninitialized
memref.global "private" constant @f : memref<262144xf32> = dense<2.5>
memref.global "private" constant @s : memref<4xi16> = dense<-3>
func.func @zero_last() -> i8 {
  %g = memref.get_global @z : memref<1000000000xi8>
  %c = arith.constant 999999999 : index
  %v = memref.load %g[%c] : memref<1000000000xi8>
  return %v : i8
}
func.func @written_last() -> i8 {
  %g = memref.get_global @w : memref<1000000000xi8>
  %c = arith.constant 999999999 : index
  %five = arith.constant 5 : i8
  memref.store %five, %g[%c] : memref<1000000000xi8>
  %v = memref.load %g[%c] : memref<1000000000xi8>
  return %v : i8
}
func.func @float_splat_last() -> f32 {
  %g = memref.get_global @f : memref<262144xf32>
  %c = arith.constant 262143 : index
  %v = memref.load %g[%c] : memref<262144xf32>
  return %v : f32
}
func.func @small_splat() -> i16 {
  %g = memref.get_global @s : memref<4xi16>
  %c = arith.constant 3 : index
  %v = memref.load %g[%c] : memref<4xi16>
  return %v : i16
}

//--- huge.mlir
// 2^62 bytes: no address space holds it.
memref.global "private" @huge : memref<4611686018427387904xi8> = dense<0>
func.func @main() -> i8 {
  %g = memref.get_global @huge : memref<4611686018427387904xi8>
  %c = arith.constant 0 : index
  %v = memref.load %g[%c] : memref<4611686018427387904xi8>
  return %v : i8
}

//--- splat.mlir
// A non-zero splat of 10^9 bytes.
memref.global "private" constant @seven : memref<1000000000xi8> = dense<7>
func.func @main() -> i8 {
  %g = memref.get_global @seven : memref<1000000000xi8>
  %c = arith.constant 0 : index
  %v = memref.load %g[%c] : memref<1000000000xi8>
  return %v : i8
}
