//! `memref.alloc`, `memref.alloca`, `memref.dealloc`, `memref.global`, `memref.get_global`.

use crate::util::*;
use flowgate_ir::asm::{attr_to_string, type_to_string, Delimiter, OpParser, OpPrinter, PResult};
use flowgate_ir::{AttrKind, Context, Count, Diagnostic, OpDef, OpId, Traits, DYNAMIC};

pub(crate) fn defs() -> Vec<OpDef> {
    let alloc = |name, names: flowgate_ir::ResultNamesFn| OpDef {
        inherent_attrs: &["alignment", "operandSegmentSizes"],
        parse: Some(parse_alloc),
        print: Some(print_alloc),
        verify: Some(verify_alloc),
        result_names: Some(names),
        results: Count::Exactly(1),
        regions: Count::Exactly(0),
        successors: Count::Exactly(0),
        ..OpDef::new(name)
    };
    vec![
        alloc("memref.alloc", |_, _| Some("alloc".into())),
        alloc("memref.alloca", |_, _| Some("alloca".into())),
        OpDef {
            parse: Some(parse_dealloc),
            print: Some(flowgate_ir::asm::formats::print_operand_colon_type),
            verify: Some(verify_dealloc),
            operands: Count::Exactly(1),
            results: Count::Exactly(0),
            regions: Count::Exactly(0),
            successors: Count::Exactly(0),
            ..OpDef::new("memref.dealloc")
        },
        OpDef {
            traits: Traits::SYMBOL,
            inherent_attrs: &["sym_name", "sym_visibility", "type", "initial_value", "constant", "alignment"],
            parse: Some(parse_global),
            print: Some(print_global),
            verify: Some(verify_global),
            operands: Count::Exactly(0),
            results: Count::Exactly(0),
            ..OpDef::leaf("memref.global")
        },
        OpDef {
            inherent_attrs: &["name"],
            parse: Some(parse_get_global),
            print: Some(print_get_global),
            verify: Some(verify_get_global),
            operands: Count::Exactly(0),
            ..OpDef::pure_value("memref.get_global")
        },
    ]
}

/// `memref.alloc(%d...)[%s...] {attrs} : memref<...>`
fn parse_alloc(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let dims = p.parse_operand_list(Delimiter::Paren)?;
    let syms = p.parse_operand_list(Delimiter::OptionalSquare)?;
    p.parse_optional_attr_dict()?;
    let t = p.parse_colon_type()?;
    p.add_index_operands(&dims)?;
    p.add_index_operands(&syms)?;
    p.add_result_types(&[t]);
    let seg = p.ctx().dense_i32_array_attr(&[dims.len() as i32, syms.len() as i32]);
    p.add_attr("operandSegmentSizes", seg);
    Ok(())
}

