//! Declaring and defining every `func.func` of a module, generic over
//! `cranelift_module::Module` so the JIT and object backends share it.

use crate::abi::{kind_of, FuncAbi};
use crate::error::{CodegenError, Result};
use crate::translate::Translator;
use cranelift_codegen::ir::UserFuncName;
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_module::{FuncId, Linkage, Module};
use flowgate_ir::{asm::type_to_string, Context, Diagnostic, OpId};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// One function of the module as the backend sees it.
#[derive(Clone, Debug)]
pub struct FuncEntry {
    pub name: String,
    pub id: FuncId,
    pub abi: FuncAbi,
    pub op: OpId,
    /// Has a body (otherwise it is an external declaration).
    pub defined: bool,
    /// Exported under its own name (a public function with a body).
    pub public: bool,
}

/// The functions of a module by name, in source order.
#[derive(Default, Debug)]
pub struct FuncTable {
    entries: Vec<FuncEntry>,
    by_name: HashMap<String, usize>,
    /// `memref.global` buffers by name.
    pub globals: HashMap<String, crate::globals::GlobalEntry>,
}

impl FuncTable {
    pub fn get(&self, name: &str) -> Option<&FuncEntry> {
        self.by_name.get(name).map(|&i| &self.entries[i])
    }

    pub fn iter(&self) -> impl Iterator<Item = &FuncEntry> {
        self.entries.iter()
    }
}

/// The `func.func` ops directly inside `module` (a `builtin.module`).
pub fn functions(ctx: &Context, module: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    for &r in ctx.regions(module) {
        for &b in ctx.region_blocks(r) {
            out.extend(ctx.block_ops(b).filter(|&o| ctx.is_op(o, "func.func")));
        }
    }
    out
}

/// Declare every function of `module` in `m`, and define its global buffers (placed for
/// `place`).
pub fn declare_functions<M: Module>(
    ctx: &Context,
    module: OpId,
    m: &mut M,
    place: crate::globals::Placement<'_>,
) -> Result<FuncTable> {
    let globals = crate::globals::define_globals(ctx, module, m, place)?.into_iter().collect();
    let mut table = FuncTable { globals, ..FuncTable::default() };
    let arch = crate::isa::arch_of(m.isa())?;
    for op in functions(ctx, module) {
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
                            "has {what} #{i} of type '{}', which the Cranelift code generator does not support",
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
            (false, _) => Linkage::Import,
            (true, true) => Linkage::Local,
            (true, false) => Linkage::Export,
        };
        let sig = abi.signature(m.isa().default_call_conv());
        let id = m.declare_function(&name, linkage, &sig).map_err(|e| CodegenError::internal(&name, e))?;
        table.by_name.insert(name.clone(), table.entries.len());
        table.entries.push(FuncEntry { name, id, abi, op, defined, public: defined && !private });
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
        cl.func.signature = e.abi.signature(m.isa().default_call_conv());
        cl.func.name = UserFuncName::user(0, e.id.as_u32());
        let Some(&body) = ctx.regions(e.op).first() else { continue };
        {
            let builder = FunctionBuilder::new(&mut cl.func, &mut fctx);
            Translator::new(ctx, m, builder, table, e.name.clone(), e.abi.clone()).translate_body(body)?;
        }
        if let Err(errs) = cranelift_codegen::verify_function(&cl.func, m.isa()) {
            let message = cranelift_codegen::print_errors::pretty_verifier_error(&cl.func, None, errs);
            return Err(CodegenError::Verifier { func: e.name.clone(), message });
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
        cl.func.signature = e.abi.signature(m.isa().default_call_conv());
        let Some(&body) = ctx.regions(e.op).first() else { continue };
        {
            let builder = FunctionBuilder::new(&mut cl.func, &mut fctx);
            Translator::new(ctx, m, builder, table, e.name.clone(), e.abi.clone()).translate_body(body)?;
        }
        out.push_str(&format!("; {}\n{}\n", e.name, cl.func.display()));
    }
    Ok(out)
}
