//! Verifiers, in upstream's order: attribute constraints, operand and result type classes,
//! predicate traits, native traits (same types, same shapes, elementwise), then the op's own
//! checks (cast compatibility, constants, select conditions).

use crate::flags::{BitEnum, CMPF_PREDICATES, CMPI_PREDICATES, ROUNDING_MODES};
use crate::spec::{spec, CastRule, Spec, Syntax};
use crate::types::{compatible_shapes, is_i1_same_shape, is_mappable, same_container, scalar_width, Class};
use flowgate_ir::asm::type_to_string;
use flowgate_ir::{AttrKind, Context, Diagnostic, OpId, Type, TypeKind};

type VResult = Result<(), Diagnostic>;

fn err(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::op_error(ctx, op, msg)
}

pub fn verify(ctx: &Context, op: OpId) -> VResult {
    let Some(sp) = spec(ctx.op_name(op)) else { return Ok(()) };
    verify_attrs(ctx, op, sp)?;
    verify_classes(ctx, op, sp)?;
    verify_pred_traits(ctx, op, sp)?;
    verify_native_traits(ctx, op, sp)?;
    match sp.syntax {
        Syntax::Constant => verify_constant(ctx, op),
        Syntax::Select => verify_select(ctx, op),
        _ => match sp.cast {
            Some(rule) => verify_cast(ctx, op, rule),
            None => Ok(()),
        },
    }
}

fn verify_attrs(ctx: &Context, op: OpId, sp: &Spec) -> VResult {
    let syn = sp.syntax;
    if syn == Syntax::Constant && ctx.attr(op, "value").is_none() {
        return Err(err(ctx, op, "requires attribute 'value'"));
    }
    if matches!(syn, Syntax::CmpI | Syntax::CmpF) {
        let (table, n): (&[&str], usize) =
            if syn == Syntax::CmpI { (&CMPI_PREDICATES, 10) } else { (&CMPF_PREDICATES, 16) };
        let Some(a) = ctx.attr(op, "predicate") else {
            return Err(err(ctx, op, "requires attribute 'predicate'"));
        };
        let ok = match ctx.attr_kind(a) {
            AttrKind::Integer { value, ty } => {
                ctx.is_signless_integer(*ty) && ctx.int_width(*ty) == Some(64) && (0..n as i128).contains(value)
            }
            _ => false,
        };
        if !ok {
            let cases: Vec<String> = (0..table.len()).map(|i| i.to_string()).collect();
            return Err(err(
                ctx,
                op,
                format!(
                    "attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: {}",
                    cases.join(", ")
                ),
            ));
        }
    }
    if syn.has_fastmath() {
        if let Some(a) = ctx.attr(op, "fastmath") {
            if BitEnum::FastMath.decode(ctx, a).is_none() {
                return Err(err(
                    ctx,
                    op,
                    "attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags",
                ));
            }
        }
    }
    if syn.has_overflow() {
        if let Some(a) = ctx.attr(op, "overflowFlags") {
            if BitEnum::Overflow.decode(ctx, a).is_none() {
                return Err(err(
                    ctx,
                    op,
                    "attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags",
                ));
            }
        }
    }
    if syn == Syntax::BinExact {
        if let Some(a) = ctx.attr(op, "isExact") {
            if !matches!(ctx.attr_kind(a), AttrKind::Unit) {
                return Err(err(ctx, op, "attribute 'isExact' failed to satisfy constraint: unit attribute"));
            }
        }
    }
    if syn.has_rounding() {
        if let Some(a) = ctx.attr(op, "roundingmode") {
            let ok = match ctx.attr_kind(a) {
                AttrKind::Integer { value, ty } => {
                    ctx.int_width(*ty) == Some(32) && (0..ROUNDING_MODES.len() as i128).contains(value)
                }
                _ => false,
            };
            if !ok {
                return Err(err(
                    ctx,
                    op,
                    "attribute 'roundingmode' failed to satisfy constraint: Floating point rounding mode",
                ));
            }
        }
    }
    Ok(())
}

/// The class each operand and result must satisfy.
fn classes(sp: &Spec, n_operands: usize, n_results: usize) -> (Vec<Class>, Vec<Class>) {
    let mut ops = vec![sp.operand; n_operands];
    let mut res = vec![sp.result; n_results];
    match sp.syntax {
        Syntax::Select => {
            ops = vec![Class::BoolLike, Class::Any, Class::Any];
            res = vec![Class::Any];
        }
        Syntax::AddExtended => res = vec![Class::SignlessIntLike, Class::BoolLike],
        Syntax::Constant => {}
        _ => {}
    }
    ops.truncate(n_operands);
    res.truncate(n_results);
    (ops, res)
}

