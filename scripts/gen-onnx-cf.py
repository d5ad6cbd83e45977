#!/usr/bin/env python3
"""Generate Flowgate's own ONNX control-flow conformance corpus.

Each case is a small model built with `onnx.helper`, plus one or more input sets. The expected
outputs come from onnxruntime (CPU execution provider); where onnxruntime refuses a model, from
`onnx.reference.ReferenceEvaluator`, and the case's README line says so. The layout is the ONNX
backend suite's: `<case>/model.onnx`, `<case>/test_data_set_K/{input,output}_I.pb`.

    python3 scripts/gen-onnx-cf.py [--out testdata/onnx-cf]
    python3 scripts/gen-onnx-cf.py --memory-model [--memory-out testdata/memory]

Everything is seeded from the case name, onnxruntime runs single-threaded, and nothing records
a date or a version, so two runs give identical files.
"""

import argparse
import importlib
import os
import shutil
import sys
import zlib

import numpy as np
import onnx
import onnx.numpy_helper

# The pieces live in scripts/onnx_cf/: build (graph builder, case registry), oracle (running,
# comparing, files) and one cases_* module per topic.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True

from onnx_cf.build import BOOL, CASES, F32, I64, B, loop_body, make_model, scalar  # noqa: E402
from onnx_cf.oracle import close, describe, oracle, same, verify_case, write_case  # noqa: E402

# Importing a case module registers its cases; this order is the corpus order.
CASE_MODULES = ["cases_loop", "cases_scan_if", "cases_nesting", "cases_types", "cases_seq",
                "cases_models", "cases_body_ops", "cases_scalar", "cases_random_gaps"]
for _module in CASE_MODULES:
    importlib.import_module(f"onnx_cf.{_module}")

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MAX_MODEL_BYTES = 200 * 1024
MAX_TOTAL_BYTES = 5 * 1024 * 1024


def like(want, got):
    """A NumPy model's tensor in the dtype of the oracle's (Python ints and float64 math)."""
    if want is None or got is None or isinstance(want, list) or isinstance(got, list):
        return want
    return np.asarray(want).astype(np.asarray(got).dtype)


def generate(out, only=None):
    os.makedirs(out, exist_ok=True)
    names = [c[0] for c in CASES]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        raise SystemExit(f"duplicate case names: {sorted(dup)}")
    # Stale cases from an older version of this script would otherwise linger.
    for entry in sorted(os.listdir(out)):
        p = os.path.join(out, entry)
        if os.path.isdir(p) and entry not in names and os.path.exists(os.path.join(p, "model.onnx")):
            shutil.rmtree(p)
    lines, report, total = [], [], 0
    for name, desc, opset, show_shapes, fn in CASES:
        if only and name not in only:
            continue
        b = B(opset)
        rng = np.random.default_rng(zlib.crc32(name.encode()))
        datasets = fn(b, rng)
        # A case may also return a NumPy model of itself: an oracle independent of both runtimes.
        datasets, expect = datasets if isinstance(datasets, tuple) else (datasets, None)
        try:
            model = make_model(b, desc)
        except Exception as e:
            raise SystemExit(f"{name}: {e}") from e
        size = model.ByteSize()
        if size > MAX_MODEL_BYTES:
            raise SystemExit(f"{name}: model is {size} bytes")
        outputs, which, reason, notes = oracle(model, datasets)
        if expect:
            for k, (ins, outs) in enumerate(zip(datasets, outputs)):
                for vi, got, want in zip(model.graph.output, outs, expect(*ins)):
                    if not close(got, like(want, got), 1e-4, 1e-5):
                        raise SystemExit(f"{name} set {k}: {which} output {vi.name} disagrees "
                                         f"with the NumPy model:\n{got}\n{want}")
        d = os.path.join(out, name)
        shutil.rmtree(d, ignore_errors=True)
        write_case(d, model, datasets, outputs)
        nsets = verify_case(d, which)
        total += sum(os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(d) for f in fs)
        line = f"- `{name}` (opset {opset}, {nsets} data set{'s' if nsets > 1 else ''}): {desc}"
        if show_shapes:
            shapes = "; ".join(
                f"set {k}: " + ", ".join(f"{vi.name} {describe(v)}" for vi, v in zip(model.graph.output, o))
                for k, o in enumerate(outputs))
            line += f" onnxruntime gives {shapes}." if which == "onnxruntime" else f" Outputs: {shapes}."
        if which == "onnxruntime":
            line += " Oracle: onnxruntime."
            if expect:
                line += " Also checked against a NumPy model."
        else:
            line += f" Oracle: onnx.reference.ReferenceEvaluator (onnxruntime refuses: {reason})."
        # Oracle disagreements go to the report: most are reference-evaluator bugs (README).
        report.extend(f"{name}: {n}" for n in notes)
        if which != "onnxruntime":
            report.append(f"{name}: onnxruntime refuses: {reason}")
        lines.append(line)
        print(f"ok {name} [{which}]", flush=True)
    if total > MAX_TOTAL_BYTES:
        raise SystemExit(f"corpus is {total} bytes")
    if not only:
        write_readme(out, lines)
    print(f"{len(lines)} cases, {total} bytes")
    for r in report:
        print("NOTE", r)


