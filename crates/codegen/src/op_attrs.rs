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

/// One entry of `memref.reinterpret_cast`'s offset, sizes or strides: a constant, or the
/// index of the operand that holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListEntry {
    Const(i64),
    Operand(usize),
}

/// The offset (one entry), sizes and strides (`rank` entries each) of a
/// `memref.reinterpret_cast`: operands `[source, offsets..., sizes..., strides...]` split by
/// `operandSegmentSizes`, each `DYNAMIC` entry of the `static_*` arrays taking the next operand
/// of its segment. After `expand-strided-metadata` this is the only view op a backend meets.
pub fn reinterpret_cast_lists(ctx: &Context, op: OpId, rank: usize) -> Result<[Vec<ListEntry>; 3], String> {
    let seg = int_list(ctx, op, "operandSegmentSizes")
        .filter(|s| s.len() == 4 && s.iter().all(|&x| x >= 0))
        .ok_or("requires a valid 'operandSegmentSizes' attribute")?;
    let mut next = 1usize;
    let mut lists = Vec::with_capacity(3);
    for (k, (name, len)) in
        [("static_offsets", 1), ("static_sizes", rank), ("static_strides", rank)].into_iter().enumerate()
    {
        let stat = int_list(ctx, op, name).ok_or_else(|| format!("requires attribute '{name}'"))?;
        if stat.len() != len {
            return Err(format!("has '{name}' of the wrong length"));
        }
        let mut operands = next..next + seg[k + 1] as usize;
        next = operands.end;
        let mut list = Vec::with_capacity(len);
        for &s in &stat {
            list.push(if s == flowgate_ir::DYNAMIC {
                ListEntry::Operand(operands.next().ok_or("is missing a dynamic operand")?)
            } else {
                ListEntry::Const(s)
            });
        }
        lists.push(list);
    }
    if next != ctx.operands(op).len() {
        return Err("has operands its 'operandSegmentSizes' does not count".into());
    }
    let [o, s, t]: [Vec<ListEntry>; 3] = lists.try_into().map_err(|_| "malformed lists".to_string())?;
    Ok([o, s, t])
}
