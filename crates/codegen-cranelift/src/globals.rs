//! `memref.global`: each buffer as a data object, with the bytes `flowgate_codegen::globals`
//! lays out. Zero buffers are zero-init data (bss in an object file); big ones of JIT code get
//! mappings of their own (`jit_globals`).

use crate::abi::Scalar;
use cranelift_module::{DataDescription, DataId, Linkage, Module};
use flowgate_codegen::globals::{global_decls, Init};
use flowgate_codegen::{CodegenError, Result};
use flowgate_ir::{Context, Diagnostic, OpId};

/// One global buffer.
#[derive(Clone, Debug)]
pub struct GlobalEntry {
    pub id: DataId,
    pub shape: Vec<i64>,
    pub elem: Scalar,
}

/// Where the module's code will live, which decides where big buffers go.
pub enum Placement<'a> {
    /// An object file: zero buffers in bss; the whole image must stay within the small code
    /// model's reach.
    Object,
    /// JIT code: buffers of `jit_globals::OWN_MAPPING_MIN` bytes or more get mappings of their
    /// own, bound to symbols in `JitGlobals`.
    Jit(&'a crate::jit_globals::JitGlobals),
}

/// Declare and define every `memref.global` of `module`.
pub fn define_globals<M: Module>(
    ctx: &Context,
    module: OpId,
    m: &mut M,
    place: Placement<'_>,
) -> Result<Vec<(String, GlobalEntry)>> {
    let mut out = Vec::new();
    for g in global_decls(ctx, module, "Cranelift", matches!(place, Placement::Object))? {
        let name = g.name.clone();
        let internal = |e: cranelift_module::ModuleError| CodegenError::internal(&name, e);
        let Some(init) = g.init else {
            let id = m.declare_data(&name, Linkage::Import, !g.constant, false).map_err(internal)?;
            out.push((g.name, GlobalEntry { id, shape: g.shape, elem: g.elem }));
            continue;
        };
        let id = match place {
            Placement::Jit(big)
                if g.size >= crate::jit_globals::OWN_MAPPING_MIN
                    || g.align > crate::jit_globals::page_size() as u64 =>
            {
                use crate::jit_globals::{Fill, SYMBOL_PREFIX};
                let symbol = format!("{SYMBOL_PREFIX}{name}");
                let fill = match &init {
                    Init::Zero => Fill::Zero,
                    Init::Splat(e) => Fill::Splat(e),
                    Init::Bytes(b) => Fill::Bytes(b),
                };
                let align = usize::try_from(g.align).unwrap_or(usize::MAX);
                big.map(&symbol, g.size, align, fill, g.constant)
                    .map_err(|e| Diagnostic::op_error(ctx, g.op, format!("is too large: {e}")))?;
                m.declare_data(&symbol, Linkage::Import, !g.constant, false).map_err(internal)?
            }
            _ => {
                let mut desc = DataDescription::new();
                match init {
                    Init::Zero => desc.define_zeroinit(g.size),
                    init => desc.define(init.bytes(g.size, g.count).into_boxed_slice()),
                }
                desc.set_align(g.align);
                let linkage = if g.private { Linkage::Local } else { Linkage::Export };
                let id = m.declare_data(&name, linkage, !g.constant, false).map_err(internal)?;
                m.define_data(id, &desc).map_err(internal)?;
                id
            }
        };
        out.push((g.name, GlobalEntry { id, shape: g.shape, elem: g.elem }));
    }
    Ok(out)
}
