//! Editing the operands a branch forwards to its successors (upstream's `SuccessorOperands`).
//!
//! An op describes its layout only through `successor_operands` ranges (and, when it has
//! several variadic groups, `operandSegmentSizes` and nested segment arrays such as
//! `cf.switch`'s `case_operand_segments`). An edit therefore changes the operand list, tries
//! the segment-size updates that could describe the new layout, and keeps the first one under
//! which every successor's range is what it must be; when none fits, the op is restored and
//! the edit reports failure. No op-specific knowledge is needed, and no edit can leave an op
//! whose operands no longer match its successors.

use flowgate_ir::{AttrKind, Attribute, Context, OpId, Traits, Value};
use std::ops::Range;

const SEGMENTS: &str = "operandSegmentSizes";

/// A registered terminator whose forwarded operands are known (upstream's BranchOpInterface).
pub fn is_known_branch(ctx: &Context, op: OpId) -> bool {
    let Some(def) = ctx.op_def(op) else { return false };
    def.traits.contains(Traits::TERMINATOR)
        && !ctx.successors(op).is_empty()
        && (def.successor_operands.is_some() || ctx.successors(op).len() == 1)
}

/// The successor block argument that operand `idx` of the branch `op` feeds, if any.
pub fn forwarded_arg(ctx: &Context, op: OpId, idx: usize) -> Option<Value> {
    for (i, &succ) in ctx.successors(op).iter().enumerate() {
        let r = ctx.successor_operand_range(op, i);
        if r.contains(&idx) {
            return ctx.block_args(succ).get(idx - r.start).copied();
        }
    }
    None
}

fn ranges(ctx: &Context, op: OpId) -> Vec<Range<usize>> {
    (0..ctx.successors(op).len()).map(|i| ctx.successor_operand_range(op, i)).collect()
}

/// i32 dense arrays of `op` other than `operandSegmentSizes` (nested segment sizes).
fn nested_arrays(ctx: &Context, op: OpId) -> Vec<(String, Vec<i128>)> {
    ctx.attrs(op)
        .iter()
        .filter(|(n, _)| ctx.str(*n) != SEGMENTS)
        .filter_map(|&(n, a)| match ctx.attr_kind(a) {
            AttrKind::DenseArray { element, values } if ctx.int_width(*element) == Some(32) => {
                Some((ctx.str(n).to_string(), values.clone()))
            }
            _ => None,
        })
        .collect()
}

fn segments(ctx: &Context, op: OpId) -> Option<Vec<i128>> {
    ctx.attr(op, SEGMENTS).and_then(|a| ctx.attr_as_dense_array(a)).map(|v| v.to_vec())
}

/// Segment index and start offset of each segment of `sizes`.
fn bounds(sizes: &[i128]) -> Vec<(usize, usize)> {
    let mut out = Vec::with_capacity(sizes.len());
    let mut start = 0usize;
    for &s in sizes {
        let n = usize::try_from(s).unwrap_or(0);
        out.push((start, start + n));
        start += n;
    }
    out
}

/// One candidate description of the edited layout: new values for some dense-array attributes.
type AttrEdit = Vec<(String, Vec<i128>)>;

/// Candidate attribute edits for inserting (`delta = 1`) or removing (`delta = -1`) the
/// operand at `pos`.
fn candidate_edits(ctx: &Context, op: OpId, pos: usize, delta: i128) -> Vec<AttrEdit> {
    let Some(sizes) = segments(ctx, op) else { return vec![Vec::new()] };
    let mut out = Vec::new();
    for (si, &(start, end)) in bounds(&sizes).iter().enumerate() {
        let fits = if delta < 0 { pos >= start && pos < end } else { pos >= start && pos <= end };
        if !fits {
            continue;
        }
        let mut new_sizes = sizes.clone();
        new_sizes[si] += delta;
        // A nested array that splits this segment further must change with it.
        let linked: Vec<(String, Vec<i128>)> = nested_arrays(ctx, op)
            .into_iter()
            .filter(|(_, nested)| nested.iter().sum::<i128>() == (end - start) as i128)
            .collect();
        // A nested array whose sum only happens to equal this segment's size may split
        // another segment: the plain edit stays a candidate (tried after the linked ones), and
        // the successor-range check picks the layout that is really right.
        let plain = vec![(SEGMENTS.to_string(), new_sizes.clone())];
        for (name, nested) in linked {
            let off = pos - start;
            for (ni, &(ns, ne)) in bounds(&nested).iter().enumerate() {
                let nfits = if delta < 0 { off >= ns && off < ne } else { off >= ns && off <= ne };
                if nfits {
                    let mut n2 = nested.clone();
                    n2[ni] += delta;
                    out.push(vec![(SEGMENTS.to_string(), new_sizes.clone()), (name.clone(), n2)]);
                }
            }
        }
        out.push(plain);
    }
    out
}

