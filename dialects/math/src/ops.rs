//! The math ops, grouped by signature: each group shares one syntax and one verifier.

use crate::fastmath;
use flowgate_ir::asm::{type_to_string, OpParser, OpPrinter, PResult, TokKind};
use flowgate_ir::{Context, Count, Diagnostic, OpDef, OpId, Traits, Type};

#[derive(Copy, Clone, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `math.sin %x [fastmath<..>] : f32`
    FloatUnary,
    /// `math.powf %a, %b [fastmath<..>] : f32`
    FloatBinary,
    /// `math.fma %a, %b, %c [fastmath<..>] : f32`
    FloatTernary,
    /// `math.absi %x : i32`
    IntUnary,
    /// `math.ipowi %a, %b : i32`
    IntBinary,
    /// `math.fpowi %a, %b [fastmath<..>] : f32, i32`
    FPowI,
    /// `math.isnan %x [fastmath<..>] : f32` giving `i1`
    Classify,
    /// `%s, %c = math.sincos %x [fastmath<..>] : f32`
    SinCos,
    /// `math.clampf %x to [%lo, %hi] [fastmath<..>] : f32`
    ClampF,
}

/// Every math op of upstream MLIR 22 and its group.
pub(crate) const OPS: &[(&str, Kind)] = &[
    ("math.absf", Kind::FloatUnary),
    ("math.acos", Kind::FloatUnary),
    ("math.acosh", Kind::FloatUnary),
    ("math.asin", Kind::FloatUnary),
    ("math.asinh", Kind::FloatUnary),
    ("math.atan", Kind::FloatUnary),
    ("math.atanh", Kind::FloatUnary),
    ("math.cbrt", Kind::FloatUnary),
    ("math.ceil", Kind::FloatUnary),
    ("math.cos", Kind::FloatUnary),
    ("math.cosh", Kind::FloatUnary),
    ("math.erf", Kind::FloatUnary),
    ("math.erfc", Kind::FloatUnary),
    ("math.exp", Kind::FloatUnary),
    ("math.exp2", Kind::FloatUnary),
    ("math.expm1", Kind::FloatUnary),
    ("math.floor", Kind::FloatUnary),
    ("math.log", Kind::FloatUnary),
    ("math.log10", Kind::FloatUnary),
    ("math.log1p", Kind::FloatUnary),
    ("math.log2", Kind::FloatUnary),
    ("math.round", Kind::FloatUnary),
    ("math.roundeven", Kind::FloatUnary),
    ("math.rsqrt", Kind::FloatUnary),
    ("math.sin", Kind::FloatUnary),
    ("math.sinh", Kind::FloatUnary),
    ("math.sqrt", Kind::FloatUnary),
    ("math.tan", Kind::FloatUnary),
    ("math.tanh", Kind::FloatUnary),
    ("math.trunc", Kind::FloatUnary),
    ("math.atan2", Kind::FloatBinary),
    ("math.copysign", Kind::FloatBinary),
    ("math.powf", Kind::FloatBinary),
    ("math.fma", Kind::FloatTernary),
    ("math.absi", Kind::IntUnary),
    ("math.ctlz", Kind::IntUnary),
    ("math.ctpop", Kind::IntUnary),
    ("math.cttz", Kind::IntUnary),
    ("math.ipowi", Kind::IntBinary),
    ("math.fpowi", Kind::FPowI),
    ("math.isfinite", Kind::Classify),
    ("math.isinf", Kind::Classify),
    ("math.isnan", Kind::Classify),
    ("math.isnormal", Kind::Classify),
    ("math.sincos", Kind::SinCos),
    ("math.clampf", Kind::ClampF),
];

impl Kind {
    fn arity(self) -> usize {
        match self {
            Kind::FloatUnary | Kind::IntUnary | Kind::Classify | Kind::SinCos => 1,
            Kind::FloatBinary | Kind::IntBinary | Kind::FPowI => 2,
            Kind::FloatTernary | Kind::ClampF => 3,
        }
    }

    fn has_fastmath(self) -> bool {
        !matches!(self, Kind::IntUnary | Kind::IntBinary)
    }
}

