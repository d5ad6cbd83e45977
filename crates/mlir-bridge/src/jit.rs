//! A third backend: upstream's own conversions lower our module to the LLVM dialect
//! ([`LOWERING`]) and upstream's `ExecutionEngine` (ORC LLJIT) compiles and runs it.
//!
//! The engine is made through the C API directly rather than melior's wrapper, which cannot
//! report a failure to create it (a module that does not translate to LLVM IR).

use crate::diag::to_diagnostic;
use crate::error::{BridgeError, Result};
use crate::passes::run_on;
use crate::text::to_upstream;
use crate::upstream::Upstream;
use flowgate_codegen::abi::{kind_of, struct_layout, Kind, Scalar};
use flowgate_codegen::run::{RunOutput, ScalarValue};
use flowgate_ir::{Context, OpId};
use mlir_sys::{
    mlirExecutionEngineCreate, mlirExecutionEngineDestroy, mlirExecutionEngineLookup,
    mlirExecutionEngineRegisterSymbol, MlirExecutionEngine, MlirStringRef,
};
use std::time::{Duration, Instant};

/// Upstream MLIR 22's lowering of `scf` + `func` + `cf` + `arith` + `math` + `memref` to the
/// LLVM dialect, as `mlir-runner` needs it (the same steps as lit-tests/Differential's
/// run-diff.sh):
/// - `convert-scf-to-cf` first: structured control flow is upstream's to lower here;
/// - `convert-math-to-funcs` outlines `math.ipowi`/`fpowi` (no LLVM intrinsic);
/// - `expand-strided-metadata` + `lower-affine` turn subview/reinterpret_cast bookkeeping into
///   arith; `arith-expand` lowers `ceildivsi`, `floordivsi` and friends;
/// - `convert-math-to-llvm` uses intrinsics where they exist, `convert-math-to-libm` calls
///   libm for the rest;
/// - `convert-to-llvm` converts func, cf, arith, memref and index through their interfaces.
pub const LOWERING: &str = "builtin.module(convert-scf-to-cf,convert-math-to-funcs,expand-strided-metadata,\
lower-affine,arith-expand,convert-math-to-llvm,convert-math-to-libm,convert-to-llvm,reconcile-unrealized-casts)";

fn string_ref(s: &str) -> MlirStringRef {
    MlirStringRef { data: s.as_ptr() as *const _, length: s.len() }
}

/// Compiled code; addresses stay valid while it lives.
pub struct Compiled {
    raw: MlirExecutionEngine,
    pub compile_time: Duration,
    /// Upstream's lowering pipeline and the engine's translation and compilation.
    pub function_times: Vec<(String, Duration)>,
}

impl Drop for Compiled {
    fn drop(&mut self) {
        // SAFETY: `raw` was created non-null by `compile` and is destroyed once, here.
        unsafe { mlirExecutionEngineDestroy(self.raw) }
    }
}

impl Compiled {
    /// The address of the function `name`: after `convert-to-llvm` a `func.func` whose
    /// arguments and results are scalars has its C signature (memrefs would be expanded into
    /// their descriptor fields, which is not our ABI; see ARCHITECTURE.md).
    pub fn function(&self, name: &str) -> Option<*const u8> {
        // SAFETY: the engine is alive; the name is passed with its length.
        let p = unsafe { mlirExecutionEngineLookup(self.raw, string_ref(name)) };
        (!p.is_null()).then_some(p as *const u8)
    }
}

/// `-O` level to the engine's LLVM optimization level (0 to 3).
pub fn opt_level(level: Option<&str>) -> Option<u8> {
    match level {
        None | Some("2") => Some(2),
        Some("0") => Some(0),
        Some("1") => Some(1),
        Some("3") => Some(3),
        Some(_) => None,
    }
}

