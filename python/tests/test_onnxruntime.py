"""Flowgate and onnxruntime side by side on the same feeds, for every case of the three
suites that onnxruntime loads: the same NodeArgs (output shapes as inferred) and metadata, outputs within the case's
tolerance. Cases onnxruntime refuses (newer opsets than it supports) are reported as skipped."""

import pytest

import flowgate
from conftest import SUITES, assert_close, cases, data_sets, feed_of, onnxruntime_or_none, tolerance

ort = onnxruntime_or_none()
pytestmark = pytest.mark.skipif(ort is None, reason="onnxruntime is not installed")

# Output shapes where Flowgate's shape inference and onnxruntime's (ONNX's) know different
# things: case -> output -> (Flowgate's shape, onnxruntime's shape); 8 of the 658 outputs of
# testdata/real and testdata/onnx-cf. Flowgate has no result type rules for LSTM or the ops of
# the LOF models, so it keeps the declared shape there; it knows a size onnxruntime does not
# where it reads constant operands (stacked, keypoints, masks: the declared name stays in
# onnxruntime); and its IR does not keep the names a Loop body declares for its outputs.
OUTPUT_SHAPE_DIFFERENCES = {
    "silero_vad_16k_sequence": {
        "hn": ([1, "LSTMhn_dim_1", 128], [1, 1, 128]),
        "cn": ([1, "LSTMhn_dim_1", 128], [1, 1, 128]),
    },
    "skl_lof_breast_cancer_f32": {"score_samples": ([], [None, 1])},
    "skl_lof_breast_cancer_f64": {"score_samples": ([], [None, 1])},
    "loop_scan_zero_trips_symbolic_dims": {"ys": ([None, "p", "q"], [None, "a", "b"])},
    "seq_insert_at_erase": {"stacked": ([3, 3], [3, None])},
    "tv_keypointrcnn_tiny": {
        "keypoints": (
            ["Concatkeypoints_dim_0", "Concatkeypoints_dim_1", 3],
            ["Concatkeypoints_dim_0", "Concatkeypoints_dim_1", "Concatkeypoints_dim_2"],
        )
    },
    "tv_maskrcnn_tiny": {
        "masks": (
            ["Unsqueezemasks_dim_0", 1, "Unsqueezemasks_dim_2", "Unsqueezemasks_dim_3"],
            ["Unsqueezemasks_dim_0", "Unsqueezemasks_dim_1", "Unsqueezemasks_dim_2", "Unsqueezemasks_dim_3"],
        )
    },
}

CASES = [pytest.param(c, id=f"{s}/{c.name}") for s in SUITES for c in cases(s)]


@pytest.mark.parametrize("case", CASES)
def test_same_as_onnxruntime(case):
    path = str(case / "model.onnx")
    try:
        ref = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    except Exception as e:  # noqa: BLE001 - onnxruntime's own refusal, not ours
        pytest.skip(f"{case.name}: onnxruntime refuses the model: {str(e).splitlines()[0][:200]}")
    sess = flowgate.InferenceSession(path, providers=["CPUExecutionProvider"])
    def args(xs):
        return [(a.name, a.type, a.shape) for a in xs]

    assert args(sess.get_inputs()) == args(ref.get_inputs())
    assert args(sess.get_overridable_initializers()) == args(ref.get_overridable_initializers())
    # Output shapes included: both merge the declared shapes with what shape inference finds;
    # where the two inferences know different things, the table says what each reports.
    ours, theirs = args(sess.get_outputs()), args(ref.get_outputs())
    known = OUTPUT_SHAPE_DIFFERENCES.get(case.name, {})
    assert len(ours) == len(theirs)
    for (name, ty, shape), (rname, rty, rshape) in zip(ours, theirs):
        assert (name, ty) == (rname, rty)
        if name in known:
            assert (shape, rshape) == known[name], f"output '{name}': the listed difference changed"
        else:
            assert shape == rshape, f"output '{name}': Flowgate {shape}, onnxruntime {rshape}"
    m, r = sess.get_modelmeta(), ref.get_modelmeta()
    for field in ["producer_name", "graph_name", "domain", "description", "graph_description", "version", "custom_metadata_map"]:
        assert getattr(m, field) == getattr(r, field), field
    rtol, atol = tolerance(case)
    for ds in data_sets(case):
        feed = feed_of(case, ds)
        try:
            want = ref.run(None, feed)
        except Exception as e:  # noqa: BLE001
            pytest.skip(f"{case.name}: onnxruntime cannot run {ds.name}: {str(e).splitlines()[0][:200]}")
        got = sess.run(None, feed)
        for k, (g, w) in enumerate(zip(got, want)):
            assert_close(g, w, rtol, atol, f"{ds.name} output {k}")
