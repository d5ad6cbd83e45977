#!/usr/bin/env python3
"""Generate Flowgate's own ONNX control-flow conformance corpus.

Each case is a small model built with `onnx.helper`, plus one or more input sets. The expected
outputs come from onnxruntime (CPU execution provider); where onnxruntime refuses a model, from
`onnx.reference.ReferenceEvaluator`, and the case's README line says so. The layout is the ONNX
backend suite's: `<case>/model.onnx`, `<case>/test_data_set_K/{input,output}_I.pb`.

    python3 scripts/gen-onnx-cf.py [--out testdata/onnx-cf]
    python3 scripts/gen-onnx-cf.py --memory-model [--memory-out testdata/memory]

Everything is seeded from the case name, onnxruntime runs single-threaded, and nothing records
a date or a version, so two runs give identical files.
"""

import argparse
import itertools
import os
import shutil
import sys
import zlib

import ml_dtypes
import numpy as np
import onnx
import onnxruntime as ort
from onnx import TensorProto as TP
from onnx import helper, numpy_helper
from onnx.reference import ReferenceEvaluator

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The IR version each opset shipped with (onnx.helper.VERSION_TABLE); a model stamped with a
# newer IR than its opset needs would be refused by older consumers for no reason.
IR_VERSION = {11: 6, 12: 7, 13: 7, 14: 7, 15: 8, 16: 8, 17: 8, 18: 8, 19: 9, 20: 9, 21: 10}

F16, BF16, F32, F64 = TP.FLOAT16, TP.BFLOAT16, TP.FLOAT, TP.DOUBLE
I8, I16, I32, I64 = TP.INT8, TP.INT16, TP.INT32, TP.INT64
U8, U16, U32, U64 = TP.UINT8, TP.UINT16, TP.UINT32, TP.UINT64
BOOL = TP.BOOL

NP_OF = {
    F16: np.float16, BF16: ml_dtypes.bfloat16, F32: np.float32, F64: np.float64,
    I8: np.int8, I16: np.int16, I32: np.int32, I64: np.int64,
    U8: np.uint8, U16: np.uint16, U32: np.uint32, U64: np.uint64, BOOL: np.bool_,
}
INT64_MAX = np.iinfo(np.int64).max

MAX_MODEL_BYTES = 200 * 1024
MAX_TOTAL_BYTES = 5 * 1024 * 1024


# ---------------------------------------------------------------------------------------------
# Graph building


def type_proto(elem, shape, kind="tensor"):
    """`kind` is tensor, seq, opt (optional tensor) or optseq (optional sequence)."""
    tp = helper.make_tensor_type_proto(elem, shape)
    if kind in ("seq", "optseq"):
        tp = helper.make_sequence_type_proto(tp)
    if kind in ("opt", "optseq"):
        tp = helper.make_optional_type_proto(tp)
    return tp


def arr(value, elem):
    return np.asarray(value, dtype=NP_OF[elem])


class B:
    """One graph under construction. Subgraphs share the name counter with their parent, so
    every value name in a model is unique (no shadowing across scopes)."""

    def __init__(self, opset, name="main", names=None):
        self.opset = opset
        self.name = name
        self.names = names if names is not None else itertools.count()
        self.nodes, self.inputs, self.outputs, self.inits = [], [], [], []

    def fresh(self, prefix):
        return f"{prefix}_{next(self.names)}"

    def sub(self, name):
        return B(self.opset, self.fresh(name), self.names)

    def input(self, elem, shape, name=None, kind="tensor"):
        name = name or self.fresh("in")
        self.inputs.append(helper.make_value_info(name, type_proto(elem, shape, kind)))
        return name

    def output(self, value, elem, shape, name=None, kind="tensor"):
        """Declares `value` a graph output; with `name`, through an Identity of that name."""
        if name is not None and name != value:
            value = self.op("Identity", [value], outs=[name])[0]
        self.outputs.append(helper.make_value_info(value, type_proto(elem, shape, kind)))
        return value

    def init(self, value, elem, name=None):
        name = name or self.fresh("w")
        self.inits.append(numpy_helper.from_array(arr(value, elem), name))
        return name

    def const(self, value, elem):
        return self.op("Constant", [], value=numpy_helper.from_array(arr(value, elem)))

    def op(self, op_type, inputs, outs=1, **attrs):
        """Adds a node. Returns its output name, or the list of names when `outs` > 1 or is a
        list of names."""
        single = outs == 1
        if isinstance(outs, int):
            outs = [self.fresh(op_type.lower()) for _ in range(outs)]
        self.nodes.append(
            helper.make_node(op_type, list(inputs), list(outs), name=self.fresh(op_type), **attrs)
        )
        return outs[0] if single else list(outs)

    def ops(self, op_type, inputs, n, **attrs):
        """Like `op` with `n` fresh outputs, but always returns a list (a Loop with one output)."""
        return self.op(op_type, inputs, outs=[self.fresh(op_type.lower()) for _ in range(n)], **attrs)

    def graph(self, doc=None):
        g = helper.make_graph(self.nodes, self.name, self.inputs, self.outputs, self.inits)
        if doc:
            g.doc_string = doc
        return g

    # -- ops whose form changed between opsets ------------------------------------------------

    def i64s(self, values):
        return self.const(values, I64)

    def unsqueeze(self, x, axes):
        if self.opset < 13:
            return self.op("Unsqueeze", [x], axes=axes)
        return self.op("Unsqueeze", [x, self.i64s(axes)])

    def squeeze(self, x, axes):
        if self.opset < 13:
            return self.op("Squeeze", [x], axes=axes)
        return self.op("Squeeze", [x, self.i64s(axes)])

    def reduce(self, op_type, x, axes, keepdims=1, noop_with_empty_axes=None):
        """Axes as an attribute before the opset that made them an input (13 for ReduceSum,
        18 for the others); `axes=None` leaves them out (reduce all, or no-op)."""
        attrs = {"keepdims": keepdims}
        if noop_with_empty_axes is not None:
            attrs["noop_with_empty_axes"] = noop_with_empty_axes
        as_input = self.opset >= (13 if op_type == "ReduceSum" else 18)
        if axes is None:
            return self.op(op_type, [x], **attrs)
        if as_input:
            return self.op(op_type, [x, self.i64s(axes)], **attrs)
        return self.op(op_type, [x], axes=axes, **attrs)

    def split(self, x, sizes, axis=0):
        if self.opset < 13:
            return self.op("Split", [x], outs=len(sizes), axis=axis, split=sizes)
        return self.op("Split", [x, self.i64s(sizes)], outs=len(sizes), axis=axis)

    def cast(self, x, elem):
        return self.op("Cast", [x], to=elem)


def loop_body(b, carried):
    """A Loop body builder with its iteration number, incoming condition and carried inputs.
    `carried` lists (elem, shape[, kind])."""
    s = b.sub("loop_body")
    i = s.input(I64, [], s.fresh("iter"))
    c = s.input(BOOL, [], s.fresh("cond_in"))
    vs = [s.input(*spec) if len(spec) < 3 else s.input(spec[0], spec[1], kind=spec[2]) for spec in carried]
    return s, i, c, vs


def scan_body(b, states, scans):
    """A Scan body builder: state inputs, then one slice per scan input."""
    s = b.sub("scan_body")
    st = [s.input(e, sh) for e, sh in states]
    xs = [s.input(e, sh) for e, sh in scans]
    return s, st, xs


# ---------------------------------------------------------------------------------------------
# Cases

CASES = []


def case(name, desc, opset=18, show_shapes=False):
    """Registers a case. The function gets the main graph builder and a seeded generator, builds
    the graph and returns its input sets, each a list in graph-input order."""

    def deco(fn):
        CASES.append((name, desc, opset, show_shapes, fn))
        return fn

    return deco


def randf(rng, shape, elem=F32, lo=-1.0, hi=1.0):
    return rng.uniform(lo, hi, size=shape).astype(NP_OF[elem])


def scalar(v, elem):
    return np.array(v, dtype=NP_OF[elem])



# -- Loop modes ---------------------------------------------------------------------------------


def counting_body(b, x, cond_of=None):
    """Body carrying acc [2] (acc += x * i) and a counter n (n += 1). `cond_of(s, i, acc)`
    gives the outgoing condition; default: the incoming one."""
    s, i, c, (acc, n) = loop_body(b, [(F32, [2]), (I64, [])])
    fi = s.cast(i, F32)
    acc2 = s.op("Add", [acc, s.op("Mul", [x, fi])])
    n2 = s.op("Add", [n, s.const(1, I64)])
    cond = cond_of(s, i, acc2) if cond_of else s.op("Identity", [c])
    s.output(cond, BOOL, [])
    s.output(acc2, F32, [2])
    s.output(n2, I64, [])
    return s.graph()


def stop_after(k):
    """Outgoing condition i < k: the body runs k + 1 times."""
    return lambda s, i, acc: s.op("Less", [i, s.const(k, I64)])


def counting_loop(b, m, cond, x, cond_of=None):
    acc0 = b.init([0.5, -1.0], F32)
    n0 = b.init(0, I64)
    acc, n = b.op("Loop", [m, cond, acc0, n0], outs=2, body=counting_body(b, x, cond_of))
    b.output(acc, F32, [2], "acc")
    b.output(n, I64, [], "trips")


@case("loop_mode_empty_cond", "Loop (\"\", cond): cond a graph input, the body sets cond = i < 4 "
      "(a while loop that goes false mid-way, 5 trips); second set starts with cond false.")
def _(b, rng):
    x = b.input(F32, [2], "x")
    cond = b.input(BOOL, [], "cond")
    counting_loop(b, "", cond, x, stop_after(4))
    xv = randf(rng, [2])
    return [[xv, scalar(True, BOOL)], [xv, scalar(False, BOOL)]]


@case("loop_mode_empty_const_true", "Loop (\"\", 1): cond a Constant true, the body stops "
      "when acc[0] reaches a limit given as input (do-while).", opset=17)
def _(b, rng):
    x = b.input(F32, [2], "x")
    limit = b.input(F32, [], "limit")
    cond = b.const(True, BOOL)

    def cond_of(s, i, acc):
        first = s.op("Gather", [acc, s.const(0, I64)], axis=0)
        return s.op("Less", [first, limit])

    counting_loop(b, "", cond, x, cond_of)
    return [[np.array([1.5, 2.0], np.float32), scalar(20.0, F32)],
            [np.array([1.5, 2.0], np.float32), scalar(-5.0, F32)]]


@case("loop_mode_m_empty", "Loop (M, \"\"): M a graph input, no cond (a for loop); the body "
      "computes a cond (i >= 0, always true). Sets M = 5 and M = 1.")
def _(b, rng):
    x = b.input(F32, [2], "x")
    m = b.input(I64, [], "M")
    counting_loop(b, m, "", x, lambda s, i, acc: s.op("GreaterOrEqual", [i, s.const(0, I64)]))
    xv = randf(rng, [2])
    return [[xv, scalar(5, I64)], [xv, scalar(1, I64)]]


@case("loop_mode_m_empty_cond_passthrough", "Loop (M, \"\") with M a Constant node and the "
      "body's cond output the body's cond input itself.", opset=13)
def _(b, rng):
    x = b.input(F32, [2], "x")
    m = b.const(7, I64)
    s, i, c, (acc,) = loop_body(b, [(F32, [2])])
    acc2 = s.op("Sub", [acc, s.op("Mul", [x, s.cast(i, F32)])])
    s.output(c, BOOL, [])
    s.output(acc2, F32, [2])
    (acc,) = b.ops("Loop", [m, "", x], 1, body=s.graph())
    b.output(acc, F32, [2], "acc")
    return [[randf(rng, [2])]]


@case("loop_mode_m_cond", "Loop (M, cond), both graph inputs, body cond = i < 3: set 0 stops "
      "on cond (M = 10), set 1 on M (M = 2), set 2 never starts (cond false).", opset=16)
def _(b, rng):
    x = b.input(F32, [2], "x")
    m = b.input(I64, [], "M")
    cond = b.input(BOOL, [], "cond")
    counting_loop(b, m, cond, x, stop_after(3))
    xv = randf(rng, [2])
    return [[xv, scalar(10, I64), scalar(True, BOOL)], [xv, scalar(2, I64), scalar(True, BOOL)],
            [xv, scalar(10, I64), scalar(False, BOOL)]]


@case("loop_mode_m_cond_false_init", "Loop (M, cond) with M = 5 an initializer and a false "
      "initial cond: zero trips, the carried values come out unchanged.")
def _(b, rng):
    x = b.input(F32, [2], "x")
    cond = b.input(BOOL, [], "cond")
    counting_loop(b, b.init(5, I64), cond, x)
    return [[randf(rng, [2]), scalar(False, BOOL)]]


@case("loop_mode_empty_cond_false_init", "Loop (\"\", cond) with a false initial cond computed "
      "from the input (x[0] > 100): zero trips.", opset=13)
def _(b, rng):
    x = b.input(F32, [2], "x")
    first = b.op("Gather", [x, b.const(0, I64)], axis=0)
    cond = b.op("Greater", [first, b.const(100.0, F32)])
    counting_loop(b, "", cond, x, stop_after(4))
    return [[randf(rng, [2])]]


@case("loop_m_zero_initializer", "Loop (M, \"\") with M = 0 an initializer: zero trips.")
def _(b, rng):
    x = b.input(F32, [2], "x")
    counting_loop(b, b.init(0, I64), "", x)
    return [[randf(rng, [2])]]


@case("loop_m_zero_constant_cond", "Loop (M, cond) with M = 0 a Constant node and cond true: "
      "zero trips.", opset=11)
def _(b, rng):
    x = b.input(F32, [2], "x")
    counting_loop(b, b.const(0, I64), b.const(True, BOOL), x)
    return [[randf(rng, [2])]]


@case("loop_m_runtime_input", "Loop (M, \"\") with M a graph input: sets M = 0, 1 and 4.",
      opset=17)
def _(b, rng):
    m = b.input(I64, [], "M")
    x = b.input(F32, [2], "x")
    counting_loop(b, m, "", x)
    xv = randf(rng, [2])
    return [[scalar(k, I64), xv] for k in (0, 1, 4)]


@case("loop_m_int64_max_cond_stop", "Loop (M, cond) with M = INT64_MAX an initializer; the "
      "body's cond (i < 6) stops it after 7 trips.")
def _(b, rng):
    x = b.input(F32, [2], "x")
    counting_loop(b, b.init(INT64_MAX, I64), b.const(True, BOOL), x, stop_after(6))
    return [[randf(rng, [2])]]


@case("loop_m_int64_max_input", "Loop (M, cond) with M = INT64_MAX given at run time and a "
      "data-dependent stop (acc[1] >= 10).", opset=19)
def _(b, rng):
    m = b.input(I64, [], "M")
    x = b.input(F32, [2], "x")

    def cond_of(s, i, acc):
        second = s.op("Gather", [acc, s.const(1, I64)], axis=0)
        return s.op("Less", [second, s.const(10.0, F32)])

    counting_loop(b, m, b.const(True, BOOL), x, cond_of)
    return [[scalar(INT64_MAX, I64), np.array([0.25, 0.75], np.float32)]]


