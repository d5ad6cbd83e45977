"""Random scf/arith/cf programs for the differential test (issue 11).

Every function `@fK() -> i64` takes no argument and returns a hash of what it computed. The
programs cover the integer widths i1, i8, i16, i32, i64 and index with extreme values (0, 1,
-1, the minimum and maximum of the width and their neighbours), scf.for loops (signed and
`unsigned`) with extreme bounds and steps, scf.while, nested loops, scf.if, scf.index_switch
with case values beyond i32, and scf.execute_region holding cf branches.

Programs whose result upstream leaves undefined are not generated: loop bounds are constants
known here (sometimes hidden behind a call so nothing folds them), and a loop is only emitted
when a simulation of its lowering (`iv = lb; while iv < ub: iv += step`, wrapping) ends within
a few iterations; divisors are made non-zero (and positive for signed division); shift amounts
are masked below the width. Nothing is evaluated here: the backends are compared with each
other, with upstream MLIR as the reference.

With `odd=True` (difftest.py --odd-widths, issue 23) the widths also include i2, i3, i5, i7,
i12, i17, i31, i33, i48 and i63, as values, loop induction variables and loop-carried values;
results still reach the hash through extsi/extui to i64, so upstream's runner prints them as it
prints any i64, while the arithmetic happens at the odd width.

Each program is emitted twice: `ours` (given to Flowgate) and `ref` (given to upstream), the
same except that upstream's lowering of scf.index_switch truncates the flag to i32 (its bug),
so `ref` spells every switch as a chain of scf.if on arith.cmpi eq.
"""

import random

WIDTHS = [1, 8, 16, 32, 64, "index"]
ODD_WIDTHS = [2, 3, 5, 7, 12, 17, 31, 33, 48, 63]
MAX_TRIPS = 40  # per loop
MAX_WORK = 3000  # iterations of a function's innermost bodies, all loops together


def width_bits(t):
    return 64 if t == "index" else t


def type_name(t):
    return "index" if t == "index" else f"i{t}"


def wrap(v, bits, unsigned):
    m = 1 << bits
    v %= m
    if not unsigned and v >= m // 2:
        v -= m
    return v


def literal(v, t):
    """An arith.constant spelling of the bit pattern v for type t."""
    bits = width_bits(t)
    if bits == 1:
        return "true" if v % 2 else "false"
    return f"{wrap(v, bits, False)} : {type_name(t)}"


def trips(lb, ub, step, bits, unsigned, limit):
    """Iterations of the lowered loop, or None when more than `limit`."""
    iv, ub = wrap(lb, bits, unsigned), wrap(ub, bits, unsigned)
    n = 0
    while iv < ub:
        n += 1
        if n > limit:
            return None
        iv = wrap(iv + step, bits, unsigned)
    return n


