//! Arbitrary bytes through the binary decoder and the checker: errors are fine, panics are not.
#![no_main]

use flowgate_onnx_import::{check_model, decode_model_named};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match decode_model_named(data, "fuzz.onnx") {
        Ok(model) => {
            if let Err(diags) = check_model(&model, "fuzz.onnx") {
                // Rendering is part of the contract: every diagnostic is one line.
                for d in diags.iter() {
                    assert!(!d.to_string().contains('\n'));
                }
            }
        }
        Err(e) => {
            assert!(
                !e.to_string().contains('\n'),
                "decode errors are one line: {e}"
            );
        }
    }
});
