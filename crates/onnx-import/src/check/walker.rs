//! Walks graphs and functions with their scopes, applying per-node rules and recursing into
//! subgraphs. Findings become [`Diagnostic`]s located by graph path and node.

use std::collections::HashMap;

use super::control_flow::{self, NodeTypes};
use super::diagnostic::{Diagnostic, NodeRef, Rule, Scope};
use super::opset::{domain_label, normalize_domain};
use super::scope::Frame;
use super::types::initializer_type;
use crate::proto::{FunctionProto, GraphProto, NodeProto};
use crate::walk::{node_label, subgraphs};

/// Graph nesting the checker follows. Decoded protobuf cannot nest deeper than prost's recursion
/// limit allows anyway; this also protects protos built in memory.
const MAX_DEPTH: u32 = 64;

pub(super) struct Walker<'m> {
    pub file: &'m str,
    pub diags: Vec<Diagnostic>,
    /// Operator contracts are those of the supported opsets; under an unsupported one (already
    /// reported) they could differ (Scan-8 has another signature), so only scoping is checked.
    pub contracts: bool,
}

/// What the nodes being walked belong to, for locating diagnostics and resolving domains.
#[derive(Clone, Copy)]
struct Place<'a> {
    path: &'a str,
    in_function: bool,
    imports: &'a HashMap<String, i64>,
    depth: u32,
}

impl Place<'_> {
    fn scope(&self) -> Scope {
        if self.in_function {
            Scope::Function(self.path.to_string())
        } else {
            Scope::Graph(self.path.to_string())
        }
    }
}

impl<'m> Walker<'m> {
    fn report(&mut self, place: &Place<'_>, node: Option<(usize, &NodeProto)>, rule: Rule, message: String) {
        self.diags.push(Diagnostic {
            file: self.file.to_string(),
            scope: place.scope(),
            node: node.map(|(i, n)| NodeRef {
                label: node_label(n, i),
                op_type: n.op_type.clone().unwrap_or_default(),
                index: i,
            }),
            rule,
            message,
        });
    }

    /// Checks the main graph of a model.
    pub(super) fn main_graph(&mut self, g: &'m GraphProto, imports: &HashMap<String, i64>) {
        let name = g.name.as_deref().filter(|n| !n.is_empty()).unwrap_or("main");
        let place = Place { path: name, in_function: false, imports, depth: 0 };
        self.graph(g, place, None);
    }

