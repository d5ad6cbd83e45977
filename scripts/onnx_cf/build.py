"""Building ONNX graphs for the corpus: element types, a small graph builder that keeps value
names unique across scopes, Loop/Scan/If body builders, and the case registry."""

import itertools

import ml_dtypes
import numpy as np
import onnx
from onnx import TensorProto as TP
from onnx import helper, numpy_helper

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
    vs = [s.input(spec[0], spec[1], kind=spec[2] if len(spec) > 2 else "tensor") for spec in carried]
    return s, i, c, vs


def branch(b):
    """An If branch builder (no inputs; it reads outer values by name)."""
    return b.sub("branch")


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
    the graph and returns its input sets, each a list in graph-input order; or a pair of those
    and a NumPy model of the case (inputs -> outputs) that the generator checks the oracle
    against. `show_shapes` puts the outputs' shapes in the README line."""

    def deco(fn):
        CASES.append((name, desc, opset, show_shapes, fn))
        return fn

    return deco


def randf(rng, shape, elem=F32, lo=-1.0, hi=1.0):
    return rng.uniform(lo, hi, size=shape).astype(NP_OF[elem])


def scalar(v, elem):
    return np.array(v, dtype=NP_OF[elem])


# The op types the compiler supports (issue 10); a case using anything else is a generator bug.
ALLOWED_OPS = set("""
    Loop Scan If CumSum Add Sub Mul Div Sqrt Exp Reciprocal Ceil Relu Not Equal Cast CastLike Identity
    Constant ConstantOfShape Shape Size Reshape Squeeze Unsqueeze Transpose Expand Concat Split
    Slice GatherElements Range MatMul Neg Abs Log Tanh Sigmoid Floor Pow Mod Max Min Greater Less
    GreaterOrEqual LessOrEqual And Or Xor Where Gather ReduceSum ReduceMean ReduceMax ReduceMin
    ReduceProd Softmax ArgMax Flatten Tile Pad SequenceEmpty SequenceConstruct SequenceInsert
    SequenceAt SequenceLength SequenceErase ConcatFromSequence SplitToSequence Optional
    OptionalHasElement OptionalGetElement
    Sum Clip Sign Round IsNaN IsInf Erf Sin Cos Atan BitShift BitwiseAnd BitwiseOr BitwiseXor BitwiseNot
    SequenceMap Conv
""".split())


def op_types(graph, acc=None):
    """Every op type in `graph` and its subgraphs."""
    acc = set() if acc is None else acc
    for node in graph.node:
        acc.add(node.op_type)
        for a in node.attribute:
            if a.type == onnx.AttributeProto.GRAPH:
                op_types(a.g, acc)
    return acc


def make_model(b, doc):
    model = helper.make_model(
        b.graph(doc),
        opset_imports=[helper.make_opsetid("", b.opset)],
        ir_version=IR_VERSION[b.opset],
        producer_name="flowgate-gen-onnx-cf",
    )
    onnx.checker.check_model(model, full_check=True)
    extra = op_types(model.graph) - ALLOWED_OPS
    if extra:
        raise ValueError(f"op types outside the supported set: {sorted(extra)}")
    return model
