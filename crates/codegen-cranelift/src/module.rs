//! Declaring and defining every `func.func` of a module, generic over
//! `cranelift_module::Module` so the JIT and object backends share it.

use crate::abi::signature;
use crate::translate::Translator;
use cranelift_codegen::ir::UserFuncName;
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_module::{FuncId, Linkage, Module};
use flowgate_codegen::funcs::func_decls;
use flowgate_codegen::{CodegenError, Result};
use flowgate_ir::{Context, OpId};
use std::time::{Duration, Instant};

/// The functions of a module by name with their Cranelift ids, and its global buffers.
pub type FuncTable = flowgate_codegen::funcs::FuncTable<FuncId, crate::globals::GlobalEntry>;

/// Declare every function of `module` in `m`, and define its global buffers (placed for
/// `place`).
pub fn declare_functions<M: Module>(
    ctx: &Context,
    module: OpId,
    m: &mut M,
    place: crate::globals::Placement<'_>,
) -> Result<FuncTable> {
    let globals = crate::globals::define_globals(ctx, module, m, place)?.into_iter().collect();
    let mut table = FuncTable::new(globals);
    let arch = crate::isa::arch_of(m.isa())?;
    for decl in func_decls(ctx, module, arch, "Cranelift")? {
        let linkage = match (decl.defined, decl.private) {
            (false, _) => Linkage::Import,
            (true, true) => Linkage::Local,
            (true, false) => Linkage::Export,
        };
        let sig = signature(&decl.abi, m.isa().default_call_conv());
        let id = m.declare_function(&decl.name, linkage, &sig).map_err(|e| CodegenError::internal(&decl.name, e))?;
        table.insert(decl, id);
    }
    Ok(table)
}

/// Translate, verify and define every function with a body. Returns the time spent per
/// function (translation plus Cranelift's compilation).
pub fn define_functions<M: Module>(ctx: &Context, table: &FuncTable, m: &mut M) -> Result<Vec<(String, Duration)>> {
    let mut times = Vec::new();
    let mut fctx = FunctionBuilderContext::new();
    let mut cl = m.make_context();
    for e in table.iter().filter(|e| e.defined) {
        let start = Instant::now();
        m.clear_context(&mut cl);
        cl.func.signature = signature(&e.abi, m.isa().default_call_conv());
        cl.func.name = UserFuncName::user(0, e.id.as_u32());
        let Some(&body) = ctx.regions(e.op).first() else { continue };
        {
            let builder = FunctionBuilder::new(&mut cl.func, &mut fctx);
            Translator::new(ctx, m, builder, table, e.name.clone(), e.abi.clone()).translate_body(body)?;
        }
        if let Err(errs) = cranelift_codegen::verify_function(&cl.func, m.isa()) {
            let message = cranelift_codegen::print_errors::pretty_verifier_error(&cl.func, None, errs);
            return Err(CodegenError::Verifier { backend: "Cranelift", func: e.name.clone(), message });
        }
        m.define_function(e.id, &mut cl).map_err(|err| match err {
            // A limit of the input (a frame of more than 1 GiB, a huge function), not a bug here:
            // a located error, not an internal one.
            cranelift_module::ModuleError::Compilation(cranelift_codegen::CodegenError::ImplLimitExceeded) => {
                CodegenError::Unsupported(flowgate_ir::Diagnostic::error(
                    ctx.op_loc(e.op),
                    format!(
                        "function '{}' is too large for the Cranelift code generator (stack frame of 1 GiB or more, or too much code)",
                        e.name
                    ),
                ))
            }
            other => CodegenError::internal(&e.name, module_error(other)),
        })?;
        times.push((e.name.clone(), start.elapsed()));
    }
    Ok(times)
}

fn module_error(e: cranelift_module::ModuleError) -> String {
    match e {
        cranelift_module::ModuleError::Compilation(c) => format!("{c:?}"),
        other => other.to_string(),
    }
}

/// The Cranelift IR of every defined function, for debugging (`--print-clif`).
pub fn clif_text<M: Module>(ctx: &Context, table: &FuncTable, m: &mut M) -> Result<String> {
    let mut out = String::new();
    let mut fctx = FunctionBuilderContext::new();
    for e in table.iter().filter(|e| e.defined) {
        let mut cl = m.make_context();
        cl.func.signature = signature(&e.abi, m.isa().default_call_conv());
        let Some(&body) = ctx.regions(e.op).first() else { continue };
        {
            let builder = FunctionBuilder::new(&mut cl.func, &mut fctx);
            Translator::new(ctx, m, builder, table, e.name.clone(), e.abi.clone()).translate_body(body)?;
        }
        out.push_str(&format!("; {}\n{}\n", e.name, cl.func.display()));
    }
    Ok(out)
}
