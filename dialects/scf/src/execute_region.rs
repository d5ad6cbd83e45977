//! `scf.execute_region`: a region of any number of blocks run once, in place.

use crate::rewrite::inline_before;
use crate::util::*;
use flowgate_ir::asm::{OpParser, OpPrinter, PResult};
use flowgate_ir::{Builder, Context, Count, Diagnostic, OpDef, OpId, OperationState, RewritePattern, Traits, Value};

pub(crate) fn def() -> OpDef {
    OpDef {
        traits: Traits::RECURSIVE_EFFECTS,
        inherent_attrs: &["no_inline"],
        parse: Some(parse_execute_region),
        print: Some(print_execute_region),
        verify: Some(verify_execute_region),
        canonicalize: Some(patterns),
        region_branch: Some(crate::views::yield_to_results_edges),
        operands: Count::Exactly(0),
        regions: Count::Exactly(1),
        successors: Count::Exactly(0),
        ..OpDef::new("scf.execute_region")
    }
}

/// `scf.execute_region [-> (t)] [no_inline] {...}`
fn parse_execute_region(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let tys = p.parse_optional_arrow_type_list()?;
    p.add_result_types(&tys);
    if p.accept_keyword("no_inline") {
        let u = p.ctx().unit_attr();
        p.add_attr("no_inline", u);
    }
    p.add_region(&[])?;
    p.parse_optional_attr_dict()
}

fn print_execute_region(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.print_optional_arrow_type_list(&ctx.result_types(op));
    if ctx.has_attr(op, "no_inline") {
        p.write(" no_inline");
    }
    p.write(" ");
    p.print_region(ctx.region(op, 0), false, true);
    p.print_optional_attr_dict(op, &["no_inline"]);
}

fn verify_execute_region(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let body = ctx.region(op, 0);
    if ctx.is_region_empty(body) {
        return Err(Diagnostic::op_error(ctx, op, "region needs to have at least one block"));
    }
    if !entry_args(ctx, body).is_empty() {
        return Err(Diagnostic::op_error(ctx, op, "region cannot have any arguments"));
    }
    let results = ctx.result_types(op);
    for &b in ctx.region_blocks(body) {
        if let Some(t) = ctx.last_op(b).filter(|&t| ctx.is_op(t, "scf.yield")) {
            let ys = types(ctx, ctx.operands(t));
            check_edge(ctx, op, ("Operation scf.yield", "parent"), Some(t), &ys, &results)?;
        }
    }
    Ok(())
}

// ----- canonicalization: a single block is inlined -----

fn patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![
        Box::new(InlineSingleBlockExecuteRegion),
        Box::new(InlineMultiBlockExecuteRegion),
        Box::new(ExecuteRegionOutsideYields),
    ]
}

/// A result that every `scf.yield` of the region gives as the same value defined above the
/// op is that value; the result and those yield operands go.
struct ExecuteRegionOutsideYields;

