//! Attribute decoding that does not depend on the target IR, so every backend reads ops the
//! same way.

use flowgate_ir::{AttrKind, Context, DenseElements, OpId};

/// Integers of a dense array, dense elements or array attribute `name` of `op`.
pub fn int_list(ctx: &Context, op: OpId, name: &str) -> Option<Vec<i64>> {
    let a = ctx.attr(op, name)?;
    match ctx.attr_kind(a) {
        AttrKind::DenseArray { values, .. } => Some(values.iter().map(|&v| v as i64).collect()),
        AttrKind::DenseElements { data: DenseElements::Ints(v), .. } => Some(v.iter().map(|&v| v as i64).collect()),
        AttrKind::Array(items) => items.iter().map(|&x| ctx.attr_as_int(x).map(|v| v as i64)).collect(),
        _ => None,
    }
}

/// `reassociation = [[0, 1], [2]]`: the groups of dimensions, checked to cover `0..n` in order;
/// `None` when the attribute is missing or malformed.
pub fn reassociation(ctx: &Context, op: OpId, n: usize) -> Option<Vec<Vec<usize>>> {
    let groups = ctx.attr(op, "reassociation").and_then(|a| ctx.attr_as_array(a))?;
    let mut out = Vec::with_capacity(groups.len());
    let mut next = 0usize;
    for &g in groups {
        let dims = ctx.attr_as_array(g)?;
        let mut group = Vec::with_capacity(dims.len());
        for &d in dims {
            let d = ctx.attr_as_int(d).and_then(|d| usize::try_from(d).ok())?;
            if d != next {
                return None;
            }
            next += 1;
            group.push(d);
        }
        if group.is_empty() {
            return None;
        }
        out.push(group);
    }
    (next == n).then_some(out)
}
