"""The body ops users write, inside Loop bodies."""

import numpy as np
from onnx import numpy_helper

from .build import (
    BOOL,
    F32,
    I32,
    I64,
    U8,
    arr,
    case,
    loop_body,
    randf,
)


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

    def expect(xv):
        v, per_trip = xv, []
        for i in range(2):
            v = v * np.float32(0.75) + np.float32(i) / np.float32(4)
            # A negative pad crops; np.pad only grows, so crop by slicing first.
            crop = np.pad(v[:, 1:, :-1], ((0, 0), (0, 0), (1, 0)))
            per_trip.append([
                np.pad(v, ((0, 1), (1, 0), (0, 2)), constant_values=9.5), crop,
                np.pad(v, ((0, 0), (0, 0), (2, 1)), constant_values=-1.0),
                np.tile(v, (1, 2, 1)), v.reshape(1, 24), v.reshape(2, 12), v.reshape(6, 4),
            ])
        return [v] + [np.stack(ys) for ys in zip(*per_trip)]

    return [[randf(rng, [2, 3, 4])]], expect


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
