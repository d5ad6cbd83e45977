//! Per-operator inference of result types from operand types, attributes and constant operands.
//! Each rule returns `None` when it learns nothing; unknown dimensions are `?` and an unknown
//! rank is unranked. The rules follow the ONNX operator specifications.

use flowgate_ir::{Context, OpId, Type, DYNAMIC};
use flowgate_onnx::dtype;
use flowgate_onnx::types::{opt_element, opt_type, seq_element, seq_type, unknown_type};

use crate::consts::{const_f64s, const_ints, int_attr, ints_attr, present};
use crate::types::{broadcast, dynamic_dims, join, tensor, view, TensorView};

/// Result types of `op` as far as they follow from its operands; `None` for ops without a rule.
pub fn infer(ctx: &mut Context, op: OpId) -> Option<Vec<Type>> {
    let name = ctx.op_name(op).strip_prefix("onnx.")?.to_string();
    let one = |t: Option<Type>| t.map(|t| vec![t]);
    match name.as_str() {
        "Add" | "Sub" | "Mul" | "Div" | "Pow" | "Mod" | "Max" | "Min" | "Sum" | "Mean" | "BitShift" | "BitwiseAnd"
        | "BitwiseOr" | "BitwiseXor" | "PRelu" => one(elementwise(ctx, op, 0, None)),
        "And" | "Or" | "Xor" | "Equal" | "Greater" | "Less" | "LessOrEqual" | "GreaterOrEqual" => {
            let i1 = ctx.i1_type();
            one(elementwise(ctx, op, 0, Some(i1)))
        }
        "Where" => one(elementwise(ctx, op, 1, None)),
        "Neg"
        | "Abs"
        | "Ceil"
        | "Floor"
        | "Round"
        | "Sign"
        | "Exp"
        | "Log"
        | "Sqrt"
        | "Reciprocal"
        | "Relu"
        | "LeakyRelu"
        | "Elu"
        | "Selu"
        | "Celu"
        | "ThresholdedRelu"
        | "Mish"
        | "Gelu"
        | "Swish"
        | "Shrink"
        | "HardSwish"
        | "Tanh"
        | "Sigmoid"
        | "HardSigmoid"
        | "Softplus"
        | "Softsign"
        | "Sin"
        | "Cos"
        | "Tan"
        | "Asin"
        | "Acos"
        | "Atan"
        | "Sinh"
        | "Cosh"
        | "Erf"
        | "Not"
        | "BitwiseNot"
        | "Identity"
        | "Softmax"
        | "LogSoftmax"
        | "Hardmax"
        | "Clip"
        | "CumSum"
        | "CumProd"
        | "Dropout"
        | "Trilu"
        | "ReverseSequence"
        | "TensorScatter"
        | "LRN"
        | "MeanVarianceNormalization"
        | "Binarizer" => {
            let t = ctx.operand_types(op);
            let first = *t.first()?;
            // Dropout's optional mask output is a bool tensor of the same shape.
            let mut out = vec![first];
            if ctx.results(op).len() > 1 {
                let v = view(ctx, first);
                let i1 = ctx.i1_type();
                out.push(match v {
                    Some(v) => tensor(ctx, i1, v.dims),
                    None => unknown_type(ctx),
                });
            }
            Some(out)
        }
        "Adagrad" | "Adam" | "Momentum" => optimizer(ctx, op),
        "AffineGrid" => {
            // [N, H, W, 2] or [N, D, H, W, 3]: the rank follows from size's length.
            let theta = operand_view(ctx, op, 0)?;
            let n = operand_view(ctx, op, 1)?.dims?.first().copied().filter(|&n| n == 4 || n == 5)?;
            let mut dims = dynamic_dims(n as usize);
            dims[n as usize - 1] = n - 2;
            dims[0] = theta.dims.and_then(|d| d.first().copied()).unwrap_or(DYNAMIC);
            one(Some(tensor(ctx, theta.elem, Some(dims))))
        }
        "MelWeightMatrix" => {
            let code = int_attr(ctx, op, "output_datatype").unwrap_or(dtype::code::FLOAT as i64);
            let e = dtype::element_type(ctx, i32::try_from(code).ok()?).ok()?;
            one(Some(tensor(ctx, e, Some(dynamic_dims(2)))))
        }
        "TreeEnsemble" => {
            let x = operand_view(ctx, op, 0)?;
            let rows = x.dims.and_then(|d| if d.len() == 2 { d.first().copied() } else { None }).unwrap_or(DYNAMIC);
            let targets = int_attr(ctx, op, "n_targets").filter(|&n| n > 0).unwrap_or(DYNAMIC);
            one(Some(tensor(ctx, x.elem, Some(vec![rows, targets]))))
        }
        "IsNaN" | "IsInf" => {
            let v = operand_view(ctx, op, 0)?;
            let i1 = ctx.i1_type();
            one(Some(tensor(ctx, i1, v.dims)))
        }
        // X's element type and rank; the sizes follow from attributes and runtime values.
        "MaxUnpool" | "DeformConv" => {
            let v = operand_view(ctx, op, 0)?;
            one(Some(tensor(ctx, v.elem, v.dims.map(|d| dynamic_dims(d.len())))))
        }
        // [N, C, image_shape...]: the rank (and the image's sizes) when image_shape is constant.
        "Col2Im" => {
            let v = operand_view(ctx, op, 0)?;
            let image = present(ctx, op, 1).and_then(|i| const_ints(ctx, i));
            let dims = image.map(|im| [DYNAMIC, DYNAMIC].into_iter().chain(im).collect());
            one(Some(tensor(ctx, v.elem, dims)))
        }
        "Cast" => {
            let v = operand_view(ctx, op, 0)?;
            let to = int_attr(ctx, op, "to")?;
            let e = dtype::element_type(ctx, i32::try_from(to).ok()?).ok()?;
            one(Some(tensor(ctx, e, v.dims)))
        }
        "CastLike" => {
            let v = operand_view(ctx, op, 0)?;
            let e = operand_view(ctx, op, 1)?.elem;
            one(Some(tensor(ctx, e, v.dims)))
        }
        "Shape" => one(shape_of(ctx, op)),
        "Size" => {
            let i64t = ctx.integer_type(64);
            one(Some(ctx.tensor_type(vec![], i64t)))
        }
        "Reshape" => one(reshape(ctx, op)),
        "Expand" => one(expand(ctx, op)),
        "Flatten" => one(flatten(ctx, op)),
        "Concat" => one(concat(ctx, op)),
        "Transpose" => one(transpose(ctx, op)),
        "Squeeze" => one(squeeze(ctx, op)),
        "Unsqueeze" => one(unsqueeze(ctx, op)),
        "MatMul" => one(matmul(ctx, op, (0, 1), None)),
        "Det" => one(det(ctx, op)),
        "ImageDecoder" => one(image_decoder(ctx, op)),
        "Range" => one(range(ctx, op)),
        "ConstantOfShape" => one(constant_of_shape(ctx, op)),
        "Constant" => one(constant(ctx, op)),
        "Gather" => one(gather(ctx, op)),
        "GatherElements" => {
            let data = operand_view(ctx, op, 0)?;
            let idx = operand_view(ctx, op, 1)?;
            one(Some(tensor(ctx, data.elem, idx.dims)))
        }
        "ReduceSum" | "ReduceMean" | "ReduceMax" | "ReduceMin" | "ReduceProd" | "ReduceL1" | "ReduceL2"
        | "ReduceLogSum" | "ReduceLogSumExp" | "ReduceSumSquare" => one(reduce(ctx, op)),
        "ArgMax" | "ArgMin" => one(arg_reduce(ctx, op)),
        "Slice" => one(slice(ctx, op)),
        "Pad" | "Tile" => {
            // Same element type and rank; the sizes depend on runtime values in general.
            let v = operand_view(ctx, op, 0)?;
            let dims = v.dims.map(|d| dynamic_dims(d.len()));
            one(Some(tensor(ctx, v.elem, dims)))
        }
        "Split" => split(ctx, op),
        "SequenceEmpty" => {
            let code = int_attr(ctx, op, "dtype").unwrap_or(dtype::code::FLOAT as i64);
            let e = dtype::element_type(ctx, i32::try_from(code).ok()?).ok()?;
            let t = tensor(ctx, e, None);
            one(Some(seq_type(ctx, t)))
        }
        "SequenceConstruct" => {
            let ts = ctx.operand_types(op);
            let mut acc = *ts.first()?;
            for &t in &ts[1..] {
                acc = join(ctx, acc, t);
            }
            one(Some(seq_type(ctx, acc)))
        }
        "SequenceInsert" => {
            let ts = ctx.operand_types(op);
            let elem = seq_element(ctx, *ts.first()?)?;
            let j = join(ctx, elem, *ts.get(1)?);
            one(Some(seq_type(ctx, j)))
        }
        "SequenceErase" => one(ctx.operand_types(op).first().copied()),
        "SequenceAt" => {
            let s = *ctx.operand_types(op).first()?;
            one(seq_element(ctx, s))
        }
        "ConcatFromSequence" => one(concat_from_sequence(ctx, op)),
        "SplitToSequence" => one(split_to_sequence(ctx, op)),
        "SequenceLength" => {
            let i64t = ctx.integer_type(64);
            one(Some(ctx.tensor_type(vec![], i64t)))
        }
        "Optional" => {
            if let Some(&t) = ctx.operand_types(op).first() {
                return one(Some(opt_type(ctx, t)));
            }
            let t = ctx.attr(op, "type").and_then(|a| ctx.attr_as_type(a))?;
            one(Some(opt_type(ctx, t)))
        }
        "OptionalGetElement" => {
            let t = *ctx.operand_types(op).first()?;
            // Opset 18 also accepts a plain tensor or sequence, returned as is.
            one(Some(opt_element(ctx, t).unwrap_or(t)))
        }
        "OptionalHasElement" => {
            let i1 = ctx.i1_type();
            one(Some(ctx.tensor_type(vec![], i1)))
        }
        "NoValue" => one(Some(ctx.none_type())),
        "If" | "Loop" | "Scan" => crate::control_flow::infer(ctx, op, &name),
        "QuantizeLinear"
        | "DequantizeLinear"
        | "DynamicQuantizeLinear"
        | "MatMulInteger"
        | "QLinearMatMul"
        | "ConvInteger"
        | "QLinearConv" => crate::quant::infer(ctx, op, &name),
        "Unique" => crate::unique::infer(ctx, op),
        "TfIdfVectorizer" => one(tfidf(ctx, op)),
        _ => None,
    }
}

