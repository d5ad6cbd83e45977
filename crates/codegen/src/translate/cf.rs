//! `cf` ops and run-time checks, once for every backend. Block arguments become the backend's
//! (Cranelift block parameters, LLVM phis), one per part: a memref passes one per descriptor
//! word.

use super::BuilderMethods;
use crate::abi::Scalar;
use crate::cfg::{successor, successor_operands, switch_cases};
use crate::Result;
use flowgate_ir::OpId;

/// Translate a `cf` op; returns whether it terminated the block.
pub fn cf<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId) -> Result<bool> {
    match bx.ctx().op_name(op) {
        "cf.br" => {
            let (target, args) = edge(bx, op, 0)?;
            bx.br(target, &args)?;
            Ok(true)
        }
        "cf.cond_br" => {
            let c = bx.operand(op, 0)?;
            let (t, targs) = edge(bx, op, 0)?;
            let (f, fargs) = edge(bx, op, 1)?;
            bx.cond_br(c, t, &targs, f, &fargs)?;
            Ok(true)
        }
        "cf.switch" => {
            let flag = bx.operand(op, 0)?;
            let s = bx.operand_scalar(op, 0)?;
            let width = s.int_width().ok_or_else(|| bx.op_err(op, "expects an integer flag"))?;
            let keys = switch_cases(bx.ctx(), op, width)?;
            let default = edge(bx, op, 0)?;
            let cases =
                keys.into_iter().map(|(key, succ)| Ok((key, edge(bx, op, succ)?))).collect::<Result<Vec<_>>>()?;
            bx.switch(s, flag, default, cases)?;
            Ok(true)
        }
        "cf.assert" => {
            assert(bx, op)?;
            Ok(false)
        }
        _ => Err(bx.unsupported(op)),
    }
}

/// Successor `i` of `op` and the flattened values it passes.
fn edge<'a, B: BuilderMethods<'a>>(bx: &B, op: OpId, i: usize) -> Result<(B::Block, Vec<B::Value>)> {
    let ctx = bx.ctx();
    let target = bx.ir_block(successor(ctx, op, i)?)?;
    let mut args = Vec::new();
    for &v in successor_operands(ctx, op, i)? {
        args.extend_from_slice(bx.parts(v)?);
    }
    Ok((target, args))
}

/// `cf.assert`: as upstream's lowering, a failure `puts` the message and calls `abort`; stdio
/// is flushed in between so the message is not lost in a buffer.
fn assert<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId) -> Result<()> {
    let ctx = bx.ctx();
    let c = bx.operand(op, 0)?;
    // A NUL inside the message would end it early in C; drop such bytes.
    let msg: String =
        ctx.attr(op, "msg").and_then(|a| ctx.attr_as_str(a)).unwrap_or("").chars().filter(|&c| c != '\0').collect();
    let (cont, fail) = (bx.new_block(&[])?, bx.new_block(&[])?);
    bx.mark_cold(fail);
    bx.cond_br(c, cont, &[], fail, &[])?;
    bx.switch_to_block(fail)?;
    let text = bx.c_string(&msg)?;
    bx.call_extern("puts", &[Scalar::Ptr], Some(Scalar::Int(32)), &[text])?;
    let null = bx.const_int(Scalar::Ptr, 0)?;
    bx.call_extern("fflush", &[Scalar::Ptr], Some(Scalar::Int(32)), &[null])?;
    bx.call_extern("abort", &[], None, &[])?;
    bx.unreachable()?;
    bx.switch_to_block(cont)
}

/// A run-time check that stops the program with a located message: continue when `bad` (an
/// `i1`) is false; otherwise write `<file>:<line>:<col>: error: <msg>` to standard error (with
/// `write`, unbuffered, so nothing is lost) and `exit(1)`. A failed allocation is an error of
/// the program's input, not a crash: no abort, no core dump.
pub fn fail_if<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId, bad: B::Value, msg: &str) -> Result<()> {
    let ctx = bx.ctx();
    let loc = flowgate_ir::describe_loc(ctx, ctx.op_loc(op));
    let text = if loc.is_empty() { format!("error: {msg}\n") } else { format!("{loc}: error: {msg}\n") };
    let text: String = text.chars().filter(|&c| c != '\0').collect();
    let (cont, fail) = (bx.new_block(&[])?, bx.new_block(&[])?);
    bx.mark_cold(fail);
    bx.cond_br(bad, fail, &[], cont, &[])?;
    bx.switch_to_block(fail)?;
    let ptr = bx.c_string(&text)?;
    let fd = bx.const_int(Scalar::Int(32), 2)?;
    let len = bx.const_int(Scalar::Int(64), text.len() as i64)?;
    let i64_ = Scalar::Int(64);
    bx.call_extern("write", &[Scalar::Int(32), Scalar::Ptr, i64_], Some(i64_), &[fd, ptr, len])?;
    let status = bx.const_int(Scalar::Int(32), 1)?;
    bx.call_extern("exit", &[Scalar::Int(32)], None, &[status])?;
    bx.unreachable()?;
    bx.switch_to_block(cont)
}