impl RewritePattern for ExecuteRegionOutsideYields {
    fn root(&self) -> Option<&'static str> {
        Some("scf.execute_region")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let r = ctx.region(op, 0);
        let n = ctx.results(op).len();
        if n == 0 {
            return false;
        }
        let blocks = ctx.region_blocks(r).to_vec();
        let yields: Vec<OpId> =
            blocks.iter().filter_map(|&b| ctx.last_op(b)).filter(|&t| ctx.is_op(t, "scf.yield")).collect();
        if yields.is_empty() || yields.iter().any(|&y| ctx.operands(y).len() != n) {
            return false;
        }
        let inside = |v: flowgate_ir::Value| {
            let mut owner = ctx.value_block(v).and_then(|b| ctx.block_parent_op(b));
            while let Some(o) = owner {
                if o == op {
                    return true;
                }
                owner = ctx.parent_op(o);
            }
            false
        };
        let outside: Vec<Option<flowgate_ir::Value>> = (0..n)
            .map(|i| {
                let v = ctx.operand(yields[0], i);
                (yields.iter().all(|&y| ctx.operand(y, i) == v) && !inside(v)).then_some(v)
            })
            .collect();
        if outside.iter().all(|o| o.is_none()) {
            return false;
        }
        for (i, v) in outside.iter().enumerate() {
            if let Some(v) = *v {
                let res = ctx.result(op, i);
                ctx.replace_all_uses(res, v);
            }
        }
        let keep: Vec<bool> = outside.iter().map(|o| o.is_none()).collect();
        for &y in &yields {
            let kept: Vec<flowgate_ir::Value> =
                ctx.operands(y).iter().zip(&keep).filter(|(_, &k)| k).map(|(&v, _)| v).collect();
            ctx.set_operands(y, kept);
        }
        let types: Vec<_> =
            ctx.results(op).iter().zip(&keep).filter(|(_, &k)| k).map(|(&r, _)| ctx.value_type(r)).collect();
        let new_region = ctx.create_region();
        ctx.take_region_body(r, new_region);
        let loc = ctx.op_loc(op);
        let name = ctx.op_name_sym(op);
        let mut st = flowgate_ir::OperationState::with_symbol(name, loc).results(&types).regions(&[new_region]);
        st.attrs = ctx.attrs(op).to_vec();
        let new = ctx.create_op(st);
        ctx.insert_op_before(new, op);
        let old_results = ctx.results(op).to_vec();
        let mut j = 0;
        for (&old, &k) in old_results.iter().zip(&keep) {
            if k {
                let nr = ctx.result(new, j);
                ctx.replace_all_uses(old, nr);
                j += 1;
            }
        }
        ctx.erase_op(op);
        true
    }
}

/// A single-block `scf.execute_region` (without `no_inline`) is just its ops.
struct InlineSingleBlockExecuteRegion;

impl RewritePattern for InlineSingleBlockExecuteRegion {
    fn root(&self) -> Option<&'static str> {
        Some("scf.execute_region")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let r = ctx.region(op, 0);
        if ctx.has_attr(op, "no_inline") || ctx.region_blocks(r).len() != 1 {
            return false;
        }
        if !region_terminator(ctx, r).is_some_and(|t| ctx.is_op(t, "scf.yield")) {
            return false;
        }
        let yielded = inline_before(ctx, r, op, &[]);
        ctx.replace_op(op, &yielded);
        true
    }
}

/// Upstream's `MultiBlockExecuteInliner`: directly in a function (or another
/// `scf.execute_region`), whose region may hold several blocks, the region's blocks move into
/// the parent region. The block holding the op is split before it, branches to the region's
/// entry, and every `scf.yield` becomes a `cf.br` to the split-off rest, whose arguments are the
/// results.
struct InlineMultiBlockExecuteRegion;

impl RewritePattern for InlineMultiBlockExecuteRegion {
    fn root(&self) -> Option<&'static str> {
        Some("scf.execute_region")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let r = ctx.region(op, 0);
        if ctx.has_attr(op, "no_inline") || !ctx.is_dialect_registered("cf") {
            return false;
        }
        let Some(parent) = ctx.parent_op(op) else { return false };
        if !ctx.is_op(parent, "func.func") && !ctx.is_op(parent, "scf.execute_region") {
            return false;
        }
        let (Some(prev), Some(parent_region), Some(entry)) =
            (ctx.parent_block(op), ctx.parent_region(op), ctx.entry_block(r))
        else {
            return false;
        };
        let loc = ctx.op_loc(op);
        let post = ctx.split_block(prev, op);
        let st = OperationState::new(ctx, "cf.br", loc).successors(&[entry]);
        let br = ctx.create_op(st);
        ctx.append_op(prev, br);
        for blk in ctx.region_blocks(r).to_vec() {
            let Some(y) = ctx.last_op(blk).filter(|&t| ctx.is_op(t, "scf.yield")) else { continue };
            let operands = ctx.operands(y).to_vec();
            let yloc = ctx.op_loc(y);
            let st = OperationState::new(ctx, "cf.br", yloc).operands(&operands).successors(&[post]);
            let nb = ctx.create_op(st);
            ctx.insert_op_before(nb, y);
            ctx.erase_op(y);
        }
        ctx.inline_region_before(r, parent_region, Some(post));
        let results = ctx.results(op).to_vec();
        for res in results {
            let ty = ctx.value_type(res);
            let a: Value = ctx.add_block_arg(post, ty, loc);
            ctx.replace_all_uses(res, a);
        }
        ctx.erase_op(op);
        true
    }
}
