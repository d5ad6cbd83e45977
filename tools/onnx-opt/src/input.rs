//! Reading input: splitting a buffer into `// -----` chunks, and turning a file into a module.
//! `.onnx` files go through [`import_onnx`], the extension point for the ONNX importer.

use flowgate_ir::asm::{parse_source, ParserConfig};
use flowgate_ir::{Context, Diagnostic, OpId};

/// One piece of a split input: its text and the number of lines before it in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    pub text: String,
    pub line_offset: u32,
}

/// Split `text` at every occurrence of `marker`, as upstream's `splitAndProcessBuffer` does
/// (even in the middle of a line: `"J// -----` ends a chunk). Markers belong to no chunk;
/// chunks keep their position in the file through `line_offset`, the number of newlines
/// before them (text after a marker continues the marker's line).
pub fn split_chunks(text: &str, marker: &str) -> Vec<Chunk> {
    let mut chunks = Vec::new();
    let mut start = 0usize;
    let mut line_offset = 0u32;
    for (idx, _) in text.match_indices(marker) {
        let piece = &text[start..idx];
        chunks.push(Chunk { text: piece.to_string(), line_offset });
        line_offset = line_offset.saturating_add(piece.matches('\n').count() as u32);
        start = idx + marker.len();
    }
    chunks.push(Chunk { text: text[start..].to_string(), line_offset });
    chunks
}

/// Files whose content is not textual IR: `.onnx` files, and binary ONNX models whatever their
/// name (standard input is always text).
pub fn is_binary_input(path: &str, bytes: &[u8]) -> bool {
    path.ends_with(".onnx") || (path != "<stdin>" && flowgate_onnx_import::is_binary_model(bytes))
}

/// Turn an input file into a top-level module: `.onnx` files are imported, anything else is
/// parsed as textual IR (`text`, whose first line is line `line_offset + 1` of `path`).
pub fn load_module(
    ctx: &mut Context,
    path: &str,
    bytes: &[u8],
    text: &str,
    line_offset: u32,
) -> Result<OpId, Diagnostic> {
    if is_binary_input(path, bytes) {
        return import_onnx(ctx, path, bytes);
    }
    parse_source(ctx, path, text, ParserConfig { line_offset })
}

/// The ONNX importer's entry point: `.onnx` to a `builtin.module` of the onnx dialect. ONNX
/// diagnostics are located by file, graph path and node, which a name location carries.
pub fn import_onnx(ctx: &mut Context, path: &str, _bytes: &[u8]) -> Result<OpId, Diagnostic> {
    let diags = match flowgate_onnx_import::to_ir::import_file_to_module(ctx, std::path::Path::new(path)) {
        Ok(m) => return Ok(m),
        Err(d) => d,
    };
    let mut errors = diags.into_iter().filter(|d| d.severity == flowgate_ir::Severity::Error);
    let Some(first) = errors.next() else {
        let loc = ctx.file_loc(path, 0, 0);
        return Err(Diagnostic::error(loc, "the ONNX model could not be imported"));
    };
    let (loc, msg) = onnx_diagnostic(ctx, &first.location, &first.message);
    let mut d = Diagnostic::error(loc, msg);
    for e in errors {
        let (l, m) = onnx_diagnostic(ctx, &e.location, &e.message);
        d = d.with_note(l, m);
    }
    Err(d)
}

/// ONNX diagnostics are located by `file: graph path: node`; the file becomes the location
/// (the model has no lines) and the graph path and node lead the message.
fn onnx_diagnostic(ctx: &mut Context, location: &str, message: &str) -> (flowgate_ir::Location, String) {
    match location.split_once(": ") {
        Some((file, rest)) => (ctx.file_loc(file, 0, 0), format!("{rest}: {message}")),
        None => (ctx.file_loc(location, 0, 0), message.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_keeps_line_offsets() {
        let c = split_chunks("a\n// -----\nb\nc\n// -----  \nd", "// -----");
        assert_eq!(c.len(), 3);
        assert_eq!(c[0], Chunk { text: "a\n".into(), line_offset: 0 });
        assert_eq!(c[1], Chunk { text: "\nb\nc\n".into(), line_offset: 1 });
        assert_eq!(c[2], Chunk { text: "  \nd".into(), line_offset: 4 });
    }

    #[test]
    fn marker_splits_anywhere_on_a_line() {
        // As mlir-opt: `"J// -----` ends a chunk in the middle of a string literal.
        let c = split_chunks("x // -----y\nz\n", "// -----");
        assert_eq!(c.len(), 2);
        assert_eq!(c[1], Chunk { text: "y\nz\n".into(), line_offset: 0 });
    }
}