def memory_model(out):
    """The memory test's model: a Loop whose trip count M is a graph input (10^6 in the test),
    whose body makes a fresh [256] float tensor per trip, with one carried [256] output. The
    test data holds M = 1000, so the expected output stays cheap to produce and exact (all
    values are multiples of 0.5 below 2^23)."""
    b = B(18)
    m = b.input(I64, [], "M")
    x0 = b.init(np.arange(256) * 0.5, F32, "x0")
    s, i, c, (acc,) = loop_body(b, [(F32, [256])])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("Add", [acc, s.cast(i, F32)]), F32, [256])
    (acc,) = b.ops("Loop", [m, "", x0], 1, body=s.graph())
    b.output(acc, F32, [256], "acc")
    model = make_model(b, "Loop with M a graph input (10^6 for the memory test); the body "
                          "makes a fresh [256] float tensor per trip: acc = acc + Cast(i).")
    datasets = [[scalar(1000, I64)]]
    outputs, which, reason, notes = oracle(model, datasets)
    want = np.arange(256, dtype=np.float32) * 0.5 + np.float32(sum(range(1000)))
    if which != "onnxruntime" or not same(outputs[0][0], want) or notes:
        raise SystemExit(f"memory model: unexpected oracle result ({which}, {reason}, {notes})")
    for entry in ("model.onnx", "loop_1m.onnx", "test_data_set_0"):
        p = os.path.join(out, entry)
        if os.path.isdir(p):
            shutil.rmtree(p)
        elif os.path.exists(p):
            os.remove(p)
    os.makedirs(out, exist_ok=True)
    # write_case wants a fresh directory; the model goes beside its data set.
    tmp = os.path.join(out, ".gen")
    shutil.rmtree(tmp, ignore_errors=True)
    write_case(tmp, model, datasets, outputs)
    os.replace(os.path.join(tmp, "model.onnx"), os.path.join(out, "model.onnx"))
    os.replace(os.path.join(tmp, "test_data_set_0"), os.path.join(out, "test_data_set_0"))
    os.rmdir(tmp)
    # The same bytes under the name the memory test uses.
    shutil.copyfile(os.path.join(out, "model.onnx"), os.path.join(out, "loop_1m.onnx"))
    verify_case(out, which)
    # The input of the memory test itself (scripts/memory-test.sh): M = 10^6.
    m1e6 = onnx.numpy_helper.from_array(np.array(1000000, dtype=np.int64), "M")
    with open(os.path.join(out, "M_1e6.pb"), "wb") as f:
        f.write(m1e6.SerializeToString())
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write(MEMORY_README)
    print(f"memory model written to {out}")


MEMORY_README = """# Memory test model

`model.onnx` (and the same bytes as `loop_1m.onnx`): a `Loop` whose trip count `M` is its only
graph input (int64 scalar). The body makes a fresh `[256]` float tensor every trip,
`acc = acc + Cast(i)`, carried from an initializer `0, 0.5, ..., 127.5`; the output is the
final `acc`. The memory test runs it with `M = 1000000` under `ulimit -v`: nothing may grow per
trip.

`test_data_set_0` holds `M = 1000` and the expected output from onnxruntime (checked against
the exact value `0.5 * k + 499500`).

Regenerate with `python3 scripts/gen-onnx-cf.py --memory-model [--memory-out testdata/memory]`.
"""


