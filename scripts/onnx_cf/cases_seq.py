"""Sequences and optionals, loop-carried and in If."""

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
    type_proto,
)


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


@case("seq_append_in_loop_stacked", "A Loop (M, \"\") with M a graph input carries a [3] state "
      "r = r * 0.5 + x and a sequence it appends r to, stacked after the Loop by "
      "ConcatFromSequence(axis 0, new_axis 1) into [M, 3]: the stack Flowgate writes in place into "
      "a result of M rows made when the Loop starts. Sets M = 5, 1 and 3 (onnxruntime refuses to "
      "concatenate the empty sequence of M <= 0).")
def _(b, rng):
    x = b.input(F32, [3], "x")
    r0 = b.input(F32, [3], "r0")
    m = b.input(I64, [], "M")
    seq0 = b.op("SequenceEmpty", [], dtype=F32)
    s, i, c, (r, sq) = loop_body(b, [(F32, [3]), (F32, [3], "seq")])
    r2 = s.op("Add", [s.op("Mul", [r, s.const(0.5, F32)]), x])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(r2, F32, [3])
    s.output(s.op("SequenceInsert", [sq, r2]), F32, [3], kind="seq")
    (rn, sq) = b.ops("Loop", [m, "", r0, seq0], 2, body=s.graph())
    b.output(rn, F32, [3], "r")
    # Declared on the op's own output (no Identity after it), as exporters write it.
    b.output(b.op("ConcatFromSequence", [sq], axis=0, new_axis=1), F32, [None, 3])
    xv, rv = randf(rng, [3]), randf(rng, [3])
    return [[xv, rv, scalar(n, I64)] for n in (5, 1, 3)]


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


@case("optional_loop_carried", "A loop-carried optional tensor: it starts empty, each trip "
      "wraps x, or x plus its old value when it has one (OptionalHasElement, If, "
      "OptionalGetElement); the final optional is a graph output. Sets M = 3 and M = 0.")
def _(b, rng):
    m = b.input(I64, [], "M")
    x = b.input(F32, [2], "x")
    o0 = b.op("Optional", [], type=type_proto(F32, [2]))
    s, i, c, (o,) = loop_body(b, [(F32, [2], "opt")])
    t = branch(s)
    t.output(t.op("Optional", [t.op("Add", [t.op("OptionalGetElement", [o]), x])]), F32, [2],
             kind="opt")
    e = branch(s)
    e.output(e.op("Optional", [x]), F32, [2], kind="opt")
    o2 = s.op("If", [s.op("OptionalHasElement", [o])], then_branch=t.graph(),
              else_branch=e.graph())
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(o2, F32, [2], kind="opt")
    (o,) = b.ops("Loop", [m, "", o0], 1, body=s.graph())
    b.output(b.op("OptionalHasElement", [o]), BOOL, [], "has")
    b.output(o, F32, [2], "opt", kind="opt")
    xv = randf(rng, [2])

    def expect(mv, xv):
        return [mv > 0, xv * np.float32(mv) if mv > 0 else None]

    return [[scalar(3, I64), xv], [scalar(0, I64), xv]], expect


@case("sequence_map_in_loop", "SequenceMap in a Loop body over the rows of x (SplitToSequence), "
      "with the carried value as a tensor input and two outputs (a scaled row and its ReduceSum); "
      "the mapped rows, stacked by ConcatFromSequence, give the next carried value.", opset=18)
def _(b, rng):
    x = b.input(F32, [None, 3], "x")
    s, i, c, (v,) = loop_body(b, [(F32, [3])])
    rows = s.op("SplitToSequence", [x], axis=0, keepdims=0)
    m = s.sub("map_body")
    e = m.input(F32, [3], "e")
    w = m.input(F32, [3], "w")
    m.output(m.op("Add", [m.op("Mul", [e, w]), m.cast(i, F32)]), F32, [3])
    m.output(m.reduce("ReduceSum", e, [0]), F32, [1])
    scaled, sums = s.ops("SequenceMap", [rows, v], 2, body=m.graph())
    stacked = s.op("ConcatFromSequence", [scaled], axis=0, new_axis=1)
    total = s.op("ConcatFromSequence", [sums], axis=0)
    v2 = s.op("Mul", [s.reduce("ReduceMean", stacked, [0], keepdims=0), s.const(0.5, F32)])
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(v2, F32, [3])
    s.output(total, F32, [None])
    res = b.ops("Loop", [b.const(3, I64), "", b.const(np.ones(3), F32)], 2, body=s.graph())
    b.output(res[0], F32, [3], "v")
    b.output(res[1], F32, [3, None], "row_sums")
    return [[randf(rng, [4, 3])], [randf(rng, [1, 3])]]
