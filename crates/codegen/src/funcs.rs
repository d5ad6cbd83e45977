//! The functions of a module as every backend sees them: name, ABI, linkage, and the backend's
//! handle for each, looked up by name.

use crate::abi::{kind_of, Arch, FuncAbi};
use crate::error::{CodegenError, Result};
use flowgate_ir::{asm::type_to_string, Context, Diagnostic, OpId};
use std::collections::HashMap;

/// One `func.func` of the module.
#[derive(Clone, Debug)]
pub struct FuncDecl {
    pub name: String,
    pub abi: FuncAbi,
    pub op: OpId,
    /// Has a body (otherwise it is an external declaration).
    pub defined: bool,
    /// Not exported: a private function with a body.
    pub private: bool,
    /// Exported under its own name (a public function with a body).
    pub public: bool,
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

/// Every function of `module` with its ABI for `arch`; `backend` names the code generator in
/// errors about types it does not support.
pub fn func_decls(ctx: &Context, module: OpId, arch: Arch, backend: &str) -> Result<Vec<FuncDecl>> {
    let mut out = Vec::new();
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
                            "has {what} #{i} of type '{}', which the {backend} code generator does not support",
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
        if out.iter().any(|d: &FuncDecl| d.name == name) {
            return Err(Diagnostic::op_error(ctx, op, format!("redefines symbol '{name}'")).into());
        }
        out.push(FuncDecl { name, abi, op, defined, private: defined && private, public: defined && !private });
    }
    Ok(out)
}

/// One function with the backend's handle for it.
#[derive(Clone, Debug)]
pub struct FuncEntry<F> {
    pub decl: FuncDecl,
    pub id: F,
}

impl<F> std::ops::Deref for FuncEntry<F> {
    type Target = FuncDecl;
    fn deref(&self) -> &FuncDecl {
        &self.decl
    }
}

/// The functions of a module by name, in source order, and its global buffers by name, with
/// the backend's handles `F` and `G`.
#[derive(Debug)]
pub struct FuncTable<F, G> {
    entries: Vec<FuncEntry<F>>,
    by_name: HashMap<String, usize>,
    pub globals: HashMap<String, G>,
}

impl<F, G> Default for FuncTable<F, G> {
    fn default() -> Self {
        FuncTable { entries: Vec::new(), by_name: HashMap::new(), globals: HashMap::new() }
    }
}

impl<F, G> FuncTable<F, G> {
    pub fn new(globals: HashMap<String, G>) -> Self {
        FuncTable { globals, ..FuncTable::default() }
    }

    /// Add a function; false when its name is taken.
    pub fn insert(&mut self, decl: FuncDecl, id: F) -> bool {
        if self.by_name.contains_key(&decl.name) {
            return false;
        }
        self.by_name.insert(decl.name.clone(), self.entries.len());
        self.entries.push(FuncEntry { decl, id });
        true
    }

    pub fn get(&self, name: &str) -> Option<&FuncEntry<F>> {
        self.by_name.get(name).map(|&i| &self.entries[i])
    }

    pub fn iter(&self) -> impl Iterator<Item = &FuncEntry<F>> {
        self.entries.iter()
    }

    /// Name and ABI of every public function, for the C header.
    pub fn public(&self) -> Vec<(&str, &FuncAbi)> {
        self.entries.iter().filter(|e| e.public).map(|e| (e.name.as_str(), &e.abi)).collect()
    }
}
