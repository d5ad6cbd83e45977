#!/usr/bin/env bash
# The memory test of issue 10: a Loop of 10^6 trips whose body makes a fresh [256] float tensor
# per trip (testdata/memory/model.onnx, M from testdata/memory/M_1e6.pb) must run in bounded
# memory. Under `ulimit -v` of 256 MiB a leak of even one [256] tensor per trip (1 GiB in all)
# cannot complete; the test also checks the result's shape and that the M = 1000 data set
# matches onnxruntime.
#
#   bash scripts/memory-test.sh [ONNX_RUN]     (default target/debug/onnx-run)
set -u -o pipefail
cd "$(dirname "$0")/.."
RUN=${1:-target/debug/onnx-run}
LIMIT_KB=$((256 * 1024))
out=$( (ulimit -v "$LIMIT_KB"; "$RUN" testdata/memory/model.onnx --input M=testdata/memory/M_1e6.pb) 2>&1 )
status=$?
if [ $status -ne 0 ]; then
  echo "FAIL memory: onnx-run exited $status under ulimit -v $LIMIT_KB KiB: $out"
  exit 1
fi
case "$out" in
  "acc: float32[256] = ["*) ;;
  *) echo "FAIL memory: unexpected output: $out"; exit 1 ;;
esac
if ! "$RUN" testdata/memory/model.onnx --test-data testdata/memory/test_data_set_0 >/dev/null; then
  echo "FAIL memory: the M = 1000 data set does not match"
  exit 1
fi
echo "PASS memory: 10^6 trips under ulimit -v $LIMIT_KB KiB"
