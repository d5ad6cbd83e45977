//! `onnx.If`, `onnx.Loop`, `onnx.Scan`, `onnx.SequenceMap` and `onnx.Yield`, with the ONNX subgraph contracts:
//! - If: one single-element bool input; both branches take no inputs and yield one value per
//!   result.
//! - Loop(M, cond, v...): body inputs are 2+N (iteration, condition, N carried values), body
//!   outputs 1+N+K (condition, carried, K scan outputs); results are the N final carried
//!   values and K scan outputs.
//! - Scan: with M = num_scan_inputs, inputs are N+M (state, scan inputs), body inputs N+M, body
//!   outputs N+K, results N+K; axes and directions lists match M and K and stay in range.
//!   Opset 8 Scan (attribute `onnx_opset = 8`) has a leading `sequence_lens` operand and a
//!   batch axis on states and scan inputs; it is checked with those differences.
//! - SequenceMap: input #0 a sequence; body inputs one per input, body outputs one per result;
//!   results are sequences.

use crate::types::{compatible, is_single_bool, is_unknown, seq_element};
use flowgate_ir::asm::type_to_string;
use flowgate_ir::{Context, Count, Diagnostic, OpDef, OpId, RegionId, Traits, Type};

pub fn register(ctx: &mut Context) {
    ctx.register_op(OpDef {
        traits: Traits::RECURSIVE_EFFECTS | Traits::SINGLE_BLOCK,
        verify: Some(verify_if),
        operands: Count::Exactly(1),
        regions: Count::Exactly(2),
        successors: Count::Exactly(0),
        ..OpDef::new("onnx.If")
    });
    ctx.register_op(OpDef {
        traits: Traits::RECURSIVE_EFFECTS | Traits::SINGLE_BLOCK,
        verify: Some(verify_loop),
        operands: Count::AtLeast(2),
        regions: Count::Exactly(1),
        successors: Count::Exactly(0),
        ..OpDef::new("onnx.Loop")
    });
    ctx.register_op(OpDef {
        traits: Traits::RECURSIVE_EFFECTS | Traits::SINGLE_BLOCK,
        verify: Some(verify_scan),
        operands: Count::AtLeast(1),
        regions: Count::Exactly(1),
        successors: Count::Exactly(0),
        ..OpDef::new("onnx.Scan")
    });
    ctx.register_op(OpDef {
        traits: Traits::RECURSIVE_EFFECTS | Traits::SINGLE_BLOCK,
        verify: Some(verify_sequence_map),
        operands: Count::AtLeast(1),
        results: Count::AtLeast(1),
        regions: Count::Exactly(1),
        successors: Count::Exactly(0),
        ..OpDef::new("onnx.SequenceMap")
    });
    ctx.register_op(OpDef {
        traits: Traits::TERMINATOR | Traits::RETURN_LIKE | Traits::PURE,
        verify: Some(verify_yield),
        results: Count::Exactly(0),
        regions: Count::Exactly(0),
        successors: Count::Exactly(0),
        ..OpDef::new("onnx.Yield")
    });
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The body's argument types and yielded types, after checking it has one block ending in
/// `onnx.Yield`.
fn body(ctx: &Context, op: OpId, r: RegionId, what: &str) -> Result<(Vec<Type>, Vec<Type>), Diagnostic> {
    let Some(&b) = ctx.region_blocks(r).first() else {
        return Err(Diagnostic::op_error(ctx, op, format!("{what} must not be empty")));
    };
    let args = ctx.block_args(b).iter().map(|&v| ctx.value_type(v)).collect();
    let Some(term) = ctx.last_op(b).filter(|&t| ctx.is_op(t, "onnx.Yield")) else {
        return Err(Diagnostic::op_error(ctx, op, format!("{what} must end with 'onnx.Yield'")));
    };
    Ok((args, ctx.operand_types(term)))
}

fn check_types(ctx: &Context, op: OpId, a: Type, b: Type, what: impl Fn() -> String) -> Result<(), Diagnostic> {
    if compatible(ctx, a, b) {
        return Ok(());
    }
    Err(Diagnostic::op_error(
        ctx,
        op,
        format!("{}: {} is not compatible with {}", what(), type_to_string(ctx, a), type_to_string(ctx, b)),
    ))
}

fn verify_if(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let cond = ctx.value_type(ctx.operand(op, 0));
    if !is_single_bool(ctx, cond) {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("condition must be a single-element bool tensor, but is {}", type_to_string(ctx, cond)),
        ));
    }
    let results = ctx.result_types(op);
    for (i, name) in [(0, "then_branch"), (1, "else_branch")] {
        let (args, yields) = body(ctx, op, ctx.region(op, i), name)?;
        if !args.is_empty() {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!("{name} must take no inputs (If branches capture outer values), but takes {}", args.len()),
            ));
        }
        if yields.len() != results.len() {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!(
                    "{name} yields {} but the If node has {}",
                    plural(yields.len(), "output"),
                    plural(results.len(), "output")
                ),
            ));
        }
        for (j, (&y, &r)) in yields.iter().zip(&results).enumerate() {
            // Branches may disagree on shapes; element types must agree.
            if ctx.element_type_or_self(y) != ctx.element_type_or_self(r) && !compatible(ctx, y, r) {
                return check_types(ctx, op, y, r, || format!("{name} output #{j} does not match If result #{j}"));
            }
        }
    }
    Ok(())
}