fn verify_classes(ctx: &Context, op: OpId, sp: &Spec) -> VResult {
    let (oc, rc) = classes(sp, ctx.operands(op).len(), ctx.results(op).len());
    for (i, (&v, c)) in ctx.operands(op).iter().zip(oc).enumerate() {
        let t = ctx.value_type(v);
        if !c.accepts(ctx, t) {
            return Err(err(
                ctx,
                op,
                format!("operand #{i} must be {}, but got '{}'", c.description(), type_to_string(ctx, t)),
            ));
        }
    }
    for (i, (&v, c)) in ctx.results(op).iter().zip(rc).enumerate() {
        let t = ctx.value_type(v);
        if !c.accepts(ctx, t) {
            return Err(err(
                ctx,
                op,
                format!("result #{i} must be {}, but got '{}'", c.description(), type_to_string(ctx, t)),
            ));
        }
    }
    Ok(())
}

fn all_same(tys: &[Type]) -> bool {
    tys.windows(2).all(|w| w[0] == w[1])
}

/// ODS predicate traits, checked with the invariants.
fn verify_pred_traits(ctx: &Context, op: OpId, sp: &Spec) -> VResult {
    let ins = ctx.operand_types(op);
    let outs = ctx.result_types(op);
    match sp.syntax {
        Syntax::Constant => {
            let value = ctx.attr(op, "value");
            // A typed string (`"hi" : i32`) is a typed attribute upstream too; its own check
            // refuses it afterwards.
            let vt = value.and_then(|a| match ctx.attr_kind(a) {
                AttrKind::TypedString(_, t) => Some(*t),
                _ => ctx.attr_type(a),
            });
            let out = outs.first().copied();
            // A string is typed `none` upstream; the op's own check rejects it afterwards.
            let none_string = value.is_some_and(|a| ctx.attr_as_str(a).is_some())
                && out.is_some_and(|t| matches!(ctx.type_kind(t), TypeKind::None));
            if vt != out && !none_string {
                return Err(err(ctx, op, "failed to verify that all of {value, result} have same type"));
            }
        }
        Syntax::CmpI | Syntax::CmpF => {
            if let (Some(&l), Some(&r)) = (ins.first(), outs.first()) {
                if !is_i1_same_shape(ctx, l, r) {
                    return Err(err(
                        ctx,
                        op,
                        "failed to verify that result type has i1 element type and same shape as operands",
                    ));
                }
            }
        }
        Syntax::MulExtended if !all_same(&[ins.clone(), outs.clone()].concat()) => {
            return Err(err(ctx, op, "failed to verify that all of {lhs, rhs, low, high} have same type"));
        }
        Syntax::AddExtended => {
            let mut tys = ins.clone();
            tys.extend(outs.first());
            if !all_same(&tys) {
                return Err(err(ctx, op, "failed to verify that all of {lhs, rhs, sum} have same type"));
            }
        }
        Syntax::Select if ins.len() == 3 && outs.len() == 1 => {
            if !all_same(&[ins[1], ins[2], outs[0]]) {
                return Err(err(
                    ctx,
                    op,
                    "failed to verify that all of {true_value, false_value, result} have same type",
                ));
            }
            let c = ins[0];
            let scalar_i1 = ctx.is_signless_integer(c) && ctx.int_width(c) == Some(1);
            let matching = ctx.shape(c).is_some() && ctx.shape(c) == ctx.shape(outs[0]);
            if !scalar_i1 && !matching {
                return Err(err(ctx, op, "failed to verify that condition is signless i1 or has matching shape"));
            }
        }
        _ => {}
    }
    if sp.cast.is_some() {
        if let (Some(&a), Some(&b)) = (ins.first(), outs.first()) {
            let (ta, tb) = (ctx.type_kind(a), ctx.type_kind(b));
            if let (TypeKind::RankedTensor { shape: sa, .. }, TypeKind::RankedTensor { shape: sb, .. }) = (ta, tb) {
                if sa != sb {
                    return Err(err(ctx, op, "failed to verify that input and output have the same tensor dimensions"));
                }
            }
        }
    }
    Ok(())
}

fn verify_native_traits(ctx: &Context, op: OpId, sp: &Spec) -> VResult {
    let ins = ctx.operand_types(op);
    let outs = ctx.result_types(op);
    match sp.syntax {
        Syntax::Bin | Syntax::BinExact | Syntax::BinOverflow | Syntax::BinFast | Syntax::UnaryFast
            if !all_same(&[ins.clone(), outs.clone()].concat()) =>
        {
            return Err(err(ctx, op, "requires the same type for all operands and results"));
        }
        Syntax::CmpI | Syntax::CmpF if !all_same(&ins) => {
            return Err(err(ctx, op, "requires all operands to have the same type"));
        }
        _ => {}
    }
    // The scaling ops map over vectors but may take a scalar scale: only Elementwise applies.
    let scaling = matches!(sp.syntax, Syntax::ScalingExtF | Syntax::ScalingTruncF);
    if sp.cast.is_some() && !scaling && !compatible_shapes(ctx, &[ins.clone(), outs.clone()].concat()) {
        return Err(err(ctx, op, "requires the same shape for all operands and results"));
    }
    if sp.syntax == Syntax::Constant {
        return Ok(());
    }
    verify_elementwise(ctx, op, &ins, &outs)
}

