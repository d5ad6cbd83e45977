//! The driver library behind `onnx-run` (and, to come, `onnx-compile`'s model path, the AOT
//! entry and the Python package): import an ONNX model, lower and JIT-compile it with the chosen
//! backend, read inputs (`.pb`, `.npy`), call the model on a thread with a watched stack, write
//! outputs, and run ONNX backend-suite data sets within a tolerance.

pub mod aot;
pub mod backend;
pub mod cache;
pub mod data;
pub mod model;
pub mod npy;
pub mod output_shapes;
pub mod outputs;
pub mod report;
pub mod signature;
pub mod specialize;
pub mod stack_guard;
pub mod suite;
pub mod tolerance;
