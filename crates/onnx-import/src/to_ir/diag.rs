//! Import diagnostics: one line each, `model.onnx: graph main/loop_0/body: node 'add_3' (Add):
//! error: ...`, the format of the model checker, for errors and warnings alike.

use std::fmt;

use flowgate_ir::Severity;

use crate::check::{self, Scope};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportDiagnostic {
    pub severity: Severity,
    /// Everything before the severity: the file, then the graph path and node when known.
    pub location: String,
    pub message: String,
}

impl fmt::Display for ImportDiagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}: {}", self.location, self.severity.as_str(), self.message)
    }
}

impl std::error::Error for ImportDiagnostic {}

/// `file: graph PATH: node 'LABEL' (OP)` with the parts that are known.
pub fn location(file: &str, graph: Option<&str>, node: Option<(&str, &str)>) -> String {
    let mut s = file.to_string();
    if let Some(g) = graph {
        s.push_str(&format!(": graph {g}"));
    }
    if let Some((label, op)) = node {
        s.push_str(&format!(": node '{label}' ({op})"));
    }
    s
}

impl ImportDiagnostic {
    pub fn error(location: String, message: impl Into<String>) -> Self {
        ImportDiagnostic { severity: Severity::Error, location, message: message.into() }
    }

    pub fn warning(location: String, message: impl Into<String>) -> Self {
        ImportDiagnostic { severity: Severity::Warning, location, message: message.into() }
    }

    /// A model-checker finding.
    pub fn from_check(d: &check::Diagnostic) -> Self {
        let mut loc = d.file.clone();
        match &d.scope {
            Scope::Model => {}
            Scope::Graph(p) => loc.push_str(&format!(": graph {p}")),
            Scope::Function(p) => loc.push_str(&format!(": function {p}")),
        }
        if let Some(n) = &d.node {
            loc.push_str(&format!(": node '{}' ({})", n.label, n.op_type));
        }
        ImportDiagnostic::error(loc, d.message.clone())
    }

    /// A loading failure (unreadable, empty, truncated or not ONNX): its text is already
    /// `file: error: message`, or `file:line:col: error: message` for the text syntax.
    pub fn from_load(e: &crate::ImportError) -> Vec<Self> {
        if let crate::ImportError::Check(d) = e {
            return d.iter().map(Self::from_check).collect();
        }
        let text = e.to_string().replace('\n', " ");
        let diag = match text.split_once(": error: ") {
            Some((loc, msg)) => ImportDiagnostic::error(loc.to_string(), msg),
            None => ImportDiagnostic::error(String::new(), text),
        };
        vec![diag]
    }
}