pub(crate) fn def(name: &'static str, kind: Kind) -> OpDef {
    OpDef {
        traits: Traits::PURE,
        inherent_attrs: if kind.has_fastmath() { &["fastmath"] } else { &[] },
        parse: Some(parse),
        print: Some(print),
        verify: Some(verify),
        result_names_each: if kind == Kind::SinCos {
            Some(|_, _| Some(vec!["sin".to_string(), "cos".to_string()]))
        } else {
            None
        },
        operands: Count::Exactly(kind.arity()),
        results: Count::Exactly(if kind == Kind::SinCos { 2 } else { 1 }),
        regions: Count::Exactly(0),
        successors: Count::Exactly(0),
        ..OpDef::new(name)
    }
}

fn kind_of(name: &str) -> Kind {
    OPS.iter().find(|(n, _)| *n == name).map_or(Kind::FloatUnary, |&(_, k)| k)
}

fn parse(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let name = p.state.name;
    let kind = kind_of(p.ctx().str(name));
    let mut vals = vec![p.parse_operand()?];
    if kind == Kind::ClampF {
        p.expect_keyword("to")?;
        p.expect(TokKind::LSquare, "'['")?;
        vals.push(p.parse_operand()?);
        p.expect_comma()?;
        vals.push(p.parse_operand()?);
        p.expect(TokKind::RSquare, "']'")?;
    } else {
        while vals.len() < kind.arity() {
            p.expect_comma()?;
            vals.push(p.parse_operand()?);
        }
    }
    if kind.has_fastmath() && kind != Kind::Classify {
        fastmath::parse(p)?;
    }
    p.parse_optional_attr_dict()?;
    if kind == Kind::Classify {
        // Upstream's classification ops keep the flags in the attribute dictionary.
        fastmath::default_if_missing(p);
    }
    p.expect_colon()?;
    let ty_loc = p.current_loc();
    let ty = p.parse_type()?;
    match kind {
        Kind::FPowI => {
            p.expect_comma()?;
            let it = p.parse_type()?;
            p.add_operand(&vals[0], ty)?;
            p.add_operand(&vals[1], it)?;
            p.add_result_types(&[ty]);
        }
        Kind::Classify => {
            // The result type is inferred from the operand's, which must therefore be valid.
            if !float_like(p.ctx(), ty) {
                let shown = flowgate_ir::asm::type_to_string(p.ctx(), ty);
                return Err(p.error_at(ty_loc, format!("'operand' must be floating-point-like, but got '{shown}'")));
            }
            p.add_operand(&vals[0], ty)?;
            let i1 = p.ctx().i1_type();
            let rt = p.ctx().with_element_type(ty, i1);
            p.add_result_types(&[rt]);
        }
        _ => {
            p.add_operands_same_type(&vals, ty)?;
            let n = if kind == Kind::SinCos { 2 } else { 1 };
            p.add_result_types(&vec![ty; n]);
        }
    }
    Ok(())
}

fn print(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let kind = kind_of(ctx.op_name(op));
    let ops = ctx.operands(op);
    p.write(" ");
    if kind == Kind::ClampF {
        p.print_value(ops[0]);
        p.write(" to [");
        p.print_operands(&ops[1..]);
        p.write("]");
    } else {
        p.print_operands(ops);
    }
    if kind == Kind::Classify {
        let elided: &[&str] = if fastmath::is_none(ctx, op) { &["fastmath"] } else { &[] };
        p.print_optional_attr_dict(op, elided);
    } else {
        if kind.has_fastmath() {
            fastmath::print(p, op);
        }
        p.print_optional_attr_dict(op, &["fastmath"]);
    }
    p.write(" : ");
    match kind {
        Kind::FPowI => p.print_value_types(ops),
        Kind::Classify | Kind::SinCos => p.print_type(ctx.value_type(ops[0])),
        _ => p.print_type(ctx.value_type(ctx.result(op, 0))),
    }
}