README_HEAD = """# Flowgate's own ONNX control-flow corpus

Small models exercising `Loop`, `Scan` and `If` (modes, axes, directions, nesting, captures,
element types, sequences and optionals), in the layout of the ONNX backend suite:
`<case>/model.onnx` and `<case>/test_data_set_K/{input,output}_I.pb` (a serialized
`TensorProto`, or a `SequenceProto` / `OptionalProto` where the graph input or output is a
sequence or an optional, as `onnx.numpy_helper.from_array / from_list / from_optional` write
them).

The expected outputs come from onnxruntime (CPU execution provider, one thread). Where
onnxruntime refuses a model, they come from `onnx.reference.ReferenceEvaluator`, and the line
says so. Every model passes `onnx.checker.check_model(full_check=True)`; every case was
verified by reloading its files and rerunning the oracle.

Regenerate (deterministic: a second run gives identical files) with

    python3 scripts/gen-onnx-cf.py [--out testdata/onnx-cf]

in an environment with `onnx==1.23.2`, `onnxruntime` and `numpy`. Run the corpus with

    onnx-run --backend-tests testdata/onnx-cf

## Cases

"""


README_TAIL = """
## What the oracles do that is surprising

Found while generating this corpus (onnx 1.23.2, onnxruntime 1.32.0). No case depends on the
onnxruntime behaviours marked *avoided*; they are listed so that nobody copies them by accident.

- **Zero-trip Loop scan outputs** (`loop_scan_zero_trips_*`): onnxruntime gives leading dim 0
  and takes the other dims from the body output's shape as declared or inferred, so `[0]` for a
  scalar and `[0, 2, 3]` for a known `[2, 3]`; dims it does not know become 0 (`[0, 0, 0]` in
  `loop_scan_zero_trips_symbolic_dims`), and an unknown rank gives `[0]` (rank 1, with a
  warning; no case, as a graph input needs a shape).
- *Avoided*: in Loop mode `(M, "")` onnxruntime still obeys the body's cond output: a body
  returning false stops the loop after one trip, where the ONNX spec says that output is
  ignored and M trips run. In `loop_mode_m_empty` the body's cond is always true.
- *Avoided*: a Scan body that lists the same value as a state output and as a scan output
  gets wrong results in onnxruntime: the state never advances, so every step sees the initial
  state, and the final state comes out as the initial one or as uninitialized memory. The cases
  put an Identity between them.
  The same aliasing in a Loop body is computed correctly (`loop_scan_zero_trips_cond_false`,
  `loop_scan_outputs_mixed` do it on purpose).
- *Avoided*: onnxruntime runs float16 Add/Mul through float32 and drops the casts between
  consecutive float16 nodes (even with graph optimizations off), so a chain of float16 ops is
  rounded once instead of after every node, and differs from per-node float16 arithmetic by an
  ulp or two. `type_float16_loop` keeps its carried values on a grid where every op is exact;
  its lone Cast tests float -> float16 rounding.
- A Scan over a sequence of length 0 fails in onnxruntime ("Invalid dim0_offset of 0. Dimension
  0 is 0") and is refused by the reference evaluator, so the corpus has no such case; the
  sensible answer (states unchanged, scan outputs with scan dim 0) is untested here.
- onnxruntime has no CPU kernel for bfloat16 Add, and its Python API cannot return a bfloat16
  output, so `type_bfloat16_loop_add` uses the reference evaluator and `type_bfloat16_loop_cast`
  returns its bfloat16 result Cast to float.
- The reference evaluator is not a reliable second oracle for control flow: a Loop without a
  cond input runs zero trips, Loop scan outputs are stacked with `np.vstack` (a scalar scan
  output comes out `[n, 1]`, zero trips raise), Scan supports only axis 0 forward, and an
  optional output comes out wrapped in a list. The generator cross-checks every onnxruntime
  result against it anyway, on a copy of the model with an explicit true cond, and prints the
  disagreements; with those workarounds the only ones left are its known failures above.
- Where neither onnxruntime's semantics nor the reference evaluator could be taken on trust
  (Scan axes and directions, the while loop, the RNN and Mamba models, negative Pad), the
  generator also checks onnxruntime against a NumPy model of the case; the line says so.
"""


def write_readme(out, lines):
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write(README_HEAD)
        f.write("\n".join(lines) + "\n")
        f.write(README_TAIL)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(REPO, "testdata", "onnx-cf"),
                    help="corpus directory (default: testdata/onnx-cf)")
    ap.add_argument("--memory-model", action="store_true",
                    help="write the 10^6-iteration memory model instead of the corpus")
    ap.add_argument("--memory-out", default=os.path.join(REPO, "testdata", "memory"),
                    help="directory of the memory model (default: testdata/memory)")
    ap.add_argument("--only", nargs="*", help="generate only these cases (no README)")
    ap.add_argument("--list", action="store_true", help="list the case names")
    args = ap.parse_args()
    if args.list:
        for c in CASES:
            print(c[0])
        return
    if args.memory_model:
        memory_model(args.memory_out)
        return
    generate(args.out, args.only)


if __name__ == "__main__":
    main()
