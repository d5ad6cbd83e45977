"""Errors are Python exceptions (flowgate.FlowgateError subclasses named as onnxruntime's) that
name what is wrong: the input of a bad feed, the node of a refused model or a failed run."""

import numpy as np
import pytest
from onnx import TensorProto as T
from onnx import helper as h

import flowgate
import models
from conftest import TESTDATA


def session(m):
    return flowgate.InferenceSession(m.SerializeToString())


X = np.zeros((2, 3), np.float32)


@pytest.mark.parametrize(
    "feed, message",
    [
        ({}, "Required inputs (['x']) are missing from input feed ([])."),
        ({"x": X, "nope": X}, "the model has no input 'nope' (inputs: x, b)"),
        ({"x": X.astype(np.float64)}, "input 'x': expected element type float32 (float32[N,3]), got float64[2,3]"),
        ({"x": np.zeros((2, 3, 1), np.float32)}, "input 'x': expected rank 2"),
        ({"x": np.zeros((2, 4), np.float32)}, "input 'x': expected dimension 1 to be 3"),
        ({"x": None}, "input 'x': expected a tensor (float32[N,3]), got None"),
        ({"x": np.array([["a", "b", "c"]])}, "input 'x': element type <U1 is not supported by Flowgate"),
    ],
)
def test_bad_feeds_name_the_input(feed, message):
    s = session(models.add_model())
    with pytest.raises(flowgate.InvalidArgument) as e:
        s.run(None, feed)
    assert message in str(e.value)


def test_missing_input_is_also_a_value_error():
    # onnxruntime raises ValueError for it; programs catch that.
    with pytest.raises(ValueError, match=r"Required inputs \(\['x'\]\)"):
        session(models.add_model()).run(None, {"b": X[:1]})


def test_inconsistent_symbolic_dimension():
    s = session(models.two_inputs_model())
    with pytest.raises(flowgate.InvalidArgument, match=r"input 'y': expected dimension 0 \('N'\) to be 2, as in input 'x'"):
        s.run(None, {"x": np.zeros((2, 3), np.float32), "y": np.zeros((4, 3), np.float32)})


def test_bad_output_name_and_feed_type():
    s = session(models.add_model())
    with pytest.raises(flowgate.InvalidArgument, match="the model has no output 'z' \\(outputs: y\\)"):
        s.run(["z"], {"x": X})
    with pytest.raises(flowgate.InvalidArgument, match="input_feed must be a dict"):
        s.run(None, [X])


def test_sequence_feed_must_be_a_list():
    s = session(models.sequence_input_model())
    with pytest.raises(flowgate.InvalidArgument, match="input 's': expected a sequence"):
        s.run(None, {"s": np.zeros(2, np.float32), "p": None})
    with pytest.raises(flowgate.InvalidArgument, match="input 's': expected element type float32"):
        s.run(None, {"s": [np.zeros(2, np.int64)], "p": None})


def test_run_time_error_names_the_node():
    s = session(models.reshape_model())
    (y,) = s.run(None, {"x": np.arange(6, dtype=np.float32), "shape": np.array([2, 3], np.int64)})
    assert y.shape == (2, 3)
    with pytest.raises(flowgate.Fail, match="reshape0"):
        s.run(None, {"x": np.arange(6, dtype=np.float32), "shape": np.array([4, 4], np.int64)})
    # The session still works after a failed run.
    (y,) = s.run(None, {"x": np.arange(6, dtype=np.float32), "shape": np.array([3, 2], np.int64)})
    assert y.shape == (3, 2)


def test_model_errors():
    with pytest.raises(flowgate.NoSuchFile, match="no/such/model.onnx"):
        flowgate.InferenceSession("no/such/model.onnx")
    with pytest.raises(flowgate.InvalidProtobuf, match="not an ONNX model"):
        flowgate.InferenceSession(b"\x08\x07\x12\xff\xff\xff garbage")
    with pytest.raises(flowgate.InvalidProtobuf):
        flowgate.InferenceSession(b"")
    # A node reading a name nothing defines: the importer's checker names the node.
    bad = models.model(
        [h.make_node("Add", ["x", "ghost"], ["y"], name="add_ghost")],
        [h.make_tensor_value_info("x", T.FLOAT, [2])],
        [h.make_tensor_value_info("y", T.FLOAT, [2])],
    )
    with pytest.raises(flowgate.InvalidGraph, match="add_ghost"):
        session(bad)


