//! `memref.global`: each buffer as an LLVM global holding the bytes `flowgate_codegen::globals`
//! lays out (an `[N x i8]` array, aligned as the op asks); a zero buffer is a
//! `zeroinitializer` (bss), never expanded.

use crate::error::Result;
use crate::module::GlobalEntry;
use flowgate_codegen::globals::{global_decls, Init};
use flowgate_ir::{Context, OpId};
use inkwell::context::Context as LlContext;
use inkwell::module::{Linkage, Module};
use std::collections::HashMap;

/// Declare and define every `memref.global` of `module`.
pub fn define_globals<'c>(
    ctx: &Context,
    module: OpId,
    m: &Module<'c>,
    llc: &'c LlContext,
    object: bool,
) -> Result<HashMap<String, GlobalEntry<'c>>> {
    let mut out = HashMap::new();
    for g in global_decls(ctx, module, "LLVM", object)? {
        let size = u32::try_from(g.size).map_err(|_| flowgate_ir::Diagnostic::op_error(ctx, g.op, "is too large"))?;
        let arr = llc.i8_type().array_type(size);
        let v = m.add_global(arr, None, &g.name);
        v.set_constant(g.constant);
        match &g.init {
            None => v.set_linkage(Linkage::External),
            Some(init) => {
                let value = match init {
                    Init::Zero => arr.const_zero(),
                    init => llc.const_string(&init.bytes(g.size, g.count), false),
                };
                v.set_initializer(&value);
                v.set_linkage(if g.private { Linkage::Internal } else { Linkage::External });
                v.set_alignment(u32::try_from(g.align).ok().filter(|a| a.is_power_of_two()).unwrap_or(16));
            }
        }
        out.insert(g.name, GlobalEntry { value: v, shape: g.shape });
    }
    Ok(out)
}
