//! Writers for attributes in upstream's textual form (integers, floats, arrays, dictionaries,
//! dense and resource elements, strings, symbols), shared by the printer and diagnostics.

use super::float_fmt::format_float;
use super::print_locations::*;
use super::print_types::*;
use crate::attributes::{AttrKind, DenseElements};
use crate::types::{FloatKind, DYNAMIC};
use crate::{Attribute, Context, Type};
use std::fmt::Write as _;

pub fn attr_to_string(ctx: &Context, a: Attribute) -> String {
    let mut s = String::new();
    write_attr(ctx, &mut s, a);
    s
}

pub(super) fn write_int(ctx: &Context, out: &mut String, value: i128, ty: Type, with_type: bool) {
    if ctx.int_width(ty) == Some(1) && ctx.is_signless_integer(ty) {
        out.push_str(if value != 0 { "true" } else { "false" });
        return;
    }
    let _ = write!(out, "{value}");
    if with_type {
        out.push_str(" : ");
        write_type(ctx, out, ty);
    }
}

/// Upstream prints array elements with type elision allowed: an `i64` integer or an `f64`
/// float (the types a bare literal parses as) drops its `: type` (`[0, 1 : i32, 2.5]`).
pub(super) fn write_array_element(ctx: &Context, out: &mut String, a: Attribute) {
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, ty } if ctx.int_width(*ty) == Some(64) && ctx.is_signless_integer(*ty) => {
            let _ = write!(out, "{value}");
        }
        AttrKind::Float { bits, ty } if ctx.float_kind(*ty) == Some(FloatKind::F64) => {
            out.push_str(&format_float(f64::from_bits(*bits), FloatKind::F64));
        }
        _ => write_attr(ctx, out, a),
    }
}

pub fn write_attr(ctx: &Context, out: &mut String, a: Attribute) {
    match ctx.attr_kind(a) {
        AttrKind::Unit => out.push_str("unit"),
        AttrKind::Integer { value, ty } => write_int(ctx, out, *value, *ty, true),
        AttrKind::Float { bits, ty } => {
            let k = ctx.float_kind(*ty).unwrap_or(FloatKind::F64);
            out.push_str(&format_float(f64::from_bits(*bits), k));
            out.push_str(" : ");
            write_type(ctx, out, *ty);
        }
        AttrKind::String(s) => write_string(out, s),
        AttrKind::TypedString(s, ty) => {
            write_string(out, s);
            out.push_str(" : ");
            write_type(ctx, out, *ty);
        }
        AttrKind::Type(t) => write_type(ctx, out, *t),
        AttrKind::Array(items) => {
            out.push('[');
            for (i, &x) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_array_element(ctx, out, x);
            }
            out.push(']');
        }
        AttrKind::Dictionary(entries) => write_dict(ctx, out, entries),
        AttrKind::DenseElements { ty, splat, data } => {
            out.push_str("dense<");
            write_dense_body(ctx, out, *ty, *splat, data);
            out.push_str("> : ");
            write_type(ctx, out, *ty);
        }
        AttrKind::DenseArray { element, values } => {
            out.push_str("array<");
            write_type(ctx, out, *element);
            if !values.is_empty() {
                out.push_str(": ");
                let k = ctx.float_kind(*element);
                for (i, &v) in values.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    match k {
                        Some(k) => out.push_str(&format_float(f64::from_bits(v as u64), k)),
                        None => write_int(ctx, out, v, *element, false),
                    }
                }
            }
            out.push('>');
        }
        AttrKind::SymbolRef { root, nested } => {
            write_symbol(out, ctx.str(*root));
            for n in nested {
                out.push_str("::");
                write_symbol(out, ctx.str(*n));
            }
        }
        AttrKind::Strided { strides, offset } => {
            out.push_str("strided<[");
            for (i, &s) in strides.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_dyn(out, s);
            }
            out.push(']');
            if *offset != 0 {
                out.push_str(", offset: ");
                write_dyn(out, *offset);
            }
            out.push('>');
        }
        AttrKind::AffineMap(body) => {
            let _ = write!(out, "affine_map<{body}>");
        }
        AttrKind::AffineSet(body) => {
            let _ = write!(out, "affine_set<{body}>");
        }
        AttrKind::Opaque { dialect, body } => {
            if body.starts_with('<') {
                let _ = write!(out, "#{dialect}{body}");
            } else {
                let _ = write!(out, "#{dialect}.{body}");
            }
        }
        AttrKind::Location(l) => {
            out.push_str("loc(");
            write_loc(ctx, out, *l);
            out.push(')');
        }
        AttrKind::Sparse { ty, indices, values } => {
            // As upstream: no indices print as `sparse<>`.
            let body = |a: Attribute| match ctx.attr_kind(a) {
                AttrKind::DenseElements { ty, splat, data } => Some((*ty, *splat, data)),
                _ => None,
            };
            match (body(*indices), body(*values)) {
                (Some(i), Some(v)) if !i.2.is_empty() => {
                    out.push_str("sparse<");
                    write_dense_body(ctx, out, i.0, i.1, i.2);
                    out.push_str(", ");
                    write_dense_body(ctx, out, v.0, v.1, v.2);
                    out.push('>');
                }
                _ => out.push_str("sparse<>"),
            }
            out.push_str(" : ");
            write_type(ctx, out, *ty);
        }
        AttrKind::Distinct { id, referenced } => {
            let _ = write!(out, "distinct[{id}]<");
            if !matches!(ctx.attr_kind(*referenced), AttrKind::Unit) {
                write_attr(ctx, out, *referenced);
            }
            out.push('>');
        }
        AttrKind::DenseResource { ty, name } => {
            out.push_str("dense_resource<");
            if name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b == b'$' || b == b'-')
                && name.bytes().next().is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
            {
                out.push_str(name);
            } else {
                write_string(out, name);
            }
            out.push_str("> : ");
            write_type(ctx, out, *ty);
        }
    }
}

