//! Translation of one `func.func` body into a Cranelift function. One module per dialect;
//! this one holds the shared state: the value map, the block map and imported functions.

mod builder;
mod func;
mod memref;

use crate::abi::{part_types, FuncAbi, Kind, ScalarExt};
use crate::module::FuncTable;
use cranelift_codegen::ir::{self, types, AbiParam, InstBuilder, MemFlagsData};
use cranelift_frontend::FunctionBuilder;
use cranelift_module::{Linkage, Module};
use flowgate_codegen::cfg::reverse_post_order;
use flowgate_codegen::translate::{arith, cf, math, BuilderMethods, ValueMap};
use flowgate_codegen::{CodegenError, Result};
use flowgate_ir::{BlockId, Context, OpId, RegionId};
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
        let ctx = self.ctx;
        let order = reverse_post_order(ctx, body);
        let Some(&entry) = order.first() else {
            return Err(self.ice("function body has no entry block"));
        };
        for &blk in &order {
            let cl = self.b.create_block();
            self.blocks.insert(blk, cl);
        }
        self.bind_entry(entry)?;
        for &blk in order.iter().skip(1) {
            let cl = self.blocks[&blk];
            for &arg in ctx.block_args(blk) {
                let kind = self.kind(ctx.value_type(arg), None)?;
                let parts: Vec<ir::Value> =
                    part_types(kind).into_iter().map(|t| self.b.append_block_param(cl, t)).collect();
                self.values.insert(arg, parts);
            }
        }
        for &blk in &order {
            let cl = self.blocks[&blk];
            // The entry block is current already (its arguments were loaded there).
            if self.b.current_block() != Some(cl) {
                self.b.switch_to_block(cl);
            }
            let mut terminated = false;
            for op in ctx.block_ops(blk) {
                if terminated {
                    return Err(self.op_err(op, "follows the terminator of its block"));
                }
                terminated = self.translate_op(op)?;
            }
            if !terminated {
                return Err(self.ice("block does not end in a terminator"));
            }
        }
        self.b.seal_all_blocks();
        let cfg = self.module.target_config();
        self.b.finalize(cfg);
        Ok(())
    }

    /// The entry block takes the ABI parameters; memref arguments arrive as descriptor pointers.
    fn bind_entry(&mut self, entry: BlockId) -> Result<()> {
        let ctx = self.ctx;
        let cl = self.blocks[&entry];
        self.b.append_block_params_for_function_params(cl);
        self.b.switch_to_block(cl);
        let params: Vec<ir::Value> = self.b.block_params(cl).to_vec();
        let mut it = params.into_iter();
        if self.abi.sret().is_some() {
            self.sret = it.next();
        }
        let args = ctx.block_args(entry).to_vec();
        if args.len() != self.abi.params.len() {
            return Err(self.ice("entry block arguments do not match the function type"));
        }
        for (arg, kind) in args.into_iter().zip(self.abi.params.clone()) {
            let Some(p) = it.next() else { return Err(self.ice("missing ABI parameter")) };
            let parts = match kind {
                Kind::Scalar(_) => vec![p],
                Kind::MemRef { .. } => self.load_descriptor(kind, p, 0),
            };
            self.values.insert(arg, parts);
        }
        Ok(())
    }

    /// Dispatch one op; returns whether it was a terminator.
    fn translate_op(&mut self, op: OpId) -> Result<bool> {
        let name = self.ctx.op_name(op);
        let (dialect, _) = name.split_once('.').unwrap_or((name, ""));
        let handled = match dialect {
            "arith" => arith::arith(self, op)?,
            "math" => math::math(self, op)?,
            "cf" => return cf::cf(self, op),
            "memref" => self.memref(op)?,
            "func" => return self.func_op(op),
            "builtin" if name == "builtin.unrealized_conversion_cast" => self.conversion_cast(op)?,
            _ => false,
        };
        if !handled {
            return Err(self.unsupported(op));
        }
        Ok(false)
    }

    pub fn define1_at(&mut self, op: OpId, i: usize, x: ir::Value) -> Result<()> {
        self.define(op, i, vec![x])
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
