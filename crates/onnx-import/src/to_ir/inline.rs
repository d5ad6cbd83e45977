//! Model-local functions (`ModelProto.functions`) are inlined before import: every node that
//! calls one (same domain, name and overload) is replaced by the function's body, so the body's
//! ops, `If`s and `Loop`s included, are imported and lowered like any other node.
//!
//! For each call, the body is instantiated with:
//! - formal inputs and outputs renamed to the call's actual names (an omitted optional input
//!   stays omitted; an omitted output becomes a fresh internal name);
//! - every other name, in nested subgraphs too, given a prefix unique to the call, so two calls
//!   of one function never clash (ONNX names are unique across nested graphs, so this is a
//!   consistent renaming);
//! - attributes that refer to the caller's (`ref_attr_name`) bound to the call's attribute of
//!   that name, else to the function's default (`attribute_proto`), else dropped, as ONNX says
//!   an unset optional attribute is;
//! - node names `<call name>/<body node name>`, so diagnostics name the path through calls.
//!
//! Calls inside a body are inlined in turn, up to [`MAX_DEPTH`] levels; a function that calls
//! itself (directly or not) is an error naming the chain.

use std::borrow::Cow;
use std::collections::HashMap;

use super::diag::{location, ImportDiagnostic};
use crate::proto::{AttributeProto, FunctionProto, GraphProto, ModelProto, NodeProto, ValueInfoProto};

/// How deep calls may nest (a call in a body of a call ...).
pub const MAX_DEPTH: usize = 64;

/// The model with every call of a model-local function inlined (borrowed when it has none).
pub fn inline_functions<'m>(model: &'m ModelProto, file: &str) -> Result<Cow<'m, ModelProto>, ImportDiagnostic> {
    if model.functions.is_empty() {
        return Ok(Cow::Borrowed(model));
    }
    let mut inl = Inliner { funcs: HashMap::new(), counter: 0, file };
    for f in &model.functions {
        inl.funcs.insert(key(f.domain.as_deref(), f.name.as_deref(), f.overload.as_deref()), f);
    }
    let mut out = model.clone();
    if let Some(g) = out.graph.as_mut() {
        let path = g.name.clone().unwrap_or_else(|| "main".into());
        inl.graph(g, &path, &mut Vec::new())?;
    }
    // The bodies now live in the graph; keeping the functions would only invite re-inlining.
    out.functions.clear();
    Ok(Cow::Owned(out))
}

type Key = (String, String, String);

fn key(domain: Option<&str>, name: Option<&str>, overload: Option<&str>) -> Key {
    let d = match domain.unwrap_or("") {
        "ai.onnx" => "",
        d => d,
    };
    (d.to_string(), name.unwrap_or("").to_string(), overload.unwrap_or("").to_string())
}

struct Inliner<'m, 'f> {
    funcs: HashMap<Key, &'m FunctionProto>,
    counter: usize,
    file: &'f str,
}

