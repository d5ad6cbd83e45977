#!/usr/bin/env python3
"""The classic control-flow shapes (issue 18), side by side in one run: Flowgate (`onnx-run`,
Cranelift, and `--backend llvm -O3` when the binary has it), onnxruntime (CPU, one thread), rten
0.27 (one thread) and the same computation written in C (`gcc -O2`). One table: median run times,
Flowgate / C, ORT / Flowgate, and Flowgate's compile time next to onnxruntime's session creation.

    cargo build --release -p onnx-run
    python3 bench/onnx/shapes.py [--onnx-run target/release/onnx-run] [--repeat 11] [--only loop_scalar,...] [--no-rten]

The script installs what it needs with pip (`onnx==1.23.2 onnxruntime numpy`) when they are
missing, and says so. It builds rten's runner, `bench/onnx/rten-runner` (a cargo project of its
own with its own lock file, outside the workspace, so rten is not part of Flowgate's build), with
`cargo build --release --locked` (crates.io is needed the first time), and says so. Outputs are
checked to agree: onnxruntime's are the reference; onnx-run compares its own (`--test-data`, rtol
1e-3, atol 1e-5), and the C program's and rten's are compared here. rten has no `Scan` operator
and no int64 tensors (its runner passes int64 inputs as int32): a model it cannot run gets its
error in the rten column, not a time.

The cases (models built here with onnx.helper, inputs seeded):
- loop_scalar: Loop(M = 10^6, "") carrying two f32 scalars, a = a * 0.9999 + b, b = b * 0.999 + 0.001;
- loop_while: while-style Loop("", cond) of an i64 LCG, x = (x * 1103515245 + 12345) Mod 2^31,
  cond = i + 1 < N, N = 10^6;
- scan_cumsum: Scan with a [1] f32 state, s = s + x_t, each s stacked; T = 10^5 and 10^6;
- if_in_loop: Loop(M = 10^5) with If(i Mod 2 == 0) choosing s * 0.999 + 1 or s - 0.5;
- rnn: Scan RNN, h [1, 64] = Tanh(x_t [1, 16] @ W + h @ U + b), T = 1000;
- mamba: Mamba's selective scan as a Scan, state [1, 256, 16], T = 256 (symbolic in the model);
- mamba_loop: the same selective scan as a Loop over L = Shape(delta)[0] whose body Gathers step i
  of each sequence input and stacks y_t as a scan output;
- seq_loop: a Loop of M = 10^4 trips carrying r [4] = r * 0.99 + x and appending r to a sequence
  it carries, then ConcatFromSequence(new_axis = 1) of the sequence ([10^4, 4]).
"""
import argparse
import importlib
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def ensure_packages():
    missing = [p for p in ("onnx", "onnxruntime", "numpy") if importlib.util.find_spec(p) is None]
    if missing:
        print(f"installing with pip: onnx==1.23.2 onnxruntime numpy (missing: {', '.join(missing)})", flush=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "onnx==1.23.2", "onnxruntime", "numpy"],
                       check=True)


ensure_packages()

import numpy as np  # noqa: E402
import onnx  # noqa: E402
import onnxruntime as ort  # noqa: E402
from onnx import TensorProto as TP  # noqa: E402
from onnx import helper as oh  # noqa: E402
from onnx import numpy_helper  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cf_vs_ort import time_ort  # noqa: E402


def vi(name, elem, shape):
    return oh.make_tensor_value_info(name, elem, shape)


def const(name, value, dtype):
    return oh.make_node("Constant", [], [name], name=name, value=numpy_helper.from_array(np.array(value, dtype=dtype)))


def model(nodes, inputs, outputs, inits=()):
    g = oh.make_graph(nodes, "main", inputs, outputs, list(inits))
    m = oh.make_model(g, opset_imports=[oh.make_opsetid("", 18)], producer_name="flowgate-bench")
    m.ir_version = 8
    onnx.checker.check_model(m, full_check=True)
    return m


def node(op, ins, outs, **attrs):
    return oh.make_node(op, ins, outs, name=outs[0], **attrs)


