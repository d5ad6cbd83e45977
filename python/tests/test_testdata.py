"""Every case of testdata/onnx-backend-cf, testdata/onnx-cf and testdata/real through
`flowgate.InferenceSession`, compared with the stored outputs within the case's tolerance
(onnx-run's defaults: rtol 1e-3, atol 1e-7 for floats; exact for integers and bools)."""

import pytest

import flowgate
from conftest import SUITES, assert_close, cases, data_sets, expected_of, feed_of, tolerance

CASES = [pytest.param(c, id=f"{s}/{c.name}") for s in SUITES for c in cases(s)]


@pytest.mark.parametrize("case", CASES)
def test_case(case):
    sess = flowgate.InferenceSession(str(case / "model.onnx"))
    rtol, atol = tolerance(case)
    sets = data_sets(case)
    assert sets, f"{case} has no test_data_set_*"
    for ds in sets:
        actual = sess.run(None, feed_of(case, ds))
        expected = expected_of(case, ds)
        assert len(actual) == len(expected)
        for k, (a, e) in enumerate(zip(actual, expected)):
            assert_close(a, e, rtol, atol, f"{ds.name} output {k} ('{sess.get_outputs()[k].name}')")
