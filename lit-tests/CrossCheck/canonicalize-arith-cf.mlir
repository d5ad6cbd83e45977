// REQUIRES: mlir-upstream
// RUN: %onnx-opt %S/../Dialect/arith/canonicalize.mlir -canonicalize --split-input-file --allow-unregistered-dialect > %t.arith.ours
// RUN: %mlir-opt %S/../Dialect/arith/canonicalize.mlir -canonicalize --split-input-file --allow-unregistered-dialect > %t.arith.theirs
// RUN: diff %t.arith.theirs %t.arith.ours
// RUN: %onnx-opt %S/../Dialect/arith/canonicalize-constant-folds.mlir -canonicalize --split-input-file --allow-unregistered-dialect > %t.arithx.ours
// RUN: %mlir-opt %S/../Dialect/arith/canonicalize-constant-folds.mlir -canonicalize --split-input-file --allow-unregistered-dialect > %t.arithx.theirs
// RUN: diff %t.arithx.theirs %t.arithx.ours
// RUN: %onnx-opt %S/../Dialect/cf/canonicalize.mlir -canonicalize --split-input-file --allow-unregistered-dialect > %t.cf.ours
// RUN: %mlir-opt %S/../Dialect/cf/canonicalize.mlir -canonicalize --split-input-file --allow-unregistered-dialect > %t.cf.theirs
// RUN: diff %t.cf.theirs %t.cf.ours
// RUN: %onnx-opt %S/../Dialect/cf/canonicalize-branch-folds.mlir -canonicalize --split-input-file --allow-unregistered-dialect > %t.cfx.ours
// RUN: %mlir-opt %S/../Dialect/cf/canonicalize-branch-folds.mlir -canonicalize --split-input-file --allow-unregistered-dialect > %t.cfx.theirs
// RUN: diff %t.cfx.theirs %t.cfx.ours

// arith folds and canonicalizations and cf branch simplifications give, through onnx-opt's
// canonicalizer, exactly the text upstream mlir-opt 22 prints (not just what the CHECK lines
// pin): the same folded constants, the same surviving ops, the same block structure.
