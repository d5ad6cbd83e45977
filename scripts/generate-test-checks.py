#!/usr/bin/env python3
"""Turn printed MLIR into FileCheck lines, in the spirit of upstream's
mlir/utils/generate-test-checks.py, but naming captures after the SSA names of the source.

    onnx-opt foo.mlir | scripts/generate-test-checks.py --source foo.mlir

For every `func.func` it prints a CHECK-LABEL, a CHECK-SAME for the signature, and a
CHECK-NEXT for each following line up to the function's closing brace. SSA values become
captures: `%[[NAME:.*]]` where defined, `%[[NAME]]` where used. With --source, the i-th value
defined in a function of the output gets the (upper-cased) name of the i-th value defined in
the function of the same name in the source; otherwise `VAL_<n>`.

The output is a first draft: review it, and delete what the test does not care about.
"""

import argparse
import re
import sys

SSA_DEF = re.compile(r"%([A-Za-z_$.\-][\w$.\-]*|\d+)")
FUNC = re.compile(r"^\s*func\.func\s+(?:(?:private|public|nested)\s+)?@([\w$.\-]+)")


def source_names(text):
    """Map function name -> list of SSA names in definition order."""
    out = {}
    current = None
    for line in text.splitlines():
        code = line.split("//", 1)[0]
        m = FUNC.match(code)
        if m:
            current = out.setdefault(m.group(1), [])
            sig = code[m.end():]
            sig = sig.split("->", 1)[0]
            current.extend(re.findall(r"%([\w$.\-]+)\s*:", sig))
            continue
        if current is None:
            continue
        # Results: `%a = `, `%a:2 = `, `%a, %b = `.
        m = re.match(r"^\s*((?:%[\w$.\-]+(?::\d+)?\s*,\s*)*%[\w$.\-]+(?::\d+)?)\s*=", code)
        if m:
            for name in re.findall(r"%([\w$.\-]+)(?::(\d+))?", m.group(1)):
                current.append(name[0])
        # Block arguments: `^bb1(%x: i32, %y: f32):`.
        m = re.match(r"^\s*\^[\w$.\-]+\((.*)\)\s*:", code)
        if m:
            current.extend(re.findall(r"%([\w$.\-]+)\s*:", m.group(1)))
        # Region arguments of custom syntax (iter_args, ^bb0 is above): `(%i = `, `%iv = %lb to`.
        for name in re.findall(r"(?:iter_args\(|,\s*)%([\w$.\-]+)\s*=\s*%", code):
            current.append(name)
        m = re.match(r"^\s*(?:%[\w$.\-:]+(?:\s*,\s*%[\w$.\-:]+)*\s*=\s*)?scf\.(?:for|parallel|forall)\s+(?:unsigned\s+)?\(?%([\w$.\-]+)", code)
        if m:
            current.append(m.group(1))
    return out


def escape(text):
    text = text.replace("[[", "{{\\[\\[}}").replace("]]", "{{\\]\\]}}")
    text = text.replace("{{{", "{{\\{}}{").replace("}}}", "}{{\\}}}")
    return text


def convert(lines, names, dag_constants=False):
    out = []
    in_func = False
    depth = 0
    defined = {}
    order = []
    counter = 0

    def fix_ssa(line):
        nonlocal counter
        pieces = []
        pos = 0
        # A result is defined where `%x` is before ` = ` at the start, or a block arg `%x:`.
        is_result_line = re.match(r"^\s*%[^=]*=", line) is not None
        header = line.split(" = ", 1)[0] if is_result_line else ""
        for m in re.finditer(r"%([\w$.\-]+)(#\d+|:\d+)?", line):
            name = m.group(1)
            suffix = m.group(2) or ""
            pieces.append(escape(line[pos:m.start()]))
            pos = m.end()
            defining = (is_result_line and m.start() < len(header)) or re.match(
                r"\s*:", line[m.end():]
            ) and name not in defined
            if name in defined and not (is_result_line and m.start() < len(header)):
                pieces.append("%[[" + defined[name] + "]]" + suffix)
            elif defining or name not in defined:
                src = order[counter] if counter < len(order) else None
                counter += 1
                if src is None and not name.isdigit():
                    src = name  # printer-chosen names: %c0_i32, %cst, %true, %arg0
                cap = re.sub(r"[^\w]", "_", (src or "VAL_%d" % counter)).upper()
                if cap[0].isdigit():
                    cap = "V" + cap
                while cap in defined.values():
                    cap += "_"
                defined[name] = cap
                pieces.append("%[[" + cap + ":.*]]" + suffix)
        pieces.append(escape(line[pos:]))
        return "".join(pieces)

    for raw in lines:
        line = raw.rstrip()
        m = FUNC.match(line)
        if m and not in_func:
            in_func = True
            depth = 0
            defined = {}
            counter = 0
            order = names.get(m.group(1), [])
            head = line[: m.end()].strip()
            rest = line[m.end():]
            out.append("")
            out.append("// CHECK-LABEL: " + head + ("(" if rest.startswith("(") else ""))
            rest = rest[1:] if rest.startswith("(") else rest
            sig = fix_ssa(rest).rstrip()
            if sig.endswith("{"):
                sig = sig[:-1].rstrip() + " {"
            else:
                sig += "{{$}}"  # a declaration: nothing may follow
            if sig:
                out.append("// CHECK-SAME: " + sig)
            depth = line.count("{") - line.count("}")
            if depth <= 0:
                in_func = False
            continue
        if not in_func:
            continue
        depth += line.count("{") - line.count("}")
        stripped = line.strip()
        if stripped:
            out.append("// CHECK-NEXT: " + fix_ssa(stripped))
        if depth <= 0:
            in_func = False
    if dag_constants:
        out = make_constants_dag(out)
    return "\n".join(out) + "\n"


def make_constants_dag(lines):
    """Several constants in a row (as canonicalize hoists them) become CHECK-DAG lines, so
    their relative order is not pinned; the line after them becomes a plain CHECK."""
    res = []
    i = 0
    while i < len(lines):
        j = i
        while j < len(lines) and lines[j].startswith("// CHECK-NEXT: ") and " = arith.constant " in lines[j]:
            j += 1
        if j - i >= 2:
            res.extend(l.replace("// CHECK-NEXT: ", "// CHECK-DAG: ", 1) for l in lines[i:j])
            if j < len(lines) and lines[j].startswith("// CHECK-NEXT: "):
                res.append(lines[j].replace("// CHECK-NEXT: ", "// CHECK: ", 1))
                j += 1
            i = j
        else:
            res.append(lines[i])
            i += 1
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("input", nargs="?", default="-")
    ap.add_argument("--source", help="the .mlir the output came from, to name captures")
    ap.add_argument("--dag-constants", action="store_true",
                    help="check runs of constants with CHECK-DAG (for canonicalize output)")
    args = ap.parse_args()
    text = sys.stdin.read() if args.input == "-" else open(args.input).read()
    names = source_names(open(args.source).read()) if args.source else {}
    sys.stdout.write(convert(text.splitlines(), names, args.dag_constants))


if __name__ == "__main__":
    main()
