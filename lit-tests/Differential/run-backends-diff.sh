#!/usr/bin/env bash
# Every program of DIR through the three backends: Cranelift's JIT at -O2 is the reference;
# upstream MLIR's own lowering and ExecutionEngine (`--backend mlir`, in process through the
# bridge) at -O0, -O2 and -O3, and LLVM (`--backend llvm` -O2) when onnx-run has it. Outputs
# must be identical: the programs return i64 checksums, into which float results enter as bit
# patterns or through exact conversions, so no tolerance is needed.
#   run-backends-diff.sh ONNX_RUN DIR
set -euo pipefail
run=$1 dir=$2
backends="cranelift mlir"
with_llvm=0
if printf 'func.func @main() -> i64 {\n  %%c = arith.constant 1 : i64\n  return %%c : i64\n}\n' |
  "$run" --backend llvm - >/dev/null 2>&1; then
  with_llvm=1
  backends="$backends llvm"
fi
echo "backends: $backends"
n=0
fail=0
check() {
  local p=$1 what=$2 want=$3
  shift 3
  local got
  if ! got=$("$run" "$@" "$p" 2>&1); then
    echo "FAILURE $(basename "$p") $what: $got"
    fail=1
  elif [ "$got" != "$want" ]; then
    echo "MISMATCH $(basename "$p") $what: '$got' vs cranelift '$want'"
    fail=1
  fi
}
for p in "$dir"/*.mlir; do
  want=$("$run" "$p")
  for level in -O0 -O2 -O3; do
    check "$p" "mlir $level" "$want" --backend mlir "$level"
  done
  if [ "$with_llvm" = 1 ]; then
    check "$p" "llvm -O2" "$want" --backend llvm -O2
  fi
  n=$((n + 1))
done
echo "programs: $n"
exit $fail
