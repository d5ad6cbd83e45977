"""Every element type carried through a Loop."""

import numpy as np

from .build import (
    BF16,
    BOOL,
    F16,
    F32,
    F64,
    I16,
    I32,
    I64,
    I8,
    U16,
    U32,
    U64,
    U8,
    arr,
    case,
    loop_body,
    randf,
    scalar,
)


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


@case("cast_like_target_typed_at_run_time", "CastLike of an int32 input to the type of a Conv "
      "result that inference leaves untyped (no value_info), its own result untyped too, as "
      "CausalConvWithState's function body does: the element type is known only at run time.")
def _(b, rng):
    x = b.input(F32, [1, 1, 4], "x")
    w = b.input(F32, [1, 1, 2], "w")
    n = b.input(I32, [1, 1, 3], "n")
    c = b.op("Conv", [x, w])
    y = b.op("Add", [b.op("CastLike", [n, c]), c])
    b.output(y, F32, [1, 1, 3], "y")
    return [[randf(rng, [1, 1, 4]), randf(rng, [1, 1, 2]), np.array([[[3, -2, 7]]], dtype=np.int32)]]
