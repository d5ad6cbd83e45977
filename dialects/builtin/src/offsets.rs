//! Mixed static/dynamic index lists of slice- and view-like ops (`tensor.extract_slice`,
//! `tensor.insert_slice`, `memref.subview`, ...), after upstream's `OpFoldResult` lists and
//! `ViewLikeInterface` helpers: constant operands that become static entries
//! (`foldDynamicIndexList`, the core of `OpWithOffsetSizesAndStridesConstantArgumentFolder`) and
//! the in-bounds check (`verifyInBoundsSlice`). Dialect neutral: callers keep their own op
//! layout and only pass lists and shapes.

use flowgate_ir::{Context, Traits, Value, DYNAMIC};

/// One entry of a mixed list (upstream's `OpFoldResult`): a static integer or an SSA value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    Static(i64),
    Dynamic(Value),
}

impl Entry {
    /// The static value, if the entry has one.
    pub fn as_static(self) -> Option<i64> {
        match self {
            Entry::Static(v) => Some(v),
            Entry::Dynamic(_) => None,
        }
    }
}

/// Zip a static list (`DYNAMIC` marking the dynamic entries) with its dynamic operands. `None`
/// when the counts disagree (invalid IR, which must not be rewritten).
pub fn mixed(statics: &[i64], dynamic: &[Value]) -> Option<Vec<Entry>> {
    let mut values = dynamic.iter();
    let out: Option<Vec<Entry>> = statics
        .iter()
        .map(|&s| if s == DYNAMIC { values.next().map(|&v| Entry::Dynamic(v)) } else { Some(Entry::Static(s)) })
        .collect();
    if values.next().is_some() {
        return None;
    }
    out
}

/// The inverse of [`mixed`]: the static list and the dynamic operands.
pub fn split(entries: &[Entry]) -> (Vec<i64>, Vec<Value>) {
    let mut statics = Vec::with_capacity(entries.len());
    let mut dynamic = Vec::new();
    for e in entries {
        match *e {
            Entry::Static(s) => statics.push(s),
            Entry::Dynamic(v) => {
                statics.push(DYNAMIC);
                dynamic.push(v);
            }
        }
    }
    (statics, dynamic)
}

/// The integer a constant-like op defining `v` holds (upstream's `getConstantIntValue`), when it
/// fits an `i64` other than the `DYNAMIC` marker.
pub fn constant_int(ctx: &Context, v: Value) -> Option<i64> {
    let op = ctx.defining_op(v)?;
    if !ctx.has_trait(op, Traits::CONSTANT_LIKE) {
        return None;
    }
    let value = ctx.attr_as_int(ctx.attr(op, "value")?)?;
    i64::try_from(value).ok().filter(|&x| x != DYNAMIC)
}

/// The static value of an entry, looking through constant operands.
pub fn entry_value(ctx: &Context, e: Entry) -> Option<i64> {
    match e {
        Entry::Static(s) => Some(s),
        Entry::Dynamic(v) => constant_int(ctx, v),
    }
}

/// Upstream's `foldDynamicIndexList`: dynamic entries defined by constants become static.
/// Negative constants stay dynamic when `only_non_negative` (a negative offset or size is
/// invalid IR, which the verifier would reject once static). Returns whether anything changed.
pub fn fold_constant_entries(ctx: &Context, entries: &mut [Entry], only_non_negative: bool) -> bool {
    fold_constant_entries_where(ctx, entries, |c| !only_non_negative || c >= 0)
}

/// [`fold_constant_entries`] for the constants `keep` accepts (upstream's `onlyNonNegative` /
/// `onlyNonZero` flavours).
pub fn fold_constant_entries_where(ctx: &Context, entries: &mut [Entry], keep: impl Fn(i64) -> bool) -> bool {
    let mut changed = false;
    for e in entries.iter_mut() {
        let Entry::Dynamic(v) = *e else { continue };
        let Some(c) = constant_int(ctx, v).filter(|&c| keep(c)) else { continue };
        *e = Entry::Static(c);
        changed = true;
    }
    changed
}

/// Offsets, sizes and strides of a slice-like op.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SliceLists {
    pub offsets: Vec<Entry>,
    pub sizes: Vec<Entry>,
    pub strides: Vec<Entry>,
}

impl SliceLists {
    /// Fold constant operands into static entries as upstream's
    /// `OpWithOffsetSizesAndStridesConstantArgumentFolder` does (offsets and sizes only when
    /// non-negative; any constant stride). Returns whether anything changed.
    pub fn fold_constants(&mut self, ctx: &Context) -> bool {
        let a = fold_constant_entries(ctx, &mut self.offsets, true);
        let b = fold_constant_entries(ctx, &mut self.sizes, true);
        let c = fold_constant_entries(ctx, &mut self.strides, false);
        a || b || c
    }

    /// The static parts (`DYNAMIC` where an entry is a value).
    pub fn statics(&self) -> [Vec<i64>; 3] {
        [split(&self.offsets).0, split(&self.sizes).0, split(&self.strides).0]
    }

    /// The dynamic operands in upstream's order: offsets, then sizes, then strides.
    pub fn dynamic(&self) -> [Vec<Value>; 3] {
        [split(&self.offsets).1, split(&self.sizes).1, split(&self.strides).1]
    }