# -- the models ---------------------------------------------------------------------------------


def loop_scalar(n):
    body = oh.make_graph([
        const("ka", 0.9999, np.float32), const("kb", 0.999, np.float32), const("kc", 0.001, np.float32),
        node("Mul", ["a", "ka"], ["a1"]), node("Add", ["a1", "b"], ["a2"]),
        node("Mul", ["b", "kb"], ["b1"]), node("Add", ["b1", "kc"], ["b2"]),
        node("Identity", ["cin"], ["cout"]),
    ], "body", [vi("i", TP.INT64, []), vi("cin", TP.BOOL, []), vi("a", TP.FLOAT, []), vi("b", TP.FLOAT, [])],
        [vi("cout", TP.BOOL, []), vi("a2", TP.FLOAT, []), vi("b2", TP.FLOAT, [])])
    m = model([node("Loop", ["M", "", "a0", "b0"], ["a", "b"], body=body)],
              [vi("M", TP.INT64, []), vi("a0", TP.FLOAT, []), vi("b0", TP.FLOAT, [])],
              [vi("a", TP.FLOAT, []), vi("b", TP.FLOAT, [])])
    feeds = {"M": np.array(n, np.int64), "a0": np.array(0.5, np.float32), "b0": np.array(0.25, np.float32)}
    c = """
    float a = *(float *)in[1], b = *(float *)in[2]; long m = *(long *)in[0];
    for (long i = 0; i < m; i++) { float na = a * 0.9999f + b; b = b * 0.999f + 0.001f; a = na; }
    *(float *)out[0] = a; *(float *)out[1] = b;"""
    return m, feeds, c


def loop_while(n):
    body = oh.make_graph([
        const("ka", 1103515245, np.int64), const("kc", 12345, np.int64), const("km", 2**31, np.int64),
        const("one", 1, np.int64),
        node("Mul", ["x", "ka"], ["x1"]), node("Add", ["x1", "kc"], ["x2"]), node("Mod", ["x2", "km"], ["x3"]),
        node("Add", ["i", "one"], ["i1"]), node("Less", ["i1", "N"], ["cout"]),
    ], "body", [vi("i", TP.INT64, []), vi("cin", TP.BOOL, []), vi("x", TP.INT64, [])],
        [vi("cout", TP.BOOL, []), vi("x3", TP.INT64, [])])
    m = model([const("zero", 0, np.int64), node("Less", ["zero", "N"], ["c0"]),
               node("Loop", ["", "c0", "x0"], ["x"], body=body)],
              [vi("N", TP.INT64, []), vi("x0", TP.INT64, [])], [vi("x", TP.INT64, [])])
    feeds = {"N": np.array(n, np.int64), "x0": np.array(42, np.int64)}
    c = """
    long n = *(long *)in[0], x = *(long *)in[1];
    if (0 < n) { long i = 0; do { x = (x * 1103515245L + 12345L) % 2147483648L; i++; } while (i < n); }
    *(long *)out[0] = x;"""
    return m, feeds, c


def scan_cumsum(n):
    body = oh.make_graph([node("Add", ["s", "xt"], ["s2"]), node("Identity", ["s2"], ["y"])], "body",
                         [vi("s", TP.FLOAT, [1]), vi("xt", TP.FLOAT, [1])],
                         [vi("s2", TP.FLOAT, [1]), vi("y", TP.FLOAT, [1])])
    m = model([node("Scan", ["s0", "x"], ["s", "ys"], body=body, num_scan_inputs=1)],
              [vi("s0", TP.FLOAT, [1]), vi("x", TP.FLOAT, [n, 1])],
              [vi("s", TP.FLOAT, [1]), vi("ys", TP.FLOAT, [n, 1])])
    rng = np.random.default_rng(1)
    feeds = {"s0": np.zeros([1], np.float32), "x": rng.uniform(0, 1, [n, 1]).astype(np.float32)}
    c = f"""
    float s = *(float *)in[0]; const float *x = (const float *)in[1]; float *ys = (float *)out[1];
    for (long t = 0; t < {n}L; t++) {{ s = s + x[t]; ys[t] = s; }}
    *(float *)out[0] = s;"""
    return m, feeds, c


