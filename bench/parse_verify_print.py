#!/usr/bin/env python3
"""Parse + verify + print throughput: Flowgate's onnx-opt against upstream mlir-opt.

Generates modules of three shapes (--shapes):

  nested    about --ops operations: many func.func, each with nested scf.for / scf.if /
            scf.while and straight-line arith (no cf);
  blocks    one function that is a chain of --blocks blocks joined by cf.br (issue 11: the
            printer was quadratic in the number of blocks); also timed through -canonicalize,
            which merges the chain into one block;
  longline  one function of --line-ops arith ops written on a single line (issue 11: the
            parser was quadratic in the length of a line);

writes each to a temporary file, checks that upstream mlir-opt accepts it, then times

    onnx-opt FILE -o /dev/null                            (custom form out)
    mlir-opt FILE -o /dev/null
    onnx-opt FILE --mlir-print-op-generic -o /dev/null    (generic form out)
    mlir-opt FILE --mlir-print-op-generic -o /dev/null

in the same run, alternating the two tools, and reports the best of --runs wall-clock and
user+sys CPU times, their ratios, and both peak resident set sizes (ru_maxrss of each child,
from os.wait4). Python 3.11, standard library only.

    python3 bench/parse_verify_print.py
    python3 bench/parse_verify_print.py --ops 50000 --onnx-opt target/release/onnx-opt
    python3 bench/parse_verify_print.py --onnx-opt /usr/lib/llvm-22/bin/mlir-opt   # self-check

Nothing here asserts a time: the numbers are for people to read.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"

I32_BINARY = ["addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minsi", "maxui", "minui"]
F32_BINARY = ["addf", "subf", "mulf", "maximumf", "minimumf"]
CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]


class FunctionWriter:
    """Writes one func.func and counts its operations (func, return, yields included)."""

    def __init__(self, rng, index):
        self.rng = rng
        self.index = index
        self.lines = []
        self.ops = 0
        self.next_id = 0
        self.indent = 1

    def name(self, prefix="v"):
        self.next_id += 1
        return f"%{prefix}{self.next_id}"

    def emit(self, text, ops=1):
        self.lines.append("  " * self.indent + text)
        self.ops += ops

    def chain(self, ints, floats, length):
        """Straight-line arith over pools of i32 and f32 values; returns the new pools."""
        ints, floats = list(ints), list(floats)
        for _ in range(length):
            r = self.rng.random()
            if r < 0.55:
                op = self.rng.choice(I32_BINARY)
                a, b = self.rng.choice(ints[-6:]), self.rng.choice(ints[-6:])
                flags = " overflow<nsw>" if op in ("addi", "muli") and self.rng.random() < 0.2 else ""
                v = self.name()
                self.emit(f"{v} = arith.{op} {a}, {b}{flags} : i32")
                ints.append(v)
            elif r < 0.85:
                op = self.rng.choice(F32_BINARY)
                a, b = self.rng.choice(floats[-6:]), self.rng.choice(floats[-6:])
                fm = " fastmath<fast>" if self.rng.random() < 0.2 else ""
                v = self.name()
                self.emit(f"{v} = arith.{op} {a}, {b}{fm} : f32")
                floats.append(v)
            elif r < 0.93:
                a, b = self.rng.choice(ints[-6:]), self.rng.choice(ints[-6:])
                c, v = self.name("c"), self.name()
                self.emit(f"{c} = arith.cmpi {self.rng.choice(CMPI)}, {a}, {b} : i32")
                self.emit(f"{v} = arith.select {c}, {a}, {b} : i32")
                ints.append(v)
            else:
                a = self.rng.choice(ints[-6:])
                v = self.name()
                self.emit(f"{v} = arith.sitofp {a} : i32 to f32")
                floats.append(v)
        return ints, floats

    def write(self, body_ops):
        rng = self.rng
        self.lines.append(
            f"func.func @f{self.index}(%n: index, %a: i32, %x: f32) -> (i32, f32) {{")
        self.ops += 2  # func.func and func.return
        self.emit("%c0 = arith.constant 0 : index")
        self.emit("%c1 = arith.constant 1 : index")
        self.emit(f"%k = arith.constant {rng.randint(1, 100)} : i32")
        self.emit(f"%h = arith.constant {rng.randint(1, 9)}.5 : f32")
        # Split the budget: loop body, both if branches, while regions, trailing code.
        rest = max(body_ops - 12, 8)
        loop_len, then_len, else_len, tail_len = (rest * 4 // 10, rest * 2 // 10,
                                                  rest * 2 // 10, rest * 2 // 10)
        ints, floats = ["%a", "%k"], ["%x", "%h"]

        self.emit("%r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%s = %a, %t = %x) "
                  "-> (i32, f32) {")
        self.indent += 1
        iv = self.name()
        self.emit(f"{iv} = arith.index_cast %i : index to i32")
        li, lf = self.chain(ints + ["%s", iv], floats + ["%t"], loop_len)
        cond = self.name("c")
        self.emit(f"{cond} = arith.cmpi slt, {li[-1]}, %k : i32")
        y = self.name("y")
        self.emit(f"{y}:2 = scf.if {cond} -> (i32, f32) {{")
        self.indent += 1
        ti, tf = self.chain(li, lf, then_len)
        self.emit(f"scf.yield {ti[-1]}, {tf[-1]} : i32, f32")
        self.indent -= 1
        self.lines.append("  " * self.indent + "} else {")
        self.indent += 1
        ei, ef = self.chain(li, lf, else_len)
        self.emit(f"scf.yield {ei[-1]}, {ef[-1]} : i32, f32")
        self.indent -= 1
        self.lines.append("  " * self.indent + "}")
        self.emit(f"scf.yield {y}#0, {y}#1 : i32, f32")
        self.indent -= 1
        self.lines.append("  " * self.indent + "}")

        w = self.name("w")
        self.emit(f"{w} = scf.while (%u = %r#0) : (i32) -> i32 {{")
        self.indent += 1
        wc = self.name("c")
        self.emit(f"{wc} = arith.cmpi sgt, %u, %k : i32")
        self.emit(f"scf.condition({wc}) %u : i32")
        self.indent -= 1
        self.lines.append("  " * self.indent + "} do {")
        self.lines.append("  " * self.indent + "^bb0(%u2: i32):")
        self.indent += 1
        d = self.name()
        self.emit(f"{d} = arith.shrsi %u2, %k : i32")
        self.emit(f"scf.yield {d} : i32")
        self.indent -= 1
        self.lines.append("  " * self.indent + "}")

        fi, ff = self.chain(ints + [w, "%r#0"], floats + ["%r#1"], tail_len)
        self.lines.append("  " * self.indent + f"return {fi[-1]}, {ff[-1]} : i32, f32")
        self.lines.append("}")
        return self.lines


def generate(target_ops, seed=1, ops_per_function=200):
    rng = random.Random(seed)
    out = []
    total = 1  # the implicit builtin.module
    index = 0
    while total < target_ops:
        fw = FunctionWriter(rng, index)
        out.extend(fw.write(min(ops_per_function, max(target_ops - total, 20))))
        total += fw.ops
        index += 1
    return "\n".join(out) + "\n", total, index


def generate_blocks(n):
    """One function whose body is n blocks, each branching to the next."""
    lines = ["func.func @chain(%x: i64) -> i64 {", "  cf.br ^bb1(%x : i64)"]
    for i in range(1, n):
        lines.append(f"^bb{i}(%a{i}: i64):")
        lines.append(f"  cf.br ^bb{i + 1}(%a{i} : i64)")
    lines += [f"^bb{n}(%a{n}: i64):", f"  return %a{n} : i64", "}"]
    return "\n".join(lines) + "\n", 2 * n + 2


def generate_long_line(n):
    """One function of n arith ops, all on one line."""
    ops = " ".join(f"%v{i} = arith.addi %a, %a : i64" for i in range(n))
    return f"func.func @line(%a: i64) {{ {ops} return }}\n", n + 3


def run_once(cmd):
    """Runs cmd; returns (wall s, user+sys CPU s, peak RSS KiB, exit status, stderr tail)."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        tail = err.read()[-2000:].decode(errors="replace")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, proc.returncode, tail


