//! `scf.index_switch`: one region per case value of an `index`, and a default region.

use crate::rewrite::{inline_before, rebuild_with};
use crate::util::*;
use flowgate_ir::asm::{OpParser, OpPrinter, PResult};
use flowgate_ir::{AttrKind, Builder, Context, Count, Diagnostic, OpDef, OpId, RewritePattern, Traits};
use std::collections::HashSet;

pub(crate) fn def() -> OpDef {
    OpDef {
        traits: Traits::SINGLE_BLOCK | Traits::RECURSIVE_EFFECTS,
        inherent_attrs: &["cases"],
        parse: Some(parse_switch),
        print: Some(print_switch),
        verify: Some(verify_switch),
        canonicalize: Some(patterns),
        region_branch: Some(crate::views::yield_to_results_edges),
        implicit_terminator: Some("scf.yield"),
        operands: Count::Exactly(1),
        regions: Count::AtLeast(1),
        successors: Count::Exactly(0),
        ..OpDef::new("scf.index_switch")
    }
}

/// The `cases` values of an `scf.index_switch`, in case-region order.
pub fn switch_cases(ctx: &Context, op: OpId) -> Vec<i64> {
    match ctx.attr(op, "cases").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { values, .. }) => values.iter().map(|&v| v as i64).collect(),
        _ => Vec::new(),
    }
}

/// `scf.index_switch %i [-> t] case 1 {...} ... default {...}`; the default region is region 0.
fn parse_switch(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let arg = p.parse_operand()?;
    let idx = p.ctx().index_type();
    p.add_operand(&arg, idx)?;
    p.parse_optional_attr_dict()?;
    // A bare comma-separated list (`-> f32, i1`), as the declarative format spells it.
    if p.accept(flowgate_ir::asm::TokKind::Arrow) {
        let tys = p.parse_type_list()?;
        p.add_result_types(&tys);
    }
    // Region 0 is the default one, parsed last: keep a slot for it.
    let default_slot = p.add_empty_region();
    let mut cases = Vec::new();
    while p.accept_keyword("case") {
        let v = p.parse_integer()?;
        let v = i64::try_from(v).map_err(|_| p.error("integer value too large"))?;
        cases.push(v);
        let r = p.add_region(&[])?;
        p.ensure_terminator(r, "scf.yield");
    }
    p.expect_keyword("default")?;
    let d = p.parse_region(&[])?;
    p.ensure_terminator(d, "scf.yield");
    p.ctx().take_region_body(d, default_slot);
    let a = p.ctx().dense_i64_array_attr(&cases);
    p.add_attr("cases", a);
    Ok(())
}

fn print_switch(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_value(ctx.operand(op, 0));
    p.print_optional_attr_dict(op, &["cases"]);
    let results = ctx.result_types(op);
    if !results.is_empty() {
        p.write(" -> ");
        p.print_types(&results);
    }
    p.write(" ");
    let regions = ctx.regions(op);
    for (v, &r) in switch_cases(ctx, op).iter().zip(regions.iter().skip(1)) {
        p.newline();
        p.write(&format!("case {v} "));
        // Case regions print their terminators; the declarative `default` region elides an
        // empty one.
        p.print_region(r, false, true);
    }
    p.newline();
    p.write("default ");
    p.print_region(regions[0], false, false);
}

