// REQUIRES: mlir-upstream
// RUN: bash %S/roundtrip.sh %onnx-opt %mlir-opt %S/../IR/types.mlir %S/../IR/types-uncommon-builtin.mlir %S/../IR/attributes.mlir %S/../IR/aliases.mlir %S/../IR/regions.mlir %S/../IR/result-groups.mlir %S/../IR/forward-references.mlir

// The IR syntax round-trip tests, cross-checked like the dialects' ops.mlir (see roundtrip.sh).
