//! The model checker: ONNX scoping and the control-flow contracts, reported as diagnostics that
//! name the file, graph path and node.
//!
//! All violations are collected (not just the first), in the order a reader meets them: model
//! level first, then each graph top-down, a node's own rules before those of its subgraphs.

mod control_flow;
mod diagnostic;
mod opset;
mod scope;
mod types;
mod walker;

pub use diagnostic::{Diagnostic, Diagnostics, NodeRef, Rule, Scope};
pub use opset::SUPPORTED_OPSETS;

use crate::proto::ModelProto;

/// Checks `model`; `file` names it in diagnostics. `Err` holds every violation found.
pub fn check_model(model: &ModelProto, file: &str) -> Result<(), Diagnostics> {
    let diags = diagnose_model(model, file);
    if diags.is_empty() {
        Ok(())
    } else {
        Err(Diagnostics(diags))
    }
}

/// Every violation in `model`, in reading order; empty when the model is valid.
pub fn diagnose_model(model: &ModelProto, file: &str) -> Vec<Diagnostic> {
    let (imports, problems) = opset::read_imports(&model.opset_import);
    let mut w = walker::Walker {
        file,
        diags: Vec::new(),
        contracts: !problems.iter().any(|(r, _)| *r == Rule::UnsupportedOpset),
    };
    for (rule, message) in problems {
        w.diags.push(Diagnostic { file: file.to_string(), scope: Scope::Model, node: None, rule, message });
    }
    match &model.graph {
        Some(g) => w.main_graph(g, &imports),
        None => w.diags.push(Diagnostic {
            file: file.to_string(),
            scope: Scope::Model,
            node: None,
            rule: Rule::MissingGraph,
            message: "the model has no graph".to_string(),
        }),
    }
    for f in &model.functions {
        w.function(f, &imports);
    }
    w.diags
}
