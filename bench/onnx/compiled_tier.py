#!/usr/bin/env python3
"""The compiled-tensor tier on the loops it is for: a Scan cumulative sum with a [1] state
(10^6 steps, with and without the stacked scan output) and a Scan RNN with h [1,64] over
T = 1000 steps. Side by side in one run: onnx-run with the tier (the default) and without it
(--no-compiled-tensors), onnxruntime with one thread, and the same computation in C (gcc -O2).
Outputs are checked to agree (onnx-run compares against onnxruntime's; C against numpy).

    cargo build --release -p onnx-run
    pip install onnx==1.23.2 onnxruntime numpy
    python3 bench/onnx/compiled_tier.py [--onnx-run target/release/onnx-run] [--repeat 5]

Prints one table of medians with the ratios Flowgate/C and ORT/Flowgate.
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
from onnx import TensorProto, helper, numpy_helper

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
F32 = TensorProto.FLOAT


def cumsum_model(n, scan_output):
    """Scan: s = s + x_t with s [1], x [n, 1]."""
    outs = [helper.make_tensor_value_info("s_out", F32, [1])]
    nodes = [helper.make_node("Add", ["s_in", "x_t"], ["s_out"])]
    if scan_output:
        nodes.append(helper.make_node("Identity", ["s_out"], ["y_t"]))
        outs.append(helper.make_tensor_value_info("y_t", F32, [1]))
    body = helper.make_graph(nodes, "body", [helper.make_tensor_value_info("s_in", F32, [1]),
                                             helper.make_tensor_value_info("x_t", F32, [1])], outs)
    gouts = [helper.make_tensor_value_info("s", F32, [1])]
    names = ["s"]
    if scan_output:
        gouts.append(helper.make_tensor_value_info("ys", F32, [n, 1]))
        names.append("ys")
    scan = helper.make_node("Scan", ["s0", "x"], names, body=body, num_scan_inputs=1)
    g = helper.make_graph([scan], "cumsum", [helper.make_tensor_value_info("s0", F32, [1]),
                                             helper.make_tensor_value_info("x", F32, [n, 1])], gouts)
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", 17)])


def rnn_model(t, h, rng):
    """Scan: h = tanh(x_t @ W + h @ U + b), h [1, H], x [T, 1, H]; last h and all of them."""
    w = rng.uniform(-0.3, 0.3, [h, h]).astype(np.float32)
    u = rng.uniform(-0.3, 0.3, [h, h]).astype(np.float32)
    b = rng.uniform(-0.1, 0.1, [h]).astype(np.float32)
    inits = [numpy_helper.from_array(w, "W"), numpy_helper.from_array(u, "U"), numpy_helper.from_array(b, "B")]
    nodes = [
        helper.make_node("MatMul", ["x_t", "W"], ["xw"]),
        helper.make_node("MatMul", ["h_in", "U"], ["hu"]),
        helper.make_node("Add", ["xw", "hu"], ["s1"]),
        helper.make_node("Add", ["s1", "B"], ["s2"]),
        helper.make_node("Tanh", ["s2"], ["h_out"]),
        helper.make_node("Identity", ["h_out"], ["y_t"]),
    ]
    body = helper.make_graph(nodes, "body", [helper.make_tensor_value_info("h_in", F32, [1, h]),
                                             helper.make_tensor_value_info("x_t", F32, [1, h])],
                             [helper.make_tensor_value_info("h_out", F32, [1, h]),
                              helper.make_tensor_value_info("y_t", F32, [1, h])])
    scan = helper.make_node("Scan", ["h0", "x"], ["h", "hs"], body=body, num_scan_inputs=1)
    g = helper.make_graph([scan], "rnn", [helper.make_tensor_value_info("h0", F32, [1, h]),
                                          helper.make_tensor_value_info("x", F32, [t, 1, h])],
                          [helper.make_tensor_value_info("h", F32, [1, h]),
                           helper.make_tensor_value_info("hs", F32, [t, 1, h])], initializer=inits)
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", 17)]), (w, u, b)


C_CUMSUM = r"""
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  long n = atol(argv[1]); int reps = atoi(argv[2]); int out = atoi(argv[3]);
  float *x = malloc(n * sizeof(float)), *ys = malloc(n * sizeof(float));
  FILE *f = fopen(argv[4], "rb"); if (fread(x, sizeof(float), n, f) != (size_t)n) return 1; fclose(f);
  double best[64]; float s = 0;
  for (int r = 0; r < reps; r++) {
    double t0 = now();
    s = 0;
    for (long i = 0; i < n; i++) { s += x[i]; if (out) ys[i] = s; }
    best[r] = now() - t0;
  }
  for (int i = 0; i < reps; i++) for (int j = i + 1; j < reps; j++) if (best[j] < best[i]) { double t = best[i]; best[i] = best[j]; best[j] = t; }
  printf("%.9f %.9g %.9g\n", best[reps / 2], s, out ? ys[n / 2] : 0.0f);
  return 0;
}
"""

C_RNN = r"""
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int T = atoi(argv[1]), H = atoi(argv[2]), reps = atoi(argv[3]);
  float *buf = malloc(sizeof(float) * (T * H + 2 * H * H + H));
  FILE *f = fopen(argv[4], "rb"); if (fread(buf, sizeof(float), T * H + 2 * H * H + H, f) != (size_t)(T * H + 2 * H * H + H)) return 1; fclose(f);
  float *x = buf, *W = x + T * H, *U = W + H * H, *B = U + H * H;
  float *h = calloc(H, sizeof(float)), *hn = calloc(H, sizeof(float)), *hs = malloc(sizeof(float) * T * H);
  double best[64];
  for (int r = 0; r < reps; r++) {
    double t0 = now();
    for (int j = 0; j < H; j++) h[j] = 0;
    for (int t = 0; t < T; t++) {
      for (int j = 0; j < H; j++) {
        float acc = 0, acc2 = 0;
        for (int k = 0; k < H; k++) { acc += x[t * H + k] * W[k * H + j]; acc2 += h[k] * U[k * H + j]; }
        hn[j] = tanhf(acc + acc2 + B[j]);
      }
      for (int j = 0; j < H; j++) { h[j] = hn[j]; hs[t * H + j] = hn[j]; }
    }
    best[r] = now() - t0;
  }
  for (int i = 0; i < reps; i++) for (int j = i + 1; j < reps; j++) if (best[j] < best[i]) { double t = best[i]; best[i] = best[j]; best[j] = t; }
  printf("%.9f %.9g\n", best[reps / 2], h[0]);
  return 0;
}
"""


def write_case(d, model, feeds):
    os.makedirs(os.path.join(d, "test_data_set_0"), exist_ok=True)
    path = os.path.join(d, "model.onnx")
    onnx.save(model, path)
    so = ort.SessionOptions()
    so.intra_op_num_threads = 1
    so.inter_op_num_threads = 1
    sess = ort.InferenceSession(path, so, providers=["CPUExecutionProvider"])
    outs = sess.run(None, feeds)
    for k, (name, v) in enumerate(feeds.items()):
        with open(os.path.join(d, "test_data_set_0", f"input_{k}.pb"), "wb") as f:
            f.write(numpy_helper.from_array(v, name).SerializeToString())
    for k, v in enumerate(outs):
        with open(os.path.join(d, "test_data_set_0", f"output_{k}.pb"), "wb") as f:
            f.write(numpy_helper.from_array(v).SerializeToString())
    return path, sess, outs


def time_ort(sess, feeds, repeat):
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        sess.run(None, feeds)
        runs.append(time.perf_counter() - t0)
    return statistics.median(runs)


def time_flowgate(exe, model, data, repeat, extra):
    out = subprocess.run([exe, model, "--test-data", data, "--repeat", str(repeat), "--time"] + extra,
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise RuntimeError(out.stdout + out.stderr)
    return float(re.search(r"run: median ([0-9.]+) ms", out.stderr).group(1)) / 1e3


def run_c(src, tmp, name, args):
    c = os.path.join(tmp, name + ".c")
    exe = os.path.join(tmp, name)
    with open(c, "w") as f:
        f.write(src)
    subprocess.run(["gcc", "-O2", "-o", exe, c, "-lm"], check=True)
    out = subprocess.run([exe] + [str(a) for a in args], capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), [float(v) for v in out[1:]]


def fmt(s):
    return f"{s * 1e3:.3f} ms" if s >= 1e-3 else f"{s * 1e6:.1f} us"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--onnx-run", default=os.path.join(ROOT, "target/release/onnx-run"))
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    rng = np.random.default_rng(7)
    tmp = tempfile.mkdtemp()
    rows = []
    n = 1_000_000
    x = rng.uniform(-1, 1, [n, 1]).astype(np.float32)
    xbin = os.path.join(tmp, "x.bin")
    x.tofile(xbin)
    for scan_out in (False, True):
        name = "scan_cumsum [1] x 10^6" + (" + scan output" if scan_out else "")
        d = os.path.join(tmp, f"cumsum{int(scan_out)}")
        feeds = {"s0": np.zeros([1], np.float32), "x": x}
        model, sess, outs = write_case(d, cumsum_model(n, scan_out), feeds)
        c_time, c_vals = run_c(C_CUMSUM, tmp, "cumsum", [n, args.repeat, int(scan_out), xbin])
        assert abs(c_vals[0] - outs[0][0]) <= 1e-3 * max(1.0, abs(outs[0][0])), (c_vals, outs[0])
        rows.append((name, model, os.path.join(d, "test_data_set_0"), sess, feeds, c_time))
    t, h = 1000, 64
    m, (w, u, b) = rnn_model(t, h, rng)
    xr = rng.uniform(-1, 1, [t, 1, h]).astype(np.float32)
    feeds = {"h0": np.zeros([1, h], np.float32), "x": xr}
    d = os.path.join(tmp, "rnn")
    model, sess, outs = write_case(d, m, feeds)
    rbin = os.path.join(tmp, "rnn.bin")
    np.concatenate([xr.ravel(), w.ravel(), u.ravel(), b]).astype(np.float32).tofile(rbin)
    c_time, c_vals = run_c(C_RNN, tmp, "rnn_c", [t, h, args.repeat, rbin])
    assert abs(c_vals[0] - outs[0][0, 0]) <= 1e-3, (c_vals, outs[0][0, 0])
    rows.append((f"scan_rnn h [1,{h}] T={t}", model, os.path.join(d, "test_data_set_0"), sess, feeds, c_time))
    print(f"{'case':36} {'tier on':>11} {'tier off':>11} {'ORT':>11} {'C -O2':>11} {'on/C':>8} {'ORT/on':>8} {'off/on':>8}")
    for name, model, data, sess, feeds, c_time in rows:
        on = time_flowgate(args.onnx_run, model, data, args.repeat, [])
        off = time_flowgate(args.onnx_run, model, data, args.repeat, ["--no-compiled-tensors"])
        o = time_ort(sess, feeds, args.repeat)
        print(f"{name:36} {fmt(on):>11} {fmt(off):>11} {fmt(o):>11} {fmt(c_time):>11} "
              f"{on / c_time:7.1f}x {o / on:7.2f}x {off / on:7.2f}x")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