pub(crate) fn operand_view(ctx: &Context, op: OpId, i: usize) -> Option<TensorView> {
    let v = *ctx.operands(op).get(i)?;
    view(ctx, ctx.value_type(v))
}

/// Broadcast all operands (from `first` on for `Where`'s condition-first form is handled by
/// taking the element type from operand `elem_from`).
fn elementwise(ctx: &mut Context, op: OpId, elem_from: usize, elem: Option<Type>) -> Option<Type> {
    let views: Vec<Option<TensorView>> = ctx.operand_types(op).iter().map(|&t| view(ctx, t)).collect();
    let e = match elem {
        Some(e) => e,
        None => views.get(elem_from)?.as_ref()?.elem,
    };
    let mut dims: Option<Vec<i64>> = Some(Vec::new());
    for v in &views {
        dims = match (dims, v.as_ref().and_then(|v| v.dims.clone())) {
            (Some(a), Some(b)) => broadcast(&a, &b),
            _ => None,
        };
    }
    Some(tensor(ctx, e, dims))
}

fn rank_of(ctx: &Context, op: OpId, i: usize) -> Option<usize> {
    operand_view(ctx, op, i)?.dims.map(|d| d.len())
}

/// Normalizes a possibly negative axis against `rank`.
pub(crate) fn axis(a: i64, rank: usize) -> Option<usize> {
    let r = rank as i64;
    let a = if a < 0 { a + r } else { a };
    (0..r).contains(&a).then_some(a as usize)
}

