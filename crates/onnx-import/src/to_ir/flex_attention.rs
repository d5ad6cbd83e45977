//! `ai.onnx.preview.FlexAttention` is imported as the ops of its ONNX function body: the
//! attention in pieces (GQA head repeat by `Expand`/`Reshape`, `Q` and `K` scaled by
//! `sqrt(scale)`, `MatMul` with `K^T`, `Cast` to the softmax precision, `Softmax`, `MatMul` with
//! `V`), with the `score_mod` and `prob_mod` subgraphs inlined on the score and probability
//! tensors. The modifiers are whole-tensor graphs (`(B, Hq, L, S) -> (B, Hq, L, S)`), so their
//! nodes become ordinary nodes of the enclosing graph, and If/Loop/Scan inside them compile like
//! any other body.
//!
//! The expansion is made here, where the element type of `Q` is known (the function body
//! depends on it: float16/bfloat16 compute the softmax and the product with `V` in float, as
//! the reference does), and each generated node goes through the importer's ordinary node path.
//! Generated values are named `<node>/FlexAttention/<what>` and a modifier's local names
//! `<node>/<score_mod|prob_mod>/<name>`, so they clash with nothing and diagnostics name the
//! FlexAttention node.

use std::collections::HashMap;

use flowgate_onnx::dtype::{self, code as codes};

use super::diag::ImportDiagnostic;
use super::graph::{At, Importer};
use crate::proto::attribute_proto::AttributeType;
use crate::proto::{AttributeProto, GraphProto, NodeProto};
use crate::walk::node_label;

/// The domain FlexAttention lives in.
pub const DOMAIN: &str = "ai.onnx.preview";

/// The first default-domain opset whose ops the expansion uses as it spells them (`Shape` with
/// `start`/`end` is opset 15).
const MIN_OPSET: i64 = 15;

/// Whether `node` is a FlexAttention this module expands.
pub fn is_flex_attention(node: &NodeProto) -> bool {
    node.domain.as_deref() == Some(DOMAIN) && node.op_type.as_deref() == Some("FlexAttention")
}

/// Builds the generated nodes one by one.
struct Expansion {
    /// `<node>/FlexAttention/`: prefix of generated value and node names.
    prefix: String,
    nodes: Vec<NodeProto>,
}

impl Expansion {
    fn name(&self, what: &str) -> String {
        format!("{}{what}", self.prefix)
    }

    /// Appends `out = op(inputs) <attrs>` and returns `out`'s full name.
    fn node(&mut self, op: &str, inputs: &[&str], out: &str, attrs: Vec<AttributeProto>) -> String {
        let out = self.name(out);
        self.nodes.push(NodeProto {
            name: Some(out.clone()),
            op_type: Some(op.to_string()),
            input: inputs.iter().map(|s| s.to_string()).collect(),
            output: vec![out.clone()],
            attribute: attrs,
            ..Default::default()
        });
        out
    }

    fn int64s(&mut self, out: &str, vals: &[i64]) -> String {
        let t = crate::proto::TensorProto {
            dims: vec![vals.len() as i64],
            data_type: Some(codes::INT64),
            int64_data: vals.to_vec(),
            ..Default::default()
        };
        self.node("Constant", &[], out, vec![tensor_attr("value", t)])
    }

    fn scalar(&mut self, out: &str, t: crate::proto::TensorProto) -> String {
        self.node("Constant", &[], out, vec![tensor_attr("value", t)])
    }

    /// `Shape <start, end> (x)`.
    fn shape(&mut self, x: &str, out: &str, start: i64, end: i64) -> String {
        self.node("Shape", &[x], out, vec![int_attr("start", start), int_attr("end", end)])
    }

    fn cast(&mut self, x: &str, out: &str, to: i32) -> String {
        self.node("Cast", &[x], out, vec![int_attr("to", to as i64)])
    }

