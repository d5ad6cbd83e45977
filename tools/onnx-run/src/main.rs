//! onnx-run: JIT-compile and run.
//! - `.mlir`: lower, compile, call a function that takes no arguments and print each scalar
//!   result on its own line (as upstream's `mlir-runner` prints them).
//! - `.onnx`: import, lower and compile the model, then run it on ONNX backend-suite data
//!   (`--test-data`, `--backend-tests`) or on the user's inputs (`--input`), and compare or
//!   print or write the outputs (DESIGN.md §8).

use clap::Parser as _;
use flowgate_codegen::backend::CodegenBackend;
use flowgate_codegen::pipeline::load_and_lower_with;
use flowgate_driver::specialize::Model;
use flowgate_driver::{backend, model, outputs, report, stack_guard, suite, tolerance};
use flowgate_ir::Context;
use flowgate_progress::Progress;
use std::ffi::OsString;
use std::io::{Read as _, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Parser)]
#[command(name = "onnx-run", version = flowgate_version::VERSION, about = "JIT-compile Flowgate IR or an ONNX model with Cranelift and run it")]
struct Cli {
    /// Input file (`.mlir`, `.onnx`), or `-` for standard input (`.mlir` text).
    #[arg(default_value = "-")]
    input: PathBuf,
    /// `.mlir`: the function to call; it takes no arguments and returns scalars.
    #[arg(short = 'e', default_value = "main")]
    entry: String,
    /// Report compile time, run time (median and min over --repeat runs) and peak memory on stderr.
    #[arg(long)]
    time: bool,
    /// Print the lowering passes as they run (stderr).
    #[arg(long = "print-pipeline")]
    print_pipeline: bool,
    /// Print the Cranelift IR of every function (stderr) before running (`.mlir` only).
    #[arg(long = "print-clif")]
    print_clif: bool,
    /// Optimization level: -O0 (no loop optimizations, Cranelift's `none`), -O2 (the loop
    /// optimizations of crates/optimize and Cranelift's `speed`; the default) or -O3 (the same
    /// as -O2 with the Cranelift backend, which has no higher level).
    #[arg(short = 'O', value_name = "LEVEL", num_args = 0..=1, default_missing_value = "2")]
    level: Option<String>,
    /// Accept ops of dialects that are not registered (upstream's -allow-unregistered-dialect).
    #[arg(long = "allow-unregistered-dialect")]
    allow_unregistered: bool,
    /// The code generator: `cranelift`, or `llvm` when built with the cargo feature `llvm`
    /// (-O0/-O2/-O3 then run LLVM's default<O0>/<O2>/<O3> pipelines), or `mlir` when built
    /// with the feature `mlir` (upstream MLIR's own lowering and ExecutionEngine at -O<level>).
    #[arg(long, default_value = "cranelift")]
    backend: String,
    /// `.onnx`: a backend-suite data set directory (`input_*.pb`, `output_*.pb`); repeatable.
    #[arg(long = "test-data", value_name = "DIR")]
    test_data: Vec<PathBuf>,
    /// Run every `ROOT/*/model.onnx` against all of its `test_data_set_*`.
    #[arg(long = "backend-tests", value_name = "ROOT")]
    backend_tests: Option<PathBuf>,
    /// `.onnx`: keep compiled models in DIR and load them from there when the same model is run
    /// again with the same compiler, target and options (a cached start does not compile).
    /// Without it, `$FLOWGATE_CACHE_DIR` when set. Cranelift only; not with --aot.
    #[arg(long = "cache-dir", value_name = "DIR")]
    cache_dir: Option<PathBuf>,
    /// `.onnx`: an input value, `NAME=FILE` (`.pb` TensorProto/SequenceProto/OptionalProto or `.npy`).
    #[arg(long = "input", value_name = "NAME=FILE")]
    inputs: Vec<String>,
    /// Write each output to DIR (as `<name>.npy`, or `.pb` with `--output-format pb`).
    #[arg(long = "output-dir", value_name = "DIR")]
    output_dir: Option<PathBuf>,
    #[arg(long = "output-format", default_value = "npy", value_parser = ["npy", "pb"])]
    output_format: String,
    /// Relative tolerance for float comparisons [default: a test case's tolerance.json, else 1e-3].
    #[arg(long)]
    rtol: Option<f64>,
    /// Absolute tolerance for float comparisons [default: a test case's tolerance.json, else 1e-7].
    #[arg(long)]
    atol: Option<f64>,
    /// Run each data set, or the `.mlir` entry, N times (with --time: median and minimum run time).
    #[arg(long, default_value_t = 1)]
    repeat: usize,
    /// Keep every non-scalar tensor a runtime handle: turn off the compiled-tensor tier (tensors
    /// of static shape as memrefs, their elementwise ops, small MatMuls and scalar-index Gathers
    /// as fused loop nests).
    #[arg(long = "no-compiled-tensors")]
    no_compiled_tensors: bool,
    /// `.onnx`: compile the fully symbolic code once, instead of a specialization for the
    /// concrete shapes of each call's inputs (symbolic dimensions as constants; up to 8
    /// specializations per model, then the symbolic code).
    #[arg(long = "no-specialize")]
    no_specialize: bool,
    /// Threads the kernels split their work over, the calling thread included (1: no pool);
    /// 0 is the default, the number of physical cores (as onnxruntime). Results are the same
    /// for any count.
    #[arg(long, default_value_t = 0, value_name = "N")]
    threads: usize,
    /// Stack size in bytes of the thread that runs compiled code.
    #[arg(long = "stack-size", default_value_t = 64 << 20)]
    stack_size: usize,
    /// Run ONNX models through the object-file path: compile to an object, link it with the
    /// runtime's static library into a shared library (`cc -shared`), load it and call
    /// `<name>_run` through the C ABI, as a C program would (DESIGN.md §7).
    #[arg(long)]
    aot: bool,
}

