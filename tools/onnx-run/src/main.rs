//! onnx-run: JIT-compile and run.
//! - `.mlir`: lower, compile, call a function that takes no arguments and print each scalar
//!   result on its own line (as upstream's `mlir-runner` prints them).
//! - `.onnx`: import, lower and compile the model, then run it on ONNX backend-suite data
//!   (`--test-data`, `--backend-tests`) or on the user's inputs (`--input`), and compare or
//!   print or write the outputs (DESIGN.md §8).

use clap::Parser as _;
use flowgate_codegen_cranelift::pipeline::load_and_lower_with;
use flowgate_driver::{backend, model, outputs, stack_guard, suite, tolerance};
use flowgate_ir::Context;
use std::ffi::OsString;
use std::io::{Read as _, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Parser)]
#[command(name = "onnx-run", version = flowgate_version::VERSION, about = "JIT-compile Flowgate IR or an ONNX model with Cranelift and run it")]
struct Cli {
    /// Input file (`.mlir`, `.onnx`), or `-` for standard input (`.mlir` text).
    #[arg(default_value = "-")]
    input: PathBuf,
    /// `.mlir`: the function to call; it takes no arguments and returns scalars.
    #[arg(short = 'e', default_value = "main")]
    entry: String,
    /// Report compile and run times on stderr.
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
    /// Run each data set N times (with --time: median and minimum run time).
    #[arg(long, default_value_t = 1)]
    repeat: usize,
    /// Stack size in bytes of the thread that runs compiled code.
    #[arg(long = "stack-size", default_value_t = 64 << 20)]
    stack_size: usize,
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
    let mut out = Vec::new();
    let res = run(cli, &mut out);
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_all(&out).and_then(|_| stdout.flush()) {
        eprintln!("error: cannot write output: {e}");
        return ExitCode::FAILURE;
    }
    match res {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(msg) => {
            eprint!("{msg}");
            ExitCode::FAILURE
        }
    }
}

/// Ok(false) when something ran but failed (a test case); Err for errors to print.
fn run(cli: Cli, out: &mut Vec<u8>) -> Result<bool, String> {
    let backend = backend::Backend::parse(&cli.backend, cli.level.as_deref())?;
    let o = model::Options { backend, print_pipeline: cli.print_pipeline, stack_size: cli.stack_size };
    let over = tolerance::Overrides { rtol: cli.rtol, atol: cli.atol };
    for (name, v) in [("--rtol", cli.rtol), ("--atol", cli.atol)] {
        if v.is_some_and(|v| !v.is_finite() || v < 0.0) {
            return Err(format!("error: {name} must be a finite number >= 0\n"));
        }
    }
    if let Some(root) = &cli.backend_tests {
        let r = suite::run_suite(root, &o, over, cli.repeat, out).map_err(|e| format!("error: {e}\n"))?;
        let _ = writeln!(out, "{} passed, {} failed", r.passed, r.failed);
        if cli.time {
            eprintln!(
                "compile time per model: median {}, min {}",
                fmt_ms(median(&r.compile_times)),
                fmt_ms(min(&r.compile_times))
            );
        }
        return Ok(r.failed == 0);
    }
    let is_onnx = cli.input.extension().and_then(|e| e.to_str()).is_some_and(|e| e == "onnx" || e == "onnxtxt");
    if is_onnx {
        return run_onnx(&cli, &o, over, out);
    }
    run_mlir(&cli, backend, out).map(|_| true)
}

