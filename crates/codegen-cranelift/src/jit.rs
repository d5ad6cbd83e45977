//! Just-in-time compilation and execution of a function that takes no arguments and returns
//! scalars (what `onnx-run` runs).

use crate::abi::{Kind, Scalar};
use crate::error::{CodegenError, Result};
use crate::globals::Placement;
use crate::isa::{host_isa, OptLevel};
use crate::jit_globals::JitGlobals;
use crate::module::{declare_functions, define_functions};
use cranelift_codegen::ir::{types, AbiParam, InstBuilder, MemFlagsData, UserFuncName};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{default_libcall_names, Linkage, Module};
use flowgate_ir::{Context, OpId};
use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One scalar result of a run.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum ScalarValue {
    /// An integer of `width` bits (64 for `index`), sign-extended; `i1` holds 0 or 1.
    Int {
        value: i64,
        width: u32,
    },
    F32(f32),
    F64(f64),
}

impl fmt::Display for ScalarValue {
    /// Integers in signed decimal (`i1` as 0/1), floats as C's `%e` (`3.500000e+00`), which is
    /// how upstream's `mlir-runner -entry-point-result=...` prints them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ScalarValue::Int { value, .. } => write!(f, "{value}"),
            ScalarValue::F32(x) => f.write_str(&format_e(x as f64)),
            ScalarValue::F64(x) => f.write_str(&format_e(x)),
        }
    }
}

/// C's `printf("%e")`, with LLVM's spellings of the special values (`nan`, `INF`, `-INF`).
pub fn format_e(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "INF".into() } else { "-INF".into() };
    }
    let s = format!("{x:.6e}");
    // Rust writes `3.500000e0`; C writes `3.500000e+00`.
    match s.split_once('e') {
        Some((mant, exp)) => {
            let (sign, digits) = match exp.strip_prefix('-') {
                Some(d) => ('-', d),
                None => ('+', exp),
            };
            format!("{mant}e{sign}{digits:0>2}")
        }
        None => s,
    }
}

/// The outcome of [`run`].
#[derive(Debug)]
pub struct RunOutput {
    pub values: Vec<ScalarValue>,
    /// Translation, Cranelift compilation and linking.
    pub compile_time: Duration,
    pub run_time: Duration,
    /// Per-function compile time.
    pub function_times: Vec<(String, Duration)>,
}

const ENTRY_WRAPPER: &str = "__flowgate_entry";

/// Calls the closure it is given: where compiled code runs. `onnx-run` passes one that runs it
/// on a thread with a stack of the user's size, watched for overflow; [`run`] calls it in place.
pub type Invoke<'a> = &'a dyn Fn(&mut (dyn FnMut() + Send));

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
    let mut jit = new_module(isa, &libm, &big);
    let table = declare_functions(ctx, module, &mut jit, Placement::Jit(&big))?;
    let Some(e) = table.get(entry) else {
        return Err(CodegenError::Run(format!("entry point '{entry}' not found")));
    };
    if !e.defined {
        return Err(CodegenError::Run(format!("entry point '{entry}' is a declaration without a body")));
    }
    if !e.abi.params.is_empty() {
        return Err(CodegenError::Run(format!("entry point '{entry}' must take no arguments")));
    }
    let results: Vec<Scalar> = e
        .abi
        .results
        .iter()
        .map(|k| match k {
            Kind::Scalar(s) => Ok(*s),
            Kind::MemRef { .. } => {
                Err(CodegenError::Run(format!("entry point '{entry}' returns a memref, which cannot be printed")))
            }
        })
        .collect::<Result<_>>()?;
    let function_times = define_functions(ctx, &table, &mut jit)?;
    let wrapper = define_wrapper(&mut jit, e.id, &e.abi, &results)?;
    check_imports(&jit, &libm)?;
    jit.finalize_definitions().map_err(|err| CodegenError::internal(entry, err))?;
    let code = jit.get_finalized_function(wrapper);
    let compile_time = start.elapsed();

    let mut slots = vec![0u64; results.len().max(1)];
    // SAFETY: `code` is the wrapper defined above with signature `void(uint64_t *)`; it is
    // called with `slots`, which has one 8-byte slot per result it writes.
    let f: extern "C" fn(*mut u64) = unsafe { std::mem::transmute(code) };
    let run_start = Instant::now();
    invoke(&mut || f(slots.as_mut_ptr()));
    let run_time = run_start.elapsed();
    // SAFETY: no pointer into the module's code outlives this call.
    unsafe { jit.free_memory() };
    drop(big);

    let values = results
        .iter()
        .zip(&slots)
        .map(|(s, &bits)| match s {
            Scalar::F32 => ScalarValue::F32(f32::from_bits(bits as u32)),
            Scalar::F64 => ScalarValue::F64(f64::from_bits(bits)),
            s => ScalarValue::Int { value: bits as i64, width: s.int_width().unwrap_or(64) },
        })
        .collect();
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
        return Err(CodegenError::Verifier { func: ENTRY_WRAPPER.into(), message });
    }
    jit.define_function(id, &mut cl).map_err(|e| ice(e.to_string()))?;
    Ok(id)
}

/// A JIT module for `isa` with `symbols` bound, and the big globals of `big` found by name.
fn new_module(
    isa: cranelift_codegen::isa::OwnedTargetIsa,
    symbols: &[(&str, *const u8)],
    big: &Arc<JitGlobals>,
) -> JITModule {
    let mut builder = JITBuilder::with_isa(isa, default_libcall_names());
    builder.symbols(symbols.iter().copied());
    let big = Arc::clone(big);
    builder.symbol_lookup_fn(Box::new(move |name| big.lookup(name)));
    JITModule::new(builder)
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
    let mut jit = new_module(isa, &[], &big);
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
    let mut jit = new_module(isa, &known, &big);
    let table = declare_functions(ctx, module, &mut jit, Placement::Jit(&big))?;
    let function_times = define_functions(ctx, &table, &mut jit)?;
    check_imports(&jit, &known)?;
    jit.finalize_definitions().map_err(|err| CodegenError::internal("module", err))?;
    let entries =
        table.iter().filter(|e| e.defined).map(|e| (e.name.clone(), jit.get_finalized_function(e.id))).collect();
    Ok(Compiled { jit: Some(jit), _big: big, entries, compile_time: start.elapsed(), function_times })
}
