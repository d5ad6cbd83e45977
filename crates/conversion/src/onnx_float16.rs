//! `--onnx-float16-in-f32`: float16 values passed between ops that compute in float stay f32,
//! as onnxruntime runs them (issue 22 item 3).
//!
//! onnxruntime's CPU provider has no float16 kernel for most compute ops. Its
//! `InsertCastTransformer` runs every such op in float between a `Cast` to float on each float16
//! input and a `Cast` back to float16 on each output, and `RemoveDuplicateCastTransformer` then
//! deletes each back-and-forth pair, so a float16 value flowing from one such op to the next is
//! never rounded to float16: only graph outputs and the inputs of ops that do have a float16
//! kernel are. An op with a float16 kernel whose float16 inputs and outputs all connect to
//! float-computing ops (`IsIsolatedFp16Node`) is forced to float as well. This happens at every
//! graph optimization level, and it is what decides the last ulp of float16 models: the
//! expanded float16 Attention of the node suite (softmax probabilities rounded to float16 before
//! the product with V) is 1.04e-3 off its expected values when every op rounds, 0.94e-3 off
//! (within rtol 1e-3) as onnxruntime computes it.
//!
//! This pass gives the same values the same precision, on the onnx dialect before lowering:
//! - a `Cast` from float16 to float16 is the identity and its uses take its operand;
//! - the ops of [`FLOAT_ONLY`] (onnxruntime 1.32's CPU ops without a float16 kernel, probed one
//!   by one through its optimized-graph output) compute in float; an op of [`ISOLATED`] (data
//!   movement and exact selections, which have float16 kernels) joins them when every float16
//!   operand is defined by a [`FLOAT_ONLY`] op and every user of its float16 results is one;
//! - an op among those joined to another by a float16 value (`S`) has its float16 results
//!   retyped to f32; an operand of an `S` op that is float16 (a function argument, a constant,
//!   a `Cast` result, any other op's result) gets a `Cast` to f32, and a user outside `S` (a
//!   return, a yield, any other op) gets a `Cast` back to float16 after the op. A model's own
//!   `Cast` of such a result to f32 (a function body's `Cast` to the softmax precision) reads
//!   the f32 value and goes away, as onnxruntime removes the float -> float16 -> float pair it
//!   would make there; such a `Cast` also joins its operand's op to `S`. An op with no such
//!   neighbour keeps its float16 types: its kernel computes in f32 and rounds once, which is the
//!   same value.
//!
//! One departure from onnxruntime: its duplicate-cast removal also deletes a model's own
//! `Cast` to float16 when a float op reads it (float -> float16 -> float counts as free of
//! precision loss there), which drops a rounding the model asked for. Here a model's `Cast`
//! always rounds. bfloat16 is left alone: onnxruntime's transformer handles only float16 (it
//! refuses bfloat16 ops without a kernel), and the onnx reference rounds bfloat16 per op.

use std::collections::{HashMap, HashSet};

use flowgate_ir::{Builder, Context, Diagnostic, FloatKind, OpId, OperationState, Type, Value, ValueDef};
use flowgate_pass::{Pass, PassInfo, PassOptions};

/// onnxruntime 1.32 CPU ops that have a float kernel and no float16 one (a float16 node of
/// these gets casts inserted around it).
pub const FLOAT_ONLY: &[&str] = &[
    "Abs",
    "Acos",
    "Acosh",
    "Add",
    "ArgMax",
    "ArgMin",
    "Asin",
    "Asinh",
    "Atan",
    "Atanh",
    "Ceil",
    "Cos",
    "Cosh",
    "CumSum",
    "Div",
    "Elu",
    "Equal",
    "Erf",
    "Exp",
    "Floor",
    "Gelu",
    "Gemm",
    "Greater",
    "GreaterOrEqual",
    "Hardmax",
    "HardSigmoid",
    "HardSwish",
    "LeakyRelu",
    "Less",
    "LessOrEqual",
    "Log",
    "LogSoftmax",
    "MatMul",
    "Mean",
    "Mish",
    "Mul",
    "Neg",
    "Pow",
    "PRelu",
    "Reciprocal",
    "ReduceL2",
    "ReduceLogSumExp",
    "ReduceMax",
    "ReduceMean",
    "ReduceMin",
    "ReduceProd",
    "ReduceSum",
    "ReduceSumSquare",
    "Relu",
    "Selu",
    "Sigmoid",
    "Sin",
    "Sinh",
    "Softmax",
    "Softplus",
    "Softsign",
    "Sqrt",
    "Sub",
    "Sum",
    "Tan",
    "Tanh",
    "ThresholdedRelu",
    "Where",
];

