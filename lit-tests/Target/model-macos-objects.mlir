// An ONNX model compiled for x86_64 and aarch64 macOS (issue 20 item 1): a Mach-O object whose
// only global definition is `_<name>_run` (Mach-O's leading underscore), so models link
// together there too. No macOS machine here: the objects are checked, not linked or run.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %onnx-compile %testdata/onnx-cf/loop_while_collatz/model.onnx --name collatz --target x86_64-apple-darwin -o %t/x86.o --emit-header %t/x86.h
// RUN: python3 %S/Inputs/objinfo.py %t/x86.o --globals | FileCheck %s --check-prefixes=CHECK,X86 --implicit-check-not=global
// RUN: %onnx-compile %testdata/onnx-cf/loop_while_collatz/model.onnx --name collatz --target aarch64-apple-darwin -o %t/a64.o --emit-header %t/a64.h
// RUN: python3 %S/Inputs/objinfo.py %t/a64.o --globals | FileCheck %s --check-prefixes=CHECK,A64 --implicit-check-not=global
// RUN: FileCheck %s --check-prefix=HEADER < %t/a64.h

// X86: Mach-O64 x86_64
// A64: Mach-O64 arm64
// CHECK: global _collatz_run
// HEADER: int32_t collatz_run(const FlowgateTensor *inputs, FlowgateTensor *outputs);