def if_in_loop(n):
    then_g = oh.make_graph([const("k1", 0.999, np.float32), const("k2", 1.0, np.float32),
                            node("Mul", ["s", "k1"], ["t1"]), node("Add", ["t1", "k2"], ["t2"])],
                           "then", [], [vi("t2", TP.FLOAT, [])])
    else_g = oh.make_graph([const("k3", 0.5, np.float32), node("Sub", ["s", "k3"], ["e1"])],
                           "else", [], [vi("e1", TP.FLOAT, [])])
    body = oh.make_graph([
        const("two", 2, np.int64), const("zero", 0, np.int64),
        node("Mod", ["i", "two"], ["p"]), node("Equal", ["p", "zero"], ["even"]),
        node("If", ["even"], ["s2"], then_branch=then_g, else_branch=else_g),
        node("Identity", ["cin"], ["cout"]),
    ], "body", [vi("i", TP.INT64, []), vi("cin", TP.BOOL, []), vi("s", TP.FLOAT, [])],
        [vi("cout", TP.BOOL, []), vi("s2", TP.FLOAT, [])])
    m = model([node("Loop", ["M", "", "s0"], ["s"], body=body)],
              [vi("M", TP.INT64, []), vi("s0", TP.FLOAT, [])], [vi("s", TP.FLOAT, [])])
    feeds = {"M": np.array(n, np.int64), "s0": np.array(0.0, np.float32)}
    c = """
    long m = *(long *)in[0]; float s = *(float *)in[1];
    for (long i = 0; i < m; i++) { if (i % 2 == 0) s = s * 0.999f + 1.0f; else s = s - 0.5f; }
    *(float *)out[0] = s;"""
    return m, feeds, c


def rnn(t, hdim=64, xdim=16):
    rng = np.random.default_rng(2)
    w = (rng.standard_normal([xdim, hdim]) / np.sqrt(xdim)).astype(np.float32)
    u = (rng.standard_normal([hdim, hdim]) / np.sqrt(hdim)).astype(np.float32)
    bias = (rng.standard_normal([hdim]) * 0.1).astype(np.float32)
    body = oh.make_graph([
        node("MatMul", ["xt", "W"], ["xw"]), node("MatMul", ["h", "U"], ["hu"]),
        node("Add", ["xw", "hu"], ["z1"]), node("Add", ["z1", "B"], ["z"]), node("Tanh", ["z"], ["h2"]),
        node("Identity", ["h2"], ["y"]),
    ], "body", [vi("h", TP.FLOAT, [1, hdim]), vi("xt", TP.FLOAT, [1, xdim])],
        [vi("h2", TP.FLOAT, [1, hdim]), vi("y", TP.FLOAT, [1, hdim])])
    inits = [numpy_helper.from_array(w, "W"), numpy_helper.from_array(u, "U"), numpy_helper.from_array(bias, "B")]
    m = model([node("Scan", ["h0", "x"], ["h", "hs"], body=body, num_scan_inputs=1)],
              [vi("h0", TP.FLOAT, [1, hdim]), vi("x", TP.FLOAT, [t, 1, xdim])],
              [vi("h", TP.FLOAT, [1, hdim]), vi("hs", TP.FLOAT, [t, 1, hdim])], inits)
    feeds = {"h0": np.zeros([1, hdim], np.float32), "x": rng.uniform(-1, 1, [t, 1, xdim]).astype(np.float32)}
    arr = lambda a: ", ".join(f"{v!r}f" for v in a.ravel().tolist())  # noqa: E731
    c = f"""
    static const float W[{xdim * hdim}] = {{{arr(w)}}};
    static const float U[{hdim * hdim}] = {{{arr(u)}}};
    static const float B[{hdim}] = {{{arr(bias)}}};
    float h[{hdim}], z[{hdim}];
    memcpy(h, in[0], sizeof h);
    const float *x = (const float *)in[1]; float *hs = (float *)out[1];
    for (long s = 0; s < {t}; s++) {{
        const float *xt = x + s * {xdim};
        for (int j = 0; j < {hdim}; j++) z[j] = 0.0f;
        for (int k = 0; k < {xdim}; k++) for (int j = 0; j < {hdim}; j++) z[j] += xt[k] * W[k * {hdim} + j];
        for (int k = 0; k < {hdim}; k++) for (int j = 0; j < {hdim}; j++) z[j] += h[k] * U[k * {hdim} + j];
        for (int j = 0; j < {hdim}; j++) h[j] = tanhf(z[j] + B[j]);
        memcpy(hs + s * {hdim}, h, sizeof h);
    }}
    memcpy(out[0], h, sizeof h);"""
    return m, feeds, c


