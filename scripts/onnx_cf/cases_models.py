"""Small real models: a tiny RNN and a Mamba-style selective scan."""

import numpy as np

from .build import (
    BOOL,
    F32,
    I64,
    case,
    loop_body,
    randf,
    scan_body,
)


# -- Models: a tiny RNN and a Mamba-style selective scan ----------------------------------------

RNN_T = 5


def rnn_params(b, rng):
    w = rng.uniform(-0.5, 0.5, [4, 8]).astype(np.float32)
    u = rng.uniform(-0.5, 0.5, [8, 8]).astype(np.float32)
    bias = rng.uniform(-0.1, 0.1, [8]).astype(np.float32)
    return (w, u, bias), (b.init(w, F32, "W"), b.init(u, F32, "U"), b.init(bias, F32, "bias"))


def rnn_step(s, xt, h, w, u, bias):
    pre = s.op("Add", [s.op("Add", [s.op("MatMul", [xt, w]), s.op("MatMul", [h, u])]), bias])
    return s.op("Tanh", [pre])


def rnn_expect(params):
    w, u, bias = params

    def expect(xv, h0):
        h, hs = h0, []
        for t in range(xv.shape[0]):
            h = np.tanh(xv[t] @ w + h @ u + bias)
            hs.append(h)
        return [h, np.stack(hs)]

    return expect


@case("rnn_tanh_scan", "A tiny RNN written as Scan: h = Tanh(x_t [1, 4] @ W [4, 8] + h @ U "
      "[8, 8] + b) over 5 steps; outputs the last h and all of them.", opset=17)
def _(b, rng):
    x = b.input(F32, [RNN_T, 1, 4], "x")
    h0 = b.input(F32, [1, 8], "h0")
    params, (w, u, bias) = rnn_params(b, rng)
    s, (h,), (xt,) = scan_body(b, [(F32, [1, 8])], [(F32, [1, 4])])
    h2 = rnn_step(s, xt, h, w, u, bias)
    s.output(h2, F32, [1, 8])
    s.output(s.op("Identity", [h2]), F32, [1, 8])
    h, hs = b.op("Scan", [h0, x], outs=2, body=s.graph(), num_scan_inputs=1)
    b.output(h, F32, [1, 8], "h")
    b.output(hs, F32, [RNN_T, 1, 8], "hs")
    return [[randf(rng, [RNN_T, 1, 4]), randf(rng, [1, 8])]], rnn_expect(params)


@case("rnn_tanh_loop", "The same tiny RNN written as Loop: M = Shape(x)[0], x_t = Gather(x, "
      "i), h carried, all h as a scan output.", opset=17)
def _(b, rng):
    x = b.input(F32, ["T", 1, 4], "x")
    h0 = b.input(F32, [1, 8], "h0")
    params, (w, u, bias) = rnn_params(b, rng)
    m = b.op("Gather", [b.op("Shape", [x]), b.const(0, I64)], axis=0)
    s, i, c, (h,) = loop_body(b, [(F32, [1, 8])])
    xt = s.op("Gather", [x, i], axis=0)
    h2 = rnn_step(s, xt, h, w, u, bias)
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(h2, F32, [1, 8])
    s.output(s.op("Identity", [h2]), F32, [1, 8])
    h, hs = b.op("Loop", [m, "", h0], outs=2, body=s.graph())
    b.output(h, F32, [1, 8], "h")
    b.output(hs, F32, ["T", 1, 8], "hs")
    return [[randf(rng, [RNN_T, 1, 4]), randf(rng, [1, 8])]], rnn_expect(params)


MAMBA_L, MAMBA_D, MAMBA_N = 8, 256, 16


def mamba_data(b, rng):
    a = -rng.uniform(0.5, 2.0, [MAMBA_D, MAMBA_N]).astype(np.float32)
    ins = [
        rng.uniform(0.01, 0.2, [MAMBA_L, 1, MAMBA_D]).astype(np.float32),  # delta
        randf(rng, [MAMBA_L, 1, MAMBA_D]),  # x
        randf(rng, [MAMBA_L, 1, MAMBA_N]),  # B
        randf(rng, [MAMBA_L, 1, MAMBA_N]),  # C
        randf(rng, [1, MAMBA_D, MAMBA_N], lo=-0.1, hi=0.1),  # initial state
    ]
    return a, b.init(a, F32, "A"), ins


