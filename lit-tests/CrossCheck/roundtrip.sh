#!/usr/bin/env bash
# Cross-check a round-trip test file between Flowgate's onnx-opt and upstream mlir-opt, in both
# directions and through both syntaxes, against the file's own CHECK lines:
#
#   ours   FILE                           | theirs | FileCheck FILE
#   ours   FILE --mlir-print-op-generic   | theirs | FileCheck FILE
#   theirs FILE                           | ours   | FileCheck FILE
#   theirs FILE --mlir-print-op-generic   | ours   | FileCheck FILE
#
# The CHECK lines pin what upstream prints, so this proves that upstream parses what we print
# (custom and generic) and that we parse, and print identically, what upstream prints.
#
# usage: roundtrip.sh ONNX_OPT MLIR_OPT FILE_OR_GLOB...
# A file that says `UNSUPPORTED: upstream-as-flowgate` (Flowgate-only syntax) is skipped.
# Prints one PASS/FAIL line per file and direction; exits non-zero if any failed.
set -u -o pipefail

if [ $# -lt 3 ]; then
  echo "usage: $0 ONNX_OPT MLIR_OPT FILE..." >&2
  exit 2
fi
ours=$1
theirs=$2
shift 2

files=()
for pattern in "$@"; do
  # Expand here, so callers need not rely on their shell's globbing.
  for f in $pattern; do
    [ -f "$f" ] && files+=("$f")
  done
done
if [ ${#files[@]} -eq 0 ]; then
  echo "roundtrip.sh: no input files match: $*" >&2
  exit 2
fi

failed=0
passed=0
skipped=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

check() {
  local name=$1
  shift
  if "$@" >"$log" 2>&1; then
    passed=$((passed + 1))
    echo "PASS $name"
  else
    failed=$((failed + 1))
    echo "FAIL $name"
    sed 's/^/    /' "$log" | head -n 40
  fi
}

for f in "${files[@]}"; do
  if grep -q "UNSUPPORTED: upstream-as-flowgate" "$f"; then
    skipped=$((skipped + 1))
    echo "SKIP $f (Flowgate-only)"
    continue
  fi
  check "$f: ours | theirs" \
    bash -o pipefail -c '"$1" "$3" | "$2" | FileCheck "$3"' _ "$ours" "$theirs" "$f"
  check "$f: ours generic | theirs" \
    bash -o pipefail -c '"$1" "$3" --mlir-print-op-generic | "$2" | FileCheck "$3"' _ "$ours" "$theirs" "$f"
  check "$f: theirs | ours" \
    bash -o pipefail -c '"$2" "$3" | "$1" | FileCheck "$3"' _ "$ours" "$theirs" "$f"
  check "$f: theirs generic | ours" \
    bash -o pipefail -c '"$2" "$3" --mlir-print-op-generic | "$1" | FileCheck "$3"' _ "$ours" "$theirs" "$f"
done

echo "cross-check: $passed passed, $failed failed, $skipped files skipped"
[ "$failed" -eq 0 ]