fn print_alloc(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let Some(seg) = segments(ctx, op, 2) else { return };
    p.write("(");
    p.print_operands(&seg[0]);
    p.write(")");
    if !seg[1].is_empty() {
        p.write("[");
        p.print_operands(&seg[1]);
        p.write("]");
    }
    p.print_optional_attr_dict(op, &["operandSegmentSizes"]);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

/// Symbols an affine-map layout expects (`(d0)[s0, s1] -> ...` has two).
fn layout_symbols(ctx: &Context, layout: Option<flowgate_ir::Attribute>) -> usize {
    match layout.map(|l| ctx.attr_kind(l)) {
        Some(AttrKind::AffineMap(text)) => {
            let Some(open) = text.find(")[") else { return 0 };
            let rest = &text[open + 2..];
            let inner = &rest[..rest.find(']').unwrap_or(0)];
            inner.split(',').filter(|s| !s.trim().is_empty()).count()
        }
        // A strided layout's map (`makeStridedLinearLayoutMap`) has one symbol per dynamic
        // offset or stride.
        Some(AttrKind::Strided { strides, offset }) => {
            strides.iter().chain([offset]).filter(|&&v| v == DYNAMIC).count()
        }
        _ => 0,
    }
}

/// Ops that own stack allocations made in their regions (upstream's AutomaticAllocationScope
/// trait): functions and `memref.alloca_scope`.
fn is_allocation_scope(ctx: &Context, op: OpId) -> bool {
    let name = ctx.op_name(op);
    name == "func.func" || name.ends_with(".func") || name == "memref.alloca_scope"
}

fn verify_alloc(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if ctx.is_op(op, "memref.alloca") {
        let mut p = ctx.parent_op(op);
        while let Some(o) = p {
            if is_allocation_scope(ctx, o) {
                break;
            }
            p = ctx.parent_op(o);
        }
        if p.is_none() {
            return Err(Diagnostic::op_error(ctx, op, "requires an ancestor op with AutomaticAllocationScope trait"));
        }
    }
    let t = ctx.value_type(ctx.result(op, 0));
    let m = expect_memref(ctx, op, "result #0", t)?;
    let seg = segments_or_err(ctx, op, 2)?;
    check_index_operands(ctx, op, 0..usize::MAX)?;
    let dynamic = m.shape.iter().filter(|&&d| d == DYNAMIC).count();
    if seg[0].len() != dynamic {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("incorrect number of dynamic sizes, has {}, expected {dynamic}", seg[0].len()),
        ));
    }
    let symbols = layout_symbols(ctx, m.layout);
    if seg[1].len() != symbols {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!(
                "symbol operand count does not equal memref symbol count: expected {symbols}, got {}",
                seg[1].len()
            ),
        ));
    }
    if let Some(a) = ctx.attr(op, "alignment") {
        check_alignment(ctx, op, a)?;
    }
    check_static_byte_size(ctx, op, &m.shape, m.element)
}

/// Bytes of one element as code generation lays it out (integers rounded up to a power of two
/// bytes, as LLVM's data layout does); `None` for types whose size is not known here.
fn element_bytes(ctx: &Context, t: flowgate_ir::Type) -> Option<u128> {
    use flowgate_ir::TypeKind;
    match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => Some(u128::from(width.div_ceil(8).max(1).next_power_of_two())),
        TypeKind::Index => Some(8),
        TypeKind::Vector { shape, element, .. } => {
            let n = shape.iter().try_fold(1u128, |n, &d| n.checked_mul(u128::try_from(d).ok()?))?;
            n.checked_mul(element_bytes(ctx, *element)?)
        }
        TypeKind::Complex { element } => element_bytes(ctx, *element).map(|b| 2 * b),
        _ => ctx.float_kind(t).map(|k| u128::from(k.width() / 8)),
    }
}

/// The static part of an allocation's byte size must fit a signed 64-bit size (code generation
/// multiplies in i64: a wrapped product would allocate a few bytes for a huge buffer).
/// Dynamic sizes are checked when the code runs.
fn check_static_byte_size(
    ctx: &Context,
    op: OpId,
    shape: &[i64],
    element: flowgate_ir::Type,
) -> Result<(), Diagnostic> {
    let Some(esize) = element_bytes(ctx, element) else { return Ok(()) };
    let mut bytes = Some(esize);
    for &d in shape.iter().filter(|&&d| d != DYNAMIC) {
        bytes = bytes.and_then(|b| b.checked_mul(u128::try_from(d).ok()?));
    }
    match bytes {
        Some(b) if b <= i64::MAX as u128 => Ok(()),
        _ => Err(Diagnostic::op_error(
            ctx,
            op,
            format!(
                "allocation size of {} overflows: its static dimensions of {esize}-byte elements need more than {} bytes",
                q(ctx, ctx.value_type(ctx.result(op, 0))),
                i64::MAX
            ),
        )),
    }
}

const ALIGNMENT_MSG: &str = "attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0";

fn alignment_ok(ctx: &Context, a: flowgate_ir::Attribute) -> bool {
    ctx.attr_as_int(a).is_some_and(|v| v > 0 && (v & (v - 1)) == 0)
        && ctx.attr_type(a).is_some_and(|t| ctx.is_signless_integer(t) && ctx.int_width(t) == Some(64))
}