class Best:
    """Best wall and CPU time and the largest peak RSS over the runs of one command."""

    def __init__(self, cmd):
        self.cmd = cmd
        self.wall = self.cpu = float("inf")
        self.rss = 0

    def run(self):
        wall, cpu, rss, code, tail = run_once(self.cmd)
        if code != 0:
            raise SystemExit(f"error: {' '.join(self.cmd)} exited with {code}:\n{tail}")
        self.wall, self.cpu, self.rss = min(self.wall, wall), min(self.cpu, cpu), max(self.rss, rss)


def mib(kib):
    return f"{kib / 1024:.1f} MiB"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ops", type=int, default=200_000, help="operations to generate (about)")
    ap.add_argument("--onnx-opt", default=os.environ.get(
        "FLOWGATE_ONNX_OPT", str(REPO / "target" / "release" / "onnx-opt")),
        help="the onnx-opt to measure (default: target/release/onnx-opt)")
    ap.add_argument("--mlir-opt", default=DEFAULT_MLIR_OPT, help="upstream mlir-opt")
    ap.add_argument("--runs", type=int, default=3, help="runs per command; the best counts")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", metavar="DIR", help="also write the generated modules to DIR")
    ap.add_argument("--shapes", default="nested,blocks,longline",
                    help="comma-separated shapes to measure (nested, blocks, longline)")
    ap.add_argument("--blocks", type=int, default=100_000, help="blocks of the blocks shape")
    ap.add_argument("--line-ops", type=int, default=200_000, help="ops of the longline shape")
    args = ap.parse_args()

    for tool in (args.onnx_opt, args.mlir_opt):
        if not (os.path.isfile(tool) and os.access(tool, os.X_OK)):
            sys.exit(f"error: not an executable: {tool}")

    for shape in args.shapes.split(","):
        if shape == "nested":
            text, ops, funcs = generate(args.ops, args.seed)
            what = f"{ops} ops in {funcs} functions"
        elif shape == "blocks":
            text, ops = generate_blocks(args.blocks)
            what = f"{args.blocks} blocks, {ops} ops"
        elif shape == "longline":
            text, ops = generate_long_line(args.line_ops)
            what = f"{ops} ops on one line"
        else:
            sys.exit(f"error: unknown shape '{shape}' (nested, blocks, longline)")
        measure(args, shape, what, text)


