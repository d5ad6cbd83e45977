#!/usr/bin/env bash
# The C side of Flowgate (README, "Embedding a model in C"), as a C user meets it:
#
#   bash scripts/c-embed-test.sh [--no-cross]
#
# 1. Host: scripts/build-runtime.sh installs the runtime, flowgate.h, the pkg-config files and the
#    CMake package into target/flowgate-c/host. The C API test (crates/runtime/tests/c/c_api.c)
#    is built against the static library (pkg-config flowgate-static) and the shared one
#    (pkg-config flowgate), as C++, and through CMake's find_package(Flowgate), and run;
#    examples/c-embed is configured with find_package(Flowgate), built (its two models compiled
#    by flowgate_compile_model()) and run through ctest.
# 2. Cross (unless --no-cross): for aarch64-unknown-linux-gnu and riscv64gc-unknown-linux-gnu the
#    runtime is built for the target (Cargo.toml's unoptimized cross-test profile), the C API
#    test is built with Debian's cross compiler against its static and its shared library, and
#    the Collatz Loop model
#    (testdata/onnx-cf/loop_while_collatz) is compiled with `onnx-compile --target`, linked with
#    tests/c/collatz_handles.c and the runtime; examples/c-embed's program is linked with its two
#    models compiled with `onnx-compile --target` (their `<name>_run`); all run under qemu-user.
#    scripts/test.sh installs gcc-aarch64-linux-gnu, gcc-riscv64-linux-gnu and qemu-user.
#    For x86_64-apple-darwin and aarch64-apple-darwin (no macOS here, so nothing runs): the
#    runtime's static library is built for the target, both models are compiled for it, and
#    LLVM's ld64.lld links them into one Mach-O dylib whose only undefined symbols are the
#    system's (scripts/test.sh installs lld-22).
#
# Prints PASS/FAIL per step and exits non-zero if any failed.
set -u -o pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
CROSS=1
for arg in "$@"; do
  case "$arg" in
    --no-cross) CROSS=0 ;;
    -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
    *) echo "c-embed-test.sh: unknown argument: $arg" >&2; exit 2 ;;
  esac
done

WORK="$ROOT/target/flowgate-c"
FAILED=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1"; FAILED=1; }
# step NAME COMMAND...: runs COMMAND, its output indented, and reports it.
step() {
  local name=$1
  shift
  echo "==> $name"
  if "$@" 2>&1 | sed 's/^/    /'; then pass "$name"; else fail "$name"; fi
}

CFLAGS_TEST=(-std=c99 -Wall -Wextra -Werror)
# The host's tools (scripts/test.sh's cargo build made them).
BIN="$ROOT/target/debug"
C_API_TEST="$ROOT/crates/runtime/tests/c/c_api.c"
EXAMPLE="$ROOT/examples/c-embed"

# ---- Host ---------------------------------------------------------------------------------
HOST="$WORK/host"
rm -rf "$WORK"
step "install the runtime and onnx-compile (host)" bash scripts/build-runtime.sh --prefix "$HOST" --with-compiler
export PKG_CONFIG_PATH="$HOST/lib/pkgconfig"

c_api_static() {
  # shellcheck disable=SC2046
  cc "${CFLAGS_TEST[@]}" "$C_API_TEST" $(pkg-config --cflags --libs flowgate-static) -o "$WORK/c_api_static" &&
    "$WORK/c_api_static"
}
c_api_shared() {
  # shellcheck disable=SC2046
  cc "${CFLAGS_TEST[@]}" "$C_API_TEST" $(pkg-config --cflags --libs flowgate) -lpthread -o "$WORK/c_api_shared" &&
    # ldd's output goes to a file first: with pipefail, `ldd | grep -q` fails whenever grep
    # exits on its match before ldd has written its last line (ldd then dies of SIGPIPE).
    ldd "$WORK/c_api_shared" >"$WORK/c_api_shared.ldd" &&
    grep -q "libflowgate_runtime.so => $HOST/lib/" "$WORK/c_api_shared.ldd" &&
    "$WORK/c_api_shared"
}
c_api_cxx() {
  # shellcheck disable=SC2046
  c++ -Wall -Wextra -Werror -x c++ "$C_API_TEST" -x none $(pkg-config --cflags --libs flowgate-static) \
    -o "$WORK/c_api_cxx" && "$WORK/c_api_cxx"
}
step "C API test, static library (pkg-config flowgate-static)" c_api_static
step "C API test compiled as C++ (flowgate.h's extern \"C\")" c_api_cxx
step "C API test, shared library (pkg-config flowgate)" c_api_shared