/// TfIdfVectorizer: FLOAT counts, one column more than the largest of `ngram_indexes`, per
/// row of a 2-D input.
fn tfidf(ctx: &mut Context, op: OpId) -> Option<Type> {
    let x = operand_view(ctx, op, 0)?;
    let cols = ints_attr(ctx, op, "ngram_indexes")?.into_iter().max()?.checked_add(1)?;
    let dims = match x.dims?.as_slice() {
        [_] => vec![cols],
        [n, _] => vec![*n, cols],
        _ => return None,
    };
    let f32t = ctx.float_type(flowgate_ir::FloatKind::F32);
    Some(tensor(ctx, f32t, Some(dims)))
}

/// ConcatFromSequence: every element has the sequence's element type, so the result is that
/// type with the concatenation axis dynamic (or a new dynamic axis with `new_axis = 1`);
/// unranked elements give an unranked tensor of their element type.
fn concat_from_sequence(ctx: &mut Context, op: OpId) -> Option<Type> {
    let s = *ctx.operand_types(op).first()?;
    let v = view(ctx, seq_element(ctx, s)?)?;
    let Some(mut dims) = v.dims else { return Some(tensor(ctx, v.elem, None)) };
    let new_axis = int_attr(ctx, op, "new_axis").unwrap_or(0) == 1;
    let ax = axis(int_attr(ctx, op, "axis")?, dims.len() + new_axis as usize)?;
    if new_axis {
        dims.insert(ax, DYNAMIC);
    } else {
        dims[ax] = DYNAMIC;
    }
    Some(tensor(ctx, v.elem, Some(dims)))
}

