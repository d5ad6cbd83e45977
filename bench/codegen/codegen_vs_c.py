#!/usr/bin/env python3
"""Flowgate's Cranelift code against gcc -O2 on four loop kernels, in one run.

Compiles bench/codegen/kernels.mlir (the kernels in scf, lowered by onnx-compile's own
pipeline) with onnx-compile (-O2, and -O0 for reference), links it with harness.c and
kernels.c (the same kernels in C, gcc -O2), runs the harness, and prints per kernel the time of
each and the ratio Flowgate/C (best of 5). Kernels: sum-reduce of 10^7 f32 (scf.for), a
10^6-iteration while loop of integer arithmetic (scf.while), a 2000x2000 for/if loop nest
(scf.for, scf.if), a 2000x2000 2-D parallel sum-of-squares reduction (scf.parallel, scf.reduce).

Then compile latency: onnx-compile -O2 on a generated function of exactly 100 ops
(hundred_ops.py), split into the lowering passes and code generation (translation to Cranelift
IR, verification, Cranelift's optimizer and register allocation, emission): once alone in a
fresh process (which pays for cold caches and first-touch page faults), once as one of 20 copies
in a module (per function: the median code generation and the pipeline time divided by 20), each
the best of 20 runs.

    cargo build -p onnx-compile && python3 bench/codegen/codegen_vs_c.py
    python3 bench/codegen/codegen_vs_c.py --onnx-compile target/release/onnx-compile

With `--backend llvm -O3` (onnx-compile built with `--features llvm`) it compiles the kernels
through LLVM (default<O3>, host CPU) and prints one table: the LLVM backend, the Cranelift
backend at -O2, `gcc -O3 -march=native` and `gcc -O2` (the C kernels built with each), and the
ratios of LLVM to both gcc columns; then the 100-op compile latency of both backends side by
side.

Nothing here asserts a time: the numbers are for people to read.
"""

