//! The `If`, `Loop` and `Scan` contracts of the ONNX specification, judged on one node.
//!
//! These functions only look; the graph walker supplies the types it knows and recurses into
//! the subgraphs itself, so each rule here reads as the specification states it.

use super::diagnostic::Rule;
use super::types::{compatible, describe, elem_name, is_tensor_of, tensor_elem, tensor_rank};
use crate::proto::tensor_proto::DataType;
use crate::proto::{GraphProto, NodeProto, TypeProto, ValueInfoProto};
use crate::walk::attribute;

/// One violated rule, before the walker attaches the location.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Finding {
    pub rule: Rule,
    pub message: String,
}

/// Declared types of a node's operands and results, where the enclosing graphs state them.
pub(super) struct NodeTypes<'a> {
    pub inputs: Vec<Option<&'a TypeProto>>,
    pub outputs: Vec<Option<&'a TypeProto>>,
}

impl<'a> NodeTypes<'a> {
    fn input(&self, i: usize) -> Option<&'a TypeProto> {
        self.inputs.get(i).copied().flatten()
    }
    fn output(&self, i: usize) -> Option<&'a TypeProto> {
        self.outputs.get(i).copied().flatten()
    }
}

/// Applies the control-flow contract of `node` if it is a default-domain `If`, `Loop` or `Scan`.
pub(super) fn check_node(node: &NodeProto, types: &NodeTypes<'_>) -> Vec<Finding> {
    let mut out = Findings(Vec::new());
    if !matches!(node.domain.as_deref(), None | Some("") | Some("ai.onnx")) {
        return out.0;
    }
    match node.op_type.as_deref() {
        Some("If") => check_if(node, types, &mut out),
        Some("Loop") => check_loop(node, types, &mut out),
        Some("Scan") => check_scan(node, types, &mut out),
        _ => {}
    }
    out.0
}

struct Findings(Vec<Finding>);

impl Findings {
    fn push(&mut self, rule: Rule, message: String) {
        self.0.push(Finding { rule, message });
    }

    /// Reports `a` and `b` when both are known and differ in kind or element type.
    fn agree(&mut self, what: &str, a_name: String, a: Option<&TypeProto>, b_name: String, b: Option<&TypeProto>) {
        if let (Some(a), Some(b)) = (a, b) {
            if !compatible(a, b) {
                self.push(
                    Rule::TypeMismatch,
                    format!("{what}: {a_name} is {} but {b_name} is {}", describe(a), describe(b)),
                );
            }
        }
    }

    /// Reports `t` when it is known and is not a tensor of `dt`.
    fn expect_tensor(&mut self, what: String, t: Option<&TypeProto>, dt: DataType) {
        if let Some(t) = t {
            if is_tensor_of(t, dt) == Some(false) {
                self.push(
                    Rule::TypeMismatch,
                    format!("{what} must be tensor({}), found {}", elem_name(dt as i32), describe(t)),
                );
            }
        }
    }

    /// The subgraph held by attribute `name`, reporting its absence.
    fn graph_attr<'n>(&mut self, node: &'n NodeProto, name: &str) -> Option<&'n GraphProto> {
        let op = node.op_type.as_deref().unwrap_or("");
        match attribute(node, name) {
            None => {
                self.push(Rule::MissingSubgraph, format!("{op} needs the graph attribute '{name}'"));
                None
            }
            Some(a) => match &a.g {
                Some(g) => Some(g),
                None => {
                    self.push(Rule::MissingSubgraph, format!("attribute '{name}' of {op} must be a graph"));
                    None
                }
            },
        }
    }
}

fn vi_type(vi: &ValueInfoProto) -> Option<&TypeProto> {
    vi.r#type.as_ref()
}

fn vi_name(vi: &ValueInfoProto) -> &str {
    vi.name.as_deref().unwrap_or("")
}

