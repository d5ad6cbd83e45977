//! Translation of one `func.func` body into an LLVM function. One module per dialect; this one
//! holds the shared state: the value map, the block map (block arguments are phis) and the
//! helpers every dialect uses.

mod builder;
pub(crate) mod func;

use crate::abi::{memory_type, part_types, scalar_type};
use crate::error::{Error, Result};
use crate::module::{FuncEntry, FuncTable};
use flowgate_codegen::abi::{FuncAbi, Kind, Scalar};
use flowgate_codegen::translate::{self, BuilderMethods, ValueMap};
use flowgate_ir::{BlockId, Context, RegionId};
use inkwell::basic_block::BasicBlock;
use inkwell::builder::Builder;
use inkwell::context::Context as LlContext;
use inkwell::module::{Linkage, Module};
use inkwell::types::{BasicMetadataTypeEnum, BasicType, BasicTypeEnum};
use inkwell::values::{
    BasicMetadataValueEnum, BasicValue, BasicValueEnum, FloatValue, FunctionValue, IntValue, PointerValue,
};
use std::collections::HashMap;

pub(crate) type V<'c> = BasicValueEnum<'c>;

pub(crate) struct Translator<'a, 'c> {
    pub ctx: &'a Context,
    pub llc: &'c LlContext,
    pub module: &'a Module<'c>,
    pub b: Builder<'c>,
    /// Positioned in the function's first block, which holds every `alloca` (so a stack
    /// buffer inside a loop is allocated once, as Cranelift's stack slots are).
    allocas: Builder<'c>,
    pub funcs: &'a FuncTable<'c>,
    pub func: FunctionValue<'c>,
    pub func_name: String,
    pub abi: FuncAbi,
    values: ValueMap<V<'c>>,
    blocks: HashMap<BlockId, BasicBlock<'c>>,
    /// The struct-return pointer, when the function returns a struct through memory.
    pub sret: Option<PointerValue<'c>>,
}

impl<'a, 'c> Translator<'a, 'c> {
    pub fn new(
        ctx: &'a Context,
        llc: &'c LlContext,
        module: &'a Module<'c>,
        funcs: &'a FuncTable<'c>,
        e: &FuncEntry<'c>,
    ) -> Self {
        Translator {
            ctx,
            llc,
            module,
            b: llc.create_builder(),
            allocas: llc.create_builder(),
            funcs,
            func: e.id,
            func_name: e.name.clone(),
            abi: e.abi.clone(),
            values: HashMap::new(),
            blocks: HashMap::new(),
            sret: None,
        }
    }

    /// Translate the body region of the function; the prologue of `alloca`s comes first and
    /// falls through to the entry block.
    pub fn translate_body(mut self, body: RegionId) -> Result<()> {
        let prologue = self.llc.append_basic_block(self.func, "allocas");
        self.allocas.position_at_end(prologue);
        translate::body::translate_body(&mut self, body)?;
        let first = prologue.get_next_basic_block().ok_or_else(|| self.ice("function body has no entry block"))?;
        self.allocas.build_unconditional_branch(first)?;
        Ok(())
    }

    // ----- errors -----

    // These shadow `BuilderMethods`' versions with this crate's error type, which also takes
    // inkwell's builder errors.

    pub fn ice(&self, msg: impl std::fmt::Display) -> Error {
        BuilderMethods::ice(self, msg).into()
    }

    // ----- types -----