/// Models free large tensors and make them again on every run and loop trip. glibc returns
/// blocks above 128 KiB to the kernel on free (mmap) and the next run faults their pages in
/// again; keep them in the heap instead, as onnxruntime's arena keeps its buffers.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn keep_freed_memory() {
    // SAFETY: mallopt only sets allocator parameters; called before any other thread exists.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 64 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 128 << 20);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn keep_freed_memory() {}

fn main() -> ExitCode {
    keep_freed_memory();
    let cli = match Cli::try_parse_from(std::env::args_os().collect::<Vec<OsString>>()) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { ExitCode::from(2) } else { ExitCode::SUCCESS };
        }
    };
    // What the command line alone gets wrong is a usage error (exit 2), as clap's own are.
    let settings = match Settings::from_cli(&cli) {
        Ok(s) => s,
        Err(msg) => <Cli as clap::CommandFactory>::command().error(clap::error::ErrorKind::InvalidValue, msg).exit(),
    };
    flowgate_runtime::set_num_threads(cli.threads);
    // On a terminal, a progress line; not with --print-pipeline, whose lines would land on it.
    let progress = if cli.print_pipeline { Progress::off() } else { Progress::on_stderr() };
    let res = run(&cli, &settings, &mut Out { stdout: std::io::stdout(), progress: &progress });
    drop(progress);
    match res {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(msg) => {
            eprint!("{msg}");
            ExitCode::FAILURE
        }
    }
}

/// More threads than this is a mistake, not a machine (each one is an OS thread).
const MAX_THREADS: usize = 1024;

/// What the command line asks for, checked before anything is read.
struct Settings {
    options: model::Options,
    over: tolerance::Overrides,
    /// `--input NAME=FILE`, split.
    inputs: Vec<(String, PathBuf)>,
}

impl Settings {
    fn from_cli(cli: &Cli) -> Result<Settings, String> {
        let backend = backend::select(&cli.backend, cli.level.as_deref(), "onnx-run")
            .map_err(|e| e.trim_end().trim_start_matches("error: ").to_string())?;
        for (name, v) in [("--rtol", cli.rtol), ("--atol", cli.atol)] {
            if v.is_some_and(|v| !v.is_finite() || v < 0.0) {
                return Err(format!("{name} must be a finite number >= 0"));
            }
        }
        if cli.threads > MAX_THREADS {
            return Err(format!("--threads must be at most {MAX_THREADS}, got {}", cli.threads));
        }
        let inputs = cli
            .inputs
            .iter()
            .map(|i| match i.split_once('=') {
                Some((n, f)) => Ok((n.to_string(), PathBuf::from(f))),
                None => Err(format!("--input '{i}' is not NAME=FILE")),
            })
            .collect::<Result<_, _>>()?;
        Ok(Settings {
            options: model::Options {
                backend,
                print_pipeline: cli.print_pipeline,
                stack_size: cli.stack_size,
                compiled_tensors: !cli.no_compiled_tensors,
                aot: cli.aot,
                specialize: !cli.no_specialize,
                cache: flowgate_driver::cache::Cache::from_flag_or_env(
                    cli.cache_dir.as_deref(),
                    flowgate_version::VERSION,
                ),
            },
            over: tolerance::Overrides { rtol: cli.rtol, atol: cli.atol },
            inputs,
        })
    }
}

