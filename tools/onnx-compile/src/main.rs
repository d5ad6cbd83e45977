//! onnx-compile: lower Flowgate IR and compile it to a relocatable object file in which every
//! public `func.func` is a C-ABI symbol of the same name; optionally write the C header that
//! declares them (DESIGN.md §7). An ONNX model (recognised by its content, or named `.onnx` /
//! `.onnxtxt`) compiles to an object that exports `<name>_run` alone (flowgate-driver's `aot`),
//! or with `--shared` to a shared library linked with the runtime.

use clap::Parser as _;
use flowgate_codegen::backend::{two_levels, CodegenBackend};
use flowgate_codegen::pipeline::load_and_lower_with;
use flowgate_codegen::CodegenError;
use flowgate_codegen_cranelift::Cranelift;
use flowgate_ir::Context;
use flowgate_progress::Progress;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

mod model;

#[derive(clap::Parser)]
#[command(name = "onnx-compile", version = flowgate_version::VERSION, about = "Compile Flowgate IR to an object file and a C header")]
pub(crate) struct Cli {
    /// Input file, or `-` for standard input.
    #[arg(default_value = "-")]
    pub(crate) input: PathBuf,
    /// The object file to write.
    #[arg(short = 'o')]
    pub(crate) output: PathBuf,
    /// Also write a C header declaring the public functions.
    #[arg(long = "emit-header")]
    pub(crate) header: Option<PathBuf>,
    /// A target triple (target-lexicon syntax, e.g. aarch64-unknown-linux-gnu); the host by
    /// default.
    #[arg(long)]
    pub(crate) target: Option<String>,
    /// Optimization level: -O0 (no loop optimizations, Cranelift's `none`), -O2 (the loop
    /// optimizations of crates/optimize and Cranelift's `speed`; the default) or -O3 (the same
    /// as -O2 with Cranelift; LLVM's default<O3> pipeline with `--backend llvm`).
    #[arg(short = 'O', value_name = "LEVEL", num_args = 0..=1, default_missing_value = "2")]
    pub(crate) level: Option<String>,
    /// Print the lowering passes as they run (stderr).
    #[arg(long = "print-pipeline")]
    pub(crate) print_pipeline: bool,
    /// Report per-function compile times on stderr.
    #[arg(long)]
    pub(crate) time: bool,
    /// Accept ops of dialects that are not registered.
    #[arg(long = "allow-unregistered-dialect")]
    pub(crate) allow_unregistered: bool,
    /// The code generator: `cranelift`, or `llvm` when built with the cargo feature `llvm`.
    #[arg(long, default_value = "cranelift")]
    pub(crate) backend: String,
    /// ONNX models: `<name>` of the entry `<name>_run` (a C identifier); the model file's stem,
    /// made a C identifier, by default.
    #[arg(long)]
    pub(crate) name: Option<String>,
    /// ONNX models: write a shared library (linked with the runtime's static library, `cc
    /// -shared`; `$CC` and `$FLOWGATE_RUNTIME_LIB` choose others, `$FLOWGATE_LDFLAGS` adds
    /// linker arguments) instead of an object file.
    #[arg(long)]
    pub(crate) shared: bool,
}

/// The stack of the thread that does the work: parsing, verifying and lowering recurse once per
/// nesting level, up to `flowgate_ir::asm::NESTING_LIMIT`, which the main thread's 8 MiB does
/// not always hold in a debug build. Only the pages used are touched.
const WORK_STACK_BYTES: usize = 256 << 20;

fn main() -> ExitCode {
    let cli = Cli::parse();
    // What the command line alone gets wrong is a usage error (exit 2), as clap's own are.
    let backend = match select(&cli) {
        Ok(b) => b,
        Err(msg) => <Cli as clap::CommandFactory>::command().error(clap::error::ErrorKind::InvalidValue, msg).exit(),
    };
    let worker = std::thread::Builder::new()
        .name("onnx-compile".into())
        .stack_size(WORK_STACK_BYTES)
        .spawn(move || compile(cli, backend));
    match worker.map(|h| h.join()) {
        Ok(Ok(code)) => code,
        Ok(Err(_)) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: cannot start the worker thread: {e}");
            ExitCode::FAILURE
        }
    }
}

