//! Verifier and parser helpers shared by the two dialects of shaped types, `memref` and
//! `tensor`: their ops differ in the type they act on, not in how operand lists, segment
//! sizes, index operands or slice bounds are checked.

use flowgate_ir::asm::{type_to_string, OpParser, OpPrinter, PResult, UnresolvedOperand};
use flowgate_ir::{Context, Count, Diagnostic, OpDef, OpId, ParseFn, Type, TypeKind, Value, VerifyFn, DYNAMIC};
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

impl Shaped {
    /// The word upstream's messages use for the kind.
    pub fn word(self) -> &'static str {
        match self {
            Shaped::MemRef => "memref",
            Shaped::Tensor => "tensor",
        }
    }

    /// Whether `t` is of this kind, ranked or not.
    pub fn holds(self, ctx: &Context, t: Type) -> bool {
        match self {
            Shaped::MemRef => ctx.is_memref(t),
            Shaped::Tensor => ctx.is_tensor(t),
        }
    }

    /// How upstream's verifier names an operand of any type of this kind.
    pub fn any_type(self) -> &'static str {
        match self {
            Shaped::MemRef => "ranked or unranked memref of any type values",
            Shaped::Tensor => "tensor of any type values",
        }
    }

    /// The shape of `t` when it is a ranked type of this kind.
    pub fn ranked_shape(self, ctx: &Context, t: Type) -> Option<&[i64]> {
        match (self, ctx.type_kind(t)) {
            (Shaped::MemRef, TypeKind::MemRef { shape, .. })
            | (Shaped::Tensor, TypeKind::RankedTensor { shape, .. }) => Some(shape),
            _ => None,
        }
    }
}

/// `memref.reshape` or `tensor.reshape`: a source reshaped by a shape operand, in the format of
/// [`flowgate_ir::asm::formats::parse_reshape`]; `verify` is the dialect's (built from the
/// checks below).
pub fn reshape_op(kind: Shaped, verify: VerifyFn) -> OpDef {
    let name = match kind {
        Shaped::MemRef => "memref.reshape",
        Shaped::Tensor => "tensor.reshape",
    };
    OpDef {
        parse: Some(flowgate_ir::asm::formats::parse_reshape),
        print: Some(flowgate_ir::asm::formats::print_reshape),
        verify: Some(verify),
        result_names: Some(|_, _| Some("reshape".into())),
        operands: Count::Exactly(2),
        ..OpDef::pure_value(name)
    }
}

/// The checks `memref.reshape` and `tensor.reshape` share, in upstream's words, each called
/// where the dialect's verifier makes it so the first failure is upstream's: the shape operand
/// (#1) is a 1-D `kind` of signless integers or index (its length is returned) ...
pub fn reshape_shape_len(ctx: &Context, op: OpId, kind: Shaped) -> Result<i64, Diagnostic> {
    let sh = ctx.value_type(ctx.operand(op, 1));
    match kind.ranked_shape(ctx, sh) {
        Some(&[n]) if ctx.element_type(sh).is_some_and(|e| ctx.is_signless_int_or_index(e)) => Ok(n),
        _ => {
            let w = kind.word();
            let msg =
                format!("operand #1 must be 1D {w} of signless integer or index values, but got {}", quoted(ctx, sh));
            Err(Diagnostic::op_error(ctx, op, msg))
        }
    }
}

/// ... the source and result element types agree ...
pub fn check_reshape_elements(
    ctx: &Context,
    op: OpId,
    kind: Shaped,
    src: Type,
    result: Type,
) -> Result<(), Diagnostic> {
    if ctx.element_type(src) == ctx.element_type(result) {
        return Ok(());
    }
    let msg = format!("element types of source and destination {} types should be the same", kind.word());
    Err(Diagnostic::op_error(ctx, op, msg))
}