def mamba(t, d=256, n=16):
    """Mamba's selective scan as a Scan (onnxruntime issue #27796): state [1, d, n], per step
    s = s * exp(delta_t[:, None] * A) + B_t[None, :] * x_t[:, None], y_t = sum(s * C_t, -1). The
    sequence length is symbolic (`L`), so onnx-run's shape specialization decides the tier."""
    rng = np.random.default_rng(3)
    a = -rng.uniform(0.5, 2.0, [d, n]).astype(np.float32)
    ax = lambda name, v: numpy_helper.from_array(np.array(v, np.int64), name)  # noqa: E731
    body = oh.make_graph([
        node("Unsqueeze", ["dt", "ax2"], ["dt3"]), node("Mul", ["dt3", "A"], ["da"]), node("Exp", ["da"], ["eda"]),
        node("Unsqueeze", ["bt", "ax1"], ["bt3"]), node("Unsqueeze", ["xt", "ax2"], ["xt3"]),
        node("Mul", ["bt3", "xt3"], ["bx"]), node("Mul", ["s", "eda"], ["se"]), node("Add", ["se", "bx"], ["s2"]),
        node("Unsqueeze", ["ct", "ax1"], ["ct3"]), node("Mul", ["s2", "ct3"], ["sc"]),
        node("ReduceSum", ["sc", "axm1"], ["y"], keepdims=0),
    ], "body", [vi("s", TP.FLOAT, [1, d, n]), vi("dt", TP.FLOAT, [1, d]), vi("xt", TP.FLOAT, [1, d]),
                vi("bt", TP.FLOAT, [1, n]), vi("ct", TP.FLOAT, [1, n])],
        [vi("s2", TP.FLOAT, [1, d, n]), vi("y", TP.FLOAT, [1, d])],
        [ax("ax1", [1]), ax("ax2", [2]), ax("axm1", [-1])])
    m = model([node("Scan", ["s0", "delta", "x", "B", "C"], ["s", "ys"], body=body, num_scan_inputs=4)],
              [vi("s0", TP.FLOAT, [1, d, n]), vi("delta", TP.FLOAT, ["L", 1, d]), vi("x", TP.FLOAT, ["L", 1, d]),
               vi("B", TP.FLOAT, ["L", 1, n]), vi("C", TP.FLOAT, ["L", 1, n])],
              [vi("s", TP.FLOAT, [1, d, n]), vi("ys", TP.FLOAT, ["L", 1, d])], [numpy_helper.from_array(a, "A")])
    feeds = {"s0": np.zeros([1, d, n], np.float32),
             "delta": rng.uniform(0.001, 0.1, [t, 1, d]).astype(np.float32),
             "x": rng.standard_normal([t, 1, d]).astype(np.float32),
             "B": rng.standard_normal([t, 1, n]).astype(np.float32),
             "C": rng.standard_normal([t, 1, n]).astype(np.float32)}
    arr = lambda v: ", ".join(f"{e!r}f" for e in v.ravel().tolist())  # noqa: E731
    c = f"""
    static const float A[{d * n}] = {{{arr(a)}}};
    static float s[{d * n}];
    memcpy(s, in[0], sizeof s);
    const float *dl = (const float *)in[1], *x = (const float *)in[2];
    const float *B = (const float *)in[3], *C = (const float *)in[4];
    float *ys = (float *)out[1];
    for (long t = 0; t < {t}; t++) {{
        for (int i = 0; i < {d}; i++) {{
            float y = 0.0f;
            for (int j = 0; j < {n}; j++) {{
                float v = s[i * {n} + j] * expf(dl[t * {d} + i] * A[i * {n} + j]) + B[t * {n} + j] * x[t * {d} + i];
                s[i * {n} + j] = v;
                y += v * C[t * {n} + j];
            }}
            ys[t * {d} + i] = y;
        }}
    }}
    memcpy(out[0], s, sizeof s);"""
    return m, feeds, c


