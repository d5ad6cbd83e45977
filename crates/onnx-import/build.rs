//! Generates the prost types for `proto/onnx.proto` and `proto/onnx-data.proto` (the
//! `SequenceProto`/`OptionalProto` of test data; its import was pointed at `onnx.proto`).
//!
//! `protox` compiles the schema in pure Rust, so a fresh machine needs no `protoc`.

use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let proto_dir = PathBuf::from("proto");
    let files = [proto_dir.join("onnx.proto"), proto_dir.join("onnx-data.proto")];
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
    }
    let descriptors = protox::compile(&files, [&proto_dir])?;
    prost_build::Config::new().compile_fds(descriptors)?;
    Ok(())
}
