"""The oracles (onnxruntime, and the reference evaluator as fallback and cross-check), value
comparison, and the backend-suite file layout: writing a case and verifying it from its files."""

import itertools
import os

import ml_dtypes
import numpy as np
import onnx
import onnxruntime as ort
from onnx import helper, numpy_helper
from onnx.reference import ReferenceEvaluator


def kind_of(vi):
    t = vi.type
    if t.HasField("sequence_type"):
        return "seq"
    if t.HasField("optional_type"):
        return "opt"
    return "tensor"


def to_proto(value, vi):
    kind = kind_of(vi)
    if kind == "seq":
        return numpy_helper.from_list([np.asarray(v) for v in value], vi.name)
    if kind == "opt":
        if isinstance(value, list):
            return numpy_helper.from_optional([np.asarray(v) for v in value], vi.name)
        return numpy_helper.from_optional(None if value is None else np.asarray(value), vi.name)
    return numpy_helper.from_array(np.asarray(value), vi.name)


def from_file(path, vi):
    data = open(path, "rb").read()
    kind = kind_of(vi)
    if kind == "seq":
        p = onnx.SequenceProto()
        p.ParseFromString(data)
        return numpy_helper.to_list(p)
    if kind == "opt":
        p = onnx.OptionalProto()
        p.ParseFromString(data)
        return numpy_helper.to_optional(p)
    p = onnx.TensorProto()
    p.ParseFromString(data)
    return numpy_helper.to_array(p)


def run_ort(model, feeds):
    so = ort.SessionOptions()
    # One thread: reductions then sum in one fixed order and the outputs do not drift.
    so.intra_op_num_threads = 1
    so.inter_op_num_threads = 1
    so.log_severity_level = 3
    sess = ort.InferenceSession(model.SerializeToString(), so, providers=["CPUExecutionProvider"])
    return sess.run(None, feeds)


def run_ref(model, feeds):
    return ReferenceEvaluator(model).run(None, feeds)


def with_explicit_cond(model):
    """A copy of `model` where every Loop without a cond input gets a Constant true one. The
    reference evaluator of onnx 1.23 treats a missing cond as false (zero trips); with the body
    conds of this corpus the copy computes the same values, so it can serve as a cross-check."""
    model = onnx.ModelProto.FromString(model.SerializeToString())
    counter = itertools.count()

    def patch(graph):
        nodes = []
        for node in graph.node:
            for a in node.attribute:
                if a.type == onnx.AttributeProto.GRAPH:
                    patch(a.g)
            if node.op_type == "Loop" and len(node.input) > 1 and node.input[1] == "":
                name = f"__cross_check_true_{next(counter)}"
                nodes.append(helper.make_node("Constant", [], [name],
                                              value=numpy_helper.from_array(np.array(True))))
                node.input[1] = name
            nodes.append(node)
        del graph.node[:]
        graph.node.extend(nodes)

    patch(model.graph)
    return model


def close_loose(a, b):
    """`close`, except that a shape difference with the same element count is tolerated: the
    reference evaluator stacks Loop scan outputs with np.vstack, which flattens their layout."""
    if isinstance(a, list) or isinstance(b, list) or a is None or b is None:
        return close(a, b)
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape and a.size == b.size:
        return close(a.reshape(-1), b.reshape(-1))
    return close(a, b)


def same(a, b):
    """Bit-for-bit equality of two output values (tensors, sequences or optionals)."""
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, list) or isinstance(b, list):
        return isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and all(
            same(x, y) for x, y in zip(a, b))
    a, b = np.asarray(a), np.asarray(b)
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    if a.dtype.kind == "f" or a.dtype == ml_dtypes.bfloat16:
        return np.array_equal(a.astype(np.float64), b.astype(np.float64), equal_nan=True)
    return np.array_equal(a, b)