cmake_c_api() {
  cmake -S "$ROOT/crates/runtime/tests/c" -B "$WORK/c-api-build" -DCMAKE_PREFIX_PATH="$HOST" &&
    cmake --build "$WORK/c-api-build" &&
    ctest --test-dir "$WORK/c-api-build" --output-on-failure
}
step "C API test with CMake (find_package(Flowgate): runtime_static, runtime_shared)" cmake_c_api

cmake_example() {
  cmake -S "$EXAMPLE" -B "$WORK/c-embed-build" -DCMAKE_PREFIX_PATH="$HOST" &&
    cmake --build "$WORK/c-embed-build" &&
    ctest --test-dir "$WORK/c-embed-build" --output-on-failure -V
}
step "examples/c-embed with CMake (flowgate_compile_model: a Loop and a Scan model in one program)" cmake_example

# ---- Cross targets under qemu ----------------------------------------------------------------
# examples/c-embed's two models (`collatz_run` from a Loop, `scan_sum_run` from a Scan) compiled
# for TRIPLE into OUT/collatz_run.o and OUT/scan_sum.o, their headers into HEADERS.
compile_example_models() {
  local triple=$1 out=$2 headers=$3
  "$HOST/bin/onnx-compile" "$ROOT/testdata/onnx-cf/loop_while_collatz/model.onnx" --target "$triple" \
    --name collatz -o "$out/collatz_run.o" --emit-header "$headers/collatz.h" || return 1
  "$HOST/bin/onnx-compile" "$ROOT/testdata/onnx-backend-cf/test_scan_sum/model.onnx" --target "$triple" \
    --name scan_sum -o "$out/scan_sum.o" --emit-header "$headers/scan_sum.h"
}

cross_target() {
  local triple=$1 gnu=$2 qemu=$3
  local prefix="$WORK/$triple" out="$WORK/$triple-build"
  local cc="$gnu-gcc"
  for tool in "$cc" "$qemu" "$BIN/onnx-translate" "$BIN/onnx-compile"; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      echo "$tool is not installed (scripts/test.sh installs and builds it)"
      return 1
    fi
  done
  bash scripts/build-runtime.sh --prefix "$prefix" --target "$triple" --profile "$CROSS_PROFILE" || return 1
  mkdir -p "$out/flowgate"
  "$cc" "${CFLAGS_TEST[@]}" -I"$prefix/include" "$C_API_TEST" "$prefix/lib/libflowgate_runtime.a" \
    -lm -lpthread -ldl -o "$out/c_api" || return 1
  QEMU_LD_PREFIX=/usr/$gnu "$qemu" "$out/c_api" || return 1
  readelf -h "$out/c_api" | grep Machine
  # The same against the target's shared library.
  "$cc" "${CFLAGS_TEST[@]}" -I"$prefix/include" "$C_API_TEST" -L"$prefix/lib" -lflowgate_runtime -lpthread \
    -o "$out/c_api_shared" || return 1
  readelf -d "$out/c_api_shared" >"$out/c_api_shared.dynamic" || return 1
  grep -q 'NEEDED.*libflowgate_runtime.so' "$out/c_api_shared.dynamic" || return 1
  QEMU_LD_PREFIX=/usr/$gnu "$qemu" -E LD_LIBRARY_PATH="$prefix/lib" "$out/c_api_shared" || return 1
  # A compiled control-flow model: the Collatz Loop, imported, compiled for the target, linked
  # with the target's runtime and called through its entry and the runtime's handle ABI.
  "$BIN/onnx-translate" --import-onnx "$ROOT/testdata/onnx-cf/loop_while_collatz/model.onnx" \
    -o "$out/collatz.mlir" || return 1
  "$BIN/onnx-compile" "$out/collatz.mlir" --target "$triple" -o "$out/collatz.o" || return 1
  "$cc" "${CFLAGS_TEST[@]}" "$ROOT/crates/runtime/tests/c/collatz_handles.c" "$out/collatz.o" \
    "$prefix/lib/libflowgate_runtime.a" -lm -lpthread -ldl -o "$out/collatz" || return 1
  readelf -h "$out/collatz.o" | grep Machine
  QEMU_LD_PREFIX=/usr/$gnu "$qemu" "$out/collatz" || return 1
  # examples/c-embed's program and its two models (`<name>_run`), compiled for the target.
  mkdir -p "$out/flowgate"
  compile_example_models "$triple" "$out" "$out/flowgate" || return 1
  "$cc" -std=c99 -Wall -Werror -I"$prefix/include" -I"$out" "$EXAMPLE/main.c" "$out/collatz_run.o" \
    "$out/scan_sum.o" "$prefix/lib/libflowgate_runtime.a" -lm -lpthread -ldl -o "$out/c_embed" || return 1
  QEMU_LD_PREFIX=/usr/$gnu "$qemu" "$out/c_embed"
}

