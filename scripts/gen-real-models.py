#!/usr/bin/env python3
"""Build Flowgate's real-model corpus: control-flow models as people ship them.

Each source module in scripts/real_models/ (one per package or converter) builds its models
from the published package or by running the converter, with real inputs (a package's bundled
audio, scikit-learn's bundled datasets, images), and takes the expected outputs from
onnxruntime (one thread, CPU). The layout is the ONNX backend suite's, plus a tolerance file:

    <case>/model.onnx
    <case>/test_data_set_K/{input,output}_I.pb
    <case>/tolerance.json      {"rtol": R, "atol": A, "reason": "why this model needs it"}
    <case>/SOURCE              package, version, how the model was obtained

Models up to 3 MB go to testdata/real/ (committed; CI runs them with `onnx-run
--backend-tests testdata/real`); larger ones go to target/real-models/ (not committed; the
benchmark bench/onnx/real_models.py runs both directories).

    pip install -r scripts/real_models/requirements.txt
    python3 scripts/gen-real-models.py                     # every source
    python3 scripts/gen-real-models.py --only silero_vad   # one source module (or case name)
    python3 scripts/gen-real-models.py --list
"""

import argparse
import importlib
import os
import pkgutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True

import real_models  # noqa: E402
from real_models.common import REPO, write_real_case  # noqa: E402


def sources():
    """The source modules: every module of the package except the shared helpers."""
    names = sorted(m.name for m in pkgutil.iter_modules(real_models.__path__))
    return [n for n in names if n not in ("common",)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(REPO, "testdata", "real"))
    ap.add_argument("--large-out", default=os.path.join(REPO, "target", "real-models"))
    ap.add_argument("--only", action="append", default=[], help="source module or case name")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    failed = []
    for src in sources():
        mod = importlib.import_module(f"real_models.{src}")
        for name, build in mod.CASES:
            if args.only and src not in args.only and name not in args.only:
                continue
            if args.list:
                print(f"{src}: {name}")
                continue
            try:
                case = build()
            except Exception as e:  # a package that cannot be installed or converted
                failed.append(f"{name}: {type(e).__name__}: {str(e).splitlines()[0][:200] if str(e) else ''}")
                print(f"FAILED {name}: {failed[-1]}", file=sys.stderr)
                continue
            where = write_real_case(case, args.out, args.large_out)
            print(f"{name}: {where}")
    if failed:
        print("\n".join(["not generated:"] + failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
