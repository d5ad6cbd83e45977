//! Shared helpers: quoting types, mixed static/dynamic index lists, operand segments.

pub(crate) use flowgate_builtin::shaped::{
    check_in_bounds, check_index_operands, compatible_shapes, i64_array, quoted as q, segments_or_err as segments,
};
use flowgate_ir::asm::OpParser;
use flowgate_ir::{Context, Type, DYNAMIC};

/// Shape and element of a ranked tensor.
pub(crate) fn ranked(ctx: &Context, t: Type) -> Option<(Vec<i64>, Type)> {
    match ctx.type_kind(t) {
        flowgate_ir::TypeKind::RankedTensor { shape, element, .. } => Some((shape.clone(), *element)),
        _ => None,
    }
}

pub(crate) fn dims_text(shape: &[i64]) -> String {
    shape.iter().map(|&d| if d == DYNAMIC { "?x".to_string() } else { format!("{d}x") }).collect()
}

/// Does `reduced` equal `full` with some unit dimensions dropped (upstream's rank reduction)?
pub(crate) fn is_rank_reduction(full: &[i64], reduced: &[i64]) -> bool {
    let mut j = 0;
    for &d in full {
        if j < reduced.len() && reduced[j] == d {
            j += 1;
        } else if d != 1 {
            return false;
        }
    }
    j == reduced.len()
}

/// A type that must be a tensor (ranked when `ranked_only`), with upstream's parser message.
pub(crate) fn parse_tensor_type(p: &mut OpParser<'_, '_>, ranked_only: bool) -> flowgate_ir::asm::PResult<Type> {
    flowgate_builtin::shaped::parse_shaped_type(p, flowgate_builtin::shaped::Shaped::Tensor, ranked_only)
}
