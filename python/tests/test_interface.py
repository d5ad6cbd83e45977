"""onnxruntime's InferenceSession interface: construction, NodeArg, metadata, run's arguments
and return values, options, providers."""

import pathlib
import warnings

import numpy as np
import pytest

import flowgate
import models
from onnx import TensorProto as T
from onnx import helper as h
from conftest import TESTDATA, onnxruntime_or_none


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
    # Declared without a shape; Reshape's shape input has 2 elements, so the output has rank 2.
    assert s.get_outputs()[0].shape == [None, None]


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
    o.backend = "cranelift"
    o.opt_level = 1  # an -O level, but not one Cranelift has
    with pytest.raises(flowgate.InvalidArgument, match="unknown optimization level '-O1'"):
        session(models.add_model(), sess_options=o)


def test_session_options_refuse_unknown_names_and_bad_values():
    o = flowgate.SessionOptions()
    with pytest.raises(AttributeError, match="no attribute 'intra_op_num_thread'"):
        o.intra_op_num_thread = 2
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        o.nonsense
    for name, value, error in [
        ("intra_op_num_threads", -1, ValueError),
        ("intra_op_num_threads", 1.5, TypeError),
        ("intra_op_num_threads", "4", TypeError),
        ("backend", "tpu", ValueError),
        ("opt_level", 7, ValueError),
        ("opt_level", "-O2", ValueError),
        ("specialize", 1, TypeError),
        ("compiled_tensors", "no", TypeError),
        ("graph_optimization_level", 5, ValueError),
        ("stack_size", 0, ValueError),
        ("cache_dir", 3, TypeError),
        ("log_severity_level", 9, ValueError),
        ("enable_profiling", None, TypeError),
    ]:
        with pytest.raises(error, match=name):
            setattr(o, name, value)
    # Nothing was changed by the refused values.
    assert o.intra_op_num_threads == 0 and o.backend == "cranelift" and o.opt_level is None
    assert o.specialize is True and o.cache_dir is None and o.stack_size == 64 << 20
    # Good values, as onnxruntime and Flowgate spell them.
    o.intra_op_num_threads = np.int64(3)
    o.opt_level = "2"
    o.cache_dir = pathlib.Path("/tmp/flowgate-cache")
    o.specialize = np.bool_(False)
    o.graph_optimization_level = flowgate.GraphOptimizationLevel.ORT_ENABLE_BASIC
    o.execution_mode = flowgate.ExecutionMode.ORT_PARALLEL
    o.log_severity_level = 3
    o.enable_mem_pattern = False
    assert (o.intra_op_num_threads, o.opt_level, o.cache_dir, o.specialize) == (3, 2, "/tmp/flowgate-cache", False)
    assert type(o.intra_op_num_threads) is int and type(o.specialize) is bool
    assert "cache_dir" in dir(o) and "specialize" in repr(o)
    session(models.add_model(), sess_options=o)


def test_specialization_follows_the_option():
    """On (the default): one compile per new set of input shapes, up to the limit of 8, after
    which the symbolic code serves; off, or with only static input shapes: none."""
    s = session(models.add_model())
    assert s.get_session_options().specialize is True
    for n in [1, 2, 1, 2, 3]:
        (y,) = s.run(None, {"x": np.full((n, 3), n, np.float32)})
        np.testing.assert_array_equal(y, np.full((n, 3), n + 1, np.float32))
    assert s._sess.specializations() == 3
    for n in range(4, 14):
        (y,) = s.run(None, {"x": np.full((n, 3), n, np.float32)})
        np.testing.assert_array_equal(y, np.full((n, 3), n + 1, np.float32))
    assert s._sess.specializations() == 8
    o = flowgate.SessionOptions()
    o.specialize = False
    s = session(models.add_model(), sess_options=o)
    for n in [1, 2]:
        s.run(None, {"x": np.ones((n, 3), np.float32)})
    assert s._sess.specializations() == 0
    static = models.model(
        [h.make_node("Neg", ["x"], ["y"], name="neg0")],
        [h.make_tensor_value_info("x", T.FLOAT, [2])],
        [h.make_tensor_value_info("y", T.FLOAT, [2])],
    )
    s = session(static)
    s.run(None, {"x": np.ones(2, np.float32)})
    assert s._sess.specializations() == 0


def test_output_shapes_are_inferred():
    """Declared shapes merged with shape inference, as onnxruntime merges them: an inferred
    size replaces a declared name or None; an undeclared shape is the inferred one, with the
    input's symbolic names where a dimension is an input's; a declared name stays."""
    m = models.model(
        [
            h.make_node("Add", ["x", "b"], ["y"], name="add0"),
            h.make_node("Transpose", ["x"], ["t"], name="t0"),
            h.make_node("Concat", ["x", "x"], ["c"], name="c0", axis=0),
        ],
        [h.make_tensor_value_info("x", T.FLOAT, ["N", 3]), h.make_tensor_value_info("b", T.FLOAT, [1, 3])],
        [
            h.make_tensor_value_info("y", T.FLOAT, ["M", "K"]),
            h.make_tensor_value_info("t", T.FLOAT, None),
            h.make_tensor_value_info("c", T.FLOAT, [None, None]),
        ],
    )
    shapes = [o.shape for o in session(m).get_outputs()]
    assert shapes == [["M", 3], [3, "N"], [None, 3]]
    ort = onnxruntime_or_none()
    if ort is not None:
        assert shapes == [o.shape for o in ort.InferenceSession(m.SerializeToString()).get_outputs()]


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


def test_intra_op_num_threads_sets_the_kernels_thread_count():
    """Wired to the runtime's count (onnx-run's --threads), which is the process's: a non-zero
    count sets it, 0 leaves it; results are the same at any count."""
    before = flowgate._flowgate.num_threads()
    assert before >= 1
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    try:
        for n in [3, 1]:
            o = flowgate.SessionOptions()
            o.intra_op_num_threads = n
            s = session(models.add_model(), sess_options=o)
            assert flowgate._flowgate.num_threads() == n
            np.testing.assert_array_equal(s.run(None, {"x": x})[0], x + 1)
        session(models.add_model())  # intra_op_num_threads = 0
        assert flowgate._flowgate.num_threads() == 1
    finally:
        o = flowgate.SessionOptions()
        o.intra_op_num_threads = before
        session(models.add_model(), sess_options=o)
    assert flowgate._flowgate.num_threads() == before


def test_cache_dir_keeps_compiled_models(tmp_path):
    """cache_dir is onnx-run's --cache-dir: the first session stores the symbolic code and each
    specialization; a second session of the same model finds them all (no new entry)."""

    def entries():
        return sorted(p.name for p in tmp_path.rglob("*") if p.is_file())

    o = flowgate.SessionOptions()
    o.cache_dir = tmp_path
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    s = session(models.add_model(), sess_options=o)
    assert len(entries()) == 1, entries()
    np.testing.assert_array_equal(s.run(None, {"x": x})[0], x + 1)
    stored = entries()
    assert len(stored) == 2, stored
    s = session(models.add_model(), sess_options=o)
    np.testing.assert_array_equal(s.run(None, {"x": x})[0], x + 1)
    assert entries() == stored
    o.specialize = False
    other = tmp_path / "other"
    o.cache_dir = str(other)
    session(models.add_model(), sess_options=o)
    assert len([p for p in other.rglob("*") if p.is_file()]) == 1
