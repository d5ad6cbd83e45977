//! The walk over one `func.func` body, once for every backend: blocks in reverse post-order,
//! each IR block a backend block taking its arguments' parts, the entry block bound to the ABI
//! parameters, then each op by dialect. Ops that touch the ABI or memory layout of one target
//! (`memref`, `func`) are the backend's; everything else is translated here.

use super::{arith, cf, math, memref, BuilderMethods};
use crate::abi::Kind;
use crate::cfg::reverse_post_order;
use crate::Result;
use flowgate_ir::{BlockId, OpId, RegionId};

/// Translate the body region of the function the builder is in. The backend finishes the
/// function afterwards (sealing, the prologue's branch).
pub fn translate_body<'a, B: BuilderMethods<'a>>(bx: &mut B, body: RegionId) -> Result<()> {
    let ctx = bx.ctx();
    let order = reverse_post_order(ctx, body);
    let Some(&entry) = order.first() else {
        return Err(bx.ice("function body has no entry block"));
    };
    for &blk in &order {
        let kinds =
            ctx.block_args(blk).iter().map(|&a| bx.kind(ctx.value_type(a), None)).collect::<Result<Vec<Kind>>>()?;
        let params = if blk == entry { Vec::new() } else { kinds.iter().flat_map(|k| k.part_scalars()).collect() };
        let b = bx.new_block(&params)?;
        bx.set_ir_block(blk, b);
        if blk != entry {
            let mut values = bx.block_params(b)?.into_iter();
            for (&arg, k) in ctx.block_args(blk).iter().zip(kinds) {
                let parts: Vec<B::Value> = values.by_ref().take(k.parts()).collect();
                bx.values_mut().insert(arg, parts);
            }
        }
    }
    bind_entry(bx, entry)?;
    for &blk in &order {
        let b = bx.ir_block(blk)?;
        bx.switch_to_block(b)?;
        let mut terminated = false;
        for op in ctx.block_ops(blk) {
            if terminated {
                return Err(bx.op_err(op, "follows the terminator of its block"));
            }
            terminated = translate_op(bx, op)?;
        }
        if !terminated {
            return Err(bx.ice("block does not end in a terminator"));
        }
    }
    Ok(())
}

/// The entry block takes the ABI parameters: after the struct-return pointer, when there is
/// one, a scalar is one parameter and a memref a pointer to its descriptor, loaded here.
fn bind_entry<'a, B: BuilderMethods<'a>>(bx: &mut B, entry: BlockId) -> Result<()> {
    let ctx = bx.ctx();
    let b = bx.ir_block(entry)?;
    let mut params = bx.entry_params(b)?.into_iter();
    let abi_params = bx.abi().params.clone();
    if bx.abi().sret().is_some() {
        let p = params.next().ok_or_else(|| bx.ice("missing struct-return parameter"))?;
        bx.set_sret(p)?;
    }
    let args = ctx.block_args(entry);
    if args.len() != abi_params.len() {
        return Err(bx.ice("entry block arguments do not match the function type"));
    }
    for (&arg, kind) in args.iter().zip(abi_params) {
        let Some(p) = params.next() else { return Err(bx.ice("missing ABI parameter")) };
        let parts = match kind {
            Kind::Scalar(_) => vec![p],
            Kind::MemRef { .. } => bx.load_entry_descriptor(kind, p)?,
        };
        bx.values_mut().insert(arg, parts);
    }
    Ok(())
}

/// Dispatch one op; returns whether it was a terminator.
fn translate_op<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId) -> Result<bool> {
    let name = bx.ctx().op_name(op);
    let (dialect, _) = name.split_once('.').unwrap_or((name, ""));
    let handled = match dialect {
        "arith" => arith::arith(bx, op)?,
        "math" => math::math(bx, op)?,
        "cf" => return cf::cf(bx, op),
        "memref" => memref::memref(bx, op)?,
        "func" => return func_op(bx, op),
        "builtin" if name == "builtin.unrealized_conversion_cast" => bx.conversion_cast(op)?,
        _ => false,
    };
    if !handled {
        return Err(bx.unsupported(op));
    }
    Ok(false)
}

/// `func.return` and `func.call`; returns whether the op terminated the block.
fn func_op<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId) -> Result<bool> {
    let ctx = bx.ctx();
    match ctx.op_name(op) {
        "func.return" => {
            if ctx.operands(op).len() != bx.abi().results.len() {
                return Err(bx.op_err(op, "has a number of operands that does not match the function's results"));
            }
            bx.func_return(op)?;
            Ok(true)
        }
        "func.call" => {
            let callee = ctx
                .attr(op, "callee")
                .and_then(|a| ctx.attr_as_symbol_ref(a))
                .ok_or_else(|| bx.op_err(op, "requires a 'callee' symbol reference"))?;
            let Some(abi) = bx.callee_abi(callee) else {
                let msg = format!("'{callee}' does not reference a function the code generator knows");
                return Err(bx.op_err(op, msg));
            };
            if ctx.operands(op).len() != abi.params.len() || ctx.results(op).len() != abi.results.len() {
                return Err(bx.op_err(op, "does not match the callee's type"));
            }
            bx.func_call(op, callee, &abi)?;
            Ok(false)
        }
        _ => Err(bx.unsupported(op)),
    }
}
