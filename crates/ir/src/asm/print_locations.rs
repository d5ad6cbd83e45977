//! Writers for locations (`loc(...)`) in upstream's textual form.

use super::print_attrs::*;
use crate::location::LocKind;
use crate::{Context, Location};
use std::fmt::Write as _;

pub fn write_loc(ctx: &Context, out: &mut String, l: Location) {
    write_loc_with(ctx, out, l, &mut |out, c| write_loc(ctx, out, c));
}

/// Print `l`'s body, writing nested locations with `nested` (inline, or as alias references).
pub(super) fn write_loc_with(
    ctx: &Context,
    out: &mut String,
    l: Location,
    nested: &mut dyn FnMut(&mut String, Location),
) {
    match ctx.loc_kind(l) {
        LocKind::Unknown => out.push_str("unknown"),
        LocKind::FileLineCol { file, line, col } => {
            write_string(out, ctx.str(*file));
            let _ = write!(out, ":{line}:{col}");
        }
        LocKind::FileLineColRange { file, line, col, end_line, end_col } => {
            write_string(out, ctx.str(*file));
            let _ = write!(out, ":{line}:{col} to ");
            if end_line != line {
                let _ = write!(out, "{end_line}");
            }
            let _ = write!(out, ":{end_col}");
        }
        LocKind::Name { name, child } => {
            write_string(out, ctx.str(*name));
            if let Some(c) = child {
                out.push('(');
                nested(out, *c);
                out.push(')');
            }
        }
        LocKind::Fused { locs, metadata } => {
            out.push_str("fused");
            if let Some(m) = metadata {
                out.push('<');
                write_attr(ctx, out, *m);
                out.push('>');
            }
            out.push('[');
            for (i, &x) in locs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                nested(out, x);
            }
            out.push(']');
        }
        LocKind::CallSite { callee, caller } => {
            out.push_str("callsite(");
            nested(out, *callee);
            out.push_str(" at ");
            nested(out, *caller);
            out.push(')');
        }
    }
}
