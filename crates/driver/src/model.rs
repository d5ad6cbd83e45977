//! An ONNX model compiled in memory: import, lowering, JIT, and calls through the runtime's
//! call frame.

use crate::backend::{render_error, JitCode};
use crate::data::{self, Kind};
use crate::signature::{self, Declared, InputSig};
use anyhow::{anyhow, bail, Result};
use flowgate_codegen::backend::CodegenBackend;
use flowgate_codegen::pipeline::{run_lowering, StepOutcome};
use flowgate_ir::{Context, Diagnostic, LocKind, Location};
use flowgate_onnx_import::ModelProto;
use flowgate_runtime::{Frame, RtValue};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

pub struct Port {
    pub name: String,
    pub kind: Kind,
    /// The declared type; inputs are checked against it before a run.
    pub declared: Declared,
    /// An initializer that gives this input a default value.
    pub default: Option<Arc<RtValue>>,
}

/// How a compiled model is called.
enum Code {
    /// In memory: the entry wrapper's address in JIT code, and the node-name table.
    /// `_code` keeps the code `entry` points into alive. `release_slots` is
    /// `@__flowgate_release_slots` when the module has slots: called on drop, before the code
    /// is freed, so the constants the slots keep are freed with the model.
    Jit { _code: Box<dyn JitCode>, entry: usize, release_slots: Option<usize>, node_names: Vec<String> },
    /// A shared library with the C entry `<name>_run` (`onnx-run --aot`).
    Aot(crate::aot::Loaded),
}

/// Where a compiled model's code came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Compiled in memory by the backend's JIT (or `--aot`'s library).
    Compiled,
    /// Compiled, and stored in the compiled-model cache, whose library runs it.
    Stored,
    /// Loaded from the compiled-model cache: nothing was compiled.
    Cached,
}

pub struct CompiledModel {
    code: Code,
    pub origin: Origin,
    /// Every graph input, in order (the compiled function's arguments).
    pub inputs: Vec<Port>,
    pub outputs: Vec<Port>,
    pub compile_time: Duration,
    pub lowering_time: Duration,
}

/// `--no-compiled-tensors`' lowering step.
const NO_COMPILED_TENSORS: &str = "convert-onnx-to-loops{compiled-tensors=false}";

pub struct Options {
    pub backend: Box<dyn CodegenBackend>,
    pub print_pipeline: bool,
    pub stack_size: usize,
    /// The compiled-tensor tier of convert-onnx-to-loops (off: every tensor a handle).
    pub compiled_tensors: bool,
    /// Run through the object-file path (`<name>_run` in a shared library) instead of the JIT.
    pub aot: bool,
    /// Compile for the concrete shapes of each call's inputs (`specialize::Model`); false is
    /// `onnx-run --no-specialize`, the fully symbolic code.
    pub specialize: bool,
    /// The compiled-model cache (`--cache-dir`, `$FLOWGATE_CACHE_DIR`), if any.
    pub cache: Option<crate::cache::Cache>,
}

impl Options {
    /// `onnx-run`'s defaults with `backend`: tiers on, specialization on, a 64 MiB stack for
    /// compiled code, the JIT, no cache. Callers change fields with struct update syntax.
    pub fn new(backend: Box<dyn CodegenBackend>) -> Self {
        Options {
            backend,
            print_pipeline: false,
            stack_size: 64 << 20,
            compiled_tensors: true,
            aot: false,
            specialize: true,
            cache: None,
        }
    }
}

/// Whether `path` holds a model rather than MLIR text: named `.onnx` or `.onnxtxt`, or a binary
/// ONNX model whatever its name. A file that cannot be read is left to the reader that reports
/// it; standard input (`-`) is text.
pub fn is_model_file(path: &Path) -> bool {
    let by_name = path.extension().and_then(|e| e.to_str()).is_some_and(|e| e == "onnx" || e == "onnxtxt");
    by_name || (path.as_os_str() != "-" && std::fs::read(path).is_ok_and(|b| flowgate_onnx_import::is_binary_model(&b)))
}

/// Where compiling a model failed, for callers that tell the cases apart (the Python package
/// raises a different exception for each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The model breaks an ONNX contract or the importer refuses it (names the node).
    Import,
    /// Lowering or code generation refused it (an unsupported op or type, named and located).
    Lower,
}

/// A compile error, rendered (`file: graph main: node 'X': error: ...`, one line per
/// diagnostic) and classified.
#[derive(Clone, Debug)]
pub struct CompileError {
    pub stage: Stage,
    pub message: String,
}

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message.trim_end())
    }
}

