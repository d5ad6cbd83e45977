//! onnx-opt: parse, verify, transform and print IR.

use clap::Parser as _;
use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};
use flowgate_ir::{Context, SourceMgr};
use std::io::Read as _;

#[derive(clap::Parser)]
#[command(name = "onnx-opt", about = "Flowgate's pass driver, in the style of mlir-opt")]
struct Cli {
    /// Input file, or `-` for standard input.
    #[arg(default_value = "-")]
    input: String,
    /// Output file.
    #[arg(short = 'o', default_value = "-")]
    output: String,
    #[arg(long = "mlir-print-op-generic")]
    generic: bool,
    #[arg(long = "mlir-print-debuginfo")]
    debuginfo: bool,
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let (name, text) = match read_input(&cli.input) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("error: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let mut ctx = Context::new();
    flowgate_registry::register_all_dialects(&mut ctx);
    let mut sm = SourceMgr::new();
    sm.add(&name, &text);
    let module = match parse_source(&mut ctx, &name, &text, ParserConfig::default()) {
        Ok(m) => m,
        Err(d) => {
            eprint!("{}", sm.render(&ctx, &d));
            return std::process::ExitCode::FAILURE;
        }
    };
    if let Err(d) = flowgate_ir::verify::verify(&ctx, module) {
        eprint!("{}", sm.render(&ctx, &d));
        return std::process::ExitCode::FAILURE;
    }
    let out = print_op(&ctx, module, PrintFlags { generic: cli.generic, debuginfo: cli.debuginfo });
    let res = if cli.output == "-" {
        std::io::Write::write_all(&mut std::io::stdout(), out.as_bytes())
    } else {
        std::fs::write(&cli.output, out)
    };
    if let Err(e) = res {
        eprintln!("error: cannot write output: {e}");
        return std::process::ExitCode::FAILURE;
    }
    std::process::ExitCode::SUCCESS
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