@case("loop_while_collatz", "Loop (\"\", cond): a data-dependent while loop (Collatz steps "
      "with Mod, Equal, Where, integer Div); cond = n != 1 is computed before the loop too, so "
      "n = 1 gives zero trips.", opset=15)
def _(b, rng):
    n0 = b.input(I64, [], "n")
    one = b.const(1, I64)
    cond = b.op("Not", [b.op("Equal", [n0, one])])
    s, i, c, (n, steps) = loop_body(b, [(I64, []), (I64, [])])
    even = s.op("Equal", [s.op("Mod", [n, s.const(2, I64)]), s.const(0, I64)])
    half = s.op("Div", [n, s.const(2, I64)])
    triple = s.op("Add", [s.op("Mul", [n, s.const(3, I64)]), s.const(1, I64)])
    n2 = s.op("Where", [even, half, triple])
    s.output(s.op("Not", [s.op("Equal", [n2, s.const(1, I64)])]), BOOL, [])
    s.output(n2, I64, [])
    s.output(s.op("Add", [steps, s.const(1, I64)]), I64, [])
    s.output(n2, I64, [])
    nf, st, path = b.op("Loop", ["", cond, n0, b.const(0, I64)], outs=3, body=s.graph())
    b.output(nf, I64, [], "n_final")
    b.output(st, I64, [], "steps")
    b.output(path, I64, [None], "path")
    return [[scalar(6, I64)], [scalar(27, I64)], [scalar(1, I64)]]


@case("loop_carried_shape_grows", "Loop (M, \"\") whose carried tensor grows by one element "
      "per trip (Concat with the iteration number), so its shape differs from its initial "
      "shape.", opset=18)
def _(b, rng):
    m = b.input(I64, [], "M")
    x0 = b.input(F32, [None], "x0")
    s, i, c, (acc,) = loop_body(b, [(F32, [None])])
    v = s.unsqueeze(s.op("Mul", [s.cast(i, F32), s.const(1.5, F32)]), [0])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("Concat", [acc, v], axis=0), F32, [None])
    (acc,) = b.ops("Loop", [m, "", x0], 1, body=s.graph())
    b.output(acc, F32, [None], "acc")
    return [[scalar(4, I64), randf(rng, [2])], [scalar(0, I64), randf(rng, [3])]]


# -- Loop scan outputs --------------------------------------------------------------------------


@case("loop_scan_scalar_known_trips", "Loop (M, \"\") with M = 5 a Constant: a scalar scan "
      "output (i * i as float) and a carried sum.", opset=17)
def _(b, rng):
    x = b.input(F32, [], "x")
    s, i, c, (acc,) = loop_body(b, [(F32, [])])
    fi = s.cast(i, F32)
    sq = s.op("Mul", [fi, fi])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("Add", [acc, sq]), F32, [])
    s.output(s.op("Add", [sq, x]), F32, [])
    acc, ys = b.op("Loop", [b.const(5, I64), "", b.const(0.0, F32)], outs=2, body=s.graph())
    b.output(acc, F32, [], "sum")
    b.output(ys, F32, [5], "ys")
    return [[scalar(0.25, F32)]]


@case("loop_scan_tensor_known_trips", "Loop (M, \"\") with M = 4 an initializer: a [2, 3] "
      "tensor scan output (x * i) stacked to [4, 2, 3].", opset=13)
def _(b, rng):
    x = b.input(F32, [2, 3], "x")
    s, i, c, (acc,) = loop_body(b, [(F32, [2, 3])])
    y = s.op("Mul", [x, s.cast(i, F32)])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("Add", [acc, y]), F32, [2, 3])
    s.output(y, F32, [2, 3])
    acc, ys = b.op("Loop", [b.init(4, I64), "", x], outs=2, body=s.graph())
    b.output(acc, F32, [2, 3], "acc")
    b.output(ys, F32, [4, 2, 3], "ys")
    return [[randf(rng, [2, 3])]]


@case("loop_scan_scalar_unknown_trips", "Loop (\"\", cond): an int64 scalar scan output whose "
      "length depends on the data (doubling until it passes a limit).", opset=18)
def _(b, rng):
    v0 = b.input(I64, [], "start")
    limit = b.input(I64, [], "limit")
    s, i, c, (v,) = loop_body(b, [(I64, [])])
    v2 = s.op("Mul", [v, s.const(2, I64)])
    s.output(s.op("Less", [v2, limit]), BOOL, [])
    s.output(v2, I64, [])
    s.output(v, I64, [])
    vf, ys = b.op("Loop", ["", b.const(True, BOOL), v0], outs=2, body=s.graph())
    b.output(vf, I64, [], "last")
    b.output(ys, I64, [None], "ys")
    return [[scalar(3, I64), scalar(1000, I64)], [scalar(5, I64), scalar(6, I64)]]


@case("loop_scan_tensor_unknown_trips", "Loop (M, cond) where cond stops first: a [3] float "
      "scan output with a trip count known only at run time.", opset=16)
def _(b, rng):
    x = b.input(F32, [3], "x")
    m = b.input(I64, [], "M")
    s, i, c, (acc,) = loop_body(b, [(F32, [3])])
    acc2 = s.op("Add", [s.op("Mul", [acc, s.const(0.5, F32)]), x])
    total = s.reduce("ReduceSum", acc2, [0], keepdims=0)
    s.output(s.op("Less", [total, s.const(4.0, F32)]), BOOL, [])
    s.output(acc2, F32, [3])
    s.output(s.op("Sqrt", [s.op("Abs", [acc2])]), F32, [3])
    acc, ys = b.op("Loop", [m, b.const(True, BOOL), b.const([0.0, 0.0, 0.0], F32)], outs=2,
                   body=s.graph())
    b.output(acc, F32, [3], "acc")
    b.output(ys, F32, [None, 3], "ys")
    return [[np.array([0.5, 1.0, 0.75], np.float32), scalar(100, I64)],
            [np.array([0.5, 1.0, 0.75], np.float32), scalar(2, I64)]]


@case("loop_scan_zero_trips_scalar", "Loop (M, \"\") with M = 0: a scalar scan output with "
      "no trips.", opset=18, show_shapes=True)
def _(b, rng):
    x = b.input(F32, [], "x")
    s, i, c, (acc,) = loop_body(b, [(F32, [])])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("Add", [acc, x]), F32, [])
    s.output(s.op("Mul", [acc, x]), F32, [])
    acc, ys = b.op("Loop", [b.init(0, I64), "", x], outs=2, body=s.graph())
    b.output(acc, F32, [], "acc")
    b.output(ys, F32, [None], "ys")
    return [[scalar(1.5, F32)]]


@case("loop_scan_zero_trips_tensor", "Loop (M, \"\") with M a graph input: a [2, 3] tensor "
      "scan output; set 0 has M = 0, set 1 M = 2.", opset=17, show_shapes=True)
def _(b, rng):
    m = b.input(I64, [], "M")
    x = b.input(F32, [2, 3], "x")
    s, i, c, (acc,) = loop_body(b, [(F32, [2, 3])])
    y = s.op("Add", [acc, x])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(y, F32, [2, 3])
    s.output(s.op("Mul", [y, s.cast(i, F32)]), F32, [2, 3])
    acc, ys = b.op("Loop", [m, "", x], outs=2, body=s.graph())
    b.output(acc, F32, [2, 3], "acc")
    b.output(ys, F32, [None, 2, 3], "ys")
    xv = randf(rng, [2, 3])
    return [[scalar(0, I64), xv], [scalar(2, I64), xv]]


@case("loop_scan_zero_trips_symbolic_dims", "Loop (M, \"\") whose body declares its [2, 3] scan "
      "output with symbolic dims [a, b]; set 0 has M = 0, set 1 M = 2. onnxruntime fills the "
      "unknown dims of a zero-trip scan output with 0.", opset=18, show_shapes=True)
def _(b, rng):
    m = b.input(I64, [], "M")
    x = b.input(F32, [2, 3], "x")
    s, i, c, () = loop_body(b, [])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("Add", [x, s.cast(i, F32)]), F32, ["a", "b"])
    (ys,) = b.ops("Loop", [m, ""], 1, body=s.graph())
    b.output(ys, F32, [None, None, None], "ys")
    xv = randf(rng, [2, 3])
    return [[scalar(0, I64), xv], [scalar(2, I64), xv]]


@case("loop_scan_zero_trips_cond_false", "Loop (M, cond) with a false initial cond and two "
      "scan outputs, int32 [4] and bool scalar: no trips.", opset=18, show_shapes=True)
def _(b, rng):
    x = b.input(I32, [4], "x")
    cond = b.input(BOOL, [], "cond")
    s, i, c, (acc,) = loop_body(b, [(I32, [4])])
    y = s.op("Add", [acc, x])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(y, I32, [4])
    s.output(y, I32, [4])
    s.output(s.op("Greater", [i, s.const(1, I64)]), BOOL, [])
    acc, ys, bs = b.op("Loop", [b.const(3, I64), cond, x], outs=3, body=s.graph())
    b.output(acc, I32, [4], "acc")
    b.output(ys, I32, [None, 4], "ys")
    b.output(bs, BOOL, [None], "flags")
    xv = rng.integers(-9, 9, size=[4]).astype(np.int32)
    return [[xv, scalar(False, BOOL)], [xv, scalar(True, BOOL)]]


@case("loop_scan_outputs_mixed", "Loop (M, \"\"): two carried values and three scan outputs "
      "of different dtypes and ranks (float [2, 2], int64 scalar, bool [2]).", opset=16)
def _(b, rng):
    x = b.input(F32, [2, 2], "x")
    s, i, c, (p, k) = loop_body(b, [(F32, [2, 2]), (I64, [])])
    p2 = s.op("MatMul", [p, x])
    k2 = s.op("Add", [k, i])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(p2, F32, [2, 2])
    s.output(k2, I64, [])
    s.output(p2, F32, [2, 2])
    s.output(k2, I64, [])
    row = s.op("Gather", [p2, s.const(0, I64)], axis=0)
    s.output(s.op("Greater", [row, s.const(0.0, F32)]), BOOL, [2])
    eye = b.const(np.eye(2), F32)
    p, k, ps, ks, flags = b.op("Loop", [b.const(3, I64), "", eye, b.const(0, I64)], outs=5,
                               body=s.graph())
    b.output(p, F32, [2, 2], "p")
    b.output(k, I64, [], "k")
    b.output(ps, F32, [3, 2, 2], "powers")
    b.output(ks, I64, [3], "ks")
    b.output(flags, BOOL, [3, 2], "flags")
    return [[randf(rng, [2, 2])]]


@case("loop_scan_shape_from_input", "Loop (M, \"\"): the scan output's per-trip shape comes "
      "from a dynamic input dimension N (sets N = 3 and N = 1).", opset=18)
def _(b, rng):
    x = b.input(F32, ["N"], "x")
    m = b.input(I64, [], "M")
    s, i, c, () = loop_body(b, [])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("Add", [x, s.cast(i, F32)]), F32, ["N"])
    (ys,) = b.ops("Loop", [m, ""], 1, body=s.graph())
    b.output(ys, F32, [None, "N"], "ys")
    return [[randf(rng, [3]), scalar(2, I64)], [randf(rng, [1]), scalar(3, I64)]]


# -- Scan ---------------------------------------------------------------------------------------


def moved(shape, axis, length):
    """The shape of a scan output: the per-step shape with the scan dimension at `axis`."""
    r = len(shape) + 1
    a = axis % r
    return shape[:a] + [length] + shape[a:]


SCAN_X = [2, 3, 4]  # distinct sizes, so a wrong scan axis cannot go unnoticed


def scan_axes_case(in_axis, in_dir, opset):
    label = {0: "0", 1: "1", -1: "m1"}[in_axis]
    direction = {0: "forward", 1: "reverse"}[in_dir]

    @case(f"scan_in_axis_{label}_{direction}",
          f"Scan over a [2, 3, 4] input with scan_input_axes = [{in_axis}] and "
          f"scan_input_directions = [{in_dir}], a running-sum state, and six scan outputs, one "
          f"for each scan_output_axes 0 / 1 / -1 and scan_output_directions 0 / 1.", opset=opset)
    def _(b, rng):
        x = b.input(F32, SCAN_X, "x")
        a = in_axis % 3
        length = SCAN_X[a]
        step = SCAN_X[:a] + SCAN_X[a + 1:]
        s, (acc,), (xt,) = scan_body(b, [(F32, step)], [(F32, step)])
        acc2 = s.op("Add", [acc, xt])
        s.output(acc2, F32, step)
        combos = [(ax, d) for ax in (0, 1, -1) for d in (0, 1)]
        for k, _ in enumerate(combos):
            s.output(s.op("Mul", [acc2, s.const(float(k + 1), F32)]), F32, step)
        outs = b.op("Scan", [b.const(np.zeros(step), F32), x], outs=1 + len(combos),
                    body=s.graph(), num_scan_inputs=1, scan_input_axes=[in_axis],
                    scan_input_directions=[in_dir],
                    scan_output_axes=[ax for ax, _ in combos],
                    scan_output_directions=[d for _, d in combos])
        b.output(outs[0], F32, step, "sum")
        for (ax, d), o in zip(combos, outs[1:]):
            b.output(o, F32, moved(step, ax, length),
                     f"y_axis_{ {0: '0', 1: '1', -1: 'm1'}[ax] }_{['fwd', 'rev'][d]}".replace(" ", ""))

        def expect(xv):
            xs = np.moveaxis(xv, a, 0)
            xs = xs[::-1] if in_dir else xs
            acc, steps = np.zeros(step, np.float32), []
            for t in range(length):
                acc = acc + xs[t]
                steps.append(acc)
            res = [acc]
            for k, (ax, d) in enumerate(combos):
                ys = np.stack(steps[::-1] if d else steps) * np.float32(k + 1)
                res.append(np.moveaxis(ys, 0, ax % 3))
            return res

        return [[randf(rng, SCAN_X)]], expect


for _axis, _dir, _opset in ((0, 0, 18), (0, 1, 16), (1, 0, 17), (1, 1, 11), (-1, 0, 19), (-1, 1, 21)):
    scan_axes_case(_axis, _dir, _opset)


@case("scan_multi_inputs_mixed_axes", "Scan with three scan inputs on different axes and "
      "directions ([4, 3] axis 0 forward, [3, 4] axis 1 reverse, [3, 4] axis -1 forward) and "
      "two states, float and int64; outputs on axis 0 reverse and axis -1 forward.")
