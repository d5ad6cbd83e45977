//! Just-in-time compilation and execution of a function that takes no arguments and returns
//! scalars (what `onnx-run` runs).

use crate::abi::{Scalar, ScalarExt};
use crate::globals::Placement;
use crate::isa::{host_isa, OptLevel};
use crate::jit_globals::JitGlobals;
use crate::module::{declare_functions, define_functions};
use cranelift_codegen::ir::{types, AbiParam, InstBuilder, MemFlagsData, UserFuncName};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_jit::{ArenaMemoryProvider, JITBuilder, JITModule};
use cranelift_module::{default_libcall_names, Linkage, Module};
use flowgate_codegen::run::{call_entry_wrapper, entry_results, ENTRY_WRAPPER};
pub use flowgate_codegen::run::{format_e, Invoke, RunOutput, ScalarValue};
use flowgate_codegen::{CodegenError, Result};
use flowgate_ir::{Context, OpId};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// JIT-compile every function of `module` and call `entry`, which must take no arguments and
/// return only scalars.
pub fn run(ctx: &Context, module: OpId, entry: &str, opt: OptLevel) -> Result<RunOutput> {
    run_with(ctx, module, entry, opt, &|f| f())
}

/// [`run`], with the call of the compiled code made inside `invoke` (compilation stays on the
/// caller's thread).
pub fn run_with(ctx: &Context, module: OpId, entry: &str, opt: OptLevel, invoke: Invoke<'_>) -> Result<RunOutput> {
    let start = Instant::now();
    let isa = host_isa(opt)?;
    let libm = crate::libm::symbols();
    let big = JitGlobals::new();
    let mut jit = new_module(isa, &libm, &big)?;
    let table = declare_functions(ctx, module, &mut jit, Placement::Jit(&big))?;
    let e = table.get(entry);
    let results = entry_results(entry, e.map(|e| (e.defined, &e.abi)))?;
    let Some(e) = e else { return Err(CodegenError::Run(format!("entry point '{entry}' not found"))) };
    let function_times = define_functions(ctx, &table, &mut jit)?;
    let wrapper = define_wrapper(&mut jit, e.id, &e.abi, &results)?;
    check_imports(&jit, &libm)?;
    jit.finalize_definitions().map_err(|err| CodegenError::internal(entry, err))?;
    let code = jit.get_finalized_function(wrapper);
    let compile_time = start.elapsed();

    // SAFETY: `code` is the wrapper defined above with signature `void(uint64_t *)`, writing
    // one slot per result; the module's memory is freed only after the call.
    let (values, run_time) = unsafe { call_entry_wrapper(code, &results, invoke) };
    // SAFETY: no pointer into the module's code outlives this call.
    unsafe { jit.free_memory() };
    drop(big);
    Ok(RunOutput { values, compile_time, run_time, function_times })
}