def test_unsupported_types_and_ops_are_named():
    complex_ = models.model(
        [h.make_node("Identity", ["x"], ["y"], name="id0")],
        [h.make_tensor_value_info("x", T.COMPLEX128, [2])],
        [h.make_tensor_value_info("y", T.COMPLEX128, [2])],
    )
    with pytest.raises(flowgate.InvalidGraph, match="graph input 'x': element type 'complex128' is not supported"):
        session(complex_)
    # Gradient (ai.onnx.preview.training) asks for automatic differentiation, which Flowgate
    # does not do.
    g = h.make_graph(
        [
            h.make_node("Mul", ["x", "x"], ["y"], name="square0"),
            h.make_node("Gradient", ["x"], ["dx"], name="grad0", domain="ai.onnx.preview.training", xs=["x"], y="y"),
        ],
        "g",
        [h.make_tensor_value_info("x", T.FLOAT, [2])],
        [h.make_tensor_value_info("dx", T.FLOAT, [2])],
    )
    gradient = h.make_model(
        g, opset_imports=[h.make_opsetid("", 17), h.make_opsetid("ai.onnx.preview.training", 1)]
    )
    gradient.ir_version = 8
    with pytest.raises((flowgate.NotImplemented, flowgate.InvalidGraph)) as e:
        session(gradient)
    assert "grad0" in str(e.value) and "Gradient" in str(e.value), str(e.value)


def test_every_testdata_model_from_truncated_bytes_is_an_exception():
    """No input crashes the interpreter: truncated models are exceptions."""
    data = (TESTDATA / "onnx-backend-cf" / "test_loop11" / "model.onnx").read_bytes()
    for cut in range(1, len(data), max(1, len(data) // 40)):
        try:
            flowgate.InferenceSession(data[:cut])
        except flowgate.FlowgateError:
            pass


def _if_model(then_nodes, then_out):
    then = h.make_graph(then_nodes, "then_g", [], [h.make_tensor_value_info(then_out, T.FLOAT, None)])
    other = h.make_graph(
        [h.make_node("Identity", ["x"], ["e"], name="id_e")], "else_g", [], [h.make_tensor_value_info("e", T.FLOAT, None)]
    )
    return models.model(
        [h.make_node("If", ["c"], ["y"], name="if0", then_branch=then, else_branch=other)],
        [
            h.make_tensor_value_info("c", T.BOOL, []),
            h.make_tensor_value_info("x", T.FLOAT, [None]),
            h.make_tensor_value_info("s", T.INT64, [2]),
        ],
        [h.make_tensor_value_info("y", T.FLOAT, None)],
    )


def test_errors_in_nested_graphs_name_the_node_and_graph_path():
    bad = _if_model([h.make_node("Add", ["x", "ghost"], ["t"], name="add_ghost")], "t")
    with pytest.raises(flowgate.InvalidGraph, match=r"graph g/if0/then_branch: node 'add_ghost' \(Add\).*'ghost'"):
        session(bad)
    s = session(_if_model([h.make_node("Reshape", ["x", "s"], ["t"], name="reshape_in_then")], "t"))
    feed = {"c": np.array(True), "x": np.ones(5, np.float32), "s": np.array([2, 2])}
    with pytest.raises(flowgate.Fail, match=r"node 'reshape_in_then' \(Reshape\) in graph g/if0/then_branch"):
        s.run(None, feed)
    feed["c"] = np.array(False)  # the other branch runs; the session is still usable
    np.testing.assert_array_equal(s.run(None, feed)[0], np.ones(5, np.float32))


def test_string_outputs_are_object_arrays_of_str():
    # As onnxruntime returns them. (String inputs are not taken yet: see the feed test above.)
    words = h.make_tensor("w", T.STRING, [2], [b"ab", "\u00e9".encode()])
    bang = h.make_tensor("b", T.STRING, [], [b"!"])
    nodes = [
        h.make_node("Constant", [], ["w"], value=words),
        h.make_node("Constant", [], ["b"], value=bang),
        h.make_node("StringConcat", ["w", "b"], ["y"], name="cat0"),
    ]
    graph = h.make_graph(nodes, "g", [], [h.make_tensor_value_info("y", T.STRING, [2])])
    model = h.make_model(graph, opset_imports=[h.make_opsetid("", 20)])
    (y,) = flowgate.InferenceSession(model.SerializeToString()).run(None, {})
    assert y.dtype == object and y.shape == (2,)
    assert y.tolist() == ["ab!", "\u00e9!"]


def test_float8_output_is_refused_by_name():
    # numpy holds float8 only through ml_dtypes; the package refuses such an output by its
    # type instead of handing back other bytes.
    x = h.make_tensor_value_info("x", T.FLOAT, [2])
    y = h.make_tensor_value_info("y", T.FLOAT8E4M3FN, [2])
    node = h.make_node("Cast", ["x"], ["y"], to=T.FLOAT8E4M3FN)
    graph = h.make_graph([node], "g", [x], [y])
    model = h.make_model(graph, opset_imports=[h.make_opsetid("", 21)])
    sess = flowgate.InferenceSession(model.SerializeToString())
    with pytest.raises(flowgate.NotImplemented, match="float8e4m3fn"):
        sess.run(None, {"x": np.array([1.0, 2.0], np.float32)})
