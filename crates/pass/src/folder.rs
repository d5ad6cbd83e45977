//! Constant bookkeeping for the greedy driver, after upstream's `OperationFolder`: constants are
//! uniqued per (insertion region, dialect, value, type) and hoisted to the start of the entry
//! block of the nearest enclosing region whose parent op is isolated from above (or
//! unregistered, whose traits are unknown), so that one constant serves every use below it.

use flowgate_ir::{Attribute, Context, OpId, RegionId, Traits, Type, Value};
use rustc_hash::{FxHashMap, FxHashSet};

#[derive(Default)]
pub struct ConstantFolder {
    constants: FxHashMap<(RegionId, String, Attribute, Type), OpId>,
    /// Constants this folder placed or adopted: they are already in their final spot.
    owned: FxHashSet<OpId>,
}

/// The dialect prefix of an op name (`arith` for `arith.constant`).
fn dialect_of(name: &str) -> &str {
    name.split_once('.').map_or(name, |(d, _)| d)
}

impl ConstantFolder {
    pub fn clear(&mut self) {
        self.constants.clear();
        self.owned.clear();
    }

    /// A constant-like op with one result and a `value` attribute.
    pub fn is_constant(&self, ctx: &Context, op: OpId) -> bool {
        ctx.has_trait(op, Traits::CONSTANT_LIKE) && ctx.results(op).len() == 1 && ctx.attr(op, "value").is_some()
    }

    /// The constant `v` holds, when a constant-like op defines it.
    pub fn constant_value(&self, ctx: &Context, v: Value) -> Option<Attribute> {
        let op = ctx.defining_op(v)?;
        if self.is_constant(ctx, op) {
            ctx.attr(op, "value")
        } else {
            None
        }
    }

    pub fn forget(&mut self, op: OpId) {
        self.owned.remove(&op);
    }

    /// Where constants used by `op` go.
    pub fn insertion_region(&self, ctx: &Context, op: OpId) -> Option<RegionId> {
        let mut region = ctx.parent_region(op)?;
        loop {
            let Some(parent) = ctx.region_parent(region) else { return Some(region) };
            if !ctx.is_registered(parent)
                || ctx.has_trait(parent, Traits::ISOLATED_FROM_ABOVE)
                || ctx.parent_block(parent).is_none()
            {
                return Some(region);
            }
            match ctx.parent_region(parent) {
                Some(r) => region = r,
                None => return Some(region),
            }
        }
    }

    fn key(&self, ctx: &Context, region: RegionId, op: OpId) -> Option<(RegionId, String, Attribute, Type)> {
        let value = ctx.attr(op, "value")?;
        let ty = ctx.value_type(*ctx.results(op).first()?);
        Some((region, dialect_of(ctx.op_name(op)).to_string(), value, ty))
    }

    /// Record the existing constant `op`: replace it by an equal constant already known (then
    /// `op` is erased and `kept` is false), or hoist it to the start of its insertion block.
    /// Returns `(kept, changed)`.
    pub fn insert_known_constant(&mut self, ctx: &mut Context, op: OpId) -> (bool, bool) {
        let Some(region) = self.insertion_region(ctx, op) else { return (true, false) };
        let Some(key) = self.key(ctx, region, op) else { return (true, false) };
        if let Some(&existing) = self.constants.get(&key) {
            if existing != op && !ctx.is_erased(existing) {
                let v = ctx.result(existing, 0);
                ctx.replace_op(op, &[v]);
                return (false, true);
            }
        }
        self.constants.insert(key, op);
        let Some(entry) = ctx.entry_block(region) else { return (true, false) };
        let in_place = ctx.parent_block(op) == Some(entry)
            && (ctx.first_op(entry) == Some(op) || ctx.prev_op(op).is_some_and(|p| self.owned.contains(&p)));
        self.owned.insert(op);
        if in_place {
            return (true, false);
        }
        ctx.prepend_op(entry, op);
        let loc = ctx.unknown_loc();
        ctx.set_op_loc(op, loc);
        (true, true)
    }
}