/// `void __flowgate_entry(uint64_t *out)`: calls the entry and stores each result in its own
/// 8-byte slot (integers sign-extended, `i1` zero-extended, floats as their bits).
fn define_wrapper(
    jit: &mut JITModule,
    callee: cranelift_module::FuncId,
    abi: &crate::abi::FuncAbi,
    results: &[Scalar],
) -> Result<cranelift_module::FuncId> {
    let ice = |m: String| CodegenError::internal(ENTRY_WRAPPER, m);
    let mut sig = jit.make_signature();
    sig.params.push(AbiParam::new(types::I64));
    let id = jit.declare_function(ENTRY_WRAPPER, Linkage::Local, &sig).map_err(|e| ice(e.to_string()))?;
    let mut cl = jit.make_context();
    cl.func.signature = sig;
    cl.func.name = UserFuncName::user(0, id.as_u32());
    let mut fctx = FunctionBuilderContext::new();
    {
        let mut b = FunctionBuilder::new(&mut cl.func, &mut fctx);
        let blk = b.create_block();
        b.append_block_params_for_function_params(blk);
        b.switch_to_block(blk);
        let out = b.block_params(blk)[0];
        let fref = jit.declare_func_in_func(callee, b.func);
        let sret = abi.sret().map(|l| {
            let slot = b.create_sized_stack_slot(cranelift_codegen::ir::StackSlotData::new(
                cranelift_codegen::ir::StackSlotKind::ExplicitSlot,
                l.size,
                4,
            ));
            b.ins().stack_addr(types::I64, slot, 0)
        });
        let args: Vec<_> = sret.into_iter().collect();
        let inst = b.ins().call(fref, &args);
        let vals: Vec<_> = match (abi.sret(), sret, abi.reg_pieces()) {
            (Some(layout), Some(p), _) => results
                .iter()
                .zip(&layout.offsets)
                .map(|(s, &off)| b.ins().load(s.cl_type(), MemFlagsData::trusted(), p, off as i32))
                .collect(),
            (_, _, Some(pieces)) => {
                let regs = b.inst_results(inst).to_vec();
                crate::retconv::unpack(&mut b, pieces, results, &regs)
            }
            _ => b.inst_results(inst).to_vec(),
        };
        for (i, (s, v)) in results.iter().zip(vals).enumerate() {
            let v = match s {
                Scalar::F32 | Scalar::F64 | Scalar::Int(64) | Scalar::Index => v,
                Scalar::Int(1) => b.ins().uextend(types::I64, v),
                _ => b.ins().sextend(types::I64, v),
            };
            b.ins().store(MemFlagsData::trusted(), v, out, 8 * i as i32);
        }
        b.ins().return_(&[]);
        b.seal_all_blocks();
        b.finalize(jit.target_config());
    }
    if let Err(errs) = cranelift_codegen::verify_function(&cl.func, jit.isa()) {
        let message = cranelift_codegen::print_errors::pretty_verifier_error(&cl.func, None, errs);
        return Err(CodegenError::Verifier { backend: "Cranelift", func: ENTRY_WRAPPER.into(), message });
    }
    jit.define_function(id, &mut cl).map_err(|e| ice(e.to_string()))?;
    Ok(id)
}

/// The address space each JIT module reserves for its code and data (see [`new_module`]).
/// Far below the ±2 GiB reach of a PC-relative reference; more than a module needs, as
/// globals of [`crate::jit_globals::OWN_MAPPING_MIN`] bytes or more live elsewhere. A module
/// that outgrows it is a code-generation error, not a panic.
pub const JIT_RESERVE: usize = 1 << 30;

/// The smallest region [`reserve_arena`] tries; a small model's code and data fit in it.
const JIT_RESERVE_MIN: usize = 4 << 20;

/// The region a module's code and data live in: [`JIT_RESERVE`] bytes, or less when the
/// process's address space is limited (`ulimit -v`; a reservation counts against
/// `RLIMIT_AS` although it costs no memory): at most a sixteenth of the limit, and a quarter
/// of the last size tried while the reservation fails, down to [`JIT_RESERVE_MIN`].
fn reserve_arena() -> Result<ArenaMemoryProvider> {
    let mut size = JIT_RESERVE;
    let mut lim = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit only writes the struct it is given.
    if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut lim) } == 0 && lim.rlim_cur != libc::RLIM_INFINITY {
        let sixteenth = usize::try_from(lim.rlim_cur / 16).unwrap_or(usize::MAX);
        size = size.min(sixteenth).max(JIT_RESERVE_MIN);
    }
    loop {
        match ArenaMemoryProvider::new_with_size(size) {
            Ok(arena) => return Ok(arena),
            Err(_) if size > JIT_RESERVE_MIN => size = (size / 4).max(JIT_RESERVE_MIN),
            Err(e) => {
                return Err(CodegenError::Run(format!(
                    "cannot reserve {size} bytes of address space for JIT code: {e}"
                )))
            }
        }
    }
}

