#!/usr/bin/env python3
"""Differential test of random scf/arith/cf programs (issue 11): upstream MLIR (mlir-opt
lowering + mlir-runner) against onnx-run -O0, onnx-run -O2 and onnx-compile + cc, and with
RUN_DIFF_BRIDGE=<onnx-run built with the feature mlir> also onnx-run --backend mlir (upstream's
lowering and ExecutionEngine in process).

  difftest.py --bin DIR [--seed S] [--count N] [--batch B] [--keep DIR] [--odd-widths]
              [--backend llvm]
  difftest.py --onnx-run PATH --onnx-compile PATH ...

Programs are put B to a module (one process start per backend per module), with a @main
that hashes the results of all of them. When a module's hashes disagree, each of its
functions is run alone (`-e fK`) to name the ones that differ. Prints one line per mismatch
or failure and a summary `programs: N, mismatches: M, failures: F`; exits 1 if M + F > 0.

Upstream tools: $MLIR_OPT / $MLIR_RUNNER, else /usr/lib/llvm-22/bin. C compiler: $CC or cc.
"""

import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import progen  # noqa: E402

LLVM_BIN = "/usr/lib/llvm-22/bin"
# The same finishing lowering as run-diff.sh.
FINISH = [
    "--convert-math-to-funcs",
    "--expand-strided-metadata",
    "--lower-affine",
    "--arith-expand",
    "--convert-math-to-llvm",
    "--convert-math-to-libm",
    "--convert-to-llvm",
    "--reconcile-unrealized-casts",
]
TIMEOUT = 300


class Failure(Exception):
    pass


def run(cmd, stdin=None):
    try:
        p = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        raise Failure(f"timeout: {' '.join(cmd)}")
    if p.returncode != 0:
        raise Failure(f"exit {p.returncode}: {' '.join(cmd)}\n{(p.stderr + p.stdout).strip()[:2000]}")
    return p.stdout


def one_int(text, what):
    t = text.strip()
    try:
        return int(t)
    except ValueError:
        raise Failure(f"{what}: expected one integer, got {t[:200]!r}")


class Backends:
    def __init__(self, args, tmp):
        self.onnx_run = args.onnx_run or os.path.join(args.bin or "", "onnx-run")
        self.onnx_compile = args.onnx_compile or os.path.join(args.bin or "", "onnx-compile")
        self.opt = os.environ.get("MLIR_OPT", os.path.join(LLVM_BIN, "mlir-opt"))
        self.runner = os.environ.get("MLIR_RUNNER", os.path.join(LLVM_BIN, "mlir-runner"))
        self.cc = os.environ.get("CC", "cc")
        self.tmp = tmp
        # An onnx-run with the upstream MLIR bridge (lit sets it with its feature mlir-bridge):
        # the reference program also runs in process through upstream's lowering.
        self.bridge_run = os.environ.get("RUN_DIFF_BRIDGE")
        # `--backend llvm` for onnx-run and onnx-compile (both built with the feature llvm).
        self.backend = ["--backend", args.backend] if args.backend else []

    def bridge(self, ref_path, entry):
        out = run([self.bridge_run, "--backend", "mlir", "-O0", "-e", entry, ref_path])
        return one_int(out, "onnx-run --backend mlir")

    def upstream(self, ref_path, entry):
        ll = os.path.join(self.tmp, "ref.llvm.mlir")
        run([self.opt, ref_path, "--convert-scf-to-cf", *FINISH, "-o", ll])
        out = run([self.runner, "-O0", "-e", entry, "-entry-point-result=i64", ll])
        return one_int(out, "mlir-runner")

    def jit(self, path, level, entry):
        out = run([self.onnx_run, *self.backend, f"-O{level}", "-e", entry, path])
        return one_int(out, f"onnx-run -O{level}")

    def aot(self, path, names):
        """Every function's value, from one object linked with a C driver."""
        obj = os.path.join(self.tmp, "ours.o")
        hdr = os.path.join(self.tmp, "ours.h")
        # C reserves `main`: rename it (the driver only calls the fK).
        src = os.path.join(self.tmp, "ours.aot.mlir")
        with open(path) as f, open(src, "w") as g:
            g.write(f.read().replace("@main()", "@flowgate_main()"))
        run([self.onnx_compile, *self.backend, src, "-o", obj, "--emit-header", hdr])
        drv = os.path.join(self.tmp, "driver.c")
        with open(drv, "w") as f:
            f.write('#include <stdio.h>\n#include <inttypes.h>\n#include "ours.h"\nint main(void) {\n')
            for n in names:
                f.write(f'  printf("%" PRId64 "\\n", (int64_t){n}());\n')
            f.write("  return 0;\n}\n")
        exe = os.path.join(self.tmp, "driver")
        run([self.cc, "-O1", "-I", self.tmp, drv, obj, "-lm", "-o", exe])
        return [one_int(l, "aot") for l in run([exe]).split()]


