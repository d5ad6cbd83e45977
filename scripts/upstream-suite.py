#!/usr/bin/env python3
"""Run upstream MLIR's own lit tests with onnx-opt in place of mlir-opt.

Usage: scripts/upstream-suite.py TESTS_DIR [--opt PATH] [--reference PATH] [-j N] [-v]

TESTS_DIR holds upstream `.mlir` test files (for example mlir/test/Dialect/SCF/*.mlir); this
script never downloads anything. Each file is split at `// -----` when a RUN line asks for
`-split-input-file`, as lit + mlir-opt would; every chunk is one case. A case runs every RUN line
of its file with `mlir-opt` replaced by the tool under test and FileCheck / `not` taken from
LLVM 22; `-verify-diagnostics` is the tool's own job.

A case is left out of the percentage (and counted apart) when
  * it uses a dialect that Flowgate does not register (custom-form ops, `!dialect.` types or
    `#dialect.` attributes of other dialects, or generic ops of them without
    -allow-unregistered-dialect),
  * a RUN line names a pass that onnx-opt does not have (listed per pass at the end, so what
    we lack stays visible), or
  * upstream mlir-opt 22 itself fails it (the stored test is from another LLVM version or needs
    test-only passes); this also validates the harness: run with `--opt` pointing at
    mlir-opt-22 and every counted case passes.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

LLVM_BIN = "/usr/lib/llvm-22/bin"
REFERENCE = "/usr/bin/mlir-opt-22"
OUR_DIALECTS = {"builtin", "func", "arith", "cf", "scf", "memref", "tensor", "math", "onnx"}
SPLIT_MARKER = re.compile(r"^// -----\s*$")
# Custom-form op names at the start of a statement: `%x = dialect.op` or `dialect.op`.
CUSTOM_OP = re.compile(r"^\s*(?:%[\w#:, %]*=\s*)?([a-z_][a-z0-9_]*)\.[a-z_][\w.]*", re.M)
GENERIC_OP = re.compile(r"\"([a-z_][a-z0-9_]*)\.[\w.]+\"\s*\(")
DIALECT_TYPE_ATTR = re.compile(r"[!#]([a-z_][a-z0-9_]*)\.")
RESOURCE_GROUP = re.compile(r"([a-z_][a-z0-9_]*)\s*:\s*\{")
# Words that start a statement but are not ops (block labels, keywords of custom syntax).
NOT_OPS = {"module", "func", "return"}


@dataclass
class Case:
    file: str
    index: int
    first_line: int
    text: str  # padded with blank lines so line numbers match the original file
    runs: list
    skip: str = ""
    result: str = ""
    detail: str = field(default="", repr=False)


def run_lines(text):
    """The RUN commands of a test file, continuation lines joined."""
    runs, cur = [], ""
    for line in text.splitlines():
        m = re.match(r"^\s*//\s*RUN:\s?(.*)$", line)
        if not m:
            continue
        part = m.group(1).rstrip()
        if part.endswith("\\"):
            cur += part[:-1] + " "
            continue
        runs.append(cur + part)
        cur = ""
    return runs


def split_cases(path, text, runs):
    splitting = any(re.search(r"(^|\s)--?split-input-file", r) for r in runs)
    lines = text.split("\n")
    if not splitting:
        return [Case(path, 0, 1, text, runs)]
    cases, start = [], 0
    for i, line in enumerate(lines + ["// -----"]):
        if i == len(lines) or SPLIT_MARKER.match(line):
            chunk = "\n" * start + "\n".join(lines[start:i]) + "\n"
            cases.append(Case(path, len(cases), start + 1, chunk, runs))
            start = i + 1
    return cases


def strip_comments(text):
    return "\n".join(re.sub(r"//.*$", "", l) for l in text.splitlines())


def upstream_dialects():
    """The dialects mlir-opt 22 registers (its generic ops are verified there, not here)."""
    out = subprocess.run([REFERENCE, "--show-dialects"], capture_output=True, text=True).stdout
    m = re.search(r"Available Dialects:\s*(.*)", out)
    return set(m.group(1).split(",")) if m else {"test"}


UPSTREAM_DIALECTS = set()


def foreign_dialect(case):
    code = strip_comments(case.text)
    allow = any("allow-unregistered-dialect" in r for r in case.runs)
    for m in CUSTOM_OP.finditer(code):
        d = m.group(1)
        if d not in OUR_DIALECTS and d not in NOT_OPS:
            return d
    for m in DIALECT_TYPE_ATTR.finditer(code):
        if m.group(1) not in OUR_DIALECTS:
            return m.group(1)
    # Resource groups of a dialect: `{-# dialect_resources: { ml_program: {...} } #-}` needs
    # that dialect's resource handler (unknown names like `foobar` stay counted: both tools
    # refuse them alike).
    for meta in re.finditer(r"\{-#(.*?)(?:#-\}|\Z)", code, re.S):
        res = re.search(r"dialect_resources\s*:\s*\{(.*)", meta.group(1), re.S)
        for m in RESOURCE_GROUP.finditer(res.group(1) if res else ""):
            if m.group(1) not in OUR_DIALECTS and m.group(1) in UPSTREAM_DIALECTS:
                return m.group(1)
    for m in GENERIC_OP.finditer(code):
        # mlir-opt registers every upstream dialect (and its `test` dialect), so even with
        # -allow-unregistered-dialect their generic ops are verified there and not here.
        d = m.group(1)
        if d not in OUR_DIALECTS and (not allow or d in UPSTREAM_DIALECTS):
            return m.group(1)
    return ""


def passes_of(run):
    """Pass names a RUN line asks mlir-opt for (flags and --pass-pipeline contents)."""
    names = []
    for seg in run.split("|"):
        if "mlir-opt" not in seg:
            continue
        for m in re.finditer(r"(?:^|\s)--?([a-zA-Z][\w-]*)", seg.split("mlir-opt", 1)[1]):
            names.append(m.group(1))
        for m in re.finditer(r"pass-pipeline=[\"']?([^\"' ]+)", seg):
            names += re.findall(r"([a-zA-Z][\w-]*)\s*(?=[({,)]|$)", m.group(1))
    return names


def mlir_opt_passes():
    out = subprocess.run([REFERENCE, "--help"], capture_output=True, text=True).stdout
    return {m.group(1) for m in re.finditer(r"^      --([\w-]+)", out, re.M)}


def our_passes(opt):
    out = subprocess.run([opt, "--list-passes"], capture_output=True, text=True).stdout
    return {m.group(1) for m in re.finditer(r"^  ([\w-]+)\s", out, re.M)}


def shell_command(run, tool, case_file, orig_file):
    cmd = run.replace("%s", case_file).replace("%p", os.path.dirname(orig_file))
    cmd = cmd.replace("%S", os.path.dirname(orig_file))
    cmd = re.sub(r"(?<![\w/.-])mlir-opt(?![\w-])", tool, cmd)
    cmd = re.sub(r"(?<![\w/.-])FileCheck(?![\w-])", f"{LLVM_BIN}/FileCheck", cmd)
    cmd = re.sub(r"(?<![\w/.-])not(?=\s)", f"{LLVM_BIN}/not", cmd)
    return cmd


def check_prefixes(run):
    m = re.search(r"--?check-prefix(?:es)?[= ](\S+)", run)
    return m.group(1).split(",") if m else ["CHECK"]


def drop_filecheck_without_directives(run, text):
    """Per-chunk FileCheck: a chunk without directives of the run's prefixes only has to run."""
    if "FileCheck" not in run:
        return run
    prefixes = check_prefixes(run)
    if any(re.search(rf"\b{re.escape(p)}(-[A-Z]+)?:", text) for p in prefixes):
        return run
    parts = [p for p in run.split("|") if "FileCheck" not in p]
    return "|".join(parts)


