"""The four compile-time gaps the random-model differential run found (issue 22): CumSum, a
negative scan axis on a Loop body input declared without a shape, ConcatFromSequence results
used as a Scan input and a Loop trip count, and integer ReduceSum overflow."""

import numpy as np

from .build import BOOL, F32, I32, I64, case, loop_body, randf, scalar, scan_body


@case("cumsum_modes_in_loop", "CumSum in a Loop body: float along axis -1 (plain, exclusive, "
      "reverse, both) and int32 along axis 0 given as an int32 scalar, whose running sums wrap.")
def _(b, rng):
    x = b.input(F32, [2, 3], "x")
    n = b.input(I32, [3, 2], "n")
    s, i, c, (v, w) = loop_body(b, [(F32, [2, 3]), (I32, [3, 2])])
    outs = []
    for ex, rev in ((0, 0), (1, 0), (0, 1), (1, 1)):
        outs.append(s.op("CumSum", [v, s.const(-1, I64)], exclusive=ex, reverse=rev))
    v2 = s.op("Add", [outs[0], s.op("Mul", [outs[3], s.const(0.5, F32)])])
    w2 = s.op("CumSum", [w, s.const(0, I32)])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(v2, F32, [2, 3])
    s.output(w2, I32, [3, 2])
    for o in outs[1:3]:
        s.output(o, F32, [2, 3])
    res = b.ops("Loop", [b.const(3, I64), "", x, n], 4, body=s.graph())
    b.output(res[0], F32, [2, 3], "v")
    b.output(res[1], I32, [3, 2], "w")
    b.output(res[2], F32, [3, 2, 3], "exclusive")
    b.output(res[3], F32, [3, 2, 3], "reverse")
    big = np.array([[2**30, -5], [2**30, 7], [2**30, 1]], dtype=np.int32)
    return [[randf(rng, [2, 3]), big]]


@case("scan_negative_axis_rank_from_loop_init", "A Scan with scan_input_axes = [-1] and "
      "scan_output_axes = [-1] inside a Loop body, on the Loop's carried value whose body input "
      "is declared without a shape: its rank is known only from the Loop's initial value.")
def _(b, rng):
    x = b.input(F32, [3, 4], "x")
    s, i, c, (v,) = loop_body(b, [(F32, None)])
    sc, (acc,), (col,) = scan_body(s, [(F32, [3])], [(F32, [3])])
    a2 = sc.op("Add", [acc, col])
    sc.output(a2, F32, [3])
    sc.output(sc.op("Mul", [col, a2]), F32, [3])
    total, stacked = s.ops("Scan", [s.const(np.zeros(3), F32), v], 2, body=sc.graph(),
                           num_scan_inputs=1, scan_input_axes=[-1], scan_input_directions=[1],
                           scan_output_axes=[-1])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("Add", [s.op("Mul", [stacked, s.const(0.25, F32)]), s.cast(i, F32)]), F32, None)
    s.output(total, F32, None)
    res = b.ops("Loop", [b.const(2, I64), "", x], 2, body=s.graph())
    b.output(res[0], F32, [3, 4], "carried")
    b.output(res[1], F32, [2, 3], "totals")
    return [[randf(rng, [3, 4])]]


@case("concat_from_sequence_feeds_scan_and_trip_count", "ConcatFromSequence results (no "
      "value_info) as a Scan input (new_axis = 1, scanned along axis 1) and, summed, as the trip "
      "count of a Loop; the sequences are built by SplitToSequence and SequenceInsert.")
def _(b, rng):
    x = b.input(F32, [4, 2], "x")
    k = b.input(I64, [2], "k")
    sq = b.op("SplitToSequence", [x], axis=0, keepdims=0)
    sq = b.op("SequenceInsert", [sq, b.op("Neg", [b.op("SequenceAt", [sq, b.const(0, I64)])])])
    stacked = b.op("ConcatFromSequence", [sq], axis=1, new_axis=1)
    sc, (acc,), (row,) = scan_body(b, [(F32, [2])], [(F32, [2])])
    a2 = sc.op("Add", [acc, row])
    sc.output(a2, F32, [2])
    sc.output(sc.op("Identity", [a2]), F32, [2])
    total, partial = b.ops("Scan", [b.const(np.zeros(2), F32), stacked], 2, body=sc.graph(),
                           num_scan_inputs=1, scan_input_axes=[1])
    ks = b.op("SequenceConstruct", [k, b.const([1], I64)])
    m = b.op("ReduceSum", [b.op("ConcatFromSequence", [ks], axis=0)], keepdims=0)
    s, i, c, (v,) = loop_body(b, [(F32, [2])])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("Add", [v, total]), F32, [2])
    (looped,) = b.ops("Loop", [m, "", b.const(np.zeros(2), F32)], 1, body=s.graph())
    b.output(total, F32, [2], "total")
    b.output(partial, F32, [5, 2], "partial")
    b.output(looped, F32, [2], "looped")
    return [[randf(rng, [4, 2]), np.array([1, 2], dtype=np.int64)],
            [randf(rng, [4, 2]), np.array([0, -1], dtype=np.int64)]]


@case("reduce_int_overflow_saturates", "Integer ReduceSum whose sum overflows, in a Loop body "
      "and outside: onnxruntime (the oracle) saturates to the type's range, and so does "
      "Flowgate (ARCHITECTURE.md, Integer overflow); a sum that fits is exact; ReduceMean of "
      "the same values is exact.")
def _(b, rng):
    x = b.input(I32, [2, 3], "x")
    y = b.input(I64, [3], "y")
    s, i, c, (v,) = loop_body(b, [(I32, [2, 3])])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(s.op("Add", [v, s.op("Cast", [i], to=I32)]), I32, [2, 3])
    s.output(s.reduce("ReduceSum", v, [1], keepdims=0), I32, [2])
    carried, sums = b.ops("Loop", [b.const(2, I64), "", x], 2, body=s.graph())
    b.output(sums, I32, [2, 2], "loop_sums")
    b.output(b.reduce("ReduceSum", x, [0], keepdims=0), I32, [3], "sum_axis0")
    b.output(b.reduce("ReduceMean", x, [1], keepdims=0), I32, [2], "mean_axis1")
    b.output(b.reduce("ReduceSum", y, None, keepdims=0), I64, [], "sum_i64")
    xs = np.array([[2**31 - 1, 1, 0], [-(2**31 - 1), -(2**31 - 1), 5]], dtype=np.int32)
    ys = np.array([-(2**62), -(2**62), -(2**62)], dtype=np.int64)
    return [[xs, ys], [np.array([[2**30, 2**30 - 1, -3], [7, -8, 9]], dtype=np.int32),
                       np.array([2**62, 2**62, 5], dtype=np.int64)]]