/// A JIT module for `isa` with `symbols` bound, and the big globals of `big` found by name.
///
/// Code reaches the functions and data of its own module PC-relatively (32-bit offsets:
/// cranelift-jit resolves `X86PCRel4`/`X86CallPCRel4` with `i32::try_from(..).unwrap()`).
/// cranelift-jit's default memory provider maps each piece of code and data separately, so
/// after many compilations in one process (the onnx_run fuzzer: 34 panics in
/// `compiled_blob.rs`) a module's pieces could land more than 2 GiB apart. Its
/// `ArenaMemoryProvider` places them all in one region reserved up front (no access until
/// used, so reserving costs no memory), which bounds every distance by [`JIT_RESERVE`].
fn new_module(
    isa: cranelift_codegen::isa::OwnedTargetIsa,
    symbols: &[(&str, *const u8)],
    big: &Arc<JitGlobals>,
) -> Result<JITModule> {
    let mut builder = JITBuilder::with_isa(isa, default_libcall_names());
    builder.symbols(symbols.iter().copied());
    let big = Arc::clone(big);
    builder.symbol_lookup_fn(Box::new(move |name| big.lookup(name)));
    builder.memory_provider(Box::new(reserve_arena()?));
    Ok(JITModule::new(builder))
}

/// cranelift-jit panics on a symbol it cannot resolve, so look every import up first.
fn check_imports(jit: &JITModule, known: &[(&str, *const u8)]) -> Result<()> {
    for (id, decl) in jit.declarations().get_functions() {
        if decl.linkage != Linkage::Import {
            continue;
        }
        let name = decl.linkage_name(id).to_string();
        if known.iter().any(|(n, _)| *n == name) {
            continue;
        }
        let Ok(c) = std::ffi::CString::new(name.clone()) else {
            return Err(CodegenError::Run(format!("invalid external symbol name '{name}'")));
        };
        // SAFETY: dlsym with RTLD_DEFAULT only reads the NUL-terminated name.
        let p = unsafe { libc::dlsym(libc::RTLD_DEFAULT, c.as_ptr()) };
        if p.is_null() {
            return Err(CodegenError::Run(format!("cannot resolve external function '{name}'")));
        }
    }
    Ok(())
}

/// The Cranelift IR of every function of `module` for the host, for `--print-clif`.
pub fn clif(ctx: &Context, module: OpId) -> Result<String> {
    let isa = host_isa(OptLevel::None)?;
    let big = JitGlobals::new();
    let mut jit = new_module(isa, &[], &big)?;
    let table = declare_functions(ctx, module, &mut jit, Placement::Jit(&big))?;
    crate::module::clif_text(ctx, &table, &mut jit)
}

/// A module compiled in memory, with extra symbols (the runtime's) bound. The code stays
/// valid until this is dropped.
pub struct Compiled {
    jit: Option<JITModule>,
    /// Big globals, which the code addresses; dropped after the code is freed.
    _big: Arc<JitGlobals>,
    entries: Vec<(String, *const u8)>,
    pub compile_time: Duration,
    pub function_times: Vec<(String, Duration)>,
}

impl Compiled {
    /// The address of the defined function `name` (its C ABI entry).
    pub fn function(&self, name: &str) -> Option<*const u8> {
        self.entries.iter().find(|(n, _)| n == name).map(|(_, p)| *p)
    }
}

impl Drop for Compiled {
    fn drop(&mut self) {
        if let Some(jit) = self.jit.take() {
            // SAFETY: the pointers handed out by `function` are documented to die with `self`.
            unsafe { jit.free_memory() };
        }
    }
}

/// JIT-compile every function of `module`, binding `symbols` (name, address) for its imports
/// besides libm and the C library.
pub fn compile(ctx: &Context, module: OpId, opt: OptLevel, symbols: &[(&'static str, *const u8)]) -> Result<Compiled> {
    let start = Instant::now();
    let isa = host_isa(opt)?;
    let mut known = crate::libm::symbols();
    known.extend_from_slice(symbols);
    let big = JitGlobals::new();
    let mut jit = new_module(isa, &known, &big)?;
    let table = declare_functions(ctx, module, &mut jit, Placement::Jit(&big))?;
    let function_times = define_functions(ctx, &table, &mut jit)?;
    check_imports(&jit, &known)?;
    jit.finalize_definitions().map_err(|err| CodegenError::internal("module", err))?;
    let entries =
        table.iter().filter(|e| e.defined).map(|e| (e.name.clone(), jit.get_finalized_function(e.id))).collect();
    Ok(Compiled { jit: Some(jit), _big: big, entries, compile_time: start.elapsed(), function_times })
}