fn verify_switch(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    check_operand(ctx, op, 0, |c, t| c.is_index(t), "index")?;
    let cases = switch_cases(ctx, op);
    let regions = ctx.regions(op);
    if cases.len() != regions.len() - 1 {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("has {} case regions but {} case values", regions.len() - 1, cases.len()),
        ));
    }
    let mut seen = HashSet::new();
    for v in &cases {
        if !seen.insert(*v) {
            return Err(Diagnostic::op_error(ctx, op, format!("has duplicate case value: {v}")));
        }
    }
    for (i, &r) in regions.iter().enumerate() {
        if ctx.region_blocks(r).len() != 1 {
            let name = if i == 0 { "defaultRegion" } else { "caseRegions" };
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!("region #{i} ('{name}') failed to verify constraint: region with 1 blocks"),
            ));
        }
    }
    let results = ctx.result_types(op);
    for (i, &r) in regions.iter().enumerate() {
        let name = if i == 0 { "default region".to_string() } else { format!("case region #{}", i - 1) };
        let Some(y) = region_terminator(ctx, r) else {
            return Err(Diagnostic::op_error(ctx, op, "expected region to end with scf.yield, but got nothing"));
        };
        if !ctx.is_op(y, "scf.yield") {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!("expected region to end with scf.yield, but got {}", ctx.op_name(y)),
            ));
        }
        let got = types(ctx, ctx.operands(y));
        if got.len() != results.len() {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!("expected each region to return {} values, but {name} returns {}", results.len(), got.len()),
            )
            .with_note(ctx.op_loc(y), "see yield operation here"));
        }
        for (j, (&want, &have)) in results.iter().zip(&got).enumerate() {
            if want != have {
                return Err(Diagnostic::op_error(
                    ctx,
                    op,
                    format!("expected result #{j} of each region to be {}", q(ctx, want)),
                )
                .with_note(ctx.op_loc(y), format!("{name} returns {} here", q(ctx, have))));
            }
        }
    }
    Ok(())
}

// ----- canonicalization: a constant flag picks its region -----

fn patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(SwitchConstantCase), Box::new(SwitchRemoveUnusedResults)]
}

/// Drop `scf.index_switch` results nobody uses (and their yielded values in every region).
struct SwitchRemoveUnusedResults;

impl RewritePattern for SwitchRemoveUnusedResults {
    fn root(&self) -> Option<&'static str> {
        Some("scf.index_switch")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        // A result that every region yields as the same value from above is that value.
        let regions = ctx.regions(op).to_vec();
        let terms: Vec<_> = regions.iter().map(|&r| region_terminator(ctx, r)).collect();
        let mut changed = false;
        if terms.iter().all(|t| t.is_some_and(|t| ctx.operands(t).len() == ctx.results(op).len())) {
            let terms: Vec<OpId> = terms.into_iter().flatten().collect();
            for i in 0..ctx.results(op).len() {
                let r = ctx.result(op, i);
                let v = ctx.operand(terms[0], i);
                let same = terms.iter().all(|&t| ctx.operand(t, i) == v);
                let above = ctx.value_block(v).is_none_or(|vb| !op_contains_block(ctx, op, vb));
                if same && above && ctx.has_uses(r) {
                    ctx.replace_all_uses(r, v);
                    changed = true;
                }
            }
        }
        let keep: Vec<bool> = ctx.results(op).iter().map(|&r| ctx.has_uses(r)).collect();
        if keep.iter().all(|&k| k) {
            return changed;
        }
        let operands = ctx.operands(op).to_vec();
        rebuild_with(ctx, op, &operands, &keep);
        true
    }
}

/// `scf.index_switch` on a constant runs one region: inline it.
struct SwitchConstantCase;

impl RewritePattern for SwitchConstantCase {
    fn root(&self) -> Option<&'static str> {
        Some("scf.index_switch")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some(v) = constant_int(ctx, ctx.operand(op, 0)) else { return false };
        let cases = switch_cases(ctx, op);
        let regions = ctx.regions(op).to_vec();
        if cases.len() + 1 != regions.len() {
            return false;
        }
        let idx = cases.iter().position(|&c| i128::from(c) == v).map_or(0, |i| i + 1);
        let yielded = inline_before(ctx, regions[idx], op, &[]);
        ctx.replace_op(op, &yielded);
        true
    }
}

/// Is `block` somewhere inside `op`'s regions?
fn op_contains_block(ctx: &Context, op: OpId, block: flowgate_ir::BlockId) -> bool {
    let mut owner = ctx.block_parent_op(block);
    while let Some(o) = owner {
        if o == op {
            return true;
        }
        owner = ctx.parent_op(o);
    }
    false
}