/// Upstream's `Elementwise` trait.
fn verify_elementwise(ctx: &Context, op: OpId, ins: &[Type], outs: &[Type]) -> VResult {
    let mi: Vec<Type> = ins.iter().copied().filter(|&t| is_mappable(ctx, t)).collect();
    let mo: Vec<Type> = outs.iter().copied().filter(|&t| is_mappable(ctx, t)).collect();
    if mi.is_empty() && mo.is_empty() {
        return Ok(());
    }
    if mi.is_empty() {
        return Err(err(ctx, op, "if a result is non-scalar, then at least one operand must be non-scalar"));
    }
    if mo.is_empty() {
        return Err(err(ctx, op, "if an operand is non-scalar, then there must be at least one non-scalar result"));
    }
    if mo.len() != outs.len() {
        return Err(err(ctx, op, "if an operand is non-scalar, then all results must be non-scalar"));
    }
    let all: Vec<Type> = mi.into_iter().chain(mo).collect();
    if !all.iter().all(|&t| same_container(ctx, t, all[0])) || !compatible_shapes(ctx, &all) {
        return Err(err(ctx, op, "all non-scalar operands/results must have the same shape and base type"));
    }
    Ok(())
}

fn verify_constant(ctx: &Context, op: OpId) -> VResult {
    let Some(&t) = ctx.result_types(op).first() else { return Ok(()) };
    if ctx.is_integer(t) && !ctx.is_signless_integer(t) {
        return Err(err(ctx, op, "integer return type must be signless"));
    }
    let Some(v) = ctx.attr(op, "value") else { return Ok(()) };
    match ctx.attr_kind(v) {
        AttrKind::Integer { .. } | AttrKind::Float { .. } => Ok(()),
        AttrKind::DenseElements { splat, .. } => {
            let scalable = matches!(ctx.type_kind(t), TypeKind::Vector { scalable, .. } if scalable.iter().any(|&s| s));
            if scalable && !splat {
                return Err(err(
                    ctx,
                    op,
                    "intializing scalable vectors with elements attribute is not supported unless it's a vector splat",
                ));
            }
            Ok(())
        }
        AttrKind::DenseResource { .. } => Ok(()),
        _ => Err(err(ctx, op, "value must be an integer, float, or elements attribute")),
    }
}

fn verify_select(ctx: &Context, op: OpId) -> VResult {
    let ins = ctx.operand_types(op);
    let (Some(&c), Some(&r)) = (ins.first(), ctx.result_types(op).first()) else { return Ok(()) };
    if ctx.is_signless_integer(c) && ctx.int_width(c) == Some(1) {
        return Ok(());
    }
    if !is_mappable(ctx, r) {
        return Err(err(
            ctx,
            op,
            format!("expected condition to be a signless i1, but got {}", type_to_string(ctx, c)),
        ));
    }
    if !is_i1_same_shape(ctx, r, c) {
        return Err(err(ctx, op, "expected condition type to have the same shape as the result type"));
    }
    Ok(())
}

/// Upstream's `areCastCompatible`, on element types.
fn verify_cast(ctx: &Context, op: OpId, rule: CastRule) -> VResult {
    let (Some(&a), Some(&b)) = (ctx.operand_types(op).first(), ctx.result_types(op).first()) else { return Ok(()) };
    let (ea, eb) = (ctx.element_type_or_self(a), ctx.element_type_or_self(b));
    let (wa, wb) = (scalar_width(ctx, ea), scalar_width(ctx, eb));
    let ok = match rule {
        CastRule::IntWiden => ctx.is_integer(ea) && ctx.is_integer(eb) && wa < wb,
        CastRule::IntNarrow => ctx.is_integer(ea) && ctx.is_integer(eb) && wa > wb,
        CastRule::FloatWiden => ctx.is_float(ea) && ctx.is_float(eb) && wa < wb,
        CastRule::FloatNarrow => ctx.is_float(ea) && ctx.is_float(eb) && wa > wb,
        CastRule::IntToFloat => ctx.is_integer(ea) && ctx.is_float(eb),
        CastRule::FloatToInt => ctx.is_float(ea) && ctx.is_integer(eb),
        CastRule::Index => ctx.is_index(ea) != ctx.is_index(eb),
        CastRule::Bitcast => wa.is_some() && wa == wb,
    };
    // Tensors must also agree on their encoding.
    let encoding = |t| match ctx.type_kind(t) {
        TypeKind::RankedTensor { encoding, .. } => *encoding,
        _ => None,
    };
    let ok = ok && encoding(a) == encoding(b);
    if !ok {
        let ins: Vec<String> = ctx.operand_types(op).iter().map(|&t| format!("'{}'", type_to_string(ctx, t))).collect();
        let what = if ins.len() > 1 { "operand types" } else { "operand type" };
        return Err(err(
            ctx,
            op,
            format!("{what} {} and result type '{}' are cast incompatible", ins.join(", "), type_to_string(ctx, b)),
        ));
    }
    Ok(())
}