/// The `{-# dialect_resources: { builtin: {...} } #-}` section for the blobs that `text`
/// refers to (`dense_resource<name>`), as upstream prints after the top-level op; empty when
/// there are none.
pub fn resources_section(ctx: &Context, text: &str) -> String {
    // In order of first use, as upstream.
    let mut used: Vec<(usize, &str)> = ctx
        .resource_blob_names()
        .into_iter()
        .filter_map(|n| {
            let bare = text.find(&format!("dense_resource<{n}>"));
            let quoted = text.find(&format!("dense_resource<\"{n}\">"));
            bare.or(quoted).map(|at| (at, n))
        })
        .collect();
    used.sort_unstable();
    let used: Vec<&str> = used.into_iter().map(|(_, n)| n).collect();
    if used.is_empty() {
        return String::new();
    }
    let mut out = String::from("\n{-#\n  dialect_resources: {\n    builtin: {\n");
    for (i, n) in used.iter().enumerate() {
        let Some(b) = ctx.resource_blob(n) else { continue };
        let _ = write!(out, "      {n}: \"0x");
        for byte in b.alignment.to_le_bytes().iter().chain(&b.data) {
            let _ = write!(out, "{byte:02X}");
        }
        out.push('"');
        out.push_str(if i + 1 < used.len() { ",\n" } else { "\n" });
    }
    out.push_str("    }\n  }\n#-}\n");
    out
}

pub(super) fn write_dyn(out: &mut String, v: i64) {
    if v == DYNAMIC {
        out.push('?');
    } else {
        let _ = write!(out, "{v}");
    }
}

