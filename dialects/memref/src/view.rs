//! `memref.subview` and `memref.reinterpret_cast`: views described by offsets, sizes and strides
//! given as mixed static/dynamic lists.

use crate::canonicalize::reduction_mask;
use crate::util::*;
use flowgate_ir::asm::{attr_to_string, type_to_string, OpParser, OpPrinter, PResult};
use flowgate_ir::{Context, Count, Diagnostic, OpDef, OpId, Type, Value, DYNAMIC};

const ELIDED: &[&str] = &["operandSegmentSizes", "static_offsets", "static_sizes", "static_strides"];

pub(crate) fn defs() -> Vec<OpDef> {
    let base = |name| OpDef { inherent_attrs: ELIDED, operands: Count::AtLeast(1), ..OpDef::pure_value(name) };
    vec![
        OpDef {
            parse: Some(parse_subview),
            print: Some(print_subview),
            verify: Some(verify_subview),
            result_names: Some(|_, _| Some("subview".into())),
            ..base("memref.subview")
        },
        OpDef {
            parse: Some(parse_reinterpret),
            print: Some(print_reinterpret),
            verify: Some(verify_reinterpret),
            result_names: Some(|_, _| Some("reinterpret_cast".into())),
            ..base("memref.reinterpret_cast")
        },
    ]
}

/// The three mixed lists of an op: static values and the dynamic operands for each.
struct Mixed {
    source: Value,
    offsets: (Vec<i64>, Vec<Value>),
    sizes: (Vec<i64>, Vec<Value>),
    strides: (Vec<i64>, Vec<Value>),
}

fn mixed(ctx: &Context, op: OpId) -> Result<Mixed, Diagnostic> {
    let seg = segments_or_err(ctx, op, 4)?;
    let Some(&source) = seg[0].first().filter(|_| seg[0].len() == 1) else {
        return Err(Diagnostic::op_error(ctx, op, "expects a single source operand"));
    };
    Ok(Mixed {
        source,
        offsets: (i64_array(ctx, op, "static_offsets"), seg[1].clone()),
        sizes: (i64_array(ctx, op, "static_sizes"), seg[2].clone()),
        strides: (i64_array(ctx, op, "static_strides"), seg[3].clone()),
    })
}

/// `memref.subview %src[offsets] [sizes] [strides] : src to result`
fn parse_subview(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.parse_operand()?;
    let offsets = p.parse_dynamic_index_list()?;
    let sizes = p.parse_dynamic_index_list()?;
    let strides = p.parse_dynamic_index_list()?;
    p.parse_optional_attr_dict()?;
    let st = p.parse_colon_type()?;
    p.expect_keyword("to")?;
    let rt = p.parse_type()?;
    p.add_operand(&src, st)?;
    flowgate_builtin::shaped::add_index_lists(p, 1, [offsets, sizes, strides])?;
    p.add_result_types(&[rt]);
    Ok(())
}

