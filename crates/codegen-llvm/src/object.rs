//! Relocatable object files: every public `func.func` becomes a C-ABI symbol of the same name,
//! compiled by LLVM for any target the Cranelift backend supports.

use crate::module::{declare_functions, define_functions};
use crate::target::{optimize, prepare, target_machine, LlvmOpt};
use flowgate_codegen::backend::ObjectCode;
use flowgate_codegen::{CodegenError, Result};
use flowgate_ir::{Context, OpId};
use inkwell::context::Context as LlContext;
use inkwell::targets::{FileType, RelocMode};
use std::time::Instant;

/// Compile `module` to an object file for `triple` (the host when `None`).
pub fn compile_object(ctx: &Context, module: OpId, triple: Option<&str>, opt: LlvmOpt) -> Result<ObjectCode> {
    compile(ctx, module, triple, opt).map_err(Into::into)
}

fn compile(ctx: &Context, module: OpId, triple: Option<&str>, opt: LlvmOpt) -> crate::error::Result<ObjectCode> {
    let (tm, arch) = target_machine(triple, opt, RelocMode::PIC)?;
    let llc = LlContext::create();
    let m = llc.create_module("flowgate");
    let table = declare_functions(ctx, module, &m, &llc, arch, true)?;
    let public = table.public().into_iter().map(|(n, a)| (n.to_string(), a.clone())).collect();
    let mut function_times = define_functions(ctx, &table, &m, &llc)?;
    prepare(&m, &tm);
    let start = Instant::now();
    optimize(&m, &tm, opt)?;
    let buf = tm
        .write_to_memory_buffer(&m, FileType::Object)
        .map_err(|e| CodegenError::internal("<object>", e.to_string()))?;
    function_times.push(("<llvm pipeline and codegen>".to_string(), start.elapsed()));
    let triple = tm.get_triple().as_str().to_string_lossy().into_owned();
    Ok(ObjectCode { bytes: buf.as_slice().to_vec(), public, function_times, triple })
}