/// SplitToSequence: a sequence of the input's element type and rank, the split axis of size 1
/// without a `split` input (removed with `keepdims = 0`), dynamic with one.
fn split_to_sequence(ctx: &mut Context, op: OpId) -> Option<Type> {
    let v = operand_view(ctx, op, 0)?;
    let Some(mut dims) = v.dims else {
        let t = tensor(ctx, v.elem, None);
        return Some(seq_type(ctx, t));
    };
    let ax = axis(int_attr(ctx, op, "axis").unwrap_or(0), dims.len())?;
    if present(ctx, op, 1).is_some() {
        dims[ax] = DYNAMIC;
    } else if int_attr(ctx, op, "keepdims").unwrap_or(1) == 0 {
        dims.remove(ax);
    } else {
        dims[ax] = 1;
    }
    let t = tensor(ctx, v.elem, Some(dims));
    Some(seq_type(ctx, t))
}

fn shape_of(ctx: &mut Context, op: OpId) -> Option<Type> {
    let i64t = ctx.integer_type(64);
    let n = match rank_of(ctx, op, 0) {
        Some(r) => {
            // Opset 15 `start`/`end` select a slice of the shape, clamped as the spec says.
            let r = r as i64;
            let clamp = |x: i64| if x < 0 { (x + r).max(0) } else { x.min(r) };
            let s = clamp(int_attr(ctx, op, "start").unwrap_or(0));
            let e = clamp(int_attr(ctx, op, "end").unwrap_or(r));
            (e - s).max(0)
        }
        None => DYNAMIC,
    };
    Some(ctx.tensor_type(vec![n], i64t))
}

fn reshape(ctx: &mut Context, op: OpId) -> Option<Type> {
    let data = operand_view(ctx, op, 0)?;
    let shape_v = *ctx.operands(op).get(1)?;
    let Some(target) = const_ints(ctx, shape_v) else {
        let len = view(ctx, ctx.value_type(shape_v)).and_then(|v| v.dims).and_then(|d| d.first().copied());
        let dims = len.filter(|&l| l != DYNAMIC && l >= 0).map(|l| dynamic_dims(l as usize));
        return Some(tensor(ctx, data.elem, dims));
    };
    let allowzero = int_attr(ctx, op, "allowzero").unwrap_or(0) != 0;
    let mut out = Vec::with_capacity(target.len());
    let mut infer_at = None;
    for (i, &d) in target.iter().enumerate() {
        match d {
            0 if !allowzero => out.push(data.dims.as_ref().and_then(|s| s.get(i).copied()).unwrap_or(DYNAMIC)),
            -1 => {
                infer_at = Some(i);
                out.push(DYNAMIC);
            }
            d if d >= 0 => out.push(d),
            _ => return None,
        }
    }
    if let (Some(i), Some(src)) = (infer_at, data.dims.as_ref()) {
        let total = product(src);
        let known = product(&out.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &d)| d).collect::<Vec<_>>());
        if let (Some(t), Some(k)) = (total, known) {
            if k > 0 && t % k == 0 {
                out[i] = t / k;
            }
        }
    }
    Some(ctx.tensor_type(out, data.elem))
}

/// The number of elements, when every dimension is known.
fn product(dims: &[i64]) -> Option<i64> {
    dims.iter().try_fold(1i64, |acc, &d| if d == DYNAMIC { None } else { acc.checked_mul(d) })
}