pub(crate) fn check_alignment(ctx: &Context, op: OpId, a: flowgate_ir::Attribute) -> Result<(), Diagnostic> {
    if !alignment_ok(ctx, a) {
        return Err(Diagnostic::op_error(ctx, op, ALIGNMENT_MSG));
    }
    Ok(())
}

/// `memref.dealloc %m : memref<...>`
fn parse_dealloc(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let v = p.parse_operand()?;
    p.parse_optional_attr_dict()?;
    let loc = p.current_loc();
    let t = p.parse_colon_type()?;
    if !p.ctx().is_memref(t) {
        return Err(p.error_at(loc, "invalid kind of type specified"));
    }
    p.add_operand(&v, t)?;
    Ok(())
}

fn verify_dealloc(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let t = ctx.value_type(ctx.operand(op, 0));
    if !ctx.is_memref(t) {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!(
                "operand #0 must be unranked.memref of any type values or memref of any type values, but got {}",
                q(ctx, t)
            ),
        ));
    }
    Ok(())
}

/// The tensor type of a global's initial value: its memref's shape and element type.
fn initial_value_type(ctx: &mut Context, t: flowgate_ir::Type) -> Option<flowgate_ir::Type> {
    let m = ranked(ctx, t)?;
    Some(ctx.tensor_type(m.shape, m.element))
}

/// `memref.global ["private"] [constant] @name : memref<...> [= uninitialized | = dense<...>]`
fn parse_global(p: &mut OpParser<'_, '_>) -> PResult<()> {
    if p.is(flowgate_ir::asm::TokKind::String) {
        let vis = p.parse_string()?;
        let a = p.ctx().string_attr(&vis);
        p.add_attr("sym_visibility", a);
    }
    if p.accept_keyword("constant") {
        let u = p.ctx().unit_attr();
        p.add_attr("constant", u);
    }
    let name = p.parse_symbol_name()?;
    let a = p.ctx().string_attr(&name);
    p.add_attr("sym_name", a);
    p.expect_colon()?;
    let loc = p.current_loc();
    let t = p.parse_type()?;
    let is_static = ranked(p.ctx(), t).is_some_and(|m| m.shape.iter().all(|&d| d != DYNAMIC));
    if !is_static {
        let shown = type_to_string(p.ctx(), t);
        return Err(p.error_at(loc, format!("type should be static shaped memref, but got '{shown}'")));
    }
    let ta = p.ctx().type_attr(t);
    p.add_attr("type", ta);
    if p.accept(flowgate_ir::asm::TokKind::Equal) {
        if p.accept_keyword("uninitialized") {
            let u = p.ctx().unit_attr();
            p.add_attr("initial_value", u);
        } else {
            let tt = initial_value_type(p.ctx(), t);
            let v = p.parse_attribute(tt)?;
            p.add_attr("initial_value", v);
        }
    }
    let loc = p.current_loc();
    p.parse_optional_attr_dict()?;
    // Upstream checks properties while building the op from the parsed dictionary.
    let ctx = &*p.p.ctx;
    if let Some(a) = p.state.get_attr(ctx, "alignment") {
        if !alignment_ok(ctx, a) {
            return Err(p.error_at(loc, format!("'memref.global' op {ALIGNMENT_MSG}")));
        }
    }
    Ok(())
}

fn global_type(ctx: &Context, op: OpId) -> Option<flowgate_ir::Type> {
    ctx.attr(op, "type").and_then(|a| ctx.attr_as_type(a))
}

