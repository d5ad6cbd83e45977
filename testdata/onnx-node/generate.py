"""ONNX backend node tests for the ops convert-onnx-to-loops lowers beyond control flow.

Usage: python3 generate.py OUTDIR [OP ...]

Writes every node test of the onnx package's test-case generators whose graph is a single op
type from OPS (or from the OPs named on the command line) in the suite's layout:
OUTDIR/test_NAME/model.onnx and test_data_set_K/{input,output}_I.pb. Needs onnx==1.23.2 and
numpy. SKIP lists tests left out on purpose, with the reason.
"""
import os
import shutil
import sys

import onnx
import onnx.backend.test.case.node as node_test
from onnx import TensorProto, numpy_helper

OPS = """
Clip HardSigmoid HardSwish Sin Cos IsNaN ReduceSumSquare
Gemm
Conv ConvTranspose MaxPool AveragePool GlobalAveragePool InstanceNormalization
LSTM
""".split()

# Tests left out on purpose: name -> reason.
SKIP = {}


def main():
    out = sys.argv[1]
    ops_wanted = set(sys.argv[2:]) or set(OPS)
    n = 0
    for c in node_test.collect_testcases(None):
        ops = {nd.op_type for nd in c.model.graph.node}
        if len(ops) != 1 or not ops <= ops_wanted or c.name in SKIP:
            continue
        d = os.path.join(out, c.name)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        with open(os.path.join(d, "model.onnx"), "wb") as f:
            f.write(c.model.SerializeToString())
        for i, (ins, outs) in enumerate(c.data_sets):
            dd = os.path.join(d, f"test_data_set_{i}")
            os.makedirs(dd)
            for kind, vals, decl in (("input", ins, c.model.graph.input), ("output", outs, c.model.graph.output)):
                for j, v in enumerate(vals):
                    t = decl[j].type
                    if t.HasField("sequence_type"):
                        p = numpy_helper.from_list(v, decl[j].name)
                    elif t.HasField("optional_type"):
                        p = numpy_helper.from_optional(v, decl[j].name)
                    elif isinstance(v, TensorProto):
                        p = v
                    else:
                        p = numpy_helper.from_array(v, decl[j].name)
                    with open(os.path.join(dd, f"{kind}_{j}.pb"), "wb") as f:
                        f.write(p.SerializeToString())
        n += 1
        print(c.name)
    print(n, "tests", file=sys.stderr)


if __name__ == "__main__":
    main()
