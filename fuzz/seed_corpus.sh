#!/usr/bin/env bash
# Seeds fuzz/corpus/<target> from the repository's models (the corpus itself is not committed).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
mkdir -p "$here/corpus/onnx_import" "$here/corpus/onnx_text"
for m in "$root"/testdata/onnx-backend-cf/*/model.onnx; do
  cp "$m" "$here/corpus/onnx_import/$(basename "$(dirname "$m")").onnx"
done
for m in "$root"/crates/onnx-import/tests/text/cases/*.onnx; do
  cp "$m" "$here/corpus/onnx_import/case_$(basename "$m")"
done
for t in "$root"/crates/onnx-import/tests/text/backend/*.txt "$root"/crates/onnx-import/tests/text/cases/*.txt; do
  cp "$t" "$here/corpus/onnx_text/$(basename "$(dirname "$t")")_$(basename "$t")"
done
# The whole compiler on every model the repository runs.
mkdir -p "$here/corpus/onnx_lower"
for d in onnx-backend-cf onnx-cf onnx-node; do
  for m in "$root"/testdata/$d/*/model.onnx; do
    [ -e "$m" ] || continue
    cp "$m" "$here/corpus/onnx_lower/${d}_$(basename "$(dirname "$m")").onnx"
  done
done
mkdir -p "$here/corpus/mlir_opt"
i=0
for f in $(find "$root/lit-tests" -name '*.mlir'); do
  for m in 0 1 2 3 4; do
    i=$((i + 1))
    { printf "\\x$(printf %02x $m)"; cat "$f"; } > "$here/corpus/mlir_opt/seed_$i"
  done
done
echo "seeded: $(ls "$here/corpus/mlir_opt" | wc -l) mlir inputs"
echo "seeded: $(ls "$here/corpus/onnx_lower" | wc -l) models for onnx_lower"
echo "seeded: $(ls "$here/corpus/onnx_import" | wc -l) binary, $(ls "$here/corpus/onnx_text" | wc -l) text inputs"