impl<'m> Inliner<'m, '_> {
    fn callee(&self, n: &NodeProto) -> Option<&'m FunctionProto> {
        self.funcs.get(&key(n.domain.as_deref(), n.op_type.as_deref(), n.overload.as_deref())).copied()
    }

    /// Inlines the calls among `g`'s nodes (and in their subgraphs); `stack` is the chain of
    /// functions being expanded.
    fn graph(&mut self, g: &mut GraphProto, path: &str, stack: &mut Vec<String>) -> Result<(), ImportDiagnostic> {
        let nodes = std::mem::take(&mut g.node);
        let mut vi = Vec::new();
        g.node = self.nodes(nodes, path, stack, &mut vi)?;
        g.value_info.extend(vi);
        Ok(())
    }

    fn nodes(
        &mut self,
        nodes: Vec<NodeProto>,
        path: &str,
        stack: &mut Vec<String>,
        vi: &mut Vec<ValueInfoProto>,
    ) -> Result<Vec<NodeProto>, ImportDiagnostic> {
        let mut out = Vec::with_capacity(nodes.len());
        for (i, mut n) in nodes.into_iter().enumerate() {
            // As the importer labels nodes: the name, or `OpType#index` for an unnamed one.
            let label = n
                .name
                .clone()
                .filter(|s| !s.is_empty())
                .unwrap_or_else(|| format!("{}#{i}", n.op_type.as_deref().unwrap_or("")));
            for a in &mut n.attribute {
                let sub = format!("{path}/{label}");
                if let Some(g) = a.g.as_mut() {
                    self.graph(g, &sub, stack)?;
                }
                for g in &mut a.graphs {
                    self.graph(g, &sub, stack)?;
                }
            }
            let Some(f) = self.callee(&n) else {
                out.push(n);
                continue;
            };
            let fname = f.name.clone().unwrap_or_default();
            let op = n.op_type.clone().unwrap_or_default();
            let loc = location(self.file, Some(path), Some((&label, &op)));
            if stack.contains(&fname) {
                let chain = [stack.as_slice(), std::slice::from_ref(&fname)].concat().join(" -> ");
                return Err(ImportDiagnostic::error(
                    loc,
                    format!("model-local function '{fname}' calls itself ({chain})"),
                ));
            }
            if stack.len() >= MAX_DEPTH {
                return Err(ImportDiagnostic::error(
                    loc,
                    format!("model-local function calls nest deeper than {MAX_DEPTH} levels"),
                ));
            }
            if n.input.len() > f.input.len() || n.output.len() > f.output.len() {
                return Err(ImportDiagnostic::error(
                    loc,
                    format!(
                        "the call passes {} inputs and {} outputs, but function '{fname}' has {} and {}",
                        n.input.len(),
                        n.output.len(),
                        f.input.len(),
                        f.output.len()
                    ),
                ));
            }
            let (body, body_vi) = self.instantiate(f, &n, &label);
            stack.push(fname);
            // The body's node names carry the call chain; the graph path stays the caller's.
            let expanded = self.nodes(body, path, stack, vi);
            stack.pop();
            out.extend(expanded?);
            vi.extend(body_vi);
        }
        Ok(out)
    }

    /// The body of `f` for the call `call`, renamed and with attributes bound.
    fn instantiate(
        &mut self,
        f: &FunctionProto,
        call: &NodeProto,
        label: &str,
    ) -> (Vec<NodeProto>, Vec<ValueInfoProto>) {
        self.counter += 1;
        let prefix = format!("{label}/{}#{}/", f.name.as_deref().unwrap_or(""), self.counter);
        let mut map: HashMap<String, String> = HashMap::new();
        for (i, formal) in f.input.iter().enumerate() {
            map.insert(formal.clone(), call.input.get(i).cloned().unwrap_or_default());
        }
        for (i, formal) in f.output.iter().enumerate() {
            let actual = call.output.get(i).filter(|s| !s.is_empty()).cloned();
            map.insert(formal.clone(), actual.unwrap_or_else(|| format!("{prefix}{formal}")));
        }
        let r = Renamer { map, prefix, call, func: f };
        let nodes = f.node.iter().enumerate().map(|(i, n)| r.node(n, label, i)).collect();
        let vi = f
            .value_info
            .iter()
            .map(|v| ValueInfoProto { name: v.name.as_deref().map(|s| r.name(s)), ..v.clone() })
            .collect();
        (nodes, vi)
    }
}

/// Renames values and binds attribute references for one call.
struct Renamer<'a> {
    map: HashMap<String, String>,
    prefix: String,
    call: &'a NodeProto,
    func: &'a FunctionProto,
}

