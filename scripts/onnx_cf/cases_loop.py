"""Loop modes, trip counts and Loop scan outputs."""

import numpy as np

from .build import (
    BOOL,
    F32,
    I32,
    I64,
    INT64_MAX,
    case,
    loop_body,
    randf,
    scalar,
)


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

    def expect(n):
        n, path = int(n), []
        while n != 1:
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            path.append(n)
        return [n, len(path), np.array(path, np.int64)]

    return [[scalar(6, I64)], [scalar(27, I64)], [scalar(1, I64)]], expect


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


@case("loop_scan_zero_trips_symbolic_dims", "Loop (M, \"\") whose [2, 3] scan output has only "
      "symbolic dims (x is declared [p, q], the body output [a, b]); set 0 has M = 0, set 1 "
      "M = 2. onnxruntime turns the dims it does not know into 0 in a zero-trip scan output.",
      opset=18, show_shapes=True)
def _(b, rng):
    m = b.input(I64, [], "M")
    x = b.input(F32, ["p", "q"], "x")
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
      "from a dynamic input dimension N (sets N = 3 and N = 1).", opset=20)
def _(b, rng):
    x = b.input(F32, ["N"], "x")
    m = b.input(I64, [], "M")
    s, i, c, () = loop_body(b, [])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("Add", [x, s.cast(i, F32)]), F32, ["N"])
    (ys,) = b.ops("Loop", [m, ""], 1, body=s.graph())
    b.output(ys, F32, [None, "N"], "ys")
    return [[randf(rng, [3]), scalar(2, I64)], [randf(rng, [1]), scalar(3, I64)]]