impl std::error::Error for CompileError {}

/// A model imported and lowered to the backend's input, not yet compiled.
pub struct Lowered {
    pub ctx: Context,
    pub module: flowgate_ir::OpId,
    /// The graph's inputs and outputs with their declared types.
    pub inputs: Vec<Port>,
    pub outputs: Vec<Port>,
    /// The file as diagnostics name it.
    pub file: String,
    pub lowering_time: Duration,
}

impl Lowered {
    /// A diagnostic located in the model, rendered.
    pub fn render(&self, d: &Diagnostic) -> String {
        render(&self.ctx, &self.file, d)
    }

    /// The entry wrapper of the main graph, `__flowgate_run_<main>`.
    pub fn entry_name(&self) -> std::result::Result<String, String> {
        let main = main_function_name(&self.ctx, self.module)
            .ok_or_else(|| format!("{}: error: the model has no main graph\n", self.file))?;
        Ok(format!("{}{main}", flowgate_conversion::onnx_to_loops::ENTRY_PREFIX))
    }

    /// The node-name table runtime errors index.
    pub fn node_names(&self) -> Vec<String> {
        node_names(&self.ctx, self.module)
    }
}

/// Import `path` and run the backend's lowering pipeline. Errors come back rendered.
pub fn lower(path: &Path, o: &Options) -> std::result::Result<Lowered, String> {
    let model = flowgate_onnx_import::load_model(path).map_err(|e| format!("{e}\n"))?;
    lower_model(&model, &path.display().to_string(), o).map_err(|e| e.message)
}

/// Import a loaded model and run the backend's lowering pipeline; `file` names it in
/// diagnostics.
pub fn lower_model(model: &ModelProto, file: &str, o: &Options) -> std::result::Result<Lowered, CompileError> {
    lower_model_for(model, file, o, None)
}

/// [`lower_model`], specialized for the input shapes `shapes` when given
/// ([`crate::specialize`]).
pub fn lower_model_for(
    model: &ModelProto,
    file: &str,
    o: &Options,
    shapes: Option<&crate::specialize::Key>,
) -> std::result::Result<Lowered, CompileError> {
    let import_err = |message: String| CompileError { stage: Stage::Import, message };
    let lower_err = |message: String| CompileError { stage: Stage::Lower, message };
    let (mut ctx, imported) = import(model, file)?;
    for w in &imported.warnings {
        eprintln!("{w}");
    }
    let module = imported.module;
    let (inputs, outputs) = ports(model).map_err(|e| import_err(format!("{file}: error: {e}\n")))?;
    let lower_start = Instant::now();
    if let Some(key) = shapes {
        let func = main_function(&ctx, module)
            .ok_or_else(|| import_err(format!("{file}: error: the model has no main graph\n")))?;
        crate::specialize::specialize_module(&mut ctx, module, func, key)
            .map_err(|d| lower_err(render(&ctx, file, &d)))?;
    }
    let passes = flowgate_registry::all_passes();
    let pipeline: Vec<&'static str> = o
        .backend
        .pipeline()
        .into_iter()
        .map(|p| if p == "convert-onnx-to-loops" && !o.compiled_tensors { NO_COMPILED_TENSORS } else { p })
        .collect();
    run_lowering(&mut ctx, module, &pipeline, &passes, &mut |pass, outcome| {
        if o.print_pipeline {
            match outcome {
                StepOutcome::Ran => eprintln!("pass: {pass}"),
                StepOutcome::NotRegistered => eprintln!("pass: {pass} (not registered, not run)"),
            }
        }
    })
    .map_err(|d| lower_err(render(&ctx, file, &d)))?;
    Ok(Lowered { ctx, module, inputs, outputs, file: file.to_string(), lowering_time: lower_start.elapsed() })
}

/// Imports `model` into a fresh context with every dialect registered (the importer's own
/// shape inference included); errors come back rendered.
pub(crate) fn import(
    model: &ModelProto,
    file: &str,
) -> std::result::Result<(Context, flowgate_onnx_import::ImportedModule), CompileError> {
    let mut ctx = Context::new();
    flowgate_registry::register_all_dialects(&mut ctx);
    let imported = flowgate_onnx_import::import_model_to_ir(&mut ctx, model, file).map_err(|ds| CompileError {
        stage: Stage::Import,
        message: ds.iter().map(|d| format!("{d}\n")).collect::<String>(),
    })?;
    Ok((ctx, imported))
}