    fn graph(&mut self, g: &'m GraphProto, place: Place<'_>, parent: Option<&Frame<'m, '_>>) {
        let mut frame = Frame::new(parent);
        for (i, vi) in g.input.iter().enumerate() {
            let name = vi.name.as_deref().unwrap_or("");
            if name.is_empty() {
                self.report(&place, None, Rule::EmptyName, format!("graph input #{i} has no name"));
                continue;
            }
            if !frame.define(name) {
                self.report(&place, None, Rule::DuplicateDefinition, format!("graph input '{name}' is declared twice"));
            }
            if let Some(t) = &vi.r#type {
                frame.declare(name, t.clone());
            }
        }
        let mut seen_init = std::collections::HashSet::new();
        let sparse_names =
            g.sparse_initializer.iter().filter_map(|s| s.values.as_ref().and_then(|v| v.name.as_deref()));
        let init_names = g.initializer.iter().map(|t| t.name.as_deref().unwrap_or(""));
        for (i, name) in init_names.chain(sparse_names).enumerate() {
            if name.is_empty() {
                self.report(&place, None, Rule::EmptyName, format!("initializer #{i} has no name"));
                continue;
            }
            if !seen_init.insert(name) {
                self.report(&place, None, Rule::DuplicateDefinition, format!("initializer '{name}' is defined twice"));
            }
            // An initializer may double as the default of a graph input of the same name.
            frame.define(name);
        }
        for t in &g.initializer {
            if let Some(name) = t.name.as_deref() {
                frame.declare(name, initializer_type(t));
            }
        }
        for vi in g.output.iter().chain(&g.value_info) {
            if let (Some(name), Some(t)) = (vi.name.as_deref(), &vi.r#type) {
                frame.declare(name, t.clone());
            }
        }
        self.nodes(&g.node, place, &mut frame);
        for (i, vi) in g.output.iter().enumerate() {
            let name = vi.name.as_deref().unwrap_or("");
            if name.is_empty() {
                self.report(&place, None, Rule::EmptyName, format!("graph output #{i} has no name"));
            } else if !frame.resolves(name) {
                self.report(
                    &place,
                    None,
                    Rule::UndefinedGraphOutput,
                    format!("graph output '{name}' is not produced by any node, input or initializer in scope"),
                );
            }
        }
    }

    /// Checks a model-local function: its nodes see only its own inputs and earlier outputs.
    pub(super) fn function(&mut self, f: &'m FunctionProto, model_imports: &HashMap<String, i64>) {
        let own;
        let imports = if f.opset_import.is_empty() {
            model_imports
        } else {
            let (map, problems) = super::opset::read_imports(&f.opset_import);
            own = map;
            let path = function_path(f);
            let place = Place { path: &path, in_function: true, imports: &own, depth: 0 };
            for (rule, msg) in problems {
                self.report(&place, None, rule, msg);
            }
            &own
        };
        let path = function_path(f);
        let place = Place { path: &path, in_function: true, imports, depth: 0 };
        let mut frame = Frame::new(None);
        for name in &f.input {
            if !name.is_empty() && !frame.define(name) {
                self.report(
                    &place,
                    None,
                    Rule::DuplicateDefinition,
                    format!("function input '{name}' is declared twice"),
                );
            }
        }
        for vi in &f.value_info {
            if let (Some(name), Some(t)) = (vi.name.as_deref(), &vi.r#type) {
                frame.declare(name, t.clone());
            }
        }
        self.nodes(&f.node, place, &mut frame);
        for name in &f.output {
            if !name.is_empty() && !frame.resolves(name) {
                self.report(
                    &place,
                    None,
                    Rule::UndefinedGraphOutput,
                    format!("function output '{name}' is not produced by any node or input"),
                );
            }
        }
    }

    fn nodes(&mut self, nodes: &'m [NodeProto], place: Place<'_>, frame: &mut Frame<'m, '_>) {
        for node in nodes {
            for out in &node.output {
                if !out.is_empty() {
                    frame.note_produced(out);
                }
            }
        }
        for (i, node) in nodes.iter().enumerate() {
            let at = Some((i, node));
            let op = node.op_type.as_deref().unwrap_or("");
            if op.is_empty() {
                self.report(&place, at, Rule::MissingOpType, "node has no op_type".to_string());
            }
            let domain = normalize_domain(node.domain.as_deref().unwrap_or(""));
            if !place.imports.contains_key(domain) {
                let whose = if place.in_function { "function" } else { "model" };
                self.report(
                    &place,
                    at,
                    Rule::UnknownDomain,
                    format!("node uses {}, which the {whose} does not import", domain_label(domain)),
                );
            }
            for name in &node.input {
                if name.is_empty() || frame.resolves(name) {
                    continue;
                }
                let (rule, msg) = if frame.produced_anywhere(name) {
                    (Rule::UsedBeforeDefinition, format!("input '{name}' is used before the node that produces it"))
                } else {
                    (Rule::UndefinedName, format!("input '{name}' is not defined in this graph or any enclosing graph"))
                };
                self.report(&place, at, rule, msg);
            }
            let types = NodeTypes {
                inputs: node.input.iter().map(|n| if n.is_empty() { None } else { frame.type_of(n) }).collect(),
                outputs: node.output.iter().map(|n| frame.declared_here(n)).collect(),
            };
            if self.contracts {
                for f in control_flow::check_node(node, &types) {
                    self.report(&place, at, f.rule, f.message);
                }
            }
            self.subgraphs(i, node, place, frame);
            for out in &node.output {
                if !out.is_empty() && !frame.define(out) {
                    self.report(
                        &place,
                        at,
                        Rule::DuplicateDefinition,
                        format!("output '{out}' is already defined in this graph (graphs are in SSA form)"),
                    );
                }
            }
        }
    }

    fn subgraphs(&mut self, index: usize, node: &'m NodeProto, place: Place<'_>, frame: &Frame<'m, '_>) {
        let subs = subgraphs(node);
        if subs.is_empty() {
            return;
        }
        if place.depth >= MAX_DEPTH {
            self.report(
                &place,
                Some((index, node)),
                Rule::TooDeep,
                format!("subgraphs nest more than {MAX_DEPTH} levels deep; they are not checked"),
            );
            return;
        }
        let label = node_label(node, index);
        for sub in subs {
            let path = format!("{}/{label}/{}", place.path, sub.attr_name);
            let inner = Place { path: &path, depth: place.depth + 1, ..place };
            self.graph(sub.graph, inner, Some(frame));
        }
    }
}

fn function_path(f: &FunctionProto) -> String {
    let name = f.name.as_deref().unwrap_or("");
    match f.domain.as_deref() {
        Some(d) if !d.is_empty() => format!("{d}.{name}"),
        _ => name.to_string(),
    }
}