fn expand(ctx: &mut Context, op: OpId) -> Option<Type> {
    let data = operand_view(ctx, op, 0)?;
    let shape_v = *ctx.operands(op).get(1)?;
    let dims = match (const_ints(ctx, shape_v), data.dims.as_ref()) {
        (Some(target), Some(src)) => {
            // A negative target size is invalid; it is unknown until the node reports it.
            let target: Vec<i64> = target.into_iter().map(|x| if x < 0 { DYNAMIC } else { x }).collect();
            broadcast(src, &target)
        }
        _ => {
            let len = view(ctx, ctx.value_type(shape_v)).and_then(|v| v.dims).and_then(|d| d.first().copied());
            match (len, data.dims.as_ref()) {
                (Some(l), Some(src)) if l >= 0 => Some(dynamic_dims((l as usize).max(src.len()))),
                _ => None,
            }
        }
    };
    Some(tensor(ctx, data.elem, dims))
}

fn flatten(ctx: &mut Context, op: OpId) -> Option<Type> {
    let data = operand_view(ctx, op, 0)?;
    let dims = data.dims.as_ref().and_then(|d| {
        let a = int_attr(ctx, op, "axis").unwrap_or(1);
        let a = if a < 0 { a + d.len() as i64 } else { a };
        let a = usize::try_from(a).ok().filter(|&a| a <= d.len())?;
        let p = |s: &[i64]| product(s).unwrap_or(DYNAMIC);
        Some(vec![p(&d[..a]), p(&d[a..])])
    });
    let dims = dims.or(Some(dynamic_dims(2)));
    Some(tensor(ctx, data.elem, dims))
}

fn concat(ctx: &mut Context, op: OpId) -> Option<Type> {
    let views: Vec<TensorView> = ctx.operand_types(op).iter().map(|&t| view(ctx, t)).collect::<Option<_>>()?;
    let elem = views.first()?.elem;
    let rank = views.iter().find_map(|v| v.dims.as_ref().map(|d| d.len()));
    let Some(rank) = rank else { return Some(tensor(ctx, elem, None)) };
    let ax = axis(int_attr(ctx, op, "axis")?, rank)?;
    let mut out = dynamic_dims(rank);
    let mut along = Some(0i64);
    for v in &views {
        let Some(d) = &v.dims else {
            along = None;
            continue;
        };
        if d.len() != rank {
            return None;
        }
        for (i, &x) in d.iter().enumerate() {
            if i == ax {
                along = along.and_then(|s| if x == DYNAMIC { None } else { s.checked_add(x) });
            } else if out[i] == DYNAMIC {
                out[i] = x;
            }
        }
    }
    out[ax] = along.unwrap_or(DYNAMIC);
    Some(ctx.tensor_type(out, elem))
}

fn transpose(ctx: &mut Context, op: OpId) -> Option<Type> {
    let data = operand_view(ctx, op, 0)?;
    let Some(d) = data.dims else { return Some(tensor(ctx, data.elem, None)) };
    let perm = ints_attr(ctx, op, "perm").unwrap_or_else(|| (0..d.len() as i64).rev().collect());
    if perm.len() != d.len() {
        return None;
    }
    let out: Option<Vec<i64>> = perm.iter().map(|&p| usize::try_from(p).ok().and_then(|p| d.get(p).copied())).collect();
    Some(ctx.tensor_type(out?, data.elem))
}

/// Axes from the second operand (opset 13+) or the `axes` attribute (earlier opsets).
fn axes_of(ctx: &Context, op: OpId) -> Option<Option<Vec<i64>>> {
    match present(ctx, op, 1) {
        Some(v) => const_ints(ctx, v).map(Some),
        None => Some(ints_attr(ctx, op, "axes")),
    }
}

fn squeeze(ctx: &mut Context, op: OpId) -> Option<Type> {
    let data = operand_view(ctx, op, 0)?;
    let Some(d) = data.dims else { return Some(tensor(ctx, data.elem, None)) };
    let dims = match axes_of(ctx, op) {
        None => None,
        Some(None) => {
            // Without axes every 1 goes; an unknown dimension might be 1, so the rank is unknown.
            if d.contains(&DYNAMIC) {
                None
            } else {
                Some(d.iter().copied().filter(|&x| x != 1).collect())
            }
        }
        Some(Some(axes)) => {
            let axes: Option<Vec<usize>> = axes.iter().map(|&a| axis(a, d.len())).collect();
            let axes = axes?;
            Some(d.iter().enumerate().filter(|(i, _)| !axes.contains(i)).map(|(_, &x)| x).collect())
        }
    };
    Some(tensor(ctx, data.elem, dims))
}

