// REQUIRES: mlir-upstream
// RUN: bash %S/roundtrip.sh %onnx-opt %mlir-opt '%S/../Dialect/*/ops*.mlir'

// Every Dialect/<d>/ops*.mlir round-trips between onnx-opt and upstream mlir-opt 22 in both
// directions and both syntaxes, checked against its own CHECK lines (see roundtrip.sh). Files
// that lit marks unsupported for upstream-as-flowgate (Flowgate-only syntax) are skipped.
