//! Relocatable object files through cranelift-object: every public `func.func` becomes a C-ABI
//! symbol of the same name.

use crate::isa::{target_isa, OptLevel};
use crate::module::{declare_functions, define_functions};
use cranelift_module::default_libcall_names;
use cranelift_object::{ObjectBuilder, ObjectModule};
use flowgate_codegen::backend::ObjectCode;
use flowgate_codegen::{CodegenError, Result};
use flowgate_ir::{Context, OpId};
/// Compile `module` to an object file for `triple` (the host when `None`).
pub fn compile_object(ctx: &Context, module: OpId, triple: Option<&str>, opt: OptLevel) -> Result<ObjectCode> {
    let isa = target_isa(triple, opt)?;
    let triple = isa.triple().to_string();
    let builder = ObjectBuilder::new(isa, "flowgate", default_libcall_names())
        .map_err(|e| CodegenError::Target { triple: triple.clone(), message: e.to_string() })?;
    let mut m = ObjectModule::new(builder);
    let functions = declare_functions(ctx, module, &mut m, crate::globals::Placement::Object)?;
    let function_times = define_functions(ctx, &functions, &mut m)?;
    let product = m.finish();
    let bytes = product.emit().map_err(|e| CodegenError::internal("<object>", e))?;
    let public = functions.public().into_iter().map(|(n, a)| (n.to_string(), a.clone())).collect();
    Ok(ObjectCode { bytes, public, function_times, triple })
}