def measure(args, shape, what, text):
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        if args.keep:
            Path(args.keep).mkdir(parents=True, exist_ok=True)
            (Path(args.keep) / f"{shape}.mlir").write_text(text)
        print(f"== {shape}: {what}, {len(text) / 1e6:.1f} MB ({path})")

        # The input must be valid MLIR as upstream sees it, or the comparison means nothing.
        wall, _, _, code, tail = run_once([args.mlir_opt, path, "-o", os.devnull])
        if code != 0:
            sys.exit(f"error: upstream mlir-opt rejects the generated module:\n{tail}")
        print(f"upstream mlir-opt accepts it ({wall:.3f} s)")

        variants = [("custom", []), ("generic", ["--mlir-print-op-generic"])]
        if shape == "blocks":
            # Merging the chain into one block: canonicalize was quadratic in the number of
            # blocks (predecessors found by scanning the region, blocks unlinked by a retain).
            variants.append(("canon", ["-canonicalize"]))
        rows = []
        for label, extra in variants:
            ours = Best([args.onnx_opt, path, *extra, "-o", os.devnull])
            theirs = Best([args.mlir_opt, path, *extra, "-o", os.devnull])
            for _ in range(args.runs):
                # Alternate, so that a change in machine load hits both alike.
                ours.run()
                theirs.run()
            rows.append((label, ours, theirs))

        print()
        print(f"parse + verify (+ pass) + print, best of {args.runs} (wall and user+sys CPU seconds)")
        print(f"  onnx-opt: {args.onnx_opt}")
        print(f"  mlir-opt: {args.mlir_opt}")
        print(f"{'output':<8} {'onnx-opt':>9} {'mlir-opt':>9} {'ratio':>6}"
              f" {'cpu ours':>9} {'cpu them':>9} {'ratio':>6}"
              f" {'RSS ours':>11} {'RSS them':>11} {'ratio':>6}")
        for label, o, t in rows:
            print(f"{label:<8} {o.wall:>8.3f}s {t.wall:>8.3f}s {o.wall / t.wall:>5.2f}x"
                  f" {o.cpu:>8.3f}s {t.cpu:>8.3f}s {o.cpu / max(t.cpu, 1e-9):>5.2f}x"
                  f" {mib(o.rss):>11} {mib(t.rss):>11} {o.rss / max(t.rss, 1):>5.2f}x")
        print("(ratios are onnx-opt / mlir-opt: below 1 means onnx-opt is faster or smaller)")
        print()
    finally:
        os.unlink(path)


if __name__ == "__main__":
    main()