fn unsqueeze(ctx: &mut Context, op: OpId) -> Option<Type> {
    let data = operand_view(ctx, op, 0)?;
    let axes = axes_of(ctx, op).flatten();
    let dims = match (data.dims, axes) {
        (Some(d), Some(axes)) => {
            let r = d.len() + axes.len();
            let axes: Option<Vec<usize>> = axes.iter().map(|&a| axis(a, r)).collect();
            let axes = axes?;
            let mut src = d.into_iter();
            Some((0..r).map(|i| if axes.contains(&i) { 1 } else { src.next().unwrap_or(DYNAMIC) }).collect())
        }
        _ => None,
    };
    Some(tensor(ctx, data.elem, dims))
}

/// MatMul's result of operands `ia` and `ib` (numpy's shapes), of `elem` (default: A's type).
pub(crate) fn matmul(ctx: &mut Context, op: OpId, (ia, ib): (usize, usize), elem: Option<Type>) -> Option<Type> {
    let a = operand_view(ctx, op, ia)?;
    let b = operand_view(ctx, op, ib)?;
    let dims = match (a.dims, b.dims) {
        (Some(x), Some(y)) if !x.is_empty() && !y.is_empty() => {
            // 1-D operands are promoted to matrices and the added dimension removed afterwards.
            let (x2, drop_m) = if x.len() == 1 { (vec![1, x[0]], true) } else { (x.clone(), false) };
            let (y2, drop_n) = if y.len() == 1 { (vec![y[0], 1], true) } else { (y.clone(), false) };
            let batch = broadcast(&x2[..x2.len() - 2], &y2[..y2.len() - 2])?;
            let mut out = batch;
            if !drop_m {
                out.push(x2[x2.len() - 2]);
            }
            if !drop_n {
                out.push(y2[y2.len() - 1]);
            }
            Some(out)
        }
        _ => None,
    };
    Some(tensor(ctx, elem.unwrap_or(a.elem), dims))
}

fn range(ctx: &mut Context, op: OpId) -> Option<Type> {
    let elem = operand_view(ctx, op, 0)?.elem;
    let vals: Option<Vec<f64>> = (0..3)
        .map(|i| ctx.operands(op).get(i).and_then(|&v| const_f64s(ctx, v)).and_then(|x| (x.len() == 1).then(|| x[0])))
        .collect();
    let n = match vals.as_deref() {
        Some(&[start, limit, delta]) if delta != 0.0 => {
            let n = ((limit - start) / delta).ceil().max(0.0);
            if n.is_finite() && n < i64::MAX as f64 {
                n as i64
            } else {
                DYNAMIC
            }
        }
        _ => DYNAMIC,
    };
    Some(ctx.tensor_type(vec![n], elem))
}

fn constant_of_shape(ctx: &mut Context, op: OpId) -> Option<Type> {
    let elem = match ctx.attr(op, "value").and_then(|a| ctx.attr_type(a)) {
        Some(t) => ctx.element_type_or_self(t),
        None => ctx.float_type(flowgate_ir::FloatKind::F32),
    };
    let v = *ctx.operands(op).first()?;
    let dims = match const_ints(ctx, v) {
        Some(d) => Some(d.iter().map(|&x| if x >= 0 { x } else { DYNAMIC }).collect()),
        None => view(ctx, ctx.value_type(v))
            .and_then(|v| v.dims)
            .and_then(|d| d.first().copied())
            .filter(|&l| l >= 0)
            .map(|l| dynamic_dims(l as usize)),
    };
    Some(tensor(ctx, elem, dims))
}

fn constant(ctx: &mut Context, op: OpId) -> Option<Type> {
    if let Some(t) = ctx.attr(op, "value").and_then(|a| ctx.attr_type(a)) {
        return Some(t);
    }
    let scalar = |ctx: &mut Context, e: Type| ctx.tensor_type(vec![], e);
    if ctx.has_attr(op, "value_int") {
        let e = ctx.integer_type(64);
        return Some(scalar(ctx, e));
    }
    if ctx.has_attr(op, "value_float") {
        let e = ctx.float_type(flowgate_ir::FloatKind::F32);
        return Some(scalar(ctx, e));
    }
    for (name, is_int) in [("value_ints", true), ("value_floats", false)] {
        if let Some(n) = ctx.attr(op, name).and_then(|a| ctx.attr_as_array(a)).map(|a| a.len()) {
            let e = if is_int { ctx.integer_type(64) } else { ctx.float_type(flowgate_ir::FloatKind::F32) };
            return Some(ctx.tensor_type(vec![n as i64], e));
        }
    }
    None
}

