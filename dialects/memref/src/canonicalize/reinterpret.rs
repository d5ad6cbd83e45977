//! Folds and patterns of `memref.reinterpret_cast` and `memref.extract_strided_metadata`,
//! after upstream's `ReinterpretCastOp::fold`, `ReinterpretCastOpExtractStridedMetadataFolder`,
//! `ReinterpretCastOpConstantFolder` and `ExtractStridedMetadataOp::fold`.

use super::layout::strided_type;
use super::mixed::{self, const_value, constify, index_constant, read, replace_with_cast, Entry, Lists};
use crate::util::{ranked, strides_and_offset};
use flowgate_ir::{Attribute, Builder, Context, FoldResult, OpId, RewritePattern, Type, Value, DYNAMIC};

pub(crate) fn fold(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let l = read(ctx, op)?;
    let res = *ctx.results(op).first()?;
    // The cast only reads its source's base pointer, which these ops keep.
    let prev = ctx.defining_op(l.source).and_then(|d| match ctx.op_name(d) {
        "memref.reinterpret_cast" | "memref.cast" => ctx.operands(d).first().copied(),
        "memref.subview" => {
            read(ctx, d).filter(|pl| pl.offsets.iter().all(|&e| const_value(ctx, e) == Some(0))).map(|pl| pl.source)
        }
        _ => None,
    });
    if let Some(p) = prev {
        ctx.set_operand(op, 0, p);
        return Some(vec![FoldResult::Value(res)]);
    }
    let res_ty = ctx.value_type(res);
    let static_shape = ranked(ctx, res_ty).is_some_and(|m| !m.shape.contains(&DYNAMIC));
    if static_shape && ctx.value_type(l.source) == res_ty && l.offsets.first() == Some(&Entry::Static(0)) {
        return Some(vec![FoldResult::Value(l.source)]);
    }
    None
}

pub(crate) fn patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(OfExtractStridedMetadata), Box::new(ConstantArguments)]
}

/// The constified (offset, sizes, strides) of a reinterpret_cast, from its result type and
/// constant operands (upstream's `getConstifiedMixed*`).
fn constified(ctx: &Context, op: OpId, l: &Lists) -> Option<(Vec<Entry>, Vec<Entry>, Vec<Entry>)> {
    let ty = ctx.value_type(*ctx.results(op).first()?);
    let shape = ranked(ctx, ty)?.shape;
    let (strides, offset) = strides_and_offset(ctx, ty)?;
    if l.offsets.len() != 1 || l.sizes.len() != shape.len() || l.strides.len() != strides.len() {
        return None;
    }
    Some((constify(ctx, &l.offsets, &[offset]), constify(ctx, &l.sizes, &shape), constify(ctx, &l.strides, &strides)))
}

/// The constified (offset, sizes, strides) results of an `extract_strided_metadata`.
fn metadata_constified(ctx: &Context, md: OpId) -> Option<(Vec<Entry>, Vec<Entry>, Vec<Entry>)> {
    let src = *ctx.operands(md).first()?;
    let ty = ctx.value_type(src);
    let shape = ranked(ctx, ty)?.shape;
    let (strides, offset) = strides_and_offset(ctx, ty)?;
    let r = ctx.results(md);
    let n = shape.len();
    if r.len() != 2 + 2 * n {
        return None;
    }
    let dyns = |vs: &[Value]| vs.iter().map(|&v| Entry::Dynamic(v)).collect::<Vec<_>>();
    Some((
        constify(ctx, &dyns(&r[1..2]), &[offset]),
        constify(ctx, &dyns(&r[2..2 + n]), &shape),
        constify(ctx, &dyns(&r[2 + n..]), &strides),
    ))
}

/// `reinterpret_cast(extract_strided_metadata(x))` rebuilding `x`'s own metadata is `x` (cast
/// to the result type when they differ); otherwise the cast reads `x`'s base directly.
struct OfExtractStridedMetadata;

impl RewritePattern for OfExtractStridedMetadata {
    fn root(&self) -> Option<&'static str> {
        Some("memref.reinterpret_cast")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(l) = read(ctx, op) else { return false };
        let Some(md) = ctx.defining_op(l.source).filter(|&d| ctx.is_op(d, "memref.extract_strided_metadata")) else {
            return false;
        };
        let Some(&x) = ctx.operands(md).first() else { return false };
        let noop = match (metadata_constified(ctx, md), constified(ctx, op, &l)) {
            (Some((mo, ms, mt)), Some((o, s, t))) => mt == t && ms == s && mo == o,
            _ => false,
        };
        if !noop {
            b.ctx.set_operand(op, 0, x);
            return true;
        }
        replace_with_cast(b, op, x);
        true
    }
}

/// Constant or type-known offset, sizes and strides become static ones: a new reinterpret_cast
/// with the static strided type, cast back to the old type.
struct ConstantArguments;

impl RewritePattern for ConstantArguments {
    fn root(&self) -> Option<&'static str> {
        Some("memref.reinterpret_cast")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(l) = read(ctx, op) else { return false };
        let Some((o, s, t)) = constified(ctx, op, &l) else { return false };
        let count = |v: &[&[Entry]]| v.iter().flat_map(|x| x.iter()).filter(|e| matches!(e, Entry::Static(_))).count();
        if count(&[&l.offsets, &l.sizes, &l.strides]) == count(&[&o, &s, &t]) {
            return false;
        }
        let src_ty = ctx.value_type(l.source);
        let Some(element) = ctx.element_type(src_ty) else { return false };
        let space = crate::util::memory_space(ctx, src_ty);
        let offset = mixed::statics(&o).first().copied().unwrap_or(DYNAMIC);
        let ty: Type = strided_type(b.ctx, mixed::statics(&s), element, mixed::statics(&t), offset, space);
        let loc = b.ctx.op_loc(op);
        let new_lists = Lists { source: l.source, offsets: o, sizes: s, strides: t };
        let st = mixed::state(b.ctx, "memref.reinterpret_cast", loc, &new_lists, ty);
        let nv = b.create_value(st);
        replace_with_cast(b, op, nv);
        true
    }
}

/// `extract_strided_metadata`: results known from the source type become constants, and the
/// source of a `memref.cast` from a ranked memref is read directly (the results do not depend
/// on the layout spelled by the cast). A pattern rather than a fold because it creates
/// constants.
pub(crate) fn metadata_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(MetadataFolder)]
}

struct MetadataFolder;

impl RewritePattern for MetadataFolder {
    fn root(&self) -> Option<&'static str> {
        Some("memref.extract_strided_metadata")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some((o, s, t)) = metadata_constified(ctx, op) else { return false };
        let results = ctx.results(op).to_vec();
        let mut changed = false;
        let loc = ctx.op_loc(op);
        for (&r, e) in results[1..].iter().zip(o.iter().chain(&s).chain(&t)) {
            // Only used results: a constant for an unused one would be created again and again.
            if let (Entry::Static(c), true) = (*e, b.ctx.has_uses(r)) {
                let cv = index_constant(b, c, loc);
                b.ctx.replace_all_uses(r, cv);
                changed = true;
            }
        }
        let ctx = &*b.ctx;
        let src = ctx.operand(op, 0);
        if let Some(cast) = ctx.defining_op(src).filter(|&d| ctx.is_op(d, "memref.cast")) {
            if let Some(&x) = ctx.operands(cast).first().filter(|&&x| ranked(ctx, ctx.value_type(x)).is_some()) {
                b.ctx.set_operand(op, 0, x);
                changed = true;
            }
        }
        changed
    }
}
