// Issue 23: an empty input is an error in onnx-opt too (mlir-opt prints an empty module; see
// README "Exit codes"), from a file or from standard input, whatever the flags.
// UNSUPPORTED: upstream-as-flowgate
// RUN: rm -f %t.empty && touch %t.empty
// RUN: not %onnx-opt %t.empty 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not %onnx-opt %t.empty -split-input-file -canonicalize 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not %onnx-opt < %t.empty 2>&1 | FileCheck %s --check-prefix=EMPTY-STDIN
// RUN: not %onnx-opt - -o %t.out < %t.empty 2>&1 | FileCheck %s --check-prefix=EMPTY-STDIN
// A file of one newline is not empty: an empty module.
// RUN: printf '\n' > %t.newline
// RUN: %onnx-opt %t.newline | FileCheck %s --check-prefix=NEWLINE

// EMPTY: .empty: error: the input is empty
// EMPTY-NOT: module
// EMPTY-STDIN: <stdin>: error: the input is empty
// NEWLINE: module {
// NEWLINE-NEXT: }
