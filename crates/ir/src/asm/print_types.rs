//! Writers for builtin types in upstream's textual form, shared by the printer and diagnostics.

use super::print_attrs::write_attr;
use crate::attributes::AttrKind;
use crate::types::{FloatKind, Signedness, TypeKind, DYNAMIC};
use crate::{Attribute, Context, Type};
use std::fmt::Write as _;

pub fn type_to_string(ctx: &Context, t: Type) -> String {
    let mut s = String::new();
    write_type(ctx, &mut s, t);
    s
}

pub(super) fn write_dims(out: &mut String, shape: &[i64], scalable: Option<&[bool]>) {
    for (i, &d) in shape.iter().enumerate() {
        let sc = scalable.is_some_and(|s| s.get(i).copied().unwrap_or(false));
        if sc {
            out.push('[');
        }
        if d == DYNAMIC {
            out.push('?');
        } else {
            let _ = write!(out, "{d}");
        }
        if sc {
            out.push(']');
        }
        out.push('x');
    }
}

pub(super) fn write_result_types(ctx: &Context, out: &mut String, ts: &[Type]) {
    let paren = ts.len() != 1 || matches!(ctx.type_kind(ts[0]), TypeKind::Function { .. });
    if paren {
        out.push('(');
    }
    for (i, &t) in ts.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_type(ctx, out, t);
    }
    if paren {
        out.push(')');
    }
}

pub fn write_type(ctx: &Context, out: &mut String, t: Type) {
    match ctx.type_kind(t) {
        TypeKind::Integer { width, signedness } => {
            let p = match signedness {
                Signedness::Signless => "i",
                Signedness::Signed => "si",
                Signedness::Unsigned => "ui",
            };
            let _ = write!(out, "{p}{width}");
        }
        TypeKind::Index => out.push_str("index"),
        TypeKind::Float(k) => out.push_str(match k {
            FloatKind::F16 => "f16",
            FloatKind::BF16 => "bf16",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
        }),
        TypeKind::OtherFloat(name) => out.push_str(name),
        TypeKind::None => out.push_str("none"),
        TypeKind::Function { inputs, results } => {
            out.push('(');
            for (i, &t) in inputs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_type(ctx, out, t);
            }
            out.push_str(") -> ");
            write_result_types(ctx, out, results);
        }
        TypeKind::RankedTensor { shape, element, encoding } => {
            out.push_str("tensor<");
            write_dims(out, shape, None);
            write_type(ctx, out, *element);
            if let Some(e) = encoding {
                out.push_str(", ");
                write_attr(ctx, out, *e);
            }
            out.push('>');
        }
        TypeKind::UnrankedTensor { element } => {
            out.push_str("tensor<*x");
            write_type(ctx, out, *element);
            out.push('>');
        }
        TypeKind::MemRef { shape, element, layout, memory_space } => {
            out.push_str("memref<");
            write_dims(out, shape, None);
            write_type(ctx, out, *element);
            if let Some(l) = layout {
                out.push_str(", ");
                write_attr(ctx, out, *l);
            }
            if let Some(m) = memory_space {
                out.push_str(", ");
                write_memory_space(ctx, out, *m);
            }
            out.push('>');
        }
        TypeKind::UnrankedMemRef { element, memory_space } => {
            out.push_str("memref<*x");
            write_type(ctx, out, *element);
            if let Some(m) = memory_space {
                out.push_str(", ");
                write_memory_space(ctx, out, *m);
            }
            out.push('>');
        }
        TypeKind::Vector { shape, scalable, element } => {
            out.push_str("vector<");
            write_dims(out, shape, Some(scalable));
            write_type(ctx, out, *element);
            out.push('>');
        }
        TypeKind::Complex { element } => {
            out.push_str("complex<");
            write_type(ctx, out, *element);
            out.push('>');
        }
        TypeKind::Tuple(ts) => {
            out.push_str("tuple<");
            for (i, &t) in ts.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_type(ctx, out, t);
            }
            out.push('>');
        }
        TypeKind::Dialect { dialect, name, params } => {
            let _ = write!(out, "!{dialect}.{name}<");
            for (i, &t) in params.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_type(ctx, out, t);
            }
            out.push('>');
        }
        TypeKind::Opaque { dialect, body } => {
            if body.starts_with('<') {
                let _ = write!(out, "!{dialect}{body}");
            } else {
                let _ = write!(out, "!{dialect}.{body}");
            }
        }
    }
}

/// Upstream elides the `: i64` of an integer memory space (`memref<4xf32, 1>`).
pub(super) fn write_memory_space(ctx: &Context, out: &mut String, a: Attribute) {
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, ty } if ctx.int_width(*ty) == Some(64) && ctx.is_signless_integer(*ty) => {
            let _ = write!(out, "{value}");
        }
        _ => write_attr(ctx, out, a),
    }
}
