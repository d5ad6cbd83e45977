// Issue 11: an output that cannot be written is an error (exit 1) for every tool, whether it
// is standard output or a file named with -o.
// UNSUPPORTED: upstream-as-flowgate
// RUN: not %onnx-opt %s > /dev/full 2> %t.opt-stdout
// RUN: FileCheck %s --input-file=%t.opt-stdout --check-prefix=STDOUT
// RUN: not %onnx-opt %s -o /dev/full 2>&1 | FileCheck %s --check-prefix=FILE
// RUN: not %onnx-translate --import-onnx-text %S/../Import/attributes.onnxtxt > /dev/full 2> %t.translate-stdout
// RUN: FileCheck %s --input-file=%t.translate-stdout --check-prefix=STDOUT
// RUN: not %onnx-translate --import-onnx-text %S/../Import/attributes.onnxtxt -o /dev/full 2>&1 | FileCheck %s --check-prefix=FILE
// RUN: not %onnx-compile %s -o /dev/full 2>&1 | FileCheck %s --check-prefix=FILE
// RUN: not %onnx-compile %s -o %t.o --emit-header /dev/full 2>&1 | FileCheck %s --check-prefix=FILE
// STDOUT: error: cannot write output: {{.*}}No space left on device
// FILE: error: cannot write output: '/dev/full': {{.*}}No space left on device

func.func @f() -> i64 {
  %c = arith.constant 7 : i64
  return %c : i64
}
