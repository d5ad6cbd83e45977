// RUN: %onnx-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=disabled}))' | FileCheck %s --check-prefix=DISABLED
// RUN: %onnx-opt %s --canonicalize='region-simplify=disabled' | FileCheck %s --check-prefix=DISABLED
// RUN: %onnx-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=normal max-iterations=10}))' | FileCheck %s --check-prefix=NORMAL
// RUN: %onnx-opt %s -canonicalize | FileCheck %s --check-prefix=NORMAL
// RUN: %onnx-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=aggressive}))' | FileCheck %s --check-prefix=AGGRESSIVE

// Pass options, in a pipeline as `pass{key=value key2=value2}` and on a pass flag as
// `--pass='key=value'`. canonicalize's region-simplify: `disabled` keeps dead block arguments,
// `normal` (the default) drops them, `aggressive` also merges identical blocks.

// DISABLED-LABEL: func.func @dead_block_argument(
// DISABLED:         cf.cond_br %{{.*}}, ^bb1(%{{.*}} : i32), ^bb2(%{{.*}} : i32)
// DISABLED-NEXT:  ^bb1(%{{.*}}: i32):
// NORMAL-LABEL:   func.func @dead_block_argument(
// NORMAL:           cf.cond_br %{{.*}}, ^bb1, ^bb2(%{{.*}} : i32)
// NORMAL-NEXT:    ^bb1:
// AGGRESSIVE-LABEL: func.func @dead_block_argument(
// AGGRESSIVE-NEXT:    arith.select
// AGGRESSIVE-NEXT:    return
func.func @dead_block_argument(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2(%b : i32)
^bb1(%x: i32):
  return %a : i32
^bb2(%y: i32):
  return %y : i32
}

// DISABLED-LABEL: func.func @identical_blocks(
// DISABLED:         cf.cond_br
// NORMAL-LABEL:   func.func @identical_blocks(
// NORMAL:           cf.cond_br
// AGGRESSIVE-LABEL: func.func @identical_blocks(
// AGGRESSIVE-NEXT:    arith.constant 1 : i32
// AGGRESSIVE-NEXT:    arith.addi
// AGGRESSIVE-NEXT:    return
func.func @identical_blocks(%c: i1, %a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = arith.addi %a, %c1 : i32
  return %0 : i32
^bb2:
  %1 = arith.addi %a, %c1 : i32
  return %1 : i32
}
