"""The scalar tier at edge values: every op family on rank-0 values, compiled to registers
(convert-onnx-to-loops' scalar.rs), against onnxruntime where ONNX leaves the result open:
float -> integer casts out of range and of NaN, integer Pow overflowing, Min/Max/Clip with NaN and
signed zeros, Mod's sign, shifts of the width or more. Division by zero is a run-time error in
both (lit-tests/ONNX/scalar-*-by-zero.onnxtxt), so no data set divides by zero here; nor does
one divide INT_MIN by -1 in i32/i64 (onnxruntime dies of SIGFPE there)."""

import numpy as np

from .build import BF16, BOOL, F16, F32, F64, I8, I16, I32, I64, U8, U16, U32, U64, arr, case, loop_body

INT_NAMES = {I8: "int8", I16: "int16", I32: "int32", I64: "int64", U8: "uint8", U16: "uint16",
             U32: "uint32", U64: "uint64"}
FLOAT_NAMES = {F32: "float", F64: "double"}
CAST_TARGETS = [I8, U8, I16, U16, I32, U32, I64, U64, BOOL, F32, F64]


def info(elem):
    return np.iinfo(arr(0, elem).dtype)


def int_pairs(elem):
    """(a, b) data sets: signs of Mod and Div, the extremes, shifts of the width and more."""
    i = info(elem)
    bits = i.bits
    if i.min < 0:
        pairs = [(-7, 2), (7, -2), (-7, -2), (i.min, 3), (i.max, -5), (0, 7), (i.min, i.max)]
        if bits == 8:
            pairs.append((i.min, -1))  # -128 / -1 wraps to -128 (onnxruntime computes in int)
    else:
        pairs = [(7, 2), (i.max, 3), (0, 9), (1, bits - 1), (1, bits), (i.max, bits + 1), (200 % (i.max + 1), 5)]
    return [[arr(a, elem), arr(b, elem)] for a, b in pairs]


def int_ops(b, x, y, elem):
    """(output value, name) of every integer op family on x and y (y is never zero)."""
    outs = [
        (b.op("Div", [x, y]), "div"), (b.op("Mod", [x, y]), "mod"), (b.op("Mod", [x, y], fmod=1), "fmod"),
        (b.op("Sign", [x]), "sign"),
        (b.op("Abs", [x]), "abs"), (b.op("Sub", [x, y]), "sub"), (b.op("Mul", [x, y]), "mul"),
        (b.op("Cast", [b.op("Less", [x, y])], to=elem), "less"),
        (b.op("Cast", [b.op("GreaterOrEqual", [x, y])], to=elem), "ge"),
        (b.op("Cast", [b.op("Equal", [x, y])], to=elem), "eq"),
        (b.op("BitwiseAnd", [x, y]), "band"), (b.op("BitwiseOr", [x, y]), "bor"),
        (b.op("BitwiseXor", [x, y]), "bxor"), (b.op("BitwiseNot", [x]), "bnot"),
    ]
    # onnxruntime has no 16-bit Min/Max kernels.
    if elem not in (I16, U16):
        outs += [(b.op("Min", [x, y, x]), "min"), (b.op("Max", [x, y]), "max"),
                 (b.op("Clip", [x, b.op("Min", [x, y]), y]), "clip")]
    if elem in (I32, I64):
        outs.append((b.op("Pow", [x, b.op("Abs", [y])]), "pow"))
        outs.append((b.op("Neg", [x]), "neg"))
    if info(elem).min == 0:
        outs.append((b.op("BitShift", [x, y], direction="LEFT"), "shl"))
        outs.append((b.op("BitShift", [x, y], direction="RIGHT"), "shr"))
    return outs


for _elem, _tname in INT_NAMES.items():
    def _make(elem):
        def build(b, rng):
            x = b.input(elem, [], "a")
            y = b.input(elem, [], "b")
            for v, n in int_ops(b, x, y, elem):
                b.output(v, elem, [], n)
            return int_pairs(elem)
        return build

    case(f"scalar_int_ops_{_tname}", f"Every integer op family on rank-0 {_tname} values (Div, Mod with "
         "both fmod, variadic Min/Max and Clip but on 16 bits, Sign, Abs, comparisons, bitwise ops; Pow and Neg on "
         "int32/int64, BitShift on unsigned types) at the type's extremes, shifts of the width and "
         "more, and mixed signs.")(_make(_elem))

FLOAT_VALUES = [(float("nan"), 1.0), (1.0, float("nan")), (-0.0, 0.0), (0.0, -0.0), (float("inf"), 2.0),
                (float("-inf"), -0.5), (2.5, -1.5), (-2.5, 0.5), (3e9, 7.0), (-3e9, -7.0), (1.8e19, 3.0),
                (-1.5, 2.0), (70000.5, -3.0), (1e20, 0.25), (0.5, 3.0)]