/// Import, lower and compile `path`. Errors come back rendered, ready for stderr.
pub fn compile(path: &Path, o: &Options) -> std::result::Result<CompiledModel, String> {
    let model = flowgate_onnx_import::load_model(path).map_err(|e| format!("{e}\n"))?;
    compile_model(&model, &path.display().to_string(), o).map_err(|e| e.message)
}

/// Import, lower and compile a loaded model: JIT, or with `o.aot` an object file linked into a
/// shared library and loaded; `file` names it in diagnostics.
pub fn compile_model(model: &ModelProto, file: &str, o: &Options) -> std::result::Result<CompiledModel, CompileError> {
    compile_model_for(model, file, o, None)
}

/// [`compile_model`], specialized for the input shapes `shapes` when given.
pub fn compile_model_for(
    model: &ModelProto,
    file: &str,
    o: &Options,
    shapes: Option<&crate::specialize::Key>,
) -> std::result::Result<CompiledModel, CompileError> {
    compile_model_with(model, None, file, o, shapes)
}

/// [`compile_model_for`], through the compiled-model cache when `o.cache` is set: `digest` is
/// the digest of the model's bytes ([`crate::cache::digest`]), else that of its encoding.
pub fn compile_model_with(
    model: &ModelProto,
    digest: Option<&crate::cache::Digest>,
    file: &str,
    o: &Options,
    shapes: Option<&crate::specialize::Key>,
) -> std::result::Result<CompiledModel, CompileError> {
    use crate::cache::{Cache, Lookup};
    let start = Instant::now();
    let import_err = |message: String| CompileError { stage: Stage::Import, message };
    let lower_err = |message: String| CompileError { stage: Stage::Lower, message };
    let cache = match &o.cache {
        Some(c) if Cache::supports(o) => {
            let d = digest.copied().unwrap_or_else(|| crate::cache::digest(&prost::Message::encode_to_vec(model)));
            Some((c, c.key(&d, o, shapes)))
        }
        Some(_) => {
            eprintln!("warning: {file}: the compiled-model cache holds Cranelift JIT code only; compiling without it");
            None
        }
        None => None,
    };
    if let Some((c, key)) = &cache {
        match c.lookup(key) {
            Lookup::Hit(loaded) => {
                let (inputs, outputs) = ports(model).map_err(|e| import_err(format!("{file}: error: {e}\n")))?;
                let code = library_code(loaded).map_err(|e| lower_err(format!("{file}: error: {e}\n")))?;
                let compile_time = start.elapsed();
                return Ok(CompiledModel {
                    code,
                    origin: Origin::Cached,
                    inputs,
                    outputs,
                    compile_time,
                    lowering_time: Duration::ZERO,
                });
            }
            Lookup::Miss => {}
            Lookup::Rejected(why) => eprintln!("warning: compiled-model cache: {why}; compiling the model again"),
        }
    }
    let mut l = lower_model_for(model, file, o, shapes)?;
    let mut origin = Origin::Compiled;
    let code = if o.aot {
        let name = crate::aot::default_name(Path::new(file));
        let object = crate::aot::compile_object(&mut l, &name, &*o.backend, None).map_err(lower_err)?;
        let lib = crate::aot::load(&object.bytes, &name).map_err(|e| lower_err(format!("{file}: error: {e}\n")))?;
        Code::Aot(lib)
    } else {
        let stored = cache.as_ref().map(|(c, key)| store(c, key, &l, o));
        match stored {
            Some(Ok((code, stored))) => {
                origin = if stored { Origin::Stored } else { Origin::Compiled };
                code
            }
            other => {
                if let Some(Err(e)) = other {
                    eprintln!("warning: {file}: the compiled-model cache: {}; running the JIT's code", e.trim_end());
                }
                let compiled = o
                    .backend
                    .jit(&mut l.ctx, l.module, &flowgate_runtime::symbols())
                    .map_err(|e| lower_err(render_error(e, &|d| l.render(d), &format!("{file}: "))))?;
                let entry_name = l.entry_name().map_err(import_err)?;
                let entry = compiled.function(&entry_name).ok_or_else(|| {
                    lower_err(format!("{file}: error: the lowered model has no entry '{entry_name}'\n"))
                })? as usize;
                let release_slots =
                    compiled.function(flowgate_conversion::onnx_to_loops::RELEASE_SLOTS).map(|p| p as usize);
                Code::Jit { _code: compiled, entry, release_slots, node_names: l.node_names() }
            }
        }
    };
    let (inputs, outputs) = (std::mem::take(&mut l.inputs), std::mem::take(&mut l.outputs));
    Ok(CompiledModel { code, origin, inputs, outputs, compile_time: start.elapsed(), lowering_time: l.lowering_time })
}