def _(b, rng):
    x1 = b.input(F32, [4, 3], "x1")
    x2 = b.input(F32, [3, 4], "x2")
    x3 = b.input(F32, [3, 4], "x3")
    s, (acc, n), (a, c, d) = scan_body(b, [(F32, [3]), (I64, [])], [(F32, [3])] * 3)
    acc2 = s.op("Sub", [s.op("Add", [acc, s.op("Mul", [a, c])]), d])
    n2 = s.op("Add", [n, s.const(1, I64)])
    s.output(acc2, F32, [3])
    s.output(n2, I64, [])
    # Not acc2 itself: onnxruntime 1.32 returns garbage when a Scan body lists one value as
    # both a state and a scan output (see the README).
    s.output(s.op("Identity", [acc2]), F32, [3])
    s.output(s.op("Add", [a, d]), F32, [3])
    acc, n, y1, y2 = b.op("Scan", [b.const([0.0, 0.0, 0.0], F32), b.const(0, I64), x1, x2, x3],
                          outs=4, body=s.graph(), num_scan_inputs=3,
                          scan_input_axes=[0, 1, -1], scan_input_directions=[0, 1, 0],
                          scan_output_axes=[0, -1], scan_output_directions=[1, 0])
    b.output(acc, F32, [3], "acc")
    b.output(n, I64, [], "n")
    b.output(y1, F32, [4, 3], "y1")
    b.output(y2, F32, [3, 4], "y2")
    return [[randf(rng, [4, 3]), randf(rng, [3, 4]), randf(rng, [3, 4])]]


@case("scan_sequence_length_1", "Scan over a sequence of length 1 (input [2, 1, 3], "
      "scan_input_axes = [1], reverse), scan output on axis 1 reverse.", opset=17)
def _(b, rng):
    x = b.input(F32, [2, 1, 3], "x")
    s, (acc,), (xt,) = scan_body(b, [(F32, [2, 3])], [(F32, [2, 3])])
    acc2 = s.op("Add", [acc, xt])
    s.output(acc2, F32, [2, 3])
    s.output(s.op("Mul", [acc2, xt]), F32, [2, 3])
    acc, y = b.op("Scan", [b.const(np.ones([2, 3]), F32), x], outs=2, body=s.graph(),
                  num_scan_inputs=1, scan_input_axes=[1], scan_input_directions=[1],
                  scan_output_axes=[1], scan_output_directions=[1])
    b.output(acc, F32, [2, 3], "acc")
    b.output(y, F32, [2, 1, 3], "y")
    return [[randf(rng, [2, 1, 3])]]


@case("scan_states_only", "Scan with only state variables (running max and product), no scan "
      "outputs.")
def _(b, rng):
    x = b.input(F32, [5, 2], "x")
    s, (mx, pr), (xt,) = scan_body(b, [(F32, [2]), (F32, [2])], [(F32, [2])])
    s.output(s.op("Max", [mx, xt]), F32, [2])
    s.output(s.op("Mul", [pr, xt]), F32, [2])
    mx, pr = b.op("Scan", [b.const([-1e9, -1e9], F32), b.const([1.0, 1.0], F32), x], outs=2,
                  body=s.graph(), num_scan_inputs=1)
    b.output(mx, F32, [2], "max")
    b.output(pr, F32, [2], "prod")
    return [[randf(rng, [5, 2], lo=0.5, hi=2.0)]]


@case("scan_outputs_only", "Scan with no state: a map over the rows of two inputs "
      "(y = x * 2 + z), one scan output.", opset=16)
def _(b, rng):
    x = b.input(F32, [4, 3], "x")
    z = b.input(F32, [4, 3], "z")
    s, (), (xt, zt) = scan_body(b, [], [(F32, [3]), (F32, [3])])
    s.output(s.op("Add", [s.op("Mul", [xt, s.const(2.0, F32)]), zt]), F32, [3])
    (y,) = b.ops("Scan", [x, z], 1, body=s.graph(), num_scan_inputs=2)
    b.output(y, F32, [4, 3], "y")
    return [[randf(rng, [4, 3]), randf(rng, [4, 3])]]


@case("scan_dynamic_length", "Scan over a dynamic sequence length (x [T, 2], sets T = 3 and "
      "T = 6), int32 state and an int32 scan output.", opset=13)
def _(b, rng):
    x = b.input(I32, ["T", 2], "x")
    s, (acc,), (xt,) = scan_body(b, [(I32, [2])], [(I32, [2])])
    acc2 = s.op("Add", [acc, xt])
    s.output(acc2, I32, [2])
    s.output(s.op("Mul", [acc2, xt]), I32, [2])
    acc, y = b.op("Scan", [b.const([0, 0], I32), x], outs=2, body=s.graph(), num_scan_inputs=1)
    b.output(acc, I32, [2], "acc")
    b.output(y, I32, ["T", 2], "y")
    return [[rng.integers(-5, 5, size=[3, 2]).astype(np.int32)],
            [rng.integers(-5, 5, size=[6, 2]).astype(np.int32)]]


# -- If -----------------------------------------------------------------------------------------


def branch(b):
    return b.sub("branch")


@case("if_different_shapes", "If whose branches give the same rank but different shapes "
      "([2, 3] vs [3, 2]); cond a graph input, sets true and false.")
def _(b, rng):
    cond = b.input(BOOL, [], "cond")
    x = b.input(F32, [6], "x")
    t = branch(b)
    t.output(t.op("Reshape", [x, t.i64s([2, 3])]), F32, [2, 3])
    e = branch(b)
    e.output(e.op("Mul", [e.op("Reshape", [x, e.i64s([3, 2])]), e.const(2.0, F32)]), F32, [3, 2])
    y = b.op("If", [cond], then_branch=t.graph(), else_branch=e.graph())
    b.output(y, F32, [None, None], "y")
    xv = randf(rng, [6])
    return [[scalar(True, BOOL), xv], [scalar(False, BOOL), xv]]


@case("if_different_ranks", "If whose branches give different ranks ([6] vs [2, 3]); cond "
      "computed from the data (ReduceSum(x) > 0); outputs the flattened result and its "
      "shape.", opset=16)
def _(b, rng):
    x = b.input(F32, [2, 3], "x")
    cond = b.op("Greater", [b.reduce("ReduceSum", x, None, keepdims=0), b.const(0.0, F32)])
    t = branch(b)
    t.output(t.op("Flatten", [t.op("Exp", [x])], axis=0), F32, None)
    e = branch(b)
    e.output(e.op("Neg", [x]), F32, [2, 3])
    y = b.op("If", [cond], then_branch=t.graph(), else_branch=e.graph())
    # A graph output must have a shape field, so the rank shows through Shape(y).
    b.output(b.op("Reshape", [y, b.i64s([-1])]), F32, [6], "y_flat")
    b.output(b.op("Shape", [y]), I64, [None], "y_shape")
    xv = randf(rng, [2, 3])
    return [[np.abs(xv)], [-np.abs(xv)]]


@case("if_two_outputs_dtypes", "If with two outputs of different dtypes (float [3] and int64 "
      "scalar), each branch computing both.", opset=17)
def _(b, rng):
    cond = b.input(BOOL, [], "cond")
    x = b.input(F32, [3], "x")
    t = branch(b)
    t.output(t.op("Add", [x, t.const(1.0, F32)]), F32, [3])
    t.output(t.op("Size", [x]), I64, [])
    e = branch(b)
    e.output(e.op("Mul", [x, x]), F32, [3])
    e.output(e.cast(e.reduce("ReduceMax", x, [0], keepdims=0), I64), I64, [])
    y, k = b.op("If", [cond], outs=2, then_branch=t.graph(), else_branch=e.graph())
    b.output(y, F32, [3], "y")
    b.output(k, I64, [], "k")
    xv = randf(rng, [3], lo=-4, hi=4)
    return [[scalar(True, BOOL), xv], [scalar(False, BOOL), xv]]


@case("if_cond_graph_input", "If with the condition a graph input and scalar outputs of "
      "int32 (opset 11).", opset=11)
def _(b, rng):
    cond = b.input(BOOL, [], "cond")
    a = b.input(I32, [], "a")
    t = branch(b)
    t.output(t.op("Sub", [a, t.const(7, I32)]), I32, [])
    e = branch(b)
    e.output(e.op("Mul", [a, e.const(3, I32)]), I32, [])
    y = b.op("If", [cond], then_branch=t.graph(), else_branch=e.graph())
    b.output(y, I32, [], "y")
    return [[scalar(True, BOOL), scalar(5, I32)], [scalar(False, BOOL), scalar(5, I32)]]


@case("if_cond_one_element_tensor", "If whose condition is a [1] bool tensor computed by "
      "Less, not a scalar.", opset=13)
def _(b, rng):
    x = b.input(F32, [1], "x")
    cond = b.op("Less", [x, b.const([0.0], F32)])
    t = branch(b)
    t.output(t.op("Abs", [x]), F32, [1])
    e = branch(b)
    e.output(e.op("Sqrt", [x]), F32, [1])
    y = b.op("If", [cond], then_branch=t.graph(), else_branch=e.graph())
    b.output(y, F32, [1], "y")
    return [[np.array([-2.25], np.float32)], [np.array([6.25], np.float32)]]


@case("if_branch_returns_outer_value", "If whose then branch returns a captured outer value "
      "through Identity and whose else branch returns a Constant.", opset=18)
def _(b, rng):
    cond = b.input(BOOL, [], "cond")
    x = b.input(I64, [2], "x")
    t = branch(b)
    t.output(t.op("Identity", [x]), I64, [2])
    e = branch(b)
    e.output(e.const([-1, -2], I64), I64, [2])
    y = b.op("If", [cond], then_branch=t.graph(), else_branch=e.graph())
    b.output(y, I64, [2], "y")
    xv = np.array([2**40 + 3, -(2**50)], np.int64)
    return [[scalar(True, BOOL), xv], [scalar(False, BOOL), xv]]


# -- Captures -----------------------------------------------------------------------------------


@case("capture_graph_input_1up", "A Loop body reads a graph input (x) and an If branch reads "
      "a graph input (y), one scope up.")
def _(b, rng):
    x = b.input(F32, [3], "x")
    y = b.input(F32, [3], "y")
    s, i, c, (acc,) = loop_body(b, [(F32, [3])])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("Add", [acc, x]), F32, [3])
    (acc,) = b.ops("Loop", [b.const(3, I64), "", b.const([0.0] * 3, F32)], 1, body=s.graph())
    t = branch(b)
    t.output(t.op("Mul", [acc, y]), F32, [3])
    e = branch(b)
    e.output(e.op("Sub", [acc, y]), F32, [3])
    r = b.op("If", [b.const(True, BOOL)], then_branch=t.graph(), else_branch=e.graph())
    b.output(r, F32, [3], "r")
    return [[randf(rng, [3]), randf(rng, [3])]]


@case("capture_initializer_1up", "A Scan body reads an initializer (a [3, 3] weight) one "
      "scope up.", opset=17)
def _(b, rng):
    x = b.input(F32, [4, 3], "x")
    w = b.init(randf(rng, [3, 3]), F32, "W")
    s, (h,), (xt,) = scan_body(b, [(F32, [3])], [(F32, [3])])
    h2 = s.op("Add", [s.op("MatMul", [h, w]), xt])
    s.output(h2, F32, [3])
    s.output(s.op("Identity", [h2]), F32, [3])
    h, ys = b.op("Scan", [b.const([0.0] * 3, F32), x], outs=2, body=s.graph(), num_scan_inputs=1)
    b.output(h, F32, [3], "h")
    b.output(ys, F32, [4, 3], "ys")
    return [[randf(rng, [4, 3])]]


@case("capture_node_output_1up", "An If branch and a Loop body read node outputs computed in "
      "the main graph (a Constant and an Exp), one scope up.", opset=16)
def _(b, rng):
    x = b.input(F32, [2], "x")
    k = b.const([2.0, -3.0], F32)
    ex = b.op("Exp", [x])
    t = branch(b)
    t.output(t.op("Add", [ex, k]), F32, [2])
    e = branch(b)
    e.output(e.op("Identity", [k]), F32, [2])
    r = b.op("If", [b.op("Greater", [b.reduce("ReduceSum", x, None, keepdims=0),
                                     b.const(-10.0, F32)])],
             then_branch=t.graph(), else_branch=e.graph())
    s, i, c, (acc,) = loop_body(b, [(F32, [2])])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("Mul", [acc, ex]), F32, [2])
    (p,) = b.ops("Loop", [b.const(2, I64), "", r], 1, body=s.graph())
    b.output(r, F32, [2], "r")
    b.output(p, F32, [2], "p")
    return [[randf(rng, [2])]]


def nested_sum(b, outer_m, inner_m, inner_term):
    """Loop in Loop; `inner_term(s2, i_outer, j)` is what the inner body adds to its sum, and it
    may read values from the main graph (two scopes up) and the outer body (one up)."""
    s, i, c, (acc,) = loop_body(b, [(F32, [2])])
    m = inner_m(s, i)
    s2, j, c2, (acc2,) = loop_body(s, [(F32, [2])])
    s2.output(s2.op("Identity", [c2]), BOOL, [])
    s2.output(s2.op("Add", [acc2, inner_term(s2, i, j)]), F32, [2])
    (inner,) = s.ops("Loop", [m, "", acc], 1, body=s2.graph())
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(inner, F32, [2])
    (acc,) = b.ops("Loop", [outer_m, "", b.const([0.0, 0.0], F32)], 1, body=s.graph())
    return acc


@case("capture_graph_input_2up", "Loop in Loop: the inner body reads a graph input two scopes "
      "up and the outer iteration number one scope up.")
def _(b, rng):
    x = b.input(F32, [2], "x")
    acc = nested_sum(b, b.const(3, I64), lambda s, i: s.const(2, I64),
                     lambda s2, i, j: s2.op("Mul", [x, s2.cast(s2.op("Add", [i, j]), F32)]))
    b.output(acc, F32, [2], "acc")
    return [[randf(rng, [2])]]


@case("capture_initializer_2up", "If in Loop: both branches read an initializer two scopes up "
      "(the Loop body is one up).", opset=15)
def _(b, rng):
    x = b.input(F32, [2], "x")
    w = b.init([0.5, -2.0], F32, "w")
    s, i, c, (acc,) = loop_body(b, [(F32, [2])])
    odd = s.op("Equal", [s.op("Mod", [i, s.const(2, I64)]), s.const(1, I64)])
    t = branch(s)
    t.output(t.op("Add", [acc, w]), F32, [2])
    e = branch(s)
    e.output(e.op("Mul", [acc, w]), F32, [2])
    r = s.op("If", [odd], then_branch=t.graph(), else_branch=e.graph())
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(r, F32, [2])
    (acc,) = b.ops("Loop", [b.const(5, I64), "", x], 1, body=s.graph())
    b.output(acc, F32, [2], "acc")
    return [[randf(rng, [2])]]


@case("capture_node_output_2up", "Loop in Loop: the inner body reads a main-graph node output "
      "(Sigmoid(x)) two scopes up and an outer-body node output one scope up; the inner trip "
      "count is the outer iteration number plus one.")
def _(b, rng):
    x = b.input(F32, [2], "x")
    sg = b.op("Sigmoid", [x])
    outer = {}

    def inner_m(s, i):
        outer["k"] = s.op("Mul", [s.cast(i, F32), s.const(0.5, F32)])
        return s.op("Add", [i, s.const(1, I64)])

    acc = nested_sum(b, b.const(4, I64), inner_m,
                     lambda s2, i, j: s2.op("Add", [sg, outer["k"]]))
    b.output(acc, F32, [2], "acc")
    return [[randf(rng, [2])]]


