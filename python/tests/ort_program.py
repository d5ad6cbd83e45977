"""A program written for onnxruntime, as people write them: it sets session options, lists the
model's inputs and outputs, builds a feed from files by the declared types, runs the model
asking for every output by name and for a subset, and checks that a wrong feed raises
onnxruntime's InvalidArgument. test_ort_program.py runs this file unchanged except for its
import line, with flowgate in place of onnxruntime."""

import numpy as np
import onnxruntime as ort

NUMPY_OF = {
    "tensor(float)": np.float32,
    "tensor(double)": np.float64,
    "tensor(float16)": np.float16,
    "tensor(int64)": np.int64,
    "tensor(int32)": np.int32,
    "tensor(int8)": np.int8,
    "tensor(uint8)": np.uint8,
    "tensor(bool)": np.bool_,
}


def describe(sess):
    lines = []
    for arg in sess.get_inputs():
        dims = ["?" if d is None else str(d) for d in arg.shape]
        lines.append(f"input {arg.name}: {arg.type} [{', '.join(dims)}]")
    for arg in sess.get_outputs():
        lines.append(f"output {arg.name}: {arg.type}")
    return lines


def check(name, got, want, rtol, atol):
    if isinstance(want, list):  # a sequence output
        assert isinstance(got, list) and len(got) == len(want), name
        for g, w in zip(got, want):
            check(name, g, w, rtol, atol)
        return
    assert got.shape == want.shape, (name, got.shape, want.shape)
    if np.issubdtype(want.dtype, np.floating):
        np.testing.assert_allclose(got, want, rtol=rtol, atol=atol, err_msg=name)
    else:
        np.testing.assert_array_equal(got, want, err_msg=name)


def main(model_path, feeds, expected, rtol, atol):
    """`feeds`: one dict of input name -> array per data set; `expected`: the outputs of each.
    Returns a summary of what it did."""
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 1
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    sess = ort.InferenceSession(model_path, sess_options=opts, providers=["CPUExecutionProvider"])
    assert "CPUExecutionProvider" in sess.get_providers()
    meta = sess.get_modelmeta()
    summary = describe(sess) + [f"producer {meta.producer_name!r}, graph {meta.graph_name!r}"]
    out_names = [o.name for o in sess.get_outputs()]
    for feed, want in zip(feeds, expected):
        for arg in sess.get_inputs():
            if arg.name in feed and arg.type in NUMPY_OF:
                assert feed[arg.name].dtype == NUMPY_OF[arg.type], (arg.name, arg.type, feed[arg.name].dtype)
        results = dict(zip(out_names, sess.run(out_names, feed)))
        for name, w in zip(out_names, want):
            check(name, results[name], w, rtol, atol)
        last = sess.run([out_names[-1]], feed)
        assert len(last) == 1
        check(out_names[-1], last[0], want[-1], rtol, atol)
    # A feed without its first input is refused (onnxruntime raises ValueError), and so is a
    # feed of the wrong element type (onnxruntime's InvalidArgument).
    first = sess.get_inputs()[0]
    try:
        sess.run(None, {k: v for k, v in feeds[0].items() if k != first.name})
    except ValueError as e:
        summary.append(f"missing input refused: {first.name in str(e)}")
    else:
        raise AssertionError("a feed without a required input was accepted")
    wrong = dict(feeds[0])
    x = wrong[first.name]
    wrong[first.name] = np.zeros(x.shape, np.int32 if x.dtype != np.int32 else np.int64)
    try:
        sess.run(None, wrong)
    except ort.capi.onnxruntime_pybind11_state.InvalidArgument:
        summary.append("wrong element type refused: True")
    else:
        raise AssertionError("a feed of the wrong element type was accepted")
    return summary
