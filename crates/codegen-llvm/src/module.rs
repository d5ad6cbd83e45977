//! Declaring every `func.func` (and defining every `memref.global`) of a module in an LLVM
//! module, then translating each body; the JIT and the object writer share it.

use crate::abi::{apply_attributes, function_type};
use crate::error::{CodegenError, Result};
use crate::translate::Translator;
use flowgate_codegen_cranelift::abi::{kind_of, Arch, FuncAbi};
use flowgate_ir::{asm::type_to_string, Context, Diagnostic, OpId};
use inkwell::module::{Linkage, Module};
use inkwell::values::{FunctionValue, GlobalValue};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// One function of the module as the backend sees it.
#[derive(Clone, Debug)]
pub struct FuncEntry<'c> {
    pub name: String,
    pub value: FunctionValue<'c>,
    pub abi: FuncAbi,
    pub op: OpId,
    /// Has a body (otherwise it is an external declaration).
    pub defined: bool,
    /// Exported under its own name (a public function with a body).
    pub public: bool,
}

/// One `memref.global` buffer.
#[derive(Clone, Debug)]
pub struct GlobalEntry<'c> {
    pub value: GlobalValue<'c>,
    pub shape: Vec<i64>,
}

/// The functions of a module by name, in source order, and its global buffers.
#[derive(Default, Debug)]
pub struct FuncTable<'c> {
    entries: Vec<FuncEntry<'c>>,
    by_name: HashMap<String, usize>,
    pub globals: HashMap<String, GlobalEntry<'c>>,
}

impl<'c> FuncTable<'c> {
    pub fn get(&self, name: &str) -> Option<&FuncEntry<'c>> {
        self.by_name.get(name).map(|&i| &self.entries[i])
    }

    pub fn iter(&self) -> impl Iterator<Item = &FuncEntry<'c>> {
        self.entries.iter()
    }

    /// Name and ABI of every public function, for the C header.
    pub fn public(&self) -> Vec<(String, FuncAbi)> {
        self.entries.iter().filter(|e| e.public).map(|e| (e.name.clone(), e.abi.clone())).collect()
    }
}

/// Declare every function of `module` in `m`, and define its global buffers.
pub fn declare_functions<'c>(
    ctx: &Context,
    module: OpId,
    m: &Module<'c>,
    llc: &'c inkwell::context::Context,
    arch: Arch,
) -> Result<FuncTable<'c>> {
    let globals = crate::globals::define_globals(ctx, module, m, llc)?;
    let mut table = FuncTable { globals, ..FuncTable::default() };
    for op in flowgate_codegen_cranelift::module::functions(ctx, module) {
        let name = ctx
            .attr(op, "sym_name")
            .and_then(|a| ctx.attr_as_str(a))
            .ok_or_else(|| Diagnostic::op_error(ctx, op, "requires attribute 'sym_name'"))?
            .to_string();
        let ft = ctx
            .attr(op, "function_type")
            .and_then(|a| ctx.attr_as_type(a))
            .and_then(|t| ctx.function_signature(t))
            .ok_or_else(|| Diagnostic::op_error(ctx, op, "requires attribute 'function_type'"))?;
        let kinds = |tys: &[flowgate_ir::Type], what: &str| -> Result<Vec<_>> {
            tys.iter()
                .enumerate()
                .map(|(i, &t)| {
                    kind_of(ctx, t).ok_or_else(|| {
                        let msg = format!(
                            "has {what} #{i} of type '{}', which the LLVM code generator does not support",
                            type_to_string(ctx, t)
                        );
                        CodegenError::from(Diagnostic::op_error(ctx, op, msg))
                    })
                })
                .collect()
        };
        let abi = FuncAbi::new(kinds(ft.0, "argument")?, kinds(ft.1, "result")?, arch);
        let defined = ctx.regions(op).first().is_some_and(|&r| !ctx.is_region_empty(r));
        let private = ctx.attr(op, "sym_visibility").and_then(|a| ctx.attr_as_str(a)).is_some_and(|v| v != "public");
        let linkage = match (defined, private) {
            (false, _) => Linkage::External,
            (true, true) => Linkage::Internal,
            (true, false) => Linkage::External,
        };
        if table.by_name.contains_key(&name) || m.get_function(&name).is_some() {
            return Err(Diagnostic::op_error(ctx, op, format!("redefines symbol '{name}'")).into());
        }
        let value = m.add_function(&name, function_type(llc, &abi), Some(linkage));
        apply_attributes(llc, value, &abi);
        table.by_name.insert(name.clone(), table.entries.len());
        table.entries.push(FuncEntry { name, value, abi, op, defined, public: defined && !private });
    }
    Ok(table)
}

/// Translate every function with a body. Returns the time spent per function.
pub fn define_functions<'c>(
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
        if !e.value.verify(false) {
            return Err(CodegenError::internal(
                &e.name,
                format!(
                    "LLVM's verifier rejected the function:\n{}",
                    inkwell::values::AnyValue::print_to_string(&e.value).to_string_lossy()
                ),
            ));
        }
        times.push((e.name.clone(), start.elapsed()));
    }
    Ok(times)
}
