// Flowgate only: the wording of these errors is ours (upstream's differs in form).
// UNSUPPORTED: upstream-as-flowgate
// RUN: not %onnx-opt %s --pass-pipeline='builtin.module(func.func(no-such-pass))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %onnx-opt %s --pass-pipeline='builtin.module(func.func(canonicalize)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNBALANCED
// RUN: not %onnx-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{no-such-option=1}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: not %onnx-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=sometimes}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=VALUE
// RUN: not %onnx-opt %s --no-such-pass -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLAG

// A bad pipeline is an error on stderr that names what is wrong, and a non-zero exit status;
// nothing panics.

// UNKNOWN:    error:{{.*}}no-such-pass
// UNBALANCED: error:
// OPTION:     error:{{.*}}no-such-option
// VALUE:      error:{{.*}}sometimes
// FLAG:       error:{{.*}}no-such-pass

// UNKNOWN-NOT:    panicked
// UNBALANCED-NOT: panicked
// OPTION-NOT:     panicked
// VALUE-NOT:      panicked
// FLAG-NOT:       panicked

func.func @f() {
  return
}