/// Lower `module` with [`LOWERING`] and JIT-compile it at LLVM `-O<opt>`, with `symbols`
/// (name, address) registered for its external functions besides the process's own. External
/// declarations that take memrefs are marked in `module` for the C interface (see
/// `mark_memref_imports`).
pub fn compile(ctx: &mut Context, module: OpId, opt: u8, symbols: &[(&str, *const u8)]) -> Result<Compiled> {
    let start = Instant::now();
    check_imports_resolve(ctx, module, symbols)?;
    mark_memref_imports(ctx, module)?;
    let up = Upstream::new(false);
    let mut m = to_upstream(&up, ctx, module)?;
    run_on(&up, ctx, &mut m, LOWERING)?;
    let lowered = start.elapsed();
    up.take_diagnostics();
    // SAFETY: the module is a valid upstream module; no shared libraries are passed. The
    // engine translates the module at creation and keeps no reference to it or its context.
    let raw = unsafe { mlirExecutionEngineCreate(m.to_raw(), i32::from(opt), 0, std::ptr::null(), false, false) };
    if raw.ptr.is_null() {
        let captured = up.take_diagnostics();
        return Err(to_diagnostic(ctx, &captured, "upstream's ExecutionEngine could not compile the module").into());
    }
    for &(name, addr) in symbols {
        // Under both names: imports that take memrefs are called through their C interface
        // (see `mark_memref_imports`), which has our ABI.
        for n in [name.to_string(), format!("_mlir_ciface_{name}")] {
            // SAFETY: `addr` is the address of a function of the process (the runtime's),
            // valid for the life of the engine.
            unsafe { mlirExecutionEngineRegisterSymbol(raw, string_ref(&n), addr as *mut _) };
        }
    }
    let compile_time = start.elapsed();
    Ok(Compiled {
        raw,
        compile_time,
        function_times: vec![
            ("<upstream lowering>".to_string(), lowered),
            ("<execution engine>".to_string(), compile_time - lowered),
        ],
    })
}

/// The external functions `module` declares.
fn imports(ctx: &Context, module: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    ctx.walk(module, &mut |op| {
        if ctx.is_op(op, "func.func") && ctx.regions(op).first().is_none_or(|&r| ctx.is_region_empty(r)) {
            out.push(op);
        }
    });
    out
}

/// Every import must be one of `symbols` or a symbol of the process: the engine would resolve
/// a missing one only when the code is materialized, and ORC prints its own error then.
fn check_imports_resolve(ctx: &Context, module: OpId, symbols: &[(&str, *const u8)]) -> Result<()> {
    for f in imports(ctx, module) {
        let Some(name) = ctx.attr(f, "sym_name").and_then(|a| ctx.attr_as_str(a)) else { continue };
        if symbols.iter().any(|(n, _)| *n == name) {
            continue;
        }
        let found = std::ffi::CString::new(name)
            // SAFETY: `dlsym` with RTLD_DEFAULT only reads the NUL-terminated name.
            .map(|c| !unsafe { libc::dlsym(libc::RTLD_DEFAULT, c.as_ptr()) }.is_null())
            .unwrap_or(false);
        if !found {
            return Err(BridgeError::Run(format!("cannot resolve external function '{name}'")));
        }
    }
    Ok(())
}

/// Upstream's `convert-func-to-llvm` passes a memref argument as its descriptor's fields, one
/// argument each; our ABI (DESIGN.md §7) passes a pointer to the descriptor, which is what
/// upstream's C interface (`llvm.emit_c_interface`: calls go to `_mlir_ciface_<name>`) does
/// for arguments. So external declarations that take memrefs get that attribute.
///
/// A memref result (`flowgate_rt_tensor_data`'s view) our ABI returns by value, as C returns a
/// struct; the C interface passes a pointer to the result as a leading plain argument. On
/// x86-64 (System V and Windows alike) the two are one calling sequence: a 40-byte struct is
/// returned through a hidden pointer in the first integer argument register, the other
/// arguments following it. Elsewhere (AArch64 returns it through x8) they differ, so the call
/// is an error there rather than a wrong one.
fn mark_memref_imports(ctx: &mut Context, module: OpId) -> Result<()> {
    for f in imports(ctx, module) {
        let Some((params, results)) =
            ctx.attr(f, "function_type").and_then(|a| ctx.attr_as_type(a)).and_then(|t| ctx.function_signature(t))
        else {
            continue;
        };
        let is_memref = |t: &flowgate_ir::Type| matches!(ctx.type_kind(*t), flowgate_ir::TypeKind::MemRef { .. });
        let memref_result = results.iter().any(is_memref);
        if memref_result && !(cfg!(target_arch = "x86_64") && results.len() == 1) {
            let name = ctx.attr(f, "sym_name").and_then(|a| ctx.attr_as_str(a)).unwrap_or("?").to_string();
            return Err(flowgate_ir::Diagnostic::op_error(
                ctx,
                f,
                format!(
                    "'{name}' returns a memref, which the mlir backend cannot call with Flowgate's ABI on this target"
                ),
            )
            .into());
        }
        if memref_result || params.iter().any(is_memref) {
            let unit = ctx.unit_attr();
            ctx.set_attr(f, "llvm.emit_c_interface", unit);
        }
    }
    Ok(())
}

