#!/usr/bin/env bash
# Every program of DIR through the three backends: Cranelift's JIT at -O2 is the reference;
# upstream MLIR's own lowering and ExecutionEngine (`--backend mlir`, in process through the
# bridge) at -O0, -O2 and -O3, and LLVM (`--backend llvm` -O2) when onnx-run has it. Outputs
# must be identical: the programs return i64 checksums, into which float results enter as bit
# patterns or through exact conversions, so no tolerance is needed.
#
# One explained exception: at -O2 and above LLVM constant-folds `llvm.sin.f32` on arguments it
# can compute at compile time, through the host's double-precision `sin` rounded to float,
# whereas the code at -O0 and Cranelift's call glibc's `sinf`, which can differ in the last bit
# (upstream's own mlir-runner -O2 gives the same different checksum; with `math.sqrt`, which
# is correctly rounded, instead of `math.sin` the checksums agree at every level). The programs
# in LIBM_FOLDED are compared bit for bit at -O0, and at -O2/-O3 a difference is a NOTE.
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
LIBM_FOLDED=" parallel-in-for-float.mlir "
n=0
fail=0
# check PROGRAM WHAT WANT TOLERATED ARGS...
check() {
  local p=$1 what=$2 want=$3 tolerated=$4
  shift 4
  local got
  if ! got=$("$run" "$@" "$p" 2>&1); then
    echo "FAILURE $(basename "$p") $what: $got"
    fail=1
  elif [ "$got" != "$want" ]; then
    if [ "$tolerated" = 1 ]; then
      echo "NOTE $(basename "$p") $what: '$got' vs cranelift '$want' (LLVM folds sinf at compile time)"
    else
      echo "MISMATCH $(basename "$p") $what: '$got' vs cranelift '$want'"
      fail=1
    fi
  fi
}
for p in "$dir"/*.mlir; do
  want=$("$run" "$p")
  folded=0
  case "$LIBM_FOLDED" in *" $(basename "$p") "*) folded=1 ;; esac
  check "$p" "mlir -O0" "$want" 0 --backend mlir -O0
  for level in -O2 -O3; do
    check "$p" "mlir $level" "$want" "$folded" --backend mlir "$level"
  done
  if [ "$with_llvm" = 1 ]; then
    check "$p" "llvm -O2" "$want" 0 --backend llvm -O2
  fi
  n=$((n + 1))
done
echo "programs: $n"
exit $fail
