//! Arbitrary text through the textual-syntax reader, then the checker and a binary round trip.
#![no_main]

use flowgate_onnx_import::proto::ModelProto;
use flowgate_onnx_import::{check_model, parse_model_text};
use libfuzzer_sys::fuzz_target;
use prost::Message;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    match parse_model_text(src, "fuzz.txt") {
        Ok(model) => {
            let _ = check_model(&model, "fuzz.txt");
            // What the reader builds must survive the binary path too (nesting is bounded so
            // prost's decoder recursion limit is never hit by parsed text).
            let bytes = model.encode_to_vec();
            let again = ModelProto::decode(bytes.as_slice()).expect("parsed text round-trips");
            assert_eq!(again.encode_to_vec(), bytes);
        }
        Err(e) => {
            assert!(e.line >= 1 && e.col >= 1);
            assert!(!e.to_string().contains('\n'), "errors are one line: {e}");
        }
    }
});
