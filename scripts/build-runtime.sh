#!/usr/bin/env bash
# Builds Flowgate's runtime library for one target and installs what a C or C++ program needs to
# use compiled models (README, "Embedding a model in C"):
#
#   bash scripts/build-runtime.sh --prefix DIR [--target TRIPLE] [--release | --profile NAME] [--with-compiler]
#
#   DIR/include/flowgate.h                       the C API (value structs, tensors, errors)
#   DIR/lib/libflowgate_runtime.a                static library
#   DIR/lib/libflowgate_runtime.so (.dylib)      shared library (soname libflowgate_runtime.so)
#   DIR/lib/pkgconfig/flowgate.pc                pkg-config --cflags --libs flowgate (shared)
#   DIR/lib/pkgconfig/flowgate-static.pc         pkg-config --cflags --libs flowgate-static
#   DIR/lib/cmake/Flowgate/                      find_package(Flowgate): Flowgate::runtime,
#                                                Flowgate::runtime_static, Flowgate::runtime_shared,
#                                                flowgate_compile_model()
#   DIR/bin/onnx-compile                         with --with-compiler (host builds only)
#
# --target is a Rust target triple: x86_64-unknown-linux-gnu, aarch64-unknown-linux-gnu,
# riscv64gc-unknown-linux-gnu (linked with Debian's <arch>-linux-gnu-gcc), x86_64-apple-darwin,
# aarch64-apple-darwin (off macOS: the static library only). Default: the host. --release builds
# the release profile, --profile NAME another of Cargo.toml's (scripts/c-embed-test.sh uses
# cross-test) (default: dev, whose runtime is optimized too, and which scripts/test.sh has built
# already).
# Only the runtime crates are built (and onnx-compile with --with-compiler).
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
PREFIX=
TARGET=
PROFILE=debug
CARGO_PROFILE=()
WITH_COMPILER=0
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) PREFIX=$2; shift 2 ;;
    --target) TARGET=$2; shift 2 ;;
    --release) PROFILE=release; CARGO_PROFILE=(--release); shift ;;
    --profile)
      # cargo's output folder for `dev` is `debug`; every other profile's is its name.
      case "$2" in dev) PROFILE=debug ;; *) PROFILE=$2 ;; esac
      CARGO_PROFILE=(--profile "$2"); shift 2 ;;
    --with-compiler) WITH_COMPILER=1; shift ;;
    -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
    *) echo "build-runtime.sh: unknown argument: $1" >&2; exit 2 ;;
  esac
done
if [ -z "$PREFIX" ]; then
  echo "build-runtime.sh: --prefix DIR is required" >&2
  exit 2
fi
mkdir -p "$PREFIX"
PREFIX=$(cd "$PREFIX" && pwd)

TARGET_ARGS=()
OUT="$ROOT/target/$PROFILE"
if [ -n "$TARGET" ]; then
  TARGET_ARGS=(--target "$TARGET")
  OUT="$ROOT/target/$TARGET/$PROFILE"
  # Debian's cross compilers link the shared library.
  case "$TARGET" in
    aarch64-unknown-linux-gnu) export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=${CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER:-aarch64-linux-gnu-gcc} ;;
    riscv64gc-unknown-linux-gnu) export CARGO_TARGET_RISCV64GC_UNKNOWN_LINUX_GNU_LINKER=${CARGO_TARGET_RISCV64GC_UNKNOWN_LINUX_GNU_LINKER:-riscv64-linux-gnu-gcc} ;;
  esac
fi
case "${TARGET:-$(rustc -vV | sed -n 's/^host: //p')}" in
  *apple*) SO=dylib ;;
  *) SO=so ;;
esac

# Linking the shared library for macOS needs Apple's SDK (libSystem), which exists only on macOS;
# elsewhere an Apple target gets the static library alone (a static library is not linked).
PACKAGES=(-p flowgate-runtime -p flowgate-runtime-shared)
SHARED=1
if [ "$SO" = dylib ] && [ "$(uname -s)" != Darwin ]; then
  PACKAGES=(-p flowgate-runtime)
  SHARED=0
  echo "build-runtime.sh: $TARGET on $(uname -s): the static library only (the dylib needs macOS's SDK)"
fi
echo "==> cargo build ${CARGO_PROFILE[*]} ${TARGET_ARGS[*]} ${PACKAGES[*]}"
cargo build "${CARGO_PROFILE[@]}" "${TARGET_ARGS[@]}" "${PACKAGES[@]}"

mkdir -p "$PREFIX/include" "$PREFIX/lib/pkgconfig" "$PREFIX/lib/cmake/Flowgate"
cp "$ROOT/include/flowgate.h" "$PREFIX/include/"
cp "$OUT/libflowgate_runtime.a" "$PREFIX/lib/"
if [ "$SHARED" = 1 ]; then
  cp "$OUT/libflowgate_runtime_shared.$SO" "$PREFIX/lib/libflowgate_runtime.$SO"
fi
VERSION=$(grep -m1 '^version = ' "$ROOT/Cargo.toml" | sed 's/^version = "\(.*\)"/\1/')
for pc in flowgate flowgate-static; do
  sed -e "s|@PREFIX@|$PREFIX|g" -e "s|@VERSION@|$VERSION|g" "$ROOT/cmake/$pc.pc.in" > "$PREFIX/lib/pkgconfig/$pc.pc"
done
cp "$ROOT/cmake/FlowgateConfig.cmake" "$ROOT/cmake/FlowgateCompileModel.cmake" "$PREFIX/lib/cmake/Flowgate/"
sed -e "s|@VERSION@|$VERSION|g" "$ROOT/cmake/FlowgateConfigVersion.cmake.in" > "$PREFIX/lib/cmake/Flowgate/FlowgateConfigVersion.cmake"

if [ "$WITH_COMPILER" = 1 ]; then
  if [ -n "$TARGET" ]; then
    echo "build-runtime.sh: --with-compiler installs the host's onnx-compile; leave out --target" >&2
    exit 2
  fi
  echo "==> cargo build ${CARGO_PROFILE[*]} -p onnx-compile"
  cargo build "${CARGO_PROFILE[@]}" -p onnx-compile
  mkdir -p "$PREFIX/bin"
  cp "$OUT/onnx-compile" "$PREFIX/bin/"
fi
echo "==> installed the runtime${TARGET:+ for $TARGET} in $PREFIX"
