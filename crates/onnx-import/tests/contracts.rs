//! Each ONNX contract violation gives its diagnostic, with the graph path and node, and valid
//! scoping (captures at any depth, shadowing, omitted optional inputs) gives none.
//! Models are written in the textual syntax for readability.

use flowgate_onnx_import::proto::{GraphProto, ModelProto, NodeProto, OperatorSetIdProto, ValueInfoProto};
use flowgate_onnx_import::{check_model, parse_model_text, Rule};

const HEADER: &str = "<ir_version: 8, opset_import: [\"\" : 17]>\n";

fn diagnostics(src: &str) -> Vec<String> {
    let model = parse_model_text(src, "case.txt").unwrap_or_else(|e| panic!("{e}"));
    match check_model(&model, "model.onnx") {
        Ok(()) => Vec::new(),
        Err(d) => d.iter().map(|d| d.to_string()).collect(),
    }
}

fn rules(src: &str) -> Vec<Rule> {
    let model = parse_model_text(src, "case.txt").unwrap_or_else(|e| panic!("{e}"));
    match check_model(&model, "model.onnx") {
        Ok(()) => Vec::new(),
        Err(d) => d.iter().map(|d| d.rule).collect(),
    }
}

/// Asserts the exact diagnostics of `body` (a model after the standard header).
fn expect(body: &str, expected: &[&str]) {
    let got = diagnostics(&format!("{HEADER}{body}"));
    assert_eq!(got, expected, "\nfull output:\n{}", got.join("\n"));
}

const IF_BRANCHES: &str =
    "then_branch = t () => (float a) { a = Identity (x) }, else_branch = e () => (float b) { b = Identity (x) }";

#[test]
fn valid_scoping_gives_no_diagnostics() {
    expect(
        "main (bool c, int64 m, float x) => (float y) {
           k = Constant <value_float = 2.0> ()
           y = Loop (m, \"\", x) <body = body (int64 i, bool ci, float x) => (bool co, float xo) {
             co = Identity (ci)
             xo = If (c) <then_branch = t () => (float a) {
               # Three levels down: `k` from main, `x` shadowed by the body input, `i` from the body.
               a0 = Mul (x, k)
               ic = Cast <to = 1> (i)
               a = Add (a0, ic)
             }, else_branch = e () => (float b) { b = Identity (x) }>
           }>
         }",
        &[],
    );
}

#[test]
fn if_takes_exactly_one_input() {
    expect(
        &format!("main (bool c, float x) => (float y) {{ [if_0] y = If (c, x) <{IF_BRANCHES}> }}"),
        &["model.onnx: graph main: node 'if_0' (If): error: If takes exactly one input, the condition, but has 2; branches capture other values by name"],
    );
    expect(
        &format!("main (bool c, float x) => (float y) {{ y = If (\"\") <{IF_BRANCHES}> }}"),
        &["model.onnx: graph main: node 'If#0' (If): error: the condition input of If is empty"],
    );
}

#[test]
fn if_branches_take_no_inputs_and_match_the_output_count() {
    expect(
        "main (bool c, float x) => (float y) {
           y = If (c) <then_branch = t (float z) => (float a) { a = Identity (z) }, else_branch = e () => (float b, float b2) { b = Identity (x) b2 = Identity (x) }>
         }",
        &[
            "model.onnx: graph main: node 'If#0' (If): error: If branch 'then_branch' must have no formal inputs (it captures outer values by name), but has 1",
            "model.onnx: graph main: node 'If#0' (If): error: If branch 'else_branch' has 2 outputs, but the node has 1",
        ],
    );
}

#[test]
fn if_needs_both_branches_with_agreeing_types() {
    expect(
        "main (bool c, float x) => (float y) { y = If (c) <then_branch = t () => (float a) { a = Identity (x) }> }",
        &["model.onnx: graph main: node 'If#0' (If): error: If needs the graph attribute 'else_branch'"],
    );
    expect(
        "main (bool c, float x, int64 n) => (float y) {
           y = If (c) <then_branch = t () => (float a) { a = Identity (x) }, else_branch = e () => (int64 b) { b = Identity (n) }>
         }",
        &["model.onnx: graph main: node 'If#0' (If): error: If output #0: then_branch output 'a' is tensor(float) but else_branch output 'b' is tensor(int64)"],
    );
    expect(
        &format!("main (float c, float x) => (float y) {{ y = If (c) <{IF_BRANCHES}> }}"),
        &["model.onnx: graph main: node 'If#0' (If): error: the condition 'c' must be tensor(bool), found tensor(float)"],
    );
}