@case("capture_three_levels", "Loop in If in Loop: the innermost body reads a graph input "
      "(three scopes up), the outer Loop's carried value and iteration number (two up) and an "
      "If-branch value (one up).", opset=17)
def _(b, rng):
    x = b.input(F32, [2], "x")
    s, i, c, (acc,) = loop_body(b, [(F32, [2])])
    t = branch(s)
    tv = t.op("Neg", [acc])
    s3, j, c3, (a3,) = loop_body(t, [(F32, [2])])
    term = s3.op("Add", [s3.op("Mul", [x, s3.cast(i, F32)]), tv])
    s3.output(s3.op("Identity", [c3]), BOOL, [])
    s3.output(s3.op("Add", [a3, s3.op("Mul", [term, s3.const(0.25, F32)])]), F32, [2])
    (tr,) = t.ops("Loop", [i, "", acc], 1, body=s3.graph())
    t.output(tr, F32, [2])
    e = branch(s)
    e.output(e.op("Add", [acc, x]), F32, [2])
    r = s.op("If", [s.op("Greater", [i, s.const(0, I64)])], then_branch=t.graph(),
             else_branch=e.graph())
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(r, F32, [2])
    (acc,) = b.ops("Loop", [b.const(4, I64), "", b.const([1.0, 1.0], F32)], 1, body=s.graph())
    b.output(acc, F32, [2], "acc")
    return [[randf(rng, [2])]]


# -- Nesting ------------------------------------------------------------------------------------


@case("nest_loop_in_loop", "Loop in Loop with scan outputs at both levels: the inner Loop "
      "(fixed 3 trips) stacks [2] rows, the outer stacks the inner stacks to [4, 3, 2].")
def _(b, rng):
    x = b.input(F32, [2], "x")
    s, i, c, () = loop_body(b, [])
    s2, j, c2, () = loop_body(s, [])
    s2.output(s2.op("Identity", [c2]), BOOL, [])
    prod = s2.op("Mul", [s2.cast(i, F32), s2.cast(j, F32)])
    s2.output(s2.op("Add", [x, prod]), F32, [2])
    (rows,) = s.ops("Loop", [s.const(3, I64), ""], 1, body=s2.graph())
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(rows, F32, [3, 2])
    (ys,) = b.ops("Loop", [b.const(4, I64), ""], 1, body=s.graph())
    b.output(ys, F32, [4, 3, 2], "ys")
    return [[randf(rng, [2])]]


@case("nest_if_in_loop", "If in Loop: even trips add x, odd trips subtract twice x; the If "
      "cond comes from the iteration number.", opset=17)
def _(b, rng):
    x = b.input(F32, [3], "x")
    s, i, c, (acc,) = loop_body(b, [(F32, [3])])
    even = s.op("Equal", [s.op("Mod", [i, s.const(2, I64)]), s.const(0, I64)])
    t = branch(s)
    t.output(t.op("Add", [acc, x]), F32, [3])
    e = branch(s)
    e.output(e.op("Sub", [acc, e.op("Add", [x, x])]), F32, [3])
    r = s.op("If", [even], then_branch=t.graph(), else_branch=e.graph())
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(r, F32, [3])
    s.output(s.op("Identity", [r]), F32, [3])
    acc, ys = b.op("Loop", [b.const(5, I64), "", x], outs=2, body=s.graph())
    b.output(acc, F32, [3], "acc")
    b.output(ys, F32, [5, 3], "ys")
    return [[randf(rng, [3])]]


@case("nest_loop_in_if", "Loop in If: the then branch runs a Loop (M from the input), the else "
      "branch a different Loop with a cond; cond a graph input.")
def _(b, rng):
    cond = b.input(BOOL, [], "cond")
    m = b.input(I64, [], "M")
    x = b.input(F32, [2], "x")
    t = branch(b)
    s, i, c, (acc,) = loop_body(t, [(F32, [2])])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("Add", [acc, s.op("Mul", [x, s.cast(i, F32)])]), F32, [2])
    (tr,) = t.ops("Loop", [m, "", x], 1, body=s.graph())
    t.output(tr, F32, [2])
    e = branch(b)
    s, i, c, (acc,) = loop_body(e, [(F32, [2])])
    acc2 = s.op("Mul", [acc, s.const(2.0, F32)])
    s.output(s.op("Less", [s.reduce("ReduceMax", acc2, [0], keepdims=0), s.const(50.0, F32)]),
             BOOL, [])
    s.output(acc2, F32, [2])
    (er,) = e.ops("Loop", ["", e.const(True, BOOL), e.op("Abs", [x])], 1, body=s.graph())
    e.output(er, F32, [2])
    y = b.op("If", [cond], then_branch=t.graph(), else_branch=e.graph())
    b.output(y, F32, [2], "y")
    xv = np.array([0.75, -1.25], np.float32)
    return [[scalar(True, BOOL), scalar(4, I64), xv], [scalar(False, BOOL), scalar(4, I64), xv]]


@case("nest_scan_in_loop", "Scan in Loop: each trip runs a Scan (cumulative sum over the rows "
      "of x, scaled by the trip number) and carries the Scan's final state.", opset=16)
def _(b, rng):
    x = b.input(F32, [3, 2], "x")
    s, i, c, (acc,) = loop_body(b, [(F32, [2])])
    sc, (st,), (row,) = scan_body(s, [(F32, [2])], [(F32, [2])])
    st2 = sc.op("Add", [st, sc.op("Mul", [row, sc.cast(i, F32)])])
    sc.output(st2, F32, [2])
    sc.output(sc.op("Identity", [st2]), F32, [2])
    fin, rows = s.op("Scan", [acc, x], outs=2, body=sc.graph(), num_scan_inputs=1)
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(fin, F32, [2])
    s.output(rows, F32, [3, 2])
    acc, ys = b.op("Loop", [b.const(3, I64), "", b.const([0.0, 0.0], F32)], outs=2,
                   body=s.graph())
    b.output(acc, F32, [2], "acc")
    b.output(ys, F32, [3, 3, 2], "ys")
    return [[randf(rng, [3, 2])]]


@case("nest_if_in_scan", "If in Scan: per step, the state grows by x_t when x_t's sum is "
      "positive and halves otherwise.", opset=18)
def _(b, rng):
    x = b.input(F32, [6, 2], "x")
    s, (st,), (xt,) = scan_body(b, [(F32, [2])], [(F32, [2])])
    pos = s.op("Greater", [s.reduce("ReduceSum", xt, [0], keepdims=0), s.const(0.0, F32)])
    t = branch(s)
    t.output(t.op("Add", [st, xt]), F32, [2])
    e = branch(s)
    e.output(e.op("Mul", [st, e.const(0.5, F32)]), F32, [2])
    r = s.op("If", [pos], then_branch=t.graph(), else_branch=e.graph())
    s.output(r, F32, [2])
    s.output(s.cast(pos, I32), I32, [])
    st, flags = b.op("Scan", [b.const([1.0, 1.0], F32), x], outs=2, body=s.graph(),
                     num_scan_inputs=1)
    b.output(st, F32, [2], "state")
    b.output(flags, I32, [6], "flags")
    return [[randf(rng, [6, 2])]]


@case("nest_if_in_if", "If in If: four paths chosen by two bool inputs, with an int64 and a "
      "float output.", opset=13)
def _(b, rng):
    c1 = b.input(BOOL, [], "c1")
    c2 = b.input(BOOL, [], "c2")
    x = b.input(F32, [2], "x")

    def inner(parent, k):
        t = branch(parent)
        t.output(t.op("Add", [x, t.const(float(k), F32)]), F32, [2])
        t.output(t.const(k, I64), I64, [])
        e = branch(parent)
        e.output(e.op("Mul", [x, e.const(float(k + 1), F32)]), F32, [2])
        e.output(e.const(k + 1, I64), I64, [])
        return parent.op("If", [c2], outs=2, then_branch=t.graph(), else_branch=e.graph())

    t = branch(b)
    for v, sh, et in zip(inner(t, 10), ([2], []), (F32, I64)):
        t.output(v, et, sh)
    e = branch(b)
    for v, sh, et in zip(inner(e, 20), ([2], []), (F32, I64)):
        e.output(v, et, sh)
    y, k = b.op("If", [c1], outs=2, then_branch=t.graph(), else_branch=e.graph())
    b.output(y, F32, [2], "y")
    b.output(k, I64, [], "k")
    xv = randf(rng, [2])
    return [[scalar(p, BOOL), scalar(q, BOOL), xv] for p in (True, False) for q in (True, False)]


@case("nest_scan_in_if", "Scan in If: the then branch runs a forward running sum, the else "
      "branch a reverse one.", opset=17)
def _(b, rng):
    cond = b.input(BOOL, [], "cond")
    x = b.input(F32, [4, 2], "x")

    def run(parent, direction):
        br = branch(parent)
        s, (st,), (xt,) = scan_body(br, [(F32, [2])], [(F32, [2])])
        st2 = s.op("Add", [st, xt])
        s.output(st2, F32, [2])
        s.output(s.op("Identity", [st2]), F32, [2])
        _, ys = br.op("Scan", [br.const([0.0, 0.0], F32), x], outs=2, body=s.graph(),
                      num_scan_inputs=1, scan_input_directions=[direction])
        br.output(ys, F32, [4, 2])
        return br.graph()

    y = b.op("If", [cond], then_branch=run(b, 0), else_branch=run(b, 1))
    b.output(y, F32, [4, 2], "y")
    xv = randf(rng, [4, 2])
    return [[scalar(True, BOOL), xv], [scalar(False, BOOL), xv]]


@case("nest_loop_in_scan", "Loop in Scan: per step, a Loop raises the state to a power given "
      "by an int64 scan input (repeated multiplication).", opset=16)
def _(b, rng):
    x = b.input(F32, [3, 2], "x")
    k = b.input(I64, [3], "k")
    s, (st,), (xt, kt) = scan_body(b, [(F32, [2])], [(F32, [2]), (I64, [])])
    l, i, c, (p,) = loop_body(s, [(F32, [2])])
    l.output(l.op("Identity", [c]), BOOL, [])
    l.output(l.op("Mul", [p, xt]), F32, [2])
    (pw,) = s.ops("Loop", [kt, "", s.const([1.0, 1.0], F32)], 1, body=l.graph())
    st2 = s.op("Add", [st, pw])
    s.output(st2, F32, [2])
    s.output(s.op("Identity", [pw]), F32, [2])
    st, pws = b.op("Scan", [b.const([0.0, 0.0], F32), x, k], outs=2, body=s.graph(),
                   num_scan_inputs=2)
    b.output(st, F32, [2], "state")
    b.output(pws, F32, [3, 2], "powers")
    return [[randf(rng, [3, 2], lo=0.5, hi=1.5), np.array([2, 0, 3], np.int64)]]


# -- Element types ------------------------------------------------------------------------------

TYPE_NAMES = {F16: "float16", BF16: "bfloat16", F32: "float", F64: "double", I8: "int8",
              I16: "int16", I32: "int32", I64: "int64", U8: "uint8", U16: "uint16",
              U32: "uint32", U64: "uint64", BOOL: "bool"}

# Start and step values per type: unsigned ones wrap around (well defined), signed ones stay in
# range (overflow is undefined in onnxruntime's C++), int64/uint64/double use values that a
# float32 or int32 detour would get wrong.
TYPE_VALUES = {
    F32: ([0.5, -1.25, 3.0e-3], [0.125, 2.5, -7.0]),
    F64: ([1.0 + 2.0**-40, -3.5, 1e300], [2.0**-45, 0.25, 1e299]),
    I8: ([-120, 5, 100], [3, -7, 6]),
    I16: ([-32000, 7, 30000], [-200, 1, 250]),
    I32: ([2**31 - 100, -5, -(2**31) + 40], [-7, 3, 9]),
    I64: ([2**62 + 1, -(2**53) - 1, 5], [2**40, -3, 2**33]),
    U8: ([250, 3, 128], [3, 7, 100]),
    U16: ([65530, 9, 40000], [4, 1000, 9000]),
    U32: ([2**32 - 5, 7, 3 * 2**30], [2, 2**20, 2**29]),
    U64: ([2**64 - 100, 2**63 + 1, 7], [9, 2**62, 2**60]),
}


def add_type_case(elem, opset):
    tn = TYPE_NAMES[elem]

    @case(f"type_{tn}_loop", f"{tn} values carried through a Loop (M = 4) with Add in the "
          f"body, and stacked as a scan output" + (" (unsigned wrap-around)" if tn.startswith("u") else "")
          + ".", opset=opset)
    def _(b, rng):
        x = b.input(elem, [3], "x")
        d = b.input(elem, [3], "step")
        s, i, c, (acc,) = loop_body(b, [(elem, [3])])
        acc2 = s.op("Add", [acc, d])
        s.output(s.op("Identity", [c]), BOOL, [])
        s.output(acc2, elem, [3])
        s.output(s.op("Identity", [acc2]), elem, [3])
        acc, ys = b.op("Loop", [b.const(4, I64), "", x], outs=2, body=s.graph())
        b.output(acc, elem, [3], "acc")
        b.output(ys, elem, [4, 3], "ys")
        start, step = TYPE_VALUES[elem]
        return [[arr(start, elem), arr(step, elem)]]


for _elem, _opset in ((F32, 18), (F64, 17), (I8, 18), (I16, 16), (I32, 13), (I64, 18),
                      (U8, 18), (U16, 15), (U32, 18), (U64, 17)):
    add_type_case(_elem, _opset)


@case("type_float16_loop", "float16 carried through a Loop: Add of a float16 input and of a "
      "float input Cast to float16 per trip, a float16 Mul scan output, results output as "
      "float16 and Cast back to float; plus a lone Cast float -> float16 of random values "
      "(rounding). The carried values are on a grid where every float16 op is exact (see the "
      "README on onnxruntime's float16 arithmetic).")
def _(b, rng):
    x = b.input(F16, [4], "x")
    z = b.input(F32, [4], "z")
    w = b.input(F32, [5], "w")
    zh = b.cast(z, F16)
    s, i, c, (acc,) = loop_body(b, [(F16, [4])])
    acc2 = s.op("Add", [s.op("Add", [acc, zh]), s.cast(i, F16)])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(acc2, F16, [4])
    s.output(s.op("Mul", [acc2, acc2]), F16, [4])
    acc, ys = b.op("Loop", [b.const(3, I64), "", x], outs=2, body=s.graph())
    b.output(acc, F16, [4], "acc")
    b.output(b.cast(acc, F32), F32, [4], "acc_f32")
    b.output(ys, F16, [3, 4], "ys")
    b.output(b.cast(w, F16), F16, [5], "w_f16")
    grid = lambda shape: (rng.integers(-16, 16, size=shape) / 8.0)  # noqa: E731
    return [[grid([4]).astype(np.float16), grid([4]).astype(np.float32),
             np.array([1.0 + 2.0**-11, 1.0 + 3 * 2.0**-11, 65519.0, 1e-8, -3.3], np.float32)]]