    pub fn ty(&self, s: Scalar) -> BasicTypeEnum<'c> {
        scalar_type(self.llc, s)
    }

    pub fn i64t(&self) -> inkwell::types::IntType<'c> {
        self.llc.i64_type()
    }

    // ----- values -----

    pub fn int(&self, v: V<'c>) -> Result<IntValue<'c>> {
        match v {
            BasicValueEnum::IntValue(i) => Ok(i),
            _ => Err(self.ice("expected an integer value")),
        }
    }

    pub fn float(&self, v: V<'c>) -> Result<FloatValue<'c>> {
        match v {
            BasicValueEnum::FloatValue(f) => Ok(f),
            _ => Err(self.ice("expected a floating-point value")),
        }
    }

    pub fn ptr(&self, v: V<'c>) -> Result<PointerValue<'c>> {
        match v {
            BasicValueEnum::PointerValue(p) => Ok(p),
            _ => Err(self.ice("expected a pointer value")),
        }
    }

    /// The block the builder currently appends to.
    pub fn current(&self) -> Result<BasicBlock<'c>> {
        self.b.get_insert_block().ok_or_else(|| self.ice("builder is not positioned"))
    }

    // ----- memory helpers -----

    /// `ptr + offset` bytes.
    pub fn byte_offset(&self, ptr: PointerValue<'c>, offset: u32) -> Result<PointerValue<'c>> {
        byte_gep(&self.b, self.llc, ptr, offset)
    }

    pub fn store_parts(&self, kind: Kind, parts: &[V<'c>], ptr: PointerValue<'c>, offset: u32) -> Result<()> {
        match kind {
            Kind::Scalar(s) => {
                if let Some(&v) = parts.first() {
                    let p = self.byte_offset(ptr, offset)?;
                    self.store_scalar(s, v, p)?;
                }
            }
            Kind::MemRef { .. } => {
                for (i, &v) in parts.iter().enumerate() {
                    let p = self.byte_offset(ptr, offset + 8 * i as u32)?;
                    self.b.build_store(p, v)?;
                }
            }
        }
        Ok(())
    }

    pub fn load_parts(&self, kind: Kind, ptr: PointerValue<'c>, offset: u32) -> Result<Vec<V<'c>>> {
        match kind {
            Kind::Scalar(s) => {
                let p = self.byte_offset(ptr, offset)?;
                Ok(vec![self.load_scalar(s, p)?])
            }
            Kind::MemRef { .. } => load_descriptor(&self.b, self.llc, kind, ptr, offset),
        }
    }

    /// Store a scalar as it lives in memory (`i1` as a 0/1 byte).
    pub fn store_scalar(&self, s: Scalar, v: V<'c>, p: PointerValue<'c>) -> Result<()> {
        let v = if s == Scalar::Int(1) {
            self.b.build_int_z_extend(self.int(v)?, self.llc.i8_type(), "")?.as_basic_value_enum()
        } else {
            v
        };
        self.b.build_store(p, v)?;
        Ok(())
    }

    pub fn load_scalar(&self, s: Scalar, p: PointerValue<'c>) -> Result<V<'c>> {
        let v = self.b.build_load(memory_type(self.llc, s), p, "")?;
        if s == Scalar::Int(1) {
            let t = self.b.build_int_truncate(self.int(v)?, self.llc.bool_type(), "")?;
            return Ok(t.as_basic_value_enum());
        }
        Ok(v)
    }

    /// A stack buffer of `size` bytes aligned to `align`, allocated once in the prologue.
    pub fn stack_buffer(&self, size: u32, align: u32) -> Result<PointerValue<'c>> {
        let ty = self.llc.i8_type().array_type(size.max(1));
        let p = self.allocas.build_alloca(ty, "")?;
        if let Some(i) = p.as_instruction() {
            i.set_alignment(align.max(1)).map_err(|e| self.ice(e))?;
        }
        Ok(p)
    }

    /// Call an external C function (libm, malloc, free) by name, declaring it once.
    pub fn call_c(
        &self,
        name: &str,
        params: &[BasicTypeEnum<'c>],
        ret: Option<BasicTypeEnum<'c>>,
        args: &[V<'c>],
    ) -> Result<Option<V<'c>>> {
        let f = match self.module.get_function(name) {
            Some(f) => f,
            None => {
                let ps: Vec<BasicMetadataTypeEnum> = params.iter().map(|&t| t.into()).collect();
                let ft = match ret {
                    Some(r) => r.fn_type(&ps, false),
                    None => self.llc.void_type().fn_type(&ps, false),
                };
                self.module.add_function(name, ft, Some(Linkage::External))
            }
        };
        if f.count_params() as usize != args.len() {
            return Err(self.ice(format!("'{name}' is declared with another signature")));
        }
        let args: Vec<BasicMetadataValueEnum> = args.iter().map(|&a| a.into()).collect();
        let call = self.b.build_direct_call(f, &args, "")?;
        Ok(call.try_as_basic_value().basic())
    }

    /// Call an overloaded LLVM intrinsic (`llvm.smax` on `types`).
    pub fn intrinsic(&self, name: &str, types: &[BasicTypeEnum<'c>], args: &[V<'c>]) -> Result<V<'c>> {
        let i = inkwell::intrinsics::Intrinsic::find(name).ok_or_else(|| self.ice(format!("no intrinsic {name}")))?;
        let f = i.get_declaration(self.module, types).ok_or_else(|| self.ice(format!("no declaration of {name}")))?;
        let args: Vec<BasicMetadataValueEnum> = args.iter().map(|&a| a.into()).collect();
        let call = self.b.build_direct_call(f, &args, "")?;
        call.try_as_basic_value().basic().ok_or_else(|| self.ice(format!("{name} returned nothing")))
    }
}

/// `ptr + offset` bytes (no `inbounds`: nothing here may become poison).
pub(crate) fn byte_gep<'c>(
    b: &Builder<'c>,
    llc: &'c LlContext,
    ptr: PointerValue<'c>,
    offset: u32,
) -> Result<PointerValue<'c>> {
    if offset == 0 {
        return Ok(ptr);
    }
    let off = llc.i64_type().const_int(offset as u64, false);
    // SAFETY: a byte GEP without `inbounds` is plain address arithmetic.
    Ok(unsafe { b.build_gep(llc.i8_type(), ptr, &[off], "")? })
}

/// Load the parts of a memref descriptor at `ptr + offset`.
pub(crate) fn load_descriptor<'c>(
    b: &Builder<'c>,
    llc: &'c LlContext,
    kind: Kind,
    ptr: PointerValue<'c>,
    offset: u32,
) -> Result<Vec<V<'c>>> {
    part_types(llc, kind)
        .into_iter()
        .enumerate()
        .map(|(i, t)| {
            let p = byte_gep(b, llc, ptr, offset + 8 * i as u32)?;
            Ok(b.build_load(t, p, "")?)
        })
        .collect()
}
