//! Declaring every `func.func` (and defining every `memref.global`) of a module in an LLVM
//! module, then translating each body; the JIT and the object writer share it.

use crate::abi::{apply_attributes, function_type};
use crate::error::Result;
use crate::translate::Translator;
use flowgate_codegen::abi::Arch;
use flowgate_codegen::funcs::func_decls;
use flowgate_codegen::CodegenError;
use flowgate_ir::{Context, Diagnostic, OpId};
use inkwell::module::{Linkage, Module};
use inkwell::values::{FunctionValue, GlobalValue};
use std::time::{Duration, Instant};

/// One `memref.global` buffer.
#[derive(Clone, Debug)]
pub struct GlobalEntry<'c> {
    pub value: GlobalValue<'c>,
    pub shape: Vec<i64>,
}

/// The functions of a module by name with their LLVM values, and its global buffers.
pub type FuncTable<'c> = flowgate_codegen::funcs::FuncTable<FunctionValue<'c>, GlobalEntry<'c>>;
pub type FuncEntry<'c> = flowgate_codegen::funcs::FuncEntry<FunctionValue<'c>>;

/// Declare every function of `module` in `m`, and define its global buffers (`object`: for an
/// object file, whose globals must stay under its size limit).
pub(crate) fn declare_functions<'c>(
    ctx: &Context,
    module: OpId,
    m: &Module<'c>,
    llc: &'c inkwell::context::Context,
    arch: Arch,
    object: bool,
) -> Result<FuncTable<'c>> {
    let globals = crate::globals::define_globals(ctx, module, m, llc, object)?;
    let mut table = FuncTable::new(globals);
    for decl in func_decls(ctx, module, arch, "LLVM")? {
        let linkage = if decl.private { Linkage::Internal } else { Linkage::External };
        if m.get_function(&decl.name).is_some() {
            return Err(Diagnostic::op_error(ctx, decl.op, format!("redefines symbol '{}'", decl.name)).into());
        }
        let value = m.add_function(&decl.name, function_type(llc, &decl.abi), Some(linkage));
        apply_attributes(llc, value, &decl.abi);
        table.insert(decl, value);
    }
    Ok(table)
}

/// Translate every function with a body. Returns the time spent per function.
pub(crate) fn define_functions<'c>(
    ctx: &Context,
    table: &FuncTable<'c>,
    m: &Module<'c>,
    llc: &'c inkwell::context::Context,
) -> Result<Vec<(String, Duration)>> {
    let mut times = Vec::new();
    for e in table.iter().filter(|e| e.defined) {
        let start = Instant::now();
        let Some(&body) = ctx.regions(e.op).first() else { continue };
        Translator::new(ctx, llc, m, table, e).translate_body(body)?;
        if !e.id.verify(false) {
            return Err(CodegenError::internal(
                &e.name,
                format!(
                    "LLVM's verifier rejected the function:\n{}",
                    inkwell::values::AnyValue::print_to_string(&e.id).to_string_lossy()
                ),
            )
            .into());
        }
        times.push((e.name.clone(), start.elapsed()));
    }
    Ok(times)
}
