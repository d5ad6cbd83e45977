"""A generator of random valid ONNX control-flow models.

Every value the generator makes carries its element type and its real shape (each dimension an
int, or None when it depends on data, as after an `If` whose branches differ or a carried
tensor that grows), so every op it adds is valid by construction; declared shapes in graphs
are drawn from the truth (static, symbolic, rank only or absent). Trip counts and initial
conditions come from constants or graph inputs whose values the generator chose, so it knows
how many trips each `Loop` makes and the shapes of its scan outputs.

`generate(seed)` returns (model, inputs, info): the model passes
`onnx.checker.check_model(full_check=True)`; `info` says what the model contains.
"""

import math
from dataclasses import dataclass, field

import numpy as np
import onnx
from onnx import TensorProto as TP
from onnx import helper, numpy_helper

F16, F32, F64, I32, I64, BOOL = TP.FLOAT16, TP.FLOAT, TP.DOUBLE, TP.INT32, TP.INT64, TP.BOOL
FLOATS = (F32, F64, F16)
INTS = (I32, I64)
NUM = FLOATS + INTS
ALL = NUM + (BOOL,)
NP_OF = {F16: np.float16, F32: np.float32, F64: np.float64, I32: np.int32, I64: np.int64, BOOL: np.bool_}
OPSET = 18
IR_VERSION = 8
MAX_ELEMS = 256  # no tensor the generator knows the shape of grows past this


@dataclass(eq=False)
class V:
    """A value: `shape` is a tuple of int|None, or None for an unknown rank. A sequence has
    `kind` seq, `elem` its tensors' type and `eshapes` its elements' shapes (None: unknown)."""

    name: str
    elem: int
    shape: object
    kind: str = "tensor"
    eshapes: object = None
    value: object = None  # the known value (constants and graph inputs)

    @property
    def rank(self):
        return None if self.shape is None else len(self.shape)

    def static(self):
        return self.kind == "tensor" and self.shape is not None and all(d is not None for d in self.shape)


def nelems(shape):
    return math.prod(shape) if shape else 1


def broadcast(a, b):
    """Broadcast of two shapes whose dims may be None (None against 1 or equal None)."""
    if a is None or b is None:
        return None
    out = []
    for i in range(max(len(a), len(b))):
        x = a[len(a) - 1 - i] if i < len(a) else 1
        y = b[len(b) - 1 - i] if i < len(b) else 1
        if x == 1:
            out.append(y)
        elif y == 1 or x == y:
            out.append(x)
        else:
            out.append(None)
    return tuple(reversed(out))