def run_case(case, tool, timeout=60):
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(case.text)
        name = f.name
    try:
        for run in case.runs:
            run = drop_filecheck_without_directives(run, case.text)
            cmd = shell_command(run, tool, name, case.file)
            try:
                p = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], capture_output=True,
                                   text=True, timeout=timeout)
            except subprocess.TimeoutExpired:
                return False, f"timeout: {cmd}"
            if p.returncode != 0:
                return False, f"$ {cmd}\n{p.stderr[-3000:]}"
        return True, ""
    finally:
        os.unlink(name)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("tests", help="directory of upstream .mlir test files")
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--opt", default=os.path.join(here, "target/debug/onnx-opt"))
    ap.add_argument("--reference", default=REFERENCE, help="mlir-opt 22, to validate each case")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("-v", "--verbose", action="store_true", help="print each failure's output")
    ap.add_argument("--filter", default="", help="only files whose path contains this")
    args = ap.parse_args()

    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(args.tests) for f in fs
                   if f.endswith(".mlir") and args.filter in os.path.join(d, f))
    UPSTREAM_DIALECTS.update(upstream_dialects())
    upstream_passes = mlir_opt_passes()
    # Validating the harness with mlir-opt itself: it has every upstream pass.
    same = os.path.realpath(args.opt) == os.path.realpath(args.reference)
    ours = upstream_passes if same else our_passes(args.opt)
    cases, missing_passes = [], {}
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        runs = [r for r in run_lines(text) if "mlir-opt" in r]
        if not runs:
            continue
        lacking = sorted({p for r in runs for p in passes_of(r) if p in upstream_passes and p not in ours})
        for c in split_cases(path, text, runs):
            if lacking:
                c.skip = "pass " + ",".join(lacking)
                for p in lacking:
                    missing_passes[p] = missing_passes.get(p, 0) + 1
            elif d := foreign_dialect(c):
                c.skip = f"dialect {d}"
            cases.append(c)

    todo = [c for c in cases if not c.skip]

    def work(c):
        ok, _ = run_case(c, args.reference)
        if not ok:
            c.skip = "fails under mlir-opt 22"
            return
        ok, detail = run_case(c, args.opt)
        c.result, c.detail = ("pass" if ok else "fail"), detail

    with ThreadPoolExecutor(max_workers=args.j) as ex:
        list(ex.map(work, todo))

    total_pass = total = 0
    rel = lambda p: os.path.relpath(p, args.tests)
    for path in files:
        fc = [c for c in cases if c.file == path]
        counted = [c for c in fc if not c.skip]
        passed = [c for c in counted if c.result == "pass"]
        skipped = len(fc) - len(counted)
        if not fc:
            continue
        total += len(counted)
        total_pass += len(passed)
        status = "PASS" if len(passed) == len(counted) else "FAIL"
        print(f"{status} {rel(path)}: {len(passed)}/{len(counted)} pass, {skipped} skipped")
        for c in counted:
            if c.result != "pass":
                print(f"    fail: case {c.index} (line {c.first_line})")
                if args.verbose:
                    print("      " + c.detail.replace("\n", "\n      ")[:4000])
    reasons = {}
    for c in cases:
        if c.skip and args.verbose:
            print(f"skip {rel(c.file)} case {c.index} (line {c.first_line}): {c.skip}")
        if c.skip:
            key = c.skip if not c.skip.startswith("pass ") else "pass not in onnx-opt"
            reasons[key] = reasons.get(key, 0) + 1
    print("\nskipped:", ", ".join(f"{k}: {v}" for k, v in sorted(reasons.items())) or "none")
    if missing_passes:
        print("passes onnx-opt lacks (cases):", ", ".join(f"{k} ({v})" for k, v in sorted(missing_passes.items())))
    pct = 100.0 * total_pass / total if total else 0.0
    print(f"\nTOTAL: {total_pass}/{total} cases pass ({pct:.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
