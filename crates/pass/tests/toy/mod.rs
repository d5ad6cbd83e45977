//! A toy dialect for driver tests: `toy.const` (constant-like), `toy.add` (folds constants
//! and `x + 0`), `toy.neg` (a pattern removes double negation), `toy.br` (a branch).

use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};
use flowgate_ir::{
    AttrKind, Attribute, Builder, Context, Count, DialectDef, FoldResult, Location, OpDef, OpId, OperationState,
    RewritePattern, Traits, Type,
};

pub fn context() -> Context {
    let mut ctx = Context::new();
    flowgate_builtin::register(&mut ctx);
    flowgate_func::register(&mut ctx);
    ctx.register_dialect(DialectDef { name: "toy", materialize_constant: Some(materialize) });
    ctx.register_op(OpDef {
        traits: Traits::PURE | Traits::CONSTANT_LIKE,
        inherent_attrs: &["value"],
        operands: Count::Exactly(0),
        results: Count::Exactly(1),
        ..OpDef::new("toy.const")
    });
    ctx.register_op(OpDef {
        traits: Traits::PURE | Traits::COMMUTATIVE,
        fold: Some(fold_add),
        operands: Count::Exactly(2),
        results: Count::Exactly(1),
        ..OpDef::new("toy.add")
    });
    ctx.register_op(OpDef {
        traits: Traits::PURE,
        canonicalize: Some(|| vec![Box::new(DoubleNeg) as Box<dyn RewritePattern>]),
        operands: Count::Exactly(1),
        results: Count::Exactly(1),
        ..OpDef::new("toy.neg")
    });
    ctx.register_op(OpDef { traits: Traits::TERMINATOR, successors: Count::Exactly(1), ..OpDef::new("toy.br") });
    ctx.register_op(OpDef {
        traits: Traits::TERMINATOR,
        successors: Count::Exactly(2),
        successor_operands: Some(cond_br_operands),
        inherent_attrs: &["operandSegmentSizes"],
        ..OpDef::new("toy.cond_br")
    });
    ctx.allow_unregistered = true;
    ctx
}

/// `toy.cond_br(cond, true_args..., false_args...)` laid out by `operandSegmentSizes`.
fn cond_br_operands(ctx: &Context, op: OpId, i: usize) -> std::ops::Range<usize> {
    let sizes = ctx.attr(op, "operandSegmentSizes").and_then(|a| ctx.attr_as_dense_array(a)).unwrap_or(&[]);
    let seg = |k: usize| sizes.get(k).copied().unwrap_or(0).max(0) as usize;
    let start = seg(0) + if i == 0 { 0 } else { seg(1) };
    start..start + seg(i + 1)
}

fn materialize(b: &mut Builder<'_>, attr: Attribute, ty: Type, loc: Location) -> Option<OpId> {
    let st = OperationState::new(b.ctx, "toy.const", loc).results(&[ty]).attr(b.ctx, "value", attr);
    Some(b.create(st))
}

fn int_of(ctx: &Context, a: Option<Attribute>) -> Option<(i128, Type)> {
    match ctx.attr_kind(a?) {
        AttrKind::Integer { value, ty } => Some((*value, *ty)),
        _ => None,
    }
}

fn fold_add(ctx: &mut Context, op: OpId, consts: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let (a, b) = (consts.first().copied().flatten(), consts.get(1).copied().flatten());
    if let (Some((x, ty)), Some((y, _))) = (int_of(ctx, a), int_of(ctx, b)) {
        return Some(vec![FoldResult::Attr(ctx.integer_attr(x + y, ty))]);
    }
    if int_of(ctx, b).is_some_and(|(y, _)| y == 0) {
        return Some(vec![FoldResult::Value(ctx.operand(op, 0))]);
    }
    None
}

struct DoubleNeg;

impl RewritePattern for DoubleNeg {
    fn root(&self) -> Option<&'static str> {
        Some("toy.neg")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some(inner) = ctx.defining_op(ctx.operand(op, 0)) else { return false };
        if !ctx.is_op(inner, "toy.neg") {
            return false;
        }
        let x = ctx.operand(inner, 0);
        ctx.replace_op(op, &[x]);
        true
    }
}

pub fn parse(ctx: &mut Context, src: &str) -> OpId {
    let m = parse_source(ctx, "test.mlir", src, ParserConfig::default()).unwrap_or_else(|d| panic!("{}", d.message));
    flowgate_ir::verify::verify(ctx, m).unwrap_or_else(|d| panic!("{}", d.message));
    m
}

#[allow(dead_code)] // not every test binary prints
pub fn print(ctx: &Context, op: OpId) -> String {
    print_op(ctx, op, PrintFlags { generic: true, debuginfo: false, local_scope: false })
}
