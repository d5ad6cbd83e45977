"""Writes the onnx package's whole node test suite in backend-test layout (issue 22 item 1).

Usage: python3 scripts/onnx_node/write_suite.py OUTDIR

Every case of `onnx.backend.test.case.node.collect_testcases` (onnx==1.23.2: 1,884 cases)
becomes OUTDIR/test_NAME/model.onnx and test_data_set_K/{input,output}_I.pb, exactly what
`onnx-run --backend-tests OUTDIR` reads. The data is generated, not committed: a fresh clone
stays small, and scripts/test.sh runs this before the node-suite stage.
"""
import os
import shutil
import sys

import onnx
import onnx.backend.test.case.node as node_test

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from layout import write_case  # noqa: E402

PINNED = "1.23.2"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    if onnx.__version__ != PINNED:
        sys.exit(f"write_suite.py: needs onnx=={PINNED} (the expected-pass list is for it), "
                 f"found {onnx.__version__}")
    out = sys.argv[1]
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    n = 0
    for c in node_test.collect_testcases(None):
        write_case(out, c.name, c.model, c.data_sets)
        n += 1
    print(f"wrote {n} node cases of onnx {onnx.__version__} to {out}")


if __name__ == "__main__":
    main()