def slice_len(d, start, end, step):
    """ONNX Slice's length along one axis (Python's slicing clamps a negative-step start
    below -d differently: to nothing, where ONNX clamps it to 0)."""
    if d == 0:
        return 0
    start += d if start < 0 else 0
    end += d if end < 0 else 0
    if step > 0:
        start, end = min(max(start, 0), d), min(max(end, 0), d)
        return max(0, -(-(end - start) // step))
    start, end = min(max(start, 0), d - 1), min(max(end, -1), d - 1)
    return max(0, -(-(start - end) // -step))


class Scope:
    """One graph under construction; values of enclosing scopes are visible (captures)."""

    def __init__(self, gen, parent, name):
        self.gen, self.parent, self.name = gen, parent, name
        self.depth = 0 if parent is None else parent.depth + 1
        self.nodes, self.inputs, self.outputs, self.inits = [], [], [], []
        self.vals = []

    def visible(self):
        s, out = self, []
        while s is not None:
            out.extend(s.vals)
            s = s.parent
        return out

    def node(self, op, inputs, nout=1, **attrs):
        outs = [self.gen.fresh(op.lower()) for _ in range(nout)]
        self.nodes.append(helper.make_node(op, list(inputs), outs, name=self.gen.fresh(op), **attrs))
        return outs

    def add(self, v):
        if v.elem == F16:
            self.gen.feature("float16")
        self.vals.append(v)
        return v

    def graph(self):
        return helper.make_graph(self.nodes, self.name, self.inputs, self.outputs, self.inits)


class Gen:
    def __init__(self, seed, max_depth=3, budget=30):
        self.rng = np.random.default_rng(seed)
        self.counter = 0
        self.max_depth = max_depth
        self.budget = budget
        self.nodes_made = 0
        self.root = Scope(self, None, "main")
        self.feeds = []  # (name, numpy value) in graph-input order
        self.info = {"ops": set(), "features": set()}
        self.symbols = 0

    # ---- small helpers -----------------------------------------------------------------------

    def fresh(self, prefix):
        self.counter += 1
        return f"{prefix}_{self.counter}"

    def chance(self, p):
        return self.rng.random() < p

    def pick(self, seq):
        return seq[int(self.rng.integers(len(seq)))]

    def feature(self, f):
        self.info["features"].add(f)

    def rand_elem(self):
        return self.pick([F32] * 6 + [F64] * 2 + [I32] * 2 + [I64] * 3 + [BOOL] * 2 + [F16])

    def rand_shape(self, rank=None):
        if rank is None:
            rank = self.pick([0, 1, 1, 2, 2, 2, 3, 3])
        dims = [int(self.rng.integers(1, 5)) for _ in range(rank)]
        if rank and self.chance(0.08):
            dims[int(self.rng.integers(rank))] = 0
        return tuple(dims)

    def rand_data(self, elem, shape):
        rng = self.rng
        if elem == BOOL:
            return np.asarray(rng.random(shape) < 0.5)
        if elem in FLOATS:
            # Multiples of 1/4: sums and products of a few are exact in every float type.
            return np.asarray(rng.integers(-8, 9, size=shape) / 4).astype(NP_OF[elem])
        if self.chance(0.04):
            big = 2**30 if elem == I32 else 2**62
            return np.asarray(rng.integers(-big, big, size=shape, dtype=np.int64)).astype(NP_OF[elem])
        return np.asarray(rng.integers(-5, 6, size=shape)).astype(NP_OF[elem])

    def declared(self, v, how=None):
        """A type proto for `v` drawn from the truth: static, symbolic, rank only or none."""
        how = how or self.pick(["static", "static", "symbolic", "rank", "none"])
        if v.kind == "seq":
            es = None
            if v.eshapes and all(s is not None for s in v.eshapes) and len(set(v.eshapes)) == 1 and how == "static":
                es = list(v.eshapes[0])
            t = helper.make_tensor_type_proto(v.elem, es) if es is not None else helper.make_tensor_type_proto(v.elem, None)
            return helper.make_sequence_type_proto(t)
        if v.shape is None or how == "none":
            return helper.make_tensor_type_proto(v.elem, None)
        dims = []
        for d in v.shape:
            if d is not None and how == "static":
                dims.append(d)
            elif how == "symbolic" or (d is not None and how == "static"):
                self.symbols += 1
                dims.append(d if (d is not None and self.chance(0.5)) else f"s{self.symbols}")
            else:
                dims.append(None)
        return helper.make_tensor_type_proto(v.elem, dims)

    def vi(self, name, tp):
        return helper.make_value_info(name, tp)

    # ---- making values -----------------------------------------------------------------------

    def const(self, sc, value, elem):
        arr = np.asarray(value, dtype=NP_OF[elem])
        (n,) = sc.node("Constant", [], value=numpy_helper.from_array(arr))
        return sc.add(V(n, elem, tuple(arr.shape), value=arr))

    def graph_input(self, elem, shape, value=None):
        """A new graph input (visible in every scope) with data the generator chooses."""
        data = self.rand_data(elem, shape) if value is None else np.asarray(value, dtype=NP_OF[elem])
        name = self.fresh("in")
        v = V(name, elem, tuple(data.shape), value=data)
        how = self.pick(["static", "static", "symbolic"])
        tp = self.declared(v, how)
        self.root.inputs.append(self.vi(name, tp))
        self.feeds.append((name, data))
        if elem == F16:
            self.feature("float16")
        self.root.vals.append(v)
        return v

    def scalar_source(self, sc, value, elem):
        """A known scalar as a Constant in `sc`, or a graph input, or an initializer."""
        r = self.rng.random()
        if r < 0.45:
            return self.const(sc, value, elem)
        if r < 0.8:
            return self.graph_input(elem, (), value)
        arr = np.asarray(value, dtype=NP_OF[elem])
        name = self.fresh("init")
        self.root.inits.append(numpy_helper.from_array(arr, name))
        v = V(name, elem, (), value=arr)
        self.root.vals.append(v)
        return v

    def tensors(self, sc, pred=lambda v: True):
        return [v for v in sc.visible() if v.kind == "tensor" and pred(v)]

    def choose(self, sc, pred=lambda v: True):
        c = self.tensors(sc, pred)
        if not c:
            return None
        # Prefer the scope's own values a little: bodies should compute on their inputs.
        own = [v for v in c if v in sc.vals]
        if own and self.chance(0.5):
            return self.pick(own)
        return self.pick(c)

    def emit(self, sc, op, inputs, elem, shape, nout=1, **attrs):
        self.info["ops"].add(op)
        self.nodes_made += 1
        names = sc.node(op, [x if isinstance(x, str) else x.name for x in inputs], nout, **attrs)
        return sc.add(V(names[0], elem, shape))

    def i64s(self, sc, values):
        return self.const(sc, np.asarray(values, dtype=np.int64), I64)

    def scalar_of(self, sc, elem):
        """Some scalar of type `elem` computed from visible values (a reduction, cast)."""
        src = self.choose(sc, lambda v: v.elem in NUM + (BOOL,))
        if src is None or self.chance(0.25):
            return self.const(sc, self.rand_data(elem, ()), elem)
        if src.elem == BOOL:
            src = self.emit(sc, "Cast", [src], I64, src.shape, to=I64)
        s = self.emit(sc, "ReduceSum", [src], src.elem, (), keepdims=0)
        return self.cast(sc, s, elem)

    def cast(self, sc, v, elem):
        if v.elem == elem:
            return v
        if v.elem in FLOATS and elem in INTS:
            # Out-of-range float-to-int casts are undefined in onnxruntime: go through bool.
            v = self.emit(sc, "Less", [v, self.const(sc, 0, v.elem)], BOOL, v.shape)
        return self.emit(sc, "Cast", [v], elem, v.shape, to=elem)

    def like(self, sc, v):
        """A new value with `v`'s exact type and shape, computed from `v` and the scope."""
        if v.kind == "seq":
            return v
        s = self.scalar_of(sc, v.elem)
        if v.elem == BOOL:
            op = self.pick(["And", "Or", "Xor", "Not"])
            if op == "Not":
                return self.emit(sc, "Not", [v], BOOL, v.shape)
            return self.emit(sc, op, [v, s], BOOL, v.shape)
        op = self.pick(["Add", "Sub", "Mul", "Max", "Min"])
        return self.emit(sc, op, [v, s], v.elem, v.shape)

    def coerce(self, sc, elem, shape):
        """A value of type `elem` and the static `shape`, made from what the scope has."""
        same = self.tensors(sc, lambda v: v.static() and v.shape == tuple(shape))
        if same and self.chance(0.7):
            return self.cast(sc, self.pick(same), elem)
        if self.chance(0.3):
            return self.const(sc, self.rand_data(elem, shape), elem)
        s = self.scalar_of(sc, elem)
        return self.emit(sc, "Expand", [s, self.i64s(sc, list(shape))], elem, tuple(shape))

    # ---- plain ops ---------------------------------------------------------------------------

    def op_unary(self, sc):
        op = self.pick(["Abs", "Neg", "Relu", "Tanh", "Sigmoid", "Exp", "Not", "Identity"])
        ok = {
            "Abs": NUM, "Neg": FLOATS + INTS, "Relu": (F32, F64), "Tanh": FLOATS,
            "Sigmoid": FLOATS, "Exp": FLOATS, "Not": (BOOL,), "Identity": ALL,
        }[op]
        x = self.choose(sc, lambda v: v.elem in ok)
        if x is None:
            return None
        return self.emit(sc, op, [x], x.elem, x.shape)

    def operand_for(self, sc, a, elems=None):
        """A second operand broadcastable with `a` (same type)."""
        elem = a.elem
        if a.shape is not None and all(d is not None for d in a.shape):
            c = self.tensors(sc, lambda v: v.elem == elem and v.static() and v.rank <= a.rank
                             and broadcast(a.shape, v.shape) == a.shape)
            if c and self.chance(0.6):
                return self.pick(c)
            # A constant of a suffix of a's shape, with some dims 1.
            k = int(self.rng.integers(0, a.rank + 1))
            shp = tuple(d if self.chance(0.6) else 1 for d in a.shape[a.rank - k:])
            return self.const(sc, self.rand_data(elem, shp), elem)
        if self.chance(0.3):
            return a
        return self.scalar_of(sc, elem)

    def op_binary(self, sc):
        op = self.pick(["Add", "Sub", "Mul", "Div", "Max", "Min", "Equal", "Less", "Greater", "And", "Or"])
        ok = {"Add": NUM, "Sub": NUM, "Mul": NUM, "Div": NUM, "Max": NUM, "Min": NUM,
              "Equal": (F32, F64, I32, I64, BOOL), "Less": NUM, "Greater": NUM,
              "And": (BOOL,), "Or": (BOOL,)}[op]
        a = self.choose(sc, lambda v: v.elem in ok)
        if a is None:
            return None
        if op == "Div" and a.elem in INTS:
            # Integer division by zero is undefined: divide by a nonzero constant.
            b = self.const(sc, self.pick([1, 2, 3, -2, -3]), a.elem)
        else:
            b = self.operand_for(sc, a)
        if self.chance(0.5) and op != "Div":
            a, b = b, a
        out = BOOL if op in ("Equal", "Less", "Greater") else a.elem
        return self.emit(sc, op, [a, b], out, broadcast(a.shape, b.shape))

    def op_where(self, sc):
        x = self.choose(sc, lambda v: v.elem != BOOL)  # onnxruntime has no bool Where
        if x is None:
            return None
        y = self.operand_for(sc, x)
        c = self.choose(sc, lambda v: v.elem == BOOL and v.shape is not None and x.shape is not None
                        and broadcast(v.shape, x.shape) == x.shape and all(d is not None for d in v.shape))
        if c is None:
            c = self.scalar_of(sc, BOOL)
        shp = broadcast(broadcast(x.shape, y.shape), c.shape)
        return self.emit(sc, "Where", [c, x, y], x.elem, shp)

    def op_cast(self, sc):
        x = self.choose(sc)
        if x is None:
            return None
        return self.cast(sc, x, self.rand_elem())

    def op_reduce(self, sc):
        op = self.pick(["ReduceSum", "ReduceMax", "ReduceMin", "ReduceMean", "ReduceSum"])
        x = self.choose(sc, lambda v: v.elem in NUM)
        if x is None:
            return None
        keep = int(self.chance(0.5))
        if x.shape is None or x.rank == 0 or self.chance(0.25):
            if op in ("ReduceMax", "ReduceMin") and (x.shape is None or any(d in (0, None) for d in x.shape)):
                return None  # an empty group: onnxruntime refuses Max/Min
            if op == "ReduceMean" and x.elem in INTS and (x.shape is None or any(d in (0, None) for d in x.shape)):
                return None  # an integer mean of nothing divides by zero
            shp = None if x.shape is None else ((1,) * x.rank if keep else ())
            if shp is None and keep:
                return None
            return self.emit(sc, op, [x], x.elem, shp if shp is not None else (), keepdims=keep)
        axes = sorted(set(int(a) for a in self.rng.choice(x.rank, size=int(self.rng.integers(1, x.rank + 1)))))
        if op in ("ReduceMax", "ReduceMin") and any(x.shape[a] in (0, None) for a in axes):
            return None  # onnxruntime refuses an empty group for Max/Min
        if op == "ReduceMean" and x.elem in INTS and any(x.shape[a] in (0, None) for a in axes):
            return None
        shp = tuple((1 if i in axes else d) for i, d in enumerate(x.shape) if keep or i not in axes)
        written = [a - x.rank if self.chance(0.4) else a for a in axes]
        return self.emit(sc, op, [x, self.i64s(sc, written)], x.elem, shp, keepdims=keep)

    def op_concat(self, sc):
        a = self.choose(sc, lambda v: v.rank is not None and v.rank >= 1)
        if a is None:
            return None
        ax = int(self.rng.integers(a.rank))
        others = [v for v in self.tensors(sc, lambda v: v.elem == a.elem and v.rank == a.rank)
                  if all(v.shape[i] == a.shape[i] and v.shape[i] is not None for i in range(a.rank) if i != ax)]
        parts = [a] + [self.pick(others) if others and self.chance(0.6) else a for _ in range(int(self.rng.integers(1, 3)))]
        lens = [p.shape[ax] for p in parts]
        shp = list(a.shape)
        shp[ax] = None if None in lens else sum(lens)
        if all(d is not None for d in shp) and nelems(shp) > MAX_ELEMS:
            return None
        return self.emit(sc, "Concat", parts, a.elem, tuple(shp), axis=ax - a.rank if self.chance(0.4) else ax)

    def op_slice(self, sc):
        x = self.choose(sc, lambda v: v.rank is not None and v.rank >= 1)
        if x is None:
            return None
        n = int(self.rng.integers(1, x.rank + 1))
        axes = [int(a) for a in self.rng.choice(x.rank, size=n, replace=False)]
        starts, ends, steps, shp = [], [], [], list(x.shape)
        for a in axes:
            d = x.shape[a]
            step = self.pick([1, 1, 1, 2, -1, -2])
            span = (d if d is not None else 3) + 2
            s = int(self.rng.integers(-span, span + 1))
            e = int(self.rng.integers(-span, span + 1))
            if self.chance(0.15):
                # "To the end" as exporters write it. onnxruntime 1.32 reads INT64_MAX with a
                # negative step as "to the beginning" (the spec clamps it to d-1: one element
                # fewer; the reference evaluator and Flowgate follow the spec), so not that.
                e = 2**63 - 1 if step > 0 else -(2**63)
            starts.append(s), ends.append(e), steps.append(step)
            shp[a] = None if d is None else slice_len(d, s, e, step)
        args = [x, self.i64s(sc, starts), self.i64s(sc, ends)]
        if self.chance(0.8):
            args.append(self.i64s(sc, [a - x.rank if self.chance(0.3) else a for a in axes]))
            if self.chance(0.7) or any(st != 1 for st in steps):
                args.append(self.i64s(sc, steps))
        elif any(st != 1 for st in steps) or axes != list(range(n)):
            args.append(self.i64s(sc, axes))
            args.append(self.i64s(sc, steps))
        return self.emit(sc, "Slice", args, x.elem, tuple(shp))

    def op_gather(self, sc):
        x = self.choose(sc, lambda v: v.rank is not None and v.rank >= 1)
        if x is None:
            return None
        ax = int(self.rng.integers(x.rank))
        d = x.shape[ax]
        if not d:
            return None
        ishape = self.rand_shape(self.pick([0, 1, 1, 2]))
        idx = self.rng.integers(-d, d, size=ishape)
        shp = x.shape[:ax] + tuple(ishape) + x.shape[ax + 1:]
        if all(e is not None for e in shp) and nelems(shp) > MAX_ELEMS:
            return None
        ind = self.const(sc, idx, self.pick([I64, I32]))
        return self.emit(sc, "Gather", [x, ind], x.elem, shp, axis=ax - x.rank if self.chance(0.3) else ax)

    def op_reshape(self, sc):
        x = self.choose(sc, lambda v: v.static())
        if x is None:
            return None
        n = nelems(x.shape)
        target = self.factor(n)
        written = list(target)
        if n > 0 and written and self.chance(0.5):
            written[int(self.rng.integers(len(written)))] = -1
        for i in range(min(len(written), x.rank)):
            if written[i] == x.shape[i] and written[i] != 0 and self.chance(0.3):
                written[i] = 0
        attrs = {}
        if 0 in target:
            attrs["allowzero"] = 1  # a literal 0 is a zero-size dimension, not a copy
            written = list(target)
        return self.emit(sc, "Reshape", [x, self.i64s(sc, written)], x.elem, tuple(target), **attrs)

    def factor(self, n):
        if n == 0:
            dims = [0] + [int(self.rng.integers(1, 4)) for _ in range(int(self.rng.integers(0, 3)))]
            self.rng.shuffle(dims)
            return dims
        primes, m, p = [], n, 2
        while m > 1:
            while m % p == 0:
                primes.append(p)
                m //= p
            p += 1
        k = int(self.rng.integers(1, 4))
        dims = [1] * k
        for q in primes:
            dims[int(self.rng.integers(k))] *= q
        return dims

    def op_unsqueeze(self, sc):
        x = self.choose(sc, lambda v: v.rank is not None and v.rank <= 3)
        if x is None:
            return None
        k = int(self.rng.integers(1, 3))
        r = x.rank + k
        axes = sorted(int(a) for a in self.rng.choice(r, size=k, replace=False))
        shp, it = [], iter(x.shape)
        for i in range(r):
            shp.append(1 if i in axes else next(it))
        written = [a - r if self.chance(0.4) else a for a in axes]
        return self.emit(sc, "Unsqueeze", [x, self.i64s(sc, written)], x.elem, tuple(shp))

    def op_squeeze(self, sc):
        x = self.choose(sc, lambda v: v.rank is not None and 1 in v.shape)
        if x is None:
            return None
        ones = [i for i, d in enumerate(x.shape) if d == 1]
        if self.chance(0.3) and x.static():
            return self.emit(sc, "Squeeze", [x], x.elem, tuple(d for d in x.shape if d != 1))
        axes = [i for i in ones if self.chance(0.6)] or ones[:1]
        shp = tuple(d for i, d in enumerate(x.shape) if i not in axes)
        written = [a - x.rank if self.chance(0.4) else a for a in axes]
        return self.emit(sc, "Squeeze", [x, self.i64s(sc, written)], x.elem, shp)

    def op_transpose(self, sc):
        x = self.choose(sc, lambda v: v.rank is not None and v.rank >= 2)
        if x is None:
            return None
        if self.chance(0.2):
            return self.emit(sc, "Transpose", [x], x.elem, tuple(reversed(x.shape)))
        perm = [int(p) for p in self.rng.permutation(x.rank)]
        return self.emit(sc, "Transpose", [x], x.elem, tuple(x.shape[p] for p in perm), perm=perm)

    def op_expand(self, sc):
        x = self.choose(sc, lambda v: v.static() and v.rank <= 3)
        if x is None:
            return None
        lead = [int(self.rng.integers(1, 4)) for _ in range(int(self.rng.integers(0, 2)))]
        tail = [(int(self.rng.integers(0, 4)) if d == 1 and self.chance(0.5) else (1 if self.chance(0.2) else d))
                for d in x.shape]
        target = lead + tail
        shp = broadcast(x.shape, tuple(target))
        if nelems(shp) > MAX_ELEMS:
            return None
        return self.emit(sc, "Expand", [x, self.i64s(sc, target)], x.elem, shp)

    def op_cumsum(self, sc):
        x = self.choose(sc, lambda v: v.elem in (F32, F64, I32, I64) and v.rank is not None and v.rank >= 1)
        if x is None:
            return None
        ax = int(self.rng.integers(-x.rank, x.rank))
        axis = self.const(sc, ax, self.pick([I32, I64]))
        attrs = {}
        if self.chance(0.4):
            attrs["exclusive"] = 1
        if self.chance(0.4):
            attrs["reverse"] = 1
        return self.emit(sc, "CumSum", [x, axis], x.elem, x.shape, **attrs)

    def op_matmul(self, sc):
        a = self.choose(sc, lambda v: v.elem in (F32, F64, I32, I64) and v.static() and v.rank >= 1)
        if a is None:
            return None
        k = a.shape[-1]
        n = int(self.rng.integers(1, 4))
        if a.rank == 1:
            bshape = self.pick([(k,), (k, n)])
        else:
            bshape = self.pick([(k,), (k, n), a.shape[:-2] + (k, n)])
        b = self.operand_const_or_value(sc, a.elem, bshape)
        if self.chance(0.3) and a.rank >= 2 and len(bshape) >= 2:
            pass
        shp = tuple(np.matmul(np.zeros(a.shape), np.zeros(bshape)).shape)
        if nelems(shp) > MAX_ELEMS:
            return None
        return self.emit(sc, "MatMul", [a, b], a.elem, shp)

    def operand_const_or_value(self, sc, elem, shape):
        c = self.tensors(sc, lambda v: v.elem == elem and v.static() and v.shape == tuple(shape))
        if c and self.chance(0.5):
            return self.pick(c)
        return self.const(sc, self.rand_data(elem, shape), elem)

    def op_shape(self, sc):
        x = self.choose(sc, lambda v: v.rank is not None)
        if x is None:
            return None
        if self.chance(0.2) and x.rank >= 1:
            s = int(self.rng.integers(-x.rank, x.rank))
            ns = s + x.rank if s < 0 else s
            return self.emit(sc, "Shape", [x], I64, (x.rank - ns,), start=s)
        return self.emit(sc, "Shape", [x], I64, (x.rank,))

    def op_size(self, sc):
        x = self.choose(sc)
        if x is None:
            return None
        return self.emit(sc, "Size", [x], I64, ())

    # ---- sequences ---------------------------------------------------------------------------

    def seqs(self, sc, pred=lambda v: True):
        return [v for v in sc.visible() if v.kind == "seq" and pred(v)]

    def op_seq_construct(self, sc):
        a = self.choose(sc)
        if a is None:
            return None
        same = self.tensors(sc, lambda v: v.elem == a.elem)
        parts = [a] + [self.pick(same) for _ in range(int(self.rng.integers(0, 3)))]
        self.nodes_made += 1
        self.info["ops"].add("SequenceConstruct")
        (n,) = sc.node("SequenceConstruct", [p.name for p in parts])
        return sc.add(V(n, a.elem, None, "seq", [p.shape for p in parts]))

    def op_seq_insert(self, sc):
        s = self.pick(self.seqs(sc) or [None])
        if s is None:
            elem = self.rand_elem()
            self.info["ops"].add("SequenceEmpty")
            (n,) = sc.node("SequenceEmpty", [], dtype=elem)
            s = sc.add(V(n, elem, None, "seq", []))
        x = self.choose(sc, lambda v: v.elem == s.elem)
        if x is None:
            return None
        args, es = [s.name, x.name], None
        if s.eshapes is not None:
            n = len(s.eshapes)
            if self.chance(0.4):
                pos = int(self.rng.integers(-n, n + 1))
                args.append(self.const(sc, pos, self.pick([I32, I64])).name)
                p = pos + n if pos < 0 else pos
                es = s.eshapes[:p] + [x.shape] + s.eshapes[p:]
            else:
                es = s.eshapes + [x.shape]
        self.info["ops"].add("SequenceInsert")
        self.nodes_made += 1
        (n,) = sc.node("SequenceInsert", args)
        return sc.add(V(n, s.elem, None, "seq", es))

    def op_seq_at(self, sc):
        c = self.seqs(sc, lambda v: v.eshapes)
        if not c:
            return None
        s = self.pick(c)
        n = len(s.eshapes)
        pos = int(self.rng.integers(-n, n))
        shp = s.eshapes[pos]
        return self.emit(sc, "SequenceAt", [s, self.const(sc, pos, self.pick([I32, I64]))], s.elem, shp)

    def op_seq_length(self, sc):
        c = self.seqs(sc)
        if not c:
            return None
        return self.emit(sc, "SequenceLength", [self.pick(c)], I64, ())

    def op_concat_from_seq(self, sc):
        def fits(v):
            es = v.eshapes
            return bool(es) and all(e is not None for e in es) and len({len(e) for e in es}) == 1
        c = self.seqs(sc, fits)
        if not c:
            return None
        s = self.pick(c)
        es = s.eshapes
        r = len(es[0])
        new_axis = 1 if r == 0 or (len(set(es)) == 1 and self.chance(0.4)) else 0
        if new_axis:
            if len(set(es)) != 1:
                return None
            ax = int(self.rng.integers(-(r + 1), r + 1))
            a = ax + r + 1 if ax < 0 else ax
            shp = list(es[0])
            shp.insert(a, len(es))
        else:
            cands = [a for a in range(r) if all(e[:a] + e[a + 1:] == es[0][:a] + es[0][a + 1:] for e in es)]
            if not cands:
                return None
            a = self.pick(cands)
            ax = a - r if self.chance(0.4) else a
            shp = list(es[0])
            shp[a] = None if any(e[a] is None for e in es) else sum(e[a] for e in es)
        if all(d is not None for d in shp) and nelems(shp) > MAX_ELEMS:
            return None
        return self.emit(sc, "ConcatFromSequence", [s], s.elem, tuple(shp), axis=ax, new_axis=new_axis)

    def op_split_to_seq(self, sc):
        x = self.choose(sc, lambda v: v.rank is not None and v.rank >= 1)
        if x is None:
            return None
        a = int(self.rng.integers(x.rank))
        d = x.shape[a]
        if not d:
            return None
        args, attrs = [x.name], {"axis": a - x.rank if self.chance(0.3) else a}
        mode = self.pick(["none", "scalar", "list"])
        if mode == "none":
            keep = int(self.chance(0.5))
            attrs["keepdims"] = keep
            part = x.shape[:a] + ((1,) if keep else ()) + x.shape[a + 1:]
            es = [part] * d
        elif mode == "scalar":
            k = int(self.rng.integers(1, d + 1))
            args.append(self.const(sc, k, I64).name)
            lens = [k] * (d // k) + ([d % k] if d % k else [])
            es = [x.shape[:a] + (n,) + x.shape[a + 1:] for n in lens]
        else:
            cuts = sorted(int(c) for c in self.rng.integers(0, d + 1, size=int(self.rng.integers(0, 3))))
            bounds = [0] + cuts + [d]
            lens = [bounds[i + 1] - bounds[i] for i in range(len(bounds) - 1)]
            args.append(self.i64s(sc, lens).name)
            es = [x.shape[:a] + (n,) + x.shape[a + 1:] for n in lens]
        self.info["ops"].add("SplitToSequence")
        self.nodes_made += 1
        (n,) = sc.node("SplitToSequence", args, **attrs)
        return sc.add(V(n, x.elem, None, "seq", es))

    # ---- control flow ------------------------------------------------------------------------

    def op_if(self, sc):
        if sc.depth >= self.max_depth:
            return None
        self.feature("If")
        cond = self.cond_value(sc)
        nout = int(self.rng.integers(1, 3))
        elems = [self.rand_elem() for _ in range(nout)]
        same_shape = self.chance(0.5)
        shapes_t = [self.rand_shape() for _ in range(nout)]
        shapes_e = shapes_t if same_shape else [self.rand_shape() for _ in range(nout)]
        if not same_shape:
            self.feature("If-different-shapes")
        branches = []
        for shapes in (shapes_t, shapes_e):
            b = Scope(self, sc, self.fresh("branch"))
            self.block(b, int(self.rng.integers(0, 6)))
            for e, s in zip(elems, shapes):
                v = self.coerce(b, e, s)
                if v not in b.vals or any(o.name == v.name for o in b.outputs):
                    v = self.emit(b, "Identity", [v], v.elem, v.shape)  # a capture as output
                b.outputs.append(self.vi(v.name, self.declared(v)))
            branches.append(b)
        self.nodes_made += 1
        self.info["ops"].add("If")
        outs = sc.node("If", [cond.name], nout, then_branch=branches[0].graph(), else_branch=branches[1].graph())
        res = []
        for n, e, st, se in zip(outs, elems, shapes_t, shapes_e):
            if st == se:
                shp = st
            elif len(st) == len(se):
                shp = tuple(a if a == b else None for a, b in zip(st, se))
            else:
                shp = None
            res.append(sc.add(V(n, e, shp)))
        return res[-1]

    def cond_value(self, sc):
        """A bool scalar computed at run time (data-dependent)."""
        c = self.tensors(sc, lambda v: v.elem == BOOL and v.shape == ())
        if c and self.chance(0.4):
            return self.pick(c)
        s = self.scalar_of(sc, self.pick([F32, I64]))
        return self.emit(sc, self.pick(["Greater", "Less"]), [s, self.const(sc, 0, s.elem)], BOOL, ())

    def carried_inits(self, sc, k):
        out = []
        for _ in range(k):
            v = self.choose(sc, lambda v: v.shape is not None)
            if v is None or self.chance(0.2):
                v = self.coerce(sc, self.rand_elem(), self.rand_shape())
            out.append(v)
        return out

    def op_loop(self, sc):
        if sc.depth >= self.max_depth:
            return None
        mode = self.pick(["M", "cond", "both", "neither"])
        self.feature(f"Loop-{mode}")
        m_val = self.pick([0, 1, 2, 3, 3, 4, 5]) if mode in ("M", "both") else None
        c_val = bool(self.chance(0.85)) if mode in ("cond", "both") else None
        stops = mode in ("cond", "neither") or self.chance(0.4)
        k_val = int(self.rng.integers(1 if mode == "neither" else -1, 5)) if stops else None
        m = self.scalar_source(sc, m_val, I64) if m_val is not None else None
        c = self.scalar_source(sc, c_val, BOOL) if c_val is not None else None
        started = c_val is not False
        by_cond = max(1, k_val) if stops else None
        if not started:
            trips = 0
        elif m_val is not None:
            trips = 0 if m_val <= 0 else (min(m_val, by_cond) if stops else m_val)
        else:
            trips = by_cond
        if trips == 0:
            self.feature("Loop-zero-trips")
        inits = self.carried_inits(sc, int(self.rng.integers(1, 4)))
        grow = [self.chance(0.15) and v.kind == "tensor" and v.rank is not None and v.rank >= 1 for v in inits]
        seq_carried = self.chance(0.2)
        if seq_carried:
            self.feature("Loop-carried-sequence")
            e = self.rand_elem()
            self.info["ops"].add("SequenceEmpty")
            (sn,) = sc.node("SequenceEmpty", [], dtype=e)
            inits.append(sc.add(V(sn, e, None, "seq", [])))
            grow.append(False)
        body = Scope(self, sc, self.fresh("loop_body"))
        it = V(self.fresh("iter"), I64, ())
        ci = V(self.fresh("cond_in"), BOOL, ())
        # onnxruntime refuses a Loop body whose iteration number or condition has no shape.
        body.inputs.append(self.vi(it.name, helper.make_tensor_type_proto(I64, [])))
        body.inputs.append(self.vi(ci.name, helper.make_tensor_type_proto(BOOL, [])))
        body.vals += [it, ci]
        bvs = []
        for v, g in zip(inits, grow):
            if v.kind == "seq":
                bv = V(self.fresh("seq_in"), v.elem, None, "seq", None)
                tp = helper.make_sequence_type_proto(helper.make_tensor_type_proto(v.elem, None))
            else:
                shp = v.shape if not g else (None,) + v.shape[1:]
                bv = V(self.fresh("carried"), v.elem, shp)
                tp = self.declared(bv)
            body.inputs.append(self.vi(bv.name, tp))
            body.vals.append(bv)
            bvs.append(bv)
        self.block(body, int(self.rng.integers(1, 8)))
        # The condition output.
        if stops:
            kv = self.const(body, k_val, I64) if self.chance(0.6) else self.graph_input(I64, (), k_val)
            one = self.const(body, 1, I64)
            nxt = self.emit(body, "Add", [it, one], I64, ())
            cout = self.emit(body, "Less", [nxt, kv], BOOL, ())
        elif self.chance(0.5):
            cout = self.emit(body, "Identity", [ci], BOOL, ())
        else:
            cout = self.const(body, True, BOOL)
        body.outputs.append(self.vi(cout.name, helper.make_tensor_type_proto(BOOL, self.pick([[], None]))))
        finals = []
        for v, bv, g in zip(inits, bvs, grow):
            if v.kind == "seq":
                x = self.choose(body, lambda u: u.elem == v.elem and u.static())
                if x is None:
                    x = self.coerce(body, v.elem, self.rand_shape())
                out = self.emit(body, "SequenceInsert", [bv, x], v.elem, None)
                out.kind, out.eshapes = "seq", None
                body.outputs.append(self.vi(out.name, helper.make_sequence_type_proto(
                    helper.make_tensor_type_proto(v.elem, None))))
                finals.append(V("", v.elem, None, "seq", [x.shape] * trips))
                continue
            if g:
                self.feature("Loop-carried-grows")
                piece_shape = (int(self.rng.integers(1, 3)),) + v.shape[1:]
                piece = self.coerce(body, v.elem, piece_shape)
                out = self.emit(body, "Concat", [bv, piece], v.elem, (None,) + v.shape[1:], axis=0)
                d0 = v.shape[0]
                fin = None if d0 is None else d0 + trips * piece_shape[0]
                finals.append(V("", v.elem, (fin,) + v.shape[1:]))
            else:
                out = self.like(body, bv)
                finals.append(V("", v.elem, v.shape))
            body.outputs.append(self.vi(out.name, self.declared(out)))
        scans = []
        for _ in range(int(self.rng.integers(0, 3))):
            x = self.choose(body, lambda u: u.static() and nelems(u.shape) * max(trips, 1) <= MAX_ELEMS)
            if x is None:
                break
            if x not in body.vals or x in bvs or x in (it, ci) or any(x.name == o.name for o in body.outputs):
                x = self.emit(body, "Identity", [x], x.elem, x.shape)
            how = self.pick(["static", "symbolic", "none"])
            body.outputs.append(self.vi(x.name, self.declared(x, how)))
            self.feature("Loop-scan-output")
            if trips == 0:
                shp = (0,) + x.shape if how == "static" else None
            else:
                shp = (trips,) + x.shape
            scans.append(V("", x.elem, shp, value="zero-trip-unknown" if shp is None else None))
        self.nodes_made += 1
        self.info["ops"].add("Loop")
        outs = sc.node("Loop", [m.name if m else "", c.name if c else ""] + [v.name for v in inits],
                       len(finals) + len(scans), body=body.graph())
        res = []
        for n, f in zip(outs, finals + scans):
            f.name = n
            if f.value == "zero-trip-unknown":
                continue  # onnxruntime's shape for it is its own inference's: unused
            res.append(sc.add(f))
        return res[-1] if res else None

    def op_scan(self, sc):
        if sc.depth >= self.max_depth:
            return None
        self.feature("Scan")
        x = self.choose(sc, lambda v: v.rank is not None and v.rank >= 1 and any(d for d in v.shape))
        if x is None:
            return None
        axes_ok = [i for i, d in enumerate(x.shape) if d]  # onnxruntime dies on a zero-length scan
        ax = self.pick(axes_ok)
        length = x.shape[ax]
        ins = [(x, ax)]
        if self.chance(0.4):
            c = [(v, i) for v in self.tensors(sc, lambda v: v.rank is not None and v.rank >= 1)
                 for i, d in enumerate(v.shape) if d == length]
            if c:
                ins.append(self.pick(c))
        if any(a != 0 for _, a in ins) or self.chance(0.3):
            self.feature("Scan-axes")
        states = self.carried_inits(sc, int(self.rng.integers(0, 3)))
        states = [s for s in states if s.kind == "tensor"]
        body = Scope(self, sc, self.fresh("scan_body"))
        svs = []
        for s in states:
            bv = V(self.fresh("state"), s.elem, s.shape)
            body.inputs.append(self.vi(bv.name, self.declared(bv)))
            body.vals.append(bv)
            svs.append(bv)
        for v, a in ins:
            bv = V(self.fresh("slice"), v.elem, v.shape[:a] + v.shape[a + 1:])
            body.inputs.append(self.vi(bv.name, self.declared(bv)))
            body.vals.append(bv)
        self.block(body, int(self.rng.integers(1, 7)))
        finals = []
        for s, bv in zip(states, svs):
            out = self.like(body, bv)
            body.outputs.append(self.vi(out.name, self.declared(out, self.pick(["static", "symbolic", "rank"]))))
            finals.append(V("", s.elem, s.shape))
        out_axes, out_dirs = [], []
        body_inputs = {i.name for i in body.inputs}
        for _ in range(int(self.rng.integers(0 if states else 1, 3))):
            y = self.choose(body, lambda u: u.static() and nelems(u.shape) * length <= MAX_ELEMS)
            if y is None:
                break
            # A body input passed straight out as a scan output comes out wrong from
            # onnxruntime 1.32 (zeros or other elements): it is copied through an Identity.
            if y not in body.vals or any(y.name == o.name for o in body.outputs) or y.name in body_inputs:
                y = self.emit(body, "Identity", [y], y.elem, y.shape)
            # onnxruntime wants every Scan body output's shape: static, symbolic or rank.
            body.outputs.append(self.vi(y.name, self.declared(y, self.pick(["static", "symbolic", "rank"]))))
            r = y.rank + 1
            oa = int(self.rng.integers(-r, r))
            a = oa + r if oa < 0 else oa
            shp = list(y.shape)
            shp.insert(a, length)
            out_axes.append(oa)
            out_dirs.append(int(self.chance(0.4)))
            finals.append(V("", y.elem, tuple(shp)))
        if not finals:
            return None
        attrs = {"num_scan_inputs": len(ins)}
        in_axes = [a - v.rank if self.chance(0.5) else a for v, a in ins]
        if any(in_axes) or self.chance(0.3):
            attrs["scan_input_axes"] = in_axes
        in_dirs = [int(self.chance(0.4)) for _ in ins]
        if any(in_dirs) or self.chance(0.3):
            attrs["scan_input_directions"] = in_dirs
        if out_axes and (any(out_axes) or self.chance(0.3)):
            attrs["scan_output_axes"] = out_axes
        if out_dirs and (any(out_dirs) or self.chance(0.3)):
            attrs["scan_output_directions"] = out_dirs
        if any(a < 0 for a in in_axes + out_axes):
            self.feature("Scan-negative-axes")
        self.nodes_made += 1
        self.info["ops"].add("Scan")
        outs = sc.node("Scan", [s.name for s in states] + [v.name for v, _ in ins], len(finals),
                       body=body.graph(), **attrs)
        for n, f in zip(outs, finals):
            f.name = n
            sc.add(f)
        return finals[-1]

    # ---- blocks and models -------------------------------------------------------------------

    OPS = [
        ("op_unary", 6), ("op_binary", 8), ("op_where", 2), ("op_cast", 2), ("op_reduce", 3),
        ("op_concat", 2), ("op_slice", 2), ("op_gather", 2), ("op_reshape", 2), ("op_unsqueeze", 2),
        ("op_squeeze", 1), ("op_transpose", 2), ("op_expand", 1), ("op_cumsum", 2), ("op_matmul", 2),
        ("op_shape", 1), ("op_size", 1), ("op_seq_construct", 2), ("op_seq_insert", 1),
        ("op_seq_at", 2), ("op_seq_length", 1), ("op_concat_from_seq", 3), ("op_split_to_seq", 1),
        ("op_if", 3), ("op_loop", 4), ("op_scan", 3),
    ]

    def block(self, sc, n):
        names = [o for o, _ in self.OPS]
        w = np.array([float(x) for _, x in self.OPS])
        for _ in range(n):
            if self.nodes_made > self.budget:
                break
            name = names[int(self.rng.choice(len(names), p=w / w.sum()))]
            getattr(self, name)(sc)

    def model(self):
        root = self.root
        for _ in range(int(self.rng.integers(1, 4))):
            self.graph_input(self.rand_elem(), self.rand_shape())
        # Start with a control-flow op, then a random block.
        self.pick([self.op_loop, self.op_scan, self.op_if])(root)
        self.block(root, int(self.rng.integers(2, 10)))
        # Outputs: values of the main graph, control-flow results first.
        cands = [v for v in root.vals if not (v.value is not None and v.kind == "tensor")
                 and (v.kind == "seq" and v.eshapes is not None or v.rank is not None)]
        if not cands:
            cands = [self.coerce(root, F32, (2,))]
        cands = cands[::-1]
        chosen, seen = [], set()
        for v in cands[:2] + [self.pick(cands) for _ in range(2)]:
            if v.name not in seen:
                seen.add(v.name)
                chosen.append(v)
        for v in chosen:
            if v.kind == "seq":
                root.outputs.append(self.vi(v.name, helper.make_sequence_type_proto(
                    helper.make_tensor_type_proto(v.elem, None))))
            else:
                dims = [d if d is not None and self.chance(0.7) else self.fresh_sym() for d in v.shape]
                root.outputs.append(self.vi(v.name, helper.make_tensor_type_proto(v.elem, dims)))
        m = helper.make_model(root.graph(), opset_imports=[helper.make_opsetid("", OPSET)],
                              ir_version=IR_VERSION, producer_name="flowgate-random-models")
        onnx.checker.check_model(m, full_check=True)
        return m, [d for _, d in self.feeds], chosen

    def fresh_sym(self):
        self.symbols += 1
        return f"o{self.symbols}"


def generate(seed, **kw):
    """(model, inputs, expected shapes of the outputs, info) for one seed."""
    g = Gen(seed, **kw)
    m, feeds, outs = g.model()
    expect = [(v.kind, v.shape, v.eshapes) for v in outs]
    return m, feeds, expect, {"ops": sorted(g.info["ops"]), "features": sorted(g.info["features"])}