const LOOP_BODY_OK: &str = "body = b (int64 i, bool ci, float v) => (bool co, float vo, float s) { co = Identity (ci) vo = Identity (v) s = Identity (v) }";

#[test]
fn loop_node_and_body_arities() {
    // N = 1 carried value, K = 1 scan output: body needs 2+N = 3 inputs and 1+N+K = 3 outputs.
    expect(
        &format!(
            "main (int64 m, float x) => (float y, float[N] s) {{ [loop_0] y, s = Loop (m, \"\", x) <{LOOP_BODY_OK}> }}"
        ),
        &[],
    );
    expect(
        "main (int64 m, float x) => (float y, float[N] s) {
           [loop_0] y, s = Loop (m, \"\", x) <body = b (int64 i, bool ci) => (bool co, float vo) { co = Identity (ci) vo = Identity (x) }>
         }",
        &[
            "model.onnx: graph main: node 'loop_0' (Loop): error: Loop body has 2 inputs, expected 2 + N = 3 (iteration number, condition and N = 1 loop-carried values)",
            "model.onnx: graph main: node 'loop_0' (Loop): error: Loop body has 2 outputs, expected 1 + N + K = 3 (condition, N = 1 loop-carried values and K = 1 scan outputs)",
        ],
    );
    expect(
        &format!("main (int64 m) => (float y) {{ y = Loop (m) <{LOOP_BODY_OK}> }}"),
        &["model.onnx: graph main: node 'Loop#0' (Loop): error: Loop needs at least 2 inputs (trip count M and condition, either may be \"\"), but has 1"],
    );
    expect(
        &format!("main (int64 m, float x, float x2) => (float y) {{ y = Loop (m, \"\", x, x2) <{LOOP_BODY_OK}> }}"),
        &["model.onnx: graph main: node 'Loop#0' (Loop): error: Loop has N = 2 loop-carried inputs but only 1 outputs; it needs N final values and then K scan outputs"],
    );
    expect(
        "main (int64 m, float x) => (float y) { y = Loop (m, \"\", x) }",
        &["model.onnx: graph main: node 'Loop#0' (Loop): error: Loop needs the graph attribute 'body'"],
    );
}

#[test]
fn loop_carried_and_iteration_types_agree() {
    expect(
        "main (int64 m, float x) => (float y) {
           y = Loop (m, \"\", x) <body = b (float i, bool ci, int64 v) => (bool co, int64 vo) { co = Identity (ci) vo = Identity (v) }>
         }",
        &[
            "model.onnx: graph main: node 'Loop#0' (Loop): error: Loop body input 0 (iteration number) 'i' must be tensor(int64), found tensor(float)",
            "model.onnx: graph main: node 'Loop#0' (Loop): error: loop-carried value #0: node input 'x' is tensor(float) but body input 'v' is tensor(int64)",
            "model.onnx: graph main: node 'Loop#0' (Loop): error: loop-carried value #0: body output 'vo' is tensor(int64) but node output 'y' is tensor(float)",
        ],
    );
    expect(
        "main (float m, float x) => (float y) {
           y = Loop (m, x, x) <body = b (int64 i, bool ci, float v) => (bool co, float vo) { co = Identity (ci) vo = Identity (v) }>
         }",
        &[
            "model.onnx: graph main: node 'Loop#0' (Loop): error: the trip count 'm' must be tensor(int64), found tensor(float)",
            "model.onnx: graph main: node 'Loop#0' (Loop): error: the loop condition 'x' must be tensor(bool), found tensor(float)",
        ],
    );
}

const SCAN_BODY_OK: &str = "body = b (float[2] acc, float[2] xi) => (float[2] acc_o, float[2] yi) { acc_o = Add (acc, xi) yi = Identity (acc_o) }";

