"""Flowgate and onnxruntime side by side on the same feeds, for every case of the three
suites that onnxruntime loads: the same NodeArgs and metadata, outputs within the case's
tolerance. Cases onnxruntime refuses (newer opsets than it supports) are reported as skipped."""

import pytest

import flowgate
from conftest import SUITES, assert_close, cases, data_sets, feed_of, onnxruntime_or_none, tolerance

ort = onnxruntime_or_none()
pytestmark = pytest.mark.skipif(ort is None, reason="onnxruntime is not installed")

CASES = [pytest.param(c, id=f"{s}/{c.name}") for s in SUITES for c in cases(s)]


@pytest.mark.parametrize("case", CASES)
def test_same_as_onnxruntime(case):
    path = str(case / "model.onnx")
    try:
        ref = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    except Exception as e:  # noqa: BLE001 - onnxruntime's own refusal, not ours
        pytest.skip(f"onnxruntime refuses the model: {str(e).splitlines()[0][:200]}")
    sess = flowgate.InferenceSession(path, providers=["CPUExecutionProvider"])
    def args(xs):
        return [(a.name, a.type, a.shape) for a in xs]

    assert args(sess.get_inputs()) == args(ref.get_inputs())
    assert args(sess.get_overridable_initializers()) == args(ref.get_overridable_initializers())
    # Output shapes: onnxruntime reports the ones its own shape inference finds, Flowgate the
    # declared ones (python/README.md); names and types are the same.
    assert [(a.name, a.type) for a in sess.get_outputs()] == [(a.name, a.type) for a in ref.get_outputs()]
    m, r = sess.get_modelmeta(), ref.get_modelmeta()
    for field in ["producer_name", "graph_name", "domain", "description", "graph_description", "version", "custom_metadata_map"]:
        assert getattr(m, field) == getattr(r, field), field
    rtol, atol = tolerance(case)
    for ds in data_sets(case):
        feed = feed_of(case, ds)
        try:
            want = ref.run(None, feed)
        except Exception as e:  # noqa: BLE001
            pytest.skip(f"onnxruntime cannot run {ds.name}: {str(e).splitlines()[0][:200]}")
        got = sess.run(None, feed)
        for k, (g, w) in enumerate(zip(got, want)):
            assert_close(g, w, rtol, atol, f"{ds.name} output {k}")