def float_ops(b, x, y, elem):
    unary = ["Sign", "Relu", "Round", "Floor", "Ceil", "Abs", "Neg", "Exp", "Tanh", "Sigmoid",
             "Sin", "Cos", "Reciprocal", "Sqrt", "Log"]
    if elem == F32:  # onnxruntime has no double Erf or Atan
        unary += ["Erf", "Atan"]
    outs = [(b.op(u, [x]), u.lower(), elem) for u in unary]
    outs += [
        (b.op("Min", [x, y]), "min", elem), (b.op("Max", [x, y, x]), "max", elem),
        (b.op("Sum", [x, y, y]), "sum", elem),
        (b.op("Clip", [x, b.const(-1.0, elem), y]), "clip", elem),
        (b.op("Div", [x, y]), "div", elem), (b.op("Mod", [x, y], fmod=1), "fmod", elem),
        (b.op("Pow", [b.op("Abs", [x]), y]), "pow", elem),
        (b.op("IsNaN", [x]), "isnan", BOOL), (b.op("IsInf", [x]), "isinf", BOOL),
        (b.op("IsInf", [x], detect_negative=0), "isposinf", BOOL),
        (b.op("LessOrEqual", [x, y]), "le", BOOL), (b.op("Greater", [x, y]), "gt", BOOL),
    ]
    for to in CAST_TARGETS:
        if to != elem:
            outs.append((b.op("Cast", [x], to=to), f"cast_{(INT_NAMES | FLOAT_NAMES).get(to, 'bool')}", to))
    return outs


for _elem, _tname in FLOAT_NAMES.items():
    def _make(elem):
        def build(b, rng):
            x = b.input(elem, [], "a")
            y = b.input(elem, [], "b")
            for v, n, e in float_ops(b, x, y, elem):
                b.output(v, e, [], n)
            return [[arr(a, elem), arr(c, elem)] for a, c in FLOAT_VALUES]
        return build

    case(f"scalar_float_ops_{_tname}", f"Every float op family on rank-0 {_tname} values (rounding, "
         "unary math, Min/Max/Sum/Clip, Div, Mod fmod=1, Pow, IsNaN/IsInf, comparisons, Cast to every "
         "type) at NaN, infinities, signed zeros, halves and values out of every integer range.")(_make(_elem))


@case("scalar_loop_lcg_mod", "A while-style Loop over registers: an int64 LCG with Mod (the "
      "divisor's sign) and a signed step, BitShift/BitwiseAnd on a uint32 hash and an int32 Pow, "
      "N trips; compiled, the loop makes no runtime call.")
def _(b, rng):
    n = b.input(I64, [], "n")
    x0 = b.input(I64, [], "x0")
    h0 = b.input(U32, [], "h0")
    zero = b.const(0, I64)
    s, i, c, (x, h) = loop_body(b, [(I64, []), (U32, [])])
    x1 = s.op("Sub", [s.op("Mul", [x, s.const(1103515245, I64)]), s.const(12345, I64)])
    x2 = s.op("Mod", [x1, s.const(-2147483647, I64)])
    hs = s.op("BitShift", [h, s.const(3, U32)], direction="LEFT")
    h2 = s.op("BitwiseXor", [s.op("BitwiseAnd", [hs, s.const(0xFFFFFFF0, U32)]), s.cast(x2, U32)])
    p = s.op("Pow", [s.cast(s.op("Mod", [x2, s.const(7, I64)]), I32), s.const(3, I32)])
    s.output(s.op("Less", [s.op("Add", [i, s.const(1, I64)]), n]), BOOL, [])
    s.output(x2, I64, [])
    s.output(h2, U32, [])
    s.output(p, I32, [])
    xf, hf, ps = b.op("Loop", ["", b.op("Less", [zero, n]), x0, h0], outs=3, body=s.graph())
    b.output(xf, I64, [], "x")
    b.output(hf, U32, [], "h")
    b.output(ps, I32, [None], "p")
    return [[arr(50, I64), arr(42, I64), arr(7, U32)], [arr(0, I64), arr(-5, I64), arr(1, U32)]]


NARROW_VALUES = [(60000.0, 10000.0), (6e-8, 3e-8), (1.0009765625, 0.00048828125), (-0.0, 0.0),
                 (float("nan"), 1.0), (float("inf"), float("-inf")), (2.5, -1.5), (65504.0, 0.5),
                 (3e-5, -7e-6)]

for _elem, _tname in {F16: "float16", BF16: "bfloat16"}.items():
    def _make(elem):
        def build(b, rng):
            x = b.input(elem, [], "a")
            y = b.input(elem, [], "b")
            w = b.input(F32, [], "w")
            outs = [(b.op(o, [x, y]), o.lower()) for o in ("Add", "Sub", "Mul", "Div", "Max", "Min")]
            unary = ("Neg", "Relu", "Floor", "Abs") + (("Round",) if elem == F16 else ())  # no bfloat16 Round
            outs += [(b.op(o, [x]), o.lower()) for o in unary]
            outs += [(b.op("Sqrt", [b.op("Abs", [x])]), "sqrt_abs"),
                     (b.cast(b.op("Mul", [w, b.const(1.0001, F32)]), elem), "from_f32"),
                     (b.cast(b.op("Add", [b.cast(x, F32), w]), elem), "via_f32")]
            for v, n in outs:
                b.output(v, elem, [], n)
            b.output(b.cast(x, F32), F32, [], "to_f32")
            return [[arr(a, elem), arr(c, elem), arr(a, F32)] for a, c in NARROW_VALUES]
        return build

    case(f"scalar_narrow_ops_{_tname}", f"Arithmetic, Min/Max, rounding and casts on rank-0 {_tname} "
         "values, computed in f32 registers and rounded to the type after each op: overflow to "
         "infinity, subnormals, ties to even, NaN and signed zeros.")(_make(_elem))