/// ... and a ranked result has as many dimensions as the shape operand is long.
pub fn check_reshape_rank(
    ctx: &Context,
    op: OpId,
    kind: Shaped,
    shape_len: i64,
    rank: usize,
) -> Result<(), Diagnostic> {
    let w = kind.word();
    if shape_len == DYNAMIC {
        let msg = format!("cannot use shape operand with dynamic length to reshape to statically-ranked {w} type");
        return Err(Diagnostic::op_error(ctx, op, msg));
    }
    if shape_len != rank as i64 {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("length of shape operand differs from the result's {w} rank"),
        ));
    }
    Ok(())
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

/// `memref.rank` or `tensor.rank`: `$source attr-dict : type($source)`, an `index` result.
pub fn rank_op(kind: Shaped) -> OpDef {
    let (name, parse, verify): (&'static str, ParseFn, VerifyFn) = match kind {
        Shaped::MemRef => ("memref.rank", |p| parse_rank(p, Shaped::MemRef), |c, o| verify_rank(c, o, Shaped::MemRef)),
        Shaped::Tensor => ("tensor.rank", |p| parse_rank(p, Shaped::Tensor), |c, o| verify_rank(c, o, Shaped::Tensor)),
    };
    OpDef {
        parse: Some(parse),
        print: Some(flowgate_ir::asm::formats::print_operand_colon_type),
        verify: Some(verify),
        result_names: Some(|_, _| Some("rank".into())),
        operands: Count::Exactly(1),
        ..OpDef::pure_value(name)
    }
}

fn verify_rank(ctx: &Context, op: OpId, kind: Shaped) -> Result<(), Diagnostic> {
    let t = ctx.value_type(ctx.operand(op, 0));
    if !kind.holds(ctx, t) {
        let msg = format!("operand #0 must be {}, but got {}", kind.any_type(), quoted(ctx, t));
        return Err(Diagnostic::op_error(ctx, op, msg));
    }
    let rt = ctx.value_type(ctx.result(op, 0));
    if !ctx.is_index(rt) {
        return Err(Diagnostic::op_error(ctx, op, format!("result #0 must be index, but got {}", quoted(ctx, rt))));
    }
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
    p.print_attrs_colon_type(op, p.ctx.value_type(ops[0]));
}

/// `$source[$indices] attr-dict : type($source)`, the element access of `memref.load`,
/// `memref.store`, `tensor.extract` and `tensor.insert` (after the stored value, which the
/// caller parses): adds the source and the indices and returns the source's type.
pub fn parse_indexed(p: &mut OpParser<'_, '_>, source: &UnresolvedOperand) -> PResult<Type> {
    let idx = p.parse_operand_list(flowgate_ir::asm::Delimiter::Square)?;
    p.parse_optional_attr_dict()?;
    let t = p.parse_colon_type()?;
    p.add_operand(source, t)?;
    p.add_index_operands(&idx)?;
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
    let mut seg = vec![1; leading];
    for (name, (dynamic, values)) in ["static_offsets", "static_sizes", "static_strides"].iter().zip(lists) {
        p.add_index_operands(&dynamic)?;
        seg.push(dynamic.len() as i32);
        let a = p.ctx().dense_i64_array_attr(&values);
        p.add_attr(name, a);
    }
    let a = p.ctx().dense_i32_array_attr(&seg);
    p.add_attr("operandSegmentSizes", a);
    Ok(())
}

/// What separates the written value from the destination in [`parse_element_write`]'s format.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WriteSeparator {
    /// `memref.store %v, %m[%i]`
    Comma,
    /// `tensor.insert %v into %t[%i]`
    Into,
}

impl WriteSeparator {
    fn text(self) -> &'static str {
        match self {
            WriteSeparator::Comma => ", ",
            WriteSeparator::Into => " into ",
        }
    }
}

