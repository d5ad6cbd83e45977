//! The arith dialect: every op of upstream MLIR 22's `arith` with its custom syntax, verifier,
//! folder and a few canonicalization patterns. Ops are described once in [`spec::SPECS`]; the
//! parser, printer and verifier read that table.

pub mod builders;
mod canonicalize;
mod canonicalize_casts;
mod canonicalize_float;
pub(crate) mod canonicalize_int;
mod canonicalize_select;
mod consts;
mod flags;
pub mod fold;
mod spec;
mod syntax;
mod types;
mod verify;

#[cfg(test)]
mod fold_tests;
#[cfg(test)]
mod fold_tests_identities;

pub use canonicalize::constant_of;
pub use consts::{decode as decode_constant, Const, Elems};
pub use flags::{BitEnum, CMPF_PREDICATES, CMPI_PREDICATES, ROUNDING_MODES};

use flowgate_ir::{
    AttrKind, Attribute, Builder, Context, Count, DialectDef, Location, OpDef, OpId, OperationState, PatternsFn,
    Traits, Type,
};
use spec::{Syntax, SPECS};

pub fn register(ctx: &mut Context) {
    ctx.register_dialect(DialectDef { name: "arith", materialize_constant: Some(materialize_constant) });
    for sp in SPECS {
        let syn = sp.syntax;
        let mut traits = Traits::PURE;
        if sp.commutative {
            traits = traits | Traits::COMMUTATIVE;
        }
        if syn == Syntax::Constant {
            traits = traits | Traits::CONSTANT_LIKE;
        }
        if matches!(syn, Syntax::Bin | Syntax::BinExact | Syntax::BinOverflow | Syntax::BinFast | Syntax::UnaryFast) {
            traits = traits | Traits::SAME_OPERANDS_AND_RESULT_TYPE;
        }
        let mut inherent: &'static [&'static str] = &[];
        if syn.has_overflow() {
            inherent = &["overflowFlags"];
        } else if syn.has_rounding() {
            inherent = &["fastmath", "roundingmode"];
        } else if matches!(syn, Syntax::CmpI) {
            inherent = &["predicate"];
        } else if matches!(syn, Syntax::CmpF) {
            inherent = &["fastmath", "predicate"];
        } else if syn.has_fastmath() {
            inherent = &["fastmath"];
        } else if syn == Syntax::Constant {
            inherent = &["value"];
        } else if syn == Syntax::BinExact {
            inherent = &["isExact"];
        }
        ctx.register_op(OpDef {
            traits,
            inherent_attrs: inherent,
            verify: Some(verify::verify),
            parse: Some(syntax::parse),
            print: Some(syntax::print),
            fold: Some(fold::fold),
            canonicalize: patterns(sp.name),
            result_names: (syn == Syntax::Constant).then_some(syntax::constant_result_name as _),
            result_names_each: match syn {
                Syntax::AddExtended => Some(|_, _| Some(vec!["sum".into(), "overflow".into()])),
                Syntax::MulExtended => Some(|_, _| Some(vec!["low".into(), "high".into()])),
                _ => None,
            },
            operands: Count::Exactly(syn.operand_count()),
            results: Count::Exactly(syn.result_count()),
            regions: Count::Exactly(0),
            successors: Count::Exactly(0),
            ..OpDef::new(sp.name)
        });
    }
}

fn patterns(name: &str) -> Option<PatternsFn> {
    Some(match name {
        "arith.addi" => canonicalize::addi_patterns,
        "arith.subi" => canonicalize::subi_patterns,
        "arith.muli" => canonicalize::muli_patterns,
        "arith.select" => canonicalize::select_patterns,
        "arith.xori" => canonicalize::xori_patterns,
        "arith.cmpi" => canonicalize::cmpi_patterns,
        "arith.extsi" => canonicalize::extsi_patterns,
        "arith.trunci" => canonicalize::trunci_patterns,
        "arith.andi" => canonicalize_casts::andi_patterns,
        "arith.ori" => canonicalize_casts::ori_patterns,
        "arith.bitcast" => canonicalize_casts::bitcast_patterns,
        "arith.index_cast" => canonicalize_casts::index_cast_patterns,
        "arith.index_castui" => canonicalize_casts::index_castui_patterns,
        "arith.truncf" => canonicalize_casts::truncf_patterns,
        "arith.mulf" => canonicalize_float::mulf_patterns,
        "arith.divf" => canonicalize_float::divf_patterns,
        "arith.cmpf" => canonicalize_float::cmpf_patterns,
        "arith.addui_extended" => canonicalize_int::addui_extended_patterns,
        "arith.mulsi_extended" => canonicalize_int::mulsi_extended_patterns,
        "arith.mului_extended" => canonicalize_int::mului_extended_patterns,
        _ => return None,
    })
}

/// Build `arith.constant` for an integer, float or dense elements attribute of type `ty`.
pub fn materialize_constant(b: &mut Builder<'_>, value: Attribute, ty: Type, loc: Location) -> Option<OpId> {
    let ok = match b.ctx.attr_kind(value) {
        AttrKind::Integer { ty: t, .. } | AttrKind::Float { ty: t, .. } | AttrKind::DenseElements { ty: t, .. } => {
            *t == ty
        }
        _ => false,
    };
    if !ok {
        return None;
    }
    let st = OperationState::new(b.ctx, "arith.constant", loc).results(&[ty]).attr(b.ctx, "value", value);
    Some(b.create(st))
}
