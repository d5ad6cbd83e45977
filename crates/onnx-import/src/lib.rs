//! ONNX front end of Flowgate: decoding, the textual syntax, and contract checks.
//!
//! Every input form ends as the same prost [`ModelProto`], generated at build time from the
//! vendored `proto/onnx.proto` of onnx 1.23.2:
//! - [`decode_model`] reads the binary protobuf and validates what protobuf cannot;
//! - [`parse_model_text`] reads the textual syntax of `onnx.parser` / `onnx.printer`;
//! - [`load_model`] reads a file of either form and resolves external tensor data;
//! - [`check_model`] enforces ONNX scoping and the `If` / `Loop` / `Scan` contracts;
//! - [`to_ir`] imports a checked model into the onnx dialect ([`import_file_to_module`]).

pub mod check;
mod decode;
mod error;
mod external;
mod load;
pub mod proto;
pub mod text;
pub mod to_ir;
mod util;
pub mod walk;

pub use check::{check_model, default_opset, diagnose_model, Diagnostic, Diagnostics, Rule};
pub use decode::{decode_model, decode_model_named, is_binary_model, MAX_IR_VERSION};
pub use error::ImportError;
pub use external::resolve_external_data;
pub use load::{import_model, load_model, load_model_and_bytes, load_model_bytes, ModelFormat};
pub use proto::ModelProto;
pub use text::{parse_graph_text, parse_model_text, TextError};
pub use to_ir::{
    import_file, import_file_to_module, import_model_to_ir, import_text_file, ImportDiagnostic, ImportedModule,
};