import argparse
import os
import re
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
    ap.add_argument("--backend", default="cranelift", choices=["cranelift", "llvm"])
    ap.add_argument("-O", dest="level", default=None, choices=["0", "2", "3"])
    args = ap.parse_args()
    if args.backend == "llvm":
        return llvm_columns(args)
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
        text = run([sys.executable, os.path.join(HERE, "hundred_ops.py"), "100"]).stdout
        hundred = os.path.join(tmp, "hundred.mlir")
        with open(hundred, "w") as f:
            f.write(text)
        # The same function 20 times in one module: per-function cost in a warm process, as in
        # a JIT that compiles many functions.
        copies = 20
        many = os.path.join(tmp, "hundred20.mlir")
        with open(many, "w") as f:
            f.write("".join(text.replace("@hundred(", f"@hundred{i}(") for i in range(copies)))
        print("\ncompile latency of a 100-op function (onnx-compile -O2, best of 20 processes):")
        for label, path, n in [("alone in a fresh process", hundred, 1), (f"one of {copies} in a module", many, copies)]:
            lowering, codegen = [], []
            for _ in range(20):
                p = run([args.onnx_compile, path, "-O2", "-o", os.path.join(tmp, "hundred.o"), "--time"])
                times = [line.rsplit(": ", 1) for line in p.stderr.splitlines() if line.endswith(" ms")]
                ms = [(k, float(v.split()[0])) for k, v in times]
                lowering.append(sum(v for k, v in ms if k == "lowering passes") / n)
                per_fn = sorted(v for k, v in ms if k.startswith("hundred"))
                codegen.append(per_fn[len(per_fn) // 2])
            lo, cg = min(lowering), min(codegen)
            print(f"  {label:<26} lowering passes {lo:.3f} ms   code generation {cg:.3f} ms   total {lo + cg:.3f} ms")


RESULT = re.compile(r"^(\S+)\s+flowgate\s+([\d.]+) ms\s+gcc -O2\s+([\d.]+) ms.*?(same result|RESULTS DIFFER)")


def harness(args, tmp, obj, cflags, tag):
    """Link `obj` with harness.c and kernels.c built with `cflags`; {kernel: (flowgate ms, C ms, same)}."""
    exe = os.path.join(tmp, f"harness-{tag}")
    kobj = os.path.join(tmp, f"kernels-c-{tag}.o")
    run([args.cc, *cflags, "-c", os.path.join(HERE, "kernels.c"), "-o", kobj])
    run([args.cc, "-O2", "-I", tmp, os.path.join(HERE, "harness.c"), kobj, obj, "-lm", "-o", exe])
    out = {}
    for line in run([exe]).stdout.splitlines():
        m = RESULT.match(line)
        if m:
            out[m.group(1)] = (float(m.group(2)), float(m.group(3)), m.group(4) == "same result")
    return out


def latency(args, path, n, flags, tmp):
    """Best of 20 processes: (lowering ms, code generation ms) per function."""
    lowering, codegen = [], []
    for _ in range(20):
        p = run([args.onnx_compile, path, *flags, "-o", os.path.join(tmp, "hundred.o"), "--time"])
        times = [line.rsplit(": ", 1) for line in p.stderr.splitlines() if line.endswith(" ms")]
        ms = [(k, float(v.split()[0])) for k, v in times]
        lowering.append(sum(v for k, v in ms if k == "lowering passes") / n)
        # Cranelift reports each function; LLVM each function's translation plus one module-wide
        # pipeline and code generation step, shared by the n functions.
        per_fn = sorted(v for k, v in ms if k.startswith("hundred"))
        module = sum(v for k, v in ms if k.startswith("<llvm"))
        codegen.append(per_fn[len(per_fn) // 2] + module / n)
    return min(lowering), min(codegen)


def llvm_columns(args):
    level = args.level or "3"
    src = os.path.join(HERE, "kernels.mlir")
    with tempfile.TemporaryDirectory() as tmp:
        hdr = os.path.join(tmp, "kernels.h")
        objs = {}
        for tag, flags in [("llvm", ["--backend", "llvm", f"-O{level}"]), ("cranelift", ["-O2"])]:
            objs[tag] = os.path.join(tmp, f"kernels-{tag}.o")
            run([args.onnx_compile, src, "--allow-unregistered-dialect", *flags, "-o", objs[tag], "--emit-header", hdr])
        native = harness(args, tmp, objs["llvm"], ["-O3", "-march=native"], "o3native")
        o2 = harness(args, tmp, objs["llvm"], ["-O2"], "o2")
        cl = harness(args, tmp, objs["cranelift"], ["-O2"], "cl")
        print(f"kernels (ms, best of 5): Flowgate LLVM -O{level} (host CPU) and Cranelift -O2 against gcc")
        print(f"{'kernel':<10} {'llvm -O' + level:>10} {'cranelift':>10} {'gcc -O3 -march=native':>22} {'gcc -O2':>9}"
              f" {'llvm/gcc-O3n':>13} {'llvm/gcc-O2':>12}  results")
        for k in native:
            lt, g3, same3 = native[k]
            _, g2, same2 = o2.get(k, (0, 0, False))
            ct = cl.get(k, (0, 0, False))[0]
            same = "same" if same3 and same2 and cl.get(k, (0, 0, False))[2] else "DIFFER"
            print(f"{k:<10} {lt:>10.3f} {ct:>10.3f} {g3:>22.3f} {g2:>9.3f} {lt / g3:>12.2f}x {lt / g2:>11.2f}x  {same}")
        text = run([sys.executable, os.path.join(HERE, "hundred_ops.py"), "100"]).stdout
        hundred = os.path.join(tmp, "hundred.mlir")
        with open(hundred, "w") as f:
            f.write(text)
        copies = 20
        many = os.path.join(tmp, "hundred20.mlir")
        with open(many, "w") as f:
            f.write("".join(text.replace("@hundred(", f"@hundred{i}(") for i in range(copies)))
        print("\ncompile latency of a 100-op function (ms per function, best of 20 processes):")
        for label, path, n in [("alone in a fresh process", hundred, 1), (f"one of {copies} in a module", many, copies)]:
            for name, flags in [(f"llvm -O{level}", ["--backend", "llvm", f"-O{level}"]), ("cranelift -O2", ["-O2"])]:
                lo, cg = latency(args, path, n, flags, tmp)
                print(f"  {label:<26} {name:<14} lowering {lo:.3f}   code generation {cg:.3f}   total {lo + cg:.3f}")


if __name__ == "__main__":
    main()