# ---- macOS targets: linked, not run ----------------------------------------------------------
# No macOS machine or SDK exists here, so nothing can run; what can be checked is that the models
# compiled for the target and the runtime built for it link into one Mach-O image with LLVM's
# ld64.lld, and that every symbol left undefined belongs to the system (libSystem, resolved by
# dyld), none to the runtime, Rust's standard library or a model.
macos_target() {
  local triple=$1 arch=$2
  local prefix="$WORK/$triple" out="$WORK/$triple-build"
  local ld64="${LD64_LLD:-/usr/lib/llvm-22/bin/ld64.lld}" nm="${LLVM_NM:-/usr/lib/llvm-22/bin/llvm-nm}"
  for tool in "$ld64" "$nm"; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      echo "$tool is not installed (scripts/test.sh installs lld-22)"
      return 1
    fi
  done
  bash scripts/build-runtime.sh --prefix "$prefix" --target "$triple" --profile "$CROSS_PROFILE" || return 1
  mkdir -p "$out"
  compile_example_models "$triple" "$out" "$out" || return 1
  # -undefined dynamic_lookup: libSystem's stubs come with Apple's SDK, which is absent.
  "$ld64" -arch "$arch" -platform_version macos 11.0 11.0 -dylib -undefined dynamic_lookup \
    "$out/collatz_run.o" "$out/scan_sum.o" "$prefix/lib/libflowgate_runtime.a" \
    -o "$out/libmodels.dylib" || return 1
  "$nm" -gU "$out/libmodels.dylib" >"$out/defined.txt" || return 1
  for entry in _collatz_run _scan_sum_run; do
    grep -q " T $entry\$" "$out/defined.txt" || { echo "$entry is not exported"; return 1; }
  done
  "$nm" -u "$out/libmodels.dylib" >"$out/undefined.txt" || return 1
  # Rust symbols are _ZN… or _R… (one more leading underscore on Mach-O).
  if grep -E 'flowgate|collatz|scan_sum|^__ZN|^__R[A-Z0-9]' "$out/undefined.txt"; then
    echo "the symbols above are left undefined: they should come from the runtime or a model"
    return 1
  fi
  echo "linked: $(grep -c . "$out/defined.txt") symbols defined," \
    "$(grep -c . "$out/undefined.txt") left to libSystem"
}

# The runtime for the four targets, built up front two targets per cargo run so that one
# target's long serial crates (the runtime itself) overlap the other's, in Cargo.toml's
# `cross-test` profile (unoptimized: these builds are only linked and run on tiny models).
# build-runtime.sh then finds them built: the package sets and profile are the same.
CROSS_PROFILE=cross-test
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=${CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER:-aarch64-linux-gnu-gcc}
export CARGO_TARGET_RISCV64GC_UNKNOWN_LINUX_GNU_LINKER=${CARGO_TARGET_RISCV64GC_UNKNOWN_LINUX_GNU_LINKER:-riscv64-linux-gnu-gcc}
build_cross_runtimes() {
  cargo build --profile "$CROSS_PROFILE" --target aarch64-unknown-linux-gnu --target riscv64gc-unknown-linux-gnu \
    -p flowgate-runtime -p flowgate-runtime-shared &&
    cargo build --profile "$CROSS_PROFILE" --target x86_64-apple-darwin --target aarch64-apple-darwin \
      -p flowgate-runtime
}

if [ "$CROSS" = 1 ]; then
  step "the runtime for aarch64, riscv64 and both macOS targets (cargo --profile $CROSS_PROFILE)" \
    build_cross_runtimes
  step "aarch64 under qemu (runtime, C API test, compiled models)" \
    cross_target aarch64-unknown-linux-gnu aarch64-linux-gnu qemu-aarch64
  step "riscv64 under qemu (runtime, C API test, compiled models)" \
    cross_target riscv64gc-unknown-linux-gnu riscv64-linux-gnu qemu-riscv64
  step "x86_64 macOS: runtime and two models linked by ld64.lld (not run: no macOS here)" \
    macos_target x86_64-apple-darwin x86_64
  step "aarch64 macOS: runtime and two models linked by ld64.lld (not run: no macOS here)" \
    macos_target aarch64-apple-darwin arm64
fi

if [ "$FAILED" -ne 0 ]; then
  echo "c-embed-test: FAILED"
  exit 1
fi
echo "c-embed-test: all passed"
