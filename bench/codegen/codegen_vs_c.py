#!/usr/bin/env python3
"""Flowgate's Cranelift code against gcc -O2 on four loop kernels, in one run.

Compiles bench/codegen/kernels.mlir (the kernels in scf, lowered by onnx-compile's own
pipeline) with onnx-compile (-O2, and -O0 for reference), links it with harness.c and
kernels.c (the same kernels in C, gcc -O2), runs the harness, and prints per kernel the time of
each and the ratio Flowgate/C (best of 5). Kernels: sum-reduce of 10^7 f32 (scf.for), a
10^6-iteration while loop of integer arithmetic (scf.while), a 2000x2000 for/if loop nest
(scf.for, scf.if), a 2000x2000 2-D parallel sum-of-squares reduction (scf.parallel, scf.reduce).

Then compile latency: onnx-compile -O2 on a generated function of exactly 100 ops
(hundred_ops.py), best of 20 runs, split into the lowering passes and code generation
(translation to Cranelift IR, Cranelift's optimizer and register allocation, emission).

    cargo build -p onnx-compile && python3 bench/codegen/codegen_vs_c.py
    python3 bench/codegen/codegen_vs_c.py --onnx-compile target/release/onnx-compile

Nothing here asserts a time: the numbers are for people to read.
"""

import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode != 0:
        sys.exit(f"command failed: {' '.join(cmd)}\n{p.stderr}")
    return p


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--onnx-compile", default=os.path.join(ROOT, "target", "debug", "onnx-compile"))
    ap.add_argument("--cc", default=os.environ.get("CC", "gcc"))
    args = ap.parse_args()
    src = os.path.join(HERE, "kernels.mlir")
    with tempfile.TemporaryDirectory() as tmp:
        for level in ["2", "0"]:
            obj = os.path.join(tmp, f"kernels{level}.o")
            hdr = os.path.join(tmp, "kernels.h")
            p = run([args.onnx_compile, src, "--allow-unregistered-dialect", f"-O{level}", "-o", obj, "--emit-header", hdr, "--time"])
            if level == "2":
                print("compile latency per function (onnx-compile -O2, translation + Cranelift):")
                for line in p.stderr.splitlines():
                    if not line.startswith("warning:"):
                        print("  " + line)
            exe = os.path.join(tmp, f"harness{level}")
            run([args.cc, "-O2", "-I", tmp, os.path.join(HERE, "harness.c"), os.path.join(HERE, "kernels.c"), obj,
                 "-lm", "-o", exe])
            print(f"\nkernels, Flowgate -O{level} against gcc -O2 (best of 5):")
            print(run([exe]).stdout, end="")
        hundred = os.path.join(tmp, "hundred.mlir")
        with open(hundred, "w") as f:
            f.write(run([sys.executable, os.path.join(HERE, "hundred_ops.py"), "100"]).stdout)
        lowering, codegen = [], []
        for _ in range(20):
            p = run([args.onnx_compile, hundred, "-O2", "-o", os.path.join(tmp, "hundred.o"), "--time"])
            times = dict(line.rsplit(": ", 1) for line in p.stderr.splitlines() if line.endswith(" ms"))
            lowering.append(float(times["lowering passes"].split()[0]))
            codegen.append(float(times["hundred"].split()[0]))
        lo, cg = min(lowering), min(codegen)
        print("\ncompile latency of a 100-op function (onnx-compile -O2, best of 20 processes):")
        print(f"  lowering passes {lo:.3f} ms   code generation {cg:.3f} ms   total {lo + cg:.3f} ms")


if __name__ == "__main__":
    main()