#[test]
fn scan_attributes_and_arities() {
    // N = 1 state, M = 1 scan input, K = 1 scan output.
    expect(&format!("main (float[2] s, float[3,2] xs) => (float[2] f, float[3,2] ys) {{ f, ys = Scan <num_scan_inputs = 1, {SCAN_BODY_OK}> (s, xs) }}"), &[]);
    expect(
        &format!("main (float[2] s, float[3,2] xs) => (float[2] f, float[3,2] ys) {{ f, ys = Scan <{SCAN_BODY_OK}> (s, xs) }}"),
        &["model.onnx: graph main: node 'Scan#0' (Scan): error: Scan needs the integer attribute 'num_scan_inputs'"],
    );
    expect(
        &format!("main (float[2] s, float[3,2] xs) => (float[2] f, float[3,2] ys) {{ f, ys = Scan <num_scan_inputs = 3, {SCAN_BODY_OK}> (s, xs) }}"),
        &["model.onnx: graph main: node 'Scan#0' (Scan): error: num_scan_inputs is 3, but must be between 1 and the number of inputs (2)"],
    );
    expect(
        "main (float[2] s, float[3,2] xs) => (float[2] f, float[3,2] ys) {
           [scan] f, ys = Scan <num_scan_inputs = 1, body = b (float[2] acc) => (float[2] acc_o) { acc_o = Identity (acc) }> (s, xs)
         }",
        &[
            "model.onnx: graph main: node 'scan' (Scan): error: Scan body has 1 inputs, expected N + M = 2 (N = 1 state variables and M = 1 scan input slices)",
            "model.onnx: graph main: node 'scan' (Scan): error: Scan body has 1 outputs, expected N + K = 2 (N = 1 state variables and K = 1 scan output slices)",
        ],
    );
}

#[test]
fn scan_axes_and_directions() {
    expect(
        &format!(
            "main (float[2] s, float[3,2] xs) => (float[2] f, float[3,2] ys) {{
               f, ys = Scan <num_scan_inputs = 1, scan_input_axes = [0, 1], scan_input_directions = [2], scan_output_axes = [2], scan_output_directions = [1], {SCAN_BODY_OK}> (s, xs)
             }}"
        ),
        &[
            "model.onnx: graph main: node 'Scan#0' (Scan): error: scan_input_axes has 2 entries, but there are M = 1 scan inputs",
            "model.onnx: graph main: node 'Scan#0' (Scan): error: scan_input_directions[0] is 2, but must be 0 (forward) or 1 (reverse)",
            "model.onnx: graph main: node 'Scan#0' (Scan): error: scan_output_axes[0] is 2, out of range for rank 2 (allowed -2..=1)",
        ],
    );
    expect(
        &format!(
            "main (float[2] s, float[3,2] xs) => (float[2] f, float[3,2] ys) {{
               f, ys = Scan <num_scan_inputs = 1, scan_input_axes = [-3], {SCAN_BODY_OK}> (s, xs)
             }}"
        ),
        &["model.onnx: graph main: node 'Scan#0' (Scan): error: scan_input_axes[0] is -3, out of range for rank 2 (allowed -2..=1)"],
    );
}

#[test]
fn scan_state_and_slice_types_agree() {
    expect(
        "main (float[2] s, int64[3,2] xs) => (float[2] f, float[3,2] ys) {
           f, ys = Scan <num_scan_inputs = 1, body = b (double[2] acc, float[2,2] xi) => (double[2] acc_o, float[2] yi) { acc_o = Identity (acc) yi = Identity (xi) }> (s, xs)
         }",
        &[
            "model.onnx: graph main: node 'Scan#0' (Scan): error: state variable #0: node input 's' is tensor(float) but body input 'acc' is tensor(double)",
            "model.onnx: graph main: node 'Scan#0' (Scan): error: state variable #0: body output 'acc_o' is tensor(double) but node output 'f' is tensor(float)",
            "model.onnx: graph main: node 'Scan#0' (Scan): error: scan input #0: node input 'xs' has element type int64 but body input 'xi' has float",
            "model.onnx: graph main: node 'Scan#0' (Scan): error: scan input #0: body input 'xi' has rank 2, but a slice of node input 'xs' (rank 2) has rank 1",
        ],
    );
}

#[test]
fn names_resolve_in_enclosing_scopes_only() {
    // The example of the design: a name unknown at any depth, reported with the graph path.
    expect(
        "main (int64 m, float x) => (float y) {
           [loop_0] y = Loop (m, \"\", x) <body = b (int64 i, bool ci, float v) => (bool co, float vo) {
             co = Identity (ci)
             t1 = Identity (v)
             t2 = Identity (t1)
             [add_3] vo = Add (t2, q)
           }>
         }",
        &["model.onnx: graph main/loop_0/body: node 'add_3' (Add): error: input 'q' is not defined in this graph or any enclosing graph"],
    );
    // A body value does not leak out; a later outer value is not visible yet.
    expect(
        "main (int64 m, float x) => (float y, float z) {
           y = Loop (m, \"\", x) <body = b (int64 i, bool ci, float v) => (bool co, float vo) { co = Identity (ci) inner = Identity (late) vo = Identity (inner) }>
           z = Identity (inner)
           late = Identity (x)
         }",
        &[
            "model.onnx: graph main/Loop#0/body: node 'Identity#1' (Identity): error: input 'late' is used before the node that produces it",
            "model.onnx: graph main: node 'Identity#1' (Identity): error: input 'inner' is not defined in this graph or any enclosing graph",
        ],
    );
}