/// A cache miss: the lowered model as an object file, linked, stored under `key` and loaded;
/// with whether it was stored. A failed store is a warning (the library still runs); a failed
/// object or link is the error, and the caller falls back to the JIT.
fn store(
    c: &crate::cache::Cache,
    key: &crate::cache::Digest,
    l: &Lowered,
    o: &Options,
) -> std::result::Result<(Code, bool), String> {
    let meta = crate::cache::Meta { entry: l.entry_name()?, node_names: l.node_names() };
    let object = o.backend.object(&l.ctx, l.module, None).map_err(|e| render_error(e, &|d| l.render(d), ""))?;
    let (loaded, warning) = c.build(key, meta, &object.bytes)?;
    if let Some(w) = &warning {
        eprintln!("warning: {}: {w}; the model is compiled but not cached", l.file);
    }
    Ok((library_code(loaded)?, warning.is_none()))
}

/// How a model whose code is a cached library is called: as JIT code, through its entry
/// wrapper (the library's runtime calls are bound to this process's runtime).
fn library_code(mut loaded: crate::cache::Loaded) -> std::result::Result<Code, String> {
    use flowgate_codegen::backend::JitCode as _;
    let entry = loaded
        .function(&loaded.meta.entry)
        .ok_or_else(|| format!("the cached library has no entry '{}'", loaded.meta.entry))? as usize;
    let release_slots = loaded.function(flowgate_conversion::onnx_to_loops::RELEASE_SLOTS).map(|p| p as usize);
    // Moved, not cloned: a model of many nodes has a long table.
    let node_names = std::mem::take(&mut loaded.meta.node_names);
    Ok(Code::Jit { _code: Box::new(loaded), entry, release_slots, node_names })
}

fn main_function_name(ctx: &Context, module: flowgate_ir::OpId) -> Option<String> {
    let f = main_function(ctx, module)?;
    ctx.attr(f, "sym_name").and_then(|a| ctx.attr_as_str(a)).map(str::to_string)
}

/// The main graph's `func.func` (public, not an entry wrapper).
pub(crate) fn main_function(ctx: &Context, module: flowgate_ir::OpId) -> Option<flowgate_ir::OpId> {
    let body = ctx.region(module, 0);
    let b = ctx.entry_block(body)?;
    ctx.block_ops(b).find(|&op| {
        if !ctx.is_op(op, "func.func") || ctx.attr(op, "sym_visibility").is_some() {
            return false;
        }
        let n = ctx.attr(op, "sym_name").and_then(|a| ctx.attr_as_str(a));
        n.is_some_and(|n| !n.starts_with(flowgate_conversion::onnx_to_loops::ENTRY_PREFIX))
    })
}

fn node_names(ctx: &Context, module: flowgate_ir::OpId) -> Vec<String> {
    let Some(a) = ctx.attr(module, flowgate_conversion::onnx_to_loops::NODE_NAMES_ATTR) else { return Vec::new() };
    ctx.attr_as_array(a)
        .map(|items| items.iter().map(|&i| ctx.attr_as_str(i).unwrap_or("").to_string()).collect())
        .unwrap_or_default()
}