@case("type_bfloat16_loop_cast", "bfloat16 carried through a Loop (M = 3, cond true): the "
      "input is Cast float -> bfloat16, the body does its arithmetic in float between two "
      "Casts, the result is Cast back to float (onnxruntime's Python API cannot return a "
      "bfloat16 output; type_bfloat16_loop_add has those).")
def _(b, rng):
    x = b.input(F32, [4], "x")
    s, i, c, (acc,) = loop_body(b, [(BF16, [4])])
    wide = s.op("Add", [s.op("Mul", [s.cast(acc, F32), s.const(1.5, F32)]), s.cast(i, F32)])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.cast(wide, BF16), BF16, [4])
    (acc,) = b.ops("Loop", [b.const(3, I64), b.const(True, BOOL), b.cast(x, BF16)], 1,
                   body=s.graph())
    b.output(b.cast(acc, F32), F32, [4], "acc_f32")
    return [[randf(rng, [4], F32, -3, 3)]]


@case("type_bfloat16_loop_add", "bfloat16 carried through a Loop (M = 3, cond true) with Add "
      "in bfloat16 itself; bfloat16 graph inputs and outputs.")
def _(b, rng):
    x = b.input(BF16, [4], "x")
    d = b.input(BF16, [4], "step")
    s, i, c, (acc,) = loop_body(b, [(BF16, [4])])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("Add", [acc, d]), BF16, [4])
    (acc,) = b.ops("Loop", [b.const(3, I64), b.const(True, BOOL), x], 1, body=s.graph())
    b.output(acc, BF16, [4], "acc")
    b.output(b.cast(acc, F32), F32, [4], "acc_f32")
    return [[arr([1.0, -2.5, 100.0, 0.0078125], BF16), arr([0.5, 0.25, 3.0, 1.0], BF16)]]


@case("type_bool_loop", "bool carried through a Loop (M = 5): acc = (acc And Not m) Or "
      "(Not acc And m), stacked as a scan output.", opset=17)
def _(b, rng):
    x = b.input(BOOL, [4], "x")
    m = b.input(BOOL, [4], "m")
    s, i, c, (acc,) = loop_body(b, [(BOOL, [4])])
    acc2 = s.op("Or", [s.op("And", [acc, s.op("Not", [m])]), s.op("And", [s.op("Not", [acc]), m])])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(acc2, BOOL, [4])
    s.output(s.op("Identity", [acc2]), BOOL, [4])
    acc, ys = b.op("Loop", [b.const(5, I64), "", x], outs=2, body=s.graph())
    b.output(acc, BOOL, [4], "acc")
    b.output(ys, BOOL, [5, 4], "ys")
    return [[np.array([True, False, True, False]), np.array([True, True, False, False])]]


ALL_TYPES = [F16, BF16, F32, F64, I8, I16, I32, I64, U8, U16, U32, U64, BOOL]


@case("type_cast_every_type_in_loop", "Cast from float to every element type and back inside a "
      "Loop (M = 2), one scan output per type (non-negative values, fractions truncate).")
def _(b, rng):
    x = b.input(F32, [5], "x")
    s, i, c, () = loop_body(b, [])
    xi = s.op("Add", [x, s.cast(i, F32)])
    s.output(s.op("Identity", [c]), BOOL, [])
    for elem in ALL_TYPES:
        s.output(s.cast(s.cast(xi, elem), F32), F32, [5])
    ys = b.op("Loop", [b.const(2, I64), ""], outs=len(ALL_TYPES), body=s.graph())
    for elem, y in zip(ALL_TYPES, ys):
        b.output(y, F32, [2, 5], f"via_{TYPE_NAMES[elem]}")
    return [[np.array([0.0, 1.75, 99.5, 3.3, 0.2], np.float32)]]


@case("type_castlike_in_loop", "CastLike in a Loop body: an int32 carried value cast like a "
      "double input and back like an int32 one.", opset=15)
def _(b, rng):
    x = b.input(I32, [3], "x")
    like = b.input(F64, [], "like")
    s, i, c, (acc,) = loop_body(b, [(I32, [3])])
    wide = s.op("Mul", [s.op("CastLike", [acc, like]), s.const(1.5, F64)])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("CastLike", [wide, acc]), I32, [3])
    s.output(wide, F64, [3])
    acc, ys = b.op("Loop", [b.const(3, I64), "", x], outs=2, body=s.graph())
    b.output(acc, I32, [3], "acc")
    b.output(ys, F64, [3, 3], "ys")
    return [[np.array([7, -9, 100], np.int32), scalar(0.0, F64)]]


# -- Sequences and optionals --------------------------------------------------------------------


@case("seq_insert_in_loop_concat", "A loop-carried sequence: SequenceEmpty, SequenceInsert "
      "(append) of x * i per trip, then SequenceLength and ConcatFromSequence (axis 0) after "
      "the Loop.")
def _(b, rng):
    x = b.input(F32, [2], "x")
    m = b.input(I64, [], "M")
    seq0 = b.op("SequenceEmpty", [], dtype=F32)
    s, i, c, (sq,) = loop_body(b, [(F32, [2], "seq")])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("SequenceInsert", [sq, s.op("Mul", [x, s.cast(i, F32)])]), F32, [2], kind="seq")
    (sq,) = b.ops("Loop", [m, "", seq0], 1, body=s.graph())
    b.output(b.op("SequenceLength", [sq]), I64, [], "length")
    b.output(b.op("ConcatFromSequence", [sq], axis=0), F32, [None], "concat")
    xv = randf(rng, [2])
    return [[xv, scalar(4, I64)], [xv, scalar(1, I64)]]


@case("seq_insert_at_erase", "A loop-carried sequence with SequenceInsert at position 0 "
      "(prepend); after the Loop SequenceAt(-1), SequenceAt(1), SequenceErase(0) and "
      "ConcatFromSequence with new_axis = 1.", opset=17)
def _(b, rng):
    x = b.input(F32, [3], "x")
    seq0 = b.op("SequenceConstruct", [x])
    s, i, c, (sq,) = loop_body(b, [(F32, [3], "seq")])
    v = s.op("Add", [x, s.cast(i, F32)])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("SequenceInsert", [sq, v, s.const(0, I64)]), F32, [3], kind="seq")
    (sq,) = b.ops("Loop", [b.const(4, I64), "", seq0], 1, body=s.graph())
    b.output(b.op("SequenceAt", [sq, b.const(-1, I64)]), F32, [3], "last")
    b.output(b.op("SequenceAt", [sq, b.const(1, I32)]), F32, [3], "second")
    erased = b.op("SequenceErase", [sq, b.const(0, I64)])
    b.output(b.op("ConcatFromSequence", [erased], axis=0, new_axis=1), F32, [3, None], "stacked")
    return [[randf(rng, [3])]]


@case("seq_output_ragged", "A Loop builds a sequence of tensors of different lengths "
      "(Range(0, i + 1)) and the graph outputs the sequence itself.", opset=16)
def _(b, rng):
    m = b.input(I64, [], "M")
    seq0 = b.op("SequenceEmpty", [], dtype=I64)
    s, i, c, (sq,) = loop_body(b, [(I64, [None], "seq")])
    r = s.op("Range", [s.const(0, I64), s.op("Add", [i, s.const(1, I64)]), s.const(1, I64)])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("SequenceInsert", [sq, r]), I64, [None], kind="seq")
    (sq,) = b.ops("Loop", [m, "", seq0], 1, body=s.graph())
    b.output(sq, I64, [None], "seq", kind="seq")
    return [[scalar(4, I64)], [scalar(0, I64)]]


@case("seq_erase_in_loop", "A sequence input is carried through a Loop that erases its last "
      "element each trip (SequenceErase without a position) while summing it (SequenceAt -1).")
def _(b, rng):
    seq = b.input(F32, [2], "seq", kind="seq")
    n = b.op("SequenceLength", [seq])
    s, i, c, (sq, acc) = loop_body(b, [(F32, [2], "seq"), (F32, [2])])
    last = s.op("SequenceAt", [sq, s.const(-1, I64)])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("SequenceErase", [sq]), F32, [2], kind="seq")
    s.output(s.op("Add", [s.op("Mul", [acc, s.const(2.0, F32)]), last]), F32, [2])
    sq, acc = b.op("Loop", [b.op("Sub", [n, b.const(1, I64)]), "", seq, b.const([0.0, 0.0], F32)],
                   outs=2, body=s.graph())
    b.output(sq, F32, [2], "rest", kind="seq")
    b.output(acc, F32, [2], "acc")
    return [[[randf(rng, [2]) for _ in range(4)]], [[randf(rng, [2])]]]


@case("seq_split_to_sequence_loop", "SplitToSequence (split = 2 along axis 0) and a Loop over "
      "SequenceLength that sums SequenceAt(i); a second SplitToSequence with keepdims = 0 goes "
      "out as a sequence.")
def _(b, rng):
    x = b.input(F32, [6, 2], "x")
    parts = b.op("SplitToSequence", [x, b.const(2, I64)], axis=0)
    n = b.op("SequenceLength", [parts])
    s, i, c, (acc,) = loop_body(b, [(F32, [2, 2])])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("Add", [acc, s.op("SequenceAt", [parts, i])]), F32, [2, 2])
    (acc,) = b.ops("Loop", [n, "", b.const(np.zeros([2, 2]), F32)], 1, body=s.graph())
    b.output(acc, F32, [2, 2], "acc")
    b.output(n, I64, [], "n")
    rows = b.op("SplitToSequence", [x], axis=1, keepdims=0)
    b.output(rows, F32, [6], "columns", kind="seq")
    return [[randf(rng, [6, 2])]]


@case("seq_split_uneven_construct", "SplitToSequence with split sizes [1, 3] over axis 1 and a "
      "SequenceConstruct of two inputs, read in a Loop with negative SequenceAt positions.",
      opset=13)
def _(b, rng):
    x = b.input(F32, [2, 4], "x")
    y = b.input(F32, [2, 4], "y")
    parts = b.op("SplitToSequence", [x, b.const([1, 3], I64)], axis=1)
    pair = b.op("SequenceConstruct", [x, y])
    s, i, c, (acc,) = loop_body(b, [(F32, [2, 4])])
    neg = s.op("Sub", [s.op("Neg", [i]), s.const(1, I64)])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("Add", [s.op("Mul", [acc, s.const(0.5, F32)]), s.op("SequenceAt", [pair, neg])]),
             F32, [2, 4])
    (acc,) = b.ops("Loop", [b.op("SequenceLength", [pair]), "", b.const(np.zeros([2, 4]), F32)], 1,
                   body=s.graph())
    b.output(acc, F32, [2, 4], "acc")
    b.output(b.op("SequenceAt", [parts, b.const(1, I64)]), F32, [2, 3], "right")
    return [[randf(rng, [2, 4]), randf(rng, [2, 4])]]


@case("optional_in_if", "If whose then branch returns Optional(x) and else branch an empty "
      "Optional; OptionalHasElement after, and the optional itself as a graph output.")
def _(b, rng):
    cond = b.input(BOOL, [], "cond")
    x = b.input(F32, [3], "x")
    t = branch(b)
    t.output(t.op("Optional", [x]), F32, [3], kind="opt")
    e = branch(b)
    e.output(e.op("Optional", [], type=type_proto(F32, [3])), F32, [3], kind="opt")
    o = b.op("If", [cond], then_branch=t.graph(), else_branch=e.graph())
    b.output(b.op("OptionalHasElement", [o]), BOOL, [], "has")
    b.output(o, F32, [3], "opt", kind="opt")
    xv = randf(rng, [3])
    return [[scalar(True, BOOL), xv], [scalar(False, BOOL), xv]]


@case("optional_get_in_loop", "An optional tensor graph input: OptionalHasElement picks, in "
      "an If, between a Loop over OptionalGetElement and a default (sets: present, absent).")
def _(b, rng):
    o = b.input(F32, [2], "maybe_x", kind="opt")
    has = b.op("OptionalHasElement", [o])
    t = branch(b)
    x = t.op("OptionalGetElement", [o])
    s, i, c, (acc,) = loop_body(t, [(F32, [2])])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("Add", [acc, s.op("Mul", [x, x])]), F32, [2])
    (tr,) = t.ops("Loop", [t.const(3, I64), "", x], 1, body=s.graph())
    t.output(tr, F32, [2])
    e = branch(b)
    e.output(e.const([-1.0, -1.0], F32), F32, [2])
    y = b.op("If", [has], then_branch=t.graph(), else_branch=e.graph())
    b.output(y, F32, [2], "y")
    b.output(has, BOOL, [], "has")
    return [[randf(rng, [2])], [None]]


@case("optional_sequence_in_loop", "A Loop builds a sequence that an If wraps in an Optional "
      "(or leaves empty); OptionalHasElement, OptionalGetElement and ConcatFromSequence "
      "after.")
def _(b, rng):
    cond = b.input(BOOL, [], "cond")
    x = b.input(F32, [2], "x")
    seq0 = b.op("SequenceEmpty", [], dtype=F32)
    s, i, c, (sq,) = loop_body(b, [(F32, [2], "seq")])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("SequenceInsert", [sq, s.op("Add", [x, s.cast(i, F32)])]), F32, [2], kind="seq")
    (sq,) = b.ops("Loop", [b.const(3, I64), "", seq0], 1, body=s.graph())
    t = branch(b)
    t.output(t.op("Optional", [sq]), F32, [2], kind="optseq")
    e = branch(b)
    e.output(e.op("Optional", [], type=type_proto(F32, [2], "seq")), F32, [2], kind="optseq")
    o = b.op("If", [cond], then_branch=t.graph(), else_branch=e.graph())
    has = b.op("OptionalHasElement", [o])
    t2 = branch(b)
    t2.output(t2.op("ConcatFromSequence", [t2.op("OptionalGetElement", [o])], axis=0), F32, [6])
    e2 = branch(b)
    e2.output(e2.const(np.zeros(6), F32), F32, [6])
    y = b.op("If", [has], then_branch=t2.graph(), else_branch=e2.graph())
    b.output(has, BOOL, [], "has")
    b.output(y, F32, [6], "y")
    xv = randf(rng, [2])
    return [[scalar(True, BOOL), xv], [scalar(False, BOOL), xv]]


# -- Models: a tiny RNN and a Mamba-style selective scan ----------------------------------------

RNN_T = 5


def rnn_params(b, rng):
    w = rng.uniform(-0.5, 0.5, [4, 8]).astype(np.float32)
    u = rng.uniform(-0.5, 0.5, [8, 8]).astype(np.float32)
    bias = rng.uniform(-0.1, 0.1, [8]).astype(np.float32)
    return (w, u, bias), (b.init(w, F32, "W"), b.init(u, F32, "U"), b.init(bias, F32, "bias"))


def rnn_step(s, xt, h, w, u, bias):
    pre = s.op("Add", [s.op("Add", [s.op("MatMul", [xt, w]), s.op("MatMul", [h, u])]), bias])
    return s.op("Tanh", [pre])


