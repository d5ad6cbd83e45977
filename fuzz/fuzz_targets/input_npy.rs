//! The `.npy` reader of `--input` (flowgate-driver's `npy_tensor`): arbitrary bytes give a
//! tensor or a one-line error, never a panic, an overflow or an allocation the file does not
//! back; a tensor has as many elements as its shape says.
#![no_main]

use flowgate_driver::npy::npy_tensor;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match npy_tensor(data) {
        Ok(t) => assert_eq!(t.len(), t.shape().iter().product::<usize>()),
        Err(e) => {
            let msg = e.to_string();
            assert!(!msg.is_empty() && !msg.contains('\n'), "errors are one line: {msg:?}");
        }
    }
});
