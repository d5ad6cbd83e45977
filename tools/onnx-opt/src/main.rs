//! onnx-opt: parse, verify, transform and print IR. The work happens in the library
//! ([`onnx_opt::run_opt`]); this only connects it to the process.

use std::io::{Read as _, Write as _};

/// The stack of the thread that does the work. Parsing, verifying, printing and the passes
/// recurse once per nesting level; the parser stops at `flowgate_ir::asm::NESTING_LIMIT`
/// levels, and this is room enough for that depth even in a debug build (the main thread's
/// 8 MiB is not). Only the pages used are ever touched.
const WORK_STACK_BYTES: usize = 256 << 20;

fn main() -> std::process::ExitCode {
    let worker = std::thread::Builder::new().name("onnx-opt".into()).stack_size(WORK_STACK_BYTES).spawn(run);
    match worker.map(|h| h.join()) {
        Ok(Ok(code)) => code,
        Ok(Err(_)) => std::process::ExitCode::FAILURE,
        Err(e) => {
            eprintln!("onnx-opt: cannot start the worker thread: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> std::process::ExitCode {
    // OsStrings: a file name or any other argument may not be UTF-8 (std::env::args panics).
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    // Standard input is only read when the input is `-` (the default).
    let wants_stdin = onnx_opt::parse_args(&args, &flowgate_registry::all_passes())
        .is_ok_and(|o| o.input == "-" && !o.help && !o.list_passes && !o.version);
    let mut stdin = Vec::new();
    if wants_stdin {
        if let Err(e) = std::io::stdin().read_to_end(&mut stdin) {
            eprintln!("onnx-opt: cannot read standard input: {e}");
            return std::process::ExitCode::FAILURE;
        }
    }
    let out = onnx_opt::run_opt(&args, &stdin);
    // Diagnostics and IR dumps first: upstream emits them while running, before the output.
    let _ = std::io::stderr().write_all(out.stderr.as_bytes());
    // A full disk or a closed pipe must not pass silently: flush, and report what failed.
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_all(&out.stdout).and_then(|()| stdout.flush()) {
        eprintln!("error: cannot write output: {e}");
        return std::process::ExitCode::FAILURE;
    }
    if out.status == 0 {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    }
}
