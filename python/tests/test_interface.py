"""onnxruntime's InferenceSession interface: construction, NodeArg, metadata, run's arguments
and return values, options, providers."""

import pathlib
import warnings

import numpy as np
import pytest

import flowgate
import models
from conftest import TESTDATA


def session(m, **kw):
    return flowgate.InferenceSession(m.SerializeToString(), **kw)


def test_module_surface():
    assert flowgate.get_available_providers() == ["CPUExecutionProvider"]
    assert flowgate.get_device() == "CPU"
    for name in ["Fail", "InvalidArgument", "InvalidGraph", "InvalidProtobuf", "NoSuchFile", "NotImplemented"]:
        cls = getattr(flowgate, name)
        assert issubclass(cls, flowgate.FlowgateError) and issubclass(cls, Exception)
        assert getattr(flowgate.capi.onnxruntime_pybind11_state, name) is cls


def test_inputs_outputs_and_metadata():
    s = session(models.add_model())
    ins, outs = s.get_inputs(), s.get_outputs()
    assert [(a.name, a.type, a.shape) for a in ins] == [("x", "tensor(float)", ["N", 3])]
    # As in onnxruntime, an input an initializer gives a value is an overridable initializer.
    assert [(a.name, a.shape) for a in s.get_overridable_initializers()] == [("b", [1, 3])]
    assert [(a.name, a.type, a.shape) for a in outs] == [("y", "tensor(float)", ["N", 3])]
    m = s.get_modelmeta()
    assert (m.producer_name, m.graph_name, m.description, m.version, m.domain) == (
        "flowgate-tests",
        "g",
        "adds b",
        7,
        "",
    )
    assert m.custom_metadata_map == {}
    assert s.get_providers() == ["CPUExecutionProvider"]


def test_types_of_sequences_and_optionals():
    s = session(models.sequence_model())
    assert [(a.name, a.type, a.shape) for a in s.get_outputs()] == [
        ("s", "seq(tensor(float))", []),
        ("n", "tensor(int64)", []),
        ("o", "optional(tensor(float))", [2]),
        ("e", "optional(tensor(float))", []),
    ]
    s = session(models.reshape_model())
    assert [a.shape for a in s.get_inputs()] == [[None], [2]]
    assert s.get_outputs()[0].shape == []


def test_run_all_outputs_subsets_and_order():
    s = session(models.add_model())
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    (y,) = s.run(None, {"x": x})
    np.testing.assert_array_equal(y, x + 1)
    assert y.dtype == np.float32 and y.shape == (2, 3)
    # The initializer is a default: giving b replaces it.
    (y,) = s.run(["y"], {"x": x, "b": np.full((1, 3), 10, np.float32)}, flowgate.RunOptions())
    np.testing.assert_array_equal(y, x + 10)
    assert s.run([], {"x": x})[0].shape == (2, 3)
    t = session(models.sequence_model())
    a, b = np.array([1, 2], np.float32), np.array([3, 4, 5], np.float32)
    n, seq = t.run(["n", "s"], {"a": a, "b": b})
    assert n == 2 and n.dtype == np.int64 and n.shape == ()
    assert isinstance(seq, list) and len(seq) == 2
    np.testing.assert_array_equal(seq[0], a)
    np.testing.assert_array_equal(seq[1], b)
    o, e, n2 = t.run(["o", "e", "n"], {"a": a, "b": b})
    np.testing.assert_array_equal(o, a)
    assert e is None
    assert n2 == 2


def test_sequence_and_optional_inputs():
    s = session(models.sequence_input_model())
    assert [(a.name, a.type) for a in s.get_inputs()] == [("s", "seq(tensor(float))"), ("p", "optional(tensor(float))")]
    parts = [np.array([1, 2], np.float32), np.array([3], np.float32)]
    c, v = s.run(None, {"s": parts, "p": np.array([7, 8], np.float32)})
    np.testing.assert_array_equal(c, [1, 2, 3])
    np.testing.assert_array_equal(v, [7, 8])
    c, v = s.run(None, {"s": tuple(parts), "p": None})
    np.testing.assert_array_equal(v, [0])
    # An optional input left out is an empty optional.
    c, v = s.run(None, {"s": parts})
    np.testing.assert_array_equal(v, [0])


