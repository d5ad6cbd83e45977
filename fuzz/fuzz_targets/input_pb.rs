//! The `.pb` reader of `--input` and `--test-data` (flowgate-driver's `decode_value`): the first
//! byte picks the kind the input declares (TensorProto, SequenceProto of float, OptionalProto of
//! a tensor), the rest is the file. A value or a one-line error, never a panic.
#![no_main]

use flowgate_driver::data::{decode_value, Kind};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, bytes)) = data.split_first() else { return };
    let kind = match mode % 3 {
        0 => Kind::Tensor,
        1 => Kind::Sequence(Some(1)),
        _ => Kind::Optional(Box::new(Kind::Tensor)),
    };
    if let Err(e) = decode_value(bytes, &kind) {
        let msg = e.to_string();
        assert!(!msg.is_empty() && !msg.contains('\n'), "errors are one line: {msg:?}");
    }
});