def mamba_loop(t, d=256, n=16):
    """The same selective scan as a Loop whose body Gathers step i of each sequence input and
    stacks y_t as a scan output; the trip count is the inputs' length (Shape, Gather)."""
    m, feeds, c = mamba(t, d, n)
    scan = m.graph.node[0]
    scan_body = [a for a in scan.attribute if a.name == "body"][0].g
    gathers = [node("Gather", [src, "i"], [dst], axis=0)
               for src, dst in (("delta", "dt"), ("x", "xt"), ("B", "bt"), ("C", "ct"))]
    body = oh.make_graph(gathers + list(scan_body.node) + [node("Identity", ["cin"], ["cout"])], "body",
                         [vi("i", TP.INT64, []), vi("cin", TP.BOOL, []), vi("s", TP.FLOAT, [1, d, n])],
                         [vi("cout", TP.BOOL, []), vi("s2", TP.FLOAT, [1, d, n]), vi("y", TP.FLOAT, [1, d])],
                         list(scan_body.initializer))
    g = m.graph
    nodes = [node("Shape", ["delta"], ["dshape"]), const("zero", 0, np.int64),
             node("Gather", ["dshape", "zero"], ["L"], axis=0),
             node("Loop", ["L", "", "s0"], ["s", "ys"], body=body)]
    m2 = model(nodes, list(g.input), list(g.output), list(g.initializer))
    return m2, feeds, c


def seq_loop(n, w=4):
    """A Loop appending a [w] row per trip to a sequence it carries, r = r * 0.99 + x, then
    ConcatFromSequence(new_axis = 1) of the sequence: [n, w]."""
    body = oh.make_graph([
        const("k", 0.99, np.float32),
        node("Mul", ["r", "k"], ["r1"]), node("Add", ["r1", "x"], ["r2"]),
        node("SequenceInsert", ["seq", "r2"], ["seq2"]), node("Identity", ["cin"], ["cout"]),
    ], "body", [vi("i", TP.INT64, []), vi("cin", TP.BOOL, []), vi("r", TP.FLOAT, [w]),
                oh.make_tensor_sequence_value_info("seq", TP.FLOAT, [w])],
        [vi("cout", TP.BOOL, []), vi("r2", TP.FLOAT, [w]), oh.make_tensor_sequence_value_info("seq2", TP.FLOAT, [w])])
    m = model([node("SequenceEmpty", [], ["empty"], dtype=TP.FLOAT),
               node("Loop", ["M", "", "r0", "empty"], ["r", "seq"], body=body),
               node("ConcatFromSequence", ["seq"], ["rows"], axis=0, new_axis=1)],
              [vi("M", TP.INT64, []), vi("r0", TP.FLOAT, [w]), vi("x", TP.FLOAT, [w])],
              [vi("r", TP.FLOAT, [w]), vi("rows", TP.FLOAT, ["M", w])])
    rng = np.random.default_rng(4)
    feeds = {"M": np.array(n, np.int64), "r0": np.zeros([w], np.float32),
             "x": rng.uniform(-1, 1, [w]).astype(np.float32)}
    c = f"""
    long m = *(long *)in[0]; const float *x = (const float *)in[2]; float r[{w}];
    memcpy(r, in[1], sizeof r);
    float *rows = (float *)out[1];
    for (long i = 0; i < m; i++) for (int j = 0; j < {w}; j++) {{ r[j] = r[j] * 0.99f + x[j]; rows[i * {w} + j] = r[j]; }}
    memcpy(out[0], r, sizeof r);"""
    return m, feeds, c


