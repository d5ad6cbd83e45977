//! Just-in-time compilation through LLVM's MCJIT (inkwell's `ExecutionEngine`): the `-O`
//! pipeline runs over the module first, for the host CPU, then MCJIT generates code.
//! Every external function is bound explicitly (the caller's symbols, such as the runtime's,
//! then the process's) and one that cannot be found is an error, never LLVM's fatal error.

use crate::abi::memory_type;
use crate::byte_gep;
use crate::error::Result;
use crate::module::{declare_functions, define_functions, FuncTable};
use crate::target::{optimize, prepare, target_machine, LlvmOpt};
use flowgate_codegen::abi::{FuncAbi, Scalar};
use flowgate_codegen::run::{call_entry_wrapper, entry_results, Invoke, RunOutput, ENTRY_WRAPPER};
use flowgate_codegen::CodegenError;
use flowgate_ir::{Context, OpId};
use inkwell::context::Context as LlContext;
use inkwell::execution_engine::ExecutionEngine;
use inkwell::module::{Linkage, Module};
use inkwell::targets::RelocMode;
use inkwell::values::{BasicValue, BasicValueEnum, FunctionValue};
use std::time::{Duration, Instant};

type Translated<'c> = (Module<'c>, FuncTable<'c>, inkwell::targets::TargetMachine, Vec<(String, Duration)>);

/// Translate `module` for the host.
fn translate<'c>(llc: &'c LlContext, ctx: &Context, module: OpId, opt: LlvmOpt) -> Result<Translated<'c>> {
    let (tm, arch) = target_machine(None, opt, RelocMode::Default)?;
    let m = llc.create_module("flowgate");
    let table = declare_functions(ctx, module, &m, llc, arch, false)?;
    let times = define_functions(ctx, &table, &m, llc)?;
    Ok((m, table, tm, times))
}

/// Optimize the module and hand it to MCJIT with every import bound.
fn finish<'c>(
    m: &Module<'c>,
    tm: &inkwell::targets::TargetMachine,
    opt: LlvmOpt,
    symbols: &[(&str, *const u8)],
    times: &mut Vec<(String, Duration)>,
) -> Result<ExecutionEngine<'c>> {
    prepare(m, tm);
    let start = Instant::now();
    optimize(m, tm, opt)?;
    times.push(("<llvm pipeline>".to_string(), start.elapsed()));
    inkwell::support::load_visible_symbols();
    let engine = m
        .create_jit_execution_engine(opt.codegen())
        .map_err(|e| CodegenError::internal("<module>", format!("cannot create the JIT: {e}")))?;
    bind_imports(m, &engine, symbols)?;
    Ok(engine)
}

/// Map every declared function to an address before MCJIT would look it up (an unresolved
/// symbol is a fatal error inside LLVM).
fn bind_imports(m: &Module, engine: &ExecutionEngine, symbols: &[(&str, *const u8)]) -> Result<()> {
    let mut f = m.get_first_function();
    while let Some(func) = f {
        f = func.get_next_function();
        if func.count_basic_blocks() > 0 || func.get_intrinsic_id() != 0 {
            continue;
        }
        let name = func.get_name().to_string_lossy().into_owned();
        let addr = match symbols.iter().find(|(n, _)| *n == name) {
            Some((_, p)) => *p as usize,
            None => inkwell::support::search_for_address_of_symbol(&name)
                .ok_or_else(|| CodegenError::Run(format!("cannot resolve external function '{name}'")))?,
        };
        engine.add_global_mapping(&func, addr);
    }
    let mut g = m.get_first_global();
    while let Some(gv) = g {
        g = gv.get_next_global();
        if gv.get_initializer().is_some() {
            continue;
        }
        let name = gv.get_name().to_string_lossy().into_owned();
        let addr = inkwell::support::search_for_address_of_symbol(&name)
            .ok_or_else(|| CodegenError::Run(format!("cannot resolve external global '{name}'")))?;
        engine.add_global_mapping(&gv, addr);
    }
    Ok(())
}

