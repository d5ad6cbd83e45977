//! The first question of most rewrite patterns in the shaped dialects: is an operand made by
//! an op of a given kind? One query, so each pattern starts from the op it looks through.

use flowgate_ir::{Context, OpId};

/// The producer of `op`'s first operand (its source) when it is a `name` op.
pub fn source_producer(ctx: &Context, op: OpId, name: &str) -> Option<OpId> {
    let v = *ctx.operands(op).first()?;
    ctx.defining_op(v).filter(|&d| ctx.is_op(d, name))
}
