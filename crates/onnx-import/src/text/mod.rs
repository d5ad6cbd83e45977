//! Reader for ONNX's textual syntax (the language of `onnx.parser` / `onnx.printer`).
//!
//! It builds the same prost `ModelProto` as the binary decoder, so everything downstream has a
//! single input type. The grammar and the proto it yields follow onnx 1.23.2's C++ parser,
//! including which optional fields end up present (e.g. every node gets a `domain`, possibly
//! empty), so that a model printed by `onnx.printer.to_text` reads back into the very proto that
//! `onnx.parser.parse_model` builds. Deliberate differences: lists of tensors, graphs or types
//! in attributes are kept (the reference parser drops their elements), a list that mixes
//! integers and floats without a type annotation is an error, and nesting is bounded so that
//! hostile input cannot exhaust the stack.

mod attr;
mod cursor;
mod graph;
mod literal;
mod tensor;
mod types;

use std::fmt;

use crate::proto::{GraphProto, ModelProto};

/// A syntax error, rendered as `file:line:col: error: message` (line and column 1-based,
/// column counted in characters).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct TextError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: error: {}", self.file, self.line, self.col, self.message)
    }
}

/// Deepest nesting of graphs and types accepted. Real models nest a handful of levels; the bound
/// keeps the recursive descent (and later recursive passes over the proto) off the stack limit.
pub const MAX_NESTING: u32 = 32;

/// Parses a whole model: optional `<key: value, ...>` header, the main graph, then functions.
pub fn parse_model_text(src: &str, file: &str) -> Result<ModelProto, TextError> {
    let mut p = cursor::Parser::new(src, file);
    p.model()
}

/// Parses a single graph (`name (inputs) => (outputs) { nodes }`), as `onnx.parser.parse_graph`.
pub fn parse_graph_text(src: &str, file: &str) -> Result<GraphProto, TextError> {
    let mut p = cursor::Parser::new(src, file);
    let g = p.graph()?;
    p.expect_end()?;
    Ok(g)
}