    /// Upstream's `isSameAs` with plain equality: the same static values and the same SSA
    /// values at every position.
    pub fn same_as(&self, other: &SliceLists) -> bool {
        self == other
    }

    /// Every offset a static 0 and every stride a static 1.
    pub fn zero_offsets_unit_strides(&self) -> bool {
        self.offsets.iter().all(|&o| o == Entry::Static(0)) && self.strides.iter().all(|&s| s == Entry::Static(1))
    }
}

/// Why a slice does not fit its source (upstream's `verifyInBoundsSlice` and its messages):
/// a static offset must lie inside its static dimension, even for an empty slice, and so must
/// the last element a fully static slice touches. `None` when it fits (or nothing is known).
pub fn out_of_bounds(shape: &[i64], offsets: &[i64], sizes: &[i64], strides: &[i64]) -> Option<String> {
    for (i, &dim) in shape.iter().enumerate() {
        let Some(&o) = offsets.get(i) else { continue };
        if dim == DYNAMIC || o == DYNAMIC {
            continue;
        }
        if o >= dim {
            return Some(format!("offset {i} is out-of-bounds: {o} >= {dim}"));
        }
        let (Some(&s), Some(&st)) = (sizes.get(i), strides.get(i)) else { continue };
        if s == DYNAMIC || st == DYNAMIC {
            continue;
        }
        let last = o.saturating_add(s.saturating_sub(1).saturating_mul(st));
        if last >= dim {
            return Some(format!("slice along dimension {i} runs out-of-bounds: {last} >= {dim}"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_bounds_messages() {
        assert_eq!(
            out_of_bounds(&[5], &[0], &[10], &[1]).as_deref(),
            Some("slice along dimension 0 runs out-of-bounds: 9 >= 5")
        );
        assert_eq!(out_of_bounds(&[5], &[6], &[0], &[1]).as_deref(), Some("offset 0 is out-of-bounds: 6 >= 5"));
        assert_eq!(out_of_bounds(&[5], &[5], &[0], &[1]).as_deref(), Some("offset 0 is out-of-bounds: 5 >= 5"));
        assert_eq!(out_of_bounds(&[5], &[4], &[0], &[1]), None);
        assert_eq!(out_of_bounds(&[DYNAMIC], &[7], &[9], &[1]), None);
        assert_eq!(out_of_bounds(&[5], &[0], &[DYNAMIC], &[1]), None);
        assert!(out_of_bounds(&[i64::MAX], &[i64::MAX], &[i64::MAX], &[i64::MAX]).is_some());
    }

    /// A context with a constant-like op `test.constant` and a block to hold values.
    fn constants(values: &[i128]) -> (flowgate_ir::Context, Vec<Value>, Value) {
        use flowgate_ir::{Context, OpDef, OperationState};
        let mut ctx = Context::new();
        ctx.register_op(OpDef { traits: Traits::CONSTANT_LIKE, ..OpDef::new("test.constant") });
        let idx = ctx.index_type();
        let loc = ctx.unknown_loc();
        let block = ctx.create_block();
        let arg = ctx.add_block_arg(block, idx, loc);
        let vals = values
            .iter()
            .map(|&v| {
                let a = ctx.integer_attr(v, idx);
                let st = OperationState::new(&mut ctx, "test.constant", loc).results(&[idx]).attr(&mut ctx, "value", a);
                let op = ctx.create_op(st);
                ctx.append_op(block, op);
                ctx.result(op, 0)
            })
            .collect();
        (ctx, vals, arg)
    }

    #[test]
    fn constants_become_static() {
        let (ctx, c, arg) = constants(&[4, -2, 0]);
        let mut lists = SliceLists {
            offsets: vec![Entry::Dynamic(c[0]), Entry::Dynamic(arg)],
            sizes: vec![Entry::Dynamic(c[1]), Entry::Static(3)],
            strides: vec![Entry::Dynamic(c[1]), Entry::Dynamic(c[2])],
        };
        assert!(lists.fold_constants(&ctx));
        // A negative size stays dynamic; any constant stride becomes static.
        assert_eq!(lists.offsets, vec![Entry::Static(4), Entry::Dynamic(arg)]);
        assert_eq!(lists.sizes, vec![Entry::Dynamic(c[1]), Entry::Static(3)]);
        assert_eq!(lists.strides, vec![Entry::Static(-2), Entry::Static(0)]);
        assert!(!lists.fold_constants(&ctx));
        assert_eq!(lists.dynamic(), [vec![arg], vec![c[1]], vec![]]);
        let mut strides = vec![Entry::Dynamic(c[2])];
        assert!(!fold_constant_entries_where(&ctx, &mut strides, |x| x != 0));
        assert_eq!(entry_value(&ctx, Entry::Dynamic(c[1])), Some(-2));
        assert_eq!(entry_value(&ctx, Entry::Dynamic(arg)), None);
    }

    #[test]
    fn mixed_round_trip() {
        assert_eq!(mixed(&[1, 2], &[]), Some(vec![Entry::Static(1), Entry::Static(2)]));
        assert_eq!(split(&[Entry::Static(3)]), (vec![3], vec![]));
        assert_eq!(mixed(&[DYNAMIC], &[]), None);
    }
}
