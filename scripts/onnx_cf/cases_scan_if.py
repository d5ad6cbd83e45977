"""Scan axes and directions, and If."""

import numpy as np

from .build import (
    BOOL,
    U8,
    F32,
    I32,
    I64,
    branch,
    case,
    loop_body,
    randf,
    scalar,
    scan_body,
)


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

    def expect(v1, v2, v3):
        acc, ys1, ys2 = np.zeros(3, np.float32), [], []
        for t in range(4):
            a, c, d = v1[t], v2[:, 3 - t], v3[:, t]
            acc = acc + a * c - d
            ys1.append(acc)
            ys2.append(a + d)
        return [acc, 4, np.stack(ys1[::-1]), np.stack(ys2, axis=-1)]

    return [[randf(rng, [4, 3]), randf(rng, [3, 4]), randf(rng, [3, 4])]], expect


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

    def expect(xv):
        acc = 1 + xv[:, 0, :]
        return [acc, (acc * xv[:, 0, :])[:, None, :]]

    return [[randf(rng, [2, 1, 3])]], expect


@case("scan_states_only", "Scan with only state variables (running max and product), no scan "
      "outputs.", opset=12)
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


@case("scan_stack_uint8_bool", "Scan over a uint8 [5, 3] input: a uint8 running sum that wraps "
      "around, stacked, and a bool comparison per step, stacked (the compiled tier's stacked "
      "outputs keep the unsigned and bool element types).", opset=17)
def _(b, rng):
    x = b.input(U8, [5, 3], "x")
    s, (acc,), (xt,) = scan_body(b, [(U8, [3])], [(U8, [3])])
    acc2 = s.op("Add", [acc, xt])
    s.output(acc2, U8, [3])
    s.output(s.op("Identity", [acc2]), U8, [3])
    s.output(s.op("Greater", [xt, acc]), BOOL, [3])
    acc, y, g = b.op("Scan", [b.const([250, 0, 128], U8), x], outs=3, body=s.graph(),
                     num_scan_inputs=1)
    b.output(acc, U8, [3], "acc")
    b.output(y, U8, [5, 3], "y")
    b.output(g, BOOL, [5, 3], "greater")
    return [[rng.integers(0, 256, size=[5, 3]).astype(np.uint8)]]


@case("loop_gather_negative_index", "Loop (M = 4 a Constant) whose body gathers row i - 4 (a "
      "negative index, counted from the end) of a [4, 2] graph input defined outside the loop, "
      "sums the rows and stacks them as a scan output.", opset=17)
def _(b, rng):
    x = b.input(F32, [4, 2], "x")
    m = b.const(4, I64)
    s, i, c, (acc,) = loop_body(b, [(F32, [2])])
    row = s.op("Gather", [x, s.op("Sub", [i, s.const(4, I64)])], axis=0)
    s.output(c, BOOL, [])
    s.output(s.op("Add", [acc, row]), F32, [2])
    s.output(s.op("Mul", [row, s.const(2.0, F32)]), F32, [2])
    acc, ys = b.ops("Loop", [m, "", b.const([0.0, 0.0], F32)], 2, body=s.graph())
    b.output(acc, F32, [2], "acc")
    b.output(ys, F32, [4, 2], "ys")
    return [[randf(rng, [4, 2])]]


# -- If -----------------------------------------------------------------------------------------


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
      "Less, not a scalar.", opset=12)
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