impl Renamer<'_> {
    fn name(&self, s: &str) -> String {
        if s.is_empty() {
            return String::new();
        }
        self.map.get(s).cloned().unwrap_or_else(|| format!("{}{s}", self.prefix))
    }

    fn node(&self, n: &NodeProto, call_label: &str, index: usize) -> NodeProto {
        let mut m = n.clone();
        m.input = n.input.iter().map(|s| self.name(s)).collect();
        m.output = n.output.iter().map(|s| self.name(s)).collect();
        let inner = match n.name.as_deref().filter(|s| !s.is_empty()) {
            Some(s) => s.to_string(),
            None => format!("{}#{index}", n.op_type.as_deref().unwrap_or("")),
        };
        m.name = Some(format!("{call_label}/{inner}"));
        m.attribute = n.attribute.iter().filter_map(|a| self.attr(a)).collect();
        m
    }

    /// The attribute with its reference bound (None when neither the call nor the function's
    /// defaults give a value), and its subgraphs renamed.
    fn attr(&self, a: &AttributeProto) -> Option<AttributeProto> {
        let mut out = match a.ref_attr_name.as_deref().filter(|r| !r.is_empty()) {
            Some(r) => {
                let src = self
                    .call
                    .attribute
                    .iter()
                    .find(|c| c.name.as_deref() == Some(r))
                    .or_else(|| self.func.attribute_proto.iter().find(|d| d.name.as_deref() == Some(r)))?;
                AttributeProto { name: a.name.clone(), ref_attr_name: None, ..src.clone() }
            }
            None => a.clone(),
        };
        if let Some(g) = out.g.as_mut() {
            self.graph(g);
        }
        for g in &mut out.graphs {
            self.graph(g);
        }
        Some(out)
    }

    fn graph(&self, g: &mut GraphProto) {
        g.node = g.node.iter().map(|n| self.node_in_subgraph(n)).collect();
        for v in g.input.iter_mut().chain(g.output.iter_mut()).chain(g.value_info.iter_mut()) {
            v.name = v.name.as_deref().map(|s| self.name(s));
        }
        for t in &mut g.initializer {
            t.name = t.name.as_deref().map(|s| self.name(s));
        }
    }

    /// Nodes of subgraphs keep their names (they are already scoped by their graph's path).
    fn node_in_subgraph(&self, n: &NodeProto) -> NodeProto {
        let mut m = n.clone();
        m.input = n.input.iter().map(|s| self.name(s)).collect();
        m.output = n.output.iter().map(|s| self.name(s)).collect();
        m.attribute = n.attribute.iter().filter_map(|a| self.attr(a)).collect();
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_model_text;

    fn inline(src: &str) -> Result<ModelProto, String> {
        let m = parse_model_text(src, "m.txt").map_err(|e| e.to_string())?;
        inline_functions(&m, "m.txt").map(Cow::into_owned).map_err(|d| d.to_string())
    }

    #[test]
    fn renames_binds_and_drops_unset_attributes() {
        let m = inline(
            "<ir_version: 8, opset_import: [\"\" : 18, \"l\" : 1]> g (float x) => (float y) { y = l.F <k = 4> (x) }\n\
             <domain: \"l\", opset_import: [\"\" : 18]> F <k, unset> (a) => (b, unused) {\n\
               t = Flatten <axis = @k> (a)\n\
               s = Softmax <axis = @unset> (t)\n\
               b = Identity (s)\n\
               unused = Identity (a)\n\
             }",
        )
        .unwrap();
        assert!(m.functions.is_empty());
        let g = m.graph.unwrap();
        assert_eq!(g.node.len(), 4);
        // Formal input `a` is the caller's `x`; internal names get the call's prefix.
        assert_eq!(g.node[0].input, ["x"]);
        assert_eq!(g.node[0].attribute[0].i, Some(4));
        assert!(g.node[0].attribute[0].ref_attr_name.is_none());
        assert!(g.node[1].attribute.is_empty(), "an unset referenced attribute is dropped");
        assert_eq!(g.node[2].output, ["y"]);
        assert!(g.node[0].output[0].starts_with("F#0/F#"));
        // The omitted second output still gets a (fresh) name.
        assert!(!g.node[3].output[0].is_empty());
        assert_eq!(g.node[0].name.as_deref(), Some("F#0/Flatten#0"));
    }

    #[test]
    fn nesting_limit_and_arity() {
        let mut src = String::from(
            "<ir_version: 8, opset_import: [\"\" : 18, \"l\" : 1]> g (float x) => (float y) { y = l.F0 (x) }\n",
        );
        for i in 0..=MAX_DEPTH {
            src.push_str(&format!(
                "<domain: \"l\", opset_import: [\"\" : 18, \"l\" : 1]> F{i} (a) => (b) {{ b = l.F{} (a) }}\n",
                i + 1
            ));
        }
        src.push_str(&format!(
            "<domain: \"l\", opset_import: [\"\" : 18]> F{} (a) => (b) {{ b = Neg (a) }}\n",
            MAX_DEPTH + 1
        ));
        let e = inline(&src).unwrap_err();
        assert!(e.contains("nest deeper than 64 levels"), "{e}");
        let e = inline(
            "<ir_version: 8, opset_import: [\"\" : 18, \"l\" : 1]> g (float x) => (float y) { y = l.F (x, x) }\n\
             <domain: \"l\", opset_import: [\"\" : 18]> F (a) => (b) { b = Neg (a) }",
        )
        .unwrap_err();
        assert!(e.contains("the call passes 2 inputs and 1 outputs, but function 'F' has 1 and 1"), "{e}");
    }
}