#[test]
fn ssa_outputs_and_graph_outputs() {
    expect(
        "main (float x) => (float y, float w) {
           y = Identity (x)
           y = Neg (x)
           x = Abs (y)
         }",
        &[
            "model.onnx: graph main: node 'Neg#1' (Neg): error: output 'y' is already defined in this graph (graphs are in SSA form)",
            "model.onnx: graph main: node 'Abs#2' (Abs): error: output 'x' is already defined in this graph (graphs are in SSA form)",
            "model.onnx: graph main: error: graph output 'w' is not produced by any node, input or initializer in scope",
        ],
    );
    // Omitted optional inputs are fine; a body may shadow an outer name.
    expect(
        "main (float x) => (float y) {
           y = Clip (x, \"\", \"\")
         }",
        &[],
    );
}

#[test]
fn opsets_are_checked() {
    let src = |v: i64| {
        format!("<ir_version: 8, opset_import: [\"\" : {v}]>\nmain (float x) => (float y) {{ y = Identity (x) }}")
    };
    for ok in [11, 17, 27, 28] {
        assert!(diagnostics(&src(ok)).is_empty(), "opset {ok}");
    }
    assert_eq!(
        diagnostics(&src(10)),
        ["model.onnx: error: opset 10 of the default domain is not supported (supported: 11 to 28)"]
    );
    assert_eq!(
        diagnostics(&src(29)),
        ["model.onnx: error: opset 29 of the default domain is not supported (supported: 11 to 28)"]
    );
    assert_eq!(
        diagnostics("<ir_version: 8, opset_import: [\"\" : 17]>\nmain (float x) => (float y) { y = com.acme.Foo (x) }"),
        ["model.onnx: graph main: node 'Foo#0' (Foo): error: node uses domain 'com.acme', which the model does not import"]
    );
    assert_eq!(
        diagnostics("<ir_version: 8, opset_import: [\"com.acme\" : 1]>\nmain (float x) => (float y) { y = Identity (x) }"),
        ["model.onnx: graph main: node 'Identity#0' (Identity): error: node uses the default domain (ai.onnx), which the model does not import"]
    );
}

#[test]
fn all_violations_are_collected_in_reading_order() {
    let got = rules(&format!(
        "<ir_version: 8, opset_import: [\"\" : 17]>
         main (bool c, int64 m, float x) => (float y, float z) {{
           y = If (c, x) <{IF_BRANCHES}>
           z = Loop (m, \"\", x) <body = b (int64 i, bool ci) => (bool co, float vo) {{ co = Identity (ci) vo = Identity (nope) }}>
         }}"
    ));
    assert_eq!(got, [Rule::IfInputCount, Rule::LoopBodyInputs, Rule::UndefinedName]);
}

#[test]
fn functions_are_checked_in_their_own_scope() {
    let got = diagnostics(
        "<ir_version: 9, opset_import: [\"\" : 18, \"local\" : 1]>
         main (float x) => (float y) { y = local.F (x) }
         <domain: \"local\", opset_import: [\"\" : 18]>
         F (a) => (b) { b = Add (a, x) }",
    );
    assert_eq!(got, ["model.onnx: function local.F: node 'Add#0' (Add): error: input 'x' is not defined in this graph or any enclosing graph"]);
}

/// Fuzzing found that names with newlines broke the one-line form; they are escaped.
#[test]
fn names_with_newlines_stay_on_one_line() {
    let model = ModelProto {
        ir_version: Some(8),
        opset_import: vec![OperatorSetIdProto { domain: Some(String::new()), version: Some(17) }],
        graph: Some(GraphProto {
            name: Some("g\nh".into()),
            node: vec![NodeProto {
                name: Some("n\n1".into()),
                op_type: Some("Add\n".into()),
                input: vec!["a\nb".into()],
                output: vec!["y".into()],
                ..Default::default()
            }],
            output: vec![ValueInfoProto { name: Some("y".into()), ..Default::default() }],
            ..Default::default()
        }),
        ..Default::default()
    };
    let d = check_model(&model, "m\n.onnx").unwrap_err().to_string();
    assert_eq!(d, "m\\n.onnx: graph g\\nh: node 'n\\n1' (Add\\n): error: input 'a\\nb' is not defined in this graph or any enclosing graph");
}
