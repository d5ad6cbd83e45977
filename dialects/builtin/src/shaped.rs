//! Verifier and parser helpers shared by the two dialects of shaped types, `memref` and
//! `tensor`: their ops differ in the type they act on, not in how operand lists, segment
//! sizes, index operands or slice bounds are checked.

use flowgate_ir::asm::{type_to_string, OpParser, OpPrinter, PResult, UnresolvedOperand};
use flowgate_ir::{Context, Diagnostic, OpId, Type, TypeKind, Value, DYNAMIC};
use std::ops::Range;

/// A type as upstream quotes it in verifier messages: `'memref<4xf32>'`.
pub fn quoted(ctx: &Context, t: Type) -> String {
    format!("'{}'", type_to_string(ctx, t))
}

/// A dense `i64` array attribute's values, empty when absent.
pub fn i64_array(ctx: &Context, op: OpId, name: &str) -> Vec<i64> {
    ctx.attr(op, name)
        .and_then(|a| ctx.attr_as_dense_array(a))
        .map(|v| v.iter().map(|&x| x as i64).collect())
        .unwrap_or_default()
}

/// Operand groups by `operandSegmentSizes`; `None` when absent or inconsistent.
pub fn segments(ctx: &Context, op: OpId, n: usize) -> Option<Vec<Vec<Value>>> {
    let sizes = ctx.attr(op, "operandSegmentSizes").and_then(|a| ctx.attr_as_dense_array(a))?;
    let ops = ctx.operands(op);
    if sizes.len() != n || sizes.iter().any(|&s| s < 0) || sizes.iter().sum::<i128>() as usize != ops.len() {
        return None;
    }
    let mut at = 0;
    Some(
        sizes
            .iter()
            .map(|&s| {
                let v = ops[at..at + s as usize].to_vec();
                at += s as usize;
                v
            })
            .collect(),
    )
}

/// [`segments`], with upstream's verifier message when they are inconsistent.
pub fn segments_or_err(ctx: &Context, op: OpId, n: usize) -> Result<Vec<Vec<Value>>, Diagnostic> {
    segments(ctx, op, n).ok_or_else(|| {
        Diagnostic::op_error(ctx, op, "operand count does not match count from 'operandSegmentSizes' attribute")
    })
}

/// Operands `range` (clipped to the operand count) must be `index`, as ODS's
/// `Variadic<Index>` checks them.
pub fn check_index_operands(ctx: &Context, op: OpId, range: Range<usize>) -> Result<(), Diagnostic> {
    for (i, &v) in ctx.operands(op).iter().enumerate().take(range.end).skip(range.start) {
        let t = ctx.value_type(v);
        if !ctx.is_index(t) {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!("operand #{i} must be variadic of index, but got {}", quoted(ctx, t)),
            ));
        }
    }
    Ok(())
}

/// Dimensions agree where both are static.
pub fn compatible_shapes(a: &[i64], b: &[i64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| x == DYNAMIC || y == DYNAMIC || x == y)
}

/// Upstream's in-bounds check of a slice against the static sizes of its source
/// (`verifyInBoundsSlice`, shared with the folds in [`crate::offsets`]).
pub fn check_in_bounds(
    ctx: &Context,
    op: OpId,
    shape: &[i64],
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
) -> Result<(), Diagnostic> {
    match crate::offsets::out_of_bounds(shape, offsets, sizes, strides) {
        Some(msg) => Err(Diagnostic::error(ctx.op_loc(op), msg)),
        None => Ok(()),
    }
}

/// Which shaped type a parser expects.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shaped {
    MemRef,
    Tensor,
}

/// Parses a type that must be a `kind` (ranked when `ranked_only`), with upstream's message.
pub fn parse_shaped_type(p: &mut OpParser<'_, '_>, kind: Shaped, ranked_only: bool) -> PResult<Type> {
    let loc = p.current_loc();
    let t = p.parse_type()?;
    let (ranked, unranked) = match (kind, p.ctx().type_kind(t)) {
        (Shaped::MemRef, TypeKind::MemRef { .. }) | (Shaped::Tensor, TypeKind::RankedTensor { .. }) => (true, false),
        (Shaped::MemRef, TypeKind::UnrankedMemRef { .. }) | (Shaped::Tensor, TypeKind::UnrankedTensor { .. }) => {
            (false, true)
        }
        _ => (false, false),
    };
    if !(ranked || unranked && !ranked_only) {
        let shown = type_to_string(p.ctx(), t);
        let want = if kind == Shaped::MemRef { "memref" } else { "tensor" };
        return Err(
            p.error_at(loc, format!("invalid kind of type specified: expected builtin.{want}, but found '{shown}'"))
        );
    }
    Ok(t)
}