/// Ops with a float16 kernel in onnxruntime whose result is exact in any float type (data
/// movement, selection): forced to float only when isolated between [`FLOAT_ONLY`] ops.
pub const ISOLATED: &[&str] = &[
    "Concat",
    "Expand",
    "Flatten",
    "Gather",
    "Identity",
    "Max",
    "Min",
    "Reshape",
    "Slice",
    "Squeeze",
    "Transpose",
    "Unsqueeze",
];

pub struct OnnxFloat16InF32Pass;

pub fn pass_info() -> PassInfo {
    PassInfo {
        argument: "onnx-float16-in-f32",
        description: "Keep float16 values passed between float-computing onnx ops in f32, as onnxruntime runs them",
        create: |opts: &PassOptions| {
            opts.check_known("onnx-float16-in-f32", &[])?;
            Ok(Box::new(OnnxFloat16InF32Pass))
        },
    }
}

impl Pass for OnnxFloat16InF32Pass {
    fn argument(&self) -> &'static str {
        "onnx-float16-in-f32"
    }

    fn name(&self) -> &'static str {
        "OnnxFloat16InF32Pass"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        float16_in_f32(ctx, op);
        Ok(())
    }
}

/// A ranked or unranked tensor of float16.
fn is_f16_tensor(ctx: &Context, t: Type) -> bool {
    ctx.is_tensor(t) && ctx.element_type(t).is_some_and(|e| ctx.float_kind(e) == Some(FloatKind::F16))
}

/// The onnx op type of `op` (`onnx.Add` -> `Add`), for default-domain ops only.
fn onnx_type(ctx: &Context, op: OpId) -> Option<&str> {
    if ctx.has_attr(op, "onnx.domain") {
        return None;
    }
    ctx.op_name(op).strip_prefix("onnx.")
}

fn in_list(ctx: &Context, op: OpId, list: &[&str]) -> bool {
    onnx_type(ctx, op).is_some_and(|t| list.contains(&t))
}

fn f16_operands(ctx: &Context, op: OpId) -> Vec<Value> {
    ctx.operands(op).iter().copied().filter(|&v| is_f16_tensor(ctx, ctx.value_type(v))).collect()
}

fn f16_results(ctx: &Context, op: OpId) -> Vec<Value> {
    ctx.results(op).iter().copied().filter(|&v| is_f16_tensor(ctx, ctx.value_type(v))).collect()
}

fn has_f16(ctx: &Context, op: OpId) -> bool {
    !f16_operands(ctx, op).is_empty() || !f16_results(ctx, op).is_empty()
}

