//! Models of default-domain opsets 1 to 7 (the onnx node suite's `And`/`Or`/`Xor` at 7 and
//! `Not` at 1). They are imported as opset-8 models when every default-domain op they use has
//! the version there that it has at opset 8, so its semantics are the ones the lowering knows;
//! a node whose op changed between the model's opset and 8 (numpy broadcasting came with
//! `Add`-7, `consumed_inputs` went with `Relu`-6, ...) or did not exist yet is an error naming
//! the op, its opset and the version needed.

use crate::proto::{GraphProto, ModelProto};
use crate::walk::{node_label, subgraphs};

use super::diag::{location, ImportDiagnostic};

/// Every default-domain op that exists at opset 7, with the version in effect at opset 8 (from
/// onnx 1.23.2's schemas): a model of opset `v < 8` may use it when that version is `<= v`.
#[rustfmt::skip]
const VERSION_AT_8: &[(&str, i64)] = &[
    ("Abs", 6), ("Acos", 7), ("Add", 7), ("And", 7), ("ArgMax", 1), ("ArgMin", 1), ("Asin", 7), ("Atan", 7),
    ("AveragePool", 7), ("BatchNormalization", 7), ("Cast", 6), ("Ceil", 6), ("Clip", 6), ("Concat", 4),
    ("Constant", 1), ("Conv", 1), ("ConvTranspose", 1), ("Cos", 7), ("DepthToSpace", 1), ("Div", 7), ("Dropout", 7),
    ("Elu", 6), ("Equal", 7), ("Exp", 6), ("Flatten", 1), ("Floor", 6), ("GRU", 7), ("Gather", 1), ("Gemm", 7),
    ("GlobalAveragePool", 1), ("GlobalLpPool", 2), ("GlobalMaxPool", 1), ("Greater", 7), ("HardSigmoid", 6),
    ("Hardmax", 1), ("Identity", 1), ("If", 1), ("InstanceNormalization", 6), ("LRN", 1), ("LSTM", 7),
    ("LeakyRelu", 6), ("Less", 7), ("Log", 6), ("LogSoftmax", 1), ("Loop", 1), ("LpNormalization", 1), ("LpPool", 2),
    ("MatMul", 1), ("Max", 8), ("MaxPool", 8), ("MaxRoiPool", 1), ("Mean", 8), ("Min", 8), ("Mul", 7),
    ("Multinomial", 7), ("Neg", 6), ("Not", 1), ("Or", 7), ("PRelu", 7), ("Pad", 2), ("Pow", 7), ("RNN", 7),
    ("RandomNormal", 1), ("RandomNormalLike", 1), ("RandomUniform", 1), ("RandomUniformLike", 1), ("Reciprocal", 6),
    ("ReduceL1", 1), ("ReduceL2", 1), ("ReduceLogSum", 1), ("ReduceLogSumExp", 1), ("ReduceMax", 1),
    ("ReduceMean", 1), ("ReduceMin", 1), ("ReduceProd", 1), ("ReduceSum", 1), ("ReduceSumSquare", 1), ("Relu", 6),
    ("Reshape", 5), ("Selu", 6), ("Shape", 1), ("Sigmoid", 6), ("Sin", 7), ("Size", 1), ("Slice", 1), ("Softmax", 1),
    ("Softplus", 1), ("Softsign", 1), ("SpaceToDepth", 1), ("Split", 2), ("Sqrt", 6), ("Squeeze", 1), ("Sub", 7),
    ("Sum", 8), ("Tan", 7), ("Tanh", 6), ("Tile", 6), ("TopK", 1), ("Transpose", 1), ("Unsqueeze", 1),
    ("Upsample", 7), ("Xor", 7),
];

/// Diagnostics for the nodes of `model` (default opset `opset`, below 8) whose op is not the
/// same at `opset` as at opset 8.
pub(super) fn legacy_op_diagnostics(model: &ModelProto, opset: i64, file: &str) -> Vec<ImportDiagnostic> {
    let mut out = Vec::new();
    if let Some(g) = &model.graph {
        let path = g.name.clone().unwrap_or_default();
        visit(g, &path, opset, file, &mut out);
    }
    out
}

fn visit(g: &GraphProto, path: &str, opset: i64, file: &str, out: &mut Vec<ImportDiagnostic>) {
    for (i, node) in g.node.iter().enumerate() {
        let label = node_label(node, i);
        let op = node.op_type.as_deref().unwrap_or("");
        let default_domain = matches!(node.domain.as_deref(), None | Some("") | Some("ai.onnx"));
        if default_domain {
            let at8 = VERSION_AT_8.iter().find(|(n, _)| *n == op).map(|&(_, v)| v);
            let why = match at8 {
                None => Some(format!("op '{op}' does not exist at opset {opset}")),
                Some(v) if v > opset => Some(format!(
                    "op '{op}' at opset {opset} is an older version than Flowgate supports (version {v} or newer, opset 8 to 28)"
                )),
                Some(_) => None,
            };
            if let Some(why) = why {
                out.push(ImportDiagnostic::error(location(file, Some(path), Some((&label, op))), why));
            }
        }
        for sub in subgraphs(node) {
            visit(sub.graph, &format!("{path}/{label}/{}", sub.attr_name), opset, file, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proto::NodeProto;

    fn model(ops: &[&str]) -> ModelProto {
        let node = |op: &&str| NodeProto { op_type: Some(op.to_string()), ..Default::default() };
        let graph = GraphProto { name: Some("g".into()), node: ops.iter().map(node).collect(), ..Default::default() };
        ModelProto { graph: Some(graph), ..Default::default() }
    }

    #[test]
    fn ops_unchanged_up_to_opset_8_pass_and_others_are_named() {
        assert!(legacy_op_diagnostics(&model(&["And", "Not", "Identity"]), 7, "m.onnx").is_empty());
        let d = legacy_op_diagnostics(&model(&["Not", "And", "Einsum"]), 1, "m.onnx");
        let msgs: Vec<String> = d.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            msgs,
            [
                "m.onnx: graph g: node 'And#1' (And): error: op 'And' at opset 1 is an older version than Flowgate supports (version 7 or newer, opset 8 to 28)",
                "m.onnx: graph g: node 'Einsum#2' (Einsum): error: op 'Einsum' does not exist at opset 1",
            ]
        );
    }
}