    /// `x` with each of its `kv` heads repeated `repeat` times (head `h` of the result is head
    /// `h / repeat` of `x`), as the function body does for grouped-query attention.
    fn align_heads(&mut self, x: &str, tag: &str, dims: &HeadDims) -> String {
        let unsq = self.node("Unsqueeze", &[x, &dims.axis2], &format!("{tag}Unsqueezed"), vec![]);
        let head = self.shape(x, &format!("{tag}HeadSize1D"), 3, 4);
        let expand_shape = self.node(
            "Concat",
            &[&dims.batch, &dims.kv_heads, &dims.repeat, &dims.kv_len, &head],
            &format!("{tag}ExpandShape"),
            vec![int_attr("axis", 0)],
        );
        let expanded = self.node("Expand", &[&unsq, &expand_shape], &format!("{tag}Expanded"), vec![]);
        let aligned_shape = self.node(
            "Concat",
            &[&dims.batch, &dims.q_heads, &dims.kv_len, &head],
            &format!("{tag}AlignedShape"),
            vec![int_attr("axis", 0)],
        );
        self.node("Reshape", &[&expanded, &aligned_shape], &format!("{tag}Aligned"), vec![])
    }
}

/// The `[1]`-shaped sizes the head alignment concatenates.
struct HeadDims {
    batch: String,
    q_heads: String,
    kv_heads: String,
    kv_len: String,
    repeat: String,
    axis2: String,
}

fn int_attr(name: &str, v: i64) -> AttributeProto {
    AttributeProto {
        name: Some(name.to_string()),
        r#type: Some(AttributeType::Int as i32),
        i: Some(v),
        ..Default::default()
    }
}

fn tensor_attr(name: &str, t: crate::proto::TensorProto) -> AttributeProto {
    AttributeProto {
        name: Some(name.to_string()),
        r#type: Some(AttributeType::Tensor as i32),
        t: Some(t),
        ..Default::default()
    }
}

fn float_scalar(v: f32) -> crate::proto::TensorProto {
    crate::proto::TensorProto { data_type: Some(codes::FLOAT), float_data: vec![v], ..Default::default() }
}

