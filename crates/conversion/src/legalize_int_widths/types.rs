//! Which types and attributes the pass rewrites, and to what: a signless integer of an odd
//! width (2..=63 bits other than 8, 16 and 32) becomes the next machine width, alone or as the
//! element of a shaped type or inside a function type; attributes of such types (constants,
//! `cf.switch` cases, `memref.global` types and initial values, `function_type`) follow.

use flowgate_ir::{AttrKind, Attribute, Context, DenseElements, Signedness, Type, TypeKind};

/// The machine width an odd width `w` is carried in, or `None` when `w` needs no change.
pub fn machine_width(w: u32) -> Option<u32> {
    match w {
        2..=7 => Some(8),
        9..=15 => Some(16),
        17..=31 => Some(32),
        33..=63 => Some(64),
        _ => None,
    }
}

/// The declared width of a scalar odd-width integer type.
pub fn odd_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, signedness: Signedness::Signless } => machine_width(*width).map(|_| *width),
        _ => None,
    }
}

/// `ty` with every odd-width integer in it widened; `None` when nothing changes.
pub fn legal_type(ctx: &mut Context, ty: Type) -> Option<Type> {
    let kind = ctx.type_kind(ty).clone();
    let new = match kind {
        TypeKind::Integer { width, signedness: Signedness::Signless } => {
            return machine_width(width).map(|m| ctx.integer_type(m));
        }
        TypeKind::Function { inputs, results } => {
            let (i, ci) = legal_types(ctx, &inputs);
            let (r, cr) = legal_types(ctx, &results);
            if !(ci || cr) {
                return None;
            }
            TypeKind::Function { inputs: i, results: r }
        }
        TypeKind::RankedTensor { shape, element, encoding } => {
            TypeKind::RankedTensor { shape, element: legal_type(ctx, element)?, encoding }
        }
        TypeKind::UnrankedTensor { element } => TypeKind::UnrankedTensor { element: legal_type(ctx, element)? },
        TypeKind::MemRef { shape, element, layout, memory_space } => {
            TypeKind::MemRef { shape, element: legal_type(ctx, element)?, layout, memory_space }
        }
        TypeKind::UnrankedMemRef { element, memory_space } => {
            TypeKind::UnrankedMemRef { element: legal_type(ctx, element)?, memory_space }
        }
        TypeKind::Vector { shape, scalable, element } => {
            TypeKind::Vector { shape, scalable, element: legal_type(ctx, element)? }
        }
        _ => return None,
    };
    Some(ctx.intern_type(new))
}

/// Each type legalized, and whether any changed.
fn legal_types(ctx: &mut Context, tys: &[Type]) -> (Vec<Type>, bool) {
    let mut changed = false;
    let out = tys
        .iter()
        .map(|&t| match legal_type(ctx, t) {
            Some(n) => {
                changed = true;
                n
            }
            None => t,
        })
        .collect();
    (out, changed)
}

/// Why an attribute cannot be rewritten.
pub struct Unsupported(pub String);

/// `attr` with its odd-width types widened; `Ok(None)` when nothing changes. Integer values are
/// kept sign-extended, the representation the pass gives every odd-width value.
pub fn legal_attr(ctx: &mut Context, attr: Attribute) -> Result<Option<Attribute>, Unsupported> {
    let kind = ctx.attr_kind(attr).clone();
    Ok(match kind {
        AttrKind::Integer { value, ty } => legal_type(ctx, ty).map(|t| ctx.integer_attr(value, t)),
        AttrKind::Type(t) => legal_type(ctx, t).map(|t| ctx.type_attr(t)),
        AttrKind::DenseElements { ty, splat, data } => {
            let Some(t) = legal_type(ctx, ty) else { return Ok(None) };
            if matches!(data, DenseElements::Hex(_)) {
                // Hex data packs each element into its width rounded up to bytes.
                let name = flowgate_ir::asm::type_to_string(ctx, ty);
                return Err(Unsupported(format!("hex dense data of type '{name}'")));
            }
            Some(ctx.intern_attr(AttrKind::DenseElements { ty: t, splat, data }))
        }
        AttrKind::Array(items) => {
            let mut changed = false;
            let mut out = Vec::with_capacity(items.len());
            for a in items {
                match legal_attr(ctx, a)? {
                    Some(n) => {
                        changed = true;
                        out.push(n);
                    }
                    None => out.push(a),
                }
            }
            changed.then(|| ctx.array_attr(out))
        }
        _ => None,
    })
}

/// Whether `ty` holds an odd-width integer anywhere.
pub fn has_odd(ctx: &Context, ty: Type) -> bool {
    match ctx.type_kind(ty) {
        TypeKind::Function { inputs, results } => inputs.iter().chain(results).any(|&t| has_odd(ctx, t)),
        _ => odd_width(ctx, ctx.element_type_or_self(ty)).is_some(),
    }
}
