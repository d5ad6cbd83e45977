//! onnx-run: parse, verify, lower and JIT-compile a `.mlir` file, call a function that takes no
//! arguments and print each scalar result on its own line (integers in signed decimal, `i1` as
//! 0/1, floats as C's `%e`, like upstream's `mlir-runner`).

use clap::Parser as _;
use flowgate_codegen_cranelift::pipeline::load_and_lower;
use flowgate_codegen_cranelift::{jit, CodegenError, OptLevel};
use flowgate_ir::{Context, SourceMgr};
use std::io::Read as _;
use std::process::ExitCode;

#[derive(clap::Parser)]
#[command(name = "onnx-run", about = "JIT-compile Flowgate IR with Cranelift and run a function")]
struct Cli {
    /// Input file, or `-` for standard input.
    #[arg(default_value = "-")]
    input: String,
    /// The function to call; it takes no arguments and returns scalars.
    #[arg(short = 'e', default_value = "main")]
    entry: String,
    /// Report compile and run times on stderr.
    #[arg(long)]
    time: bool,
    /// Print the lowering passes as they run (stderr).
    #[arg(long = "print-pipeline")]
    print_pipeline: bool,
    /// Print the Cranelift IR of every function (stderr) before running.
    #[arg(long = "print-clif")]
    print_clif: bool,
    /// Optimization level: -O0 (no loop optimizations, Cranelift's `none`) or -O2 (the loop
    /// optimizations of crates/optimize and Cranelift's `speed`; the default).
    #[arg(short = 'O', value_name = "LEVEL", num_args = 0..=1, default_missing_value = "2")]
    level: Option<String>,
    /// Accept ops of dialects that are not registered (upstream's -allow-unregistered-dialect).
    #[arg(long = "allow-unregistered-dialect")]
    allow_unregistered: bool,
    /// Only `cranelift` is built in.
    #[arg(long, default_value = "cranelift")]
    backend: String,
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprint!("{msg}");
            ExitCode::FAILURE
        }
    }
}

/// Every failure comes back as the text to print on stderr.
fn run(cli: Cli) -> Result<(), String> {
    if cli.backend != "cranelift" {
        return Err(format!("error: backend '{}' is not available in this build\n", cli.backend));
    }
    let opt = match cli.level.as_deref() {
        None | Some("2") | Some("3") => OptLevel::Speed,
        Some("0") => OptLevel::None,
        Some(l) => return Err(format!("error: unknown optimization level '-O{l}' (use -O0 or -O2)\n")),
    };
    let (name, text) = read_input(&cli.input).map_err(|e| format!("error: {e}\n"))?;
    let mut ctx = Context::new();
    ctx.allow_unregistered = cli.allow_unregistered;
    flowgate_registry::register_all_dialects(&mut ctx);
    let lowered = load_and_lower(&mut ctx, &name, &text, &flowgate_registry::all_passes(), opt, cli.print_pipeline)?;
    let (module, sm) = (lowered.module, &lowered.sources);
    if cli.print_clif {
        eprint!("{}", flowgate_codegen_cranelift::jit::clif(&ctx, module).map_err(|e| render(sm, &ctx, e))?);
    }
    let out = jit::run(&ctx, module, &cli.entry, opt).map_err(|e| render(sm, &ctx, e))?;
    for v in &out.values {
        println!("{v}");
    }
    if cli.time {
        eprintln!("lowering passes: {:.3} ms", lowered.pipeline_time.as_secs_f64() * 1e3);
        eprintln!("compile: {:.3} ms", out.compile_time.as_secs_f64() * 1e3);
        for (f, t) in &out.function_times {
            eprintln!("  {f}: {:.3} ms", t.as_secs_f64() * 1e3);
        }
        eprintln!("run: {:.3} ms", out.run_time.as_secs_f64() * 1e3);
    }
    Ok(())
}

fn render(sm: &SourceMgr, ctx: &Context, e: CodegenError) -> String {
    match e {
        CodegenError::Unsupported(d) => sm.render(ctx, &d),
        other => format!("error: {other}\n"),
    }
}

fn read_input(path: &str) -> anyhow::Result<(String, String)> {
    if path == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s)?;
        return Ok(("<stdin>".to_string(), s));
    }
    let bytes = std::fs::read(path).map_err(|e| anyhow::anyhow!("could not open input file '{path}': {e}"))?;
    let s = String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("input file '{path}' is not valid UTF-8"))?;
    Ok((path.to_string(), s))
}