/// Where results go: standard output, each line as soon as it is known (flushed, so a pipe or
/// a CI log sees it then), with the progress line on stderr cleared first.
struct Out<'a> {
    stdout: std::io::Stdout,
    progress: &'a Progress,
}

impl Out<'_> {
    fn line(&mut self, text: &str) -> Result<(), String> {
        let stdout = &mut self.stdout;
        self.progress
            .suspend(|| writeln!(stdout, "{text}").and_then(|()| stdout.flush()))
            .map_err(|e| format!("error: cannot write output: {e}\n"))
    }

    /// A `--time` line on stderr.
    fn time(&self, text: &str) {
        self.progress.suspend(|| eprintln!("{text}"));
    }
}

/// Ok(false) when something ran but failed (a test case); Err for errors to print.
fn run(cli: &Cli, settings: &Settings, out: &mut Out) -> Result<bool, String> {
    let o = &settings.options;
    if let Some(root) = &cli.backend_tests {
        let r = suite::run_suite(root, o, settings.over, cli.repeat, &mut out.stdout, out.progress)
            .map_err(|e| format!("error: {e}\n"))?;
        out.progress.set("");
        out.line(&format!("{} passed, {} failed", r.passed, r.failed))?;
        if cli.time {
            out.time(&report::suite_compile_line(&r.compile_times));
            out.time(&report::run_line(&r.run_times));
            out.time(&report::memory_line());
        }
        return Ok(r.failed == 0);
    }
    let is_onnx = model::is_model_file(&cli.input);
    let ok =
        if is_onnx { run_onnx(cli, settings, out)? } else { run_mlir(cli, o.backend.as_ref(), out).map(|_| true)? };
    if cli.time {
        out.time(&report::memory_line());
    }
    Ok(ok)
}

fn run_onnx(cli: &Cli, settings: &Settings, out: &mut Out) -> Result<bool, String> {
    let o = &settings.options;
    let file = cli.input.display().to_string();
    out.progress.set(format!("compiling {file}…"));
    let m = Model::load(&cli.input, o)?;
    // With --time, each compile's line (a specialization compiles on the call that needs it).
    let mut compiles_shown = 0;
    let mut show_compiles = |out: &Out| {
        let all = m.compiles();
        if cli.time {
            for &(total, lowering) in &all[compiles_shown..] {
                out.time(&report::compile_line(total, lowering));
            }
        }
        compiles_shown = all.len();
    };
    show_compiles(out);
    if !cli.test_data.is_empty() {
        let mut ok = true;
        for d in &cli.test_data {
            out.progress.set(format!("running {}…", d.display()));
            let mut timing = suite::Timing { runs: Vec::new() };
            // The case directory (holding tolerance.json) is the data set's parent.
            let res = tolerance::for_case(d.parent(), settings.over).and_then(|tol| {
                suite::run_data_set(&m, d, &tol, cli.repeat, o.stack_size, &mut timing)
                    .map_err(|e| anyhow::anyhow!("{e} ({tol})"))
            });
            show_compiles(out);
            match res {
                Ok(()) => out.line(&format!("PASS {}", d.display()))?,
                Err(e) => {
                    ok = false;
                    out.line(&format!("FAIL {}: {e}", d.display()))?;
                }
            }
            if cli.time && !timing.runs.is_empty() {
                out.time(&report::run_line(&timing.runs));
            }
        }
        out.progress.set("");
        return Ok(ok);
    }
    let args = suite::user_inputs(&m, &settings.inputs).map_err(|e| format!("{file}: error: {e}\n"))?;
    out.progress.set(format!("compiling {file}…"));
    m.code_for(&args).map_err(|e| match e.downcast_ref::<model::CompileError>() {
        Some(c) => c.message.clone(),
        None => format!("{file}: error: {e}\n"),
    })?;
    show_compiles(out);
    out.progress.set(format!("running {file}…"));
    let mut runs = Vec::new();
    let mut outputs = Vec::new();
    for _ in 0..cli.repeat.max(1) {
        let (o2, t) = m.run(&args, o.stack_size).map_err(|e| format!("{file}: error: {e}\n"))?;
        runs.push(t);
        outputs = o2;
    }
    out.progress.set("");
    if cli.time {
        out.time(&report::run_line(&runs));
    }
    match &cli.output_dir {
        Some(dir) => {
            let format = if cli.output_format == "pb" { outputs::Format::Pb } else { outputs::Format::Npy };
            outputs::write_outputs(&m.outputs, &outputs, dir, format).map_err(|e| format!("error: {e}\n"))?
        }
        None => {
            for (p, v) in m.outputs.iter().zip(&outputs) {
                out.line(&format!("{}: {}", p.name, flowgate_runtime::describe(v)))?;
            }
        }
    }
    Ok(true)
}

