#!/usr/bin/env python3
"""Writes an scf function of exactly N ops (default 100, counting every op inside the function,
terminators included) for measuring compile latency: a loop with three iter_args whose body mixes
integer and float arithmetic, comparisons, selects and an scf.if, the shape of a lowered ONNX
Loop body. Deterministic, so runs are comparable.

    python3 bench/codegen/hundred_ops.py [N] > f.mlir

The onnx-opt generic printout of the result has exactly N+1 ops (the function itself).
"""

import sys

INT_OPS = ["arith.addi", "arith.muli", "arith.xori", "arith.subi", "arith.andi", "arith.ori"]
FLOAT_OPS = ["arith.addf", "arith.mulf", "arith.subf"]


def count_ops(text):
    """Ops in the function body: lines defining a value, plus yields and the return."""
    n = 0
    for line in text.splitlines()[1:]:
        line = line.strip()
        if " = " in line or line.startswith(("scf.yield", "return")):
            n += 1
    return n


def generate(body_ops):
    """The function with `body_ops` straight-line ops at the start of the loop body."""
    out = [
        "func.func @hundred(%n: index, %x0: i64, %f0: f64) -> (i64, f64) {",
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        "  %k = arith.constant 7 : i64",
        "  %h = arith.constant 0.5 : f64",
        "  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x0, %b = %k, %f = %f0) -> (i64, i64, f64) {",
    ]
    ints, floats = ["%a", "%b", "%k"], ["%f", "%h"]
    for j in range(body_ops):
        if j % 4 == 3:
            name = f"%g{j}"
            out.append(f"    {name} = {FLOAT_OPS[j % 3]} {floats[-1]}, {floats[-2]} : f64")
            floats.append(name)
        else:
            name = f"%v{j}"
            out.append(f"    {name} = {INT_OPS[j % 6]} {ints[-1]}, {ints[-2 - j % 2]} : i64")
            ints.append(name)
    out += [
        f"    %c = arith.cmpi slt, {ints[-1]}, {ints[-2]} : i64",
        "    %s = scf.if %c -> (i64) {",
        f"      %t0 = arith.addi {ints[-1]}, %k : i64",
        f"      %t1 = arith.muli %t0, {ints[-3]} : i64",
        "      scf.yield %t1 : i64",
        "    } else {",
        f"      %e0 = arith.subi {ints[-2]}, %k : i64",
        f"      %e1 = arith.xori %e0, {ints[-3]} : i64",
        "      scf.yield %e1 : i64",
        "    }",
        "    %fi = arith.sitofp %s : i64 to f64",
        f"    %f2 = arith.addf %fi, {floats[-1]} : f64",
        f"    scf.yield %s, {ints[-1]}, %f2 : i64, i64, f64",
        "  }",
        "  return %r#0, %r#2 : i64, f64",
        "}",
    ]
    return "\n".join(out) + "\n"


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    frame = count_ops(generate(0))
    if n < frame:
        sys.exit(f"hundred_ops.py: the function needs at least {frame} ops")
    text = generate(n - frame)
    if count_ops(text) != n:
        sys.exit(f"hundred_ops.py: generated {count_ops(text)} ops, wanted {n}")
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
