//! onnx-translate: ONNX model to the onnx dialect, printed as MLIR text.
//!
//! `onnx-translate --import-onnx model.onnx [-o out.mlir]` reads a binary (or, by its name or
//! content, a textual) model; `--import-onnx-text model.onnxtxt` always reads the text syntax.
//! Diagnostics go to stderr one per line (`model.onnx: graph g: node 'n' (Op): error: ...`);
//! any error exits with status 1, a usage error (a bad flag, no input) with status 2.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser as _;
use flowgate_ir::asm::{print_op, PrintFlags};
use flowgate_ir::Context;
use flowgate_onnx_import::{import_file, import_text_file};

#[derive(clap::Parser)]
#[command(
    name = "onnx-translate",
    version = flowgate_version::VERSION,
    about = "Translate ONNX models into Flowgate's onnx dialect",
    // Exactly one input: clap then reports a missing or second one as a usage error.
    group(clap::ArgGroup::new("model").required(true).args(["import_onnx", "import_onnx_text"])),
)]
struct Cli {
    /// Import a model file (binary protobuf; text syntax is detected by name or content).
    #[arg(long = "import-onnx", value_name = "FILE")]
    import_onnx: Option<PathBuf>,
    /// Import a model written in the ONNX text syntax.
    #[arg(long = "import-onnx-text", value_name = "FILE")]
    import_onnx_text: Option<PathBuf>,
    /// Output file (`-` for standard output).
    #[arg(short = 'o', default_value = "-")]
    output: PathBuf,
    #[arg(long = "mlir-print-op-generic")]
    generic: bool,
    #[arg(long = "mlir-print-debuginfo")]
    debuginfo: bool,
    /// Print locations inline instead of as `#loc` aliases.
    #[arg(long = "mlir-print-local-scope")]
    local_scope: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut ctx = Context::new();
    flowgate_registry::register_all_dialects(&mut ctx);
    let result = match (&cli.import_onnx, &cli.import_onnx_text) {
        (Some(p), _) => import_file(&mut ctx, p),
        (None, Some(p)) => import_text_file(&mut ctx, p),
        // The group `model` requires one; should clap ever let neither through, say it as clap would.
        (None, None) => <Cli as clap::CommandFactory>::command()
            .error(
                clap::error::ErrorKind::MissingRequiredArgument,
                "give --import-onnx FILE or --import-onnx-text FILE",
            )
            .exit(),
    };
    let imported = match result {
        Ok(m) => m,
        Err(diags) => {
            for d in diags {
                eprintln!("{d}");
            }
            return ExitCode::FAILURE;
        }
    };
    for w in &imported.warnings {
        eprintln!("{w}");
    }
    let text = print_op(
        &ctx,
        imported.module,
        PrintFlags { generic: cli.generic, debuginfo: cli.debuginfo, local_scope: cli.local_scope },
    );
    // Flush standard output here: a write error left to the exit would pass silently.
    let written = if cli.output.as_os_str() == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes()).and_then(|()| out.flush())
    } else {
        std::fs::write(&cli.output, text)
            .map_err(|e| std::io::Error::new(e.kind(), format!("'{}': {e}", cli.output.display())))
    };
    if let Err(e) = written {
        eprintln!("error: cannot write output: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
