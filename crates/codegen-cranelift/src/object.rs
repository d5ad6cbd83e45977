//! Relocatable object files through cranelift-object: every public `func.func` becomes a C-ABI
//! symbol of the same name.

use crate::error::{CodegenError, Result};
use crate::isa::{target_isa, OptLevel};
use crate::module::{declare_functions, define_functions, FuncTable};
use cranelift_module::default_libcall_names;
use cranelift_object::{ObjectBuilder, ObjectModule};
use flowgate_ir::{Context, OpId};
use std::time::Duration;

pub struct ObjectOutput {
    pub bytes: Vec<u8>,
    /// The module's functions, for writing the header.
    pub functions: FuncTable,
    pub function_times: Vec<(String, Duration)>,
    /// The triple the object was built for.
    pub triple: String,
}

/// Compile `module` to an object file for `triple` (the host when `None`).
pub fn compile_object(ctx: &Context, module: OpId, triple: Option<&str>, opt: OptLevel) -> Result<ObjectOutput> {
    let isa = target_isa(triple, opt)?;
    let triple = isa.triple().to_string();
    let builder = ObjectBuilder::new(isa, "flowgate", default_libcall_names())
        .map_err(|e| CodegenError::Target { triple: triple.clone(), message: e.to_string() })?;
    let mut m = ObjectModule::new(builder);
    let functions = declare_functions(ctx, module, &mut m, crate::globals::Placement::Object)?;
    let function_times = define_functions(ctx, &functions, &mut m)?;
    let product = m.finish();
    let bytes = product.emit().map_err(|e| CodegenError::internal("<object>", e))?;
    Ok(ObjectOutput { bytes, functions, function_times, triple })
}
