"""Captures from outer scopes, and every nesting pair."""

import numpy as np

from .build import (
    BOOL,
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
