//! Graphs and nodes: the main graph becomes a `func.func`, every subgraph the body of a region;
//! each node becomes one `onnx.<OpType>` op located at `loc("node"("graph/path"))`.

use std::collections::HashMap;

use flowgate_ir::{BlockId, Context, Location, OperationState, RegionId, Type, Value};
use flowgate_onnx::types::unknown_type;

use super::attributes::{import_attribute, Imported};
use super::diag::{location, ImportDiagnostic};
use super::scope::Scopes;
use super::tensor::import_tensor;
use super::types::import_type;
use crate::proto::{GraphProto, NodeProto};
use crate::walk::node_label;

pub struct Importer<'c> {
    pub ctx: &'c mut Context,
    pub file: String,
    pub scopes: Scopes,
    pub warnings: Vec<ImportDiagnostic>,
    /// The model's default-domain opset (Scan changed its signature at 9).
    pub opset: i64,
}

/// Where a node sits, for locations and diagnostics.
pub struct At<'a> {
    pub path: &'a str,
    pub label: String,
    pub op_type: &'a str,
}

impl<'c> Importer<'c> {
    pub fn graph_error(&self, path: &str, msg: impl Into<String>) -> ImportDiagnostic {
        ImportDiagnostic::error(location(&self.file, Some(path), None), msg)
    }

    pub fn node_error(&self, at: &At<'_>, msg: impl Into<String>) -> ImportDiagnostic {
        ImportDiagnostic::error(location(&self.file, Some(at.path), Some((&at.label, at.op_type))), msg)
    }

    /// `loc("name"("graph/path"))`.
    pub fn loc(&mut self, name: &str, path: &str) -> Location {
        let p = self.ctx.name_loc(path, None);
        self.ctx.name_loc(name, Some(p))
    }

