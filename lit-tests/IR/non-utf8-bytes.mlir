// Issue 11: bytes that are not UTF-8 are accepted in comments and string literals, as upstream
// (a string holds any byte and prints it as a \XX escape); anywhere else they are an error
// with line and column. The inputs are written by python3, so this file stays UTF-8.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 -c "import sys; sys.stdout.buffer.write(b'// comment \xff\xfe here\nfunc.func @main() -> i64 attributes {s = \"a\xffb\xc3\xa9\", t = \"\\\\ff\"} {\n  %%c = arith.constant 3 : i64 // \xc3\n  return %%c : i64\n}\n')" > %t/ok.mlir
// RUN: %onnx-opt %t/ok.mlir | FileCheck %s
// RUN: %onnx-opt %t/ok.mlir | %onnx-opt | FileCheck %s
// RUN: %onnx-run %t/ok.mlir | FileCheck %s --check-prefix=RESULT
// RUN: %onnx-compile %t/ok.mlir -o %t/ok.o
// CHECK: attributes {s = "a\FFb\C3\A9", t = "\FF"}
// RESULT: 3
// RUN: python3 -c "import sys; sys.stdout.buffer.write(b'func.func @f() {\n  return \xff\n}\n')" > %t/bad.mlir
// RUN: not %onnx-opt %t/bad.mlir 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %onnx-run %t/bad.mlir 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %onnx-compile %t/bad.mlir -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: bad.mlir:2:10: error: unexpected character
