#!/usr/bin/env python3
"""Differential testing of Flowgate against onnxruntime on random control-flow models.

    python3 scripts/random_models/run.py --count 10000 --seed 1 [--workers 2] \
        [--onnx-run target/release/onnx-run] [--out target/random-models]
    python3 scripts/random_models/run.py --suite testdata/onnx-random --count 200 --seed 7

A run generates `--count` models (model k from seed `seed * 10^7 + k`), writes them in batches
in backend-test layout to a temporary directory with their expected outputs (onnxruntime, or
the reference evaluator where onnxruntime refuses or dies: recorded per model), runs
`onnx-run --backend-tests` on each batch and classifies every model: pass, mismatch, compile
refusal (grouped by message), run-time error, crash or timeout. A mismatch against onnxruntime is
run by the reference evaluator too: where Flowgate matches the evaluator it is counted as
onnxruntime-divergence, not as a mismatch. Failing cases are copied to
`--out/<class>/`; `--out/report.json` has every model's class, oracle and features.

`--suite DIR` writes `--count` models that pass through onnxruntime (no Flowgate run) with a
README listing each model's oracle and contents: the committed suite.
"""

import argparse
import collections
import json
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.dont_write_bytecode = True

from random_models import gen, oracle  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def make_case(seed, k, d):
    """Generates model k, runs the oracle and writes the case to `d`. Returns a result dict."""
    s = seed * 10**7 + k
    res = {"case": os.path.basename(d), "model_seed": s}
    try:
        model, inputs, want, info = gen.generate(s)
    except Exception as e:  # noqa: BLE001 - a generator bug is counted, not fatal
        res.update(cls="generator-error", detail=f"{type(e).__name__}: {str(e)[:200]}")
        return res
    res.update(info)
    outs, which, why = oracle.expected(model, inputs)
    res.update(oracle=which, oracle_reason=why)
    if outs is None:
        res.update(cls="no-oracle", detail=why)
        return res
    for vi, o, w in zip(model.graph.output, outs, want):
        if not oracle.shape_ok(o, w) or not oracle.dtype_ok(o, vi):
            res.update(cls="generator-shape", detail=f"{vi.name}: generator expected {w}, {which} gave "
                       f"{[getattr(x, 'shape', None) for x in o] if isinstance(o, list) else getattr(o, 'shape', o)}")
            return res
    oracle.write_case(d, model, inputs, outs, float16="float16" in info["features"])
    res["cls"] = "written"
    # Integers beyond 2^53 may carry onnxruntime's double rounding (see int64_rounding).
    flat = [x for o in outs for x in (o if isinstance(o, list) else [o])]
    res["big_int64"] = any(np.asarray(x).dtype == np.int64 and bool(((np.asarray(x) >= 2**53)
                           | (np.asarray(x) <= -2**53)).any()) for x in flat)
    return res


def classify(reason):
    """(class, group key) of a FAIL line's reason."""
    m = re.match(r"test_data_set_\d+: (.*)", reason)
    if m:
        body = m.group(1)
        if re.match(r"output \d+ \(", body) or body.startswith("output ") and "missing" in body:
            if int64_rounding(body):
                return "known-divergence", "onnxruntime sums int64 in double (ARCHITECTURE.md, Integer overflow)"
            return "mismatch", normalise(body)
        return "runtime-error", normalise(body)
    return "refusal", normalise(reason)


def int64_rounding(body):
    """An integer output that differs from onnxruntime's only by rounding an int64 beyond 2^53
    to double: onnxruntime's ReduceSum/ReduceMean accumulate integers in double."""
    m = re.search(r"expected (-?\d+), got (-?\d+)(\s|$)", body)
    if not m:
        return False
    want, got = int(m.group(1)), int(m.group(2))
    return abs(want) >= 2**53 and abs(want - got) <= max(abs(want), abs(got)) * 2**-50


def normalise(msg):
    msg = re.sub(r"\s*\|?\s*\(rtol .*$", "", msg)
    msg = re.sub(r"^\S*model\.onnx:\s*", "", msg)
    msg = re.sub(r"graph [^:]*:", "graph G:", msg)
    # Quoted names with digits are node and value names; op types stay.
    msg = re.sub(r"'[^']*[0-9/][^']*'", "'_'", msg)
    msg = re.sub(r"-?\d+", "N", msg)
    msg = re.sub(r"\[[N, ?]*\]", "[..]", msg)
    return msg.strip()[:160]


def run_flowgate(onnx_run, root, timeout, extra):
    """{case: (status, reason)} for the cases onnx-run reported, and whether it ended cleanly."""
    try:
        p = subprocess.run([onnx_run, "--backend-tests", root] + extra, capture_output=True,
                           text=True, timeout=timeout, errors="replace")
        out, code, timed_out = p.stdout, p.returncode, False
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        code, timed_out = None, True
    seen = {}
    for line in out.splitlines():
        if line.startswith("PASS "):
            seen[line[5:].strip()] = ("pass", "")
        elif line.startswith("FAIL "):
            name, _, why = line[5:].partition(": ")
            seen[name.strip()] = ("fail", why)
    clean = not timed_out and code in (0, 1) and re.search(r"^\d+ passed, \d+ failed", out, re.M)
    return seen, bool(clean), timed_out, code


