"""ONNX backend node tests for the ops convert-onnx-to-loops lowers beyond control flow.

Usage: python3 generate.py OUTDIR [OP ...]

Writes every node test of the onnx package's test-case generators whose graph is a single op
type from OPS (or from the OPs named on the command line) in the suite's layout:
OUTDIR/test_NAME/model.onnx and test_data_set_K/{input,output}_I.pb. Needs onnx==1.23.2, numpy
and onnxruntime. SKIP lists tests left out on purpose, with the reason. Without OP arguments it also
writes test_flowgate_local_functions_if, a model-local-function case of our own.
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
NonMaxSuppression RoiAlign DFT
Resize GridSample
TopK NonZero Compress ScatterElements ScatterND GatherND ReverseSequence ArrayFeatureExtractor
Conv ConvTranspose MaxPool AveragePool GlobalAveragePool InstanceNormalization
LSTM
""".split()

# Tests left out on purpose: name -> reason.
SKIP = {
    # The expected outputs carry numpy's complex64 rounding noise (about 2e-7) where the exact
    # value is 0; Flowgate's f64 FFT gives 0 (rounded once), outside the default atol 1e-7.
    # Both pass with `--atol 1e-6`.
    "test_dft_inverse": "complex64 noise in the expected output",
    "test_dft_inverse_opset19": "complex64 noise in the expected output",
}

# Flowgate's importer accepts default-domain opsets up to 27. onnx 1.23.2 stamps some node tests
# with opset 28, whose versions of these ops only widen the type constraints (bfloat16 and the
# 4-bit/8-bit float types) of the opset-27 versions; those models are re-stamped 27.
RESTAMP_28 = {"Compress", "ReverseSequence"}


def local_functions_case():
    """A model-local function whose body is an If with an attribute reference, called twice
    (once with the attribute, once with its default) from another function: the inliner's
    conformance case. Expected outputs from onnxruntime (onnx's reference evaluator cannot bind
    attribute references inside an If of a function)."""
    import numpy as np
    from onnx import helper as h
    import onnxruntime as ort

    T = TensorProto
    const = h.make_node("Constant", [], ["al"], name="ka")
    const.attribute.append(h.make_attribute_ref("value_float", onnx.AttributeProto.FLOAT))
    const.attribute[0].ref_attr_name = "alpha"
    then_g = h.make_graph([const, h.make_node("Mul", ["x", "al"], ["t"], name="m")], "then", [],
                          [h.make_tensor_value_info("t", T.FLOAT, None)])
    else_g = h.make_graph([h.make_node("Neg", ["x"], ["e"], name="n")], "else", [],
                          [h.make_tensor_value_info("e", T.FLOAT, None)])
    f = h.make_function("local", "F", ["x", "c"], ["y"],
                        [h.make_node("If", ["c"], ["y"], then_branch=then_g, else_branch=else_g, name="if")],
                        [h.make_opsetid("", 18)], attributes=[], attribute_protos=[h.make_attribute("alpha", 2.0)])
    g = h.make_function("local", "G", ["x", "c"], ["z"],
                        [h.make_node("F", ["x", "c"], ["y1"], domain="local", name="call1", alpha=3.0),
                         h.make_node("F", ["y1", "c"], ["z"], domain="local", name="call2")],
                        [h.make_opsetid("", 18), h.make_opsetid("local", 1)])
    graph = h.make_graph([h.make_node("G", ["x", "c"], ["out"], domain="local", name="top")], "main",
                         [h.make_tensor_value_info("x", T.FLOAT, [3]), h.make_tensor_value_info("c", T.BOOL, [])],
                         [h.make_tensor_value_info("out", T.FLOAT, [3])])
    m = h.make_model(graph, opset_imports=[h.make_opsetid("", 18), h.make_opsetid("local", 1)], functions=[f, g])
    onnx.checker.check_model(m)
    x = np.array([1, -2, 3], np.float32)
    ref = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
    sets = []
    for c in (True, False):
        ins = [x, np.array(c)]
        sets.append((ins, ref.run(None, {"x": ins[0], "c": ins[1]})))
    return "test_flowgate_local_functions_if", m, sets


def write_case(out, name, model, data_sets):
    d = os.path.join(out, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    with open(os.path.join(d, "model.onnx"), "wb") as f:
        f.write(model.SerializeToString())
    for i, (ins, outs) in enumerate(data_sets):
        dd = os.path.join(d, f"test_data_set_{i}")
        os.makedirs(dd)
        for kind, vals, decl in (("input", ins, model.graph.input), ("output", outs, model.graph.output)):
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


def main():
    out = sys.argv[1]
    ops_wanted = set(sys.argv[2:]) or set(OPS)
    n = 0
    for c in node_test.collect_testcases(None):
        ops = {nd.op_type for nd in c.model.graph.node}
        if len(ops) != 1 or not ops <= ops_wanted or c.name in SKIP:
            continue
        for o in c.model.opset_import:
            if o.domain in ("", "ai.onnx") and o.version == 28 and ops <= RESTAMP_28:
                o.version = 27
        write_case(out, c.name, c.model, c.data_sets)
        n += 1
        print(c.name)
    if not sys.argv[2:]:
        name, model, sets = local_functions_case()
        write_case(out, name, model, sets)
        n += 1
        print(name)
    print(n, "tests", file=sys.stderr)


if __name__ == "__main__":
    main()