/// JIT-compile every function of `module` and call `entry`, which must take no arguments and
/// return only scalars; prints as the Cranelift backend does.
pub fn run(ctx: &Context, module: OpId, entry: &str, opt: LlvmOpt) -> flowgate_codegen::Result<RunOutput> {
    run_with(ctx, module, entry, opt, &|f| f())
}

/// [`run`], with the call of the compiled code made inside `invoke`.
pub fn run_with(
    ctx: &Context,
    module: OpId,
    entry: &str,
    opt: LlvmOpt,
    invoke: Invoke<'_>,
) -> flowgate_codegen::Result<RunOutput> {
    run_inner(ctx, module, entry, opt, invoke).map_err(Into::into)
}

fn run_inner(ctx: &Context, module: OpId, entry: &str, opt: LlvmOpt, invoke: Invoke<'_>) -> Result<RunOutput> {
    let start = Instant::now();
    let llc = LlContext::create();
    let (m, table, tm, mut function_times) = translate(&llc, ctx, module, opt)?;
    let e = table.get(entry);
    let results = entry_results(entry, e.map(|e| (e.defined, &e.abi)))?;
    if let Some(e) = e {
        define_wrapper(&llc, &m, e.id, &e.abi, &results)?;
    }
    let engine = finish(&m, &tm, opt, &[], &mut function_times)?;
    let addr = engine
        .get_function_address(ENTRY_WRAPPER)
        .map_err(|e| CodegenError::internal(ENTRY_WRAPPER, format!("{e:?}")))?;
    let compile_time = start.elapsed();
    // SAFETY: `addr` is the wrapper defined above with signature `void(uint64_t *)`, writing
    // one slot per result, and the engine stays alive during the call.
    let (values, run_time) = unsafe { call_entry_wrapper(addr as *const u8, &results, invoke) };
    Ok(RunOutput { values, compile_time, run_time, function_times })
}

/// `void __flowgate_entry(uint64_t *out)`: calls the entry and stores each result in its own
/// 8-byte slot (integers sign-extended, `i1` zero-extended, floats as their bits).
fn define_wrapper<'c>(
    llc: &'c LlContext,
    m: &Module<'c>,
    callee: FunctionValue<'c>,
    abi: &FuncAbi,
    results: &[Scalar],
) -> Result<()> {
    let ptr = llc.ptr_type(inkwell::AddressSpace::default());
    let i64t = llc.i64_type();
    let f = m.add_function(ENTRY_WRAPPER, llc.void_type().fn_type(&[ptr.into()], false), Some(Linkage::External));
    let b = llc.create_builder();
    b.position_at_end(llc.append_basic_block(f, ""));
    let out = f
        .get_nth_param(0)
        .map(|p| p.into_pointer_value())
        .ok_or_else(|| CodegenError::internal(ENTRY_WRAPPER, "no parameter"))?;
    let size = abi.result_struct.as_ref().map(|(l, _)| l.size.div_ceil(8) * 8 + 16).unwrap_or(8);
    let buf = b.build_alloca(llc.i8_type().array_type(size), "")?;
    let args: Vec<inkwell::values::BasicMetadataValueEnum> =
        if abi.sret().is_some() { vec![buf.into()] } else { vec![] };
    let call = b.build_direct_call(callee, &args, "")?;
    for (loc, a) in crate::abi::attributes(llc, abi) {
        call.add_attribute(loc, a);
    }
    let ret = call.try_as_basic_value().basic();
    let vals: Vec<BasicValueEnum> = match (&abi.result_struct, abi.reg_pieces(), ret) {
        (Some((layout, _)), Some(pieces), Some(r)) => {
            let regs: Vec<BasicValueEnum> = if pieces.len() == 1 {
                vec![r]
            } else {
                (0..pieces.len())
                    .map(|i| Ok(b.build_extract_value(r.into_struct_value(), i as u32, "")?))
                    .collect::<Result<_>>()?
            };
            for (p, r) in pieces.iter().zip(regs) {
                b.build_store(byte_gep(&b, llc, buf, p.offset(layout))?, r)?;
            }
            load_fields(&b, llc, buf, &layout.offsets, results)?
        }
        (Some((layout, _)), None, _) => load_fields(&b, llc, buf, &layout.offsets, results)?,
        (None, _, Some(r)) => vec![r],
        _ => Vec::new(),
    };
    for (i, (s, v)) in results.iter().zip(vals).enumerate() {
        let v: BasicValueEnum = match s {
            Scalar::F32 | Scalar::F64 | Scalar::Int(64) | Scalar::Index | Scalar::Ptr => v,
            Scalar::Int(1) => b.build_int_z_extend(v.into_int_value(), i64t, "")?.as_basic_value_enum(),
            _ => b.build_int_s_extend(v.into_int_value(), i64t, "")?.as_basic_value_enum(),
        };
        b.build_store(byte_gep(&b, llc, out, 8 * i as u32)?, v)?;
    }
    b.build_return(None)?;
    Ok(())
}