def rnn_expect(params):
    w, u, bias = params

    def expect(xv, h0):
        h, hs = h0, []
        for t in range(xv.shape[0]):
            h = np.tanh(xv[t] @ w + h @ u + bias)
            hs.append(h)
        return [h, np.stack(hs)]

    return expect


@case("rnn_tanh_scan", "A tiny RNN written as Scan: h = Tanh(x_t [1, 4] @ W [4, 8] + h @ U "
      "[8, 8] + b) over 5 steps; outputs the last h and all of them.", opset=17)
def _(b, rng):
    x = b.input(F32, [RNN_T, 1, 4], "x")
    h0 = b.input(F32, [1, 8], "h0")
    params, (w, u, bias) = rnn_params(b, rng)
    s, (h,), (xt,) = scan_body(b, [(F32, [1, 8])], [(F32, [1, 4])])
    h2 = rnn_step(s, xt, h, w, u, bias)
    s.output(h2, F32, [1, 8])
    s.output(s.op("Identity", [h2]), F32, [1, 8])
    h, hs = b.op("Scan", [h0, x], outs=2, body=s.graph(), num_scan_inputs=1)
    b.output(h, F32, [1, 8], "h")
    b.output(hs, F32, [RNN_T, 1, 8], "hs")
    return [[randf(rng, [RNN_T, 1, 4]), randf(rng, [1, 8])]], rnn_expect(params)


@case("rnn_tanh_loop", "The same tiny RNN written as Loop: M = Shape(x)[0], x_t = Gather(x, "
      "i), h carried, all h as a scan output.", opset=17)
def _(b, rng):
    x = b.input(F32, ["T", 1, 4], "x")
    h0 = b.input(F32, [1, 8], "h0")
    params, (w, u, bias) = rnn_params(b, rng)
    m = b.op("Gather", [b.op("Shape", [x]), b.const(0, I64)], axis=0)
    s, i, c, (h,) = loop_body(b, [(F32, [1, 8])])
    xt = s.op("Gather", [x, i], axis=0)
    h2 = rnn_step(s, xt, h, w, u, bias)
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(h2, F32, [1, 8])
    s.output(s.op("Identity", [h2]), F32, [1, 8])
    h, hs = b.op("Loop", [m, "", h0], outs=2, body=s.graph())
    b.output(h, F32, [1, 8], "h")
    b.output(hs, F32, ["T", 1, 8], "hs")
    return [[randf(rng, [RNN_T, 1, 4]), randf(rng, [1, 8])]], rnn_expect(params)


MAMBA_L, MAMBA_D, MAMBA_N = 8, 256, 16


def mamba_data(b, rng):
    a = -rng.uniform(0.5, 2.0, [MAMBA_D, MAMBA_N]).astype(np.float32)
    ins = [
        rng.uniform(0.01, 0.2, [MAMBA_L, 1, MAMBA_D]).astype(np.float32),  # delta
        randf(rng, [MAMBA_L, 1, MAMBA_D]),  # x
        randf(rng, [MAMBA_L, 1, MAMBA_N]),  # B
        randf(rng, [MAMBA_L, 1, MAMBA_N]),  # C
        randf(rng, [1, MAMBA_D, MAMBA_N], lo=-0.1, hi=0.1),  # initial state
    ]
    return a, b.init(a, F32, "A"), ins


def mamba_step(s, state, delta_t, x_t, b_t, c_t, a):
    """state [1, D, N]; delta_t, x_t [1, D]; b_t, c_t [1, N]."""
    da = s.op("Exp", [s.op("Mul", [s.unsqueeze(delta_t, [2]), a])])
    bx = s.op("Mul", [s.unsqueeze(b_t, [1]), s.unsqueeze(x_t, [2])])
    state2 = s.op("Add", [s.op("Mul", [state, da]), bx])
    y = s.reduce("ReduceSum", s.op("Mul", [state2, s.unsqueeze(c_t, [1])]), [-1], keepdims=0)
    return state2, y


def mamba_inputs(b):
    names = ("delta", "x", "B", "C")
    dims = (MAMBA_D, MAMBA_D, MAMBA_N, MAMBA_N)
    seqs = [b.input(F32, ["L", 1, d], n) for n, d in zip(names, dims)]
    state0 = b.input(F32, [1, MAMBA_D, MAMBA_N], "state0")
    return seqs, state0


def mamba_expect(a):
    def expect(delta, x, bm, cm, state0):
        state, ys = state0, []
        for t in range(delta.shape[0]):
            da = np.exp(delta[t][:, :, None] * a)
            state = state * da + bm[t][:, None, :] * x[t][:, :, None]
            ys.append((state * cm[t][:, None, :]).sum(-1))
        return [state, np.stack(ys)]

    return expect


@case("mamba_selective_scan_scan", "A Mamba-style selective scan written as Scan: state "
      "[1, 256, 16] float; per step dA = Exp(delta_t * A), state = state * dA + B_t * x_t, "
      "y_t = ReduceSum(state * C_t, axis -1, keepdims 0); 8 steps.")
def _(b, rng):
    a_val, a, ins = mamba_data(b, rng)
    seqs, state0 = mamba_inputs(b)
    steps = [(F32, [1, MAMBA_D]), (F32, [1, MAMBA_D]), (F32, [1, MAMBA_N]), (F32, [1, MAMBA_N])]
    s, (state,), (dt, xt, bt, ct) = scan_body(b, [(F32, [1, MAMBA_D, MAMBA_N])], steps)
    state2, y = mamba_step(s, state, dt, xt, bt, ct, a)
    s.output(state2, F32, [1, MAMBA_D, MAMBA_N])
    s.output(y, F32, [1, MAMBA_D])
    state, ys = b.op("Scan", [state0] + seqs, outs=2, body=s.graph(), num_scan_inputs=4)
    b.output(state, F32, [1, MAMBA_D, MAMBA_N], "state")
    b.output(ys, F32, ["L", 1, MAMBA_D], "y")
    return [ins], mamba_expect(a_val)


@case("mamba_selective_scan_loop", "The same Mamba-style selective scan written as Loop: M = "
      "Shape(delta)[0], per-step slices by Gather(., i), the state carried, y a scan output.")
def _(b, rng):
    a_val, a, ins = mamba_data(b, rng)
    seqs, state0 = mamba_inputs(b)
    m = b.op("Gather", [b.op("Shape", [seqs[0]]), b.const(0, I64)], axis=0)
    s, i, c, (state,) = loop_body(b, [(F32, [1, MAMBA_D, MAMBA_N])])
    dt, xt, bt, ct = (s.op("Gather", [v, i], axis=0) for v in seqs)
    state2, y = mamba_step(s, state, dt, xt, bt, ct, a)
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(state2, F32, [1, MAMBA_D, MAMBA_N])
    s.output(y, F32, [1, MAMBA_D])
    state, ys = b.op("Loop", [m, "", state0], outs=2, body=s.graph())
    b.output(state, F32, [1, MAMBA_D, MAMBA_N], "state")
    b.output(ys, F32, ["L", 1, MAMBA_D], "y")
    return [ins], mamba_expect(a_val)


# -- Ops in Loop bodies -------------------------------------------------------------------------


def ops_loop(b, x, xshape, trips, outputs):
    """A Loop (M = trips) carrying x (x = x * 0.75 + i / 4 each trip) whose scan outputs are
    `outputs(s, x_new)`, a list of (value, elem, per-trip shape, name)."""
    s, i, c, (v,) = loop_body(b, [(x[1], xshape)])
    v2 = s.op("Add", [s.op("Mul", [v, s.const(0.75, x[1])]),
                      s.op("Div", [s.cast(i, x[1]), s.const(4.0, x[1])])])
    outs = outputs(s, v2)
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(v2, x[1], xshape)
    for val, elem, shape, _ in outs:
        s.output(val, elem, shape)
    res = b.ops("Loop", [b.const(trips, I64), "", x[0]], 1 + len(outs), body=s.graph())
    b.output(res[0], x[1], xshape, "carried")
    for r, (_, elem, shape, name) in zip(res[1:], outs):
        b.output(r, elem, [trips] + shape, name)


def reductions(s, v, axes_sets):
    outs = []
    for op_type, axes, keep, noop, shape in axes_sets:
        r = s.reduce(op_type, v, axes, keepdims=keep, noop_with_empty_axes=noop)
        tag = "all" if axes is None else ("empty" if axes == [] else "_".join(str(a).replace("-", "m") for a in axes))
        outs.append((r, F32, shape, f"{op_type.lower()}_{tag}_k{keep}"))
    return outs


@case("body_reduce_axes_attr_opset11", "ReduceSum/Mean/Max/Min/Prod with axes as an attribute "
      "(opset 11), keepdims 0 and 1, negative axes and no axes (reduce all), in a Loop body.",
      opset=11)
def _(b, rng):
    x = b.input(F32, [2, 3, 4], "x")
    ops_loop(b, (x, F32), [2, 3, 4], 3, lambda s, v: reductions(s, v, [
        ("ReduceSum", [1], 1, None, [2, 1, 4]),
        ("ReduceMean", [0, 2], 0, None, [3]),
        ("ReduceMax", [-1], 0, None, [2, 3]),
        ("ReduceMin", None, 1, None, [1, 1, 1]),
        ("ReduceProd", [2], 0, None, [2, 3]),
        ("ReduceSum", None, 0, None, []),
    ]))
    return [[randf(rng, [2, 3, 4], lo=0.5, hi=1.5)]]


@case("body_reduce_axes_opset13", "Opset 13 reductions in a Loop body: ReduceSum with axes "
      "as an input (negative axis, empty axes with noop_with_empty_axes = 1 and 0), the others "
      "with axes attributes.", opset=13)
def _(b, rng):
    x = b.input(F32, [2, 3, 4], "x")
    ops_loop(b, (x, F32), [2, 3, 4], 2, lambda s, v: reductions(s, v, [
        ("ReduceSum", [-2], 0, None, [2, 4]),
        ("ReduceSum", [], 1, 1, [2, 3, 4]),
        ("ReduceSum", [], 0, 0, []),
        ("ReduceMean", [1], 1, None, [2, 1, 4]),
        ("ReduceMax", [0, -1], 0, None, [3]),
        ("ReduceMin", [2], 1, None, [2, 3, 1]),
        ("ReduceProd", [0], 0, None, [3, 4]),
    ]))
    return [[randf(rng, [2, 3, 4], lo=0.5, hi=1.5)]]


@case("body_reduce_axes_input_opset18", "Opset 18 reductions in a Loop body, all five with "
      "axes as an input: keepdims 0/1, two axes, negative axes, noop_with_empty_axes = 1 with "
      "empty axes, and no axes at all (reduce all).")
def _(b, rng):
    x = b.input(F32, [2, 3, 4], "x")
    ops_loop(b, (x, F32), [2, 3, 4], 3, lambda s, v: reductions(s, v, [
        ("ReduceSum", [0, 2], 1, None, [1, 3, 1]),
        ("ReduceMean", [-1], 0, None, [2, 3]),
        ("ReduceMax", [], 1, 1, [2, 3, 4]),
        ("ReduceMax", [1], 0, None, [2, 4]),
        ("ReduceMin", None, 0, None, []),
        ("ReduceMin", [-3, -2], 1, None, [1, 1, 4]),
        ("ReduceProd", [1], 1, None, [2, 1, 4]),
        ("ReduceProd", None, 1, 0, [1, 1, 1]),
    ]))
    return [[randf(rng, [2, 3, 4], lo=0.5, hi=1.5)]]


@case("body_softmax_argmax", "Softmax (axis -1 and axis 0) and ArgMax (keepdims 0 and 1, "
      "select_last_index with ties) in a Loop body.", opset=13)
def _(b, rng):
    x = b.input(F32, [3, 4], "x")

    def outs(s, v):
        ties = s.op("Floor", [s.op("Mul", [v, s.const(2.0, F32)])])
        return [
            (s.op("Softmax", [v], axis=-1), F32, [3, 4], "softmax_last"),
            (s.op("Softmax", [v], axis=0), F32, [3, 4], "softmax_first"),
            (s.op("ArgMax", [v], axis=1, keepdims=0), I64, [3], "argmax_1"),
            (s.op("ArgMax", [ties], axis=0, keepdims=1, select_last_index=1), I64, [1, 4],
             "argmax_ties_last"),
            (s.op("ArgMax", [ties], axis=-1, keepdims=1), I64, [3, 1], "argmax_ties_first"),
        ]

    ops_loop(b, (x, F32), [3, 4], 2, outs)
    return [[randf(rng, [3, 4], lo=-2, hi=2)]]


@case("body_gather_where", "Gather (axis 0 with negative and 2-D indices, axis 1 with a "
      "scalar index from the trip number) and Where with broadcasting, in a Loop body.")
def _(b, rng):
    x = b.input(F32, [3, 4], "x")
    s, i, c, (v,) = loop_body(b, [(F32, [3, 4])])
    idx = s.const([[2, -1], [0, 1]], I64)
    g0 = s.op("Gather", [v, idx], axis=0)
    col = s.op("Mod", [i, s.const(4, I64)])
    g1 = s.op("Gather", [v, col], axis=1)
    w = s.op("Where", [s.op("Greater", [v, s.const(0.0, F32)]), v,
                       s.op("Mul", [s.const([-0.5, 1.0, 2.0, 0.0], F32), v])])
    v2 = s.op("Add", [w, s.op("Unsqueeze", [g1, s.i64s([1])])])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(v2, F32, [3, 4])
    s.output(g0, F32, [2, 2, 4])
    s.output(g1, F32, [3])
    carried, gs, cols = b.op("Loop", [b.const(3, I64), "", x], outs=3, body=s.graph())
    b.output(carried, F32, [3, 4], "carried")
    b.output(gs, F32, [3, 2, 2, 4], "gathered_rows")
    b.output(cols, F32, [3, 3], "gathered_cols")
    return [[randf(rng, [3, 4], lo=-2, hi=2)]]


@case("body_pad_tile_flatten", "Pad (constant mode: a fill value, negative pads that crop, "
      "and the opset-18 axes input), Tile and Flatten (axis 0, 1, -1) in a Loop body.")
def _(b, rng):
    x = b.input(F32, [2, 3, 4], "x")

    def outs(s, v):
        return [
            (s.op("Pad", [v, s.i64s([0, 1, 0, 1, 0, 2]), s.const(9.5, F32)], mode="constant"),
             F32, [3, 4, 6], "pad_value"),
            (s.op("Pad", [v, s.i64s([0, -1, 1, 0, 0, -1])]), F32, [2, 2, 4], "pad_crop"),
            (s.op("Pad", [v, s.i64s([2, 1]), s.const(-1.0, F32), s.i64s([-1])]), F32, [2, 3, 7],
             "pad_axes"),
            (s.op("Tile", [v, s.i64s([1, 2, 1])]), F32, [2, 6, 4], "tile"),
            (s.op("Flatten", [v], axis=0), F32, [1, 24], "flatten_0"),
            (s.op("Flatten", [v], axis=1), F32, [2, 12], "flatten_1"),
            (s.op("Flatten", [v], axis=-1), F32, [6, 4], "flatten_m1"),
        ]

    ops_loop(b, (x, F32), [2, 3, 4], 2, outs)
    return [[randf(rng, [2, 3, 4])]]


