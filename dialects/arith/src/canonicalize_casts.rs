//! Upstream's patterns that move bit logic below integer extensions and shorten bitcast chains.

use crate::builders;
use flowgate_ir::{Builder, OpId, RewritePattern};

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
