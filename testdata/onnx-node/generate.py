"""ONNX backend node tests for the ops convert-onnx-to-loops lowers beyond control flow.

Usage: python3 generate.py OUTDIR [OP ...]

Writes every node test of the onnx package's test-case generators whose graph is a single op
type from OPS (or from the OPs named on the command line) in the suite's layout:
OUTDIR/test_NAME/model.onnx and test_data_set_K/{input,output}_I.pb. Needs onnx==1.23.2, numpy
and onnxruntime. SKIP lists tests left out on purpose, with the reason. Without OP arguments it also
writes cases of our own (test_flowgate_*: model-local functions, the new kernels inside a Loop
with an If, LSTM with sequence_lens, the layers on float16 and double); see README.md.
"""
import os
import sys

import onnx
import onnx.backend.test.case.node as node_test
from onnx import TensorProto, numpy_helper

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "onnx_node"))
from layout import write_case  # noqa: E402

OPS = """
Clip HardSigmoid HardSwish LeakyRelu Sin Cos IsNaN ReduceSumSquare
Gemm
NonMaxSuppression RoiAlign DFT STFT
Resize GridSample
Pad TopK NonZero Compress ScatterElements ScatterND GatherND ReverseSequence ArrayFeatureExtractor
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

# These cases were written when the importer stopped at opset 27: onnx 1.23.2 stamps their node
# tests with opset 28, whose versions of these ops only widen the type constraints (bfloat16 and
# the 4-bit/8-bit float types) of the opset-27 versions, so the copies here are re-stamped 27.
# The importer now accepts 28 (the whole suite runs unchanged through scripts/onnx_node/).
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


def control_flow_nn_case():
    """Conv, MaxPool, LSTM and Gemm inside a Loop whose body has an If (the shape of silero-vad):
    runtime values made by the new kernels are loop-carried and freed per iteration.
    Expected outputs from onnxruntime."""
    import numpy as np
    import onnxruntime as ort
    from onnx import helper as h

    T = TensorProto
    rng = np.random.default_rng(0)
    init = lambda n, a: numpy_helper.from_array(a.astype(np.float32), n)
    W = rng.standard_normal((4, 2, 3)) * 0.5
    Wl = rng.standard_normal((1, 12, 4)) * 0.5
    Rl = rng.standard_normal((1, 12, 3)) * 0.5
    G = rng.standard_normal((3, 2)) * 0.5
    then_g = h.make_graph([h.make_node("Relu", ["c"], ["t"])], "then", [], [h.make_tensor_value_info("t", T.FLOAT, None)])
    else_g = h.make_graph([h.make_node("HardSigmoid", ["c"], ["e"], alpha=0.3)], "else", [],
                         [h.make_tensor_value_info("e", T.FLOAT, None)])
    body = h.make_graph(
        [
            h.make_node("Conv", ["state", "W"], ["c"], pads=[1, 1]),                      # [1,4,6]
            h.make_node("ReduceSum", ["c"], ["s"], keepdims=0),
            h.make_node("Greater", ["s", "zero"], ["pos"]),
            h.make_node("If", ["pos"], ["a"], then_branch=then_g, else_branch=else_g),
            h.make_node("MaxPool", ["a"], ["m"], kernel_shape=[2], strides=[2]),          # [1,4,3]
            h.make_node("Transpose", ["m"], ["seq"], perm=[2, 0, 1]),                    # [3,1,4]
            h.make_node("LSTM", ["seq", "Wl", "Rl"], ["", "yh"], hidden_size=3),           # yh [1,1,3]
            h.make_node("Reshape", ["yh", "shape2"], ["flat"]),                          # [1,3]
            h.make_node("Gemm", ["flat", "G"], ["g"], alpha=2.0),                         # [1,2]
            h.make_node("Tile", ["g", "reps"], ["g3"]),                                  # [1,6]
            h.make_node("Unsqueeze", ["g3", "ax1"], ["g4"]),                             # [1,1,6]
            h.make_node("Concat", ["g4", "g4"], ["next"], axis=1),                      # [1,2,6]
            h.make_node("Identity", ["cond"], ["cond_out"]),
        ],
        "body",
        [h.make_tensor_value_info("i", T.INT64, []), h.make_tensor_value_info("cond", T.BOOL, []),
         h.make_tensor_value_info("state", T.FLOAT, [1, 2, 6])],
        [h.make_tensor_value_info("cond_out", T.BOOL, []), h.make_tensor_value_info("next", T.FLOAT, [1, 2, 6]),
         h.make_tensor_value_info("s", T.FLOAT, [])],
    )
    graph = h.make_graph(
        [h.make_node("Loop", ["n", "", "x"], ["final", "sums"], body=body)],
        "main",
        [h.make_tensor_value_info("n", T.INT64, []), h.make_tensor_value_info("x", T.FLOAT, [1, 2, 6])],
        [h.make_tensor_value_info("final", T.FLOAT, [1, 2, 6]), h.make_tensor_value_info("sums", T.FLOAT, [None])],
        initializer=[init("W", W), init("Wl", Wl), init("Rl", Rl), init("G", G), init("zero", np.array(0.0)),
                     numpy_helper.from_array(np.array([1, 3], np.int64), "shape2"),
                     numpy_helper.from_array(np.array([1, 3], np.int64), "reps"),
                     numpy_helper.from_array(np.array([1], np.int64), "ax1")],
    )
    m = h.make_model(graph, opset_imports=[h.make_opsetid("", 17)])
    onnx.checker.check_model(m)
    sess = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
    sets = []
    for trips in (0, 1, 5):
        ins = [np.array(trips, np.int64), rng.standard_normal((1, 2, 6)).astype(np.float32)]
        sets.append((ins, sess.run(None, {"n": ins[0], "x": ins[1]})))
    return "test_flowgate_conv_lstm_in_loop_if", m, sets


def dtype_cases():
    """The layers on float16 (computed in f32, rounded once) and double, with outputs from onnx's
    reference evaluator computed in float64 and rounded to the element type."""
    import numpy as np
    from onnx import helper as h
    from onnx.reference import ReferenceEvaluator

    rng = np.random.default_rng(1)
    cases = []
    for elem, np_t, tag in ((TensorProto.FLOAT16, np.float16, "float16"), (TensorProto.DOUBLE, np.float64, "double")):
        W = (rng.standard_normal((3, 2, 3, 3)) * 0.3).astype(np_t)
        Wl = (rng.standard_normal((1, 8, 3)) * 0.5).astype(np_t)
        Rl = (rng.standard_normal((1, 8, 2)) * 0.5).astype(np_t)
        nodes = [
            h.make_node("Conv", ["x", "W"], ["c"], pads=[1, 1, 1, 1], strides=[1, 2]),       # [1,3,4,3]
            h.make_node("InstanceNormalization", ["c", "sc", "b"], ["n"], epsilon=1e-3),
            h.make_node("AveragePool", ["n"], ["p"], kernel_shape=[2, 2], pads=[0, 0, 1, 1], count_include_pad=1),
            h.make_node("Resize", ["p", "", "scales"], ["r"], mode="linear"),
            h.make_node("GlobalAveragePool", ["r"], ["gap"]),
            h.make_node("Reshape", ["gap", "s3"], ["seq"]),                                    # [1,1,3]
            h.make_node("LSTM", ["seq", "Wl", "Rl"], ["", "yh"], hidden_size=2),
            h.make_node("Reshape", ["yh", "s12"], ["flat"]),                                   # [1,2]
            h.make_node("Gemm", ["flat", "flat"], ["g"], transB=1, beta=0.0),                # [1,1]
            h.make_node("HardSwish", ["r"], ["hs"]),
        ]
        t = lambda n, shape: h.make_tensor_value_info(n, elem, shape)
        graph = h.make_graph(
            nodes, "main", [t("x", [1, 2, 4, 5])], [t("r", [1, 3, 8, 4]), t("g", [1, 1]), t("hs", [1, 3, 8, 4])],
            initializer=[numpy_helper.from_array(W, "W"), numpy_helper.from_array(Wl, "Wl"),
                         numpy_helper.from_array(Rl, "Rl"),
                         numpy_helper.from_array(np.array([1.0, 0.5, 2.0], np_t), "sc"),
                         numpy_helper.from_array(np.array([0.0, 0.1, -0.1], np_t), "b"),
                         numpy_helper.from_array(np.array([1, 1, 2, 1.5], np.float32), "scales"),
                         numpy_helper.from_array(np.array([1, 1, 3], np.int64), "s3"),
                         numpy_helper.from_array(np.array([1, 2], np.int64), "s12")],
        )
        m = h.make_model(graph, opset_imports=[h.make_opsetid("", 19)])
        onnx.checker.check_model(m)
        # The reference in float64, each op's result rounded to the element type (as Flowgate and
        # onnxruntime compute float16: in wider precision, one rounding per op).
        m64 = onnx.load_from_string(m.SerializeToString())
        if elem == TensorProto.FLOAT16:
            rounded = []
            for nd in m64.graph.node:
                outs = list(nd.output)
                for k, o in enumerate(outs):
                    if o:
                        nd.output[k] = o + "_raw"
                rounded.append(nd)
                for o in outs:
                    if o:
                        rounded.append(h.make_node("Cast", [o + "_raw"], [o + "_h"], to=TensorProto.FLOAT16))
                        rounded.append(h.make_node("Cast", [o + "_h"], [o], to=TensorProto.DOUBLE))
            del m64.graph.node[:]
            m64.graph.node.extend(rounded)
        for v in list(m64.graph.input) + list(m64.graph.output):
            v.type.tensor_type.elem_type = TensorProto.DOUBLE
        for i, ini in enumerate(m64.graph.initializer):
            if ini.data_type == elem:
                m64.graph.initializer[i].CopyFrom(numpy_helper.from_array(numpy_helper.to_array(ini).astype(np.float64), ini.name))
        ref = ReferenceEvaluator(m64)
        x = rng.standard_normal((1, 2, 4, 5)).astype(np_t)
        outs = [o.astype(np_t) for o in ref.run(None, {"x": x.astype(np.float64)})]
        cases.append((f"test_flowgate_layers_{tag}", m, [([x], outs)]))
    return cases


def lstm_sequence_lens_case():
    """Bidirectional LSTM with sequence_lens, bias, initial states and peepholes: a batch entry
    past its length has zero Y rows and holds its state. Expected outputs from onnxruntime."""
    import numpy as np
    import onnxruntime as ort
    from onnx import helper as h

    rng = np.random.default_rng(2)
    T = TensorProto
    S, B, I, H = 4, 3, 2, 3
    f32 = lambda a: a.astype(np.float32)
    inits = [
        numpy_helper.from_array(f32(rng.standard_normal((2, 4 * H, I)) * 0.5), "W"),
        numpy_helper.from_array(f32(rng.standard_normal((2, 4 * H, H)) * 0.5), "R"),
        numpy_helper.from_array(f32(rng.standard_normal((2, 8 * H)) * 0.1), "Bias"),
        numpy_helper.from_array(f32(rng.standard_normal((2, 3 * H)) * 0.1), "P"),
    ]
    node = h.make_node("LSTM", ["x", "W", "R", "Bias", "lens", "h0", "c0", "P"], ["y", "yh", "yc"],
                       hidden_size=H, direction="bidirectional")
    graph = h.make_graph(
        [node], "main",
        [h.make_tensor_value_info("x", T.FLOAT, [S, B, I]), h.make_tensor_value_info("lens", T.INT32, [B]),
         h.make_tensor_value_info("h0", T.FLOAT, [2, B, H]), h.make_tensor_value_info("c0", T.FLOAT, [2, B, H])],
        [h.make_tensor_value_info("y", T.FLOAT, [S, 2, B, H]), h.make_tensor_value_info("yh", T.FLOAT, [2, B, H]),
         h.make_tensor_value_info("yc", T.FLOAT, [2, B, H])],
        initializer=inits,
    )
    m = h.make_model(graph, opset_imports=[h.make_opsetid("", 14)])
    onnx.checker.check_model(m)
    sess = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
    ins = [f32(rng.standard_normal((S, B, I))), np.array([4, 2, 1], np.int32),
           f32(rng.standard_normal((2, B, H)) * 0.5), f32(rng.standard_normal((2, B, H)) * 0.5)]
    outs = sess.run(None, dict(zip(["x", "lens", "h0", "c0"], ins)))
    return "test_flowgate_lstm_sequence_lens", m, [(ins, outs)]


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
        own = [local_functions_case(), control_flow_nn_case(), lstm_sequence_lens_case(), *dtype_cases()]
        for name, model, sets in own:
            write_case(out, name, model, sets)
            n += 1
            print(name)
    print(n, "tests", file=sys.stderr)


if __name__ == "__main__":
    main()