def hash_of(values):
    h = 0
    for v in values:
        h = (h * 31 + v) % (1 << 64)
    return h - (1 << 64) if h >= 1 << 63 else h


def check_module(be, seed, first, count, keep, odd):
    ours, ref, names = progen.module(seed, count, first, odd)
    ours_path = os.path.join(be.tmp, "ours.mlir")
    ref_path = os.path.join(be.tmp, "ref.mlir")
    with open(ours_path, "w") as f:
        f.write(ours)
    with open(ref_path, "w") as f:
        f.write(ref)
    results = {}
    problems = []
    runs = [
        ("upstream", lambda: be.upstream(ref_path, "main")),
        ("onnx-run -O0", lambda: be.jit(ours_path, 0, "main")),
        ("onnx-run -O2", lambda: be.jit(ours_path, 2, "main")),
        ("onnx-compile", lambda: hash_of(be.aot(ours_path, names))),
    ]
    if be.bridge_run:
        runs.append(("bridge", lambda: be.bridge(ref_path, "main")))
    for label, fn in runs:
        try:
            results[label] = fn()
        except Failure as e:
            problems.append(("failure", label, names, str(e)))
    values = set(results.values())
    if len(values) > 1 or (problems and "upstream" in results):
        # Name the functions that differ.
        per = {}
        try:
            aot = be.aot(ours_path, names)
        except Failure:
            aot = [None] * len(names)
        for n, a in zip(names, aot):
            row = {"onnx-compile": a}
            per_fn = [
                ("upstream", lambda: be.upstream(ref_path, n)),
                ("onnx-run -O0", lambda: be.jit(ours_path, 0, n)),
                ("onnx-run -O2", lambda: be.jit(ours_path, 2, n)),
            ]
            if be.bridge_run:
                per_fn.append(("bridge", lambda: be.bridge(ref_path, n)))
            for label, fn in per_fn:
                try:
                    row[label] = fn()
                except Failure as e:
                    row[label] = "failed: " + str(e).splitlines()[0]
            if len(set(map(str, row.values()))) > 1:
                per[n] = row
        for n, row in per.items():
            problems.append(("mismatch", n, row, ""))
    if problems and keep:
        os.makedirs(keep, exist_ok=True)
        base = os.path.join(keep, f"{seed}-{first}")
        with open(base + ".ours.mlir", "w") as f:
            f.write(ours)
        with open(base + ".ref.mlir", "w") as f:
            f.write(ref)
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", help="directory with onnx-run and onnx-compile")
    ap.add_argument("--onnx-run", help="onnx-run to use (default: in --bin)")
    ap.add_argument("--onnx-compile", help="onnx-compile to use (default: in --bin)")
    ap.add_argument("--seed", default="0")
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--batch", type=int, default=50)
    ap.add_argument("--start", type=int, default=0, help="index of the first program")
    ap.add_argument("--keep", help="directory for the modules that had a problem")
    ap.add_argument("--progress", action="store_true")
    ap.add_argument("--backend", help="code generator for onnx-run and onnx-compile (default: theirs)")
    ap.add_argument("--odd-widths", action="store_true", help="also draw i2, i3, i5, ..., i63 (progen.ODD_WIDTHS)")
    args = ap.parse_args()
    if not args.bin and not (args.onnx_run and args.onnx_compile):
        ap.error("give --bin, or both --onnx-run and --onnx-compile")
    mismatches = failures = done = 0
    with tempfile.TemporaryDirectory(prefix="difftest.") as tmp:
        be = Backends(args, tmp)
        first = args.start
        end = args.start + args.count
        while first < end:
            n = min(args.batch, end - first)
            for kind, where, what, msg in check_module(be, args.seed, first, n, args.keep, args.odd_widths):
                if kind == "mismatch":
                    mismatches += 1
                    print(f"MISMATCH seed={args.seed} {where}: {what}", flush=True)
                else:
                    failures += 1
                    print(f"FAILURE seed={args.seed} programs {first}..{first + n - 1} ({where}): {msg}", flush=True)
            done += n
            first += n
            if args.progress:
                print(f"progress: {done} programs, {mismatches} mismatches, {failures} failures", flush=True)
    print(f"programs: {done}, mismatches: {mismatches}, failures: {failures}")
    return 1 if mismatches or failures else 0


if __name__ == "__main__":
    sys.exit(main())