/// Run the rewrite on everything nested in `root`.
pub fn float16_in_f32(ctx: &mut Context, root: OpId) {
    drop_identity_casts(ctx, root);
    let ops = ctx.collect_ops(root, flowgate_ir::WalkOrder::PreOrder);
    let float_only: HashSet<OpId> =
        ops.iter().copied().filter(|&o| in_list(ctx, o, FLOAT_ONLY) && has_f16(ctx, o)).collect();
    let is_float_def = |ctx: &Context, v: Value| ctx.defining_op(v).is_some_and(|d| float_only.contains(&d));
    let mut float_ops = float_only.clone();
    for &o in &ops {
        if !in_list(ctx, o, ISOLATED) || !ctx.regions(o).is_empty() {
            continue;
        }
        let ins = f16_operands(ctx, o);
        let outs = f16_results(ctx, o);
        let isolated = !ins.is_empty()
            && !outs.is_empty()
            && ins.iter().all(|&v| is_float_def(ctx, v))
            && outs.iter().all(|&r| ctx.uses(r).iter().all(|u| float_only.contains(&u.op)));
        if isolated {
            float_ops.insert(o);
        }
    }
    // The ops joined to another float op by a float16 value.
    let joined: HashSet<OpId> = ops
        .iter()
        .copied()
        .filter(|o| float_ops.contains(o))
        .filter(|&o| {
            f16_operands(ctx, o).iter().any(|&v| ctx.defining_op(v).is_some_and(|d| float_ops.contains(&d)))
                || f16_results(ctx, o)
                    .iter()
                    .any(|&r| ctx.uses(r).iter().any(|u| float_ops.contains(&u.op) || is_widening_cast(ctx, u.op)))
        })
        .collect();
    // Results first, so that every operand still of float16 type afterwards comes from outside.
    let order: Vec<OpId> = ops.iter().copied().filter(|o| joined.contains(o)).collect();
    for &o in &order {
        for r in f16_results(ctx, o) {
            let f16_ty = ctx.value_type(r);
            let f32_ty = widened(ctx, f16_ty);
            // A model's `Cast` of the value to float reads the float value (onnxruntime removes
            // the float -> float16 -> float pair it would make).
            let (to_float, outside): (Vec<UseAt>, Vec<UseAt>) =
                ctx.uses(r).iter().filter(|u| !joined.contains(&u.op)).map(|u| (u.op, u.index)).partition(
                    |&(user, _)| is_widening_cast(ctx, user) && ctx.value_type(ctx.result(user, 0)) == f32_ty,
                );
            ctx.set_value_type(r, f32_ty);
            for (user, _) in to_float {
                let c = ctx.result(user, 0);
                ctx.replace_all_uses(c, r);
                ctx.erase_op(user);
            }
            if outside.is_empty() {
                continue;
            }
            let loc = ctx.op_loc(o);
            let mut b = Builder::new(ctx);
            b.set_insertion_point_after(o);
            let back = cast(&mut b, r, f16_ty, 10, loc);
            for (user, i) in outside {
                b.ctx.set_operand(user, i as usize, back);
            }
        }
    }
    let mut widened_values: HashMap<Value, Value> = HashMap::new();
    for &o in &order {
        for (i, v) in ctx.operands(o).to_vec().into_iter().enumerate() {
            let t = ctx.value_type(v);
            if !is_f16_tensor(ctx, t) {
                continue;
            }
            let w = match widened_values.get(&v) {
                Some(&w) => w,
                None => {
                    let f32_ty = widened(ctx, t);
                    let loc = ctx.op_loc(o);
                    let mut b = Builder::new(ctx);
                    // Next to the definition, so one cast serves every user it dominates.
                    match b.ctx.value_def(v) {
                        ValueDef::OpResult { op, .. } => b.set_insertion_point_after(op),
                        ValueDef::BlockArg { block, .. } => b.set_insertion_point_to_start(block),
                        // Parsing replaces every placeholder before a pass runs.
                        ValueDef::Placeholder => b.set_insertion_point_before(o),
                    }
                    let w = cast(&mut b, v, f32_ty, 1, loc);
                    widened_values.insert(v, w);
                    w
                }
            };
            ctx.set_operand(o, i, w);
        }
    }
}

/// A `Cast` of a float16 tensor to f32.
fn is_widening_cast(ctx: &Context, op: OpId) -> bool {
    ctx.is_op(op, "onnx.Cast")
        && ctx.operands(op).len() == 1
        && ctx.results(op).len() == 1
        && is_f16_tensor(ctx, ctx.value_type(ctx.operand(op, 0)))
        && ctx
            .element_type(ctx.value_type(ctx.result(op, 0)))
            .is_some_and(|e| ctx.float_kind(e) == Some(FloatKind::F32))
}

/// A use of a value: (user, operand index).
type UseAt = (OpId, u32);

/// `t` with f32 elements.
fn widened(ctx: &mut Context, t: Type) -> Type {
    let f32 = ctx.float_type(FloatKind::F32);
    ctx.with_element_type(t, f32)
}

/// `onnx.Cast {to = code}` of `v` to `to`.
fn cast(b: &mut Builder<'_>, v: Value, to: Type, code: i64, loc: flowgate_ir::Location) -> Value {
    let i64t = b.ctx.integer_type(64);
    let a = b.ctx.integer_attr(code as i128, i64t);
    let mut st = OperationState::new(b.ctx, "onnx.Cast", loc).operands(&[v]).results(&[to]);
    st.add_attr(b.ctx, "to", a);
    b.create_value(st)
}

/// A `Cast` from float16 to float16 (a function body's `Cast` to the softmax precision, for
/// one) is the identity: its users read its operand, and it is erased.
fn drop_identity_casts(ctx: &mut Context, root: OpId) {
    let casts: Vec<OpId> = ctx
        .collect_ops(root, flowgate_ir::WalkOrder::PreOrder)
        .into_iter()
        .filter(|&o| ctx.is_op(o, "onnx.Cast") && ctx.operands(o).len() == 1 && ctx.results(o).len() == 1)
        .filter(|&o| {
            let (a, r) = (ctx.value_type(ctx.operand(o, 0)), ctx.value_type(ctx.result(o, 0)));
            is_f16_tensor(ctx, a) && a == r
        })
        .collect();
    for o in casts {
        let (from, to) = (ctx.result(o, 0), ctx.operand(o, 0));
        ctx.replace_all_uses(from, to);
        ctx.erase_op(o);
    }
}