fn print_subview(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let Ok(m) = mixed(ctx, op) else { return };
    p.write(" ");
    p.print_value(m.source);
    p.print_dynamic_index_list(&m.offsets.0, &m.offsets.1);
    p.write(" ");
    p.print_dynamic_index_list(&m.sizes.0, &m.sizes.1);
    p.write(" ");
    p.print_dynamic_index_list(&m.strides.0, &m.strides.1);
    p.print_optional_attr_dict(op, ELIDED);
    p.write(" : ");
    p.print_type(ctx.value_type(m.source));
    p.write(" to ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

/// Upstream's `verifyOffsetSizeAndStrideOp`, with the maximum list lengths of the op.
fn verify_lists(ctx: &Context, op: OpId, m: &Mixed, max: [usize; 3]) -> Result<(), Diagnostic> {
    let err = |msg: String| Err(Diagnostic::error(ctx.op_loc(op), msg));
    let (no, ns, nt) = (m.offsets.0.len(), m.sizes.0.len(), m.strides.0.len());
    if !(no == 1 && max[0] == 1) && no != ns {
        return err(format!(
            "expected mixed offsets rank to match mixed sizes rank ({no} vs {ns}) so the rank of the result type is well-formed."
        ));
    }
    if ns != nt {
        return err(format!(
            "expected mixed sizes rank to match mixed strides rank ({ns} vs {nt}) so the rank of the result type is well-formed."
        ));
    }
    for ((name, (values, dynamic)), &want) in
        ["offset", "size", "stride"].iter().zip([&m.offsets, &m.sizes, &m.strides]).zip(&max)
    {
        if values.len() != want {
            return err(format!("expected {want} {name} values, got {}", values.len()));
        }
        let n_dyn = values.iter().filter(|&&v| v == DYNAMIC).count();
        if n_dyn != dynamic.len() {
            return err(format!(
                "expected the number of '{name}s' to match the number of dynamic entries in 'static_{name}s' ({} vs {n_dyn})",
                dynamic.len()
            ));
        }
    }
    if let Some(o) = m.offsets.0.iter().find(|&&v| v != DYNAMIC && v < 0) {
        return err(format!("expected offsets to be non-negative, but got {o}"));
    }
    if let Some(s) = m.sizes.0.iter().find(|&&v| v != DYNAMIC && v < 0) {
        return err(format!("expected sizes to be non-negative, but got {s}"));
    }
    Ok(())
}

fn dim_str(d: i64) -> String {
    if d == DYNAMIC {
        "?".to_string()
    } else {
        d.to_string()
    }
}

/// The text of `memref<shape x elem, strided<[...], offset: o>[, space]>`, printed as upstream
/// prints it, for diagnostics about an expected type that need not exist in the context.
fn strided_type_text(
    ctx: &Context,
    shape: &[i64],
    elem: Type,
    strides: &[i64],
    offset: i64,
    space: Option<String>,
) -> String {
    let dims: String = shape.iter().map(|&d| format!("{}x", dim_str(d))).collect();
    let strides: Vec<String> = strides.iter().map(|&s| dim_str(s)).collect();
    let off = if offset == 0 { String::new() } else { format!(", offset: {}", dim_str(offset)) };
    let space = space.map(|s| format!(", {s}")).unwrap_or_default();
    format!("memref<{dims}{}, strided<[{}]{off}>{space}>", type_to_string(ctx, elem), strides.join(", "))
}

/// Upstream's saturated product: zero times anything (even `?`) is zero.
fn mul(a: i64, b: i64) -> i64 {
    if a == 0 || b == 0 {
        0
    } else if a == DYNAMIC || b == DYNAMIC {
        DYNAMIC
    } else {
        a.checked_mul(b).unwrap_or(DYNAMIC)
    }
}

fn add(a: i64, b: i64) -> i64 {
    if a == DYNAMIC || b == DYNAMIC {
        DYNAMIC
    } else {
        a.checked_add(b).unwrap_or(DYNAMIC)
    }
}

fn verify_subview(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let m = mixed(ctx, op)?;
    let st = ctx.value_type(m.source);
    let rt = ctx.value_type(ctx.result(op, 0));
    let src = expect_memref(ctx, op, "operand #0", st)?;
    let res = expect_memref(ctx, op, "result #0", rt)?;
    let rank = src.shape.len();
    verify_lists(ctx, op, &m, [rank, rank, rank])?;
    check_index_operands(ctx, op, 1..usize::MAX)?;
    let err = |msg: String| Err(Diagnostic::error(ctx.op_loc(op), msg));
    if src.memory_space != res.memory_space {
        return err(format!(
            "different memory spaces specified for base memref type {} and subview memref type {}",
            q(ctx, st),
            q(ctx, rt)
        ));
    }
    let Some((src_strides, src_offset)) = strides_and_offset(ctx, st) else {
        return err(format!("base type {} is not strided", q(ctx, st)));
    };
    let mut offset = src_offset;
    for (&o, &s) in m.offsets.0.iter().zip(&src_strides) {
        offset = add(offset, mul(o, s));
    }
    let strides: Vec<i64> = m.strides.0.iter().zip(&src_strides).map(|(&a, &b)| mul(a, b)).collect();
    let sizes = m.sizes.0.clone();
    let space = src.memory_space.map(|s| attr_to_string(ctx, s));
    let expected = strided_type_text(ctx, &sizes, src.element, &strides, offset, space);
    let mismatch = |what: &str| {
        err(format!(
            "expected result type to be '{expected}' or a rank-reduced version. (mismatch of result {what}), but got {}",
            q(ctx, rt)
        ))
    };
    if res.element != src.element {
        return err(format!("expected result element type to be {}, but got {}", q(ctx, src.element), q(ctx, rt)));
    }
    if res.shape.len() > sizes.len() {
        return err(format!("expected result rank to be smaller or equal to the source rank, but got {}", q(ctx, rt)));
    }
    // Rank reduction drops unit dimensions; the result's sizes must match greedily in order
    // (upstream's `computeRankReductionMask`).
    let mut j = 0;
    for &d in &sizes {
        if j < res.shape.len() && res.shape[j] == d {
            j += 1;
        } else if d != 1 {
            return mismatch("sizes");
        }
    }
    if j != res.shape.len() {
        return mismatch("sizes");
    }
    let Some((res_strides, res_offset)) = strides_and_offset(ctx, rt) else {
        return mismatch("layout");
    };
    if offset != res_offset {
        return mismatch("layout");
    }
    // Which unit dimensions are dropped is told by the strides, as upstream's
    // `computeMemRefRankReductionMask` does.
    let Some(dropped) =
        reduction_mask(sizes.len(), res.shape.len(), &sizes, || Some((strides.clone(), res_strides.clone())))
    else {
        return mismatch("layout");
    };
    let kept = (0..sizes.len()).filter(|&i| !dropped[i]);
    if kept.zip(&res_strides).any(|(i, &s)| strides.get(i) != Some(&s)) {
        return mismatch("layout");
    }
    check_in_bounds(ctx, op, &src.shape, &m.offsets.0, &m.sizes.0, &m.strides.0)
}

/// `memref.reinterpret_cast %src to offset: [o], sizes: [...], strides: [...] : src to result`
fn parse_reinterpret(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.parse_operand()?;
    p.expect_keyword("to")?;
    p.expect_keyword("offset")?;
    p.expect_colon()?;
    let offsets = p.parse_dynamic_index_list()?;
    p.expect_comma()?;
    p.expect_keyword("sizes")?;
    p.expect_colon()?;
    let sizes = p.parse_dynamic_index_list()?;
    p.expect_comma()?;
    p.expect_keyword("strides")?;
    p.expect_colon()?;
    let strides = p.parse_dynamic_index_list()?;
    p.parse_optional_attr_dict()?;
    let st = p.parse_colon_type()?;
    p.expect_keyword("to")?;
    let rt = p.parse_type()?;
    p.add_operand(&src, st)?;
    flowgate_builtin::shaped::add_index_lists(p, 1, [offsets, sizes, strides])?;
    p.add_result_types(&[rt]);
    Ok(())
}

fn print_reinterpret(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let Ok(m) = mixed(ctx, op) else { return };
    p.write(" ");
    p.print_value(m.source);
    p.write(" to offset: ");
    p.print_dynamic_index_list(&m.offsets.0, &m.offsets.1);
    p.write(", sizes: ");
    p.print_dynamic_index_list(&m.sizes.0, &m.sizes.1);
    p.write(", strides: ");
    p.print_dynamic_index_list(&m.strides.0, &m.strides.1);
    p.print_optional_attr_dict(op, ELIDED);
    p.write(" : ");
    p.print_type(ctx.value_type(m.source));
    p.write(" to ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn verify_reinterpret(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let m = mixed(ctx, op)?;
    let st = ctx.value_type(m.source);
    let rt = ctx.value_type(ctx.result(op, 0));
    let res = expect_memref(ctx, op, "result #0", rt)?;
    verify_lists(ctx, op, &m, [1, res.shape.len(), res.shape.len()])?;
    check_index_operands(ctx, op, 1..usize::MAX)?;
    let err = |msg: String| Err(Diagnostic::error(ctx.op_loc(op), msg));
    // Upstream checks the memory space before the element type.
    if memory_space(ctx, st) != res.memory_space {
        return err(format!(
            "different memory spaces specified for source type {} and result memref type {}",
            q(ctx, st),
            q(ctx, rt)
        ));
    }
    if ctx.element_type(st) != Some(res.element) {
        return err(format!(
            "different element types specified for source type {} and result memref type {}",
            q(ctx, st),
            q(ctx, rt)
        ));
    }
    let shown = |v: i64| if v == DYNAMIC { "dynamic".to_string() } else { v.to_string() };
    for (i, (&want, &have)) in m.sizes.0.iter().zip(&res.shape).enumerate() {
        if have != DYNAMIC && want != have {
            return err(format!("expected result type with size = {} instead of {have} in dim = {i}", shown(want)));
        }
    }
    let Some((res_strides, res_offset)) = strides_and_offset(ctx, rt) else {
        return err("expected result type to have strided layout but found ".to_string() + &type_to_string(ctx, rt));
    };
    if let Some(&want) = m.offsets.0.first() {
        if res_offset != DYNAMIC && want != res_offset {
            return err(format!("expected result type with offset = {} instead of {}", shown(want), shown(res_offset)));
        }
    }
    for (i, (&want, &have)) in m.strides.0.iter().zip(&res_strides).enumerate() {
        if have != DYNAMIC && want != have {
            return err(format!(
                "expected result type with stride = {} instead of {} in dim = {i}",
                shown(want),
                shown(have)
            ));
        }
    }
    Ok(())
}