fn load_fields<'c>(
    b: &inkwell::builder::Builder<'c>,
    llc: &'c LlContext,
    buf: inkwell::values::PointerValue<'c>,
    offsets: &[u32],
    results: &[Scalar],
) -> Result<Vec<BasicValueEnum<'c>>> {
    results
        .iter()
        .zip(offsets)
        .map(|(s, &off)| {
            let p = byte_gep(b, llc, buf, off)?;
            let v = b.build_load(memory_type(llc, *s), p, "")?;
            Ok(if *s == Scalar::Int(1) {
                b.build_int_truncate(v.into_int_value(), llc.bool_type(), "")?.as_basic_value_enum()
            } else {
                v
            })
        })
        .collect()
}

/// A module compiled in memory, with extra symbols (the runtime's) bound. The code stays valid
/// until this is dropped.
pub struct Compiled {
    entries: Vec<(String, usize)>,
    // Field order is drop order: the engine (which owns the module) before its context.
    _engine: ExecutionEngine<'static>,
    _context: Box<LlContext>,
    pub compile_time: Duration,
    pub function_times: Vec<(String, Duration)>,
}

impl Compiled {
    /// The address of the defined function `name` (its C ABI entry).
    pub fn function(&self, name: &str) -> Option<*const u8> {
        self.entries.iter().find(|(n, _)| n == name).map(|(_, p)| *p as *const u8)
    }
}

/// JIT-compile every function of `module`, binding `symbols` (name, address) for its imports
/// besides the C library.
pub fn compile(
    ctx: &Context,
    module: OpId,
    opt: LlvmOpt,
    symbols: &[(&'static str, *const u8)],
) -> flowgate_codegen::Result<Compiled> {
    compile_inner(ctx, module, opt, symbols).map_err(Into::into)
}

fn compile_inner(ctx: &Context, module: OpId, opt: LlvmOpt, symbols: &[(&'static str, *const u8)]) -> Result<Compiled> {
    let start = Instant::now();
    let context = Box::new(LlContext::create());
    // SAFETY: the context is boxed (its address is stable) and `Compiled` drops the engine,
    // and with it every value of the context, before the box.
    let llc: &'static LlContext = unsafe { &*(context.as_ref() as *const LlContext) };
    let (m, table, tm, mut function_times) = translate(llc, ctx, module, opt)?;
    let engine = finish(&m, &tm, opt, symbols, &mut function_times)?;
    let mut entries = Vec::new();
    for e in table.iter().filter(|e| e.defined && e.public) {
        if let Ok(a) = engine.get_function_address(&e.name) {
            entries.push((e.name.clone(), a));
        }
    }
    Ok(Compiled { entries, _engine: engine, _context: context, compile_time: start.elapsed(), function_times })
}
