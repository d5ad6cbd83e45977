//! A compiled model's C entry (DESIGN.md §7), added to a lowered module for object files:
//!
//! ```text
//! func.func @<name>_run(%inputs: !llvm.ptr, %outputs: !llvm.ptr) -> i32 {
//!   %frame = call @flowgate_rt_model_begin(%model, %inputs)   // checks and reads the inputs
//!   cf.cond_br (flowgate_rt_ok()), ^run, ^end
//! ^run: call @__flowgate_run_<main>(%frame); cf.br ^end
//! ^end: return (call @flowgate_rt_model_end(%model, %frame, %outputs))  // outputs or error
//! }
//! ```
//!
//! `%model` is the model's descriptor (the runtime's `ModelDesc`: input names and declared
//! types, output names, node names) as a private global. Every other function and global of
//! the module becomes private, so the object exports `<name>_run` alone and any number of models
//! link into one program.

use super::emit::Lower;
use crate::scf_to_cf::build::{br, cond_br};
use flowgate_ir::{Context, Diagnostic, InsertPoint, OpId, OperationState};

/// The descriptor global's symbol (private to the object).
const DESCRIPTOR: &str = "__flowgate_model";

/// Adds `@<name>_run` calling the entry wrapper `entry` with the descriptor `descriptor`, and
/// makes every other symbol private.
pub fn add_model_entry(
    ctx: &mut Context,
    module: OpId,
    name: &str,
    entry: &str,
    descriptor: &[u8],
) -> Result<(), Diagnostic> {
    let run = format!("{name}_run");
    let loc = ctx.op_loc(module);
    let body = ctx.region(module, 0);
    let top: Vec<OpId> = ctx.entry_block(body).map(|b| ctx.block_ops(b).collect()).unwrap_or_default();
    let private = ctx.string_attr("private");
    for op in top {
        let sym = ctx.attr(op, "sym_name").and_then(|a| ctx.attr_as_str(a)).map(str::to_string);
        if sym.as_deref() == Some(run.as_str()) || sym.as_deref() == Some(DESCRIPTOR) {
            let msg = format!("the model already has a symbol '{}' (choose another --name)", sym.unwrap_or_default());
            return Err(Diagnostic::error(loc, msg));
        }
        let defined = ctx.is_op(op, "memref.global")
            || (ctx.is_op(op, "func.func") && !ctx.regions(op).is_empty() && !ctx.is_region_empty(ctx.region(op, 0)));
        if defined {
            ctx.set_attr(op, "sym_visibility", private);
        }
    }
    let mut l = Lower::new(ctx, module);
    let ptr = l.ptr();
    let i32t = l.ctx.integer_type(32);
    let region = l.ctx.create_region();
    let start = l.ctx.add_block(region, &[ptr, ptr], loc);
    let call_block = l.ctx.add_block(region, &[], loc);
    let end = l.ctx.add_block(region, &[], loc);
    let (inputs, outputs) = (l.ctx.block_arg(start, 0), l.ctx.block_arg(start, 1));
    let fty = l.ctx.function_type(vec![ptr, ptr], vec![i32t]);
    let sym = l.ctx.string_attr(&run);
    let ta = l.ctx.type_attr(fty);
    let st = OperationState::new(l.ctx, "func.func", loc).regions(&[region]).attr(l.ctx, "sym_name", sym).attr(
        l.ctx,
        "function_type",
        ta,
    );
    let f = l.ctx.create_op(st);
    l.append_to_module(f);
    l.loc = loc;
    l.ip = InsertPoint::End(start);
    let model = l.global_bytes(DESCRIPTOR, descriptor, true)?;
    let frame = l.rt("model_begin", &[model, inputs])?;
    let ok = l.rt("ok", &[])?;
    l.with_builder(|b, loc| cond_br(b, ok, (call_block, &[]), (end, &[]), loc));
    l.ip = InsertPoint::End(call_block);
    l.call(entry, &[frame], &[])?;
    l.with_builder(|b, loc| br(b, end, &[], loc));
    l.ip = InsertPoint::End(end);
    let status = l.rt("model_end", &[model, frame, outputs])?;
    let st = OperationState::new(l.ctx, "func.return", loc).operands(&[status]);
    l.create(st);
    Ok(())
}
