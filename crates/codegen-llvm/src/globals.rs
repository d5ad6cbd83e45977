//! `memref.global`: module-level buffers as LLVM globals holding their bytes in row-major
//! order (an `[N x i8]` array, aligned as the op asks).

use crate::error::{CodegenError, Result};
use crate::module::GlobalEntry;
use flowgate_codegen_cranelift::abi::scalar_of;
use flowgate_codegen_cranelift::globals::{dense_bytes, splat_element};
use flowgate_ir::{AttrKind, Context, Diagnostic, OpId, TypeKind, DYNAMIC};
use inkwell::context::Context as LlContext;
use inkwell::module::{Linkage, Module};
use std::collections::HashMap;

/// The `memref.global` ops directly inside `module`.
fn globals(ctx: &Context, module: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    for &r in ctx.regions(module) {
        for &b in ctx.region_blocks(r) {
            out.extend(ctx.block_ops(b).filter(|&o| ctx.is_op(o, "memref.global")));
        }
    }
    out
}

/// Declare and define every `memref.global` of `module`.
pub fn define_globals<'c>(
    ctx: &Context,
    module: OpId,
    m: &Module<'c>,
    llc: &'c LlContext,
) -> Result<HashMap<String, GlobalEntry<'c>>> {
    let mut out = HashMap::new();
    for op in globals(ctx, module) {
        let err = |msg: &str| CodegenError::from(Diagnostic::op_error(ctx, op, msg));
        let name = ctx
            .attr(op, "sym_name")
            .and_then(|a| ctx.attr_as_str(a))
            .ok_or_else(|| err("requires attribute 'sym_name'"))?
            .to_string();
        let ty =
            ctx.attr(op, "type").and_then(|a| ctx.attr_as_type(a)).ok_or_else(|| err("requires attribute 'type'"))?;
        let TypeKind::MemRef { shape, element, layout: None, .. } = ctx.type_kind(ty) else {
            return Err(err("must have a memref type with the identity layout"));
        };
        let elem = scalar_of(ctx, *element)
            .ok_or_else(|| err("has an element type the LLVM code generator does not support"))?;
        if shape.contains(&DYNAMIC) {
            return Err(err("must have a static shape"));
        }
        let count = shape
            .iter()
            .try_fold(1usize, |n, &d| usize::try_from(d).ok().and_then(|d| n.checked_mul(d)))
            .ok_or_else(|| err("is too large"))?;
        let size = count
            .checked_mul(elem.size() as usize)
            .and_then(|s| u32::try_from(s).ok())
            .ok_or_else(|| err("is too large"))?;
        if out.contains_key(&name) {
            return Err(err("redefines a global"));
        }
        let constant = ctx.has_attr(op, "constant");
        let private = ctx.attr(op, "sym_visibility").and_then(|a| ctx.attr_as_str(a)).is_some_and(|v| v != "public");
        let init = ctx.attr(op, "initial_value");
        let arr = llc.i8_type().array_type(size);
        let g = m.add_global(arr, None, &name);
        g.set_constant(constant);
        // Upstream writes a declaration without an initial value; `= uninitialized` is a unit one.
        match init.map(|a| ctx.attr_kind(a)) {
            None => g.set_linkage(Linkage::External),
            Some(kind) => {
                let value = match kind {
                    // A zero splat is a zeroinitializer (bss), never expanded.
                    AttrKind::DenseElements { data, splat, .. }
                        if splat_element(data, *splat, elem, count).is_some_and(|e| e.iter().all(|&b| b == 0)) =>
                    {
                        arr.const_zero()
                    }
                    AttrKind::DenseElements { data, splat, .. } => {
                        let bytes = dense_bytes(data, *splat, elem, count)
                            .ok_or_else(|| err("has an initial value that does not match its type"))?;
                        llc.const_string(&bytes, false)
                    }
                    AttrKind::Unit => arr.const_zero(),
                    _ => return Err(err("has an initial value the LLVM code generator does not support")),
                };
                g.set_initializer(&value);
                g.set_linkage(if private { Linkage::Internal } else { Linkage::External });
                let align = ctx.attr(op, "alignment").and_then(|a| ctx.attr_as_int(a)).filter(|&a| a > 0).unwrap_or(16);
                g.set_alignment(u32::try_from(align).ok().filter(|a| a.is_power_of_two()).unwrap_or(16));
            }
        }
        out.insert(name, GlobalEntry { value: g, shape: shape.clone() });
    }
    Ok(out)
}
