//! Elementwise ops: one table row per op, with its runtime opcode (crates/runtime's `UnaryOp` /
//! `BinaryOp`) and, where compiled code can do it, its scalar function. When every operand and
//! the result are registers, the op is that scalar function (`arith`/`math`); otherwise the
//! runtime kernel does it with numpy broadcasting.

use super::emit::{LResult, Lower};
use super::types::{self, Elem};
use flowgate_ir::{FloatKind, OpId, Type, Value};

type ScalarUnary = fn(&mut Lower<'_>, Value, Elem) -> LResult<Option<Value>>;
type ScalarBinary = fn(&mut Lower<'_>, Value, Value, Elem) -> LResult<Option<Value>>;

/// (ONNX op, runtime `UnaryOp` code, scalar function)
const UNARY: &[(&str, i32, ScalarUnary)] = &[
    ("Neg", 0, |l, x, e| {
        Ok(Some(if e.is_float() {
            l.with_builder(|b, loc| flowgate_arith::builders::negf(b, x, loc))
        } else {
            sub_from_zero(l, x)
        }))
    }),
    ("Abs", 1, |l, x, e| match e {
        Elem::Float(_) => l.math1("math.absf", x).map(Some),
        Elem::SInt(_) => Ok(Some(l.math1_int("math.absi", x))),
        _ => Ok(Some(x)),
    }),
    ("Sqrt", 2, |l, x, e| float_math(l, "math.sqrt", x, e)),
    ("Exp", 3, |l, x, e| float_math(l, "math.exp", x, e)),
    ("Log", 4, |l, x, e| float_math(l, "math.log", x, e)),
    ("Tanh", 5, |l, x, e| float_math(l, "math.tanh", x, e)),
    ("Sigmoid", 6, |l, x, e| {
        if !e.is_float() {
            return Ok(None);
        }
        let t = l.ctx.value_type(x);
        let one = l.const_float(1.0, t);
        let nx = l.with_builder(|b, loc| flowgate_arith::builders::negf(b, x, loc));
        let ex = l.math1("math.exp", nx)?;
        let d = l.arith("arith.addf", one, ex);
        Ok(Some(l.arith("arith.divf", one, d)))
    }),
    ("Ceil", 7, |l, x, e| float_math(l, "math.ceil", x, e)),
    ("Floor", 8, |l, x, e| float_math(l, "math.floor", x, e)),
    ("Reciprocal", 9, |l, x, e| {
        if !e.is_float() {
            return Ok(None);
        }
        let t = l.ctx.value_type(x);
        let one = l.const_float(1.0, t);
        Ok(Some(l.arith("arith.divf", one, x)))
    }),
    ("Relu", 10, |l, x, e| {
        let t = l.ctx.value_type(x);
        Ok(Some(match e {
            Elem::Float(_) => {
                let z = l.const_float(0.0, t);
                l.arith("arith.maximumf", x, z)
            }
            Elem::SInt(_) => {
                let z = l.const_int(0, t);
                l.arith("arith.maxsi", x, z)
            }
            _ => x,
        }))
    }),
    ("Not", 11, |l, x, e| {
        if e != Elem::Bool {
            return Ok(None);
        }
        let t = l.ctx.value_type(x);
        let one = l.const_int(1, t);
        Ok(Some(l.arith("arith.xori", x, one)))
    }),
    ("Sin", 12, |l, x, e| float_math(l, "math.sin", x, e)),
    ("Cos", 13, |l, x, e| float_math(l, "math.cos", x, e)),
    ("IsNaN", 14, |l, x, e| if e.is_float() { Ok(Some(l.cmpf("uno", x, x))) } else { Ok(None) }),
    ("Round", 15, |l, x, e| float_math(l, "math.roundeven", x, e)),
    ("Sign", 16, |_, _, _| Ok(None)),
    ("Erf", 17, |l, x, e| float_math(l, "math.erf", x, e)),
];

/// (ONNX op, runtime `BinaryOp` code, scalar function)
const BINARY: &[(&str, i32, ScalarBinary)] = &[
    ("Add", 0, |l, a, b, e| Ok(Some(l.arith(if e.is_float() { "arith.addf" } else { "arith.addi" }, a, b)))),
    ("Sub", 1, |l, a, b, e| Ok(Some(l.arith(if e.is_float() { "arith.subf" } else { "arith.subi" }, a, b)))),
    ("Mul", 2, |l, a, b, e| Ok(Some(l.arith(if e.is_float() { "arith.mulf" } else { "arith.muli" }, a, b)))),
    // Integer division goes to the runtime, which reports division by zero.
    ("Div", 3, |l, a, b, e| Ok(e.is_float().then(|| l.arith("arith.divf", a, b)))),
    ("Pow", 4, |l, a, b, e| {
        let same = l.ctx.value_type(a) == l.ctx.value_type(b);
        if e.is_float() && same {
            l.math2("math.powf", a, b).map(Some)
        } else {
            Ok(None)
        }
    }),
    ("Mod", 5, |_, _, _, _| Ok(None)),
    ("FMod", 6, |l, a, b, e| Ok(e.is_float().then(|| l.arith("arith.remf", a, b)))),
    ("Max", 7, |l, a, b, e| {
        Ok(Some(l.arith(
            match e {
                Elem::Float(_) => "arith.maximumf",
                Elem::UInt(_) | Elem::Bool => "arith.maxui",
                Elem::SInt(_) => "arith.maxsi",
            },
            a,
            b,
        )))
    }),
    ("Min", 8, |l, a, b, e| {
        Ok(Some(l.arith(
            match e {
                Elem::Float(_) => "arith.minimumf",
                Elem::UInt(_) | Elem::Bool => "arith.minui",
                Elem::SInt(_) => "arith.minsi",
            },
            a,
            b,
        )))
    }),
    ("Equal", 9, |l, a, b, e| Ok(Some(compare(l, a, b, e, ["eq", "eq", "oeq"])))),
    ("Less", 10, |l, a, b, e| Ok(Some(compare(l, a, b, e, ["slt", "ult", "olt"])))),
    ("LessOrEqual", 11, |l, a, b, e| Ok(Some(compare(l, a, b, e, ["sle", "ule", "ole"])))),
    ("Greater", 12, |l, a, b, e| Ok(Some(compare(l, a, b, e, ["sgt", "ugt", "ogt"])))),
    ("GreaterOrEqual", 13, |l, a, b, e| Ok(Some(compare(l, a, b, e, ["sge", "uge", "oge"])))),
    ("And", 14, |l, a, b, _| Ok(Some(l.arith("arith.andi", a, b)))),
    ("Or", 15, |l, a, b, _| Ok(Some(l.arith("arith.ori", a, b)))),
    ("Xor", 16, |l, a, b, _| Ok(Some(l.arith("arith.xori", a, b)))),
];

fn float_math(l: &mut Lower<'_>, name: &str, x: Value, e: Elem) -> LResult<Option<Value>> {
    if e.is_float() {
        l.math1(name, x).map(Some)
    } else {
        Ok(None)
    }
}

fn sub_from_zero(l: &mut Lower<'_>, x: Value) -> Value {
    let t = l.ctx.value_type(x);
    let z = l.const_int(0, t);
    l.arith("arith.subi", z, x)
}

fn compare(l: &mut Lower<'_>, a: Value, b: Value, e: Elem, preds: [&str; 3]) -> Value {
    match e {
        Elem::Float(_) => l.cmpf(preds[2], a, b),
        Elem::UInt(_) | Elem::Bool => l.cmpi(preds[1], a, b),
        Elem::SInt(_) => l.cmpi(preds[0], a, b),
    }
}

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Option<Vec<Value>>> {
    let operands = l.ctx.operands(op).to_vec();
    if name == "Identity" {
        return Ok(Some(vec![operands[0]]));
    }
    if name == "Cast" || name == "CastLike" {
        return cast(l, op, name, &operands).map(Some);
    }
    if name == "Where" {
        return where_(l, op, &operands).map(Some);
    }
    if name == "Clip" {
        return clip(l, op, &operands).map(Some);
    }
    if name == "HardSigmoid" || name == "HardSwish" {
        let swish = name == "HardSwish";
        let (da, db) = if swish { (1.0 / 6.0, 0.5) } else { (0.2, 0.5) };
        let node = l.node_id(op);
        let x = l.handle(operands[0])?;
        let alpha = l.const_f64(if swish { da } else { l.float_attr(op, "alpha").unwrap_or(da) });
        let beta = l.const_f64(if swish { db } else { l.float_attr(op, "beta").unwrap_or(db) });
        let sw = l.const_i32(swish as i32);
        return Ok(Some(vec![l.rt("hard_sigmoid", &[node, x, alpha, beta, sw])?]));
    }
    if name == "LeakyRelu" {
        let node = l.node_id(op);
        let x = l.handle(operands[0])?;
        let alpha = l.const_f64(l.float_attr(op, "alpha").unwrap_or(0.01f32 as f64));
        return Ok(Some(vec![l.rt("leaky_relu", &[node, x, alpha])?]));
    }
    let result_scalar = types::scalar_elem(l.ctx, l.onnx_type(l.ctx.result(op, 0))).is_some();
    let all_scalar = operands.iter().all(|&v| !l.is_handle(v));
    if let Some(&(_, code, f)) = UNARY.iter().find(|r| r.0 == name) {
        let x = operands[0];
        if result_scalar && all_scalar {
            if let Some(e) = l.elem(x) {
                if let Some(v) = f(l, x, e)? {
                    return Ok(Some(vec![v]));
                }
            }
        }
        let node = l.node_id(op);
        let c = l.const_i32(code);
        let h = l.handle(x)?;
        return Ok(Some(vec![l.rt("unary", &[node, c, h])?]));
    }
    let key = if name == "Mod" && l.int_attr(op, "fmod") == Some(1) { "FMod" } else { name };
    if let Some(&(_, code, f)) = BINARY.iter().find(|r| r.0 == key) {
        if operands.is_empty() {
            return Err(l.err(op, format!("{name} needs at least one input")));
        }
        // Max and Min are variadic: fold left.
        let mut acc = operands[0];
        if operands.len() == 1 {
            return Ok(Some(vec![acc]));
        }
        for &b in &operands[1..] {
            acc = binary(l, op, code, f, acc, b, result_scalar)?;
        }
        return Ok(Some(vec![acc]));
    }
    Ok(None)
}

fn binary(
    l: &mut Lower<'_>,
    op: OpId,
    code: i32,
    f: ScalarBinary,
    a: Value,
    b: Value,
    result_scalar: bool,
) -> LResult<Value> {
    if result_scalar && !l.is_handle(a) && !l.is_handle(b) {
        if let Some(e) = l.elem(a) {
            if let Some(v) = f(l, a, b, e)? {
                let ot = l.onnx_type(l.ctx.result(op, 0));
                l.orig.insert(v, ot);
                return Ok(v);
            }
        }
    }
    let node = l.node_id(op);
    let c = l.const_i32(code);
    let ha = l.handle(a)?;
    let hb = l.handle(b)?;
    let r = l.rt("binary", &[node, c, ha, hb])?;
    let ot = l.onnx_type(l.ctx.result(op, 0));
    l.orig.insert(r, ot);
    Ok(r)
}

fn where_(l: &mut Lower<'_>, op: OpId, ops: &[Value]) -> LResult<Vec<Value>> {
    let result_scalar = types::scalar_elem(l.ctx, l.onnx_type(l.ctx.result(op, 0))).is_some();
    if result_scalar && ops.iter().all(|&v| !l.is_handle(v)) {
        return Ok(vec![l.select(ops[0], ops[1], ops[2])]);
    }
    let node = l.node_id(op);
    let hs: Vec<Value> = ops.iter().map(|&v| l.handle(v)).collect::<LResult<_>>()?;
    Ok(vec![l.rt("where", &[node, hs[0], hs[1], hs[2]])?])
}

fn clip(l: &mut Lower<'_>, op: OpId, ops: &[Value]) -> LResult<Vec<Value>> {
    let node = l.node_id(op);
    let x = l.handle(ops[0])?;
    if ops.len() == 1 && (l.attr_of(op, "min").is_some() || l.attr_of(op, "max").is_some()) {
        // Clip-6: float bounds as attributes; boxed to x's element type (absent = unbounded).
        let dtype = l.elem(ops[0]).ok_or_else(|| l.err(op, "Clip: the input's element type is unknown"))?.dtype();
        let mut bounds = Vec::new();
        for a in ["min", "max"] {
            bounds.push(match l.float_attr(op, a) {
                Some(v) => {
                    let c = l.const_f64(v);
                    let d = l.const_i32(dtype);
                    l.rt("box_f64", &[c, d])?
                }
                None => l.rt("null", &[])?,
            });
        }
        return Ok(vec![l.rt("clip", &[node, x, bounds[0], bounds[1]])?]);
    }
    let mut bounds = Vec::new();
    for k in 1..3 {
        bounds.push(match ops.get(k) {
            Some(&v) if !l.absent(v) => l.handle(v)?,
            _ => l.rt("null", &[])?,
        });
    }
    Ok(vec![l.rt("clip", &[node, x, bounds[0], bounds[1]])?])
}

fn cast(l: &mut Lower<'_>, op: OpId, name: &str, ops: &[Value]) -> LResult<Vec<Value>> {
    let rty = l.onnx_type(l.ctx.result(op, 0));
    let to = if name == "CastLike" {
        l.elem(ops[1]).ok_or_else(|| l.err(op, "CastLike: target element type unknown"))?
    } else {
        let code = l.int_attr(op, "to").ok_or_else(|| l.err(op, "Cast needs a 'to' attribute"))?;
        match types::tensor_elem(l.ctx, rty) {
            Some(e) if e.dtype() as i64 == code => e,
            _ => {
                elem_of_code(code).ok_or_else(|| l.err(op, format!("Cast to element type {code} is not supported")))?
            }
        }
    };
    let x = ops[0];
    let from = l.elem(x);
    if let (Some(from), false, true) = (from, l.is_handle(x), to.is_native()) {
        if types::scalar_elem(l.ctx, rty).is_some() {
            let tt = to.scalar_type(l.ctx);
            return Ok(vec![scalar_cast(l, x, from, to, tt)]);
        }
    }
    let node = l.node_id(op);
    let h = l.handle(x)?;
    let c = l.const_i32(to.dtype());
    Ok(vec![l.rt("cast", &[node, h, c])?])
}

fn elem_of_code(code: i64) -> Option<Elem> {
    Some(match code {
        1 => Elem::Float(FloatKind::F32),
        2 => Elem::UInt(8),
        3 => Elem::SInt(8),
        4 => Elem::UInt(16),
        5 => Elem::SInt(16),
        6 => Elem::SInt(32),
        7 => Elem::SInt(64),
        9 => Elem::Bool,
        10 => Elem::Float(FloatKind::F16),
        11 => Elem::Float(FloatKind::F64),
        12 => Elem::UInt(32),
        13 => Elem::UInt(64),
        16 => Elem::Float(FloatKind::BF16),
        _ => return None,
    })
}

/// ONNX Cast between register types: ints extend by their own signedness, floats to ints
/// truncate (saturating, NaN to 0, as the code generator defines `fptosi`), to bool is `!= 0`.
fn scalar_cast(l: &mut Lower<'_>, x: Value, from: Elem, to: Elem, tt: Type) -> Value {
    let st = l.ctx.value_type(x);
    if st == tt && from.is_unsigned() == to.is_unsigned() {
        return x;
    }
    match (from, to) {
        (_, Elem::Bool) => {
            if from.is_float() {
                let z = l.const_float(0.0, st);
                l.cmpf("une", x, z)
            } else {
                let z = l.const_int(0, st);
                l.cmpi("ne", x, z)
            }
        }
        (Elem::Float(_), Elem::Float(_)) => {
            let (fw, tw) = (l.ctx.float_width(st), l.ctx.float_width(tt));
            l.cast(if tw > fw { "arith.extf" } else { "arith.truncf" }, x, tt)
        }
        (Elem::Float(_), _) => l.cast(if to.is_unsigned() { "arith.fptoui" } else { "arith.fptosi" }, x, tt),
        (_, Elem::Float(_)) => {
            l.cast(if from.is_unsigned() || from == Elem::Bool { "arith.uitofp" } else { "arith.sitofp" }, x, tt)
        }
        _ => {
            let (fw, tw) = (l.ctx.int_width(st).unwrap_or(64), l.ctx.int_width(tt).unwrap_or(64));
            if tw == fw {
                x
            } else if tw < fw {
                l.cast("arith.trunci", x, tt)
            } else if from.is_unsigned() || from == Elem::Bool {
                l.cast("arith.extui", x, tt)
            } else {
                l.cast("arith.extsi", x, tt)
            }
        }
    }
}