fn set_array(ctx: &mut Context, op: OpId, name: &str, values: &[i128]) {
    let v: Vec<i32> = values.iter().map(|&x| x as i32).collect();
    let a = ctx.dense_i32_array_attr(&v);
    ctx.set_attr(op, name, a);
}

/// Apply `operands` and one of `edits`, keeping the first under which the successor ranges
/// equal `expected`. On failure everything is restored.
fn apply_checked(
    ctx: &mut Context,
    op: OpId,
    operands: Vec<Value>,
    edits: Vec<AttrEdit>,
    expected: &[Range<usize>],
) -> bool {
    let old_operands = ctx.operands(op).to_vec();
    let saved: Vec<(String, Option<Attribute>)> =
        edits.iter().flatten().map(|(n, _)| (n.clone(), ctx.attr(op, n))).collect();
    ctx.set_operands(op, operands);
    for edit in edits {
        for (name, values) in &edit {
            set_array(ctx, op, name, values);
        }
        if ranges(ctx, op) == expected {
            return true;
        }
        for (name, old) in &saved {
            match old {
                Some(a) => ctx.set_attr(op, name, *a),
                None => {
                    ctx.remove_attr(op, name);
                }
            }
        }
    }
    ctx.set_operands(op, old_operands);
    false
}

/// Remove the operand forwarded as argument `arg` of successor `succ`.
pub fn erase_successor_operand(ctx: &mut Context, op: OpId, succ: usize, arg: usize) -> bool {
    let old = ranges(ctx, op);
    let Some(r) = old.get(succ) else { return false };
    let idx = r.start + arg;
    if idx >= r.end {
        return false;
    }
    let expected: Vec<Range<usize>> = old
        .iter()
        .map(|r| {
            let s = if r.start > idx { r.start - 1 } else { r.start };
            let e = if r.end > idx { r.end - 1 } else { r.end };
            s..e
        })
        .collect();
    let mut operands = ctx.operands(op).to_vec();
    operands.remove(idx);
    let edits = candidate_edits(ctx, op, idx, -1);
    apply_checked(ctx, op, operands, edits, &expected)
}

/// Insert `v` as forwarded operand `arg` of successor `succ` (`arg` may equal the current
/// count, which appends).
pub fn insert_successor_operand(ctx: &mut Context, op: OpId, succ: usize, arg: usize, v: Value) -> bool {
    let old = ranges(ctx, op);
    let Some(r) = old.get(succ).cloned() else { return false };
    if arg > r.len() {
        return false;
    }
    let pos = r.start + arg;
    let expected: Vec<Range<usize>> = old
        .iter()
        .enumerate()
        .map(|(j, rj)| {
            if j == succ {
                rj.start..rj.end + 1
            } else if j > succ && rj.start >= pos {
                rj.start + 1..rj.end + 1
            } else {
                rj.clone()
            }
        })
        .collect();
    let mut operands = ctx.operands(op).to_vec();
    operands.insert(pos, v);
    let edits = candidate_edits(ctx, op, pos, 1);
    apply_checked(ctx, op, operands, edits, &expected)
}

/// Append `v` to the operands forwarded to successor `succ`.
pub fn append_successor_operand(ctx: &mut Context, op: OpId, succ: usize, v: Value) -> bool {
    let n = ctx.successor_operand_range(op, succ).len();
    insert_successor_operand(ctx, op, succ, n, v)
}

/// An edit [`erase_on_all_edges`] made: (branch, successor, argument, removed value).
pub type Removed = (OpId, usize, usize, Value);

/// Remove forwarded operand `arg` on every edge, or on none: when one edge refuses, the
/// edges already edited get their operand back. Returns the edits, to undo them later.
pub fn erase_on_all_edges(ctx: &mut Context, edges: &[(OpId, usize)], arg: usize) -> Option<Vec<Removed>> {
    let mut done: Vec<Removed> = Vec::new();
    for &(t, s) in edges {
        let r = ctx.successor_operand_range(t, s);
        let value = ctx.operands(t).get(r.start + arg).copied().filter(|_| arg < r.len());
        match value {
            Some(v) if erase_successor_operand(ctx, t, s, arg) => done.push((t, s, arg, v)),
            _ => {
                restore(ctx, &done);
                return None;
            }
        }
    }
    Some(done)
}

/// Undo removals, most recent first.
pub fn restore(ctx: &mut Context, done: &[Removed]) {
    for &(t, s, arg, v) in done.iter().rev() {
        insert_successor_operand(ctx, t, s, arg, v);
    }
}
