//! The error type of loading a model: every failure renders as one line that starts with the file.

use std::fmt;

use crate::check::Diagnostics;
use crate::text::TextError;

/// Why a model could not be loaded, decoded or accepted.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The file (or an external-data file) could not be read.
    #[error("{file}: error: cannot read file: {source}")]
    Io {
        file: String,
        #[source]
        source: std::io::Error,
    },
    /// The bytes are not a well-formed protobuf `ModelProto` (truncated or corrupt).
    #[error("{file}: error: not an ONNX model: malformed protobuf ({reason})")]
    Decode { file: String, reason: String },
    /// The protobuf decoder's nesting limit (100 nested messages; each If/Loop/Scan body takes
    /// three: the attribute, its graph, the node) was hit: a model with more than about 31
    /// nested subgraphs, not a corrupt file.
    #[error(
        "{file}: error: the model nests subgraphs too deeply: the protobuf decoder's nesting limit \
         (100 nested messages) was hit {depth} If/Loop/Scan bodies down, in {innermost}"
    )]
    NestingLimit { file: String, depth: usize, innermost: String },
    /// The bytes decoded, but what they hold is not an ONNX model.
    #[error("{file}: error: not an ONNX model: {reason}")]
    NotAModel { file: String, reason: String },
    /// A tensor's external data could not be resolved.
    #[error("{file}: error: external data of tensor '{tensor}': {reason}")]
    ExternalData { file: String, tensor: String, reason: String },
    /// The textual syntax could not be parsed.
    #[error(transparent)]
    Text(#[from] TextError),
    /// The model decoded but breaks ONNX contracts.
    #[error(transparent)]
    Check(#[from] Diagnostics),
}

/// Renders `err` on one line: messages may quote names from the input, which can hold
/// newlines.
pub(crate) fn one_line(err: &dyn fmt::Display) -> String {
    crate::util::one_line(&err.to_string()).into_owned()
}