/// `$value SEP $dest[$indices] attr-dict : type($dest)`, the element write of `memref.store` and
/// `tensor.insert`: adds the value (typed as the destination's element), the destination and
/// the indices, and returns the destination's type, which must be a `kind`.
pub fn parse_element_write(p: &mut OpParser<'_, '_>, kind: Shaped, sep: WriteSeparator) -> PResult<Type> {
    let value = p.parse_operand()?;
    match sep {
        WriteSeparator::Comma => p.expect_comma()?,
        WriteSeparator::Into => p.expect_keyword("into")?,
    }
    let dest = p.parse_operand()?;
    let idx = p.parse_operand_list(flowgate_ir::asm::Delimiter::Square)?;
    p.parse_optional_attr_dict()?;
    let t = p.parse_colon_type()?;
    let Some(elem) = p.ctx().element_type(t).filter(|_| kind.holds(p.ctx(), t)) else {
        return Err(p.error(format!("expected {} type", kind.word())));
    };
    p.add_operand(&value, elem)?;
    p.add_operand(&dest, t)?;
    p.add_index_operands(&idx)?;
    Ok(t)
}

/// Prints [`parse_element_write`]'s format.
pub fn print_element_write(p: &mut OpPrinter<'_>, op: OpId, sep: WriteSeparator, elided: &[&str]) {
    p.write(" ");
    p.print_value(p.ctx.operand(op, 0));
    p.write(sep.text());
    print_indexed(p, op, 1, elided);
}

/// `attr-dict : type($source) KEYWORD type($dest)` after a source and a destination operand,
/// as `memref.copy` (`to`) and `tensor.insert_slice` (`into`) end: adds both operands and
/// returns the destination's type.
pub fn parse_source_dest_types(
    p: &mut OpParser<'_, '_>,
    source: &UnresolvedOperand,
    dest: &UnresolvedOperand,
    keyword: &str,
) -> PResult<Type> {
    p.parse_optional_attr_dict()?;
    let source_type = p.parse_colon_type()?;
    p.expect_keyword(keyword)?;
    let dest_type = p.parse_type()?;
    p.add_operand(source, source_type)?;
    p.add_operand(dest, dest_type)?;
    Ok(dest_type)
}

/// The terminator that yields one value from a shaped op's body (`tensor.yield` in
/// `tensor.generate` and `tensor.pad`, `memref.atomic_yield` in `memref.generic_atomic_rmw`):
/// `$value attr-dict : type($value)`; `verify` checks its parent and the value's type.
pub fn single_yield_op(name: &'static str, verify: VerifyFn) -> OpDef {
    OpDef {
        traits: flowgate_ir::Traits::PURE | flowgate_ir::Traits::TERMINATOR | flowgate_ir::Traits::RETURN_LIKE,
        parse: Some(flowgate_ir::asm::formats::parse_operand_colon_any_type),
        print: Some(flowgate_ir::asm::formats::print_operand_colon_type),
        verify: Some(verify),
        operands: Count::Exactly(1),
        results: Count::Exactly(0),
        ..OpDef::leaf(name)
    }
}

/// `$source (sizes)? attr-dict : TYPES`, an op on a source whose result's dynamic sizes follow
/// it in `delim` brackets: `tensor.splat %v[%d]` and `memref.realloc %m(%n)`. `types` reads
/// what follows the colon and returns the source's and the result's types.
pub fn parse_source_sizes(
    p: &mut OpParser<'_, '_>,
    delim: flowgate_ir::asm::Delimiter,
    types: impl FnOnce(&mut OpParser<'_, '_>) -> PResult<(Type, Type)>,
) -> PResult<()> {
    let source = p.parse_operand()?;
    let sizes = p.parse_operand_list(delim)?;
    p.parse_optional_attr_dict()?;
    p.expect_colon()?;
    let (source_type, result_type) = types(p)?;
    p.add_operand(&source, source_type)?;
    p.add_index_operands(&sizes)?;
    p.add_result_types(&[result_type]);
    Ok(())
}

/// Prints [`parse_source_sizes`]'s format up to the colon and `shown`, the first type after it.
pub fn print_source_sizes(p: &mut OpPrinter<'_>, op: OpId, delim: flowgate_ir::asm::Delimiter, shown: Type) {
    let sizes = &p.ctx.operands(op)[1..];
    p.print_first_operand(op);
    flowgate_ir::asm::formats::print_optional_list(p, sizes, delim);
    p.print_attrs_colon_type(op, shown);
}