@case("body_pow_mod", "Pow (float base and exponent, float base with an int64 exponent, int64 "
      "base and exponent) and Mod (fmod = 0 on int32 and int64 with negative operands, fmod = 1 "
      "on int32 and float) in a Loop body.", opset=17)
def _(b, rng):
    x = b.input(F32, [4], "x")
    a = b.input(I32, [4], "a")
    d = b.input(I32, [4], "d")
    s, i, c, (v, av) = loop_body(b, [(F32, [4]), (I32, [4])])
    v2 = s.op("Add", [v, s.const(0.5, F32)])
    a2 = s.op("Sub", [av, s.const(3, I32)])
    a64, d64 = s.cast(a2, I64), s.cast(d, I64)
    outs = [
        (s.op("Pow", [v2, s.const([0.5, 2.0, -1.0, 1.5], F32)]), F32, [4], "pow_ff"),
        (s.op("Pow", [v2, s.op("Add", [i, s.const(1, I64)])]), F32, [4], "pow_fi"),
        (s.op("Pow", [s.cast(d, I64), s.op("Add", [i, s.const(1, I64)])]), I64, [4], "pow_ii"),
        (s.op("Mod", [a2, d], fmod=0), I32, [4], "mod_i32"),
        (s.op("Mod", [a64, d64], fmod=0), I64, [4], "mod_i64"),
        (s.op("Mod", [a2, d], fmod=1), I32, [4], "fmod_i32"),
        (s.op("Mod", [s.op("Neg", [v2]), s.const([0.75, -1.5, 2.0, -0.5], F32)], fmod=1), F32, [4],
         "fmod_f32"),
    ]
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(v2, F32, [4])
    s.output(a2, I32, [4])
    for val, elem, shape, _ in outs:
        s.output(val, elem, shape)
    res = b.op("Loop", [b.const(3, I64), "", x, a], outs=2 + len(outs), body=s.graph())
    b.output(res[0], F32, [4], "x_final")
    b.output(res[1], I32, [4], "a_final")
    for r, (_, elem, shape, name) in zip(res[2:], outs):
        b.output(r, elem, [3] + shape, name)
    return [[np.array([0.25, 1.5, 2.0, 3.25], np.float32), np.array([7, -7, 8, -9], np.int32),
             np.array([3, 3, -3, -4], np.int32)]]


@case("body_max_min_compare_logic", "Max and Min (three inputs with broadcasting), Greater, "
      "Less, GreaterOrEqual, LessOrEqual, Equal (with ties), And, Or, Xor, Not and Where in a "
      "Loop body.")
def _(b, rng):
    x = b.input(F32, [2, 3], "x")
    y = b.input(F32, [3], "y")

    def outs(s, v):
        k = s.const([0.5], F32)
        gt, lt = s.op("Greater", [v, y]), s.op("Less", [v, y])
        ge, le = s.op("GreaterOrEqual", [v, k]), s.op("LessOrEqual", [v, k])
        eq = s.op("Equal", [v, s.const(1.0, F32)])
        return [
            (s.op("Max", [v, y, k]), F32, [2, 3], "max3"),
            (s.op("Min", [v, y]), F32, [2, 3], "min2"),
            (s.op("Min", [v, k, s.const(0.75, F32)]), F32, [2, 3], "min3"),
            (gt, BOOL, [2, 3], "greater"),
            (lt, BOOL, [2, 3], "less"),
            (ge, BOOL, [2, 3], "greater_or_equal"),
            (le, BOOL, [2, 3], "less_or_equal"),
            (eq, BOOL, [2, 3], "equal"),
            (s.op("And", [gt, ge]), BOOL, [2, 3], "and"),
            (s.op("Or", [lt, eq]), BOOL, [2, 3], "or"),
            (s.op("Xor", [ge, le]), BOOL, [2, 3], "xor"),
            (s.op("Where", [s.op("Not", [gt]), v, y]), F32, [2, 3], "where_not"),
        ]

    ops_loop(b, (x, F32), [2, 3], 3, outs)
    # Values on the 0.25 grid make exact ties with y, 0.5 and 1.0 on some trips.
    return [[np.array([[1.0, 0.5, -0.25], [2.0, 0.25, 0.75]], np.float32),
             np.array([0.75, 0.5, 0.25], np.float32)]]


@case("body_unary_math", "Neg, Abs, Log, Tanh, Sigmoid, Floor, Ceil, Sqrt, Exp, Reciprocal and "
      "Relu in a Loop body.")
def _(b, rng):
    x = b.input(F32, [5], "x")

    def outs(s, v):
        pos = s.op("Add", [s.op("Abs", [v]), s.const(0.5, F32)])
        names = ["Neg", "Abs", "Tanh", "Sigmoid", "Floor", "Ceil", "Exp", "Relu"]
        res = [(s.op(n, [v]), F32, [5], n.lower()) for n in names]
        res += [(s.op(n, [pos]), F32, [5], n.lower()) for n in ("Log", "Sqrt", "Reciprocal")]
        return res

    ops_loop(b, (x, F32), [5], 3, outs)
    return [[np.array([-2.3, -0.5, 0.0, 0.7, 3.1], np.float32)]]


@case("body_shape_ops_opset18", "Shape (with start/end), Size, Reshape (0 and -1), Squeeze, "
      "Unsqueeze, Transpose, Expand, Concat, Split, Slice (negative axes and steps), "
      "GatherElements, Range and ConstantOfShape in a Loop body, axes as inputs.")
def _(b, rng):
    x = b.input(F32, [2, 3, 4], "x")

    def outs(s, v):
        shp = s.op("Shape", [v])
        tail = s.op("Shape", [v], start=1, end=-1)
        r = s.op("Reshape", [v, s.i64s([0, -1])])
        un = s.unsqueeze(v, [0, -1])
        sq = s.squeeze(s.op("Slice", [v, s.i64s([1]), s.i64s([2]), s.i64s([1])]), [1])
        tr = s.op("Transpose", [v], perm=[2, 0, 1])
        ex = s.op("Expand", [s.const([[1.0], [2.0]], F32), s.i64s([2, 3])])
        cat = s.op("Concat", [v, s.op("Mul", [v, v])], axis=-1)
        p1, p2 = s.split(v, [1, 3], axis=2)
        sl = s.op("Slice", [v, s.i64s([-1, 0]), s.i64s([-4, 100]), s.i64s([-1, 1]),
                            s.i64s([-1, 2])])
        ge = s.op("GatherElements", [v, s.const(np.tile([[[3], [0], [1]]], [2, 1, 1]), I64)],
                  axis=2)
        rg = s.op("Range", [s.const(0.5, F32), s.cast(s.op("Size", [v]), F32),
                            s.const(6.0, F32)])
        cs = s.op("ConstantOfShape", [tail], value=numpy_helper.from_array(arr([2.5], F32)))
        return [
            (shp, I64, [3], "shape"), (tail, I64, [1], "shape_1_m1"),
            (s.op("Size", [v]), I64, [], "size"), (r, F32, [2, 12], "reshape"),
            (un, F32, [1, 2, 3, 4, 1], "unsqueeze"), (sq, F32, [2, 4], "squeeze"),
            (tr, F32, [4, 2, 3], "transpose"), (ex, F32, [2, 3], "expand"),
            (cat, F32, [2, 3, 8], "concat"), (p1, F32, [2, 3, 1], "split_a"),
            (p2, F32, [2, 3, 3], "split_b"), (sl, F32, [2, 2, 3], "slice_neg_steps"),
            (ge, F32, [2, 3, 1], "gather_elements"), (rg, F32, [4], "range"),
            (cs, F32, [3], "constant_of_shape"),
        ]

    ops_loop(b, (x, F32), [2, 3, 4], 2, outs)
    return [[randf(rng, [2, 3, 4])]]


@case("body_shape_ops_opset11", "Squeeze, Unsqueeze and Split with attributes (opset 11), "
      "Slice with inputs, Reshape, Transpose with the default perm, ConstantOfShape and Range "
      "(int64) in a Loop body.", opset=11)
def _(b, rng):
    x = b.input(F32, [3, 1, 4], "x")

    def outs(s, v):
        sq = s.squeeze(v, [1])
        p1, p2, p3 = s.split(sq, [1, 1, 2], axis=1)
        return [
            (sq, F32, [3, 4], "squeeze"), (s.unsqueeze(sq, [0, 3]), F32, [1, 3, 4, 1], "unsqueeze"),
            (p1, F32, [3, 1], "split_a"), (p2, F32, [3, 1], "split_b"), (p3, F32, [3, 2], "split_c"),
            (s.op("Slice", [sq, s.i64s([0, 1]), s.i64s([2, 4])]), F32, [2, 3], "slice"),
            (s.op("Transpose", [v]), F32, [4, 1, 3], "transpose"),
            (s.op("Reshape", [v, s.i64s([4, -1])]), F32, [4, 3], "reshape"),
            (s.op("ConstantOfShape", [s.i64s([2, 2])]), F32, [2, 2], "constant_of_shape"),
            (s.op("Range", [s.const(10, I64), s.const(1, I64), s.const(-3, I64)]), I64, [3],
             "range"),
        ]

    ops_loop(b, (x, F32), [3, 1, 4], 2, outs)
    return [[randf(rng, [3, 1, 4])]]


@case("body_matmul_shapes", "MatMul in a Loop body: vector x matrix, matrix x vector, batched "
      "3-D x 2-D and broadcast batched [1, 2, 3] x [2, 3, 2].", opset=17)
def _(b, rng):
    x = b.input(F32, [2, 3], "x")
    w = b.init(randf(rng, [3, 2]), F32, "w")
    bw = b.init(randf(rng, [2, 3, 2]), F32, "bw")

    def outs(s, v):
        v3 = s.unsqueeze(v, [0])
        row = s.op("Gather", [v, s.const(0, I64)], axis=0)
        return [
            (s.op("MatMul", [row, w]), F32, [2], "vec_mat"),
            (s.op("MatMul", [v, s.op("Gather", [w, s.const(1, I64)], axis=1)]), F32, [2],
             "mat_vec"),
            (s.op("MatMul", [s.op("Concat", [v3, v3], axis=0), w]), F32, [2, 2, 2], "batched"),
            (s.op("MatMul", [v3, bw]), F32, [2, 2, 2], "broadcast"),
        ]

    ops_loop(b, (x, F32), [2, 3], 2, outs)
    return [[randf(rng, [2, 3])]]


@case("body_int_div_sub_mul", "Integer Div (truncation with negative operands), Sub and Mul on "
      "int32, int64 and uint8 in a Loop body.", opset=14)
def _(b, rng):
    a = b.input(I32, [4], "a")
    d = b.input(I32, [4], "d")
    u = b.input(U8, [4], "u")
    s, i, c, (av, uv) = loop_body(b, [(I32, [4]), (U8, [4])])
    a2 = s.op("Sub", [s.op("Mul", [av, s.const(3, I32)]), s.cast(i, I32)])
    u2 = s.op("Mul", [uv, s.const(3, U8)])
    q32 = s.op("Div", [a2, d])
    q64 = s.op("Div", [s.cast(a2, I64), s.cast(d, I64)])
    qu = s.op("Div", [u2, s.const(7, U8)])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(a2, I32, [4])
    s.output(u2, U8, [4])
    s.output(q32, I32, [4])
    s.output(q64, I64, [4])
    s.output(qu, U8, [4])
    a2, u2, q32, q64, qu = b.op("Loop", [b.const(3, I64), "", a, u], outs=5, body=s.graph())
    b.output(a2, I32, [4], "a_final")
    b.output(u2, U8, [4], "u_final")
    b.output(q32, I32, [3, 4], "div_i32")
    b.output(q64, I64, [3, 4], "div_i64")
    b.output(qu, U8, [3, 4], "div_u8")
    return [[np.array([7, -7, 20, -20], np.int32), np.array([2, 2, -3, -6], np.int32),
             np.array([5, 100, 250, 1], np.uint8)]]

# ---------------------------------------------------------------------------------------------
# Oracle, files, verification


def kind_of(vi):
    t = vi.type
    if t.HasField("sequence_type"):
        return "seq"
    if t.HasField("optional_type"):
        return "opt"
    return "tensor"


def to_proto(value, vi):
    kind = kind_of(vi)
    if kind == "seq":
        return numpy_helper.from_list([np.asarray(v) for v in value], vi.name)
    if kind == "opt":
        if isinstance(value, list):
            return numpy_helper.from_optional([np.asarray(v) for v in value], vi.name)
        return numpy_helper.from_optional(None if value is None else np.asarray(value), vi.name)
    return numpy_helper.from_array(np.asarray(value), vi.name)


def from_file(path, vi):
    data = open(path, "rb").read()
    kind = kind_of(vi)
    if kind == "seq":
        p = onnx.SequenceProto()
        p.ParseFromString(data)
        return numpy_helper.to_list(p)
    if kind == "opt":
        p = onnx.OptionalProto()
        p.ParseFromString(data)
        return numpy_helper.to_optional(p)
    p = onnx.TensorProto()
    p.ParseFromString(data)
    return numpy_helper.to_array(p)


def run_ort(model, feeds):
    so = ort.SessionOptions()
    # One thread: reductions then sum in one fixed order and the outputs do not drift.
    so.intra_op_num_threads = 1
    so.inter_op_num_threads = 1
    so.log_severity_level = 3
    sess = ort.InferenceSession(model.SerializeToString(), so, providers=["CPUExecutionProvider"])
    return sess.run(None, feeds)


def run_ref(model, feeds):
    return ReferenceEvaluator(model).run(None, feeds)


def with_explicit_cond(model):
    """A copy of `model` where every Loop without a cond input gets a Constant true one. The
    reference evaluator of onnx 1.23 treats a missing cond as false (zero trips); with the body
    conds of this corpus the copy computes the same values, so it can serve as a cross-check."""
    model = onnx.ModelProto.FromString(model.SerializeToString())
    counter = itertools.count()

    def patch(graph):
        nodes = []
        for node in graph.node:
            for a in node.attribute:
                if a.type == onnx.AttributeProto.GRAPH:
                    patch(a.g)
            if node.op_type == "Loop" and len(node.input) > 1 and node.input[1] == "":
                name = f"__cross_check_true_{next(counter)}"
                nodes.append(helper.make_node("Constant", [], [name],
                                              value=numpy_helper.from_array(np.array(True))))
                node.input[1] = name
            nodes.append(node)
        del graph.node[:]
        graph.node.extend(nodes)

    patch(model.graph)
    return model


def close_loose(a, b):
    """`close`, except that a shape difference with the same element count is tolerated: the
    reference evaluator stacks Loop scan outputs with np.vstack, which flattens their layout."""
    if isinstance(a, list) or isinstance(b, list) or a is None or b is None:
        return close(a, b)
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape and a.size == b.size:
        return close(a.reshape(-1), b.reshape(-1))
    return close(a, b)


