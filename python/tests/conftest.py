"""Shared helpers: the repository's test cases (model.onnx and test_data_set_K/{input,output}_I.pb,
as `onnx-run --backend-tests` reads them) and the comparison onnx-run makes."""

import json
import os
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
TESTDATA = ROOT / "testdata"
SUITES = ["onnx-backend-cf", "onnx-cf", "real"]

# DESIGN.md §8, as crates/driver/src/tolerance.rs.
DEFAULT_RTOL = 1e-3
DEFAULT_ATOL = 1e-7


def cases(suite):
    """The test directories of `testdata/<suite>` (those holding a model.onnx), sorted."""
    d = TESTDATA / suite
    return sorted(p for p in d.iterdir() if (p / "model.onnx").is_file())


def data_sets(case):
    return sorted(p for p in case.iterdir() if p.is_dir() and p.name.startswith("test_data_set_"))


def tolerance(case):
    f = case / "tolerance.json"
    t = json.loads(f.read_text()) if f.is_file() else {}
    return t.get("rtol", DEFAULT_RTOL), t.get("atol", DEFAULT_ATOL)


def read_pb(path, kind):
    """A .pb file as Python values: TensorProto -> ndarray, SequenceProto -> list,
    OptionalProto -> value or None; `kind` from the graph's declared type."""
    import onnx
    from onnx import numpy_helper

    data = path.read_bytes()
    if kind == "sequence_type":
        p = onnx.SequenceProto()
        p.ParseFromString(data)
        return numpy_helper.to_list(p)
    if kind == "optional_type":
        p = onnx.OptionalProto()
        p.ParseFromString(data)
        return numpy_helper.to_optional(p)
    p = onnx.TensorProto()
    p.ParseFromString(data)
    return numpy_helper.to_array(p)


def graph_of(case):
    import onnx

    return onnx.load(str(case / "model.onnx"), load_external_data=False).graph


def feed_of(case, data_set):
    """The feed for one data set: input files in graph-input order, as onnx-run takes them (an
    input with an initializer takes the next file only if there is one left)."""
    g = graph_of(case)
    inits = {t.name for t in g.initializer}
    feed = {}
    k = 0
    for arg in g.input:
        f = data_set / f"input_{k}.pb"
        if arg.name in inits and not f.exists():
            continue
        feed[arg.name] = read_pb(f, arg.type.WhichOneof("value"))
        k += 1
    return feed


def expected_of(case, data_set):
    g = graph_of(case)
    return [read_pb(data_set / f"output_{k}.pb", o.type.WhichOneof("value")) for k, o in enumerate(g.output)]


def assert_close(actual, expected, rtol, atol, what="output"):
    """onnx-run's comparison: same kind, dtype and shape; floats within rtol/atol (NaN equal to
    NaN), integers and bools exactly."""
    if expected is None:
        assert actual is None, f"{what}: expected an empty optional, got {type(actual).__name__}"
        return
    if isinstance(expected, list):
        assert isinstance(actual, list), f"{what}: expected a list (sequence), got {type(actual).__name__}"
        assert len(actual) == len(expected), f"{what}: sequence length {len(actual)}, expected {len(expected)}"
        for i, (a, e) in enumerate(zip(actual, expected)):
            assert_close(a, e, rtol, atol, f"{what} item {i}")
        return
    expected = np.asarray(expected)
    assert isinstance(actual, np.ndarray), f"{what}: expected an ndarray, got {type(actual).__name__}"
    assert actual.dtype == expected.dtype, f"{what}: dtype {actual.dtype}, expected {expected.dtype}"
    assert actual.shape == expected.shape, f"{what}: shape {actual.shape}, expected {expected.shape}"
    if expected.dtype.kind == "f" or str(expected.dtype) == "bfloat16":
        np.testing.assert_allclose(
            actual.astype(np.float64), expected.astype(np.float64), rtol=rtol, atol=atol, equal_nan=True, err_msg=what
        )
    else:
        np.testing.assert_array_equal(actual, expected, err_msg=what)


@pytest.fixture(scope="session")
def flowgate():
    import flowgate as fg

    return fg


def onnxruntime_or_none():
    try:
        import onnxruntime

        return onnxruntime
    except ImportError:
        return None


os.environ.setdefault("FLOWGATE_TESTDATA", str(TESTDATA))
