//! Upstream's patterns that move bit logic below integer extensions and shorten bitcast chains.

use crate::builders;
use crate::canonicalize::constant_of;
use crate::consts::{decode, int_width, zext};
use flowgate_ir::{Builder, FloatKind, OpId, OperationState, RewritePattern};

/// `and|or|xor(ext(x), ext(y)) -> ext(and|or|xor(x, y))` when both extensions are of the same
/// kind (`extui` or `extsi`) from the same type: extending commutes with bitwise logic, the
/// sign (or zero) bits of both operands combine into the sign (or zero) bits of the result.
struct LogicOfExtensions(&'static str);

impl RewritePattern for LogicOfExtensions {
    fn root(&self) -> Option<&'static str> {
        Some(self.0)
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let ([x, y], [r]) = (ctx.operands(op), ctx.results(op)) else { return false };
        let (Some(dx), Some(dy)) = (ctx.defining_op(*x), ctx.defining_op(*y)) else { return false };
        let ext = ctx.op_name(dx);
        if !matches!(ext, "arith.extui" | "arith.extsi") || ctx.op_name(dy) != ext {
            return false;
        }
        let ([a], [c]) = (ctx.operands(dx), ctx.operands(dy)) else { return false };
        let (a, c, ty) = (*a, *c, ctx.value_type(*r));
        if ctx.value_type(a) != ctx.value_type(c) {
            return false;
        }
        let ext = ext.to_string();
        let loc = ctx.op_loc(op);
        let Some(inner) = builders::binary(b, self.0, a, c, loc) else { return false };
        let Some(nv) = builders::cast(b, &ext, inner, ty, loc) else { return false };
        b.ctx.replace_op(op, &[nv]);
        true
    }
}

/// `bitcast(bitcast(x)) -> bitcast(x)`: the intermediate type only renames the bits. A chain
/// back to `x`'s type then folds away as an identity cast.
struct BitcastOfBitcast;

impl RewritePattern for BitcastOfBitcast {
    fn root(&self) -> Option<&'static str> {
        Some("arith.bitcast")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let ([x], [r]) = (ctx.operands(op), ctx.results(op)) else { return false };
        let Some(d) = ctx.defining_op(*x).filter(|&d| ctx.is_op(d, "arith.bitcast")) else { return false };
        let [src] = ctx.operands(d) else { return false };
        let (src, ty, loc) = (*src, ctx.value_type(*r), ctx.op_loc(op));
        let Some(nv) = builders::cast(b, "arith.bitcast", src, ty, loc) else { return false };
        b.ctx.replace_op(op, &[nv]);
        true
    }
}

/// `index_cast(extsi(x)) -> index_cast(x)` and `index_castui(extui(x)) -> index_castui(x)`:
/// the cast extends the same way itself.
struct IndexCastOfExtension(&'static str, &'static str);

impl RewritePattern for IndexCastOfExtension {
    fn root(&self) -> Option<&'static str> {
        Some(self.0)
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let ([x], [r]) = (ctx.operands(op), ctx.results(op)) else { return false };
        let Some(d) = ctx.defining_op(*x).filter(|&d| ctx.is_op(d, self.1)) else { return false };
        let [src] = ctx.operands(d) else { return false };
        let (src, ty, loc) = (*src, ctx.value_type(*r), ctx.op_loc(op));
        let Some(nv) = builders::cast(b, self.0, src, ty, loc) else { return false };
        b.ctx.replace_op(op, &[nv]);
        true
    }
}

/// `trunci(shrsi(x, c)) -> trunci(shrui(x, c))` when `c` is exactly the number of truncated
/// bits: the two shifts differ only in those bits.
struct TruncIOfShrSI;