def same(a, b):
    """Bit-for-bit equality of two output values (tensors, sequences or optionals)."""
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, list) or isinstance(b, list):
        return isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and all(
            same(x, y) for x, y in zip(a, b))
    a, b = np.asarray(a), np.asarray(b)
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    if a.dtype.kind == "f" or a.dtype == ml_dtypes.bfloat16:
        return np.array_equal(a.astype(np.float64), b.astype(np.float64), equal_nan=True)
    return np.array_equal(a, b)


def close(a, b, rtol=1e-3, atol=1e-5):
    """The corpus comparison (looser atol): used only to report where the two oracles differ."""
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, list) or isinstance(b, list):
        return isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and all(
            close(x, y, rtol, atol) for x, y in zip(a, b))
    a, b = np.asarray(a), np.asarray(b)
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    if a.dtype.kind in "fc" or a.dtype == ml_dtypes.bfloat16:
        return np.allclose(a.astype(np.float64), b.astype(np.float64), rtol, atol, equal_nan=True)
    return np.array_equal(a, b)


def describe(v):
    if v is None:
        return "None"
    if isinstance(v, list):
        return "seq[" + ", ".join(describe(x) for x in v) + "]"
    v = np.asarray(v)
    return f"{v.dtype}{list(v.shape)}"


def feeds_of(model, inputs):
    names = [vi.name for vi in model.graph.input]
    if len(names) != len(inputs):
        raise SystemExit(f"{len(inputs)} inputs given for {len(names)} graph inputs")
    return dict(zip(names, inputs))


def oracle(model, datasets):
    """Runs every input set through onnxruntime, or through the reference evaluator when
    onnxruntime refuses. Returns (outputs per set, oracle name, refusal reason, notes)."""
    notes = []
    try:
        outs = [run_ort(model, feeds_of(model, d)) for d in datasets]
    except Exception as e:  # onnxruntime raises several unrelated exception types
        reason = str(e).strip().splitlines()[0]
        reason = reason.replace("[ONNXRuntimeError] : ", "")
        outs = [run_ref(model, feeds_of(model, d)) for d in datasets]
        return outs, "reference", reason[:160], notes
    # Cross-check with the reference evaluator; disagreements are reported, not hidden.
    try:
        patched = with_explicit_cond(model)
        ref = [run_ref(patched, feeds_of(model, d)) for d in datasets]
        for k, (o, r) in enumerate(zip(outs, ref)):
            for vi, x, y in zip(model.graph.output, o, r):
                if not close_loose(x, y):
                    notes.append(f"set {k} output {vi.name}: onnxruntime {describe(x)}, "
                                 f"reference evaluator {describe(y)}")
    except Exception as e:
        notes.append(f"reference evaluator fails: {str(e).strip().splitlines()[0][:120]}")
    return outs, "onnxruntime", None, notes


def write_case(d, model, datasets, outputs):
    os.makedirs(d)
    with open(os.path.join(d, "model.onnx"), "wb") as f:
        f.write(model.SerializeToString())
    for k, (ins, outs) in enumerate(zip(datasets, outputs)):
        dd = os.path.join(d, f"test_data_set_{k}")
        os.makedirs(dd)
        for kind, vals, decl in (("input", ins, model.graph.input), ("output", outs, model.graph.output)):
            for j, (v, vi) in enumerate(zip(vals, decl)):
                with open(os.path.join(dd, f"{kind}_{j}.pb"), "wb") as f:
                    f.write(to_proto(v, vi).SerializeToString())


def verify_case(d, which):
    """Reloads the model and the .pb files, reruns the oracle, and checks the outputs match the
    files bit for bit."""
    model = onnx.load(os.path.join(d, "model.onnx"))
    sets = sorted(x for x in os.listdir(d) if x.startswith("test_data_set_"))
    for s in sets:
        dd = os.path.join(d, s)
        ins = [from_file(os.path.join(dd, f"input_{j}.pb"), vi) for j, vi in enumerate(model.graph.input)]
        want = [from_file(os.path.join(dd, f"output_{j}.pb"), vi) for j, vi in enumerate(model.graph.output)]
        got = (run_ort if which == "onnxruntime" else run_ref)(model, feeds_of(model, ins))
        for vi, g, w in zip(model.graph.output, got, want):
            if not same(np.asarray(g) if not isinstance(g, list) and g is not None else g, w):
                raise SystemExit(f"{d}/{s}: output {vi.name} does not reproduce: {describe(g)} vs {describe(w)}")
    return len(sets)


def make_model(b, doc):
    model = helper.make_model(
        b.graph(doc),
        opset_imports=[helper.make_opsetid("", b.opset)],
        ir_version=IR_VERSION[b.opset],
        producer_name="flowgate-gen-onnx-cf",
    )
    onnx.checker.check_model(model, full_check=True)
    return model


def generate(out, only=None):
    os.makedirs(out, exist_ok=True)
    names = [c[0] for c in CASES]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        raise SystemExit(f"duplicate case names: {sorted(dup)}")
    # Stale cases from an older version of this script would otherwise linger.
    for entry in sorted(os.listdir(out)):
        p = os.path.join(out, entry)
        if os.path.isdir(p) and entry not in names and os.path.exists(os.path.join(p, "model.onnx")):
            shutil.rmtree(p)
    lines, report, total = [], [], 0
    for name, desc, opset, show_shapes, fn in CASES:
        if only and name not in only:
            continue
        b = B(opset)
        rng = np.random.default_rng(zlib.crc32(name.encode()))
        datasets = fn(b, rng)
        # A case may also return a NumPy model of itself: an oracle independent of both runtimes.
        datasets, expect = datasets if isinstance(datasets, tuple) else (datasets, None)
        try:
            model = make_model(b, desc)
        except Exception as e:
            raise SystemExit(f"{name}: {e}") from e
        size = model.ByteSize()
        if size > MAX_MODEL_BYTES:
            raise SystemExit(f"{name}: model is {size} bytes")
        outputs, which, reason, notes = oracle(model, datasets)
        if expect:
            for k, (ins, outs) in enumerate(zip(datasets, outputs)):
                for vi, got, want in zip(model.graph.output, outs, expect(*ins)):
                    if not close(got, np.asarray(want).astype(np.asarray(got).dtype), 1e-4, 1e-5):
                        raise SystemExit(f"{name} set {k}: {which} output {vi.name} disagrees "
                                         f"with the NumPy model:\n{got}\n{want}")
        d = os.path.join(out, name)
        shutil.rmtree(d, ignore_errors=True)
        write_case(d, model, datasets, outputs)
        nsets = verify_case(d, which)
        total += sum(os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(d) for f in fs)
        line = f"- `{name}` (opset {opset}, {nsets} data set{'s' if nsets > 1 else ''}): {desc}"
        if show_shapes:
            shapes = "; ".join(
                f"set {k}: " + ", ".join(f"{vi.name} {describe(v)}" for vi, v in zip(model.graph.output, o))
                for k, o in enumerate(outputs))
            line += f" onnxruntime gives {shapes}." if which == "onnxruntime" else f" Outputs: {shapes}."
        if which == "onnxruntime":
            line += " Oracle: onnxruntime."
        else:
            line += f" Oracle: onnx.reference.ReferenceEvaluator (onnxruntime refuses: {reason})."
        # Oracle disagreements go to the report: most are reference-evaluator bugs (README).
        report.extend(f"{name}: {n}" for n in notes)
        if which != "onnxruntime":
            report.append(f"{name}: onnxruntime refuses: {reason}")
        lines.append(line)
        print(f"ok {name} [{which}]", flush=True)
    if total > MAX_TOTAL_BYTES:
        raise SystemExit(f"corpus is {total} bytes")
    if not only:
        write_readme(out, lines)
    print(f"{len(lines)} cases, {total} bytes")
    for r in report:
        print("NOTE", r)


def memory_model(out):
    """The memory test's model: a Loop whose trip count M is a graph input (10^6 in the test),
    whose body makes a fresh [256] float tensor per trip, with one carried [256] output. The
    test data holds M = 1000, so the expected output stays cheap to produce and exact (all
    values are multiples of 0.5 below 2^23)."""
    b = B(18)
    m = b.input(I64, [], "M")
    x0 = b.init(np.arange(256) * 0.5, F32, "x0")
    s, i, c, (acc,) = loop_body(b, [(F32, [256])])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("Add", [acc, s.cast(i, F32)]), F32, [256])
    (acc,) = b.ops("Loop", [m, "", x0], 1, body=s.graph())
    b.output(acc, F32, [256], "acc")
    model = make_model(b, "Loop with M a graph input (10^6 for the memory test); the body "
                          "makes a fresh [256] float tensor per trip: acc = acc + Cast(i).")
    datasets = [[scalar(1000, I64)]]
    outputs, which, reason, notes = oracle(model, datasets)
    want = np.arange(256, dtype=np.float32) * 0.5 + np.float32(sum(range(1000)))
    if which != "onnxruntime" or not same(outputs[0][0], want) or notes:
        raise SystemExit(f"memory model: unexpected oracle result ({which}, {reason}, {notes})")
    for entry in ("model.onnx", "loop_1m.onnx", "test_data_set_0"):
        p = os.path.join(out, entry)
        if os.path.isdir(p):
            shutil.rmtree(p)
        elif os.path.exists(p):
            os.remove(p)
    os.makedirs(out, exist_ok=True)
    # write_case wants a fresh directory; the model goes beside its data set.
    tmp = os.path.join(out, ".gen")
    shutil.rmtree(tmp, ignore_errors=True)
    write_case(tmp, model, datasets, outputs)
    os.replace(os.path.join(tmp, "model.onnx"), os.path.join(out, "model.onnx"))
    os.replace(os.path.join(tmp, "test_data_set_0"), os.path.join(out, "test_data_set_0"))
    os.rmdir(tmp)
    # The same bytes under the name the memory test uses.
    shutil.copyfile(os.path.join(out, "model.onnx"), os.path.join(out, "loop_1m.onnx"))
    verify_case(out, which)
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write(MEMORY_README)
    print(f"memory model written to {out}")


MEMORY_README = """# Memory test model

`model.onnx` (and the same bytes as `loop_1m.onnx`): a `Loop` whose trip count `M` is its only
graph input (int64 scalar). The body makes a fresh `[256]` float tensor every trip,
`acc = acc + Cast(i)`, carried from an initializer `0, 0.5, ..., 127.5`; the output is the
final `acc`. The memory test runs it with `M = 1000000` under `ulimit -v`: nothing may grow per
trip.

`test_data_set_0` holds `M = 1000` and the expected output from onnxruntime (checked against
the exact value `0.5 * k + 499500`).

Regenerate with `python3 scripts/gen-onnx-cf.py --memory-model [--memory-out testdata/memory]`.
"""


README_HEAD = """# Flowgate's own ONNX control-flow corpus

Small models exercising `Loop`, `Scan` and `If` (modes, axes, directions, nesting, captures,
element types, sequences and optionals), in the layout of the ONNX backend suite:
`<case>/model.onnx` and `<case>/test_data_set_K/{input,output}_I.pb` (a serialized
`TensorProto`, or a `SequenceProto` / `OptionalProto` where the graph input or output is a
sequence or an optional, as `onnx.numpy_helper.from_array / from_list / from_optional` write
them).

The expected outputs come from onnxruntime (CPU execution provider, one thread). Where
onnxruntime refuses a model, they come from `onnx.reference.ReferenceEvaluator`, and the line
says so. Every model passes `onnx.checker.check_model(full_check=True)`; every case was
verified by reloading its files and rerunning the oracle.

Regenerate (deterministic: a second run gives identical files) with

    python3 scripts/gen-onnx-cf.py [--out testdata/onnx-cf]

in an environment with `onnx==1.23.2`, `onnxruntime` and `numpy`. Run the corpus with

    onnx-run --backend-tests testdata/onnx-cf

## Cases

"""


README_TAIL = """
## What the oracles do that is surprising

Found while generating this corpus (onnx 1.23.2, onnxruntime 1.32.0). No case depends on the
onnxruntime behaviours marked *avoided*; they are listed so that nobody copies them by accident.

- **Zero-trip Loop scan outputs** (`loop_scan_zero_trips_*`): onnxruntime gives leading dim 0
  and takes the other dims from the body's declared output shape: `[0]` for a scalar,
  `[0, 2, 3]` for a declared `[2, 3]`, `[0, 0, 0]` when the body declares symbolic dims
  `[a, b]`, and `[0]` (rank 1, with a warning) when the body output has no shape at all.
- *Avoided*: in Loop mode `(M, "")` onnxruntime still obeys the body's cond output: a body
  returning false stops the loop after one trip, where the ONNX spec says that output is
  ignored and M trips run. In `loop_mode_m_empty` the body's cond is always true.
- *Avoided*: a Scan body that lists the same value as a state output and as a scan output
  gets wrong results in onnxruntime (the final state stays at its initial value, the scan
  output holds each step's state before the update). The cases put an Identity between them.
  The same aliasing in a Loop body is computed correctly (`loop_scan_zero_trips_cond_false`,
  `loop_scan_outputs_mixed` do it on purpose).
- *Avoided*: onnxruntime runs float16 Add/Mul through float32 and drops the casts between
  consecutive float16 nodes (even with graph optimizations off), so a chain of float16 ops is
  rounded once instead of after every node, and differs from per-node float16 arithmetic by an
  ulp or two. `type_float16_loop` keeps its carried values on a grid where every op is exact;
  its lone Cast tests float -> float16 rounding.
- onnxruntime has no CPU kernel for bfloat16 Add, and its Python API cannot return a bfloat16
  output, so `type_bfloat16_loop_add` uses the reference evaluator and `type_bfloat16_loop_cast`
  returns its bfloat16 result Cast to float.
- The reference evaluator is not a reliable second oracle for control flow: a Loop without a
  cond input runs zero trips, Loop scan outputs are stacked with `np.vstack` (a scalar scan
  output comes out `[n, 1]`, zero trips raise), Scan supports only axis 0 forward, and an
  optional output comes out wrapped in a list. The generator cross-checks every onnxruntime
  result against it anyway, on a copy of the model with an explicit true cond, and prints the
  disagreements; with those workarounds the only ones left are its known failures above.
- Scan axis and direction cases, the RNN and the Mamba cases are also checked against a NumPy
  model of the same computation.
"""


def write_readme(out, lines):
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write(README_HEAD)
        f.write("\n".join(lines) + "\n")
        f.write(README_TAIL)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(REPO, "testdata", "onnx-cf"),
                    help="corpus directory (default: testdata/onnx-cf)")
    ap.add_argument("--memory-model", action="store_true",
                    help="write the 10^6-iteration memory model instead of the corpus")
    ap.add_argument("--memory-out", default=os.path.join(REPO, "testdata", "memory"),
                    help="directory of the memory model (default: testdata/memory)")
    ap.add_argument("--only", nargs="*", help="generate only these cases (no README)")
    ap.add_argument("--list", action="store_true", help="list the case names")
    args = ap.parse_args()
    if args.list:
        for c in CASES:
            print(c[0])
        return
    if args.memory_model:
        memory_model(args.memory_out)
        return
    generate(args.out, args.only)


if __name__ == "__main__":
    main()
