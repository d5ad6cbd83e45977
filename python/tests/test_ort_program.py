"""An onnxruntime program (ort_program.py) runs unchanged except for its import on every model of
testdata/real; with onnxruntime installed, the same program also runs on onnxruntime and both
print the same summary."""

import types

import pytest

from pathlib import Path

from conftest import cases, data_sets, expected_of, feed_of, onnxruntime_or_none, tolerance

SOURCE = (Path(__file__).parent / "ort_program.py").read_text()
IMPORT = "import onnxruntime as ort\n"


def load_program(module_name):
    assert SOURCE.count(IMPORT) == 1
    src = SOURCE.replace(IMPORT, f"import {module_name} as ort\n")
    mod = types.ModuleType(f"ort_program_{module_name}")
    exec(compile(src, f"ort_program.py ({module_name})", "exec"), mod.__dict__)
    return mod


def data_of(case):
    sets = data_sets(case)
    return [feed_of(case, ds) for ds in sets], [expected_of(case, ds) for ds in sets]


REAL = [pytest.param(c, id=c.name) for c in cases("real")]


@pytest.mark.parametrize("case", REAL)
def test_program_runs_on_flowgate(case):
    feeds, expected = data_of(case)
    rtol, atol = tolerance(case)
    summary = load_program("flowgate").main(str(case / "model.onnx"), feeds, expected, rtol, atol)
    assert summary[-2:] == ["missing input refused: True", "wrong element type refused: True"]
    ort = onnxruntime_or_none()
    if ort is not None:
        # The program's view of the model (names, types, shapes, metadata) is the same on both.
        try:
            ref = load_program("onnxruntime").main(str(case / "model.onnx"), feeds, expected, rtol, atol)
        except ort.capi.onnxruntime_pybind11_state.Fail as e:
            pytest.fail(f"onnxruntime refuses the model (cannot compare): {e}")
        assert summary == ref