impl RewritePattern for TruncIOfShrSI {
    fn root(&self) -> Option<&'static str> {
        Some("arith.trunci")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let ([x], [r]) = (ctx.operands(op), ctx.results(op)) else { return false };
        let Some(d) = ctx.defining_op(*x).filter(|&d| ctx.is_op(d, "arith.shrsi")) else { return false };
        let [a, c] = ctx.operands(d) else { return false };
        let (a, c) = (*a, *c);
        let wide = |v| int_width(ctx, ctx.element_type_or_self(ctx.value_type(v)));
        let (Some(wa), Some(wr)) = (wide(a), wide(*r)) else { return false };
        let Some(attr) = constant_of(ctx, c) else { return false };
        let amount = decode(ctx, attr).and_then(|k| k.splat_int()).map(|v| zext(v, wa));
        if wr == 0 || wa <= wr || amount != Some(u128::from(wa - wr)) {
            return false;
        }
        let (ty_r, loc) = (ctx.value_type(*r), ctx.op_loc(op));
        let attrs = ctx.attrs(op).to_vec();
        let Some(k) = builders::constant(b, attr, loc) else { return false };
        let Some(shr) = builders::binary(b, "arith.shrui", a, k, loc) else { return false };
        let mut st = OperationState::new(b.ctx, "arith.trunci", loc).operands(&[shr]).results(&[ty_r]);
        st.attrs = attrs;
        let nv = b.create_value(st);
        b.ctx.replace_op(op, &[nv]);
        true
    }
}

/// `truncf(sitofp(x)) -> sitofp(x)` (and `uitofp`) without a rounding mode. Upstream folds it
/// always; we only when the first conversion is exact (`x` fits the intermediate significand),
/// so that one rounding replaces one rounding: otherwise double rounding can differ.
struct TruncFOfIntToFloat;

fn significand_bits(k: FloatKind) -> u32 {
    match k {
        FloatKind::F16 => 11,
        FloatKind::BF16 => 8,
        FloatKind::F32 => 24,
        FloatKind::F64 => 53,
    }
}

impl RewritePattern for TruncFOfIntToFloat {
    fn root(&self) -> Option<&'static str> {
        Some("arith.truncf")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        if ctx.attr(op, "roundingmode").is_some() {
            return false;
        }
        let ([x], [r]) = (ctx.operands(op), ctx.results(op)) else { return false };
        let Some(d) = ctx.defining_op(*x) else { return false };
        let conv = ctx.op_name(d);
        let signed = match conv {
            "arith.sitofp" => true,
            "arith.uitofp" => false,
            _ => return false,
        };
        let [src] = ctx.operands(d) else { return false };
        let Some(w) = int_width(ctx, ctx.element_type_or_self(ctx.value_type(*src))) else { return false };
        let Some(k) = ctx.float_kind(ctx.element_type_or_self(ctx.value_type(*x))) else { return false };
        let value_bits = if signed { w.saturating_sub(1) } else { w };
        if value_bits > significand_bits(k) {
            return false;
        }
        let (src, ty, loc, conv) = (*src, ctx.value_type(*r), ctx.op_loc(op), conv.to_string());
        let Some(nv) = builders::cast(b, &conv, src, ty, loc) else { return false };
        b.ctx.replace_op(op, &[nv]);
        true
    }
}

pub fn index_cast_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(IndexCastOfExtension("arith.index_cast", "arith.extsi"))]
}

pub fn index_castui_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(IndexCastOfExtension("arith.index_castui", "arith.extui"))]
}

/// The `trunci` pattern after `canonicalize.rs`'s extension ones, as upstream registers them.
pub fn trunci_shift_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(TruncIOfShrSI)]
}

pub fn truncf_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(TruncFOfIntToFloat)]
}

pub fn andi_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(LogicOfExtensions("arith.andi"))]
}

pub fn ori_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(LogicOfExtensions("arith.ori"))]
}

/// The extension patterns of `xori`, after `XOrINotCmpI` as upstream registers them.
pub fn xori_ext_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(LogicOfExtensions("arith.xori"))]
}

pub fn bitcast_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(BitcastOfBitcast)]
}
