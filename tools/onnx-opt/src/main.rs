//! onnx-opt: parse, verify, transform and print IR. The work happens in the library
//! ([`onnx_opt::run_opt`]); this only connects it to the process.

use std::io::{Read as _, Write as _};

fn main() -> std::process::ExitCode {
    // OsStrings: a file name or any other argument may not be UTF-8 (std::env::args panics).
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    // Standard input is only read when the input is `-` (the default).
    let wants_stdin = onnx_opt::parse_args(&args, &flowgate_registry::all_passes())
        .is_ok_and(|o| o.input == "-" && !o.help && !o.list_passes);
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