/// The scalar results of `entry`, which must be defined in `module` and take no arguments.
fn entry_results(ctx: &Context, module: OpId, entry: &str) -> Result<Vec<Scalar>> {
    let f = ctx
        .lookup_symbol_in(module, entry)
        .filter(|&f| ctx.is_op(f, "func.func"))
        .ok_or_else(|| BridgeError::Run(format!("entry point '{entry}' not found")))?;
    if ctx.regions(f).first().is_none_or(|&r| ctx.is_region_empty(r)) {
        return Err(BridgeError::Run(format!("entry point '{entry}' is a declaration without a body")));
    }
    let (params, results) = ctx
        .attr(f, "function_type")
        .and_then(|a| ctx.attr_as_type(a))
        .and_then(|t| ctx.function_signature(t))
        .ok_or_else(|| BridgeError::Run(format!("entry point '{entry}' has no function type")))?;
    if !params.is_empty() {
        return Err(BridgeError::Run(format!("entry point '{entry}' must take no arguments")));
    }
    results
        .iter()
        .map(|&t| match kind_of(ctx, t) {
            Some(Kind::Scalar(s)) if s != Scalar::Ptr => Ok(s),
            _ => Err(BridgeError::Run(format!("entry point '{entry}' returns a value that cannot be printed"))),
        })
        .collect()
}

/// Compile every function of `module` through upstream and call `entry`, which takes no
/// arguments and returns scalars; the results print as the other backends print them.
pub fn run(ctx: &mut Context, module: OpId, entry: &str, opt: u8) -> Result<RunOutput> {
    let results = entry_results(ctx, module, entry)?;
    let compiled = compile(ctx, module, opt, &[])?;
    // The packed wrapper (`_mlir_<entry>`) the engine generates stores the function's LLVM
    // result at the one result pointer: a scalar, or a struct of them laid out as C does.
    let kinds: Vec<Kind> = results.iter().map(|&s| Kind::Scalar(s)).collect();
    let layout = struct_layout(&kinds);
    let mut buf = vec![0u64; (layout.size as usize).div_ceil(8).max(1)];
    let mut args: Vec<*mut ()> = vec![buf.as_mut_ptr() as *mut ()];
    // The C API's `invokePacked` calls `_mlir__mlir_ciface_<entry>`, which exists only for
    // functions with `llvm.emit_c_interface`; the engine makes `_mlir_<entry>` for every
    // function, and that is the one called here.
    let packed = compiled
        .function(&format!("_mlir_{entry}"))
        .ok_or_else(|| BridgeError::Run(format!("upstream's ExecutionEngine has no packed wrapper for '{entry}'")))?;
    let run_start = Instant::now();
    // SAFETY: `_mlir_<entry>` is `void(void **)`: it reads one pointer per argument (none)
    // and then the result pointer, where it stores the result; `buf` is 8-byte aligned and at
    // least as large as the result. The engine is alive.
    unsafe {
        let f: extern "C" fn(*mut *mut ()) = std::mem::transmute(packed);
        f(args.as_mut_ptr());
    }
    let run_time = run_start.elapsed();
    let bytes: Vec<u8> = buf.iter().flat_map(|w| w.to_ne_bytes()).collect();
    let values = results.iter().zip(&layout.offsets).map(|(&s, &off)| read_scalar(&bytes, off as usize, s)).collect();
    Ok(RunOutput {
        values,
        compile_time: compiled.compile_time,
        run_time,
        function_times: compiled.function_times.clone(),
    })
}

/// The value of scalar `s` stored at `off` in `bytes` (which `struct_layout` sized).
fn read_scalar(bytes: &[u8], off: usize, s: Scalar) -> ScalarValue {
    let word = |n: usize| -> u64 {
        let mut b = [0u8; 8];
        if let Some(src) = bytes.get(off..off + n) {
            b[..n].copy_from_slice(src);
        }
        u64::from_le_bytes(b)
    };
    match s {
        Scalar::F32 => ScalarValue::F32(f32::from_bits(word(4) as u32)),
        Scalar::F64 => ScalarValue::F64(f64::from_bits(word(8))),
        // An `i1` is stored as a byte holding 0 or 1.
        Scalar::Int(1) => ScalarValue::Int { value: (word(1) & 1) as i64, width: 1 },
        s => {
            let bits = s.int_width().unwrap_or(64);
            let bytes_n = s.size() as usize;
            let raw = word(bytes_n);
            let shift = 64 - 8 * bytes_n as u32;
            ScalarValue::Int { value: ((raw << shift) as i64) >> shift, width: bits }
        }
    }
}
