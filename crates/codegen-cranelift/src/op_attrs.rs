//! Attribute decoding that does not depend on the target IR, shared with the LLVM backend
//! (crates/codegen-llvm) so both read ops the same way.

use flowgate_ir::{Context, OpId};

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