def mamba_step(s, state, delta_t, x_t, b_t, c_t, a):
    """state [1, D, N]; delta_t, x_t [1, D]; b_t, c_t [1, N]."""
    da = s.op("Exp", [s.op("Mul", [s.unsqueeze(delta_t, [2]), a])])
    bx = s.op("Mul", [s.unsqueeze(b_t, [1]), s.unsqueeze(x_t, [2])])
    state2 = s.op("Add", [s.op("Mul", [state, da]), bx])
    y = s.reduce("ReduceSum", s.op("Mul", [state2, s.unsqueeze(c_t, [1])]), [-1], keepdims=0)
    return state2, y


def mamba_inputs(b):
    names = ("delta", "x", "B", "C")
    dims = (MAMBA_D, MAMBA_D, MAMBA_N, MAMBA_N)
    seqs = [b.input(F32, ["L", 1, d], n) for n, d in zip(names, dims)]
    state0 = b.input(F32, [1, MAMBA_D, MAMBA_N], "state0")
    return seqs, state0


def mamba_expect(a):
    def expect(delta, x, bm, cm, state0):
        state, ys = state0, []
        for t in range(delta.shape[0]):
            da = np.exp(delta[t][:, :, None] * a)
            state = state * da + bm[t][:, None, :] * x[t][:, :, None]
            ys.append((state * cm[t][:, None, :]).sum(-1))
        return [state, np.stack(ys)]

    return expect


@case("mamba_selective_scan_scan", "A Mamba-style selective scan written as Scan: state "
      "[1, 256, 16] float; per step dA = Exp(delta_t * A), state = state * dA + B_t * x_t, "
      "y_t = ReduceSum(state * C_t, axis -1, keepdims 0); 8 steps.")
def _(b, rng):
    a_val, a, ins = mamba_data(b, rng)
    seqs, state0 = mamba_inputs(b)
    steps = [(F32, [1, MAMBA_D]), (F32, [1, MAMBA_D]), (F32, [1, MAMBA_N]), (F32, [1, MAMBA_N])]
    s, (state,), (dt, xt, bt, ct) = scan_body(b, [(F32, [1, MAMBA_D, MAMBA_N])], steps)
    state2, y = mamba_step(s, state, dt, xt, bt, ct, a)
    s.output(state2, F32, [1, MAMBA_D, MAMBA_N])
    s.output(y, F32, [1, MAMBA_D])
    state, ys = b.op("Scan", [state0] + seqs, outs=2, body=s.graph(), num_scan_inputs=4)
    b.output(state, F32, [1, MAMBA_D, MAMBA_N], "state")
    b.output(ys, F32, ["L", 1, MAMBA_D], "y")
    return [ins], mamba_expect(a_val)


@case("mamba_selective_scan_loop", "The same Mamba-style selective scan written as Loop: M = "
      "Shape(delta)[0], per-step slices by Gather(., i), the state carried, y a scan output.")
def _(b, rng):
    a_val, a, ins = mamba_data(b, rng)
    seqs, state0 = mamba_inputs(b)
    m = b.op("Gather", [b.op("Shape", [seqs[0]]), b.const(0, I64)], axis=0)
    s, i, c, (state,) = loop_body(b, [(F32, [1, MAMBA_D, MAMBA_N])])
    dt, xt, bt, ct = (s.op("Gather", [v, i], axis=0) for v in seqs)
    state2, y = mamba_step(s, state, dt, xt, bt, ct, a)
    s.output(s.op("Identity", [c]), BOOL, [])
    s.output(state2, F32, [1, MAMBA_D, MAMBA_N])
    s.output(y, F32, [1, MAMBA_D])
    state, ys = b.op("Loop", [m, "", state0], outs=2, body=s.graph())
    b.output(state, F32, [1, MAMBA_D, MAMBA_N], "state")
    b.output(ys, F32, ["L", 1, MAMBA_D], "y")
    return [ins], mamba_expect(a_val)
