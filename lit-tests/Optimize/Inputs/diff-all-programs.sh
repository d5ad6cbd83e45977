#!/usr/bin/env bash
# Run the differential check (run-diff.sh) on every program in a folder, with the same
# Flowgate options for each: proves the options keep the meaning of every program.
#
# usage: diff-all-programs.sh <run-diff.sh> <programs-dir> <flowgate-opt> [opt-args...]
#
# Prints `<program> checksum: <N>` per program and `programs: <count>` at the end; stops at
# the first program whose result differs from upstream's lowering of the original.
set -euo pipefail
run_diff=$1 dir=$2
shift 2
count=0
for prog in "$dir"/*.mlir; do
  if ! out=$(bash "$run_diff" "$@" "$prog"); then
    echo "FAILED: $(basename "$prog")"
    exit 1
  fi
  echo "$(basename "$prog") $out"
  count=$((count + 1))
done
echo "programs: $count"
