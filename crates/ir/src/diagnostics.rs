//! Diagnostics in MLIR's style: `file:line:col: error: message`, the source line with a caret,
//! then notes.

use crate::{Context, Location, OpId};
use std::fmt::Write as _;

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Note,
    Remark,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Remark => "remark",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub loc: Location,
    pub message: String,
    /// `Note` for an attached note; `Error` for a further error reported together with the
    /// first (upstream emits some parse failures as two errors).
    pub severity: Severity,
}

/// One diagnostic with its notes. Library code returns these; tools render them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Diagnostic {
    pub severity: Severity,
    pub loc: Location,
    pub message: String,
    pub notes: Vec<Note>,
}

impl Diagnostic {
    pub fn error(loc: Location, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Error, loc, message: message.into(), notes: Vec::new() }
    }

    pub fn warning(loc: Location, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Warning, loc, message: message.into(), notes: Vec::new() }
    }

    pub fn remark(loc: Location, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Remark, loc, message: message.into(), notes: Vec::new() }
    }

    pub fn with_note(mut self, loc: Location, message: impl Into<String>) -> Self {
        self.notes.push(Note { loc, message: message.into(), severity: Severity::Note });
        self
    }

    /// A second error that follows this one, rendered and checked like any other error.
    pub fn with_error(mut self, loc: Location, message: impl Into<String>) -> Self {
        self.notes.push(Note { loc, message: message.into(), severity: Severity::Error });
        self
    }

    /// An error about `op`, prefixed as upstream does: `'arith.addi' op <message>`.
    pub fn op_error(ctx: &Context, op: OpId, message: impl std::fmt::Display) -> Self {
        Diagnostic::error(ctx.op_loc(op), format!("'{}' op {}", ctx.op_name(op), message))
    }
}

/// Source buffers by file name, so diagnostics can show the offending line.
#[derive(Default)]
pub struct SourceMgr {
    files: Vec<(String, String)>,
}

impl SourceMgr {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn add(&mut self, name: &str, text: &str) {
        self.files.retain(|(n, _)| n != name);
        self.files.push((name.to_string(), text.to_string()));
    }

    pub fn source(&self, name: &str) -> Option<&str> {
        self.files.iter().find(|(n, _)| n == name).map(|(_, t)| t.as_str())
    }

    /// Render a diagnostic as upstream's mlir-opt prints it.
    pub fn render(&self, ctx: &Context, d: &Diagnostic) -> String {
        let mut out = String::new();
        self.render_one(ctx, &mut out, d.loc, d.severity, &d.message);
        for n in &d.notes {
            self.render_one(ctx, &mut out, n.loc, n.severity, &n.message);
        }
        out
    }

    fn render_one(&self, ctx: &Context, out: &mut String, loc: Location, sev: Severity, msg: &str) {
        match ctx.file_line_col(loc) {
            Some((file, line, col)) => {
                let _ = writeln!(out, "{file}:{line}:{col}: {}: {msg}", sev.as_str());
                if let Some(text) = self.source(file).and_then(|s| s.lines().nth(line.saturating_sub(1) as usize)) {
                    let _ = writeln!(out, "{text}");
                    let pad: String = text
                        .chars()
                        .take(col.saturating_sub(1) as usize)
                        .map(|c| if c == '\t' { '\t' } else { ' ' })
                        .collect();
                    let _ = writeln!(out, "{pad}^");
                }
            }
            None => {
                // Upstream's SourceMgrDiagnosticHandler: without a file position the message
                // goes to `<unknown>:0`, prefixed by the printed location unless it is unknown.
                let mut prefix = String::new();
                if !matches!(ctx.loc_kind(loc), crate::location::LocKind::Unknown) {
                    prefix.push_str("loc(");
                    crate::asm::printer::write_loc(ctx, &mut prefix, loc);
                    prefix.push_str("): ");
                }
                let _ = writeln!(out, "<unknown>:0: {}: {prefix}{msg}", sev.as_str());
            }
        }
    }
}

/// A readable prefix for a location without a file position (`loc("node")` from ONNX).
pub fn describe_loc(ctx: &Context, loc: Location) -> String {
    use crate::location::LocKind;
    match ctx.loc_kind(loc) {
        LocKind::Unknown => String::new(),
        LocKind::Name { name, child } => {
            let inner = child.map(|c| describe_loc(ctx, c)).unwrap_or_default();
            if inner.is_empty() {
                ctx.str(*name).to_string()
            } else {
                format!("{inner}: {}", ctx.str(*name))
            }
        }
        LocKind::FileLineCol { file, line, col } | LocKind::FileLineColRange { file, line, col, .. } => {
            format!("{}:{line}:{col}", ctx.str(*file))
        }
        LocKind::Fused { locs, .. } => locs.first().map(|l| describe_loc(ctx, *l)).unwrap_or_default(),
        LocKind::CallSite { callee, .. } => describe_loc(ctx, *callee),
    }
}
