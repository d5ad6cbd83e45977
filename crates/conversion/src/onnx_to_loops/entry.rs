//! The entry wrapper of a lowered function: `@__flowgate_run_<f>(%frame: !llvm.ptr)` takes each
//! argument from a runtime call frame (`flowgate_rt_arg`), calls `@f`, and hands each result to
//! the frame (`flowgate_rt_set_result`). The JIT and a C caller call every model the same way,
//! whatever its arity; the object-file ABI (`<name>_run`) builds on it.

use super::emit::{LResult, Lower};
use super::ENTRY_PREFIX;
use flowgate_ir::{OpId, OperationState};

pub(crate) fn build_wrapper(l: &mut Lower<'_>, f: OpId) -> LResult<()> {
    let Some(name) = l.ctx.attr(f, "sym_name").and_then(|a| l.ctx.attr_as_str(a)).map(str::to_string) else {
        return Ok(());
    };
    let Some(sig) = flowgate_func::function_type(l.ctx, f) else { return Ok(()) };
    let ptr = l.ptr();
    if sig.inputs.iter().chain(&sig.results).any(|&t| t != ptr) {
        // Only functions whose values are all runtime values can be called through a frame.
        return Ok(());
    }
    let loc = l.ctx.op_loc(f);
    let block = l.start_function(&format!("{ENTRY_PREFIX}{name}"), &[ptr], loc);
    let frame = l.ctx.block_arg(block, 0);
    let mut args = Vec::new();
    for k in 0..sig.inputs.len() {
        let kv = l.const_i64(k as i64);
        args.push(l.rt("arg", &[frame, kv])?);
    }
    let results = l.call(&name, &args, &sig.results)?;
    for a in args {
        l.rt_void("release", &[a])?;
    }
    for (k, r) in results.into_iter().enumerate() {
        let kv = l.const_i64(k as i64);
        l.rt_void("set_result", &[frame, kv, r])?;
    }
    let st = OperationState::new(l.ctx, "func.return", loc);
    l.create(st);
    Ok(())
}