fn verify_loop(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let operands = ctx.operand_types(op);
    let results = ctx.result_types(op);
    let n = operands.len() - 2;
    if results.len() < n {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!(
                "has {} carried values but only {}; a Loop returns its N carried values first",
                n,
                plural(results.len(), "result")
            ),
        ));
    }
    let k = results.len() - n;
    let (args, yields) = body(ctx, op, ctx.region(op, 0), "body")?;
    if args.len() != 2 + n {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("body has {} but a Loop with N={n} carried values needs 2+N = {} (iteration number, condition, carried values)", plural(args.len(), "input"), 2 + n),
        ));
    }
    if yields.len() != 1 + n + k {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("body has {} but a Loop with N={n} carried values and K={k} scan outputs needs 1+N+K = {} (condition, carried values, scan outputs)", plural(yields.len(), "output"), 1 + n + k),
        ));
    }
    let m = operands[0];
    if !ctx.is_integer(ctx.element_type_or_self(m)) && !matches!(ctx.type_kind(m), flowgate_ir::TypeKind::None) {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("trip count M must be an int64 tensor or none, but is {}", type_to_string(ctx, m)),
        ));
    }
    let c = operands[1];
    if !matches!(ctx.type_kind(c), flowgate_ir::TypeKind::None) && !is_single_bool(ctx, c) {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("condition must be a single-element bool tensor or none, but is {}", type_to_string(ctx, c)),
        ));
    }
    if !is_single_bool(ctx, yields[0]) {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            "body output #0 (the loop condition) must be a single-element bool tensor",
        ));
    }
    for i in 0..n {
        check_types(ctx, op, operands[2 + i], args[2 + i], || {
            format!("carried value #{i}: initial value and body input #{} disagree", 2 + i)
        })?;
        check_types(ctx, op, args[2 + i], yields[1 + i], || {
            format!("carried value #{i}: body input #{} and body output #{} disagree", 2 + i, 1 + i)
        })?;
        check_types(ctx, op, yields[1 + i], results[i], || {
            format!("carried value #{i}: body output #{} and Loop result #{i} disagree", 1 + i)
        })?;
    }
    Ok(())
}

fn int_list(ctx: &Context, op: OpId, name: &str) -> Option<Vec<i64>> {
    let a = ctx.attr(op, name)?;
    if let Some(items) = ctx.attr_as_array(a) {
        return Some(items.iter().filter_map(|&x| ctx.attr_as_int(x)).map(|v| v as i64).collect());
    }
    ctx.attr_as_dense_array(a).map(|v| v.iter().map(|&x| x as i64).collect())
}

