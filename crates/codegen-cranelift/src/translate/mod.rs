//! Translation of one `func.func` body into a Cranelift function. One module per dialect;
//! this one holds the shared state: the value map, the block map and imported functions.

mod builder;
mod func;

use crate::abi::{FuncAbi, Kind, ScalarExt};
use crate::module::FuncTable;
use cranelift_codegen::ir::{self, types, AbiParam, InstBuilder, MemFlagsData};
use cranelift_frontend::FunctionBuilder;
use cranelift_module::{Linkage, Module};
use flowgate_codegen::translate::{self, BuilderMethods, ValueMap};
use flowgate_codegen::{CodegenError, Result};
use flowgate_ir::{BlockId, Context, RegionId};
use std::collections::HashMap;

pub(crate) struct Translator<'a, 'f, M: Module> {
    pub ctx: &'a Context,
    pub module: &'a mut M,
    pub b: FunctionBuilder<'f>,
    pub funcs: &'a FuncTable,
    pub func_name: String,
    pub abi: FuncAbi,
    values: ValueMap<ir::Value>,
    blocks: HashMap<BlockId, ir::Block>,
    imports: HashMap<String, ir::FuncRef>,
    /// The struct-return pointer, when the function returns a struct.
    pub sret: Option<ir::Value>,
}

impl<'a, 'f, M: Module> Translator<'a, 'f, M> {
    pub fn new(
        ctx: &'a Context,
        module: &'a mut M,
        b: FunctionBuilder<'f>,
        funcs: &'a FuncTable,
        func_name: String,
        abi: FuncAbi,
    ) -> Self {
        Translator {
            ctx,
            module,
            b,
            funcs,
            func_name,
            abi,
            values: HashMap::new(),
            blocks: HashMap::new(),
            imports: HashMap::new(),
            sret: None,
        }
    }

    /// Translate the body region of a function and finish the builder.
    pub fn translate_body(mut self, body: RegionId) -> Result<()> {
        translate::body::translate_body(&mut self, body)?;
        self.b.seal_all_blocks();
        let cfg = self.module.target_config();
        self.b.finalize(cfg);
        Ok(())
    }

    pub fn block(&self, b: BlockId) -> Result<ir::Block> {
        self.blocks.get(&b).copied().ok_or_else(|| self.ice("branch to a block outside the function"))
    }

    /// An integer constant; Cranelift wants narrow immediates zero-extended, so mask them.
    pub fn iconst(&mut self, ty: ir::Type, v: i64) -> ir::Value {
        let bits = ty.bits();
        let v = if bits >= 64 { v } else { v & ((1i64 << bits) - 1) };
        self.b.ins().iconst(ty, v)
    }

    // ----- memory helpers -----

    pub fn load_descriptor(&mut self, kind: Kind, ptr: ir::Value, offset: i32) -> Vec<ir::Value> {
        (0..kind.parts())
            .map(|i| self.b.ins().load(types::I64, MemFlagsData::trusted(), ptr, offset + 8 * i as i32))
            .collect()
    }

    pub fn store_parts(&mut self, kind: Kind, parts: &[ir::Value], ptr: ir::Value, offset: i32) {
        match kind {
            Kind::Scalar(_) => {
                if let Some(&v) = parts.first() {
                    self.b.ins().store(MemFlagsData::trusted(), v, ptr, offset);
                }
            }
            Kind::MemRef { .. } => {
                for (i, &v) in parts.iter().enumerate() {
                    self.b.ins().store(MemFlagsData::trusted(), v, ptr, offset + 8 * i as i32);
                }
            }
        }
    }

    pub fn load_parts(&mut self, kind: Kind, ptr: ir::Value, offset: i32) -> Vec<ir::Value> {
        match kind {
            Kind::Scalar(s) => vec![self.b.ins().load(s.cl_type(), MemFlagsData::trusted(), ptr, offset)],
            Kind::MemRef { .. } => self.load_descriptor(kind, ptr, offset),
        }
    }

    /// A stack slot of `size` bytes aligned to 16, and its address.
    pub fn stack_buffer(&mut self, size: u32) -> ir::Value {
        let slot = self.b.create_sized_stack_slot(ir::StackSlotData::new(ir::StackSlotKind::ExplicitSlot, size, 4));
        self.b.ins().stack_addr(types::I64, slot, 0)
    }

    /// Call an external C function (libm, malloc, free) by name.
    pub fn call_c(
        &mut self,
        name: &str,
        params: &[ir::Type],
        ret: Option<ir::Type>,
        args: &[ir::Value],
    ) -> Result<Option<ir::Value>> {
        let fref = match self.imports.get(name) {
            Some(f) => *f,
            None => {
                let mut sig = self.module.make_signature();
                sig.params.extend(params.iter().map(|&t| AbiParam::new(t)));
                sig.returns.extend(ret.map(AbiParam::new));
                let id = self
                    .module
                    .declare_function(name, Linkage::Import, &sig)
                    .map_err(|e| CodegenError::internal(&self.func_name, format!("declaring '{name}': {e}")))?;
                let f = self.module.declare_func_in_func(id, self.b.func);
                self.imports.insert(name.to_string(), f);
                f
            }
        };
        let inst = self.b.ins().call(fref, args);
        Ok(self.b.inst_results(inst).first().copied())
    }

    /// A reference to another function of the module, imported once per function.
    pub fn func_ref(&mut self, name: &str) -> Option<ir::FuncRef> {
        let key = format!("@{name}");
        if let Some(f) = self.imports.get(&key) {
            return Some(*f);
        }
        let id = self.funcs.get(name)?.id;
        let f = self.module.declare_func_in_func(id, self.b.func);
        self.imports.insert(key, f);
        Some(f)
    }
}