CASES = [
    ("loop_scalar", "Loop, 2 f32 scalars, 10^6 trips", lambda: loop_scalar(10**6)),
    ("loop_while", "while-Loop, i64 LCG with Mod, 10^6 trips", lambda: loop_while(10**6)),
    ("scan_cumsum_1e5", "Scan cumsum, state [1], 10^5 steps", lambda: scan_cumsum(10**5)),
    ("scan_cumsum_1e6", "Scan cumsum, state [1], 10^6 steps", lambda: scan_cumsum(10**6)),
    ("if_in_loop", "If on parity in a Loop, 10^5 trips", lambda: if_in_loop(10**5)),
    ("rnn", "Scan RNN, h [1,64], T = 1000", lambda: rnn(1000)),
    ("mamba", "Scan selective scan, state [1,256,16], T = 256", lambda: mamba(256)),
    ("mamba_loop", "Loop+Gather selective scan, state [1,256,16], T = 256", lambda: mamba_loop(256)),
    ("seq_loop", "Loop appending [4] rows to a sequence, 10^4 trips", lambda: seq_loop(10**4)),
]

# -- the C side ----------------------------------------------------------------------------------

C_MAIN = r"""
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void *slurp(const char *path, long *n) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(2); }
    fseek(f, 0, SEEK_END); *n = ftell(f); fseek(f, 0, SEEK_SET);
    void *p = malloc(*n ? *n : 1);
    if (fread(p, 1, *n, f) != (size_t)*n) { perror(path); exit(2); }
    fclose(f);
    return p;
}

static void kernel(void **in, void **out) {
KERNEL
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* argv: repeat, n_in, input files..., n_out, (output file, bytes)... */
int main(int argc, char **argv) {
    int repeat = atoi(argv[1]), n_in = atoi(argv[2]), k = 3;
    void *in[8]; long size;
    for (int i = 0; i < n_in; i++) in[i] = slurp(argv[k++], &size);
    int n_out = atoi(argv[k++]);
    void *out[8]; const char *paths[8]; long bytes[8];
    for (int i = 0; i < n_out; i++) { paths[i] = argv[k++]; bytes[i] = atol(argv[k++]); out[i] = calloc(bytes[i], 1); }
    double *times = malloc(sizeof(double) * repeat);
    for (int r = 0; r < repeat; r++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        kernel(in, out);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        times[r] = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9;
        __asm__ volatile("" ::: "memory");
    }
    qsort(times, repeat, sizeof(double), cmp);
    printf("%.9f\n", times[repeat / 2]);
    for (int i = 0; i < n_out; i++) { FILE *f = fopen(paths[i], "wb"); fwrite(out[i], 1, bytes[i], f); fclose(f); }
    return 0;
}
"""


def run_c(tmp, name, c_body, feeds, ref_outs, repeat):
    src = os.path.join(tmp, f"{name}.c")
    exe = os.path.join(tmp, f"{name}_c")
    with open(src, "w") as f:
        f.write(C_MAIN.replace("KERNEL", c_body))
    subprocess.run(["gcc", "-O2", "-o", exe, src, "-lm"], check=True)
    args = [exe, str(repeat), str(len(feeds))]
    for k, v in enumerate(feeds.values()):
        p = os.path.join(tmp, f"{name}_in{k}.bin")
        np.ascontiguousarray(v).tofile(p)
        args.append(p)
    args.append(str(len(ref_outs)))
    outs = []
    for k, r in enumerate(ref_outs):
        p = os.path.join(tmp, f"{name}_out{k}.bin")
        outs.append(p)
        args += [p, str(r.nbytes)]
    res = subprocess.run(args, capture_output=True, text=True, check=True)
    got = [np.fromfile(p, dtype=r.dtype).reshape(r.shape) for p, r in zip(outs, ref_outs)]
    return float(res.stdout.strip()), got