/// The literal of a dense elements attribute, between `dense<` and `>`.
pub(super) fn write_dense_body(ctx: &Context, out: &mut String, ty: Type, splat: bool, data: &DenseElements) {
    let elem = ctx.element_type_or_self(ty);
    let shape = ctx.shape(ty).map(|s| s.to_vec()).unwrap_or_default();
    if splat {
        write_dense_elem(ctx, out, data, 0, elem);
    } else if let DenseElements::Hex(h) = data {
        write_string(out, &super::dense_hex::hex_text(h));
    } else if !data.is_empty() {
        let mut idx = 0;
        write_dense_nested(ctx, out, data, &shape, &mut idx, elem);
    }
}

pub(super) fn write_dense_elem(ctx: &Context, out: &mut String, data: &DenseElements, i: usize, elem: Type) {
    match data {
        DenseElements::Ints(v) => {
            let x = v.get(i).copied().unwrap_or(0);
            write_int(ctx, out, x, elem, false);
        }
        DenseElements::Floats(v) => {
            let k = ctx.float_kind(elem).unwrap_or(FloatKind::F64);
            out.push_str(&format_float(f64::from_bits(v.get(i).copied().unwrap_or(0)), k));
        }
        DenseElements::Strings(v) => write_string(out, v.get(i).map(String::as_str).unwrap_or("")),
        DenseElements::Hex(h) => write_string(out, &super::dense_hex::hex_text(h)),
    }
}

pub(super) fn write_dense_nested(
    ctx: &Context,
    out: &mut String,
    data: &DenseElements,
    shape: &[i64],
    idx: &mut usize,
    elem: Type,
) {
    if shape.is_empty() {
        write_dense_elem(ctx, out, data, *idx, elem);
        *idx += 1;
        return;
    }
    out.push('[');
    for i in 0..shape[0].max(0) {
        if i > 0 {
            out.push_str(", ");
        }
        write_dense_nested(ctx, out, data, &shape[1..], idx, elem);
    }
    out.push(']');
}

pub fn write_dict(ctx: &Context, out: &mut String, entries: &[(crate::Symbol, Attribute)]) {
    out.push('{');
    for (i, (n, a)) in entries.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let name = ctx.str(*n);
        if is_bare_identifier(name) {
            out.push_str(name);
        } else {
            write_string(out, name);
        }
        if !matches!(ctx.attr_kind(*a), AttrKind::Unit) {
            out.push_str(" = ");
            write_attr(ctx, out, *a);
        }
    }
    out.push('}');
}

pub(super) fn is_bare_identifier(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && (b[0].is_ascii_alphabetic() || b[0] == b'_')
        && b.iter().all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.'))
}

pub fn write_symbol(out: &mut String, name: &str) {
    let b = name.as_bytes();
    let plain = !b.is_empty()
        && (b[0].is_ascii_alphabetic() || b[0] == b'_')
        && b.iter().all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-'));
    out.push('@');
    if plain {
        out.push_str(name);
    } else {
        write_string(out, name);
    }
}

/// A string literal with upstream's escaping: printable ASCII as is, `\\` doubled, and `"`,
/// control and non-ASCII bytes as two hex digits.
pub fn write_string(out: &mut String, s: &str) {
    out.push('"');
    // Most strings (op names, symbols) need no escaping.
    if s.bytes().all(|b| (0x20..=0x7e).contains(&b) && b != b'\\' && b != b'"') {
        out.push_str(s);
        out.push('"');
        return;
    }
    let mut buf = [0u8; 4];
    for c in s.chars() {
        // A byte that is not UTF-8, kept by the parser as a private-use character.
        if let Some(b) = super::source_bytes::raw_byte(c) {
            let _ = write!(out, "\\{b:02X}");
            continue;
        }
        for &b in c.encode_utf8(&mut buf).as_bytes() {
            write_string_byte(out, b);
        }
    }
    out.push('"');
}

pub(super) fn write_string_byte(out: &mut String, b: u8) {
    match b {
        b'\\' => out.push_str("\\\\"),
        b'"' => out.push_str("\\22"),
        0x20..=0x7e => out.push(b as char),
        _ => {
            let _ = write!(out, "\\{b:02X}");
        }
    }
}
