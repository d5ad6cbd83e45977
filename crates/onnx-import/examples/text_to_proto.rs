//! Reads ONNX text on stdin and writes the binary `ModelProto` on stdout, or the error on
//! stderr with exit status 1. Used by `tests/differential.py` to compare the reader with
//! `onnx.parser` on many generated inputs.

use std::io::{Read, Write};
use std::process::ExitCode;

use prost::Message;

fn main() -> ExitCode {
    let mut src = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut src) {
        eprintln!("<stdin>: error: {e}");
        return ExitCode::FAILURE;
    }
    match flowgate_onnx_import::parse_model_text(&src, "<stdin>") {
        Ok(model) => {
            let bytes = model.encode_to_vec();
            if std::io::stdout().write_all(&bytes).is_err() {
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