fn run_mlir(cli: &Cli, codegen: &dyn CodegenBackend, out: &mut Out) -> Result<(), String> {
    let (name, text) = read_input(&cli.input)?;
    // Compile time starts once the text is in (standard input may wait on its writer).
    let start = Instant::now();
    out.progress.set(format!("compiling {name}…"));
    let mut ctx = Context::new();
    ctx.allow_unregistered = cli.allow_unregistered;
    flowgate_registry::register_all_dialects(&mut ctx);
    let lowered = load_and_lower_with(
        &mut ctx,
        &name,
        &text,
        &flowgate_registry::all_passes(),
        &codegen.pipeline(),
        cli.print_pipeline,
    )?;
    let front_end = start.elapsed();
    let (module, sm) = (lowered.module, &lowered.sources);
    if cli.print_clif {
        let clif = flowgate_codegen_cranelift::jit::clif(&ctx, module)
            .map_err(|e| backend::render_error(e, &|d| sm.render(&ctx, d), ""))?;
        out.progress.suspend(|| eprint!("{clif}"));
    }
    // A failure to start the thread cannot be returned through the callback; keep it here.
    let thread_error = std::cell::RefCell::new(None);
    // Each of the `--repeat` calls, timed here (the backends time one call).
    let runs = std::cell::RefCell::new(Vec::new());
    let invoke = |f: &mut (dyn FnMut() + Send)| {
        out.progress.set(format!("running {}…", cli.entry));
        let mut times = Vec::new();
        let mut repeated = || {
            for _ in 0..cli.repeat.max(1) {
                let t = Instant::now();
                f();
                times.push(t.elapsed());
            }
        };
        if let Err(e) = stack_guard::call_on_thread(cli.stack_size, &mut repeated) {
            *thread_error.borrow_mut() = Some(e);
        }
        runs.borrow_mut().extend(times);
    };
    let res = codegen
        .run(&mut ctx, module, &cli.entry, &invoke)
        .map_err(|e| backend::render_error(e, &|d| sm.render(&ctx, d), ""))?;
    out.progress.set("");
    if let Some(e) = thread_error.into_inner() {
        return Err(format!("error: {e}\n"));
    }
    for v in &res.values {
        out.line(&v.to_string())?;
    }
    if cli.time {
        // The mlir backend calls the entry itself, once, and times that call.
        let runs = runs.into_inner();
        let runs = if runs.is_empty() { vec![res.run_time] } else { runs };
        out.time(&report::compile_line(front_end + res.compile_time, lowered.pipeline_time));
        out.time(&report::run_line(&runs));
    }
    Ok(())
}

/// The input text; errors come back rendered. Bytes that are not UTF-8 are accepted in
/// comments and strings, as upstream (`flowgate_ir::asm::source_bytes`).
fn read_input(path: &Path) -> Result<(String, String), String> {
    let (shown, bytes) = if path.as_os_str() == "-" {
        let mut b = Vec::new();
        std::io::stdin().read_to_end(&mut b).map_err(|e| format!("error: cannot read standard input: {e}\n"))?;
        ("<stdin>".to_string(), b)
    } else {
        // File names need not be UTF-8; diagnostics show them lossily.
        let shown = path.display().to_string();
        let b = std::fs::read(path).map_err(|e| format!("error: could not open input file '{shown}': {e}\n"))?;
        (shown, b)
    };
    // An empty input is a mistake (a failed redirect, a truncated file), not an empty module.
    if bytes.is_empty() {
        return Err(format!("{shown}: error: the input is empty\n"));
    }
    let text =
        flowgate_ir::asm::source_bytes::source_from_bytes(&bytes).map_err(|e| format!("{shown}:{e}\n"))?.into_owned();
    Ok((shown, text))
}
