//! Elementwise ops: one table row per op, with its runtime opcode (runtime-abi's `UnaryOp` /
//! `BinaryOp`) and, where compiled code can do it, its scalar function. When every operand and
//! the result are registers, the op is that scalar function (`arith`/`math`); otherwise the
//! runtime kernel does it with numpy broadcasting.

use super::emit::{LResult, Lower};
use super::scalar;
use super::types::{self, Elem};
use flowgate_ir::{FloatKind, OpId, Type, Value};
use flowgate_runtime_abi::{Activation, BinaryOp, UnaryOp};

type ScalarUnary = fn(&mut Lower<'_>, OpId, Value, Elem) -> LResult<Option<Value>>;
type ScalarBinary = fn(&mut Lower<'_>, OpId, Value, Value, Elem, Elem) -> LResult<Option<Value>>;

/// (ONNX op, runtime `UnaryOp` code if the runtime has the kernel, scalar function)
const UNARY: &[(&str, Option<i32>, ScalarUnary)] = &[
    ("Neg", Some(UnaryOp::Neg as i32), |l, _, x, e| {
        Ok(Some(if e.is_float() {
            l.with_builder(|b, loc| flowgate_arith::builders::negf(b, x, loc))
        } else {
            sub_from_zero(l, x)
        }))
    }),
    ("Abs", Some(UnaryOp::Abs as i32), |l, _, x, e| match e {
        Elem::Float(_) => l.math1("math.absf", x).map(Some),
        Elem::SInt(_) => Ok(Some(l.math1_int("math.absi", x))),
        _ => Ok(Some(x)),
    }),
    ("Sqrt", Some(UnaryOp::Sqrt as i32), |l, _, x, e| float_math(l, "math.sqrt", x, e)),
    ("Exp", Some(UnaryOp::Exp as i32), |l, _, x, e| float_math(l, "math.exp", x, e)),
    ("Log", Some(UnaryOp::Log as i32), |l, _, x, e| float_math(l, "math.log", x, e)),
    // f32 (and float16/bfloat16 held in f32): a rational approximation inline, as onnxruntime's
    // MLAS and Eigen compute it, instead of a call to libm's tanhf (`scalar::tanh_f32`).
    ("Tanh", Some(UnaryOp::Tanh as i32), |l, _, x, e| match e {
        Elem::Float(FloatKind::F64) => float_math(l, "math.tanh", x, e),
        Elem::Float(_) => Ok(Some(scalar::tanh_f32(l, x))),
        _ => Ok(None),
    }),
    ("Sigmoid", Some(UnaryOp::Sigmoid as i32), |l, _, x, e| {
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
    ("Ceil", Some(UnaryOp::Ceil as i32), |l, _, x, e| float_math(l, "math.ceil", x, e)),
    ("Floor", Some(UnaryOp::Floor as i32), |l, _, x, e| float_math(l, "math.floor", x, e)),
    ("Reciprocal", Some(UnaryOp::Reciprocal as i32), |l, _, x, e| {
        if !e.is_float() {
            return Ok(None);
        }
        let t = l.ctx.value_type(x);
        let one = l.const_float(1.0, t);
        Ok(Some(l.arith("arith.divf", one, x)))
    }),
    // `x < 0 ? 0 : x`: NaN and -0 pass through, as onnxruntime's.
    ("Relu", Some(UnaryOp::Relu as i32), |l, _, x, e| {
        let t = l.ctx.value_type(x);
        Ok(Some(match e {
            Elem::Float(_) => {
                let z = l.const_float(0.0, t);
                let neg = l.cmpf("olt", x, z);
                l.select(neg, z, x)
            }
            Elem::SInt(_) => {
                let z = l.const_int(0, t);
                l.arith("arith.maxsi", x, z)
            }
            _ => x,
        }))
    }),
    ("Not", Some(UnaryOp::Not as i32), |l, _, x, e| {
        if e != Elem::Bool {
            return Ok(None);
        }
        let t = l.ctx.value_type(x);
        let one = l.const_int(1, t);
        Ok(Some(l.arith("arith.xori", x, one)))
    }),
    ("Sin", Some(UnaryOp::Sin as i32), |l, _, x, e| float_math(l, "math.sin", x, e)),
    ("Cos", Some(UnaryOp::Cos as i32), |l, _, x, e| float_math(l, "math.cos", x, e)),
    (
        "IsNaN",
        Some(UnaryOp::IsNaN as i32),
        |l, _, x, e| if e.is_float() { Ok(Some(l.cmpf("uno", x, x))) } else { Ok(None) },
    ),
    ("Round", Some(UnaryOp::Round as i32), |l, _, x, e| float_math(l, "math.roundeven", x, e)),
    ("Sign", Some(UnaryOp::Sign as i32), |l, _, x, e| Ok(Some(scalar::sign(l, x, e)))),
    ("Erf", Some(UnaryOp::Erf as i32), |l, _, x, e| float_math(l, "math.erf", x, e)),
    // Tensors: the runtime's IsInf code for the detect flags (`is_inf_code`).
    ("IsInf", Some(UnaryOp::IsInf as i32), |l, op, x, e| {
        if !e.is_float() {
            return Ok(None);
        }
        let t = l.ctx.value_type(x);
        let mut found = None;
        for (attr, inf) in [("detect_positive", f64::INFINITY), ("detect_negative", f64::NEG_INFINITY)] {
            if l.int_attr(op, attr).unwrap_or(1) == 0 {
                continue;
            }
            let c = l.const_float(inf, t);
            let hit = l.cmpf("oeq", x, c);
            found = Some(match found {
                Some(f) => l.arith("arith.ori", f, hit),
                None => hit,
            });
        }
        Ok(Some(match found {
            Some(f) => f,
            None => {
                let i1 = l.ctx.i1_type();
                l.const_int(0, i1)
            }
        }))
    }),
    // Scalar only: the runtime has no kernel for this (a tensor operand is an error).
    ("BitwiseNot", None, |l, _, x, e| {
        if e.is_float() || e == Elem::Bool {
            return Ok(None);
        }
        let t = l.ctx.value_type(x);
        let ones = l.const_int(-1, t);
        Ok(Some(l.arith("arith.xori", x, ones)))
    }),
    ("Tan", None, |l, _, x, e| float_math(l, "math.tan", x, e)),
    ("Asin", None, |l, _, x, e| float_math(l, "math.asin", x, e)),
    ("Acos", None, |l, _, x, e| float_math(l, "math.acos", x, e)),
    ("Atan", None, |l, _, x, e| float_math(l, "math.atan", x, e)),
    ("Sinh", None, |l, _, x, e| float_math(l, "math.sinh", x, e)),
    ("Cosh", None, |l, _, x, e| float_math(l, "math.cosh", x, e)),
    ("Asinh", None, |l, _, x, e| float_math(l, "math.asinh", x, e)),
    ("Acosh", None, |l, _, x, e| float_math(l, "math.acosh", x, e)),
    ("Atanh", None, |l, _, x, e| float_math(l, "math.atanh", x, e)),
];

/// Two (attribute, default) pairs.
type ActAttrs = [(&'static str, f32); 2];

/// Activations the runtime's `flowgate_rt_activation` computes: (ONNX op, kind, the attributes
/// passed as its `a`, `b`, `c` with their defaults; `""` for none). Defaults are the f32 values
/// ONNX stores.
const ACTIVATIONS: &[(&str, Activation, ActAttrs)] = &[
    ("Elu", Activation::Elu, [("alpha", 1.0), ("", 0.0)]),
    ("Selu", Activation::Selu, [("alpha", 1.673_263_2), ("gamma", 1.050_701)]),
    ("Celu", Activation::Celu, [("alpha", 1.0), ("", 0.0)]),
    ("ThresholdedRelu", Activation::ThresholdedRelu, [("alpha", 1.0), ("", 0.0)]),
    ("Softplus", Activation::Softplus, [("", 0.0), ("", 0.0)]),
    ("Softsign", Activation::Softsign, [("", 0.0), ("", 0.0)]),
    ("Mish", Activation::Mish, [("", 0.0), ("", 0.0)]),
    ("Gelu", Activation::Gelu, [("", 0.0), ("", 0.0)]),
    ("Swish", Activation::Swish, [("alpha", 1.0), ("", 0.0)]),
    ("Shrink", Activation::Shrink, [("bias", 0.0), ("lambd", 0.5)]),
    ("Binarizer", Activation::Binarizer, [("threshold", 0.0), ("", 0.0)]),
];

fn activation(l: &mut Lower<'_>, op: OpId, x: Value, kind: Activation, attrs: ActAttrs) -> LResult<Value> {
    let kind = match (kind, l.str_attr(op, "approximate").as_deref()) {
        (Activation::Gelu, Some("tanh")) => Activation::GeluTanh,
        (Activation::Gelu, Some(a)) if a != "none" => {
            return Err(l.err(op, format!("Gelu with approximate = '{a}' is not supported (none or tanh)")))
        }
        (k, _) => k,
    };
    let node = l.node_id(op);
    let k = l.const_i32(kind as i32);
    let x = l.handle(x)?;
    let mut args = vec![node, k, x];
    for (name, default) in attrs {
        let v = if name.is_empty() { 0.0 } else { l.float_attr(op, name).unwrap_or(f64::from(default)) };
        args.push(l.const_f64(v));
    }
    args.push(l.const_f64(0.0));
    l.rt("activation", &args)
}

/// (ONNX op, runtime `BinaryOp` code if the runtime has the kernel, scalar function)
const BINARY: &[(&str, Option<i32>, ScalarBinary)] = &[
    ("Add", Some(BinaryOp::Add as i32), |l, _, a, b, e, _| {
        Ok(Some(l.arith(if e.is_float() { "arith.addf" } else { "arith.addi" }, a, b)))
    }),
    ("Sub", Some(BinaryOp::Sub as i32), |l, _, a, b, e, _| {
        Ok(Some(l.arith(if e.is_float() { "arith.subf" } else { "arith.subi" }, a, b)))
    }),
    ("Mul", Some(BinaryOp::Mul as i32), |l, _, a, b, e, _| {
        Ok(Some(l.arith(if e.is_float() { "arith.mulf" } else { "arith.muli" }, a, b)))
    }),
    ("Div", Some(BinaryOp::Div as i32), |l, op, a, b, e, _| {
        if e.is_float() {
            return Ok(Some(l.arith("arith.divf", a, b)));
        }
        let signed = !(e.is_unsigned() || e == Elem::Bool);
        let name = if signed { "arith.divsi" } else { "arith.divui" };
        scalar::guarded_division(l, op, BinaryOp::Div, signed, a, b, move |l, d| l.arith(name, a, d)).map(Some)
    }),
    ("Pow", Some(BinaryOp::Pow as i32), |l, _, a, b, ea, eb| {
        if ea == Elem::Bool || eb == Elem::Bool {
            return Ok(None);
        }
        scalar::pow(l, a, b, ea, eb).map(Some)
    }),
    ("Mod", Some(BinaryOp::Mod as i32), |l, op, a, b, e, _| {
        if e.is_float() || e == Elem::Bool {
            return Ok(None);
        }
        let signed = !e.is_unsigned();
        scalar::guarded_division(l, op, BinaryOp::Mod, signed, a, b, move |l, d| scalar::floor_mod(l, a, d, e))
            .map(Some)
    }),
    ("FMod", Some(BinaryOp::FMod as i32), |l, op, a, b, e, _| {
        if e.is_float() {
            return Ok(Some(l.arith("arith.remf", a, b)));
        }
        let signed = !(e.is_unsigned() || e == Elem::Bool);
        let name = if signed { "arith.remsi" } else { "arith.remui" };
        scalar::guarded_division(l, op, BinaryOp::FMod, signed, a, b, move |l, d| l.arith(name, a, d)).map(Some)
    }),
    ("Max", Some(BinaryOp::Max as i32), |l, _, a, b, e, _| Ok(Some(min_max(l, a, b, e, true)))),
    ("Min", Some(BinaryOp::Min as i32), |l, _, a, b, e, _| Ok(Some(min_max(l, a, b, e, false)))),
    ("Equal", Some(BinaryOp::Equal as i32), |l, _, a, b, e, _| Ok(Some(compare(l, a, b, e, ["eq", "eq", "oeq"])))),
    ("Less", Some(BinaryOp::Less as i32), |l, _, a, b, e, _| Ok(Some(compare(l, a, b, e, ["slt", "ult", "olt"])))),
    ("LessOrEqual", Some(BinaryOp::LessOrEqual as i32), |l, _, a, b, e, _| {
        Ok(Some(compare(l, a, b, e, ["sle", "ule", "ole"])))
    }),
    ("Greater", Some(BinaryOp::Greater as i32), |l, _, a, b, e, _| {
        Ok(Some(compare(l, a, b, e, ["sgt", "ugt", "ogt"])))
    }),
    ("GreaterOrEqual", Some(BinaryOp::GreaterOrEqual as i32), |l, _, a, b, e, _| {
        Ok(Some(compare(l, a, b, e, ["sge", "uge", "oge"])))
    }),
    ("And", Some(BinaryOp::And as i32), |l, _, a, b, _, _| Ok(Some(l.arith("arith.andi", a, b)))),
    ("Or", Some(BinaryOp::Or as i32), |l, _, a, b, _, _| Ok(Some(l.arith("arith.ori", a, b)))),
    ("Xor", Some(BinaryOp::Xor as i32), |l, _, a, b, _, _| Ok(Some(l.arith("arith.xori", a, b)))),
    ("PRelu", Some(BinaryOp::PRelu as i32), |l, _, a, b, e, _| Ok(prelu(l, a, b, e))),
    // Scalar only: the runtime has no kernel for these (a tensor operand is an error).
    // Shifts by the width or more give 0, as onnxruntime's (guarded in the IR: `scalar::shift`).
    // Signed types (opset 28) shift right arithmetically, sign-filling past the width.
    ("BitShift", None, |l, op, a, b, e, _| {
        if e.is_float() || e == Elem::Bool {
            return Ok(None);
        }
        let left = l.str_attr(op, "direction").as_deref() == Some("LEFT");
        Ok(Some(match (left, e) {
            (false, Elem::SInt(_)) => scalar::shift_right_signed(l, a, b),
            _ => scalar::shift(l, if left { "arith.shli" } else { "arith.shrui" }, a, b),
        }))
    }),
    ("BitwiseAnd", None, |l, _, a, b, e, _| Ok(bitwise(l, "arith.andi", a, b, e))),
    ("BitwiseOr", None, |l, _, a, b, e, _| Ok(bitwise(l, "arith.ori", a, b, e))),
    ("BitwiseXor", None, |l, _, a, b, e, _| Ok(bitwise(l, "arith.xori", a, b, e))),
];

/// PRelu: `a * slope` below 0, else `a` (unsigned values are never below 0).
fn prelu(l: &mut Lower<'_>, a: Value, slope: Value, e: Elem) -> Option<Value> {
    let t = l.ctx.value_type(a);
    let (neg, prod) = match e {
        Elem::Float(_) => {
            let z = l.const_float(0.0, t);
            (l.cmpf("olt", a, z), l.arith("arith.mulf", a, slope))
        }
        Elem::SInt(_) => {
            let z = l.const_int(0, t);
            (l.cmpi("slt", a, z), l.arith("arith.muli", a, slope))
        }
        Elem::UInt(_) => return Some(a),
        Elem::Bool => return None,
    };
    Some(l.select(neg, prod, a))
}

fn bitwise(l: &mut Lower<'_>, name: &str, a: Value, b: Value, e: Elem) -> Option<Value> {
    (!e.is_float() && e != Elem::Bool).then(|| l.arith(name, a, b))
}

fn min_max(l: &mut Lower<'_>, a: Value, b: Value, e: Elem, max: bool) -> Value {
    let name = match (e, max) {
        (Elem::Float(_), _) => return scalar::float_min_max(l, a, b, max),
        (Elem::UInt(_) | Elem::Bool, true) => "arith.maxui",
        (Elem::UInt(_) | Elem::Bool, false) => "arith.minui",
        (Elem::SInt(_), true) => "arith.maxsi",
        (Elem::SInt(_), false) => "arith.minsi",
    };
    l.arith(name, a, b)
}

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
    if let Some(&(_, kind, attrs)) = ACTIVATIONS.iter().find(|r| r.0 == name) {
        return Ok(Some(vec![activation(l, op, operands[0], kind, attrs)?]));
    }
    if name == "SwiGLU" {
        // Swish(A; alpha) * B, as its ONNX function body (the runtime's Swish row and Mul).
        if operands.len() != 2 {
            return Err(l.err(op, "SwiGLU needs inputs A and B"));
        }
        let gate = activation(l, op, operands[0], Activation::Swish, [("alpha", 1.0), ("", 0.0)])?;
        let node = l.node_id(op);
        let c = l.const_i32(BinaryOp::Mul as i32);
        let b = l.handle(operands[1])?;
        return Ok(Some(vec![l.rt("binary", &[node, c, gate, b])?]));
    }
    let result_scalar = types::scalar_elem(l.ctx, l.onnx_type(l.ctx.result(op, 0))).is_some();
    let all_scalar = operands.iter().all(|&v| l.is_register(v));
    if let Some(&(_, code, f)) = UNARY.iter().find(|r| r.0 == name) {
        let x = operands[0];
        if result_scalar && all_scalar {
            if let Some(e) = l.elem(x) {
                if let Some(v) = f(l, op, x, e)? {
                    return Ok(Some(vec![v]));
                }
            }
        }
        let code = if name == "IsInf" { is_inf_code(l, op)? } else { runtime_code(l, op, name, code)? };
        let node = l.node_id(op);
        let c = l.const_i32(code);
        let h = l.handle(x)?;
        return Ok(Some(vec![l.rt("unary", &[node, c, h])?]));
    }
    let key = match name {
        "Mod" if l.int_attr(op, "fmod") == Some(1) => "FMod",
        // Sum is variadic Add; Mean is Sum divided by the input count (below).
        "Sum" | "Mean" => "Add",
        _ => name,
    };
    if let Some(&(_, code, f)) = BINARY.iter().find(|r| r.0 == key) {
        if operands.is_empty() {
            return Err(l.err(op, format!("{name} needs at least one input")));
        }
        // Max, Min and Sum are variadic: fold left.
        let mut acc = operands[0];
        if operands.len() == 1 {
            return Ok(Some(vec![acc]));
        }
        for &b in &operands[1..] {
            acc = binary(l, op, name, code, f, acc, b, result_scalar)?;
        }
        if name == "Mean" {
            acc = divide_by_count(l, op, acc, operands.len())?;
        }
        return Ok(Some(vec![acc]));
    }
    Ok(None)
}

/// Mean's last step: the inputs' Sum divided by their count, in the element type as
/// onnxruntime (float types only).
fn divide_by_count(l: &mut Lower<'_>, op: OpId, sum: Value, n: usize) -> LResult<Value> {
    if l.is_register(sum) && l.elem(sum).is_some_and(|e| e.is_float()) {
        let t = l.ctx.value_type(sum);
        let d = l.const_float(n as f64, t);
        let v = l.arith("arith.divf", sum, d);
        let ot = l.onnx_type(l.ctx.result(op, 0));
        l.orig.insert(v, ot);
        return Ok(v);
    }
    let node = l.node_id(op);
    let k = l.const_i32(Activation::Mean as i32);
    let x = l.handle(sum)?;
    let n = l.const_f64(n as f64);
    let zero = l.const_f64(0.0);
    l.rt("activation", &[node, k, x, n, zero, zero])
}

/// IsInf's runtime code: which infinities `detect_positive` and `detect_negative` ask for.
fn is_inf_code(l: &Lower<'_>, op: OpId) -> LResult<i32> {
    let flag = |a| l.int_attr(op, a).unwrap_or(1) != 0;
    Ok(match (flag("detect_positive"), flag("detect_negative")) {
        (true, true) => UnaryOp::IsInf,
        (true, false) => UnaryOp::IsPosInf,
        (false, true) => UnaryOp::IsNegInf,
        (false, false) => {
            return Err(l.err(op, "IsInf with detect_positive = detect_negative = 0 on a tensor is not supported"))
        }
    } as i32)
}

/// The runtime op code for a non-scalar operand, or the error naming an op only registers have.
fn runtime_code(l: &Lower<'_>, op: OpId, name: &str, code: Option<i32>) -> LResult<i32> {
    code.ok_or_else(|| {
        let what = super::emit::node_description(l.ctx, op);
        l.err(
            op,
            format!(
                "{what}: '{name}' is supported by convert-onnx-to-loops on rank-0 tensors of native element types only"
            ),
        )
    })
}

#[allow(clippy::too_many_arguments)]
fn binary(
    l: &mut Lower<'_>,
    op: OpId,
    name: &str,
    code: Option<i32>,
    f: ScalarBinary,
    a: Value,
    b: Value,
    result_scalar: bool,
) -> LResult<Value> {
    if result_scalar && l.is_register(a) && l.is_register(b) {
        if let (Some(ea), Some(eb)) = (l.elem(a), l.elem(b)) {
            if let Some(v) = f(l, op, a, b, ea, eb)? {
                let ot = l.onnx_type(l.ctx.result(op, 0));
                l.orig.insert(v, ot);
                return Ok(v);
            }
        }
    }
    let code = runtime_code(l, op, name, code)?;
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
    if result_scalar && ops.iter().all(|&v| l.is_register(v)) {
        return Ok(vec![l.select(ops[0], ops[1], ops[2])]);
    }
    let node = l.node_id(op);
    let hs: Vec<Value> = ops.iter().map(|&v| l.handle(v)).collect::<LResult<_>>()?;
    Ok(vec![l.rt("where", &[node, hs[0], hs[1], hs[2]])?])
}

fn clip(l: &mut Lower<'_>, op: OpId, ops: &[Value]) -> LResult<Vec<Value>> {
    if let Some(v) = scalar_clip(l, op, ops)? {
        return Ok(vec![v]);
    }
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

/// Clip on registers: bounds from inputs (absent = unbounded) or Clip-6's float attributes.
fn scalar_clip(l: &mut Lower<'_>, op: OpId, ops: &[Value]) -> LResult<Option<Value>> {
    let result_scalar = types::scalar_elem(l.ctx, l.onnx_type(l.ctx.result(op, 0))).is_some();
    let x = ops[0];
    let Some(e) = l.elem(x).filter(|&e| e != Elem::Bool) else { return Ok(None) };
    if !result_scalar || ops.iter().any(|&v| !l.is_register(v)) {
        return Ok(None);
    }
    let t = l.ctx.value_type(x);
    let mut bounds = [None, None];
    for (k, attr) in ["min", "max"].into_iter().enumerate() {
        bounds[k] = match ops.get(k + 1) {
            Some(&v) if !l.absent(v) => Some(v),
            _ if ops.len() == 1 && e.is_float() => l.float_attr(op, attr).map(|c| l.const_float(c, t)),
            _ => None,
        };
    }
    Ok(Some(scalar::clip(l, x, bounds[0], bounds[1], e)))
}

/// The element a `Cast`/`CastLike` converts to.
fn cast_target(l: &Lower<'_>, op: OpId, name: &str, ops: &[Value]) -> LResult<Elem> {
    let rty = l.onnx_type(l.ctx.result(op, 0));
    Ok(if name == "CastLike" {
        // The result has the target's element type: either may be the one inference knows.
        l.elem(ops[1])
            .or_else(|| types::tensor_elem(l.ctx, rty))
            .ok_or_else(|| l.err(op, "CastLike: target element type unknown"))?
    } else {
        let code = l.int_attr(op, "to").ok_or_else(|| l.err(op, "Cast needs a 'to' attribute"))?;
        match types::tensor_elem(l.ctx, rty) {
            Some(e) if e.dtype() as i64 == code => e,
            _ => {
                elem_of_code(code).ok_or_else(|| l.err(op, format!("Cast to element type {code} is not supported")))?
            }
        }
    })
}

/// Cast/CastLike to a storage-only type (float8, float4, int4, int2): always the runtime's
/// `cast_mode`, which takes `saturate` and float8e8m0's `round_mode`. `None` for other targets.
fn small_cast(l: &mut Lower<'_>, op: OpId, name: &str, ops: &[Value]) -> LResult<Option<Value>> {
    let code = if name == "CastLike" {
        types::small_code(l.ctx, l.onnx_type(ops[1]))
    } else {
        l.int_attr(op, "to").and_then(|c| i32::try_from(c).ok()).filter(|&c| flowgate_onnx::dtype::is_small_code(c))
    };
    let Some(code) = code else { return Ok(None) };
    let round = match l.str_attr(op, "round_mode").as_deref() {
        None | Some("up") => 0,
        Some("down") => 1,
        Some("nearest") => 2,
        Some(other) => return Err(l.err(op, format!("{name}: unknown round_mode '{other}'"))),
    };
    let saturate = l.int_attr(op, "saturate").unwrap_or(1) != 0;
    let node = l.node_id(op);
    let h = l.handle(ops[0])?;
    let c = l.const_i32(code);
    let s = l.const_i32(saturate as i32);
    let r = l.const_i32(round);
    Ok(Some(l.rt("cast_mode", &[node, h, c, s, r])?))
}

fn cast(l: &mut Lower<'_>, op: OpId, name: &str, ops: &[Value]) -> LResult<Vec<Value>> {
    if let Some(v) = small_cast(l, op, name, ops)? {
        return Ok(vec![v]);
    }
    let rty = l.onnx_type(l.ctx.result(op, 0));
    if name == "CastLike" && l.elem(ops[1]).is_none() && types::tensor_elem(l.ctx, rty).is_none() {
        // The target's type is known only at run time (a function body's CastLike to a value
        // inference left untyped): the runtime casts to the target tensor's dtype.
        let args = l.node_and_inputs(op, 2, 2, "input and target_type")?;
        let sat = l.const_i32(l.int_attr(op, "saturate").unwrap_or(1) as i32);
        return Ok(vec![l.rt("cast_like", &[args[0], args[1], args[2], sat])?]);
    }
    let to = cast_target(l, op, name, ops)?;
    let x = ops[0];
    let from = l.elem(x);
    if let (Some(from), true) = (from, l.is_register(x)) {
        if types::scalar_elem(l.ctx, rty).is_some() {
            let tt = to.scalar_type(l.ctx);
            let mut r = scalar_cast(l, x, from, to, tt);
            if let Some(kind) = to.narrow().filter(|_| from != to) {
                // To float16/bfloat16: rounded here (lower_ops leaves casts alone).
                r = scalar::round_to_narrow(l, r, kind);
            } else if r == x && from != to {
                // Same register, other ONNX type (float16 -> float, uint8 -> int8): a value of
                // its own, so it is boxed with its own dtype. Canonicalization folds it away.
                r = l.cast("arith.bitcast", x, tt);
            }
            return Ok(vec![r]);
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
/// truncate as onnxruntime does on x86 (`scalar::float_to_int`), to bool is `!= 0`.
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
        (Elem::Float(_), _) => scalar::float_to_int(l, x, to, tt),
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

/// Whether `name` is an op [`scalar_of`] may compute.
pub(crate) fn is_elementwise(name: &str) -> bool {
    matches!(name, "Identity" | "Where" | "Cast" | "Sum")
        || UNARY.iter().any(|r| r.0 == name)
        || BINARY.iter().any(|r| r.0 == name)
}

/// One element of elementwise `op`: its scalar function (the table's, the register tier's) on
/// register values `vals` (one per operand, after broadcasting), emitted at the insertion
/// point; `None` when the op has no scalar function for these element types. The compiled
/// tier's loop nests call it per element, so one table drives both tiers.
pub(crate) fn scalar_of(l: &mut Lower<'_>, op: OpId, vals: &[Value]) -> LResult<Option<Value>> {
    let name = l.ctx.op_name(op).strip_prefix("onnx.").unwrap_or_default().to_string();
    let ops = l.ctx.operands(op).to_vec();
    let Some(&x) = vals.first() else { return Ok(None) };
    let elems: Vec<Option<Elem>> = ops.iter().map(|&v| l.elem(v)).collect();
    let Some(e) = elems.first().copied().flatten().filter(|e| e.narrow().is_none()) else { return Ok(None) };
    match name.as_str() {
        "Identity" => return Ok(Some(x)),
        "Where" if vals.len() == 3 => return Ok(Some(l.select(vals[0], vals[1], vals[2]))),
        "Cast" => {
            let to = cast_target(l, op, &name, &ops)?;
            if to.narrow().is_some() {
                return Ok(None);
            }
            let tt = to.scalar_type(l.ctx);
            return Ok(Some(scalar_cast(l, x, e, to, tt)));
        }
        _ => {}
    }
    if let Some(&(_, _, f)) = UNARY.iter().find(|r| r.0 == name) {
        return if vals.len() == 1 { f(l, op, x, e) } else { Ok(None) };
    }
    let key = match name.as_str() {
        "Mod" if l.int_attr(op, "fmod") == Some(1) => "FMod",
        "Sum" => "Add",
        n => n,
    };
    if let Some(&(_, _, f)) = BINARY.iter().find(|r| r.0 == key) {
        let mut acc = x;
        for (k, &b) in vals.iter().enumerate().skip(1) {
            let Some(eb) = elems.get(k).copied().flatten().filter(|e| e.narrow().is_none()) else { return Ok(None) };
            match f(l, op, acc, b, e, eb)? {
                Some(v) => acc = v,
                None => return Ok(None),
            }
        }
        return Ok(Some(acc));
    }
    Ok(None)
}
