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

/// Split `text` on lines that consist of `marker` (trailing whitespace allowed). Marker lines
/// belong to no chunk; chunks keep their position in the file through `line_offset`.
pub fn split_chunks(text: &str, marker: &str) -> Vec<Chunk> {
    let mut chunks = Vec::new();
    let mut cur = String::new();
    let mut start_line = 0u32;
    let mut line_no = 0u32;
    for line in text.split_inclusive('\n') {
        line_no += 1;
        let content = line.trim_end_matches(['\n', '\r']);
        if content.starts_with(marker) && content[marker.len()..].trim().is_empty() {
            chunks.push(Chunk { text: std::mem::take(&mut cur), line_offset: start_line });
            start_line = line_no;
            continue;
        }
        cur.push_str(line);
    }
    chunks.push(Chunk { text: cur, line_offset: start_line });
    chunks
}

/// Files whose content is not textual IR.
pub fn is_binary_input(path: &str) -> bool {
    path.ends_with(".onnx")
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
    if is_binary_input(path) {
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
        assert_eq!(c[1], Chunk { text: "b\nc\n".into(), line_offset: 2 });
        assert_eq!(c[2], Chunk { text: "d".into(), line_offset: 5 });
    }

    #[test]
    fn marker_must_start_the_line() {
        assert_eq!(split_chunks("x // -----\n", "// -----").len(), 1);
        assert_eq!(split_chunks("// -----x\n", "// -----").len(), 1);
    }
}