fn compile(cli: Cli, backend: Box<dyn CodegenBackend>) -> ExitCode {
    // On a terminal, a progress line for long compiles; not with --print-pipeline, whose
    // lines would land on it.
    let progress = if cli.print_pipeline { Progress::off() } else { Progress::on_stderr() };
    let result = run(cli, backend, &progress);
    drop(progress);
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprint!("{msg}");
            ExitCode::FAILURE
        }
    }
}

/// The backend `--backend` and `-O` select; the error is a usage error.
fn select(cli: &Cli) -> Result<Box<dyn CodegenBackend>, String> {
    let level = cli.level.as_deref();
    let chosen: Option<Box<dyn CodegenBackend>> = match cli.backend.as_str() {
        "cranelift" => two_levels(level).map(|o| Box::new(Cranelift(o)) as _),
        #[cfg(feature = "llvm")]
        "llvm" => flowgate_codegen_llvm::LlvmOpt::parse(level).map(|o| Box::new(flowgate_codegen_llvm::Llvm(o)) as _),
        other => return Err(format!("backend '{other}' is not available in this build")),
    };
    chosen.ok_or_else(|| format!("unknown optimization level '-O{}' (use -O0, -O2 or -O3)", level.unwrap_or("")))
}

fn run(cli: Cli, backend: Box<dyn CodegenBackend>, progress: &Progress) -> Result<(), String> {
    if flowgate_driver::model::is_model_file(&cli.input) {
        return model::compile_model(&cli, backend, progress);
    }
    if cli.name.is_some() || cli.shared {
        return Err("error: --name and --shared apply to ONNX models only\n".to_string());
    }
    let (name, text) = read_input(&cli.input)?;
    let mut ctx = Context::new();
    ctx.allow_unregistered = cli.allow_unregistered;
    flowgate_registry::register_all_dialects(&mut ctx);
    let passes = flowgate_registry::all_passes();
    progress.set(format!("compiling {name}: lowering…"));
    let lowered = load_and_lower_with(&mut ctx, &name, &text, &passes, &backend.pipeline(), cli.print_pipeline)?;
    progress.set(format!("compiling {name}: code generation…"));
    let (module, sm) = (lowered.module, &lowered.sources);
    let out = backend.object(&ctx, module, cli.target.as_deref()).map_err(|e| match e {
        CodegenError::Unsupported(d) => sm.render(&ctx, &d),
        other => format!("error: {other}\n"),
    })?;
    progress.set("");
    std::fs::write(&cli.output, &out.bytes).map_err(|e| write_error(&cli.output, e))?;
    if let Some(h) = &cli.header {
        let guard = h.file_name().and_then(|s| s.to_str()).unwrap_or("flowgate_h");
        std::fs::write(h, out.header(guard)).map_err(|e| write_error(h, e))?;
    }
    if cli.time {
        eprintln!("lowering passes: {:.3} ms", lowered.pipeline_time.as_secs_f64() * 1e3);
        for (f, t) in &out.function_times {
            eprintln!("{f}: {:.3} ms", t.as_secs_f64() * 1e3);
        }
    }
    Ok(())
}

pub(crate) fn write_error(path: &Path, e: std::io::Error) -> String {
    format!("error: cannot write output: '{}': {e}\n", path.display())
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
    if flowgate_onnx_import::is_binary_model(&bytes) {
        return Err(format!(
            "{shown}: error: a binary ONNX model on standard input; give it as a file (onnx-compile model.onnx -o model.o)\n"
        ));
    }
    let text =
        flowgate_ir::asm::source_bytes::source_from_bytes(&bytes).map_err(|e| format!("{shown}:{e}\n"))?.into_owned();
    Ok((shown, text))
}