fn at<'a>(list: &'a [ValueInfoProto], i: usize) -> Option<&'a ValueInfoProto> {
    list.get(i)
}

fn check_if(node: &NodeProto, t: &NodeTypes<'_>, out: &mut Findings) {
    let n_in = node.input.len();
    if n_in != 1 {
        out.push(
            Rule::IfInputCount,
            format!("If takes exactly one input, the condition, but has {n_in}; branches capture other values by name"),
        );
    } else if node.input[0].is_empty() {
        out.push(Rule::IfInputCount, "the condition input of If is empty".to_string());
    } else {
        out.expect_tensor(format!("the condition '{}'", node.input[0]), t.input(0), DataType::Bool);
    }
    let then_g = out.graph_attr(node, "then_branch");
    let else_g = out.graph_attr(node, "else_branch");
    let n_out = node.output.len();
    for (name, g) in [("then_branch", then_g), ("else_branch", else_g)] {
        let Some(g) = g else { continue };
        if !g.input.is_empty() {
            out.push(
                Rule::IfBranchInputs,
                format!(
                    "If branch '{name}' must have no formal inputs (it captures outer values by name), but has {}",
                    g.input.len()
                ),
            );
        }
        if g.output.len() != n_out {
            out.push(
                Rule::IfBranchOutputs,
                format!("If branch '{name}' has {} outputs, but the node has {n_out}", g.output.len()),
            );
        }
    }
    let (Some(tg), Some(eg)) = (then_g, else_g) else { return };
    if tg.output.len() != n_out || eg.output.len() != n_out {
        return;
    }
    for i in 0..n_out {
        let (to, eo) = (&tg.output[i], &eg.output[i]);
        out.agree(
            &format!("If output #{i}"),
            format!("then_branch output '{}'", vi_name(to)),
            vi_type(to),
            format!("else_branch output '{}'", vi_name(eo)),
            vi_type(eo),
        );
        out.agree(
            &format!("If output #{i}"),
            format!("then_branch output '{}'", vi_name(to)),
            vi_type(to),
            format!("node output '{}'", node.output[i]),
            t.output(i),
        );
    }
}

fn check_loop(node: &NodeProto, t: &NodeTypes<'_>, out: &mut Findings) {
    let body = out.graph_attr(node, "body");
    let n_in = node.input.len();
    if n_in < 2 {
        out.push(
            Rule::LoopNodeArity,
            format!("Loop needs at least 2 inputs (trip count M and condition, either may be \"\"), but has {n_in}"),
        );
        return;
    }
    let n = n_in - 2;
    let n_out = node.output.len();
    if n_out < n {
        out.push(
            Rule::LoopNodeArity,
            format!("Loop has N = {n} loop-carried inputs but only {n_out} outputs; it needs N final values and then K scan outputs"),
        );
        return;
    }
    let k = n_out - n;
    if !node.input[0].is_empty() {
        out.expect_tensor(format!("the trip count '{}'", node.input[0]), t.input(0), DataType::Int64);
    }
    if !node.input[1].is_empty() {
        out.expect_tensor(format!("the loop condition '{}'", node.input[1]), t.input(1), DataType::Bool);
    }
    let Some(body) = body else { return };
    let (bi, bo) = (body.input.len(), body.output.len());
    if bi != 2 + n {
        out.push(
            Rule::LoopBodyInputs,
            format!(
                "Loop body has {bi} inputs, expected 2 + N = {} (iteration number, condition and N = {n} loop-carried values)",
                2 + n
            ),
        );
    }
    if bo != 1 + n + k {
        out.push(
            Rule::LoopBodyOutputs,
            format!(
                "Loop body has {bo} outputs, expected 1 + N + K = {} (condition, N = {n} loop-carried values and K = {k} scan outputs)",
                1 + n + k
            ),
        );
    }
    if let Some(v) = at(&body.input, 0) {
        out.expect_tensor(
            format!("Loop body input 0 (iteration number) '{}'", vi_name(v)),
            vi_type(v),
            DataType::Int64,
        );
    }
    if let Some(v) = at(&body.input, 1) {
        out.expect_tensor(format!("Loop body input 1 (condition) '{}'", vi_name(v)), vi_type(v), DataType::Bool);
    }
    if let Some(v) = at(&body.output, 0) {
        out.expect_tensor(format!("Loop body output 0 (condition) '{}'", vi_name(v)), vi_type(v), DataType::Bool);
    }
    if bi != 2 + n || bo != 1 + n + k {
        return;
    }
    for i in 0..n {
        let what = format!("loop-carried value #{i}");
        let (bin, bout) = (&body.input[2 + i], &body.output[1 + i]);
        out.agree(
            &what,
            format!("node input '{}'", node.input[2 + i]),
            t.input(2 + i),
            format!("body input '{}'", vi_name(bin)),
            vi_type(bin),
        );
        out.agree(
            &what,
            format!("body input '{}'", vi_name(bin)),
            vi_type(bin),
            format!("body output '{}'", vi_name(bout)),
            vi_type(bout),
        );
        out.agree(
            &what,
            format!("body output '{}'", vi_name(bout)),
            vi_type(bout),
            format!("node output '{}'", node.output[i]),
            t.output(i),
        );
    }
    for j in 0..k {
        let bout = &body.output[1 + n + j];
        scan_elem_agree(out, &format!("scan output #{j}"), bout, &node.output[n + j], t.output(n + j));
    }
}