/// `$source attr-dict : type($source)` with an `index` result: `memref.rank`, `tensor.rank`.
pub fn parse_rank(p: &mut OpParser<'_, '_>, kind: Shaped) -> PResult<()> {
    flowgate_ir::asm::formats::parse_operand_colon_type(p, |p| parse_shaped_type(p, kind, false))?;
    let idx = p.ctx().index_type();
    p.add_result_types(&[idx]);
    Ok(())
}

/// `$source, $index attr-dict : type($source)` with an `index` result: `memref.dim` and
/// `tensor.dim`, the source's type read by the dialect's `parse_ty`.
pub fn parse_dim(
    p: &mut OpParser<'_, '_>,
    parse_ty: impl FnOnce(&mut OpParser<'_, '_>) -> PResult<Type>,
) -> PResult<()> {
    let source = p.parse_operand()?;
    p.expect_comma()?;
    let index = p.parse_operand()?;
    p.parse_optional_attr_dict()?;
    p.expect_colon()?;
    let t = parse_ty(p)?;
    p.add_operand(&source, t)?;
    let idx = p.ctx().index_type();
    p.add_operand(&index, idx)?;
    p.add_result_types(&[idx]);
    Ok(())
}

/// Prints [`parse_dim`]'s format.
pub fn print_dim(p: &mut OpPrinter<'_>, op: OpId) {
    let ops = p.ctx.operands(op);
    p.write(" ");
    p.print_operands(ops);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(p.ctx.value_type(ops[0]));
}

/// `$source[$indices] attr-dict : type($source)`, the element access of `memref.load`,
/// `memref.store`, `tensor.extract` and `tensor.insert` (after the stored value, which the
/// caller parses): adds the source and the indices and returns the source's type.
pub fn parse_indexed(p: &mut OpParser<'_, '_>, source: &UnresolvedOperand) -> PResult<Type> {
    let idx = p.parse_operand_list(flowgate_ir::asm::Delimiter::Square)?;
    p.parse_optional_attr_dict()?;
    let t = p.parse_colon_type()?;
    p.add_operand(source, t)?;
    let it = p.ctx().index_type();
    p.add_operands_same_type(&idx, it)?;
    Ok(t)
}

/// Prints [`parse_indexed`]'s format for the source at operand `at`, its indices after it.
pub fn print_indexed(p: &mut OpPrinter<'_>, op: OpId, at: usize, elided: &[&str]) {
    let ops = p.ctx.operands(op);
    p.print_value(ops[at]);
    p.write("[");
    p.print_operands(&ops[at + 1..]);
    p.write("]");
    p.print_optional_attr_dict(op, elided);
    p.write(" : ");
    p.print_type(p.ctx.value_type(ops[at]));
}

/// The three mixed lists of a slice- or view-like op (`[offsets] [sizes] [strides]`).
pub type IndexLists = [(Vec<UnresolvedOperand>, Vec<i64>); 3];

pub fn parse_index_lists(p: &mut OpParser<'_, '_>) -> PResult<IndexLists> {
    Ok([p.parse_dynamic_index_list()?, p.parse_dynamic_index_list()?, p.parse_dynamic_index_list()?])
}

/// Adds the dynamic entries of `lists` as index operands and the static ones as the
/// `static_offsets`, `static_sizes` and `static_strides` properties, after `leading` operands
/// of one value each (the sources), and sets `operandSegmentSizes` to match.
pub fn add_index_lists(p: &mut OpParser<'_, '_>, leading: usize, lists: IndexLists) -> PResult<()> {
    let idx = p.ctx().index_type();
    let mut seg = vec![1; leading];
    for (name, (dynamic, values)) in ["static_offsets", "static_sizes", "static_strides"].iter().zip(lists) {
        p.add_operands_same_type(&dynamic, idx)?;
        seg.push(dynamic.len() as i32);
        let a = p.ctx().dense_i64_array_attr(&values);
        p.add_attr(name, a);
    }
    let a = p.ctx().dense_i32_array_attr(&seg);
    p.add_attr("operandSegmentSizes", a);
    Ok(())
}
