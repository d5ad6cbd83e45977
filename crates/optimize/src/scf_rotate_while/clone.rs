//! Deep copies of ops with a value mapping, as upstream's `Operation::clone(IRMapping &)`:
//! operands are looked up in the mapping (kept when unmapped), results and the arguments of
//! copied blocks are added to it, and successors point at the copied blocks.

use flowgate_ir::{BlockId, Context, OpId, OperationState, RegionId, Value};
use rustc_hash::FxHashMap;

/// Values and blocks of the original mapped to their copies.
#[derive(Default)]
pub(super) struct Mapping {
    values: FxHashMap<Value, Value>,
    blocks: FxHashMap<BlockId, BlockId>,
}

impl Mapping {
    pub(super) fn map(&mut self, from: Value, to: Value) {
        self.values.insert(from, to);
    }

    /// The copy of `v`, or `v` itself when it was defined outside what was copied.
    pub(super) fn lookup_or_default(&self, v: Value) -> Value {
        self.values.get(&v).copied().unwrap_or(v)
    }
}

/// A detached copy of `op` and everything nested in it.
pub(super) fn clone_op(ctx: &mut Context, op: OpId, mapping: &mut Mapping) -> OpId {
    let copy = clone_tree(ctx, op, mapping);
    // A use may precede its definition in a multi-block region (only dominance matters), so it
    // could not be mapped while copying; now every definition has its copy.
    let mut fixups: Vec<(OpId, usize, Value)> = Vec::new();
    ctx.walk(copy, &mut |o| {
        for (i, &v) in ctx.operands(o).iter().enumerate() {
            if let Some(&m) = mapping.values.get(&v) {
                fixups.push((o, i, m));
            }
        }
    });
    for (o, i, v) in fixups {
        ctx.set_operand(o, i, v);
    }
    copy
}

fn clone_tree(ctx: &mut Context, op: OpId, mapping: &mut Mapping) -> OpId {
    let regions: Vec<RegionId> = ctx.regions(op).to_vec();
    let new_regions: Vec<RegionId> = regions.iter().map(|&r| clone_region(ctx, r, mapping)).collect();
    let operands: Vec<Value> = ctx.operands(op).iter().map(|&v| mapping.lookup_or_default(v)).collect();
    let successors: Vec<BlockId> =
        ctx.successors(op).iter().map(|b| mapping.blocks.get(b).copied().unwrap_or(*b)).collect();
    let mut st = OperationState::with_symbol(ctx.op_name_sym(op), ctx.op_loc(op))
        .operands(&operands)
        .results(&ctx.result_types(op))
        .regions(&new_regions)
        .successors(&successors);
    st.attrs = ctx.attrs(op).to_vec();
    let copy = ctx.create_op(st);
    let old_results = ctx.results(op).to_vec();
    for (&from, &to) in old_results.iter().zip(ctx.results(copy)) {
        mapping.map(from, to);
    }
    copy
}

/// A detached copy of `region`: all its blocks (with their arguments) first, so successors can
/// be mapped, then their ops in order.
fn clone_region(ctx: &mut Context, region: RegionId, mapping: &mut Mapping) -> RegionId {
    let new_region = ctx.create_region();
    let blocks: Vec<BlockId> = ctx.region_blocks(region).to_vec();
    for &b in &blocks {
        let nb = ctx.create_block();
        for a in ctx.block_args(b).to_vec() {
            let loc = match ctx.value_loc(a) {
                Some(l) => l,
                None => ctx.unknown_loc(),
            };
            let ty = ctx.value_type(a);
            let na = ctx.add_block_arg(nb, ty, loc);
            mapping.map(a, na);
        }
        ctx.append_block(new_region, nb);
        mapping.blocks.insert(b, nb);
    }
    for &b in &blocks {
        let Some(&nb) = mapping.blocks.get(&b) else { continue };
        let ops: Vec<OpId> = ctx.block_ops(b).collect();
        for o in ops {
            let copy = clone_tree(ctx, o, mapping);
            ctx.append_op(nb, copy);
        }
    }
    new_region
}
