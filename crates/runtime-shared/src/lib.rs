//! `libflowgate_runtime.so`: every `#[no_mangle]` export of `flowgate-runtime` (the
//! `flowgate_rt_*` functions compiled models call and the C API of `include/flowgate.h`), and
//! nothing else, as a shared library. Linking the rlib is all it takes: a cdylib exports the C
//! symbols of the crates it links.

pub use flowgate_runtime;