def batch(job):
    seed, ks, onnx_run, out_root, timeout, extra = job
    results = []
    with tempfile.TemporaryDirectory(prefix="flowgate-random-") as tmp:
        written = []
        for k in ks:
            name = f"m{seed}_{k:06d}"
            r = make_case(seed, k, os.path.join(tmp, name))
            results.append(r)
            if r["cls"] == "written":
                written.append(r)
        seen, clean, timed_out, code = run_flowgate(onnx_run, tmp, timeout, extra)
        if not clean:
            # Something took the whole batch down: rerun the unreported cases one by one.
            for r in written:
                if r["case"] in seen:
                    continue
                one = os.path.join(tmp, "one")
                os.makedirs(one)
                shutil.move(os.path.join(tmp, r["case"]), os.path.join(one, r["case"]))
                s1, ok1, to1, code1 = run_flowgate(onnx_run, one, min(timeout, 120), extra)
                if r["case"] in s1:
                    seen[r["case"]] = s1[r["case"]]
                else:
                    seen[r["case"]] = ("timeout" if to1 else "crash", f"exit {code1}")
                shutil.move(os.path.join(one, r["case"]), os.path.join(tmp, r["case"]))
                os.rmdir(one)
        for r in written:
            status, why = seen.get(r["case"], ("crash", "not reported"))
            if status == "pass":
                r["cls"], r["detail"] = "pass", ""
            elif status == "fail":
                r["cls"], r["group"] = classify(why)
                r["detail"] = why[:400]
                if r["cls"] == "mismatch" and second_opinion(r, tmp, onnx_run, timeout, extra):
                    r["cls"] = "onnxruntime-divergence"
                    r["group"] = "the reference evaluator agrees with Flowgate, onnxruntime differs"
            else:
                r["cls"], r["group"], r["detail"] = status, status, why
            if r["cls"] != "pass" and out_root:
                dst = os.path.join(out_root, r["cls"], r["case"])
                shutil.rmtree(dst, ignore_errors=True)
                shutil.copytree(os.path.join(tmp, r["case"]), dst)
    return results


def second_opinion(r, tmp, onnx_run, timeout, extra):
    """Whether a mismatch against onnxruntime is onnxruntime's: the reference evaluator runs the
    model (with every Scan axis and direction: `oracle._Scan`) and Flowgate matches its outputs.
    (onnxruntime accumulates int64 ReduceSum/ReduceMean in double, and the rounding can travel
    far from the sum: through a Mul that wraps, or a Cast to int32; `int64_rounding` only sees
    it in the sum itself.) Where the evaluator cannot run the model, the mismatch stays one."""
    if r.get("oracle") != "onnxruntime":
        return False
    model, inputs, _, info = gen.generate(r["model_seed"])
    feeds = {vi.name: x for vi, x in zip(model.graph.input, inputs)}
    kind, ref = oracle.in_child(lambda: oracle.run_ref_any_scan(oracle.with_explicit_cond(model), feeds), timeout)
    if kind != "ok":
        r["second_opinion"] = f"reference evaluator: {ref}"[:300]
        return False
    root = os.path.join(tmp, "second-opinion")
    oracle.write_case(os.path.join(root, r["case"]), model, inputs, ref, float16="float16" in info["features"])
    try:
        seen, _, _, _ = run_flowgate(onnx_run, root, min(timeout, 120), extra)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    status, why = seen.get(r["case"], ("crash", "not reported"))
    r["second_opinion"] = "reference evaluator: " + ("Flowgate agrees" if status == "pass" else why)[:300]
    return status == "pass"


def run(args):
    onnx_run = os.path.abspath(args.onnx_run)
    if not os.access(onnx_run, os.X_OK):
        raise SystemExit(f"{onnx_run} is not built (cargo build --release -p onnx-run)")
    out_root = os.path.abspath(args.out)
    os.makedirs(out_root, exist_ok=True)
    extra = args.onnx_run_arg or []
    ks = list(range(args.start, args.start + args.count))
    jobs = [(args.seed, ks[i:i + args.batch], onnx_run, out_root, args.timeout, extra)
            for i in range(0, len(ks), args.batch)]
    t0 = time.time()
    results, counts = [], collections.Counter()
    with multiprocessing.Pool(args.workers) as pool:
        for rs in pool.imap_unordered(batch, jobs):
            results.extend(rs)
            counts.update(r["cls"] for r in rs)
            done = len(results)
            print(f"[{time.time() - t0:7.0f}s] {done}/{len(ks)} " +
                  " ".join(f"{c}={n}" for c, n in sorted(counts.items())), flush=True)
    results.sort(key=lambda r: r["case"])
    report(results, args, time.time() - t0, out_root)