def extremes(bits):
    m = 1 << bits
    lo, hi = -(m // 2), m // 2 - 1
    vals = {0, 1, m - 1, lo, hi, lo + 1, hi - 1, 2, m - 2}
    if bits >= 32:
        vals |= {1 << 31, (1 << 31) - 1, 1 << 32, (1 << 32) - 1, -(1 << 31)}
    return sorted(wrap(v, bits, False) for v in vals)


class Function:
    def __init__(self, rng, name, odd=False):
        self.rng = rng
        self.name = name
        # Odd widths are drawn half of the time, so most expressions hold one.
        self.widths = WIDTHS + ODD_WIDTHS * 2 if odd else WIDTHS
        self.int_widths = [1, 8, 16, 32, 64] + (ODD_WIDTHS if odd else [])
        self.odd = odd
        self.n = 0
        self.lines = []  # str, or (ours, ref)
        self.indent = 1
        self.work = 1  # iterations multiplier of the current nesting
        self.opaque_types = set()

    def fresh(self):
        self.n += 1
        return f"%v{self.n}"

    def emit(self, text, ref=None):
        pad = "  " * self.indent
        if ref is None:
            self.lines.append(pad + text)
        else:
            self.lines.append((pad + text, pad + ref))

    # ----- values -----

    def const(self, v, t):
        r = self.fresh()
        self.emit(f"{r} = arith.constant {literal(v, t)}")
        return r

    def opaque(self, v, t):
        """The constant v behind a call, so no folder sees it."""
        c = self.const(v, t)
        r = self.fresh()
        self.opaque_types.add(t)
        tn = type_name(t)
        self.emit(f"{r} = func.call @opaque_{tn}({c}) : ({tn}) -> {tn}")
        return r

    def value(self, v, t):
        return self.opaque(v, t) if self.rng.random() < 0.4 else self.const(v, t)

    def pick_value(self, t):
        rng = self.rng
        bits = width_bits(t)
        if rng.random() < 0.7:
            v = rng.choice(extremes(bits))
        else:
            v = rng.randrange(1 << bits)
        return v

    def to_i64(self, x, t):
        if t == 64:
            return x
        r = self.fresh()
        if t == "index":
            op = self.rng.choice(["arith.index_cast", "arith.index_castui"])
            self.emit(f"{r} = {op} {x} : index to i64")
        else:
            op = "arith.extui" if t == 1 or self.rng.random() < 0.5 else "arith.extsi"
            self.emit(f"{r} = {op} {x} : i{t} to i64")
        return r

    def expr(self, t, env, depth):
        """A value of type t computed from env (values of type t) and constants."""
        rng = self.rng
        tn = type_name(t)
        bits = width_bits(t)
        if depth <= 0 or rng.random() < 0.3:
            if env and rng.random() < 0.6:
                return rng.choice(env)
            return self.value(self.pick_value(t), t)
        kind = rng.random()
        a = self.expr(t, env, depth - 1)
        b = self.expr(t, env, depth - 1)
        r = self.fresh()
        if kind < 0.45:
            op = rng.choice(["addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minsi", "maxui", "minui"])
            self.emit(f"{r} = arith.{op} {a}, {b} : {tn}")
        elif kind < 0.55:
            # Shift by an amount masked below the width (a larger one is poison).
            mask = self.const(bits - 1, t)
            amt = self.fresh()
            self.emit(f"{amt} = arith.andi {b}, {mask} : {tn}")
            op = rng.choice(["shli", "shrsi", "shrui"])
            self.emit(f"{r} = arith.{op} {a}, {amt} : {tn}")
        elif kind < 0.65 and bits > 1:
            # Division by a divisor made non-zero (and positive for the signed forms, so
            # INT_MIN / -1 cannot happen).
            one = self.const(1, t)
            d = self.fresh()
            self.emit(f"{d} = arith.ori {b}, {one} : {tn}")
            op = rng.choice(["divui", "remui", "divsi", "remsi"])
            if op in ("divsi", "remsi"):
                pos = self.const((1 << (bits - 1)) - 1, t)
                d2 = self.fresh()
                self.emit(f"{d2} = arith.andi {d}, {pos} : {tn}")
                d = self.fresh()
                self.emit(f"{d} = arith.ori {d2}, {one} : {tn}")
            self.emit(f"{r} = arith.{op} {a}, {d} : {tn}")
        elif kind < 0.8:
            pred = rng.choice(["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"])
            c = self.fresh()
            self.emit(f"{c} = arith.cmpi {pred}, {a}, {b} : {tn}")
            self.emit(f"{r} = arith.select {c}, {a}, {b} : {tn}")
        elif t != "index" and kind < 0.9 and self.odd and rng.random() < 0.4:
            self.round_trip(r, a, t)
        elif t != "index" and kind < 0.9:
            # Through another width and back.
            other = rng.choice([w for w in self.int_widths if w != t])
            m = self.fresh()
            if other < t:
                self.emit(f"{m} = arith.trunci {a} : {tn} to i{other}")
                op = "arith.extui" if other == 1 or rng.random() < 0.5 else "arith.extsi"
                self.emit(f"{r} = {op} {m} : i{other} to {tn}")
            else:
                op = "arith.extui" if t == 1 or rng.random() < 0.5 else "arith.extsi"
                self.emit(f"{m} = {op} {a} : {tn} to i{other}")
                self.emit(f"{r} = arith.trunci {m} : i{other} to {tn}")
        else:
            self.emit(f"{r} = arith.addi {a}, {b} : {tn}")
        return r

    def round_trip(self, r, a, t):
        """r = a through index or a float and back (odd-width mode only)."""
        rng = self.rng
        tn = type_name(t)
        m = self.fresh()
        if t == 1 or t > 53 or rng.random() < 0.5:
            cast = rng.choice(["arith.index_cast", "arith.index_castui"])
            self.emit(f"{m} = {cast} {a} : {tn} to index")
            back = rng.choice(["arith.index_cast", "arith.index_castui"])
            self.emit(f"{r} = {back} {m} : index to {tn}")
        else:
            # Exact in f64 up to 53 bits; fptosi of a uitofp value may be out of range
            # (poison), so each conversion comes back with its own signedness.
            to, back = rng.choice([("arith.sitofp", "arith.fptosi"), ("arith.uitofp", "arith.fptoui")])
            self.emit(f"{m} = {to} {a} : {tn} to f64")
            self.emit(f"{r} = {back} {m} : f64 to {tn}")

    def mix(self, h, x):
        """h * 31 + x, in i64."""
        c = self.const(31, 64)
        m = self.fresh()
        self.emit(f"{m} = arith.muli {h}, {c} : i64")
        r = self.fresh()
        self.emit(f"{r} = arith.addi {m}, {x} : i64")
        return r

    # ----- statements: each returns an i64 -----

    def item(self, env64, depth):
        rng = self.rng
        choices = ["expr", "if", "switch", "region"]
        if depth > 0:
            choices += ["for", "for", "while"]
        k = rng.choice(choices)
        return getattr(self, "item_" + k)(env64, depth)

    def item_expr(self, env64, depth):
        t = self.rng.choice(self.widths)
        x = self.expr(t, [], 3)
        return self.to_i64(x, t)

    def loop_bounds(self):
        """(type, unsigned, lb, ub, step, trips) of a loop that ends soon."""
        rng = self.rng
        budget = max(1, min(MAX_TRIPS, MAX_WORK // self.work))
        for _ in range(200):
            t = rng.choice(self.widths)
            bits = width_bits(t)
            unsigned = rng.random() < 0.35
            lb = rng.choice(extremes(bits)) if rng.random() < 0.8 else rng.randrange(1 << bits)
            r = rng.random()
            if r < 0.4:
                ub = lb + rng.randrange(-3, 12)
            elif r < 0.8:
                ub = rng.choice(extremes(bits))
            else:
                ub = rng.randrange(1 << bits)
            steps = [1, 2, 3, 7, (1 << (bits - 1)) - 1, 1 << (bits - 1), (1 << bits) - 1, rng.randrange(1, 1 << bits)]
            step = wrap(rng.choice(steps), bits, unsigned)
            if bits == 1:
                step = 1
            elif step == 0 or (not unsigned and step < 0):
                continue  # rejected by Flowgate's verifier, undefined upstream
            n = trips(lb, ub, step, bits, unsigned, budget)
            if n is not None:
                return t, unsigned, wrap(lb, bits, False), wrap(ub, bits, False), wrap(step, bits, False), n
        return 64, False, 0, 3, 1, 3

    def item_for(self, env64, depth):
        t, unsigned, lb, ub, step, n = self.loop_bounds()
        tn = type_name(t)
        vlb, vub, vst = self.value(lb, t), self.value(ub, t), self.value(step, t)
        init = self.value(self.rng.randrange(1 << 64), 64)
        # With odd widths, sometimes a second loop-carried value of the induction variable's
        # type (an iter_arg and block argument of that width).
        carry = self.odd and t != "index" and self.rng.random() < 0.5
        if carry:
            cinit = self.value(self.pick_value(t), t)
        r, iv, acc = self.fresh(), self.fresh(), self.fresh()
        cacc = self.fresh() if carry else None
        u = "unsigned " if unsigned else ""
        ty = "" if t == "index" else f" : {tn}"
        iters = f"{acc} = {init}, {cacc} = {cinit}) -> (i64, {tn})" if carry else f"{acc} = {init}) -> (i64)"
        res = f"{r}:2" if carry else r
        self.emit(f"{res} = scf.for {u}{iv} = {vlb} to {vub} step {vst} iter_args({iters}{ty} {{")
        self.indent += 1
        saved = self.work
        self.work *= max(1, n)
        x = self.expr(t, [iv, cacc] if carry else [iv], 2)
        h = self.mix(acc, self.to_i64(x, t))
        if depth > 1 and self.rng.random() < 0.6:
            h = self.mix(h, self.item(env64 + [acc], depth - 1))
        self.work = saved
        if carry:
            self.emit(f"scf.yield {h}, {x} : i64, {tn}")
        else:
            self.emit(f"scf.yield {h} : i64")
        self.indent -= 1
        self.emit("}")
        if carry:
            return self.mix(f"{r}#0", self.to_i64(f"{r}#1", t))
        return r

    def item_while(self, env64, depth):
        t, unsigned, lb, ub, step, n = self.loop_bounds()
        tn = type_name(t)
        vlb, vub, vst = self.value(lb, t), self.value(ub, t), self.value(step, t)
        init = self.value(self.rng.randrange(1 << 64), 64)
        r = self.fresh()
        i, a, i2, a2 = self.fresh(), self.fresh(), self.fresh(), self.fresh()
        pred = "ult" if unsigned else "slt"
        self.emit(f"{r}:2 = scf.while ({i} = {vlb}, {a} = {init}) : ({tn}, i64) -> ({tn}, i64) {{")
        self.indent += 1
        c = self.fresh()
        self.emit(f"{c} = arith.cmpi {pred}, {i}, {vub} : {tn}")
        self.emit(f"scf.condition({c}) {i}, {a} : {tn}, i64")
        self.indent -= 1
        self.emit("} do {")
        self.emit(f"^bb0({i2}: {tn}, {a2}: i64):")
        self.indent += 1
        saved = self.work
        self.work *= max(1, n)
        x = self.expr(t, [i2], 2)
        h = self.mix(a2, self.to_i64(x, t))
        if depth > 1 and self.rng.random() < 0.5:
            h = self.mix(h, self.item(env64 + [a2], depth - 1))
        self.work = saved
        nx = self.fresh()
        self.emit(f"{nx} = arith.addi {i2}, {vst} : {tn}")
        self.emit(f"scf.yield {nx}, {h} : {tn}, i64")
        self.indent -= 1
        self.emit("}")
        res = self.fresh()
        self.emit(f"{res} = arith.xori {r}#1, {self.to_i64(r + '#0', t)} : i64")
        return res

    def branch_body(self, env64, depth):
        """Emit statements of a region body; returns the i64 it yields."""
        if env64 and self.rng.random() < 0.3:
            return self.rng.choice(env64)
        if depth > 0 and self.rng.random() < 0.4:
            return self.item(env64, depth - 1)
        return self.item_expr(env64, depth)

    def item_if(self, env64, depth):
        t = self.rng.choice(self.widths)
        tn = type_name(t)
        a, b = self.expr(t, [], 2), self.expr(t, [], 1)
        c = self.fresh()
        pred = self.rng.choice(["eq", "ne", "slt", "ult", "sge", "uge"])
        self.emit(f"{c} = arith.cmpi {pred}, {a}, {b} : {tn}")
        r = self.fresh()
        self.emit(f"{r} = scf.if {c} -> (i64) {{")
        self.indent += 1
        x = self.branch_body(env64, depth)
        self.emit(f"scf.yield {x} : i64")
        self.indent -= 1
        self.emit("} else {")
        self.indent += 1
        y = self.branch_body(env64, depth)
        self.emit(f"scf.yield {y} : i64")
        self.indent -= 1
        self.emit("}")
        return r

    def item_switch(self, env64, depth):
        rng = self.rng
        big = [1 << 32, -1, -(1 << 63), (1 << 63) - 1, 0, 1, (1 << 32) - 1, -(1 << 31), 1 << 31, 7]
        cases = rng.sample(big, rng.randrange(1, 5))
        if rng.random() < 0.3:
            cases.append(rng.randrange(-(1 << 63), 1 << 63))
        cases = list(dict.fromkeys(cases))
        # The flag: often one of the case values, or its neighbour with the same low 32 bits.
        r0 = rng.random()
        if r0 < 0.5:
            fv = rng.choice(cases)
        elif r0 < 0.8:
            fv = wrap(rng.choice(cases) + rng.choice([1 << 32, -(1 << 32), 1, -1]), 64, False)
        else:
            fv = rng.choice(extremes(64))
        flag = self.value(fv, "index")
        if rng.random() < 0.3:
            # Through arithmetic, so the flag is computed at run time.
            z = self.value(0, "index")
            f2 = self.fresh()
            self.emit(f"{f2} = arith.addi {flag}, {z} : index")
            flag = f2
        # Case bodies, emitted into separate buffers.
        bodies = []
        for _ in range(len(cases) + 1):
            saved_lines, saved_indent = self.lines, self.indent
            self.lines, self.indent = [], 2
            y = self.branch_body(env64, depth)
            bodies.append((self.lines, y))
            self.lines, self.indent = saved_lines, saved_indent
        r = self.fresh()
        # Ours: the switch.
        ours = [f"{r} = scf.index_switch {flag} -> i64"]
        for v, (lines, y) in zip(cases, bodies[1:]):
            ours.append(f"case {v} {{")
            ours += [l if isinstance(l, str) else l[0] for l in lines]
            ours.append(f"  scf.yield {y} : i64")
            ours.append("}")
        lines, y = bodies[0]
        ours.append("default {")
        ours += [l if isinstance(l, str) else l[0] for l in lines]
        ours.append(f"  scf.yield {y} : i64")
        ours.append("}")
        # Upstream: an if-chain over the same bodies, in case order.
        ref = []
        closers = []
        for k, (v, (blines, y)) in enumerate(zip(cases, bodies[1:])):
            cv, eq = f"%sw{self.n}_{k}", f"%sq{self.n}_{k}"
            res = r if k == 0 else f"%sr{self.n}_{k}"
            ref.append(f"{cv} = arith.constant {v} : index")
            ref.append(f"{eq} = arith.cmpi eq, {flag}, {cv} : index")
            ref.append(f"{res} = scf.if {eq} -> (i64) {{")
            ref += [l if isinstance(l, str) else l[1] for l in blines]
            ref.append(f"  scf.yield {y} : i64")
            ref.append("} else {")
            closers.append(res)
        lines, y = bodies[0]
        ref += [l if isinstance(l, str) else l[1] for l in lines]
        ref.append(f"  scf.yield {y} : i64")
        for k in range(len(closers) - 1, 0, -1):
            ref.append("}")
            ref.append(f"  scf.yield {closers[k]} : i64")
        ref.append("}")
        pad = "  " * self.indent
        self.lines.append(("\n".join(pad + l for l in ours), "\n".join(pad + l for l in ref)))
        return r

    def item_region(self, env64, depth):
        """scf.execute_region with a cf.cond_br diamond inside."""
        t = self.rng.choice(self.widths)
        tn = type_name(t)
        a, b = self.expr(t, [], 2), self.expr(t, [], 1)
        c = self.fresh()
        pred = self.rng.choice(["eq", "ne", "sle", "ugt"])
        self.emit(f"{c} = arith.cmpi {pred}, {a}, {b} : {tn}")
        r = self.fresh()
        p = self.fresh()
        self.emit(f"{r} = scf.execute_region -> i64 {{")
        self.emit(f"  cf.cond_br {c}, ^bb1, ^bb2")
        self.emit("^bb1:")
        self.indent += 1
        x = self.to_i64(self.expr(t, [a, b], 2), t)
        self.emit(f"cf.br ^bb3({x} : i64)")
        self.indent -= 1
        self.emit("^bb2:")
        self.indent += 1
        y = self.to_i64(self.expr(t, [b], 2), t)
        self.emit(f"cf.br ^bb3({y} : i64)")
        self.indent -= 1
        self.emit(f"^bb3({p}: i64):")
        self.emit(f"  scf.yield {p} : i64")
        self.emit("}")
        return r

    def build(self):
        h = self.const(self.rng.randrange(1 << 64), 64)
        for _ in range(self.rng.randrange(1, 4)):
            h = self.mix(h, self.item([], 3))
        self.emit(f"return {h} : i64")

    def text(self, which):
        body = []
        for l in self.lines:
            body.append(l if isinstance(l, str) else l[which])
        return f"func.func @{self.name}() -> i64 {{\n" + "\n".join(body) + "\n}\n"


def module(seed, count, first=0, odd=False):
    """(ours, ref, names) of `count` functions plus @main, which hashes their results."""
    ours, ref, names = [], [], []
    opaque = set()
    for k in range(first, first + count):
        f = Function(random.Random(f"{seed}:{k}"), f"f{k}", odd)
        f.build()
        ours.append(f.text(0))
        ref.append(f.text(1))
        names.append(f.name)
        opaque |= f.opaque_types
    helpers = []
    for t in sorted(opaque, key=str):
        tn = type_name(t)
        helpers.append(f"func.func private @opaque_{tn}(%x: {tn}) -> {tn} {{\n  return %x : {tn}\n}}\n")
    main = ["func.func @main() -> i64 {", "  %h0 = arith.constant 0 : i64", "  %c31 = arith.constant 31 : i64"]
    for i, n in enumerate(names):
        main.append(f"  %r{i} = func.call @{n}() : () -> i64")
        main.append(f"  %m{i} = arith.muli %h{i}, %c31 : i64")
        main.append(f"  %h{i + 1} = arith.addi %m{i}, %r{i} : i64")
    main.append(f"  return %h{len(names)} : i64")
    main.append("}\n")
    tail = "\n".join(helpers) + "\n".join(main)
    return "\n".join(ours) + "\n" + tail, "\n".join(ref) + "\n" + tail, names
