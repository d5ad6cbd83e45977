#!/usr/bin/env python3
"""The real-model corpus: Flowgate (onnx-run, JIT) against onnxruntime (CPU), on every case of
testdata/real and target/real-models (scripts/gen-real-models.py builds them), the same inputs,
in one run, both at one thread and both at their default thread counts (physical cores:
onnx-run `--threads 0`, onnxruntime `intra_op_num_threads = 0`; `--one-thread` skips these). Run time and compile time (vs. session creation) are reported
apart, with ratios (ORT / Flowgate: above 1 means Flowgate is faster) and their medians.

    cargo build --release -p onnx-run
    python3 bench/onnx/real_models.py [--repeat 20] [--only SUBSTRING] [--onnx-run PATH] [--one-thread]

A case's run time is the mean over its data sets of the median of `--repeat` runs (onnx-run
`--time --repeat`); compile time is onnx-run's (import, lowering, code generation), session
creation is `onnxruntime.InferenceSession` with default graph optimizations. The cached start
is onnx-run's compile line when the model comes from the compiled-model cache (`--cache-dir`,
a fresh folder per case: one cold run stores it, then five warm runs: their median, and their
minimum, which a loaded machine disturbs least), against session creation too (`--no-cache`
skips it). Flowgate's
outputs are checked against the case's expected outputs within its tolerance.json (the status
column); a case that fails to compile or run is listed without times. Needs
`pip install onnx onnxruntime numpy`.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

import onnx
import onnxruntime as ort
from onnx import numpy_helper

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DIRS = ["testdata/real", "target/real-models"]


def cases(only):
    out = []
    for d in DIRS:
        root = os.path.join(ROOT, d)
        if not os.path.isdir(root):
            continue
        for name in sorted(os.listdir(root)):
            case = os.path.join(root, name)
            if os.path.isfile(os.path.join(case, "model.onnx")) and (not only or any(o in name for o in only)):
                out.append((name, case))
    return out


def data_sets(case):
    return sorted(os.path.join(case, s) for s in os.listdir(case) if s.startswith("test_data_set_"))


def read_value(path):
    with open(path, "rb") as f:
        data = f.read()
    t = onnx.TensorProto()
    try:
        t.ParseFromString(data)
        return numpy_helper.to_array(t)
    except Exception:
        s = onnx.SequenceProto()
        s.ParseFromString(data)
        return [numpy_helper.to_array(x) for x in s.tensor_values]


def feeds_of(model, data_dir):
    """The data set's inputs by graph-input name (graph inputs with an initializer take the next
    file only when there is one, as onnx-run does)."""
    inits = {i.name for i in model.graph.initializer}
    feeds, k = {}, 0
    for vi in model.graph.input:
        p = os.path.join(data_dir, f"input_{k}.pb")
        if not os.path.exists(p):
            if vi.name in inits:
                continue
            raise RuntimeError(f"missing {p}")
        feeds[vi.name] = read_value(p)
        k += 1
    return feeds


def time_ort(model_path, sets, repeat, threads=1):
    """threads 1: one thread; 0: onnxruntime's default pool (physical cores)."""
    so = ort.SessionOptions()
    so.intra_op_num_threads = threads
    so.inter_op_num_threads = 1
    so.log_severity_level = 3
    t0 = time.perf_counter()
    sess = ort.InferenceSession(model_path, so, providers=["CPUExecutionProvider"])
    create = time.perf_counter() - t0
    model = onnx.load(model_path)
    medians = []
    for d in sets:
        feeds = feeds_of(model, d)
        sess.run(None, feeds)  # warm-up, as onnx-run's first run is not excluded either way
        runs = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            sess.run(None, feeds)
            runs.append(time.perf_counter() - t0)
        medians.append(statistics.median(runs))
    return create, statistics.mean(medians)


