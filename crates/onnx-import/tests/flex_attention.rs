//! `ai.onnx.preview.FlexAttention` is imported as its function body's ops with the modifier
//! graphs inlined (the node suite checks the numbers; these check the form and the errors).

use flowgate_ir::asm::{print_op, PrintFlags};
use flowgate_ir::Context;
use flowgate_onnx_import::{import_model_to_ir, parse_model_text};

fn import(src: &str) -> Result<String, Vec<String>> {
    let mut ctx = Context::new();
    flowgate_registry::register_all_dialects(&mut ctx);
    let model = parse_model_text(src, "m.onnxtxt").expect("parses");
    match import_model_to_ir(&mut ctx, &model, "m.onnx") {
        Ok(m) => Ok(print_op(&ctx, m.module, PrintFlags::default())),
        Err(d) => Err(d.iter().map(|d| d.to_string()).collect()),
    }
}

fn model(opset: i64, ty: &str, q_heads: i64, kv_heads: i64, attrs: &str) -> String {
    let a = if attrs.is_empty() { String::new() } else { format!("<{attrs}>") };
    format!(
        "<ir_version: 10, opset_import: [\"\" : {opset}, \"ai.onnx.preview\" : 1]>\n\
         g ({ty}[1,{q_heads},3,4] q, {ty}[1,{kv_heads},5,4] k, {ty}[1,{kv_heads},5,2] v) => ({ty}[1,{q_heads},3,2] y) {{\n\
           [attn] y = ai.onnx.preview.FlexAttention {a} (q, k, v)\n\
         }}"
    )
}

#[test]
fn grouped_heads_are_repeated_and_equal_heads_are_not() {
    let gqa = import(&model(26, "float", 4, 2, "")).unwrap();
    assert!(!gqa.contains("onnx.FlexAttention"), "{gqa}");
    assert_eq!(gqa.matches("\"onnx.Expand\"").count(), 2, "K and V are repeated: {gqa}");
    assert_eq!(gqa.matches("\"onnx.Softmax\"").count(), 1, "{gqa}");
    let mha = import(&model(26, "float", 2, 2, "")).unwrap();
    assert!(!mha.contains("onnx.Expand"), "{mha}");
    // Static shapes survive: the scores are [1, 2, 3, 5] and the result [1, 2, 3, 2].
    assert!(mha.contains("-> tensor<1x2x3x5xf32>"), "{mha}");
}

#[test]
fn float16_computes_softmax_and_the_value_product_in_float() {
    let ir = import(&model(26, "float16", 2, 2, "scale = 0.5")).unwrap();
    // Scores cast to float, V cast to float, the result cast back to float16.
    assert_eq!(ir.matches("{to = 1 : i64}").count(), 2, "{ir}");
    assert!(ir.contains("{to = 10 : i64} : (tensor<1x2x3x2xf32>) -> tensor<1x2x3x2xf16>"), "{ir}");
    let ir = import(&model(26, "float", 2, 2, "softmax_precision = 11")).unwrap();
    assert!(ir.contains("{to = 11 : i64}"), "{ir}");
}

#[test]
fn modifier_locals_are_renamed_in_nested_graphs_and_captures_kept() {
    // The modifier captures the outer `bias` and uses its own `c` inside a nested If.
    let src = "<ir_version: 10, opset_import: [\"\" : 26, \"ai.onnx.preview\" : 1]>\n\
        g (float[1,1,2,2] q, bool flag) => (float[1,1,2,2] y) {\n\
          bias = Constant <value = float {1}> ()\n\
          [attn] y = ai.onnx.preview.FlexAttention <score_mod: graph = m (float[1,1,2,2] s) => (float[1,1,2,2] r) <float c = {2}> {\n\
            t = Add (s, bias)\n\
            r = If (flag) <then_branch: graph = a () => (float[1,1,2,2] o) { o = Mul (t, c) },\n\
                          else_branch: graph = b () => (float[1,1,2,2] o2) { o2 = Identity (t) }>\n\
          }> (q, q, q)\n\
        }";
    let ir = import(src).unwrap();
    assert!(ir.contains("\"onnx.If\""), "{ir}");
    assert!(!ir.contains("onnx.FlexAttention"), "{ir}");
}

#[test]
fn errors_name_the_node() {
    let e = import(&model(14, "float", 2, 2, "")).unwrap_err();
    assert_eq!(
        e,
        ["m.onnx: graph g: node 'attn' (FlexAttention): error: FlexAttention needs the default domain imported at opset 15 or later (the model imports 14)"]
    );
    let e = import(&model(26, "int32", 2, 2, "")).unwrap_err();
    assert!(e[0].contains("node 'attn' (FlexAttention): error: FlexAttention's Q has element type int32"), "{e:?}");
    let e = import(&model(26, "float", 2, 2, "softmax_precision = 7")).unwrap_err();
    assert!(e[0].contains("softmax_precision 7 is not a floating-point type"), "{e:?}");
}