/// Opset 8's Scan (`onnx_opset = 8`) differs from the later one: a leading optional
/// `sequence_lens` input, a batch axis in front of every state and scan input, and a single
/// `directions` attribute instead of the axes and direction lists.
fn scan_is_opset8(ctx: &Context, op: OpId) -> bool {
    ctx.attr(op, "onnx_opset").and_then(|a| ctx.attr_as_int(a)).is_some_and(|v| v < 9)
}

fn verify_scan(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(m) = ctx.attr(op, "num_scan_inputs").and_then(|a| ctx.attr_as_int(a)) else {
        return Err(Diagnostic::op_error(ctx, op, "requires integer attribute 'num_scan_inputs'"));
    };
    let legacy = scan_is_opset8(ctx, op);
    let mut operands = ctx.operand_types(op);
    if legacy {
        let lens = operands.remove(0);
        let ok = matches!(ctx.type_kind(lens), flowgate_ir::TypeKind::None)
            || crate::types::is_unknown(ctx, lens)
            || ctx.element_type(lens).is_some_and(|e| ctx.int_width(e) == Some(64));
        if !ok {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!(
                    "sequence_lens of an opset-8 Scan must be an int64 tensor or none, but is {}",
                    type_to_string(ctx, lens)
                ),
            ));
        }
    }
    let results = ctx.result_types(op);
    if m < 1 || m as usize > operands.len() {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("num_scan_inputs = {m} must be between 1 and the number of inputs ({})", operands.len()),
        ));
    }
    let m = m as usize;
    let n = operands.len() - m;
    if results.len() < n {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!(
                "has {n} state variables but only {}; a Scan returns its N final states first",
                plural(results.len(), "result")
            ),
        ));
    }
    let k = results.len() - n;
    let (args, yields) = body(ctx, op, ctx.region(op, 0), "body")?;
    if args.len() != n + m {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!(
                "body has {} but a Scan with N={n} state variables and M={m} scan inputs needs N+M = {}",
                plural(args.len(), "input"),
                n + m
            ),
        ));
    }
    if yields.len() != n + k {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!(
                "body has {} but a Scan with N={n} state variables and K={k} scan outputs needs N+K = {}",
                plural(yields.len(), "output"),
                n + k
            ),
        ));
    }
    // Opset-8 states carry a batch axis in front, which the body does not see.
    for i in 0..n {
        if legacy {
            state_compatible_without_batch(ctx, op, i, operands[i], args[i])?;
        } else {
            check_types(ctx, op, operands[i], args[i], || {
                format!("state variable #{i}: initial value and body input #{i} disagree")
            })?;
        }
        check_types(ctx, op, args[i], yields[i], || {
            format!("state variable #{i}: body input and body output #{i} disagree")
        })?;
        if legacy {
            state_compatible_without_batch(ctx, op, i, results[i], yields[i])?;
        } else {
            check_types(ctx, op, yields[i], results[i], || {
                format!("state variable #{i}: body output and Scan result #{i} disagree")
            })?;
        }
    }
    if legacy {
        return verify_scan8_directions(ctx, op, m);
    }
    let ranks_in: Vec<Option<usize>> = operands[n..].iter().map(|&t| ctx.shape(t).map(|s| s.len())).collect();
    let ranks_out: Vec<Option<usize>> = yields[n..].iter().map(|&t| ctx.shape(t).map(|s| s.len() + 1)).collect();
    for (attr, count, ranks) in [
        ("scan_input_axes", m, &ranks_in),
        ("scan_input_directions", m, &ranks_in),
        ("scan_output_axes", k, &ranks_out),
        ("scan_output_directions", k, &ranks_out),
    ] {
        let Some(list) = int_list(ctx, op, attr) else { continue };
        if list.len() != count {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!("{attr} has {} but there are {count}", plural(list.len(), "entry")),
            ));
        }
        for (i, &v) in list.iter().enumerate() {
            if attr.ends_with("directions") {
                if v != 0 && v != 1 {
                    return Err(Diagnostic::op_error(
                        ctx,
                        op,
                        format!("{attr}[{i}] = {v} must be 0 (forward) or 1 (reverse)"),
                    ));
                }
            } else if let Some(r) = ranks[i] {
                let r = r as i64;
                if v < -r || v >= r {
                    return Err(Diagnostic::op_error(
                        ctx,
                        op,
                        format!("{attr}[{i}] = {v} is out of range [{}, {}] for rank {r}", -r, r - 1),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// An opset-8 state has a leading batch dimension its body value lacks: element types must
/// agree, and the remaining known dimensions must match.
fn state_compatible_without_batch(
    ctx: &Context,
    op: OpId,
    i: usize,
    outer: Type,
    inner: Type,
) -> Result<(), Diagnostic> {
    let (eo, ei) = (ctx.element_type_or_self(outer), ctx.element_type_or_self(inner));
    let shapes_ok = match (ctx.shape(outer), ctx.shape(inner)) {
        (Some(o), Some(b)) => {
            o.len() == b.len() + 1
                && o[1..].iter().zip(b).all(|(&x, &y)| x == y || x == flowgate_ir::DYNAMIC || y == flowgate_ir::DYNAMIC)
        }
        _ => true,
    };
    if (eo == ei || crate::types::is_unknown(ctx, outer) || crate::types::is_unknown(ctx, inner)) && shapes_ok {
        return Ok(());
    }
    Err(Diagnostic::op_error(
        ctx,
        op,
        format!(
            "state variable #{i}: {} is not {} with a leading batch dimension",
            type_to_string(ctx, outer),
            type_to_string(ctx, inner)
        ),
    ))
}

/// Opset 8 has one `directions` list of M entries, each 0 or 1.
fn verify_scan8_directions(ctx: &Context, op: OpId, m: usize) -> Result<(), Diagnostic> {
    let Some(list) = int_list(ctx, op, "directions") else { return Ok(()) };
    if list.len() != m {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("directions has {} but there are {m}", plural(list.len(), "entry")),
        ));
    }
    if let Some((i, v)) = list.iter().enumerate().find(|(_, &v)| v != 0 && v != 1) {
        return Err(Diagnostic::op_error(ctx, op, format!("directions[{i}] = {v} must be 0 (forward) or 1 (reverse)")));
    }
    Ok(())
}

/// SequenceMap (opset 17): input #0 a sequence, the others sequences or tensors; the body
/// takes one input per operand (an element of a sequence, a tensor whole) and gives one
/// output per result, each result the sequence of that output over the trips.
fn verify_sequence_map(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let t0 = ctx.value_type(ctx.operand(op, 0));
    if seq_element(ctx, t0).is_none() && !is_unknown(ctx, t0) {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("input_sequence must be a sequence, but is {}", type_to_string(ctx, t0)),
        ));
    }
    let (args, yields) = body(ctx, op, ctx.region(op, 0), "body")?;
    let (n, k) = (ctx.operands(op).len(), ctx.results(op).len());
    if args.len() != n || yields.len() != k {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!(
                "body has {} and {} but the SequenceMap node has {} and {}",
                plural(args.len(), "input"),
                plural(yields.len(), "output"),
                plural(n, "input"),
                plural(k, "output")
            ),
        ));
    }
    for (i, t) in ctx.result_types(op).into_iter().enumerate() {
        if seq_element(ctx, t).is_none() && !is_unknown(ctx, t) {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!("output #{i} must be a sequence, but is {}", type_to_string(ctx, t)),
            ));
        }
    }
    Ok(())
}

fn verify_yield(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    // Any ONNX op with a graph attribute holds it as a region ended by `onnx.Yield`
    // (If/Loop/Scan, and others such as SequenceMap kept as generic ops).
    let parent = ctx.parent_op(op);
    if !parent.is_some_and(|p| ctx.op_name(p).starts_with("onnx.")) {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            "expects parent op to be an onnx op holding a subgraph (onnx.If, onnx.Loop, onnx.Scan, ...)",
        ));
    }
    Ok(())
}
