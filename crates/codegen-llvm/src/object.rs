//! Relocatable object files: every public `func.func` becomes a C-ABI symbol of the same name,
//! compiled by LLVM for any target the Cranelift backend supports.

use crate::error::{CodegenError, Result};
use crate::module::{declare_functions, define_functions};
use crate::target::{optimize, prepare, target_machine, LlvmOpt};
use flowgate_codegen_cranelift::abi::FuncAbi;
use flowgate_ir::{Context, OpId};
use inkwell::context::Context as LlContext;
use inkwell::targets::{FileType, RelocMode};
use std::time::{Duration, Instant};

pub struct ObjectOutput {
    pub bytes: Vec<u8>,
    /// Name and ABI of every public function, for the header.
    pub public: Vec<(String, FuncAbi)>,
    pub function_times: Vec<(String, Duration)>,
    /// The triple the object was built for.
    pub triple: String,
}

/// Compile `module` to an object file for `triple` (the host when `None`).
pub fn compile_object(ctx: &Context, module: OpId, triple: Option<&str>, opt: LlvmOpt) -> Result<ObjectOutput> {
    let (tm, arch) = target_machine(triple, opt, RelocMode::PIC)?;
    let llc = LlContext::create();
    let m = llc.create_module("flowgate");
    let table = declare_functions(ctx, module, &m, &llc, arch)?;
    let mut function_times = define_functions(ctx, &table, &m, &llc)?;
    prepare(&m, &tm);
    let start = Instant::now();
    optimize(&m, &tm, opt)?;
    let buf = tm
        .write_to_memory_buffer(&m, FileType::Object)
        .map_err(|e| CodegenError::internal("<object>", e.to_string()))?;
    function_times.push(("<llvm pipeline and codegen>".to_string(), start.elapsed()));
    let triple = tm.get_triple().as_str().to_string_lossy().into_owned();
    Ok(ObjectOutput { bytes: buf.as_slice().to_vec(), public: table.public(), function_times, triple })
}
