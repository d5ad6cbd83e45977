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
# The whole pipeline and a run: every model the repository runs, the random models, and the
# real models below onnx_run's 1 MiB cap.
mkdir -p "$here/corpus/onnx_run"
for d in onnx-backend-cf onnx-cf onnx-node onnx-random; do
  for m in "$root"/testdata/$d/*/model.onnx; do
    [ -e "$m" ] || continue
    cp "$m" "$here/corpus/onnx_run/${d}_$(basename "$(dirname "$m")").onnx"
  done
done
find "$root/testdata/real" -name '*.onnx' -size -1024k | while IFS= read -r m; do
  cp "$m" "$here/corpus/onnx_run/real_$(basename "$(dirname "$m")")_$(basename "$m")"
done
mkdir -p "$here/corpus/mlir_opt"
i=0
for f in $(find "$root/lit-tests" -name '*.mlir'); do
  for m in 0 1 2 3 4; do
    i=$((i + 1))
    { printf "\\x$(printf %02x $m)"; cat "$f"; } > "$here/corpus/mlir_opt/seed_$i"
  done
done
# Pipelines: the ones the lit tests and the drivers use, plus a few shapes of the syntax.
mkdir -p "$here/corpus/pass_pipeline"
i=0
{
  grep -rhoE "pass-pipeline=['\"]?[^'\" ]+" "$root/lit-tests" | sed -E "s/^pass-pipeline=['\"]?//"
  printf '%s\n' 'builtin.module(canonicalize,cse)' 'builtin.module(func.func(canonicalize{max-iterations=3 top-down=false},cse))' \
    'builtin.module(convert-scf-to-cf,canonicalize{region-simplify=aggressive})' 'any(symbol-dce)' \
    'builtin.module(func.func(scf-rotate-while{max-before-ops=2}),scf-for-to-while{cleanup=false})'
} | sort -u | while IFS= read -r p; do
  i=$((i + 1))
  printf '%s' "$p" > "$here/corpus/pass_pipeline/seed_$i"
done
# Input files: .npy files (version 1.0, header padded to 64 bytes), and the backend suite's .pb
# files after a mode byte (read as a TensorProto, SequenceProto, OptionalProto).
mkdir -p "$here/corpus/input_npy" "$here/corpus/input_pb"
npy_seed() { # name descr shape data-bytes
  local h="{'descr': '$2', 'fortran_order': False, 'shape': $3, }"
  while [ $(( (10 + ${#h} + 1) % 64 )) -ne 0 ]; do h="$h "; done
  { printf '\x93NUMPY\x01\x00'; printf "\\x$(printf %02x $(( (${#h} + 1) % 256 )))\\x$(printf %02x $(( (${#h} + 1) / 256 )))";
    printf '%s\n' "$h"; head -c "$4" /dev/urandom; } > "$here/corpus/input_npy/$1"
}
npy_seed f4 '<f4' '(2, 3)' 24
npy_seed i8 '<i8' '(4,)' 32
npy_seed b1 '|b1' '()' 1
npy_seed f2 '<f2' '(0, 5)' 0
npy_seed u1 '|u1' '(3, 1, 2)' 6
i=0
for f in "$root"/testdata/onnx-backend-cf/*/test_data_set_0/*.pb; do
  i=$((i + 1))
  { printf "\\x0$(( i % 3 ))"; cat "$f"; } > "$here/corpus/input_pb/seed_$i"
done
echo "seeded: $(ls "$here/corpus/input_npy" | wc -l) .npy and $(ls "$here/corpus/input_pb" | wc -l) .pb input files"
echo "seeded: $(ls "$here/corpus/mlir_opt" | wc -l) mlir inputs"
echo "seeded: $(ls "$here/corpus/onnx_lower" | wc -l) models for onnx_lower"
echo "seeded: $(ls "$here/corpus/onnx_run" | wc -l) models for onnx_run"
echo "seeded: $(ls "$here/corpus/pass_pipeline" | wc -l) pipelines"
echo "seeded: $(ls "$here/corpus/onnx_import" | wc -l) binary, $(ls "$here/corpus/onnx_text" | wc -l) text inputs"
