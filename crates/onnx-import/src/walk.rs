//! Traversal helpers over the nesting of ONNX graphs (node attributes hold subgraphs).
//!
//! Everything that needs "every graph" or "every tensor" goes through here, so that a new place
//! where ONNX hides a graph or tensor is handled once.

use crate::proto::{AttributeProto, GraphProto, ModelProto, NodeProto, TensorProto};

/// A subgraph held by a node attribute: `body`, `then_branch`, or `name[i]` for graph lists.
pub struct Subgraph<'a> {
    pub attr_name: String,
    pub graph: &'a GraphProto,
}

/// The subgraphs of one node, in attribute order.
pub fn subgraphs(node: &NodeProto) -> Vec<Subgraph<'_>> {
    let mut out = Vec::new();
    for attr in &node.attribute {
        let name = attr.name.as_deref().unwrap_or("");
        if let Some(g) = &attr.g {
            out.push(Subgraph { attr_name: name.to_string(), graph: g });
        }
        for (i, g) in attr.graphs.iter().enumerate() {
            out.push(Subgraph { attr_name: format!("{name}[{i}]"), graph: g });
        }
    }
    out
}

/// Finds a node attribute by name.
pub fn attribute<'a>(node: &'a NodeProto, name: &str) -> Option<&'a AttributeProto> {
    node.attribute.iter().find(|a| a.name.as_deref() == Some(name))
}

/// A label for a node in messages and graph paths: its name, or `OpType#index` when unnamed.
pub fn node_label(node: &NodeProto, index: usize) -> String {
    match node.name.as_deref() {
        Some(n) if !n.is_empty() => n.to_string(),
        _ => format!("{}#{index}", node.op_type.as_deref().unwrap_or("?")),
    }
}

/// Calls `f` on every graph reachable from `graph` (itself first), with its slash-separated path.
pub fn for_each_graph<'a>(graph: &'a GraphProto, path: &str, f: &mut dyn FnMut(&str, &'a GraphProto)) {
    f(path, graph);
    for (i, node) in graph.node.iter().enumerate() {
        let label = node_label(node, i);
        for sub in subgraphs(node) {
            let sub_path = format!("{path}/{label}/{}", sub.attr_name);
            for_each_graph(sub.graph, &sub_path, f);
        }
    }
}

/// Applies `f` to every tensor of the model: initializers, sparse initializers' parts and tensor
/// attributes, in all graphs and local functions. Stops at the first error.
pub fn try_for_each_tensor_mut<E>(
    model: &mut ModelProto,
    f: &mut dyn FnMut(&mut TensorProto) -> Result<(), E>,
) -> Result<(), E> {
    if let Some(g) = model.graph.as_mut() {
        graph_tensors_mut(g, f)?;
    }
    for func in &mut model.functions {
        for node in &mut func.node {
            node_tensors_mut(node, f)?;
        }
        for attr in &mut func.attribute_proto {
            attr_tensors_mut(attr, f)?;
        }
    }
    for info in &mut model.training_info {
        for g in [info.initialization.as_mut(), info.algorithm.as_mut()].into_iter().flatten() {
            graph_tensors_mut(g, f)?;
        }
    }
    Ok(())
}

fn graph_tensors_mut<E>(graph: &mut GraphProto, f: &mut dyn FnMut(&mut TensorProto) -> Result<(), E>) -> Result<(), E> {
    for t in &mut graph.initializer {
        f(t)?;
    }
    for s in &mut graph.sparse_initializer {
        for t in [s.values.as_mut(), s.indices.as_mut()].into_iter().flatten() {
            f(t)?;
        }
    }
    for node in &mut graph.node {
        node_tensors_mut(node, f)?;
    }
    Ok(())
}

fn node_tensors_mut<E>(node: &mut NodeProto, f: &mut dyn FnMut(&mut TensorProto) -> Result<(), E>) -> Result<(), E> {
    for attr in &mut node.attribute {
        attr_tensors_mut(attr, f)?;
    }
    Ok(())
}

fn attr_tensors_mut<E>(
    attr: &mut AttributeProto,
    f: &mut dyn FnMut(&mut TensorProto) -> Result<(), E>,
) -> Result<(), E> {
    if let Some(t) = attr.t.as_mut() {
        f(t)?;
    }
    for t in &mut attr.tensors {
        f(t)?;
    }
    let sparse = attr.sparse_tensor.iter_mut().chain(attr.sparse_tensors.iter_mut());
    for s in sparse {
        for t in [s.values.as_mut(), s.indices.as_mut()].into_iter().flatten() {
            f(t)?;
        }
    }
    if let Some(g) = attr.g.as_mut() {
        graph_tensors_mut(g, f)?;
    }
    for g in &mut attr.graphs {
        graph_tensors_mut(g, f)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proto::AttributeProto;

    fn node_with_body(name: &str, op: &str, body: GraphProto) -> NodeProto {
        NodeProto {
            name: Some(name.into()),
            op_type: Some(op.into()),
            attribute: vec![AttributeProto { name: Some("body".into()), g: Some(body), ..Default::default() }],
            ..Default::default()
        }
    }

    #[test]
    fn paths_name_node_and_attribute() {
        let inner = GraphProto {
            name: Some("inner".into()),
            node: vec![NodeProto { op_type: Some("Add".into()), ..Default::default() }],
            ..Default::default()
        };
        let mid = GraphProto {
            node: vec![NodeProto {
                op_type: Some("Loop".into()),
                attribute: vec![AttributeProto { name: Some("body".into()), g: Some(inner), ..Default::default() }],
                ..Default::default()
            }],
            ..Default::default()
        };
        let main = GraphProto { node: vec![node_with_body("loop_0", "Loop", mid)], ..Default::default() };
        let mut paths = Vec::new();
        for_each_graph(&main, "main", &mut |p, _| paths.push(p.to_string()));
        assert_eq!(paths, ["main", "main/loop_0/body", "main/loop_0/body/Loop#0/body"]);
    }
}
