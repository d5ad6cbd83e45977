//! A model's object linked into a shared library with the runtime's static library, and that
//! library loaded and called through the C ABI, as a C program would: the values cross as
//! `FlowgateTensor`s, the outputs are read back and released with the library's own
//! `flowgate_tensor_free` (the library holds its own copy of the runtime).

use super::c_values;
use anyhow::{anyhow, bail, Result};
use flowgate_runtime::c_api::FlowgateTensor;
use flowgate_runtime::RtValue;
use std::ffi::{c_char, CStr};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};

type RunFn = unsafe extern "C" fn(*const FlowgateTensor, *mut FlowgateTensor) -> i32;
type FreeFn = unsafe extern "C" fn(*mut FlowgateTensor);
type ErrorFn = unsafe extern "C" fn() -> *const c_char;
type ThreadsFn = unsafe extern "C" fn(i32) -> i32;

/// The runtime's static library: `$FLOWGATE_RUNTIME_LIB`, else `libflowgate_runtime.a` next to
/// the running program or one folder up (cargo puts test binaries in `deps/`).
pub fn runtime_library() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os("FLOWGATE_RUNTIME_LIB") {
        return Ok(PathBuf::from(p));
    }
    let exe = std::env::current_exe().map_err(|e| format!("cannot find the running program: {e}"))?;
    exe.ancestors()
        .skip(1)
        .take(2)
        .map(|d| d.join("libflowgate_runtime.a"))
        .find(|p| p.is_file())
        .ok_or_else(|| {
            format!(
                "cannot find libflowgate_runtime.a next to {} (build it with `cargo build -p flowgate-runtime`, or set FLOWGATE_RUNTIME_LIB)",
                exe.display()
            )
        })
}

/// Links `object` (a file) with the runtime into the shared library `out` with `cc` (`$CC`
/// if set), `extra` and `$FLOWGATE_LDFLAGS` (whitespace-separated, e.g. `-fuse-ld=lld`) last.
/// `-Bsymbolic` binds the runtime's symbols inside the library, whatever the loading program
/// exports; `-u` keeps the C API functions a caller needs, which the object does not
/// reference and an archive would otherwise leave out.
pub fn link_shared(object: &Path, out: &Path, runtime: &Path, extra: &[&str]) -> Result<(), String> {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let ldflags = std::env::var("FLOWGATE_LDFLAGS").unwrap_or_default();
    let output = Command::new(&cc)
        .arg("-shared")
        .arg("-o")
        .arg(out)
        .arg(object)
        .arg(runtime)
        .args(["-Wl,-u,flowgate_tensor_free", "-Wl,-u,flowgate_last_error", "-Wl,-u,flowgate_set_num_threads"])
        .args(["-Wl,-Bsymbolic", "-Wl,--gc-sections"])
        .args(["-lm", "-lpthread", "-ldl"])
        .args(extra)
        .args(ldflags.split_whitespace())
        .output()
        .map_err(|e| format!("cannot run the linker '{cc}': {e}"))?;
    if !output.status.success() {
        return Err(format!("linking {} failed:\n{}", out.display(), String::from_utf8_lossy(&output.stderr)));
    }
    Ok(())
}

/// A loaded model library (kept in a temporary folder that goes with it).
pub struct Loaded {
    entry: Entry,
    _lib: libloading::Library,
    _dir: tempfile::TempDir,
}

/// The library's three C functions; valid while its [`Loaded`] lives.
#[derive(Clone, Copy)]
pub struct Entry {
    run: RunFn,
    free: FreeFn,
    last_error: ErrorFn,
}

/// Writes `object`, links it with the runtime and loads it; `name` is the model's `<name>`.
pub fn load(object: &[u8], name: &str) -> Result<Loaded, String> {
    let dir =
        tempfile::Builder::new().prefix("flowgate-aot").tempdir().map_err(|e| format!("temporary folder: {e}"))?;
    let obj = dir.path().join(format!("{name}.o"));
    let so = dir.path().join(format!("lib{name}.so"));
    std::fs::write(&obj, object).map_err(|e| format!("cannot write {}: {e}", obj.display()))?;
    // The library lives only as long as this process: the runtime's debug information in it
    // is never read, and leaving it out halves the link (a debug runtime archive is ~180 MB).
    link_shared(&obj, &so, &runtime_library()?, &["-Wl,--strip-debug"])?;
    // SAFETY: the library is ours, just linked: its initializers are the runtime's (none that
    // matter), and the symbols below have the types the C ABI gives them.
    unsafe {
        let lib = libloading::Library::new(&so).map_err(|e| format!("cannot load {}: {e}", so.display()))?;
        let sym = |s: &str| -> Result<*const (), String> {
            lib.get::<*const ()>(s.as_bytes()).map(|f| *f).map_err(|e| format!("{} has no '{s}': {e}", so.display()))
        };
        let entry = Entry {
            run: std::mem::transmute::<*const (), RunFn>(sym(&format!("{name}_run"))?),
            free: std::mem::transmute::<*const (), FreeFn>(sym("flowgate_tensor_free")?),
            last_error: std::mem::transmute::<*const (), ErrorFn>(sym("flowgate_last_error")?),
        };
        // The library holds its own copy of the runtime: its kernels use the thread count set
        // in this process (`--threads`). A runtime older than the setter keeps its default.
        if let Ok(set_threads) = sym("flowgate_set_num_threads") {
            let n = i32::try_from(flowgate_runtime::num_threads()).unwrap_or(i32::MAX);
            std::mem::transmute::<*const (), ThreadsFn>(set_threads)(n);
        }
        Ok(Loaded { entry, _lib: lib, _dir: dir })
    }
}

impl Loaded {
    pub fn entry(&self) -> Entry {
        self.entry
    }
}

impl Entry {
    /// Calls `<name>_run` on `args` (copied into the call as borrowed values) and reads the
    /// `n_out` outputs back; an error is the library's `flowgate_last_error()`.
    pub fn call(&self, args: &[Arc<RtValue>], n_out: usize) -> Result<(Vec<Arc<RtValue>>, Duration)> {
        // The storage owns what the inputs' pointers point to (moving it moves no heap memory).
        let (inputs, storage): (Vec<FlowgateTensor>, Vec<c_values::Storage>) =
            args.iter().map(|a| c_values::borrow(a)).unzip();
        let mut outputs: Vec<FlowgateTensor> = (0..n_out).map(|_| FlowgateTensor::EMPTY).collect();
        let start = Instant::now();
        // SAFETY: `inputs` holds one valid value per model input (their storage lives in
        // `storage`), `outputs` room for every output; `run` is the model's `<name>_run`.
        let status = unsafe { (self.run)(inputs.as_ptr(), outputs.as_mut_ptr()) };
        let elapsed = start.elapsed();
        drop(storage);
        if status != 0 {
            // SAFETY: flowgate_last_error returns a NUL-terminated string owned by the library.
            let msg = unsafe { CStr::from_ptr((self.last_error)()) }.to_string_lossy().into_owned();
            bail!("{msg}");
        }
        let mut results = Vec::with_capacity(n_out);
        let mut failure = None;
        for o in &mut outputs {
            // SAFETY: a successful run filled every output with a value the library owns.
            match unsafe { c_values::read(o) } {
                Ok(v) => results.push(v),
                Err(e) => failure = failure.or(Some(e)),
            }
            // SAFETY: each output is released once, by the library that allocated it.
            unsafe { (self.free)(o) };
        }
        if let Some(e) = failure {
            return Err(anyhow!("an output does not read back: {e}"));
        }
        Ok((results, elapsed))
    }
}
