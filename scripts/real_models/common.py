"""Shared pieces of the real-model corpus: the case record, the oracle (onnxruntime, one
thread) and the files."""

import dataclasses
import json
import os
import shutil
import sys

import numpy as np
import onnx

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))

from onnx_cf.oracle import describe, run_ort, write_case  # noqa: E402

# Models larger than this stay out of the repository (regenerated, run by the benchmark).
COMMIT_LIMIT = 3 * 1024 * 1024


@dataclasses.dataclass
class RealCase:
    name: str                  # directory name, e.g. "silero_vad_v5"
    model: onnx.ModelProto
    datasets: list             # list of input lists, in graph-input order
    rtol: float = 1e-3
    atol: float = 1e-7
    reason: str = "default tolerance (DESIGN.md §8)"
    source: str = ""           # package and version, how the model was obtained
    outputs: list = None       # filled by write_real_case from onnxruntime


def write_real_case(case, out, large_out):
    """Runs onnxruntime on every data set and writes the case; returns the directory."""
    data = case.model.SerializeToString()
    root = out if len(data) <= COMMIT_LIMIT else large_out
    d = os.path.join(root, case.name)
    if os.path.exists(d):
        shutil.rmtree(d)
    os.makedirs(root, exist_ok=True)
    names = [vi.name for vi in case.model.graph.input]
    outputs = []
    for ins in case.datasets:
        if len(ins) != len(names):
            raise SystemExit(f"{case.name}: {len(ins)} inputs for {len(names)} graph inputs")
        outputs.append(run_ort(case.model, dict(zip(names, ins))))
    write_case(d, case.model, case.datasets, outputs)
    with open(os.path.join(d, "tolerance.json"), "w") as f:
        json.dump({"rtol": case.rtol, "atol": case.atol, "reason": case.reason}, f, indent=1)
        f.write("\n")
    with open(os.path.join(d, "SOURCE"), "w") as f:
        f.write(case.source.strip() + "\n")
    return d


def load_onnx(path):
    """A model file from a package, with its external data (if any) folded in."""
    return onnx.load(path, load_external_data=True)


def summary(values):
    return ", ".join(describe(np.asarray(v)) for v in values)