fn print_global(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    if let Some(v) = ctx.attr(op, "sym_visibility").and_then(|a| ctx.attr_as_str(a)) {
        p.write(" ");
        p.print_string(v);
    }
    if ctx.has_attr(op, "constant") {
        p.write(" constant");
    }
    p.write(" ");
    p.print_symbol_name(ctx.symbol_name(op).unwrap_or(""));
    p.write(" : ");
    if let Some(t) = global_type(ctx, op) {
        p.print_type(t);
    }
    if let Some(init) = ctx.attr(op, "initial_value") {
        p.write(" = ");
        match ctx.attr_kind(init) {
            AttrKind::Unit => p.write("uninitialized"),
            AttrKind::DenseElements { ty, .. } | AttrKind::DenseResource { ty, .. } => {
                // The element type follows from the memref type, so the `: tensor<...>` is elided.
                let text = attr_to_string(ctx, init);
                let suffix = format!(" : {}", type_to_string(ctx, *ty));
                p.write(text.strip_suffix(&suffix).unwrap_or(&text));
            }
            _ => p.print_attr(init),
        }
    }
    p.print_optional_attr_dict(op, &["sym_name", "sym_visibility", "type", "initial_value", "constant"]);
}

fn verify_global(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    // Upstream's symbol interface checks the visibility before the op's own verifier.
    if let Some(v) = ctx.attr(op, "sym_visibility").and_then(|a| ctx.attr_as_str(a)) {
        if !matches!(v, "public" | "private" | "nested") {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!("visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"{v}\""),
            ));
        }
    }
    let Some(t) = global_type(ctx, op) else {
        return Err(Diagnostic::op_error(ctx, op, "requires attribute 'type'"));
    };
    let Some(m) = ranked(ctx, t).filter(|m| m.shape.iter().all(|&d| d != DYNAMIC)) else {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("type should be static shaped memref, but got {}", q(ctx, t)),
        ));
    };
    if let Some(init) = ctx.attr(op, "initial_value") {
        if let AttrKind::DenseElements { ty, .. } | AttrKind::DenseResource { ty, .. } = ctx.attr_kind(init) {
            if let Some(e) = ctx.element_type(*ty).filter(|&e| e != m.element) {
                return Err(Diagnostic::op_error(
                    ctx,
                    op,
                    format!(
                        "initial value element expected to be of type {}, but was of type {}",
                        q(ctx, m.element),
                        q(ctx, e)
                    ),
                ));
            }
            let init_shape = ctx.shape(*ty).map(|s| s.to_vec()).unwrap_or_default();
            if init_shape != m.shape {
                let list = |s: &[i64]| s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
                return Err(Diagnostic::op_error(
                    ctx,
                    op,
                    format!("initial value shape expected to be {} but was {}", list(&m.shape), list(&init_shape)),
                ));
            }
        } else if !matches!(ctx.attr_kind(init), AttrKind::Unit) {
            return Err(Diagnostic::op_error(ctx, op, "initial value should be a unit or elements attribute"));
        }
    }
    if let Some(a) = ctx.attr(op, "alignment") {
        check_alignment(ctx, op, a)?;
    }
    Ok(())
}

/// `memref.get_global @name : memref<...>`
fn parse_get_global(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let s = p.parse_symbol_ref()?;
    p.add_attr("name", s);
    p.parse_optional_attr_dict()?;
    let t = p.parse_colon_type()?;
    p.add_result_types(&[t]);
    Ok(())
}

fn print_get_global(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    if let Some(a) = ctx.attr(op, "name") {
        p.print_attr(a);
    }
    p.print_optional_attr_dict(op, &["name"]);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn verify_get_global(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(name) = ctx.attr(op, "name").and_then(|a| ctx.attr_as_symbol_ref(a)) else {
        return Err(Diagnostic::op_error(ctx, op, "requires attribute 'name'"));
    };
    let Some(global) = ctx.lookup_symbol(op, name).filter(|&g| ctx.is_op(g, "memref.global")) else {
        return Err(Diagnostic::op_error(ctx, op, format!("'{name}' does not reference a valid global memref")));
    };
    let rt = ctx.value_type(ctx.result(op, 0));
    if let Some(gt) = global_type(ctx, global) {
        if gt != rt {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!("result type {} does not match type {} of the global memref @{name}", q(ctx, rt), q(ctx, gt)),
            ));
        }
    }
    Ok(())
}