fn gather(ctx: &mut Context, op: OpId) -> Option<Type> {
    let data = operand_view(ctx, op, 0)?;
    let idx = operand_view(ctx, op, 1)?;
    let dims = match (data.dims, idx.dims) {
        (Some(d), Some(i)) => {
            let a = axis(int_attr(ctx, op, "axis").unwrap_or(0), d.len())?;
            let mut out = d[..a].to_vec();
            out.extend_from_slice(&i);
            out.extend_from_slice(&d[a + 1..]);
            Some(out)
        }
        _ => None,
    };
    Some(tensor(ctx, data.elem, dims))
}

fn reduce(ctx: &mut Context, op: OpId) -> Option<Type> {
    let data = operand_view(ctx, op, 0)?;
    let keep = int_attr(ctx, op, "keepdims").unwrap_or(1) != 0;
    let Some(d) = data.dims else { return Some(tensor(ctx, data.elem, None)) };
    let dims = match axes_of(ctx, op) {
        None => None,
        Some(axes) => {
            let axes = axes.unwrap_or_default();
            let noop = int_attr(ctx, op, "noop_with_empty_axes").unwrap_or(0) != 0;
            if axes.is_empty() && noop {
                Some(d.clone())
            } else {
                let all = axes.is_empty();
                let axes: Option<Vec<usize>> = axes.iter().map(|&a| axis(a, d.len())).collect();
                let axes = axes?;
                let reduced = |i: usize| all || axes.contains(&i);
                Some(
                    d.iter()
                        .enumerate()
                        .filter_map(|(i, &x)| if reduced(i) { keep.then_some(1) } else { Some(x) })
                        .collect(),
                )
            }
        }
    };
    Some(tensor(ctx, data.elem, dims))
}

fn arg_reduce(ctx: &mut Context, op: OpId) -> Option<Type> {
    let data = operand_view(ctx, op, 0)?;
    let keep = int_attr(ctx, op, "keepdims").unwrap_or(1) != 0;
    let i64t = ctx.integer_type(64);
    let dims = match data.dims {
        Some(d) => {
            let a = axis(int_attr(ctx, op, "axis").unwrap_or(0), d.len())?;
            Some(d.iter().enumerate().filter_map(|(i, &x)| if i == a { keep.then_some(1) } else { Some(x) }).collect())
        }
        None => None,
    };
    Some(tensor(ctx, i64t, dims))
}

/// ImageDecoder: the encoded stream's element type (UINT8) as `[?, ?, 1]` for Grayscale,
/// `[?, ?, 3]` otherwise: the image's size is in its bytes.
fn image_decoder(ctx: &mut Context, op: OpId) -> Option<Type> {
    let x = operand_view(ctx, op, 0)?;
    let gray = ctx.attr(op, "pixel_format").and_then(|a| ctx.attr_as_str(a)) == Some("Grayscale");
    Some(tensor(ctx, x.elem, Some(vec![DYNAMIC, DYNAMIC, if gray { 1 } else { 3 }])))
}

/// Det: `[*, M, M]` to `[*]`.
fn det(ctx: &mut Context, op: OpId) -> Option<Type> {
    let x = operand_view(ctx, op, 0)?;
    let dims = x.dims.filter(|d| d.len() >= 2).map(|d| d[..d.len() - 2].to_vec());
    Some(tensor(ctx, x.elem, dims))
}

fn split(ctx: &mut Context, op: OpId) -> Option<Vec<Type>> {
    let data = operand_view(ctx, op, 0)?;
    let n = ctx.results(op).len();
    let input = present(ctx, op, 1);
    let sizes = match input {
        Some(v) => const_ints(ctx, v),
        None => ints_attr(ctx, op, "split"),
    };
    // Sizes given (as an input or, before opset 13, an attribute) but not constant are unknown:
    // the parts are then not equal parts (a `[8, 0]` split of 8 is not two 4s).
    let given = input.is_some() || sizes.is_some();
    let mut out = Vec::with_capacity(n);
    for k in 0..n {
        let dims = data.dims.as_ref().and_then(|d| {
            let a = axis(int_attr(ctx, op, "axis").unwrap_or(0), d.len())?;
            let mut r = d.clone();
            r[a] = match (&sizes, d[a]) {
                (Some(s), _) if s.len() == n => s[k],
                // Equal parts when the size divides evenly; otherwise the last part differs.
                (None, total) if !given && total != DYNAMIC && n > 0 && total % n as i64 == 0 => total / n as i64,
                _ => DYNAMIC,
            };
            Some(r)
        });
        out.push(tensor(ctx, data.elem, dims.or_else(|| data.dims.as_ref().map(|d| dynamic_dims(d.len())))));
    }
    Some(out)
}

