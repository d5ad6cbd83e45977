//! Result types of `Unique`, whose sizes depend on the data: `Y` has the input's element type,
//! one dimension (no axis) or the input's rank with the axis `?`; `indices` and `counts` are
//! INT64 `[?]`; `inverse_indices` is INT64 with one entry per element (no axis) or per slice.

use flowgate_ir::{Context, OpId, Type, DYNAMIC};

use crate::consts::int_attr;
use crate::rules::{axis, operand_view};
use crate::types::tensor;

pub(crate) fn infer(ctx: &mut Context, op: OpId) -> Option<Vec<Type>> {
    let x = operand_view(ctx, op, 0)?;
    let i64t = ctx.integer_type(64);
    let (y_dims, slices) = match int_attr(ctx, op, "axis") {
        None => {
            let n = x.dims.as_ref().map_or(DYNAMIC, |d| {
                d.iter()
                    .try_fold(1i64, |acc, &s| if s == DYNAMIC { None } else { acc.checked_mul(s) })
                    .unwrap_or(DYNAMIC)
            });
            (Some(vec![DYNAMIC]), n)
        }
        Some(a) => match x.dims {
            Some(mut d) => {
                let a = axis(a, d.len())?;
                let slices = d[a];
                d[a] = DYNAMIC;
                (Some(d), slices)
            }
            None => (None, DYNAMIC),
        },
    };
    let all = [
        tensor(ctx, x.elem, y_dims),
        tensor(ctx, i64t, Some(vec![DYNAMIC])),
        tensor(ctx, i64t, Some(vec![slices])),
        tensor(ctx, i64t, Some(vec![DYNAMIC])),
    ];
    Some(all[..ctx.results(op).len().min(4)].to_vec())
}