/// A scan output stacks per-iteration tensors: the element types must match.
fn scan_elem_agree(
    out: &mut Findings,
    what: &str,
    body_out: &ValueInfoProto,
    node_out: &str,
    node_t: Option<&TypeProto>,
) {
    let b = vi_type(body_out).and_then(tensor_elem);
    let o = node_t.and_then(tensor_elem);
    if let (Some(b), Some(o)) = (b, o) {
        if b != o {
            out.push(
                Rule::TypeMismatch,
                format!(
                    "{what}: body output '{}' has element type {} but node output '{node_out}' has {}",
                    vi_name(body_out),
                    elem_name(b),
                    elem_name(o)
                ),
            );
        }
    }
}

fn check_scan(node: &NodeProto, t: &NodeTypes<'_>, out: &mut Findings) {
    let body = out.graph_attr(node, "body");
    let (n_in, n_out) = (node.input.len(), node.output.len());
    let Some(m) = attribute(node, "num_scan_inputs").and_then(|a| a.i) else {
        out.push(Rule::ScanNodeArity, "Scan needs the integer attribute 'num_scan_inputs'".to_string());
        return;
    };
    if m < 1 || m > n_in as i64 {
        out.push(
            Rule::ScanNodeArity,
            format!("num_scan_inputs is {m}, but must be between 1 and the number of inputs ({n_in})"),
        );
        return;
    }
    let m = m as usize;
    let n = n_in - m;
    if n_out < n {
        out.push(
            Rule::ScanNodeArity,
            format!("Scan has N = {n} state variables but only {n_out} outputs; it needs N final states and then K scan outputs"),
        );
        return;
    }
    let k = n_out - n;
    check_scan_axes(node, t, body, n, m, k, out);
    let Some(body) = body else { return };
    let (bi, bo) = (body.input.len(), body.output.len());
    if bi != n + m {
        out.push(
            Rule::ScanBodyInputs,
            format!("Scan body has {bi} inputs, expected N + M = {} (N = {n} state variables and M = {m} scan input slices)", n + m),
        );
    }
    if bo != n + k {
        out.push(
            Rule::ScanBodyOutputs,
            format!("Scan body has {bo} outputs, expected N + K = {} (N = {n} state variables and K = {k} scan output slices)", n + k),
        );
    }
    if bi != n + m || bo != n + k {
        return;
    }
    for i in 0..n {
        let what = format!("state variable #{i}");
        let (bin, bout) = (&body.input[i], &body.output[i]);
        out.agree(
            &what,
            format!("node input '{}'", node.input[i]),
            t.input(i),
            format!("body input '{}'", vi_name(bin)),
            vi_type(bin),
        );
        out.agree(
            &what,
            format!("body input '{}'", vi_name(bin)),
            vi_type(bin),
            format!("body output '{}'", vi_name(bout)),
            vi_type(bout),
        );
        out.agree(
            &what,
            format!("body output '{}'", vi_name(bout)),
            vi_type(bout),
            format!("node output '{}'", node.output[i]),
            t.output(i),
        );
    }
    for j in 0..m {
        let bin = &body.input[n + j];
        let outer = t.input(n + j);
        let (be, oe) = (vi_type(bin).and_then(tensor_elem), outer.and_then(tensor_elem));
        if let (Some(be), Some(oe)) = (be, oe) {
            if be != oe {
                out.push(
                    Rule::TypeMismatch,
                    format!(
                        "scan input #{j}: node input '{}' has element type {} but body input '{}' has {}",
                        node.input[n + j],
                        elem_name(oe),
                        vi_name(bin),
                        elem_name(be)
                    ),
                );
            }
        }
        let (br, or) = (vi_type(bin).and_then(tensor_rank), outer.and_then(tensor_rank));
        if let (Some(br), Some(or)) = (br, or) {
            if br + 1 != or {
                out.push(
                    Rule::TypeMismatch,
                    format!(
                        "scan input #{j}: body input '{}' has rank {br}, but a slice of node input '{}' (rank {or}) has rank {}",
                        vi_name(bin),
                        node.input[n + j],
                        or.saturating_sub(1)
                    ),
                );
            }
        }
    }
    for j in 0..k {
        scan_elem_agree(out, &format!("scan output #{j}"), &body.output[n + j], &node.output[n + j], t.output(n + j));
    }
}