pub(crate) fn ports(model: &ModelProto) -> Result<(Vec<Port>, Vec<Port>)> {
    let g = model.graph.as_ref().ok_or_else(|| anyhow!("the model has no graph"))?;
    let mut inputs = Vec::new();
    for i in &g.input {
        let name = i.name.clone().unwrap_or_default();
        let default = match g.initializer.iter().find(|t| t.name.as_deref() == Some(name.as_str())) {
            Some(t) => Some(Arc::new(data::value_from_proto(t)?)),
            None => None,
        };
        let declared = signature::declared(i.r#type.as_ref());
        inputs.push(Port { kind: data::kind_of(i.r#type.as_ref()), declared, name, default });
    }
    let outputs = g
        .output
        .iter()
        .map(|o| Port {
            name: o.name.clone().unwrap_or_default(),
            kind: data::kind_of(o.r#type.as_ref()),
            declared: signature::declared(o.r#type.as_ref()),
            default: None,
        })
        .collect();
    Ok((inputs, outputs))
}

impl CompiledModel {
    /// The inputs as [`signature`] checks them.
    pub fn signature(&self) -> Vec<InputSig<'_>> {
        self.inputs
            .iter()
            .map(|p| InputSig { name: &p.name, declared: &p.declared, optional: p.default.is_some() })
            .collect()
    }

    /// Run once on a thread with `stack_size` bytes of stack. `args` has one value per graph
    /// input, each checked against the input's declared type first. Returns the outputs and the
    /// time the compiled code took.
    pub fn run(&self, args: &[Arc<RtValue>], stack_size: usize) -> Result<(Vec<Arc<RtValue>>, Duration)> {
        // A compiled model's `<name>_run` checks its inputs itself (with the same rules), and
        // `--aot` runs are what test that.
        if matches!(self.code, Code::Jit { .. }) {
            signature::check_values(&self.signature(), args).map_err(|e| anyhow!(e))?;
        }
        let n_out = self.outputs.len();
        let args: Vec<Arc<RtValue>> = args.to_vec();
        match &self.code {
            Code::Jit { entry, node_names, .. } => {
                let (entry, names) = (*entry, node_names.clone());
                crate::stack_guard::call_on_thread(stack_size, move || call(entry, names, args, n_out))
                    .map_err(|e| anyhow!("{e}"))?
            }
            Code::Aot(lib) => {
                let run = lib.entry();
                crate::stack_guard::call_on_thread(stack_size, move || run.call(&args, n_out))
                    .map_err(|e| anyhow!("{e}"))?
            }
        }
    }
}

impl Drop for CompiledModel {
    fn drop(&mut self) {
        // An AOT library's slots belong to the runtime linked into it, and its C ABI
        // (`<name>_run` alone) has no hook to empty them: they live as long as the library.
        if let Code::Jit { release_slots: Some(f), .. } = self.code {
            // SAFETY: `f` is `@__flowgate_release_slots`, compiled as `void(void)`; the code is
            // still loaded (`_code` is dropped after this) and no run is in progress (`run`
            // borrows `self` and joins its thread).
            unsafe {
                let f: extern "C" fn() = std::mem::transmute(f as *const u8);
                f();
            }
        }
    }
}

fn call(
    entry: usize,
    names: Vec<String>,
    args: Vec<Arc<RtValue>>,
    n_out: usize,
) -> Result<(Vec<Arc<RtValue>>, Duration)> {
    flowgate_runtime::set_node_names(names);
    flowgate_runtime::clear_error();
    let mut frame = Frame::new(args, n_out);
    let start = Instant::now();
    // SAFETY: `entry` is the address of `__flowgate_run_<main>`, compiled with the signature
    // `void(Frame *)`, and stays valid while the `Compiled` module lives (the caller holds it).
    unsafe {
        let f: extern "C" fn(*mut Frame) = std::mem::transmute(entry as *const u8);
        f(&mut frame);
    }
    let elapsed = start.elapsed();
    let results = frame.take_results();
    drop(frame);
    if let Some(e) = flowgate_runtime::take_error() {
        bail!("{e}");
    }
    let out = results
        .into_iter()
        .enumerate()
        .map(|(k, r)| r.ok_or_else(|| anyhow!("internal error: output {k} was not set")))
        .collect::<Result<_>>()?;
    Ok((out, elapsed))
}

/// A diagnostic about an imported node, located the way the importer locates them:
/// `model.onnx: graph main/Loop_3/body: node 'Add_2': error: ...`.
fn render(ctx: &Context, file: &str, d: &Diagnostic) -> String {
    let mut out = format!("{}: error: {}\n", where_(ctx, file, d.loc), d.message);
    for n in &d.notes {
        out.push_str(&format!("{}: note: {}\n", where_(ctx, file, n.loc), n.message));
    }
    out
}

fn where_(ctx: &Context, file: &str, loc: Location) -> String {
    match ctx.loc_kind(loc) {
        LocKind::Name { name, child: Some(c) } => match ctx.loc_kind(*c) {
            LocKind::Name { name: path, .. } => format!("{file}: graph {}: node '{}'", ctx.str(*path), ctx.str(*name)),
            _ => format!("{file}: node '{}'", ctx.str(*name)),
        },
        LocKind::Name { name, child: None } => format!("{file}: node '{}'", ctx.str(*name)),
        _ => match flowgate_ir::describe_loc(ctx, loc) {
            s if s.is_empty() => file.to_string(),
            s => format!("{file}: {s}"),
        },
    }
}
