"""Runs the node suite through onnxruntime and lists the cases it passes that Flowgate fails.

Usage: python3 scripts/onnx_node/ort_check.py SUITE_DIR [ONNX_RUN]

SUITE_DIR is what write_suite.py wrote. Every case runs on one onnxruntime session with one
thread; its outputs are compared with the expected ones as `onnx-run --backend-tests` compares
them (crates/runtime/src/compare.rs with the default tolerance of crates/driver/src/tolerance.rs:
float types within atol + rtol * |expected|, NaN equal to NaN, infinities exactly; everything
else exactly; element type and shape must match). A case passes when every data set passes.
Prints `PASS name` / `FAIL name: why` per case and the count. With ONNX_RUN, also runs the suite
through Flowgate and prints the cases onnxruntime passes and Flowgate fails (`ORT-ONLY name`),
and the reverse count; the exit status is 1 when there is any ORT-ONLY case.
"""
import glob
import os
import sys

import numpy as np
import onnx
from onnx import numpy_helper

# crates/driver/src/tolerance.rs DEFAULT_RTOL / DEFAULT_ATOL.
RTOL, ATOL = 1e-3, 1e-7


def read_value(path, decl):
    """The value in `path`, read as the graph declares it (tensor, sequence, optional, map)."""
    with open(path, "rb") as f:
        data = f.read()
    t = decl.type
    if t.HasField("sequence_type"):
        p = onnx.SequenceProto()
        p.ParseFromString(data)
        return numpy_helper.to_list(p)
    if t.HasField("optional_type"):
        p = onnx.OptionalProto()
        p.ParseFromString(data)
        return numpy_helper.to_optional(p)
    if t.HasField("map_type"):
        p = onnx.MapProto()
        p.ParseFromString(data)
        return numpy_helper.to_dict(p)
    p = onnx.TensorProto()
    p.ParseFromString(data)
    return numpy_helper.to_array(p)


def is_float(dt):
    # numpy floats, and the ml_dtypes types onnx uses for bfloat16 and the float8/float4 formats.
    return dt.kind == "f" or (dt.kind == "V" and "float" in dt.name) or dt.name.startswith("float")


def compare(e, a):
    """None when `a` matches `e`, else why not (the rule of compare.rs)."""
    if isinstance(e, list):
        if not isinstance(a, list):
            return f"expected a sequence, got {type(a).__name__}"
        if len(e) != len(a):
            return f"sequence length: expected {len(e)}, got {len(a)}"
        for i, (x, y) in enumerate(zip(e, a)):
            m = compare(x, y)
            if m:
                return f"sequence item {i}: {m}"
        return None
    if e is None or a is None:
        return None if e is None and a is None else "optional: one side is empty"
    if isinstance(e, dict):
        return None if e == a else "map differs"
    e, a = np.asarray(e), np.asarray(a)
    if e.dtype.kind in "OSU":
        if a.dtype.kind not in "OSU":
            return f"element type: expected string, got {a.dtype}"
        norm = np.vectorize(lambda s: s.decode() if isinstance(s, bytes) else str(s), otypes=[object])
        if e.shape != a.shape:
            return f"shape: expected {e.shape}, got {a.shape}"
        return None if e.size == 0 or (norm(e) == norm(a)).all() else "strings differ"
    if e.dtype != a.dtype:
        # onnxruntime hands back the float8/float4 formats as their uint8 codes.
        if a.dtype == np.uint8 and e.dtype.itemsize == 1 and is_float(e.dtype):
            a = a.view(e.dtype)
        else:
            return f"element type: expected {e.dtype}, got {a.dtype}"
    if e.shape != a.shape:
        return f"shape: expected {e.shape}, got {a.shape}"
    if is_float(e.dtype):
        x, y = e.astype(np.float64).ravel(), a.astype(np.float64).ravel()
        nan = np.isnan(x) | np.isnan(y)
        inf = ~nan & (np.isinf(x) | np.isinf(y))
        fin = ~nan & ~inf
        with np.errstate(invalid="ignore"):
            ok = np.where(nan, np.isnan(x) & np.isnan(y), np.where(inf, x == y, np.abs(y - x) <= ATOL + RTOL * np.abs(x)))
        ok &= nan | inf | fin
    else:
        ok = (e == a).ravel()
    if ok.all():
        return None
    i = int(np.argmin(ok))
    return f"element {i}: expected {e.ravel()[i]}, got {a.ravel()[i]}"


def run_case(case_dir, ort):
    """None when onnxruntime passes every data set of the case, else why not."""
    model = onnx.load(os.path.join(case_dir, "model.onnx"))
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 1
    opts.inter_op_num_threads = 1
    opts.log_severity_level = 4
    try:
        sess = ort.InferenceSession(model.SerializeToString(), opts, providers=["CPUExecutionProvider"])
    except Exception as ex:  # noqa: BLE001 - any refusal is a failed case
        return f"session: {str(ex).splitlines()[0][:200]}"
    inits = {i.name for i in model.graph.initializer}
    inputs = [i for i in model.graph.input if i.name not in inits]
    sets = sorted(glob.glob(os.path.join(case_dir, "test_data_set_*")))
    if not sets:
        return "no data sets"
    for ds in sets:
        feeds = {}
        for j, decl in enumerate(inputs):
            p = os.path.join(ds, f"input_{j}.pb")
            if os.path.exists(p):
                feeds[decl.name] = read_value(p, decl)
        try:
            got = sess.run(None, feeds)
        except Exception as ex:  # noqa: BLE001
            return f"run: {str(ex).splitlines()[0][:200]}"
        for j, decl in enumerate(model.graph.output):
            p = os.path.join(ds, f"output_{j}.pb")
            if not os.path.exists(p):
                continue
            m = compare(read_value(p, decl), got[j])
            if m:
                return f"{os.path.basename(ds)} output {j}: {m}"
    return None


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    import onnxruntime as ort  # noqa: PLC0415

    suite = sys.argv[1]
    passed, failed = set(), {}
    for case_dir in sorted(glob.glob(os.path.join(suite, "*", "model.onnx"))):
        case_dir = os.path.dirname(case_dir)
        name = os.path.basename(case_dir)
        try:
            why = run_case(case_dir, ort)
        except Exception as ex:  # noqa: BLE001 - unreadable data is a failed case, not a crash
            why = f"{type(ex).__name__}: {str(ex)[:200]}"
        if why is None:
            passed.add(name)
            print(f"PASS {name}", flush=True)
        else:
            failed[name] = why
            print(f"FAIL {name}: {why}", flush=True)
    total = len(passed) + len(failed)
    print(f"onnxruntime {ort.__version__} (one thread): {len(passed)} of {total} cases pass")
    if len(sys.argv) == 3:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        from check import run_suite  # noqa: PLC0415

        fg_passed, fg_failed, summary = run_suite(sys.argv[2], suite)
        only_ort = sorted(passed - fg_passed)
        for n in only_ort:
            print(f"ORT-ONLY {n}: {fg_failed.get(n, 'not run by onnx-run')}")
        print(f"Flowgate: {summary}; onnxruntime passes {len(only_ort)} cases Flowgate fails, "
              f"Flowgate passes {len(fg_passed - passed)} cases onnxruntime fails")
        sys.exit(1 if only_ort else 0)


if __name__ == "__main__":
    main()
