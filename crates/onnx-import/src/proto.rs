//! Prost types generated at build time from the vendored `proto/onnx.proto` (onnx 1.23.2).
#![allow(clippy::all, missing_docs)]

include!(concat!(env!("OUT_DIR"), "/onnx.rs"));
