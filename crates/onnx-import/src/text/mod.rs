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
        write!(
            f,
            "{}:{}:{}: error: {}",
            crate::util::one_line(&self.file),
            self.line,
            self.col,
            crate::util::one_line(&self.message)
        )
    }
}

/// Deepest nesting of graphs and types accepted. Real models nest a handful of levels; the bound
/// keeps the recursive descent (and later recursive passes over the proto) off the stack limit,
/// and keeps every parsed model within prost's decoding recursion limit (100 messages), so what
/// the reader builds always survives a binary round trip.
pub const MAX_NESTING: u32 = 24;

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

#[cfg(test)]
mod tests {
    use super::*;
    use prost::Message;

    const LEAF: &str = "e () => (float o) { o = Foo () }";

    /// `graphs` nested If levels, the innermost output typed with `types` nested `seq(...)`.
    fn nested_model(graphs: u32, types: u32) -> String {
        let ty = format!("{}float[N]{}", "seq(".repeat(types as usize), ")".repeat(types as usize));
        let mut body = format!("g{graphs} () => ({ty} o) {{ o = Foo () }}");
        for level in (0..graphs).rev() {
            let inner = body;
            body = if level == 0 {
                format!("main (bool c) => (float o) {{ o = If (c) <then_branch = {inner}, else_branch = {LEAF}> }}")
            } else {
                format!("g{level} () => (float o) {{ o = If (c) <then_branch = {inner}, else_branch = {LEAF}> }}")
            };
        }
        format!("<ir_version: 8, opset_import: [\"\" : 17]> {body}")
    }

    #[test]
    fn deepest_accepted_nesting_survives_a_binary_round_trip() {
        for graphs in 1..MAX_NESTING - 1 {
            // The main graph, the nested graphs, the `seq` levels and the innermost tensor type
            // share the bound.
            let types = MAX_NESTING - graphs - 2;
            let src = nested_model(graphs, types);
            let model = parse_model_text(&src, "deep.txt").unwrap_or_else(|e| panic!("{graphs}/{types}: {e}"));
            let bytes = model.encode_to_vec();
            let again = ModelProto::decode(bytes.as_slice()).unwrap_or_else(|e| panic!("{graphs}/{types}: {e}"));
            assert_eq!(again, model);
        }
        let e = parse_model_text(&nested_model(MAX_NESTING, 1), "deep.txt").unwrap_err();
        assert!(e.message.contains("nested more than"), "{e}");
    }
}
