//! Loop-carried buffers. A value of the compiled tier carried by an `scf.for` or `scf.while`
//! lives in a buffer of the loop, allocated once: the body's yield copies the new value into it
//! (`Lower::copy_buffer`: loads and stores, or `memref.copy` for a large one) and yields that buffer. The body reads the
//! old value (the iteration argument) while it computes the new one into the buffer of the op
//! that makes it, so the two never overlap, and no trip allocates. The first trip reads the init
//! value in place (nothing is copied before the loop).
//!
//! When a yield carries several buffers and one of its values may be another position's
//! iteration argument (a swap: anything that is not a buffer written by one op of its own), the
//! values are first copied to temporaries, so no copy overwrites a value a later one reads.

use super::super::emit::{LResult, Lower};
use flowgate_ir::{InsertPoint, OpId};
use flowgate_scf::{ForOp, WhileOp, YieldOp};

pub(crate) fn insert(l: &mut Lower<'_>, f: OpId) -> LResult<()> {
    let mut loops = Vec::new();
    l.ctx.walk(f, &mut |op| {
        if let Some(lp) = ForOp::cast(l.ctx, op) {
            loops.push((true, lp.body(l.ctx)));
        } else if let Some(lp) = WhileOp::cast(l.ctx, op) {
            loops.push((false, lp.after(l.ctx)));
        }
    });
    for (is_for, body) in loops {
        let Some(blk) = l.ctx.entry_block(body) else { continue };
        let Some(y) = l.ctx.terminator(blk).filter(|&t| l.ctx.is_op(t, YieldOp::NAME)) else { continue };
        let operands = l.ctx.operands(y).to_vec();
        let args = l.ctx.block_args(blk).to_vec();
        let carried: Vec<usize> = (0..operands.len())
            .filter(|&i| l.is_memref(operands[i]))
            // A value yielded unchanged stays where it is.
            .filter(|&i| !(is_for && args.get(i + 1) == Some(&operands[i])))
            .collect();
        if carried.is_empty() {
            continue;
        }
        l.ip = InsertPoint::Before(y);
        l.loc = l.ctx.op_loc(y);
        let mut staged = Vec::new();
        for &i in &carried {
            let v = operands[i];
            let ty = l.ctx.value_type(v);
            if carried.len() > 1 && !l.tier.fresh.contains(&v) {
                let t = l.buffer(ty, false)?;
                l.copy_buffer(v, t)?;
                staged.push(t);
            } else {
                staged.push(v);
            }
        }
        for (&i, s) in carried.iter().zip(staged) {
            let ty = l.ctx.value_type(s);
            let dst = l.buffer(ty, false)?;
            l.copy_buffer(s, dst)?;
            l.ctx.set_operand(y, i, dst);
        }
    }
    Ok(())
}