def time_flowgate(exe, model_path, sets, repeat, timeout, threads=1):
    args = [exe, model_path, "--time", "--repeat", str(repeat), "--threads", str(threads)]
    for d in sets:
        args += ["--test-data", d]
    try:
        out = subprocess.run(args, capture_output=True, text=True, check=False, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "TIMEOUT", None, None, f"over {timeout} s"
    comp = re.search(r"compile: ([0-9.]+) ms", out.stderr)
    runs = [float(x) / 1e3 for x in re.findall(r"run: median ([0-9.]+) ms", out.stderr)]
    if comp is None:
        why = (out.stderr.strip().splitlines() or ["?"])[-1]
        return "ERROR", None, None, why
    status = "PASS" if out.returncode == 0 else "FAIL"
    why = next((l for l in out.stdout.splitlines() if l.startswith("FAIL")), "")
    return status, float(comp.group(1)) / 1e3, statistics.mean(runs) if runs else None, why


def time_cached_start(exe, model_path, sets, timeout, warm=5):
    """The compile line of a warm start through the compiled-model cache (the model loaded, not
    compiled), on the first data set: one cold run in a fresh folder stores it, then the
    (median, min) of `warm` runs. None when a run fails."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="flowgate-bench-cache") as d:
        args = [exe, model_path, "--time", "--cache-dir", d, "--test-data", sets[0]] if sets else None
        if args is None:
            return None
        starts = []
        for k in range(warm + 1):
            try:
                out = subprocess.run(args, capture_output=True, text=True, check=False, timeout=timeout)
            except subprocess.TimeoutExpired:
                return None
            comp = re.findall(r"compile: ([0-9.]+) ms", out.stderr)
            if out.returncode != 0 or not comp or "compiled-model cache" in out.stderr:
                return None
            if k > 0:
                starts.append(sum(float(c) for c in comp) / 1e3)
        return statistics.median(starts), min(starts)


def fmt(s):
    if s is None:
        return "-"
    return f"{s * 1e3:.3f} ms" if s >= 1e-3 else f"{s * 1e6:.1f} us"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--onnx-run", default=os.path.join(ROOT, "target/release/onnx-run"))
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--only", action="append", default=[], help="cases whose name contains this")
    ap.add_argument("--timeout", type=int, default=900, help="seconds per case for onnx-run")
    ap.add_argument("--no-cache", action="store_true", help="skip the cached-start columns")
    ap.add_argument("--one-thread", action="store_true", help="skip the default-thread-count columns")
    args = ap.parse_args()
    found = cases(args.only)
    if not found:
        print("no cases: run scripts/gen-real-models.py first", file=sys.stderr)
        return 1
    hdr = f"{'case':34} {'status':6} {'flowgate run':>13} {'ort run':>13} {'ratio':>7} {'compile':>11} {'ort session':>12} {'ratio':>7}"
    if not args.one_thread:
        hdr += f" {'flowgate run T':>14} {'ort run T':>13} {'ratio T':>7}"
    if not args.no_cache:
        hdr += f" {'cached start':>13} {'(min)':>11} {'ratio':>8}"
    print(f"columns: both at one thread; T: both at their default thread counts (physical cores; "
          f"this machine has {os.cpu_count()} logical CPUs); ratio = ORT / Flowgate")
    print(hdr)
    threaded = []
    rows, problems, starts = [], [], []
    for name, case in found:
        model = os.path.join(case, "model.onnx")
        sets = data_sets(case)
        status, fc, fr, why = time_flowgate(args.onnx_run, model, sets, args.repeat, args.timeout)
        try:
            oc, orr = time_ort(model, sets, args.repeat)
        except Exception as e:  # a case onnxruntime cannot load is a corpus error; say so
            oc, orr = None, None
            why = why or f"onnxruntime: {e}"
        rr = orr / fr if fr and orr else None
        cr = oc / fc if fc and oc else None
        cached = None if args.no_cache else time_cached_start(args.onnx_run, model, sets, args.timeout)
        if rr is not None:
            rows.append((name, fr, orr, fc, oc))
        if cached and oc:
            starts.append((cached[0], cached[1], oc))
        if status != "PASS":
            problems.append(f"{name}: {status} {why}")
        tr = None
        if not args.one_thread:
            _, _, ft, _ = time_flowgate(args.onnx_run, model, sets, args.repeat, args.timeout, threads=0)
            try:
                _, ot = time_ort(model, sets, args.repeat, threads=0)
            except Exception:
                ot = None
            tr = ot / ft if ft and ot else None
            if tr is not None and fr:
                threaded.append((fr, ft, ot))
        print(f"{name:34} {status:6} {fmt(fr):>13} {fmt(orr):>13} "
              f"{(f'{rr:6.2f}x' if rr else '-'):>7} {fmt(fc):>11} {fmt(oc):>12} {(f'{cr:6.2f}x' if cr else '-'):>7}", end="")
        if not args.one_thread:
            print(f" {fmt(ft):>14} {fmt(ot):>13} {(f'{tr:6.2f}x' if tr else '-'):>7}", end="")
        if not args.no_cache:
            sr = oc / cached[0] if cached and oc else None
            med, low = cached if cached else (None, None)
            print(f" {fmt(med):>13} {fmt(low):>11} {(f'{sr:7.1f}x' if sr else '-'):>8}", end="")
        print()
        sys.stdout.flush()
    if rows:
        run_ratios = [r[2] / r[1] for r in rows]
        comp_ratios = [r[4] / r[3] for r in rows]
        print(f"\n{len(rows)} of {len(found)} cases timed")
        print(f"run time, ORT / Flowgate: median {statistics.median(run_ratios):.2f}x, "
              f"geometric mean {statistics.geometric_mean(run_ratios):.2f}x, "
              f"{sum(r >= 1 for r in run_ratios)} faster, {sum(r >= 1 / 1.5 for r in run_ratios)} within 1.5x (the faster included)")
        if threaded:
            tr = [o / f for _, f, o in threaded]
            print(f"run time at default thread counts, ORT / Flowgate: median {statistics.median(tr):.2f}x, "
                  f"geometric mean {statistics.geometric_mean(tr):.2f}x, {sum(r >= 1 for r in tr)} of {len(tr)} faster; "
                  f"Flowgate's own speed-up over one thread: geometric mean "
                  f"{statistics.geometric_mean(one / f for one, f, _ in threaded):.2f}x")
        print(f"compile time: median {fmt(statistics.median(r[3] for r in rows))}; ORT session creation: "
              f"median {fmt(statistics.median(r[4] for r in rows))}; median ratio (session / compile) "
              f"{statistics.median(comp_ratios):.2f}x")
    if starts:
        med = [m for m, _, _ in starts]
        low = [m for _, m, _ in starts]
        print(f"cached start (median of 5 warm runs): median {fmt(statistics.median(med))}, max {fmt(max(med))}, "
              f"{sum(c < 5e-3 for c in med)} of {len(med)} under 5 ms (by the minimum: max {fmt(max(low))}, "
              f"{sum(c < 5e-3 for c in low)} under 5 ms); median ratio (session / cached start) "
              f"{statistics.median(o / m for m, _, o in starts):.1f}x")
    if problems:
        print("\nnot passing:")
        for p in problems:
            print("  " + p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
