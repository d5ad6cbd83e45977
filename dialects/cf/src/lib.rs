//! The cf dialect: `cf.br`, `cf.cond_br`, `cf.switch` and `cf.assert`, with upstream's custom
//! syntax, verifiers and branch canonicalizations.

pub mod builders;
mod canonicalize;
mod ops;
mod segments;
mod views;

use flowgate_ir::{Context, Count, DialectDef, OpDef, Traits};

pub use segments::{cond_br_operand_range, switch_operand_range};
pub use views::{branch_operand_range, BranchOp, CondBranchOp, SwitchOp};

pub fn register(ctx: &mut Context) {
    ctx.register_dialect(DialectDef { name: "cf", materialize_constant: None });
    ctx.register_op(OpDef {
        traits: Traits::TERMINATOR | Traits::PURE,
        parse: Some(ops::parse_br),
        print: Some(ops::print_br),
        canonicalize: Some(canonicalize::br_patterns),
        results: Count::Exactly(0),
        regions: Count::Exactly(0),
        successors: Count::Exactly(1),
        ..OpDef::new("cf.br")
    });
    ctx.register_op(OpDef {
        traits: Traits::TERMINATOR | Traits::PURE,
        inherent_attrs: &["branch_weights", "operandSegmentSizes"],
        parse: Some(ops::parse_cond_br),
        print: Some(ops::print_cond_br),
        verify: Some(ops::verify_cond_br),
        canonicalize: Some(canonicalize::cond_br_patterns),
        successor_operands: Some(cond_br_operand_range),
        operands: Count::AtLeast(1),
        results: Count::Exactly(0),
        regions: Count::Exactly(0),
        successors: Count::Exactly(2),
        ..OpDef::new("cf.cond_br")
    });
    ctx.register_op(OpDef {
        traits: Traits::TERMINATOR | Traits::PURE,
        inherent_attrs: &["branch_weights", "case_operand_segments", "case_values", "operandSegmentSizes"],
        parse: Some(ops::parse_switch),
        print: Some(ops::print_switch),
        verify: Some(ops::verify_switch),
        canonicalize: Some(canonicalize::switch_patterns),
        successor_operands: Some(switch_operand_range),
        operands: Count::AtLeast(1),
        results: Count::Exactly(0),
        regions: Count::Exactly(0),
        successors: Count::AtLeast(1),
        ..OpDef::new("cf.switch")
    });
    ctx.register_op(OpDef {
        inherent_attrs: &["msg"],
        parse: Some(ops::parse_assert),
        print: Some(ops::print_assert),
        verify: Some(ops::verify_assert),
        canonicalize: Some(canonicalize::assert_patterns),
        operands: Count::Exactly(1),
        results: Count::Exactly(0),
        regions: Count::Exactly(0),
        successors: Count::Exactly(0),
        ..OpDef::new("cf.assert")
    });
}