    /// The declared type of a graph input (unknown when the graph states none).
    pub fn input_type(&mut self, g: &GraphProto, i: usize, path: &str) -> Result<Option<Type>, ImportDiagnostic> {
        let Some(t) = g.input.get(i).and_then(|vi| vi.r#type.as_ref()) else { return Ok(None) };
        let name = g.input.get(i).and_then(|vi| vi.name.as_deref()).unwrap_or("");
        import_type(self.ctx, t).map(Some).map_err(|e| self.graph_error(path, format!("graph input '{name}': {e}")))
    }

    /// Imports `g` into `block`, whose arguments are the graph's formal inputs, and returns the
    /// values of its outputs. Initializers that are not inputs become `onnx.Constant` ops.
    pub fn graph_body(&mut self, g: &GraphProto, path: &str, block: BlockId) -> Result<Vec<Value>, ImportDiagnostic> {
        let mut declared = HashMap::new();
        for vi in g.output.iter().chain(&g.value_info) {
            let (Some(name), Some(t)) = (vi.name.as_deref(), vi.r#type.as_ref()) else { continue };
            if declared.contains_key(name) {
                continue;
            }
            let ty = import_type(self.ctx, t).map_err(|e| self.graph_error(path, format!("value '{name}': {e}")))?;
            declared.insert(name.to_string(), ty);
        }
        self.scopes.push(declared);
        let result = self.graph_contents(g, path, block);
        self.scopes.pop();
        result
    }

    fn graph_contents(&mut self, g: &GraphProto, path: &str, block: BlockId) -> Result<Vec<Value>, ImportDiagnostic> {
        let args = self.ctx.block_args(block).to_vec();
        for (vi, &v) in g.input.iter().zip(&args) {
            self.scopes.bind(vi.name.as_deref().unwrap_or(""), v);
        }
        if !g.sparse_initializer.is_empty() {
            return Err(self.graph_error(path, "sparse initializers are not supported"));
        }
        for t in &g.initializer {
            let name = t.name.as_deref().unwrap_or("");
            // An initializer that is also a graph input only gives the input a default value;
            // the input (a function argument) is what the graph computes with.
            if g.input.iter().any(|vi| vi.name.as_deref() == Some(name)) {
                continue;
            }
            let value = import_tensor(self.ctx, t).map_err(|e| self.graph_error(path, format!("initializer: {e}")))?;
            let ty = self.ctx.attr_type(value).unwrap_or_else(|| unknown_type(self.ctx));
            let loc = self.loc(name, path);
            let st = OperationState::new(self.ctx, "onnx.Constant", loc).results(&[ty]).attr(self.ctx, "value", value);
            let op = self.ctx.create_op(st);
            self.ctx.append_op(block, op);
            let v = self.ctx.result(op, 0);
            self.scopes.bind(name, v);
        }
        for (i, node) in g.node.iter().enumerate() {
            self.node(node, i, path, block)?;
        }
        let mut outs = Vec::with_capacity(g.output.len());
        for vi in &g.output {
            let name = vi.name.as_deref().unwrap_or("");
            let v = self
                .scopes
                .lookup(name)
                .ok_or_else(|| self.graph_error(path, format!("graph output '{name}' is not defined")))?;
            outs.push(v);
        }
        Ok(outs)
    }

    /// An omitted optional input: the `none` result of an `onnx.NoValue` op.
    fn no_value(&mut self, block: BlockId, loc: Location) -> Value {
        let none = self.ctx.none_type();
        let st = OperationState::new(self.ctx, "onnx.NoValue", loc).results(&[none]);
        let op = self.ctx.create_op(st);
        self.ctx.append_op(block, op);
        self.ctx.result(op, 0)
    }

    fn node(&mut self, node: &NodeProto, index: usize, path: &str, block: BlockId) -> Result<(), ImportDiagnostic> {
        let op_type = node.op_type.as_deref().unwrap_or("");
        let at = At { path, label: node_label(node, index), op_type };
        if super::flex_attention::is_flex_attention(node) {
            // Imported as the ops of its function body, its modifier graphs inlined.
            for (i, n) in self.expand_flex_attention(node, &at)?.iter().enumerate() {
                self.node(n, i, path, block)?;
            }
            return Ok(());
        }
        let loc = self.loc(&at.label, path);
        let domain = node.domain.as_deref().unwrap_or("");
        let default_domain = domain.is_empty() || domain == "ai.onnx";

        let mut operands = Vec::with_capacity(node.input.len());
        for name in &node.input {
            if name.is_empty() {
                operands.push(self.no_value(block, loc));
                continue;
            }
            let v = self.scopes.lookup(name).ok_or_else(|| {
                self.node_error(&at, format!("input '{name}' is not defined in this graph or any enclosing graph"))
            })?;
            operands.push(v);
        }

        let mut attrs = Vec::new();
        let mut graphs: Vec<(String, &GraphProto)> = Vec::new();
        for a in &node.attribute {
            let name = a.name.as_deref().unwrap_or("");
            match import_attribute(self.ctx, a).map_err(|e| self.node_error(&at, e))? {
                Imported::Attr(v) => attrs.push((name.to_string(), v)),
                Imported::Graphs(gs) if gs.len() == 1 && a.graphs.is_empty() => graphs.push((name.to_string(), gs[0])),
                Imported::Graphs(gs) => {
                    for (i, g) in gs.into_iter().enumerate() {
                        graphs.push((format!("{name}[{i}]"), g));
                    }
                }
            }
        }

        // String constants have no IR element type; say so rather than leave an unknown value.
        let string_constant =
            node.attribute.iter().any(|a| matches!(a.name.as_deref(), Some("value_string" | "value_strings")));
        if default_domain && op_type == "Constant" && string_constant {
            return Err(self.node_error(&at, "element type 'string' is not supported"));
        }
        let is_cf = default_domain && matches!(op_type, "If" | "Loop" | "Scan");
        let legacy_scan = is_cf && op_type == "Scan" && self.opset < 9;
        if legacy_scan {
            let i64t = self.ctx.integer_type(64);
            let v = self.ctx.integer_attr(self.opset as i128, i64t);
            attrs.push(("onnx_opset".to_string(), v));
        }
        if !default_domain {
            // Ops of other domains keep their op type as the name and record the domain.
            let v = self.ctx.string_attr(domain);
            attrs.push(("onnx.domain".to_string(), v));
        }
        let regions = self.regions(node, &at, &operands, &graphs, is_cf, legacy_scan)?;
        if !is_cf && !graphs.is_empty() {
            // Other ops keep their graphs as regions in attribute order; this names them.
            let names: Vec<_> = graphs.iter().map(|(n, _)| self.ctx.string_attr(n)).collect();
            let v = self.ctx.array_attr(names);
            attrs.push(("onnx.region_attrs".to_string(), v));
        }

        let result_types: Vec<Type> = node
            .output
            .iter()
            .map(|n| if n.is_empty() { None } else { self.scopes.declared(n) })
            .map(|t| t.unwrap_or_else(|| unknown_type(self.ctx)))
            .collect();
        let name = format!("onnx.{op_type}");
        let mut st =
            OperationState::new(self.ctx, &name, loc).operands(&operands).results(&result_types).regions(&regions);
        for (n, v) in attrs {
            st.add_attr(self.ctx, &n, v);
        }
        let op = self.ctx.create_op(st);
        self.ctx.append_op(block, op);
        flowgate_onnx_shape::refine_op(self.ctx, op);
        let known = if default_domain {
            flowgate_onnx::is_known_op(self.ctx, op_type)
        } else {
            flowgate_onnx::is_known_domain_op(domain, op_type)
        };
        if !known {
            let loc = location(&self.file, Some(path), Some((&at.label, op_type)));
            self.warnings
                .push(ImportDiagnostic::warning(loc, format!("unknown operator '{op_type}' kept as a generic op")));
        }
        for (i, out) in node.output.iter().enumerate() {
            if !out.is_empty() {
                let v = self.ctx.result(op, i);
                self.scopes.bind(out, v);
            }
        }
        Ok(())
    }

    /// Builds the regions of a node: `If` gets then/else, `Loop`/`Scan` their body, other ops
    /// one region per graph attribute.
    fn regions(
        &mut self,
        node: &NodeProto,
        at: &At<'_>,
        operands: &[Value],
        graphs: &[(String, &GraphProto)],
        is_cf: bool,
        legacy_scan: bool,
    ) -> Result<Vec<RegionId>, ImportDiagnostic> {
        let find = |n: &str| graphs.iter().find(|(a, _)| a == n).map(|(_, g)| *g);
        let mut out = Vec::new();
        if is_cf {
            let names: &[&str] = if at.op_type == "If" { &["then_branch", "else_branch"] } else { &["body"] };
            for &n in names {
                let g = find(n)
                    .ok_or_else(|| self.node_error(at, format!("{} needs the graph attribute '{n}'", at.op_type)))?;
                let sub_path = format!("{}/{}/{n}", at.path, at.label);
                let args = super::control_flow::body_arg_types(self, node, at, operands, g, &sub_path, legacy_scan)?;
                out.push(self.region(g, &sub_path, &args)?);
            }
            return Ok(out);
        }
        for (n, g) in graphs {
            let sub_path = format!("{}/{}/{n}", at.path, at.label);
            let mut args = Vec::with_capacity(g.input.len());
            for i in 0..g.input.len() {
                let t = match self.input_type(g, i, &sub_path)? {
                    Some(t) => t,
                    None => unknown_type(self.ctx),
                };
                args.push(t);
            }
            out.push(self.region(g, &sub_path, &args)?);
        }
        Ok(out)
    }

    /// A detached region with one block (arguments `args`) holding `g`, ended by `onnx.Yield`.
    fn region(&mut self, g: &GraphProto, path: &str, args: &[Type]) -> Result<RegionId, ImportDiagnostic> {
        let r = self.ctx.create_region();
        let loc = self.ctx.name_loc(path, None);
        let b = self.ctx.add_block(r, args, loc);
        let outs = self.graph_body(g, path, b)?;
        let st = OperationState::new(self.ctx, "onnx.Yield", loc).operands(&outs);
        let y = self.ctx.create_op(st);
        self.ctx.append_op(b, y);
        Ok(r)
    }
}
