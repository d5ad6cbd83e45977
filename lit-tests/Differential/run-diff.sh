#!/usr/bin/env bash
# Differential check of Flowgate's -convert-scf-to-cf against upstream MLIR.
#
# usage: run-diff.sh <flowgate-opt> [opt-args...] <program.mlir>
#
# <program.mlir> defines `func.func @main() -> i64`. It is run twice:
#   (a) <flowgate-opt> --convert-scf-to-cf, then upstream mlir-opt finishes
#       the lowering to the LLVM dialect and mlir-runner runs it;
#   (b) upstream mlir-opt --convert-scf-to-cf, then the same finish and run.
# Both printed numbers must agree. On success it prints `checksum: <N>` so a
# lit test can also pin the expected value. With RUN_DIFF_BRIDGE (see (d) below)
# both also run in process through the upstream MLIR bridge.
#
# Upstream tools: $MLIR_OPT and $MLIR_RUNNER if set, else mlir-opt and
# mlir-runner on PATH, else /usr/lib/llvm-22/bin. Each run is limited to
# $RUN_DIFF_TIMEOUT seconds (default 120) so a lowering that never exits a
# loop fails instead of hanging.
set -euo pipefail

die() { echo "run-diff.sh: $*" >&2; exit 1; }

[ $# -ge 2 ] || die "usage: run-diff.sh <flowgate-opt> [opt-args...] <program.mlir>"
prog="${!#}"
flowgate=("${@:1:$#-1}")
[ -f "$prog" ] || die "no such program: $prog"

find_tool() {
  local var="$1" name="$2"
  if [ -n "${!var:-}" ]; then echo "${!var}"; return; fi
  if command -v "$name" >/dev/null 2>&1; then command -v "$name"; return; fi
  if [ -x "/usr/lib/llvm-22/bin/$name" ]; then echo "/usr/lib/llvm-22/bin/$name"; return; fi
  die "cannot find $name (set $var)"
}
mlir_opt=$(find_tool MLIR_OPT mlir-opt)
mlir_runner=$(find_tool MLIR_RUNNER mlir-runner)

# Upstream MLIR 22 lowering of func + cf + arith + math + memref to LLVM:
#  - convert-math-to-funcs outlines math.ipowi / math.fpowi (no LLVM intrinsic
#    for the integer power);
#  - expand-strided-metadata + lower-affine turn memref.subview /
#    reinterpret_cast bookkeeping into arith;
#  - arith-expand lowers ceildivsi/floordivsi/ceildivui and friends;
#  - convert-math-to-llvm uses LLVM intrinsics where they exist, and
#    convert-math-to-libm turns the rest (tan, erf, atan2, ...) into libm calls;
#  - convert-to-llvm converts func, cf, arith, memref (finalize-memref-to-llvm),
#    index and the libm func.calls through their dialect interfaces.
finish=(
  --convert-math-to-funcs
  --expand-strided-metadata
  --lower-affine
  --arith-expand
  --convert-math-to-llvm
  --convert-math-to-libm
  --convert-to-llvm
  --reconcile-unrealized-casts
)

limit=()
if command -v timeout >/dev/null 2>&1; then
  limit=(timeout "${RUN_DIFF_TIMEOUT:-120}")
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/run-diff.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# run <tag> <cf-file>: finish the lowering of an already scf-free file, run it.
run() {
  local tag="$1" cf="$2"
  if ! "$mlir_opt" "$cf" "${finish[@]}" -o "$tmp/$tag.llvm.mlir" 2>"$tmp/$tag.err"; then
    cat "$tmp/$tag.err" >&2
    die "$tag: upstream mlir-opt could not finish the lowering of $cf"
  fi
  local status=0
  "${limit[@]}" "$mlir_runner" -O0 -e main -entry-point-result=i64 "$tmp/$tag.llvm.mlir" \
    >"$tmp/$tag.out" 2>"$tmp/$tag.err" || status=$?
  if [ "$status" -eq 124 ] && [ ${#limit[@]} -gt 0 ]; then
    die "$tag: mlir-runner did not finish within ${RUN_DIFF_TIMEOUT:-120}s (a loop that never exits?)"
  fi
  if [ "$status" -ne 0 ]; then
    cat "$tmp/$tag.err" >&2
    die "$tag: mlir-runner failed (exit status $status)"
  fi
  local value
  value=$(tr -d '[:space:]' <"$tmp/$tag.out")
  [[ "$value" =~ ^-?[0-9]+$ ]] || die "$tag: expected one integer from mlir-runner, got '$(cat "$tmp/$tag.out")'"
  echo "$value"
}

# (a) Flowgate's scf -> cf.
if ! "${flowgate[@]}" "$prog" --convert-scf-to-cf -o "$tmp/flowgate.cf.mlir" 2>"$tmp/flowgate.err"; then
  cat "$tmp/flowgate.err" >&2
  die "flowgate: '${flowgate[*]} $prog --convert-scf-to-cf' failed"
fi
if grep -q '"\?scf\.' "$tmp/flowgate.cf.mlir"; then
  grep -n '"\?scf\.' "$tmp/flowgate.cf.mlir" | head -5 >&2
  die "flowgate: --convert-scf-to-cf left scf ops in the output"
fi
flowgate_value=$(run flowgate "$tmp/flowgate.cf.mlir")

# (b) Upstream's scf -> cf.
if ! "$mlir_opt" "$prog" --convert-scf-to-cf -o "$tmp/upstream.cf.mlir" 2>"$tmp/upstream.err"; then
  cat "$tmp/upstream.err" >&2
  die "upstream: mlir-opt --convert-scf-to-cf failed on $prog"
fi
upstream_value=$(run upstream "$tmp/upstream.cf.mlir")

# (c) Compare.
if [ "$flowgate_value" != "$upstream_value" ]; then
  die "MISMATCH for $prog: flowgate lowering gives $flowgate_value, upstream lowering gives $upstream_value"
fi

# (d) With RUN_DIFF_BRIDGE set to an onnx-run built with the cargo feature `mlir` (lit sets it
# when its feature `mlir-bridge` is on), (a) and (b) again in process through the upstream MLIR
# bridge: Flowgate's scf -> cf output, and the original program, each finished by upstream's
# own lowering and run by its ExecutionEngine (`onnx-run --backend mlir -O0`).
if [ -n "${RUN_DIFF_BRIDGE:-}" ]; then
  for tag in flowgate upstream; do
    src=$tmp/flowgate.cf.mlir
    [ "$tag" = upstream ] && src=$prog
    if ! value=$("${limit[@]}" "$RUN_DIFF_BRIDGE" --backend mlir -O0 "$src" 2>"$tmp/bridge.err"); then
      cat "$tmp/bridge.err" >&2
      die "$tag: onnx-run --backend mlir failed on $src"
    fi
    if [ "$value" != "$flowgate_value" ]; then
      die "MISMATCH for $prog: the bridge's run of the $tag lowering gives $value, mlir-runner gives $flowgate_value"
    fi
  done
fi
echo "checksum: $flowgate_value"