def close(a, b, rtol=1e-3, atol=1e-5):
    """The corpus comparison (looser atol): used only to report where the two oracles differ."""
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, list) or isinstance(b, list):
        return isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and all(
            close(x, y, rtol, atol) for x, y in zip(a, b))
    a, b = np.asarray(a), np.asarray(b)
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    if a.dtype.kind in "fc" or a.dtype == ml_dtypes.bfloat16:
        return np.allclose(a.astype(np.float64), b.astype(np.float64), rtol, atol, equal_nan=True)
    return np.array_equal(a, b)


def describe(v):
    if v is None:
        return "None"
    if isinstance(v, list):
        return "seq[" + ", ".join(describe(x) for x in v) + "]"
    v = np.asarray(v)
    return f"{v.dtype}{list(v.shape)}"


def feeds_of(model, inputs):
    names = [vi.name for vi in model.graph.input]
    if len(names) != len(inputs):
        raise SystemExit(f"{len(inputs)} inputs given for {len(names)} graph inputs")
    return dict(zip(names, inputs))


def oracle(model, datasets):
    """Runs every input set through onnxruntime, or through the reference evaluator when
    onnxruntime refuses. Returns (outputs per set, oracle name, refusal reason, notes)."""
    notes = []
    try:
        outs = [run_ort(model, feeds_of(model, d)) for d in datasets]
    except Exception as e:  # onnxruntime raises several unrelated exception types
        reason = str(e).strip().splitlines()[0]
        reason = reason.replace("[ONNXRuntimeError] : ", "")
        outs = [run_ref(model, feeds_of(model, d)) for d in datasets]
        return outs, "reference", reason[:160], notes
    # Cross-check with the reference evaluator; disagreements are reported, not hidden.
    try:
        patched = with_explicit_cond(model)
        ref = [run_ref(patched, feeds_of(model, d)) for d in datasets]
        for k, (o, r) in enumerate(zip(outs, ref)):
            for vi, x, y in zip(model.graph.output, o, r):
                if not close_loose(x, y):
                    notes.append(f"set {k} output {vi.name}: onnxruntime {describe(x)}, "
                                 f"reference evaluator {describe(y)}")
    except Exception as e:
        notes.append(f"reference evaluator fails: {str(e).strip().splitlines()[0][:120]}")
    return outs, "onnxruntime", None, notes


def write_case(d, model, datasets, outputs):
    os.makedirs(d)
    with open(os.path.join(d, "model.onnx"), "wb") as f:
        f.write(model.SerializeToString())
    for k, (ins, outs) in enumerate(zip(datasets, outputs)):
        dd = os.path.join(d, f"test_data_set_{k}")
        os.makedirs(dd)
        for kind, vals, decl in (("input", ins, model.graph.input), ("output", outs, model.graph.output)):
            for j, (v, vi) in enumerate(zip(vals, decl)):
                with open(os.path.join(dd, f"{kind}_{j}.pb"), "wb") as f:
                    f.write(to_proto(v, vi).SerializeToString())


def verify_case(d, which):
    """Reloads the model and the .pb files, reruns the oracle, and checks the outputs match the
    files bit for bit."""
    model = onnx.load(os.path.join(d, "model.onnx"))
    sets = sorted(x for x in os.listdir(d) if x.startswith("test_data_set_"))
    for s in sets:
        dd = os.path.join(d, s)
        ins = [from_file(os.path.join(dd, f"input_{j}.pb"), vi) for j, vi in enumerate(model.graph.input)]
        want = [from_file(os.path.join(dd, f"output_{j}.pb"), vi) for j, vi in enumerate(model.graph.output)]
        got = (run_ort if which == "onnxruntime" else run_ref)(model, feeds_of(model, ins))
        for vi, g, w in zip(model.graph.output, got, want):
            if not same(np.asarray(g) if not isinstance(g, list) and g is not None else g, w):
                raise SystemExit(f"{d}/{s}: output {vi.name} does not reproduce: {describe(g)} vs {describe(w)}")
    return len(sets)
