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
    """Map function name -> list of SSA names in definition order, read with the same rules
    as the printed output, so the i-th definition on both sides lines up."""
    out = {}
    current = None
    depth = 0
    for line in text.splitlines():
        code = line.split("//", 1)[0]
        m = FUNC.match(code)
        if m and current is None:
            current = out.setdefault(m.group(1), [])
            sig = code[m.end():].split("->", 1)[0]
            current.extend(name for (_, _, name) in definitions(sig))
            depth = code.count("{") - code.count("}")
            if depth <= 0:
                current = None
            continue
        if current is None:
            continue
        current.extend(name for (_, _, name) in definitions(code.strip()))
        depth += code.count("{") - code.count("}")
        if depth <= 0:
            current = None
    return out


def escape(text):
    text = text.replace("[[", "{{\\[\\[}}").replace("]]", "{{\\]\\]}}")
    text = text.replace("{{{", "{{\\{}}{").replace("}}}", "}{{\\}}}")
    return text


DEF_HEADER = re.compile(r"^\s*(%[^=]*?)\s=\s")
SSA = re.compile(r"%([\w$.\-]+)(#\d+|:\d+)?")


def definitions(line):
    """Spans (start, end, name) of the SSA values a line defines: results (`%x = `, `%x:2 = `,
    `%a, %b = `), block and region arguments (`%x: type`), and region arguments bound to an
    initial value as scf prints them (`scf.for %iv = `, `iter_args(%acc = `, `(%i, %j) = (`)."""
    code = line.split("//", 1)[0] if not line.lstrip().startswith("//") else ""
    out = []
    m = DEF_HEADER.match(code)
    header_end = m.end(1) if m else 0
    if m:
        for v in SSA.finditer(code, 0, header_end):
            out.append((v.start(), v.end(), v.group(1)))
    for v in SSA.finditer(code, header_end):
        after = code[v.end():]
        if v.group(2):
            continue
        if re.match(r":\s", after) or re.match(r"\s=\s", after):
            out.append((v.start(), v.end(), v.group(1)))
    # `(%i, %j) = (...)`: every name of the tuple.
    for t in re.finditer(r"\(((?:%[\w$.\-]+,\s*)+%[\w$.\-]+)\)\s=\s", code[header_end:]):
        base = header_end + t.start(1)
        for v in SSA.finditer(t.group(1)):
            out.append((base + v.start(), base + v.end(), v.group(1)))
    return sorted(set(out))


def capture_name(src, printed, counter, taken):
    if src is None and not printed.isdigit():
        src = printed  # printer-chosen names: %c0_i32, %cst, %true, %arg0
    cap = re.sub(r"[^\w]", "_", src or "VAL_%d" % counter).upper()
    if cap[0].isdigit():
        cap = "V" + cap
    while cap in taken:
        cap += "_"
    taken.add(cap)
    return cap


def convert_function(head, rest, body, order):
    """CHECK lines for one function: its signature (`rest`) and its body lines."""
    body = [l.strip() for l in body]
    lines = [rest] + body
    # Name every definition, in textual order, after the source's definitions in order.
    taken = set()
    caps = {}
    n = 0
    for i, line in enumerate(lines):
        for (a, _, name) in definitions(line):
            src = order[n] if n < len(order) else None
            n += 1
            caps[(i, a)] = capture_name(src, name, n, taken)
    bound = {}  # printed name -> capture currently in scope
    introduced = set()  # definitions already captured at an earlier forward use

    def next_def(name, i):
        for (j, a) in sorted(caps):
            if j > i and any(d[0] == a and d[2] == name for d in definitions(lines[j])):
                return (j, a)
        return None

    def fix(i, line):
        defs = {a for (a, _, _) in definitions(line)}
        pieces, pos = [], 0
        for m in SSA.finditer(line):
            name, suffix = m.group(1), m.group(2) or ""
            pieces.append(escape(line[pos:m.start()]))
            pos = m.end()
            if m.start() in defs:
                key = (i, m.start())
                if key in introduced:
                    pieces.append("%[[" + bound[name] + "]]" + suffix)
                else:
                    bound[name] = caps[key]
                    pieces.append("%[[" + caps[key] + ":.*]]" + suffix)
            elif name in bound:
                pieces.append("%[[" + bound[name] + "]]" + suffix)
            else:
                key = next_def(name, i)
                cap = caps[key] if key else capture_name(None, name, 0, taken)
                if key:
                    introduced.add(key)
                bound[name] = cap
                pieces.append("%[[" + cap + ":.*]]" + suffix)
        pieces.append(escape(line[pos:]))
        return "".join(pieces)

    out = ["", "// CHECK-LABEL: " + head]
    sig = fix(0, rest).rstrip()
    if body:
        if sig.endswith("{"):
            sig = sig[:-1].rstrip() + " {"
    else:
        sig += "{{$}}"  # a declaration: nothing may follow
    out.append("// CHECK-SAME: " + sig)
    for i, line in enumerate(body, start=1):
        if line.strip():
            out.append("// CHECK-NEXT: " + fix(i, line))
    return out


def convert(lines, names, dag_constants=False):
    out = []
    i = 0
    while i < len(lines):
        line = lines[i].rstrip()
        m = FUNC.match(line)
        if not m:
            i += 1
            continue
        head = line[: m.end()].strip()
        rest = line[m.end():]
        if rest.startswith("("):
            head += "("
            rest = rest[1:]
        depth = line.count("{") - line.count("}")
        body = []
        i += 1
        while depth > 0 and i < len(lines):
            depth += lines[i].count("{") - lines[i].count("}")
            body.append(lines[i].rstrip())
            i += 1
        out.extend(convert_function(head, rest, body, names.get(m.group(1), [])))
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
