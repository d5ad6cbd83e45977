"""Expected outputs for a generated model: onnxruntime first, the reference evaluator where
onnxruntime refuses the model or dies (a zero-length Scan kills it with SIGFPE), each run in a
forked child so that a crash or a hang cannot take the driver down."""

import json
import os
import pickle
import signal
import sys

import numpy as np
import onnx
from onnx import numpy_helper
from onnx.reference import ReferenceEvaluator
from onnx.reference.op_run import OpRun
from onnx.reference.ops.op_scan import Scan as ScanRef

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from onnx_cf.oracle import run_ort, run_ref, with_explicit_cond  # noqa: E402


def in_child(fn, timeout):
    """Runs `fn()` in a forked child; ('ok', value) or ('error', text)."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        signal.alarm(timeout)
        try:
            res = ("ok", fn())
        except BaseException as e:  # noqa: BLE001 - every failure is a result here
            res = ("error", (str(e).strip().splitlines() or [type(e).__name__])[0][:800])
        data = pickle.dumps(res)
        with os.fdopen(w, "wb") as f:
            f.write(data)
        os._exit(0)
    os.close(w)
    with os.fdopen(r, "rb") as f:
        data = f.read()
    _, status = os.waitpid(pid, 0)
    if not data:
        if os.WIFSIGNALED(status):
            return "error", f"killed by signal {os.WTERMSIG(status)}"
        return "error", f"exit status {os.WEXITSTATUS(status)}"
    return pickle.loads(data)


def expected(model, inputs, timeout=60):
    """(outputs, oracle name, why not onnxruntime) or (None, None, reasons)."""
    feeds = {vi.name: x for vi, x in zip(model.graph.input, inputs)}
    kind, val = in_child(lambda: run_ort(model, feeds), timeout)
    if kind == "ok":
        return val, "onnxruntime", None
    why = val.replace("[ONNXRuntimeError] : ", "")
    # The reference evaluator runs a Loop without a cond input zero times: give it a true one.
    kind, ref = in_child(lambda: run_ref(with_explicit_cond(model), feeds), timeout)
    if kind == "ok":
        return ref, "reference", why
    return None, None, f"onnxruntime: {why}; reference evaluator: {ref}"


def shape_ok(value, want):
    """Whether an oracle output agrees with the generator's idea of it (None dims are free)."""
    kind, shape, eshapes = want
    if kind == "seq":
        if not isinstance(value, list):
            return False
        if eshapes is None:
            return True
        return len(value) == len(eshapes) and all(
            es is None or dims_ok(np.asarray(x).shape, es) for x, es in zip(value, eshapes))
    if isinstance(value, list) or value is None:
        return False
    return shape is None or dims_ok(np.asarray(value).shape, shape)


def dims_ok(got, want):
    return len(got) == len(want) and all(w is None or g == w for g, w in zip(got, want))


def to_proto(value, vi):
    if vi.type.HasField("sequence_type"):
        return numpy_helper.from_list([np.asarray(v) for v in value], vi.name)
    return numpy_helper.from_array(np.asarray(value), vi.name)


# onnxruntime has few float16 CPU kernels: it runs those ops in float32 between inserted Casts
# and drops the Casts between two such ops, so a chain of them is rounded to float16 once,
# where Flowgate (as the spec) rounds after every op; results differ by a few float16 ulps.
F16_TOLERANCE = {"rtol": 5e-3, "atol": 1e-3, "reason": "float16 ops: onnxruntime computes "
                 "chains of them in float32 and rounds once, Flowgate rounds after every op "
                 "(a few float16 ulps)"}


class _Scan(ScanRef):
    """onnx's reference Scan, extended to every scan axis and direction. onnx 1.23's evaluator
    refuses any axis but 0 and any reverse direction: the scan inputs are moved to axis 0 and
    reversed here, the body runs as onnx's does, and the scan outputs are reversed and moved
    back to their axes."""

    def __init__(self, onnx_node, run_params):
        OpRun.__init__(self, onnx_node, run_params)
        self.input_names = self.body.input_names
        self.output_names = self.body.output_names

    def _run(self, *args, context=None, attributes=None, bindings=None, **_):  # noqa: ARG002
        n_scan = self.num_scan_inputs
        n_state = len(args) - n_scan
        in_axes = list(self.scan_input_axes or []) + [0] * n_scan
        in_dirs = list(self.scan_input_directions or []) + [0] * n_scan
        scans = []
        for i, x in enumerate(args[n_state:]):
            x = np.moveaxis(x, in_axes[i] % x.ndim, 0)
            scans.append(np.flip(x, 0) if in_dirs[i] else x)
        states = list(args[:n_state])
        names_in, names_out = self.input_names, self.output_names
        n_out = len(names_out) - n_state
        rows = [[] for _ in range(n_out)]
        for it in range(scans[0].shape[0]):
            feeds = dict(context or {})
            feeds.update(zip(names_in[:n_state], states))
            feeds.update((name, x[it]) for name, x in zip(names_in[n_state:], scans))
            outs = dict(zip(names_out, self._run_body(feeds, bindings=bindings)))
            states = [outs[name] for name in names_out[:n_state]]
            for i, name in enumerate(names_out[n_state:]):
                rows[i].append(np.asarray(outs[name]))
        if scans[0].shape[0] == 0 and rows:
            raise RuntimeError("Scan with zero iterations and scan outputs: no shape to give them")
        out_axes = list(self.scan_output_axes or []) + [0] * n_out
        out_dirs = list(self.scan_output_directions or []) + [0] * n_out
        for i, r in enumerate(rows):
            y = np.stack(r[::-1] if out_dirs[i] else r, axis=0)
            states.append(np.moveaxis(y, 0, out_axes[i] % y.ndim))
        return self._check_and_fix_outputs(tuple(states))


_Scan.__name__ = "Scan"


def run_ref_any_scan(model, feeds):
    """The reference evaluator with `_Scan` in place of onnx's Scan."""
    return ReferenceEvaluator(model, new_ops=[_Scan]).run(None, feeds)


def write_case(d, model, inputs, outputs, float16=False):
    os.makedirs(os.path.join(d, "test_data_set_0"))
    if float16:
        with open(os.path.join(d, "tolerance.json"), "w") as f:
            json.dump(F16_TOLERANCE, f, indent=1)
            f.write("\n")
    with open(os.path.join(d, "model.onnx"), "wb") as f:
        f.write(model.SerializeToString())
    for kind, vals, decl in (("input", inputs, model.graph.input), ("output", outputs, model.graph.output)):
        for j, (v, vi) in enumerate(zip(vals, decl)):
            with open(os.path.join(d, "test_data_set_0", f"{kind}_{j}.pb"), "wb") as f:
                f.write(to_proto(v, vi).SerializeToString())


def dtype_ok(value, vi):
    """The oracle's output has the declared element type (float16 stays float16)."""
    if vi.type.HasField("sequence_type"):
        elem = vi.type.sequence_type.elem_type.tensor_type.elem_type
        return all(np.asarray(x).dtype == onnx.helper.tensor_dtype_to_np_dtype(elem) for x in value)
    return np.asarray(value).dtype == onnx.helper.tensor_dtype_to_np_dtype(vi.type.tensor_type.elem_type)
