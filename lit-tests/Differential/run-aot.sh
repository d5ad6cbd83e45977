#!/usr/bin/env bash
# Ahead-of-time path of the differential check: compile PROGRAM's `func.func @main() -> i64`
# to an object with onnx-compile, link it with a small C driver, run it and print the result.
# C reserves the name `main`, so the function is renamed `flowgate_main` first.
#   run-aot.sh ONNX_COMPILE CC PROGRAM TMPDIR
set -euo pipefail
compile=$1 cc=$2 program=$3 tmp=$4
mkdir -p "$tmp"
sed 's/@main\b/@flowgate_main/g' "$program" > "$tmp/program.mlir"
# ONNX_COMPILE_FLAGS picks another backend or level (`--backend llvm -O3`).
"$compile" ${ONNX_COMPILE_FLAGS:-} "$tmp/program.mlir" -o "$tmp/program.o" --emit-header "$tmp/program.h"
cat > "$tmp/driver.c" <<'C'
#include <stdio.h>
#include <inttypes.h>
#include "program.h"
int main(void) {
  printf("%" PRId64 "\n", (int64_t)flowgate_main());
  return 0;
}
C
"$cc" -O1 -I"$tmp" "$tmp/driver.c" "$tmp/program.o" -lm -o "$tmp/program"
"$tmp/program"