/// `scan_input_axes`/`scan_input_directions` have M entries, the output ones K; axes must be
/// valid for the ranks involved (a scan output has one more dimension than its body slice).
fn check_scan_axes(
    node: &NodeProto,
    t: &NodeTypes<'_>,
    body: Option<&GraphProto>,
    n: usize,
    m: usize,
    k: usize,
    out: &mut Findings,
) {
    let ints = |name: &str| attribute(node, name).map(|a| a.ints.as_slice());
    for (name, want, what) in [
        ("scan_input_axes", m, "M"),
        ("scan_input_directions", m, "M"),
        ("scan_output_axes", k, "K"),
        ("scan_output_directions", k, "K"),
    ] {
        let Some(values) = ints(name) else { continue };
        if values.len() != want {
            out.push(
                Rule::ScanAxes,
                format!(
                    "{name} has {} entries, but there are {what} = {want} {}",
                    values.len(),
                    if what == "M" { "scan inputs" } else { "scan outputs" }
                ),
            );
            continue;
        }
        for (j, &v) in values.iter().enumerate() {
            if name.ends_with("directions") {
                if v != 0 && v != 1 {
                    out.push(Rule::ScanAxes, format!("{name}[{j}] is {v}, but must be 0 (forward) or 1 (reverse)"));
                }
                continue;
            }
            // Rank of the tensor the axis indexes: the scan input, or the stacked scan output.
            let rank = if name == "scan_input_axes" {
                t.input(n + j).and_then(tensor_rank)
            } else {
                body.and_then(|b| b.output.get(n + j)).and_then(vi_type).and_then(tensor_rank).map(|r| r + 1)
            };
            if let Some(r) = rank {
                let r = r as i64;
                if v < -r || v >= r {
                    out.push(
                        Rule::ScanAxes,
                        format!("{name}[{j}] is {v}, out of range for rank {r} (allowed {}..={})", -r, r - 1),
                    );
                }
            }
        }
    }
}