fn run_onnx(cli: &Cli, o: &model::Options, over: tolerance::Overrides, out: &mut Vec<u8>) -> Result<bool, String> {
    let m = model::compile(&cli.input, o)?;
    if cli.time {
        eprintln!("compile: {} (lowering passes {})", fmt_ms(m.compile_time), fmt_ms(m.lowering_time));
    }
    let file = cli.input.display().to_string();
    if !cli.test_data.is_empty() {
        let mut ok = true;
        for d in &cli.test_data {
            let mut timing = suite::Timing { runs: Vec::new() };
            // The case directory (holding tolerance.json) is the data set's parent.
            let res = tolerance::for_case(d.parent(), over).and_then(|tol| {
                suite::run_data_set(&m, d, &tol, cli.repeat, o.stack_size, &mut timing)
                    .map_err(|e| anyhow::anyhow!("{e} ({tol})"))
            });
            match res {
                Ok(()) => {
                    let _ = writeln!(out, "PASS {}", d.display());
                }
                Err(e) => {
                    ok = false;
                    let _ = writeln!(out, "FAIL {}: {e}", d.display());
                }
            }
            report_runs(cli, &timing.runs);
        }
        return Ok(ok);
    }
    let mut given = Vec::new();
    for i in &cli.inputs {
        let (n, f) = i.split_once('=').ok_or_else(|| format!("error: --input '{i}' is not NAME=FILE\n"))?;
        given.push((n.to_string(), PathBuf::from(f)));
    }
    let args = suite::user_inputs(&m, &given).map_err(|e| format!("{file}: error: {e}\n"))?;
    let mut runs = Vec::new();
    let mut outputs = Vec::new();
    for _ in 0..cli.repeat.max(1) {
        let (o2, t) = m.run(&args, o.stack_size).map_err(|e| format!("{file}: error: {e}\n"))?;
        runs.push(t);
        outputs = o2;
    }
    report_runs(cli, &runs);
    match &cli.output_dir {
        Some(dir) => {
            let format = if cli.output_format == "pb" { outputs::Format::Pb } else { outputs::Format::Npy };
            outputs::write_outputs(&m.outputs, &outputs, dir, format).map_err(|e| format!("error: {e}\n"))?
        }
        None => {
            for (p, v) in m.outputs.iter().zip(&outputs) {
                let _ = writeln!(out, "{}: {}", p.name, flowgate_runtime::describe(v));
            }
        }
    }
    Ok(true)
}

fn report_runs(cli: &Cli, runs: &[std::time::Duration]) {
    if cli.time && !runs.is_empty() {
        eprintln!("run: median {}, min {} ({} runs)", fmt_ms(median(runs)), fmt_ms(min(runs)), runs.len());
    }
}

fn median(v: &[std::time::Duration]) -> std::time::Duration {
    let mut s = v.to_vec();
    s.sort();
    s.get(s.len() / 2).copied().unwrap_or_default()
}

fn min(v: &[std::time::Duration]) -> std::time::Duration {
    v.iter().min().copied().unwrap_or_default()
}

fn fmt_ms(d: std::time::Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

fn run_mlir(cli: &Cli, backend: backend::Backend, out: &mut Vec<u8>) -> Result<(), String> {
    let (name, text) = read_input(&cli.input)?;
    let mut ctx = Context::new();
    ctx.allow_unregistered = cli.allow_unregistered;
    flowgate_registry::register_all_dialects(&mut ctx);
    let lowered = load_and_lower_with(
        &mut ctx,
        &name,
        &text,
        &flowgate_registry::all_passes(),
        &backend.pipeline(),
        cli.print_pipeline,
    )?;
    let (module, sm) = (lowered.module, &lowered.sources);
    if cli.print_clif {
        let clif = flowgate_codegen_cranelift::jit::clif(&ctx, module).map_err(|e| match e {
            flowgate_codegen_cranelift::CodegenError::Unsupported(d) => sm.render(&ctx, &d),
            other => format!("error: {other}\n"),
        })?;
        eprint!("{clif}");
    }
    // A failure to start the thread cannot be returned through the callback; keep it here.
    let thread_error = std::cell::RefCell::new(None);
    let invoke = |f: &mut (dyn FnMut() + Send)| {
        if let Err(e) = stack_guard::call_on_thread(cli.stack_size, f) {
            *thread_error.borrow_mut() = Some(e);
        }
    };
    let res = backend.run_mlir(&mut ctx, module, &cli.entry, sm, &invoke)?;
    if let Some(e) = thread_error.into_inner() {
        return Err(format!("error: {e}\n"));
    }
    for v in &res.values {
        let _ = writeln!(out, "{v}");
    }
    if cli.time {
        eprintln!("lowering passes: {:.3} ms", lowered.pipeline_time.as_secs_f64() * 1e3);
        eprintln!("compile: {:.3} ms", res.compile_time.as_secs_f64() * 1e3);
        for (f, t) in &res.function_times {
            eprintln!("  {f}: {:.3} ms", t.as_secs_f64() * 1e3);
        }
        eprintln!("run: {:.3} ms", res.run_time.as_secs_f64() * 1e3);
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
    let text =
        flowgate_ir::asm::source_bytes::source_from_bytes(&bytes).map_err(|e| format!("{shown}:{e}\n"))?.into_owned();
    Ok((shown, text))
}