impl Importer<'_> {
    /// The nodes the FlexAttention `node` (at `at`) is imported as: its function body with
    /// its modifiers inlined.
    pub fn expand_flex_attention(&mut self, node: &NodeProto, at: &At<'_>) -> Result<Vec<NodeProto>, ImportDiagnostic> {
        if self.opset < MIN_OPSET {
            return Err(self.node_error(
                at,
                format!(
                    "FlexAttention needs the default domain imported at opset {MIN_OPSET} or later (the model imports {})",
                    self.opset
                ),
            ));
        }
        let io = |v: &[String], i: usize| v.get(i).filter(|s| !s.is_empty()).cloned();
        let (Some(q), Some(k), Some(v)) = (io(&node.input, 0), io(&node.input, 1), io(&node.input, 2)) else {
            return Err(self.node_error(at, "FlexAttention needs its three inputs Q, K and V"));
        };
        let Some(y) = io(&node.output, 0) else {
            return Err(self.node_error(at, "FlexAttention needs its output Y"));
        };
        let elem = self.flex_elem_code(&q, at)?;
        let mut scale = None;
        let mut softmax_precision = None;
        let mut mods: HashMap<&str, &GraphProto> = HashMap::new();
        for a in &node.attribute {
            match (a.name.as_deref().unwrap_or(""), a.g.as_ref()) {
                ("scale", _) => scale = a.f,
                ("softmax_precision", _) => softmax_precision = a.i,
                (m @ ("score_mod" | "prob_mod"), Some(g)) => {
                    mods.insert(m, g);
                }
                (other, _) => {
                    return Err(self.node_error(at, format!("FlexAttention has no attribute '{other}' of this kind")))
                }
            }
        }
        let sp = match softmax_precision {
            None if elem == codes::DOUBLE => codes::DOUBLE,
            None => codes::FLOAT,
            Some(c) if [codes::FLOAT, codes::FLOAT16, codes::BFLOAT16, codes::DOUBLE].contains(&(c as i32)) => c as i32,
            Some(c) => {
                return Err(self.node_error(
                    at,
                    format!("FlexAttention's softmax_precision {c} is not a floating-point type (float, float16, bfloat16, double)"),
                ))
            }
        };

        let mut e = Expansion { prefix: format!("{}/FlexAttention/", at.label), nodes: Vec::new() };
        let (k_aligned, v_aligned) = if self.same_static_heads(&q, &k) {
            // No grouped heads: the repeat would be the identity, and skipping it keeps the
            // static shapes the compiled tier needs.
            (k, v.clone())
        } else {
            let axis2 = e.int64s("Axis2", &[2]);
            let dims = HeadDims {
                batch: e.shape(&q, "BatchSize", 0, 1),
                kv_len: e.shape(&k, "KVSeqLen", -2, -1),
                q_heads: e.shape(&q, "QNumHeads", 1, 2),
                kv_heads: e.shape(&k, "KVNumHeads", 1, 2),
                repeat: String::new(),
                axis2,
            };
            let repeat = e.node("Div", &[&dims.q_heads, &dims.kv_heads], "KVRepeat", vec![]);
            let dims = HeadDims { repeat, ..dims };
            (e.align_heads(&k, "K", &dims), e.align_heads(&v, "V", &dims))
        };

        // The scale in float32 (the attribute, else 1/sqrt(head_size)), its square root cast
        // to Q's type and applied to Q and K before the product, as the reference does.
        let scale_f32 = match scale {
            Some(s) => e.scalar("ScaleFactorF32", float_scalar(s)),
            None => {
                let shape = e.node("Shape", &[&q], "QShapeAll", vec![]);
                let idx = e.scalar(
                    "Idx3Head",
                    crate::proto::TensorProto {
                        data_type: Some(codes::INT64),
                        int64_data: vec![3],
                        ..Default::default()
                    },
                );
                let head = e.node("Gather", &[&shape, &idx], "QKHeadSize", vec![int_attr("axis", 0)]);
                let head_f = e.cast(&head, "QKHeadSizeF", codes::FLOAT);
                let sqrt = e.node("Sqrt", &[&head_f], "SqrtHeadSize", vec![]);
                let one = e.scalar("OneF", float_scalar(1.0));
                e.node("Div", &[&one, &sqrt], "ScaleFactorF32", vec![])
            }
        };
        let sqrt_f32 = e.node("Sqrt", &[&scale_f32], "ScaleFactorSqrtF32", vec![]);
        let sqrt_scale = e.cast(&sqrt_f32, "ScaleFactorSqrt", elem);
        let q_scaled = e.node("Mul", &[&q, &sqrt_scale], "QScaled", vec![]);
        let k_scaled = e.node("Mul", &[&k_aligned, &sqrt_scale], "KScaled", vec![]);
        let perm = AttributeProto {
            name: Some("perm".into()),
            r#type: Some(AttributeType::Ints as i32),
            ints: vec![0, 1, 3, 2],
            ..Default::default()
        };
        let k_t = e.node("Transpose", &[&k_scaled], "KTranspose", vec![perm]);
        let score = e.node("MatMul", &[&q_scaled, &k_t], "Score", vec![]);
        let score = e.cast(&score, "SoftmaxCast", sp);
        let score = match mods.get("score_mod") {
            Some(g) => self.inline_modifier(&mut e, g, &score, "score_mod", at)?,
            None => score,
        };
        let prob = e.node("Softmax", &[&score], "Prob", vec![int_attr("axis", 3)]);
        let prob = match mods.get("prob_mod") {
            Some(g) => self.inline_modifier(&mut e, g, &prob, "prob_mod", at)?,
            None => prob,
        };
        // The product with V in the softmax precision, cast back to V's type.
        if sp == elem {
            e.nodes.push(NodeProto {
                name: Some(e.name("Y")),
                op_type: Some("MatMul".into()),
                input: vec![prob, v_aligned],
                output: vec![y],
                ..Default::default()
            });
        } else {
            let v_sp = e.cast(&v_aligned, "VSp", sp);
            let y_sp = e.node("MatMul", &[&prob, &v_sp], "YSp", vec![]);
            e.nodes.push(NodeProto {
                name: Some(e.name("Y")),
                op_type: Some("Cast".into()),
                input: vec![y_sp],
                output: vec![y],
                attribute: vec![int_attr("to", elem as i64)],
                ..Default::default()
            });
        }
        Ok(e.nodes)
    }

    /// Whether `q` and `k` have the same static number of heads (dimension 1).
    fn same_static_heads(&self, q: &str, k: &str) -> bool {
        let heads = |name: &str| {
            let v = self.scopes.lookup(name)?;
            let dims = self.ctx.shape(self.ctx.value_type(v))?;
            dims.get(1).copied().filter(|&d| d != flowgate_ir::DYNAMIC)
        };
        matches!((heads(q), heads(k)), (Some(a), Some(b)) if a == b)
    }

    /// The ONNX element type code of Q (float, float16, bfloat16 or double).
    fn flex_elem_code(&self, q: &str, at: &At<'_>) -> Result<i32, ImportDiagnostic> {
        let Some(qv) = self.scopes.lookup(q) else {
            return Err(self.node_error(at, format!("input '{q}' is not defined in this graph or any enclosing graph")));
        };
        let ty = self.ctx.value_type(qv);
        let code = self.ctx.element_type(ty).and_then(|t| dtype::dtype_code(self.ctx, t));
        match code {
            Some(c) if [codes::FLOAT, codes::FLOAT16, codes::BFLOAT16, codes::DOUBLE].contains(&c) => Ok(c),
            Some(c) => Err(self.node_error(
                at,
                format!(
                    "FlexAttention's Q has element type {}; it must be float, float16, bfloat16 or double",
                    dtype::dtype_name(c)
                ),
            )),
            None => Err(self.node_error(
                at,
                "FlexAttention needs the element type of Q known at import (declare it in value_info)",
            )),
        }
    }

    /// Appends the nodes of the modifier `g` applied to `input` and returns the name of its
    /// result. `g`'s local names (its input, initializers and node outputs, wherever they are
    /// used, nested graphs included) get the prefix `<node>/<attr>/`; names it captures from
    /// enclosing graphs stay as they are.
    fn inline_modifier(
        &mut self,
        e: &mut Expansion,
        g: &GraphProto,
        input: &str,
        attr: &str,
        at: &At<'_>,
    ) -> Result<String, ImportDiagnostic> {
        if !g.sparse_initializer.is_empty() {
            return Err(self.node_error(at, format!("FlexAttention's {attr}: sparse initializers are not supported")));
        }
        if g.input.len() != 1 || g.output.len() != 1 {
            return Err(self.node_error(
                at,
                format!(
                    "FlexAttention's {attr} must have exactly 1 input and 1 output, it has {} and {}",
                    g.input.len(),
                    g.output.len()
                ),
            ));
        }
        let prefix = format!("{}/{attr}/", at.label);
        let mut map: HashMap<String, String> = HashMap::new();
        let locals = g
            .initializer
            .iter()
            .filter_map(|t| t.name.as_deref())
            .chain(g.node.iter().flat_map(|n| n.output.iter().map(String::as_str)));
        for name in locals.filter(|s| !s.is_empty()) {
            map.insert(name.to_string(), format!("{prefix}{name}"));
        }
        // The formal input is the tensor the modifier applies to (it wins over an initializer
        // of the same name, which would only be its default).
        let formal = g.input[0].name.clone().unwrap_or_default();
        map.insert(formal.clone(), input.to_string());
        let rename = |s: &str| -> String { map.get(s).cloned().unwrap_or_else(|| s.to_string()) };

        for t in &g.initializer {
            let name = t.name.as_deref().unwrap_or("");
            if name == formal {
                continue;
            }
            let out = rename(name);
            e.nodes.push(NodeProto {
                name: Some(out.clone()),
                op_type: Some("Constant".into()),
                output: vec![out],
                attribute: vec![tensor_attr("value", t.clone())],
                ..Default::default()
            });
        }
        for (i, n) in g.node.iter().enumerate() {
            let mut m = n.clone();
            rename_node(&mut m, &rename);
            m.name = Some(format!("{prefix}{}", node_label(n, i)));
            e.nodes.push(m);
        }
        let out = rename(g.output[0].name.as_deref().unwrap_or(""));
        Ok(e.node("Identity", &[&out], &format!("After_{attr}"), vec![]))
    }
}

/// Renames a node's inputs and outputs and, in its subgraphs, every name `rename` maps.
fn rename_node(n: &mut NodeProto, rename: &dyn Fn(&str) -> String) {
    for s in n.input.iter_mut().chain(n.output.iter_mut()) {
        if !s.is_empty() {
            *s = rename(s);
        }
    }
    for a in &mut n.attribute {
        for g in a.g.iter_mut().chain(a.graphs.iter_mut()) {
            rename_graph(g, rename);
        }
    }
}

fn rename_graph(g: &mut GraphProto, rename: &dyn Fn(&str) -> String) {
    for v in g.input.iter_mut().chain(g.output.iter_mut()).chain(g.value_info.iter_mut()) {
        v.name = v.name.as_deref().map(rename);
    }
    for t in &mut g.initializer {
        t.name = t.name.as_deref().map(rename);
    }
    for n in &mut g.node {
        rename_node(n, rename);
    }
}
