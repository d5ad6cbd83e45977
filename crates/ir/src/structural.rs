//! The structural half of a type conversion, after upstream's SCF
//! `StructuralTypeConversions.cpp` and its branch-op pattern: when a conversion gives values new
//! types, the ops that only carry values across control flow need no pattern of their own.
//! Which operand feeds which result or block argument comes from the region-branch interface
//! (`region_branch`) and, for `cf`-style branches, from the ops' successor operands, so no op
//! is listed by name.
//!
//! It runs in two steps around the conversion of the computing ops, as upstream converts region
//! signatures before the bodies and materializes the forwarded operands from the adaptors:
//! [`convert_carried_types`] gives the carried values (results of region-branch ops, arguments
//! of their regions' blocks, arguments of branch targets) their converted types, so the ops
//! inside see them; [`materialize_joins`] then brings every forwarded operand to the type of
//! what it flows into, through the converter's materialization.

use crate::region_branch::join_targets;
use crate::{Context, OpId, Type, Value, WalkOrder};

/// The conversion's view of types (upstream's `TypeConverter`): what a type becomes, and how a
/// value is brought to a type it must take. It owns the context, as a lowering that keeps its
/// own maps beside the IR does.
pub trait TypeConverter {
    type Error;

    fn context(&mut self) -> &mut Context;

    /// The converted type of `ty`; `None` when it stays.
    fn convert_type(&mut self, ty: Type) -> Option<Type>;

    /// `value` as a value of type `to`, built before `user`.
    fn materialize(&mut self, user: OpId, value: Value, to: Type) -> Result<Value, Self::Error>;
}

/// Gives the results of every region-branch op nested in `root`, the arguments of its regions'
/// blocks and the arguments of every other block that is a branch target their converted
/// types. The entry blocks of `root`'s own regions are its signature, which the caller
/// converts.
pub fn convert_carried_types<C: TypeConverter + ?Sized>(conv: &mut C, root: OpId) {
    let ctx = conv.context();
    let mut values = Vec::new();
    for op in ctx.collect_ops(root, WalkOrder::PreOrder) {
        let branches = ctx.op_def(op).is_some_and(|d| d.region_branch.is_some());
        if branches && op != root {
            values.extend_from_slice(ctx.results(op));
        }
        for &r in ctx.regions(op) {
            for (k, &b) in ctx.region_blocks(r).iter().enumerate() {
                // An entry block is entered by its op (a region-branch edge or a signature);
                // any other block only by branches.
                if (k == 0 && branches && op != root) || k > 0 {
                    values.extend_from_slice(ctx.block_args(b));
                }
            }
        }
    }
    for v in values {
        let ty = conv.context().value_type(v);
        if let Some(t) = conv.convert_type(ty) {
            conv.context().set_value_type(v, t);
        }
    }
}

/// Brings every operand nested in `root` that flows along a region-branch edge or to a
/// successor block to the type of the value it flows into, where the two differ.
pub fn materialize_joins<C: TypeConverter + ?Sized>(conv: &mut C, root: OpId) -> Result<(), C::Error> {
    let ops = conv.context().collect_ops(root, WalkOrder::PreOrder);
    for op in ops {
        let targets = join_types(conv.context(), op);
        materialize_operands(conv, op, &targets)?;
    }
    Ok(())
}

/// Materializes operand `i` of `op` to type `t` for each `(i, t)` of `targets` whose operand
/// has another type; for edges the interfaces do not describe (a function's return and its
/// signature).
pub fn materialize_operands<C: TypeConverter + ?Sized>(
    conv: &mut C,
    op: OpId,
    targets: &[(usize, Type)],
) -> Result<(), C::Error> {
    for &(i, want) in targets {
        let v = conv.context().operand(op, i);
        if conv.context().value_type(v) == want {
            continue;
        }
        let nv = conv.materialize(op, v, want)?;
        conv.context().set_operand(op, i, nv);
    }
    Ok(())
}

/// The type each forwarded operand of `op` must have: along region-branch edges, and for a
/// branch, the argument types of its successors.
fn join_types(ctx: &Context, op: OpId) -> Vec<(usize, Type)> {
    let mut out = join_targets(ctx, op);
    for (s, &dest) in ctx.successors(op).iter().enumerate() {
        let range = ctx.successor_operand_range(op, s);
        for (i, &a) in range.zip(ctx.block_args(dest)) {
            out.push((i, ctx.value_type(a)));
        }
    }
    out
}