def run_ort(path, feeds, repeat):
    """Session creation and median run time (cf_vs_ort's), and the outputs."""
    create, run = time_ort(path, feeds, repeat)
    return create, run, ort.InferenceSession(path, providers=["CPUExecutionProvider"]).run(None, feeds)


def run_flowgate(exe, path, data_dir, repeat, extra=()):
    # atol 1e-5: the RNN's hidden states near zero differ in tanh's last bits.
    out = subprocess.run([exe, path, *extra, "--test-data", data_dir, "--repeat", str(repeat), "--time",
                          "--atol", "1e-5"],
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join([exe, path, *extra])} failed:\n{out.stdout}{out.stderr}")
    comp = float(re.search(r"compile: ([0-9.]+) ms", out.stderr).group(1)) / 1e3
    run = float(re.search(r"run: median ([0-9.]+) ms", out.stderr).group(1)) / 1e3
    return comp, run


RTEN_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rten-runner")
RTEN_TYPES = {np.dtype(np.float32): "f32", np.dtype(np.int64): "i64", np.dtype(np.bool_): "bool"}


def build_rten():
    """rten's runner: its own cargo project (see the module comment). Returns the binary."""
    print(f"building rten 0.27's runner: cargo build --release --locked in {RTEN_DIR}", flush=True)
    subprocess.run(["cargo", "build", "--release", "--locked", "-q"], cwd=RTEN_DIR, check=True)
    return os.path.join(RTEN_DIR, "target", "release", "rten-runner")


def run_rten(exe, tmp, name, path, feeds, ref, repeat):
    """Median run time and load time, or the reason rten cannot run the model."""
    args = [exe, path, "--repeat", str(repeat), "--out-dir", os.path.join(tmp, f"{name}_rten")]
    for k, (key, v) in enumerate(feeds.items()):
        p = os.path.join(tmp, f"{name}_rten_in{k}.bin")
        np.ascontiguousarray(v).tofile(p)
        args += ["--input", f"{key}:{RTEN_TYPES[v.dtype]}:{','.join(map(str, v.shape))}:{p}"]
    res = subprocess.run(args, capture_output=True, text=True, check=False,
                         env={**os.environ, "RTEN_NUM_THREADS": "1", "RUST_BACKTRACE": "0"})
    if res.returncode != 0:
        # anyhow's report: "Error: <context>", then "Caused by:" and the causes; the last is the root.
        lines = [ln.strip() for ln in res.stderr.split("Stack backtrace")[0].splitlines() if ln.strip()]
        causes = [ln for ln in lines if ln != "Caused by:"]
        return None, None, re.sub(r"^\d+: ", "", causes[-1] if causes else f"exit {res.returncode}")[:160]
    got = []
    for line in res.stdout.splitlines():
        parts = line.split()
        if parts[0] == "output":
            k, kind = int(parts[1]), parts[2]
            shape = [int(d) for d in parts[3].split(",")] if len(parts) > 3 else []
            a = np.fromfile(os.path.join(tmp, f"{name}_rten", f"out_{k}.bin"), dtype=np.float32 if kind == "f32" else np.int32)
            got.append(a.reshape(shape))
    if len(got) != len(ref) or not agree(ref, got):
        wide = any(v.dtype == np.int64 for v in feeds.values())
        return None, None, "outputs differ from onnxruntime's" + (" (rten computes int64 in int32)" if wide else "")
    load = float(re.search(r"load: ([0-9.]+)", res.stdout).group(1))
    run = float(re.search(r"run: ([0-9.]+)", res.stdout).group(1))
    return run, load, None


def has_llvm(exe):
    probe = subprocess.run([exe, "--backend", "llvm", "-"], input="func.func @main() -> i32 {\n"
                           "  %c = arith.constant 1 : i32\n  return %c : i32\n}\n",
                           capture_output=True, text=True, check=False)
    return probe.returncode == 0


def fmt(s):
    if s >= 1.0:
        return f"{s:.2f} s"
    return f"{s * 1e3:.3f} ms" if s >= 1e-3 else f"{s * 1e6:.1f} us"


