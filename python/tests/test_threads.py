"""One session is used from several threads at once, and `run` releases the GIL."""

import threading
import time

import numpy as np

import flowgate
import models
from conftest import TESTDATA, assert_close, data_sets, expected_of, feed_of, tolerance


def run_in_threads(worker, n):
    """Runs worker(0) ... worker(n-1) on n threads at once; the first error any raised fails
    the test."""
    errors = []

    def guarded(k):
        try:
            worker(k)
        except BaseException as e:  # reported by the main thread
            errors.append(e)

    threads = [threading.Thread(target=guarded, args=(k,)) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[0]


def test_one_session_many_threads_real_model():
    """8 threads share one session of a real model (silero VAD, an If over LSTM state) and run
    its data sets in different orders; every result matches the stored outputs."""
    case = TESTDATA / "real" / "silero_vad_v6"
    sess = flowgate.InferenceSession(str(case / "model.onnx"))
    rtol, atol = tolerance(case)
    sets = [(feed_of(case, d), expected_of(case, d)) for d in data_sets(case)]

    def worker(k):
        for r in range(6):
            feed, want = sets[(k + r) % len(sets)]
            got = sess.run(None, feed)
            for g, w in zip(got, want):
                assert_close(g, w, rtol, atol)

    run_in_threads(worker, 8)


def test_loop_model_many_threads_distinct_results():
    sess = flowgate.InferenceSession(models.loop_sum_model().SerializeToString())
    results = {}

    def worker(k):
        out = []
        for r in range(20):
            n = 10 * k + r
            (s,) = sess.run(None, {"n": np.array(n, np.int64), "init": np.array(k, np.float64), "step": np.array(0.5)})
            out.append((n, float(s)))
        results[k] = out

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == list(range(8))
    for k, out in results.items():
        for n, s in out:
            assert s == k + 0.5 * n


def test_run_releases_the_gil():
    """While one thread is inside `run` (a long Loop), the main thread keeps running Python:
    it records times strictly between the worker's time stamps taken right before and right
    after `run`, which could not happen if `run` held the GIL."""
    sess = flowgate.InferenceSession(models.loop_sum_model().SerializeToString())
    feed = {"n": np.array(3_000_000, np.int64), "init": np.array(0.0), "step": np.array(1.0)}
    span = {}

    def worker():
        span["start"] = time.perf_counter()
        (s,) = sess.run(None, feed)
        span["end"] = time.perf_counter()
        span["sum"] = float(s)

    t = threading.Thread(target=worker)
    ticks = []
    t.start()
    while t.is_alive():
        ticks.append(time.perf_counter())
    t.join()
    assert span["sum"] == 3_000_000.0
    inside = [x for x in ticks if span["start"] < x < span["end"]]
    assert len(inside) > 100, f"the main thread ran {len(inside)} times while run() ran"


def test_threads_specializing_one_session_at_once():
    """8 threads run one session with 4 different input shapes at once: each new shape compiles
    a specialization while others run (the cache's lock is not held while compiling); every
    result is right and each shape is kept once."""
    sess = flowgate.InferenceSession(models.add_model().SerializeToString())

    def worker(k):
        for r in range(10):
            n = 1 + (k + r) % 4
            x = np.full((n, 3), k + r, np.float32)
            (y,) = sess.run(None, {"x": x})
            np.testing.assert_array_equal(y, x + 1)

    run_in_threads(worker, 8)
    assert sess._sess.specializations() == 4