def test_outputs_are_handed_to_numpy_without_a_copy():
    s = session(models.add_model())
    (y,) = s.run(None, {"x": np.zeros((4, 3), np.float32)})
    # The array views memory the runtime allocated (numpy does not own it), kept alive by base.
    assert not y.flags.owndata and y.base is not None
    assert y.flags.c_contiguous and y.flags.writeable
    y[0, 0] = 5  # the caller may write into it
    # The same output asked for twice: two arrays, the second a copy.
    y1, y2 = s.run(["y", "y"], {"x": np.zeros((1, 3), np.float32)})
    y1[0, 0] = 9
    assert y2[0, 0] == 1


def test_inputs_of_any_layout_and_python_lists():
    s = session(models.add_model())
    x = np.arange(12, dtype=np.float32).reshape(3, 4)[:, 1:]  # not contiguous
    (y,) = s.run(None, {"x": x})
    np.testing.assert_array_equal(y, x + 1)
    (y,) = s.run(None, {"x": np.asfortranarray(x)})
    np.testing.assert_array_equal(y, x + 1)
    (y,) = s.run(None, {"x": np.array([[1, 2, 3]], np.float32)[::-1]})
    np.testing.assert_array_equal(y, [[2, 3, 4]])


def test_model_from_path_pathlike_and_bytes():
    p = TESTDATA / "onnx-backend-cf" / "test_if" / "model.onnx"
    a = flowgate.InferenceSession(str(p))
    b = flowgate.InferenceSession(pathlib.Path(p))
    c = flowgate.InferenceSession(p.read_bytes())
    assert [i.name for i in a.get_inputs()] == [i.name for i in b.get_inputs()] == [i.name for i in c.get_inputs()]
    with pytest.raises(TypeError):
        flowgate.InferenceSession(42)


def test_session_options():
    o = flowgate.SessionOptions()
    o.intra_op_num_threads = 2
    o.graph_optimization_level = flowgate.GraphOptimizationLevel.ORT_DISABLE_ALL
    o.compiled_tensors = False
    s = session(models.add_model(), sess_options=o)
    assert s.get_session_options() is o
    (y,) = s.run(None, {"x": np.ones((1, 3), np.float32)})
    np.testing.assert_array_equal(y, [[2, 2, 2]])
    o = flowgate.SessionOptions()
    o.opt_level = 2
    session(models.add_model(), sess_options=o)
    o.backend = "llvm"
    with pytest.raises(flowgate.InvalidArgument, match="backend 'llvm' needs the cargo feature `llvm`"):
        session(models.add_model(), sess_options=o)
    o.backend = "tpu"
    with pytest.raises(flowgate.InvalidArgument, match="backend 'tpu' is not available"):
        session(models.add_model(), sess_options=o)
    o = flowgate.SessionOptions()
    o.opt_level = 7
    with pytest.raises(flowgate.InvalidArgument):
        session(models.add_model(), sess_options=o)


def test_providers():
    session(models.add_model(), providers=["CPUExecutionProvider"])
    session(models.add_model(), providers=[("CPUExecutionProvider", {"arena_extend_strategy": "kSameAsRequested"})])
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        session(models.add_model(), providers=["CUDAExecutionProvider", "CPUExecutionProvider"])
    assert any("CUDAExecutionProvider" in str(x.message) for x in w)
    with pytest.raises(ValueError, match="unknown execution provider 'Nonsense'"):
        session(models.add_model(), providers=["Nonsense"])
    with pytest.raises(ValueError):
        session(models.add_model(), providers="CPUExecutionProvider")


def test_no_values_leak():
    s = session(models.sequence_model())
    a, b = np.array([1, 2], np.float32), np.array([3, 4, 5], np.float32)
    s.run(None, {"a": a, "b": b})
    before = flowgate._flowgate.live_values()
    for _ in range(20):
        out = s.run(None, {"a": a, "b": b})
        del out
    assert flowgate._flowgate.live_values() == before
