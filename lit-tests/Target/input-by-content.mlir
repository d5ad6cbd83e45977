// Issue 23: a binary ONNX model is a model whatever its file name, MLIR text stays text
// whatever its name, and an empty input is an error (exit 1) in every tool.
// RUN: cp %S/../../testdata/onnx-backend-cf/test_if/model.onnx %t.bin
// RUN: %onnx-run %t.bin --test-data %S/../../testdata/onnx-backend-cf/test_if/test_data_set_0 | FileCheck %s --check-prefix=RUN-MODEL
// RUN: %onnx-opt %t.bin | FileCheck %s --check-prefix=OPT-MODEL
// RUN: %onnx-translate --import-onnx %t.bin | FileCheck %s --check-prefix=OPT-MODEL
// RUN: %onnx-compile %t.bin -o %t.o --name by_content --emit-header %t.h
// RUN: FileCheck %s --check-prefix=COMPILE-MODEL < %t.h
// RUN: cp %s %t.txt
// RUN: %onnx-run %t.txt | FileCheck %s --check-prefix=TEXT
// RUN: %onnx-opt %t.txt | FileCheck %s --check-prefix=TEXT-OPT
// RUN: rm -f %t.empty && touch %t.empty
// RUN: not %onnx-run %t.empty 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not %onnx-run - < %t.empty 2>&1 | FileCheck %s --check-prefix=EMPTY-STDIN
// RUN: not %onnx-compile %t.empty -o %t.o 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not %onnx-compile - -o %t.o < %t.empty 2>&1 | FileCheck %s --check-prefix=EMPTY-STDIN
// RUN: not %onnx-translate --import-onnx %t.empty 2>&1 | FileCheck %s --check-prefix=EMPTY-MODEL

// RUN-MODEL: PASS
// OPT-MODEL: func.func @main_graph(
// COMPILE-MODEL: int32_t by_content_run(const FlowgateTensor *inputs, FlowgateTensor *outputs);
// TEXT: 42
// TEXT-OPT: func.func @main() -> i32
// EMPTY: .empty: error: the input is empty
// EMPTY-STDIN: <stdin>: error: the input is empty
// EMPTY-MODEL: error: not an ONNX model: the file is empty

func.func @main() -> i32 {
  %c = arith.constant 42 : i32
  return %c : i32
}
