// What the code generator cannot lower is a located error, and bad entry points are reported.
// RUN: not %onnx-run %s --allow-unregistered-dialect 2>&1 | FileCheck %s
// RUN: not %onnx-run %s --allow-unregistered-dialect -e missing 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not %onnx-run %s --allow-unregistered-dialect -e takes_args 2>&1 | FileCheck %s --check-prefix=ARGS
// RUN: not %onnx-compile %s --allow-unregistered-dialect -o %t.o 2>&1 | FileCheck %s
// RUN: not %onnx-compile %s --allow-unregistered-dialect -o %t.o --target sparc-unknown-linux-gnu 2>&1 | FileCheck %s --check-prefix=TARGET
// Operating systems whose C ABI is not implemented (issue 11: Windows objects had the wrong
// struct return):
// RUN: not %onnx-compile %s --allow-unregistered-dialect -o %t.o --target x86_64-pc-windows-msvc 2>&1 | FileCheck %s --check-prefix=OS -DOS=windows
// RUN: not %onnx-compile %s --allow-unregistered-dialect -o %t.o --target aarch64-unknown-uefi 2>&1 | FileCheck %s --check-prefix=OS -DOS=uefi
// RUN: not %onnx-compile %s --allow-unregistered-dialect -o %t.o --target aarch64-apple-ios 2>&1 | FileCheck %s --check-prefix=OS -DOS=ios

// CHECK: errors.mlir:[[# @LINE + 3]]:8: error: 'test.opaque' op is not supported by the Cranelift code generator
"func.func"() <{function_type = () -> i32, sym_name = "main"}> ({
  %a = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %b = "test.opaque"(%a) : (i32) -> i32
  "func.return"(%b) : (i32) -> ()
}) : () -> ()

// MISSING: error: entry point 'missing' not found
// ARGS: error: entry point 'takes_args' must take no arguments
"func.func"() <{function_type = (i32) -> i32, sym_name = "takes_args"}> ({
^bb0(%x: i32):
  "func.return"(%x) : (i32) -> ()
}) : () -> ()

// TARGET: error: unsupported target 'sparc-unknown-linux-gnu'
// OS: error: unsupported target '{{.*}}': operating system '[[OS]]' is not supported (linux and darwin/macos are)
