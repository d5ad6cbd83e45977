"""onnx's own backend test runner (onnx.backend.test.BackendTest, onnx==1.23.2) against
flowgate.backend, on the node tests Flowgate supports: the control-flow tests (Loop, Scan, If;
testdata/onnx-backend-cf lists them) and the single-op tests of the ops beyond control flow
(testdata/onnx-node lists them; generate.py there says which ops). The runner builds each model
and its data from onnx's test-case generators, as the suite defines them, not from our copies."""

import re

import onnx.backend.test

import flowgate.backend
from conftest import TESTDATA

# onnx 1.23.2's runner compares a sequence output item by item by calling itself with single
# arrays in place of lists of outputs, so a rank-0 item fails `len()` (a TypeError in the runner,
# whatever the backend returns). Flowgate's output is right: test_testdata.py checks this case
# against the stored outputs (testdata/onnx-backend-cf/test_loop16_seq_none).
RUNNER_BUG = ("test_loop16_seq_none",)


def supported_tests():
    names = set()
    for suite in ["onnx-backend-cf", "onnx-node"]:
        for d in (TESTDATA / suite).iterdir():
            if (d / "model.onnx").is_file() and not d.name.startswith("test_flowgate_"):
                names.add(d.name)
    return sorted(n for n in names if n not in RUNNER_BUG)


SUPPORTED = supported_tests()
backend_test = onnx.backend.test.BackendTest(flowgate.backend, __name__)
backend_test.include("^(" + "|".join(re.escape(n) for n in SUPPORTED) + ")_cpu$")
TEST_CASES = backend_test.test_cases
COLLECTED = set()
# The runner keeps every other test of the suite as a skipped one; only the supported ones are
# handed to pytest, so its count of passes is theirs alone.
for _case in TEST_CASES.values():
    for _name in [n for n in vars(_case) if n.startswith("test_")]:
        if _name.endswith("_cpu") and _name[: -len("_cpu")] in SUPPORTED:
            COLLECTED.add(_name[: -len("_cpu")])
        else:
            delattr(_case, _name)
globals().update(TEST_CASES)


def test_every_supported_test_is_collected():
    """Each listed test exists in onnx's suite (a name that matched nothing would silently not run)."""
    missing = sorted(set(SUPPORTED) - COLLECTED)
    assert not missing, f"not in onnx's backend suite: {missing}"
    assert len(COLLECTED) > 200
