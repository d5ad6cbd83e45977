// Object files for other targets: ELF for x86_64, AArch64 and RISC-V 64 Linux, Mach-O for
// x86_64 macOS.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %onnx-compile %s --allow-unregistered-dialect --target x86_64-unknown-linux-gnu -o %t/x86.o
// RUN: python3 %S/Inputs/objinfo.py %t/x86.o | FileCheck %s --check-prefix=X86
// RUN: %onnx-compile %s --allow-unregistered-dialect --target aarch64-unknown-linux-gnu -o %t/a64.o
// RUN: python3 %S/Inputs/objinfo.py %t/a64.o | FileCheck %s --check-prefix=A64
// RUN: %onnx-compile %s --allow-unregistered-dialect --target riscv64gc-unknown-linux-gnu -o %t/rv.o
// RUN: python3 %S/Inputs/objinfo.py %t/rv.o | FileCheck %s --check-prefix=RV
// RUN: %onnx-compile %s --allow-unregistered-dialect --target x86_64-apple-darwin -o %t/mac.o
// RUN: python3 %S/Inputs/objinfo.py %t/mac.o | FileCheck %s --check-prefix=MAC

// X86: ELF64 relocatable x86_64
// A64: ELF64 relocatable aarch64
// RV: ELF64 relocatable riscv
// MAC: Mach-O64 x86_64

"func.func"() <{function_type = (memref<?xf32>, f32) -> (f32, i32), sym_name = "kernel"}> ({
^bb0(%m: memref<?xf32>, %x: f32):
  %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
  %v = "memref.load"(%m, %c0) : (memref<?xf32>, index) -> f32
  %s = "math.exp"(%v) : (f32) -> f32
  %r = "arith.mulf"(%s, %x) : (f32, f32) -> f32
  %i = "arith.fptosi"(%r) : (f32) -> i32
  "func.return"(%r, %i) : (f32, i32) -> ()
}) : () -> ()