/// ONNX Slice: dimensions follow when starts, ends (and axes, steps if given) are constants and
/// the sliced dimensions are known; otherwise only the sliced axes become `?`.
fn slice(ctx: &mut Context, op: OpId) -> Option<Type> {
    let data = operand_view(ctx, op, 0)?;
    let Some(d) = data.dims else { return Some(tensor(ctx, data.elem, None)) };
    let r = d.len();
    let konst = |i: usize| present(ctx, op, i).map(|v| const_ints(ctx, v));
    let starts = konst(1).flatten();
    let ends = konst(2).flatten();
    let axes: Option<Vec<usize>> = match konst(3) {
        None => starts.as_ref().or(ends.as_ref()).map(|s| (0..s.len().min(r)).collect()),
        Some(Some(a)) => a.iter().map(|&x| axis(x, r)).collect(),
        Some(None) => None,
    };
    let steps: Option<Vec<i64>> = match konst(4) {
        None => axes.as_ref().map(|a| vec![1; a.len()]),
        Some(s) => s,
    };
    let Some(axes) = axes else { return Some(tensor(ctx, data.elem, Some(dynamic_dims(r)))) };
    let mut out = d.clone();
    for &a in &axes {
        out[a] = DYNAMIC;
    }
    if let (Some(starts), Some(ends), Some(steps)) = (starts, ends, steps) {
        if starts.len() == axes.len() && ends.len() == axes.len() && steps.len() == axes.len() {
            for (k, &a) in axes.iter().enumerate() {
                out[a] = slice_len(d[a], starts[k], ends[k], steps[k]);
            }
        }
    }
    Some(ctx.tensor_type(out, data.elem))
}

/// The length of `start:end:step` over a dimension of size `dim`, clamped as ONNX specifies.
fn slice_len(dim: i64, start: i64, end: i64, step: i64) -> i64 {
    if dim == DYNAMIC || step == 0 {
        return DYNAMIC;
    }
    if dim <= 0 {
        return 0;
    }
    let norm = |x: i64| if x < 0 { x.saturating_add(dim) } else { x };
    let (s, e) = (norm(start), norm(end));
    let (span, stride) = if step > 0 {
        (e.clamp(0, dim).saturating_sub(s.clamp(0, dim)), step)
    } else {
        (s.clamp(0, dim - 1).saturating_sub(e.clamp(-1, dim - 1)), step.saturating_neg())
    };
    if span <= 0 {
        0
    } else {
        (span - 1) / stride + 1
    }
}

/// The optimizers of ai.onnx.preview.training: inputs R, T, then n of each of X, G and the
/// states; results the n new X, then the n of each new state, each typed as its old value.
fn optimizer(ctx: &mut Context, op: OpId) -> Option<Vec<Type>> {
    let ts = ctx.operand_types(op);
    let results = ctx.results(op).len();
    // m = (2 + s) n inputs after R and T, (1 + s) n results: n is their difference.
    let m = ts.len().checked_sub(2)?;
    let n = m.checked_sub(results)?;
    if n == 0 || m % n != 0 || m / n < 3 {
        return None;
    }
    Some((0..results).map(|k| if k < n { ts[2 + k] } else { ts[2 + n + k] }).collect())
}

#[cfg(test)]
mod tests {
    use super::slice_len;

    #[test]
    fn slice_lengths_follow_the_onnx_clamping_rules() {
        assert_eq!(slice_len(5, 1, 3, 1), 2);
        assert_eq!(slice_len(5, 0, i64::MAX, 2), 3);
        assert_eq!(slice_len(5, -2, 100, 1), 2);
        assert_eq!(slice_len(5, 4, 0, -1), 4);
        assert_eq!(slice_len(5, -1, i64::MIN, -1), 5);
        assert_eq!(slice_len(5, 3, 1, 1), 0);
        assert_eq!(slice_len(0, 0, 1, 1), 0);
        assert_eq!(slice_len(0, -1, 0, -1), 0);
    }
}
