#!/usr/bin/env python3
"""Control-flow models: Flowgate (onnx-run, JIT) against onnxruntime (CPU, one thread), on the
same models and inputs in one run. Run time and compile time (vs. session creation) are
reported apart, with ratios (ORT / Flowgate: above 1 means Flowgate is faster).

    cargo build --release -p onnx-run
    python3 bench/onnx/cf_vs_ort.py [--onnx-run target/release/onnx-run] [--repeat 20]

Needs `pip install onnx onnxruntime numpy`. Each case is a model directory with
test_data_set_0 (the corpus layout); the memory model also runs with M = 10^4 and 10^6.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
import onnx
import onnxruntime as ort
from onnx import numpy_helper

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
CASES = [
    "testdata/onnx-cf/mamba_selective_scan_scan",
    "testdata/onnx-cf/mamba_selective_scan_loop",
    "testdata/onnx-cf/rnn_tanh_scan",
    "testdata/onnx-cf/rnn_tanh_loop",
    "testdata/onnx-cf/loop_while_collatz",
    "testdata/onnx-backend-cf/test_range_float_type_positive_delta_expanded",
    "testdata/onnx-backend-cf/test_loop13_seq",
]


def load_inputs(model_path, data_dir):
    m = onnx.load(model_path)
    inits = {i.name for i in m.graph.initializer}
    names = [i.name for i in m.graph.input if i.name not in inits]
    feeds = {}
    for k, n in enumerate(names):
        p = os.path.join(data_dir, f"input_{k}.pb")
        t = onnx.TensorProto()
        with open(p, "rb") as f:
            data = f.read()
        try:
            t.ParseFromString(data)
            feeds[n] = numpy_helper.to_array(t)
        except Exception:
            s = onnx.SequenceProto()
            s.ParseFromString(data)
            feeds[n] = [numpy_helper.to_array(x) for x in s.tensor_values]
    return feeds


def time_ort(model_path, feeds, repeat):
    so = ort.SessionOptions()
    so.intra_op_num_threads = 1
    so.inter_op_num_threads = 1
    t0 = time.perf_counter()
    sess = ort.InferenceSession(model_path, so, providers=["CPUExecutionProvider"])
    create = time.perf_counter() - t0
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        sess.run(None, feeds)
        runs.append(time.perf_counter() - t0)
    return create, statistics.median(runs)


def time_flowgate(exe, model_path, data_dir, repeat):
    out = subprocess.run(
        [exe, model_path, "--test-data", data_dir, "--repeat", str(repeat), "--time"],
        capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise RuntimeError(out.stdout + out.stderr)
    comp = float(re.search(r"compile: ([0-9.]+) ms", out.stderr).group(1)) / 1e3
    run = float(re.search(r"run: median ([0-9.]+) ms", out.stderr).group(1)) / 1e3
    return comp, run


def fmt(s):
    return f"{s * 1e3:.3f} ms" if s >= 1e-3 else f"{s * 1e6:.1f} us"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--onnx-run", default=os.path.join(ROOT, "target/release/onnx-run"))
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    rows = []
    cases = [(c, os.path.join(ROOT, c, "model.onnx"), os.path.join(ROOT, c, "test_data_set_0")) for c in CASES]
    tmp = tempfile.mkdtemp()
    for m in (10_000, 1_000_000):
        d = os.path.join(tmp, f"M{m}")
        os.makedirs(d)
        with open(os.path.join(d, "input_0.pb"), "wb") as f:
            f.write(numpy_helper.from_array(np.array(m, dtype=np.int64)).SerializeToString())
        # onnx-run compares outputs: let onnxruntime write the expected one.
        model = os.path.join(ROOT, "testdata/memory/model.onnx")
        sess = ort.InferenceSession(model, providers=["CPUExecutionProvider"])
        (acc,) = sess.run(None, {"M": np.array(m, dtype=np.int64)})
        with open(os.path.join(d, "output_0.pb"), "wb") as f:
            f.write(numpy_helper.from_array(acc).SerializeToString())
        cases.append((f"memory loop [256] x {m}", model, d))
    print(f"{'case':58} {'flowgate run':>13} {'ort run':>13} {'ratio':>7} {'compile':>11} {'ort session':>12} {'ratio':>7}")
    for name, model, data in cases:
        rep = args.repeat if "1000000" not in data else 3
        feeds = load_inputs(model, data)
        fc, fr = time_flowgate(args.onnx_run, model, data, rep)
        oc, orr = time_ort(model, feeds, rep)
        rows.append((name, fr, orr, fc, oc))
        print(f"{name:58} {fmt(fr):>13} {fmt(orr):>13} {orr / fr:6.2f}x {fmt(fc):>11} {fmt(oc):>12} {oc / fc:6.2f}x")
        sys.stdout.flush()
    geo = statistics.geometric_mean([r[2] / r[1] for r in rows])
    print(f"geometric mean of run-time ratios (ORT / Flowgate): {geo:.2f}x")


if __name__ == "__main__":
    main()
