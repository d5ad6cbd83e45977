//! Structured diagnostics of the model checker.
//!
//! One line each: `model.onnx: graph main/loop_0/body: node 'add_3' (Add): error: <rule>`.
//! The graph path is the top graph's name, then for every nesting level the name of the node
//! holding the subgraph (or `OpType#index` when it has none) and the attribute name.

use std::fmt;

/// The contract a diagnostic reports, so tools and tests can match on it rather than on text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rule {
    /// The default-domain opset is outside the supported range.
    UnsupportedOpset,
    /// A domain is imported twice.
    DuplicateOpset,
    /// A node uses a domain the model (or function) does not import.
    UnknownDomain,
    /// A node has no `op_type`.
    MissingOpType,
    /// A node input names nothing in scope.
    UndefinedName,
    /// A node input names a value produced only by a later node.
    UsedBeforeDefinition,
    /// A name is defined twice in one graph.
    DuplicateDefinition,
    /// A graph input, output or initializer has an empty name.
    EmptyName,
    /// A graph output names nothing in scope.
    UndefinedGraphOutput,
    /// A control-flow node lacks its subgraph attribute, or it is not a graph.
    MissingSubgraph,
    /// `If` does not have exactly one input.
    IfInputCount,
    /// An `If` branch declares formal inputs.
    IfBranchInputs,
    /// An `If` branch's output count differs from the node's.
    IfBranchOutputs,
    /// `Loop` has fewer than two inputs, or fewer outputs than carried values.
    LoopNodeArity,
    /// The `Loop` body does not have 2+N inputs.
    LoopBodyInputs,
    /// The `Loop` body does not have 1+N+K outputs.
    LoopBodyOutputs,
    /// `num_scan_inputs` is missing or out of range, or the node has too few outputs.
    ScanNodeArity,
    /// The `Scan` body does not have N+M inputs.
    ScanBodyInputs,
    /// The `Scan` body does not have N+K outputs.
    ScanBodyOutputs,
    /// A `Scan` axis or direction attribute has the wrong length or an out-of-range value.
    ScanAxes,
    /// Types that must agree (carried values, branch outputs, conditions) do not.
    TypeMismatch,
    /// The model has no main graph.
    MissingGraph,
    /// Graphs nest deeper than the checker follows.
    TooDeep,
}

/// Where a diagnostic points: the model, a graph, or a model-local function.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    Model,
    Graph(String),
    Function(String),
}

/// The node a diagnostic is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeRef {
    /// The node's name, or `OpType#index` when it has none.
    pub label: String,
    pub op_type: String,
    /// Position of the node in its graph.
    pub index: usize,
}

/// One contract violation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct Diagnostic {
    pub file: String,
    pub scope: Scope,
    pub node: Option<NodeRef>,
    pub rule: Rule,
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.file)?;
        match &self.scope {
            Scope::Model => {}
            Scope::Graph(p) => write!(f, "graph {p}: ")?,
            Scope::Function(p) => write!(f, "function {p}: ")?,
        }
        if let Some(n) = &self.node {
            write!(f, "node '{}' ({}): ", n.label, n.op_type)?;
        }
        write!(f, "error: {}", self.message)
    }
}

/// All diagnostics of one model, one per line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl Diagnostics {
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_the_contract_format() {
        let d = Diagnostic {
            file: "model.onnx".into(),
            scope: Scope::Graph("main/loop_0/body".into()),
            node: Some(NodeRef { label: "add_3".into(), op_type: "Add".into(), index: 3 }),
            rule: Rule::UndefinedName,
            message: "input 'q' is not defined in this graph or any enclosing graph".into(),
        };
        assert_eq!(
            d.to_string(),
            "model.onnx: graph main/loop_0/body: node 'add_3' (Add): error: input 'q' is not defined in this graph or any enclosing graph"
        );
        let m = Diagnostic { scope: Scope::Model, node: None, rule: Rule::UnsupportedOpset, message: "x".into(), ..d };
        assert_eq!(m.to_string(), "model.onnx: error: x");
    }
}