def report(results, args, secs, out_root):
    counts = collections.Counter(r["cls"] for r in results)
    oracles = collections.Counter(r.get("oracle") for r in results if r["cls"] not in ("generator-error",))
    groups = collections.defaultdict(list)
    for r in results:
        if r["cls"] not in ("pass", "written", "generator-error", "generator-shape", "no-oracle"):
            groups[(r["cls"], r.get("group", ""))].append(r["case"])
    lines = [f"command: {' '.join(sys.argv)}", f"seed {args.seed}, models {args.start}..{args.start + args.count - 1}, "
             f"{secs:.0f} s"]
    lines.append("classes: " + ", ".join(f"{c} {n}" for c, n in sorted(counts.items())))
    lines.append("oracles: " + ", ".join(f"{o} {n}" for o, n in sorted(oracles.items(), key=str)))
    why = collections.Counter(normalise(r["oracle_reason"]) for r in results if r.get("oracle") == "reference")
    for w, n in why.most_common(10):
        lines.append(f"  reference evaluator used ({n}): onnxruntime refused: {w}")
    for (c, g), cases in sorted(groups.items(), key=lambda x: -len(x[1])):
        lines.append(f"{c} ({len(cases)}): {g}  e.g. {', '.join(cases[:3])}")
    gen_err = collections.Counter(r["detail"][:100] for r in results if r["cls"] in ("generator-error", "generator-shape", "no-oracle"))
    for g, n in gen_err.most_common(10):
        lines.append(f"  dropped ({n}): {g}")
    text = "\n".join(lines)
    print(text)
    with open(os.path.join(out_root, "report.txt"), "w") as f:
        f.write(text + "\n")
    with open(os.path.join(out_root, "report.json"), "w") as f:
        json.dump(results, f, indent=0, default=str)


SUITE_README = """# Random control-flow models

{n} models made by `scripts/random_models/` (seed {seed}): random nestings of `Loop` (every
mode, zero trips, scan outputs, carried tensors that grow, carried sequences), `Scan` (random
axes, negative too, and directions), `If` with differently shaped branches, captures from
every depth, sequences, and elementwise, reduction and shape ops around them, in float32,
float64, float16, int32, int64 and bool, with empty tensors. Each is in backend-test layout;
the expected outputs come from onnxruntime (CPU, one thread) or, where onnxruntime refuses the
model, from `onnx.reference.ReferenceEvaluator`: the list below names the oracle of each.

Run with `onnx-run --backend-tests testdata/onnx-random` (scripts/test.sh does). Regenerate with

    python3 scripts/random_models/run.py --suite testdata/onnx-random --count {n} --seed {seed}

and run the large differential run (see scripts/random_models/run.py) with

    cargo build --release -p onnx-run
    python3 scripts/random_models/run.py --count 10000 --seed 1 --workers 2

## Models

"""


def suite(args):
    out = args.suite
    if os.path.isdir(out):
        for e in os.listdir(out):
            if e.startswith("m") and os.path.isdir(os.path.join(out, e)):
                shutil.rmtree(os.path.join(out, e))
    os.makedirs(out, exist_ok=True)
    lines, k, total = [], args.start, 0
    while len(lines) < args.count:
        name = f"m{args.seed}_{k:06d}"
        d = os.path.join(out, name)
        r = make_case(args.seed, k, d)
        k += 1
        if r["cls"] != "written" or r["big_int64"]:
            shutil.rmtree(d, ignore_errors=True)
            continue
        size = sum(os.path.getsize(os.path.join(p, f)) for p, _, fs in os.walk(d) for f in fs)
        if size > args.max_case_bytes:
            shutil.rmtree(d)
            continue
        total += size
        orc = r["oracle"] if r["oracle"] == "onnxruntime" else f"reference evaluator (onnxruntime: {r['oracle_reason'][:100]})"
        lines.append(f"- `{name}`: oracle {orc}; {', '.join(r['features']) or 'no control-flow feature'}; "
                     f"ops {' '.join(r['ops'])}")
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write(SUITE_README.format(n=args.count, seed=args.seed) + "\n".join(lines) + "\n")
    print(f"{len(lines)} models, {total} bytes, in {out}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0, help="index of the first model")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--batch", type=int, default=100)
    ap.add_argument("--timeout", type=int, default=900, help="seconds per batch of onnx-run")
    ap.add_argument("--onnx-run", default=os.path.join(REPO, "target", "release", "onnx-run"))
    ap.add_argument("--onnx-run-arg", action="append", help="extra argument for onnx-run (repeatable)")
    ap.add_argument("--out", default=os.path.join(REPO, "target", "random-models"))
    ap.add_argument("--suite", help="write a suite of --count models to this directory instead")
    ap.add_argument("--max-case-bytes", type=int, default=20000)
    args = ap.parse_args()
    if args.suite:
        suite(args)
    else:
        run(args)


if __name__ == "__main__":
    main()
