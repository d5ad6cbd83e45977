// REQUIRES: mlir-upstream
// RUN: %onnx-opt %S/Inputs/tensor-reshape-chains.mlir -canonicalize --split-input-file > %t.ours
// RUN: %mlir-opt %S/Inputs/tensor-reshape-chains.mlir -canonicalize --split-input-file > %t.theirs
// RUN: diff %t.theirs %t.ours

// Compositions and folds of expand_shape/collapse_shape chains give, through onnx-opt's
// canonicalizer, exactly the text upstream mlir-opt 22 prints: the same composed reassociation
// groups, the same output sizes (products built with arith.muli), the same chains left alone
// where the groups are ambiguous.