/// Scalars, or vectors and tensors of them, whose element satisfies `elem`.
fn like(ctx: &Context, t: Type, elem: impl Fn(&Context, Type) -> bool) -> bool {
    if elem(ctx, t) {
        return true;
    }
    (ctx.is_vector(t) || ctx.is_tensor(t)) && ctx.element_type(t).is_some_and(|e| elem(ctx, e))
}

fn float_like(ctx: &Context, t: Type) -> bool {
    like(ctx, t, |c, e| c.is_float(e))
}

fn int_like(ctx: &Context, t: Type) -> bool {
    like(ctx, t, |c, e| c.is_signless_integer(e))
}

fn bool_like(ctx: &Context, t: Type) -> bool {
    like(ctx, t, |c, e| c.is_signless_integer(e) && c.int_width(e) == Some(1))
}

fn q(ctx: &Context, t: Type) -> String {
    format!("'{}'", type_to_string(ctx, t))
}

/// ODS-style constraint on one operand or result.
fn check(ctx: &Context, op: OpId, what: &str, i: usize, t: Type, ok: bool, desc: &str) -> Result<(), Diagnostic> {
    if ok {
        return Ok(());
    }
    Err(Diagnostic::op_error(ctx, op, format!("{what} #{i} must be {desc}, but got {}", q(ctx, t))))
}

/// `None` for scalars, the dimensions otherwise (unranked tensors have `Some(None)`).
fn shape_of(ctx: &Context, t: Type) -> Option<Option<Vec<i64>>> {
    if ctx.is_vector(t) || ctx.is_tensor(t) {
        Some(ctx.shape(t).map(|s| s.to_vec()))
    } else {
        None
    }
}

fn verify(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let kind = kind_of(ctx.op_name(op));
    let ins = ctx.operand_types(op);
    let outs = ctx.result_types(op);
    let (fl, il) = ("floating-point-like", "signless-integer-like");
    match kind {
        Kind::IntUnary | Kind::IntBinary => {
            for (i, &t) in ins.iter().enumerate() {
                check(ctx, op, "operand", i, t, int_like(ctx, t), il)?;
            }
            check(ctx, op, "result", 0, outs[0], int_like(ctx, outs[0]), il)?;
        }
        Kind::FPowI => {
            check(ctx, op, "operand", 0, ins[0], float_like(ctx, ins[0]), fl)?;
            check(ctx, op, "operand", 1, ins[1], int_like(ctx, ins[1]), il)?;
            check(ctx, op, "result", 0, outs[0], float_like(ctx, outs[0]), fl)?;
            if shape_of(ctx, ins[0]) != shape_of(ctx, ins[1]) || shape_of(ctx, ins[0]) != shape_of(ctx, outs[0]) {
                return Err(Diagnostic::op_error(ctx, op, "requires the same shape for all operands and results"));
            }
            if ins[0] != outs[0] {
                return Err(Diagnostic::op_error(ctx, op, "failed to verify that all of {lhs, result} have same type"));
            }
            return fastmath::verify(ctx, op);
        }
        Kind::Classify => {
            check(ctx, op, "operand", 0, ins[0], float_like(ctx, ins[0]), fl)?;
            check(ctx, op, "result", 0, outs[0], bool_like(ctx, outs[0]), "bool-like")?;
            if shape_of(ctx, ins[0]) != shape_of(ctx, outs[0]) || ctx.is_vector(ins[0]) != ctx.is_vector(outs[0]) {
                return Err(Diagnostic::op_error(
                    ctx,
                    op,
                    "failed to verify that result type has i1 element type and same shape as operands",
                ));
            }
            return fastmath::verify(ctx, op);
        }
        _ => {
            for (i, &t) in ins.iter().enumerate() {
                check(ctx, op, "operand", i, t, float_like(ctx, t), fl)?;
            }
            for (i, &t) in outs.iter().enumerate() {
                check(ctx, op, "result", i, t, float_like(ctx, t), fl)?;
            }
        }
    }
    if ins.iter().chain(&outs).any(|&t| t != ins[0]) {
        return Err(Diagnostic::op_error(ctx, op, "requires the same type for all operands and results"));
    }
    fastmath::verify(ctx, op)
}
