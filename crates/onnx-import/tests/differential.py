#!/usr/bin/env python3
"""Differential test of the text reader against onnx.parser on mutated fixtures.

Not part of `cargo test` (it needs Python and onnx==1.23.2). Run from the repository root:
    cargo build -p flowgate-onnx-import --example text_to_proto
    python3 crates/onnx-import/tests/differential.py [N]
Prints every input where the two parsers disagree on accepting it or on the proto built.
"""
import glob
import os
import random
import subprocess
import sys

import onnx
import onnx.parser

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
TOOL = os.path.join(REPO, "target", "debug", "examples", "text_to_proto")
PUNCT = list("<>()[]{},=:\"@#.-?") + ["=>", "\n", " ", "1", "x", "float", "seq(", "\"\""]


def mutate(rng, text):
    ops = rng.randint(1, 3)
    for _ in range(ops):
        if not text:
            break
        i = rng.randrange(len(text))
        k = rng.random()
        if k < 0.3:
            text = text[:i] + text[i + 1 :]
        elif k < 0.6:
            text = text[:i] + rng.choice(PUNCT) + text[i:]
        elif k < 0.8:
            j = min(len(text), i + rng.randint(1, 12))
            text = text[:i] + text[j:]
        else:
            text = text[:i]
    return text


def ours(text):
    p = subprocess.run([TOOL], input=text.encode(), capture_output=True)
    return (p.stdout if p.returncode == 0 else None), p.stderr.decode(errors="replace").strip()


def reference(text):
    try:
        return onnx.parser.parse_model(text)
    except Exception as e:  # the reference raises ParseError, and C++ exceptions as others
        return e


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rng = random.Random(1234)
    seeds = sorted(glob.glob(os.path.join(HERE, "text", "cases", "*.txt")))
    seeds += sorted(glob.glob(os.path.join(HERE, "text", "backend", "test_[ils]*.txt")))[:12]
    texts = [open(p).read() for p in seeds]
    agree = disagree = both_accept = 0
    for k in range(n):
        t = mutate(rng, rng.choice(texts)) if k >= len(texts) else texts[k]
        mine, err = ours(t)
        ref = reference(t)
        ref_ok = isinstance(ref, onnx.ModelProto)
        if mine is None and not ref_ok:
            agree += 1
            continue
        if mine is not None and ref_ok:
            m = onnx.ModelProto()
            m.ParseFromString(mine)
            if m == ref or m.SerializeToString() == ref.SerializeToString():
                agree += 1
                both_accept += 1
                continue
            print("=== different protos for:\n" + t)
        else:
            why = err if mine is None else f"reference: {str(ref)[:300]}"
            print(f"=== {'only reference accepts' if ref_ok else 'only ours accepts'} ({why}):\n{t}")
        disagree += 1
    print(f"{agree} agree ({both_accept} accepted by both), {disagree} disagree")


if __name__ == "__main__":
    main()
