#!/usr/bin/env bash
# Every program of DIR through the LLVM backend (JIT at -O0, -O2 and -O3, and an -O3 object
# linked with C through run-aot.sh) against the Cranelift backend's JIT at -O2: the outputs
# must be identical (integer checksums; float results enter them as bit patterns).
#   run-llvm-diff.sh ONNX_RUN ONNX_COMPILE CC DIR TMPDIR
set -euo pipefail
run=$1 compile=$2 cc=$3 dir=$4 tmp=$5
here=$(cd "$(dirname "$0")" && pwd)
n=0
fail=0
for p in "$dir"/*.mlir; do
  want=$("$run" "$p")
  for level in -O0 -O2 -O3; do
    got=$("$run" --backend llvm "$level" "$p")
    if [ "$got" != "$want" ]; then
      echo "MISMATCH $(basename "$p") llvm $level: '$got' vs cranelift '$want'"
      fail=1
    fi
  done
  got=$(ONNX_COMPILE_FLAGS="--backend llvm -O3" bash "$here/run-aot.sh" "$compile" "$cc" "$p" "$tmp/$(basename "$p" .mlir)")
  if [ "$got" != "$want" ]; then
    echo "MISMATCH $(basename "$p") llvm aot -O3: '$got' vs cranelift '$want'"
    fail=1
  fi
  n=$((n + 1))
done
echo "programs: $n"
exit $fail