def agree(ref, got, rtol=1e-3, atol=1e-5):
    return all(np.allclose(np.asarray(r, np.float64), np.asarray(g, np.float64), rtol=rtol, atol=atol)
               for r, g in zip(ref, got))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--onnx-run", default=os.path.join(ROOT, "target/release/onnx-run"))
    ap.add_argument("--repeat", type=int, default=11)
    ap.add_argument("--only", default="")
    ap.add_argument("--keep", help="keep the models, data and C programs in this directory")
    ap.add_argument("--no-rten", action="store_true", help="do not build and run rten's runner")
    args = ap.parse_args()
    only = set(filter(None, args.only.split(",")))
    llvm = has_llvm(args.onnx_run)
    rten = None if args.no_rten else build_rten()
    tmp = args.keep or tempfile.mkdtemp(prefix="flowgate-shapes-")
    os.makedirs(tmp, exist_ok=True)
    print(f"onnxruntime {ort.__version__} (1 thread), gcc -O2, onnx-run {args.onnx_run}"
          f"{' (Cranelift and LLVM -O3)' if llvm else ' (Cranelift; built without the llvm feature)'}; "
          f"{'rten 0.27 (1 thread)' if rten else 'rten not run (--no-rten)'}; median of {args.repeat} runs", flush=True)
    rows = []
    notes = []
    for name, desc, build in CASES:
        if only and name not in only:
            continue
        m, feeds, c_body = build()
        d = os.path.join(tmp, name)
        data = os.path.join(d, "test_data_set_0")
        os.makedirs(data, exist_ok=True)
        path = os.path.join(d, "model.onnx")
        onnx.save(m, path)
        oc, orr, ref = run_ort(path, feeds, args.repeat)
        for k, v in enumerate(feeds.values()):
            with open(os.path.join(data, f"input_{k}.pb"), "wb") as f:
                f.write(numpy_helper.from_array(v).SerializeToString())
        for k, v in enumerate(ref):
            with open(os.path.join(data, f"output_{k}.pb"), "wb") as f:
                f.write(numpy_helper.from_array(v).SerializeToString())
        fc, fr = run_flowgate(args.onnx_run, path, data, args.repeat)
        lc = lr = None
        if llvm:
            lc, lr = run_flowgate(args.onnx_run, path, data, args.repeat, ["--backend", "llvm", "-O3"])
        ct, cout = run_c(tmp, name, c_body, feeds, ref, args.repeat)
        if not agree(ref, cout):
            raise SystemExit(f"{name}: the C program's outputs differ from onnxruntime's")
        rt = rl = None
        why = "not run"
        if rten:
            rt, rl, why = run_rten(rten, tmp, name, path, feeds, ref, args.repeat)
            if why:
                notes.append(f"rten, {name}: {why}")
        rows.append((desc, fr, lr, orr, rt, ct, fc, lc, oc, why))
        print(f"  {name}: done (outputs agree)", flush=True)
    hdr = "| benchmark | Flowgate | " + ("Flowgate LLVM -O3 | " if llvm else "") + \
        "onnxruntime | rten | C -O2 | Flowgate / C | ORT / Flowgate | rten / Flowgate | compile | " + \
        ("compile LLVM | " if llvm else "") + "ORT session |"
    print()
    print(hdr)
    print("|" + "---|" * (hdr.count("|") - 1))
    for desc, fr, lr, orr, rt, ct, fc, lc, oc, why in rows:
        rcell = fmt(rt) if rt is not None else ("cannot run it" if why != "not run" else "not run")
        cells = [desc, fmt(fr)] + ([fmt(lr)] if llvm else []) + \
            [fmt(orr), rcell, fmt(ct), f"{fr / ct:.2f}x", f"{orr / fr:.1f}x",
             f"{rt / fr:.1f}x" if rt is not None else "-", fmt(fc)] + \
            ([fmt(lc)] if llvm else []) + [fmt(oc)]
        print("| " + " | ".join(cells) + " |")
    for n in notes:
        print(f"- {n}")
    if not args.keep:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
