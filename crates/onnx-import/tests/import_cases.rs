//! Import cases built as protos: features the text syntax cannot express (sparse tensors, raw
//! data), the drivers' entry points, and robustness against corrupted files.

use std::path::{Path, PathBuf};

use flowgate_ir::asm::{print_op, PrintFlags};
use flowgate_ir::Context;
use flowgate_onnx_import::proto::{
    AttributeProto, ModelProto, NodeProto, OperatorSetIdProto, SparseTensorProto, TensorProto,
};
use flowgate_onnx_import::{decode_model_named, import_file_to_module, import_model_to_ir, parse_model_text};

fn context() -> Context {
    let mut ctx = Context::new();
    flowgate_registry::register_all_dialects(&mut ctx);
    ctx
}

fn model_from_text(src: &str) -> ModelProto {
    parse_model_text(src, "m.onnxtxt").expect("parses")
}

fn import_err(model: &ModelProto) -> Vec<String> {
    let mut ctx = context();
    match import_model_to_ir(&mut ctx, model, "m.onnx") {
        Ok(_) => panic!("imported"),
        Err(d) => d.iter().map(|d| d.to_string()).collect(),
    }
}

fn import_text(model: &ModelProto) -> String {
    let mut ctx = context();
    let m = import_model_to_ir(&mut ctx, model, "m.onnx").unwrap_or_else(|d| panic!("{d:?}"));
    print_op(&ctx, m.module, PrintFlags::default())
}

const BASE: &str = r#"<ir_version: 8, opset_import: ["" : 17]> g (float[2] x) => (float[2] y) { y = Identity (x) }"#;

#[test]
fn sparse_tensor_attributes_and_initializers_are_rejected_by_name() {
    let mut m = model_from_text(BASE);
    let g = m.graph.as_mut().expect("graph");
    g.node[0].attribute.push(AttributeProto {
        name: Some("st".into()),
        r#type: Some(11),
        sparse_tensor: Some(SparseTensorProto::default()),
        ..Default::default()
    });
    assert_eq!(
        import_err(&m),
        ["m.onnx: graph g: node 'Identity#0' (Identity): error: attribute 'st': sparse tensor attributes are not supported"]
    );
    let mut m = model_from_text(BASE);
    let g = m.graph.as_mut().expect("graph");
    g.sparse_initializer.push(SparseTensorProto {
        values: Some(TensorProto { name: Some("sp".into()), data_type: Some(1), ..Default::default() }),
        ..Default::default()
    });
    assert_eq!(import_err(&m), ["m.onnx: graph g: error: sparse initializers are not supported"]);
}

#[test]
fn raw_data_initializers_of_half_types_become_constants() {
    let mut m = model_from_text(BASE);
    let g = m.graph.as_mut().expect("graph");
    let bits: Vec<u8> = [1.5f32, -0.25].iter().flat_map(|&f| half::bf16::from_f32(f).to_le_bytes()).collect();
    g.initializer.push(TensorProto {
        name: Some("w".into()),
        data_type: Some(16),
        dims: vec![2],
        raw_data: Some(bits),
        ..Default::default()
    });
    g.node.push(NodeProto {
        op_type: Some("Identity".into()),
        input: vec!["w".into()],
        output: vec!["w2".into()],
        ..Default::default()
    });
    let text = import_text(&m);
    assert!(
        text.contains(r#""onnx.Constant"() {value = dense<[1.500000e+00, -2.500000e-01]> : tensor<2xbf16>} : () -> tensor<2xbf16>"#),
        "{text}"
    );
    assert!(text.contains(r#""onnx.Identity"(%0) : (tensor<2xbf16>) -> tensor<2xbf16>"#), "{text}");
}

#[test]
fn an_initializer_that_is_also_an_input_stays_an_argument() {
    let mut m = model_from_text(BASE);
    let g = m.graph.as_mut().expect("graph");
    g.initializer.push(TensorProto {
        name: Some("x".into()),
        data_type: Some(1),
        dims: vec![2],
        float_data: vec![1.0, 2.0],
        ..Default::default()
    });
    let text = import_text(&m);
    assert!(!text.contains("onnx.Constant"), "{text}");
    assert!(text.contains(r#""onnx.Identity"(%arg0)"#), "{text}");
}

#[test]
fn complex_and_string_inputs_name_the_type() {
    let m = model_from_text(
        r#"<ir_version: 8, opset_import: ["" : 17]> g (complex64[2] x) => (complex64[2] y) { y = Identity (x) }"#,
    );
    assert_eq!(import_err(&m), ["m.onnx: graph g: error: graph input 'x': element type 'complex64' is not supported"]);
}

#[test]
fn string_constants_name_the_type() {
    let m = model_from_text(
        r#"<ir_version: 8, opset_import: ["" : 17]> g (float[2] x) => (float[2] y) { y = Identity (x) s = Constant <value_string = "hi"> () }"#,
    );
    assert_eq!(
        import_err(&m),
        ["m.onnx: graph g: node 'Constant#1' (Constant): error: element type 'string' is not supported"]
    );
}

#[test]
fn opsets_below_8_take_only_ops_unchanged_up_to_8() {
    let mut m = model_from_text(BASE);
    m.opset_import = vec![OperatorSetIdProto { domain: Some(String::new()), version: Some(0) }];
    assert_eq!(import_err(&m), ["m.onnx: error: opset 0 of the default domain is not supported (supported: 1 to 28)"]);
    // Identity is the same at opset 1 as at 8; Add-1 had legacy broadcasting.
    let old = |text: &str, v: i64| {
        let mut m = model_from_text(text);
        m.opset_import = vec![OperatorSetIdProto { domain: Some(String::new()), version: Some(v) }];
        m
    };
    assert!(import_text(&old(BASE, 1)).contains("onnx.Identity"));
    let add = r#"<ir_version: 8, opset_import: ["" : 17]> g (float[2] x) => (float[2] y) { y = Add (x, x) }"#;
    assert_eq!(
        import_err(&old(add, 6)),
        ["m.onnx: graph g: node 'Add#0' (Add): error: op 'Add' at opset 6 is an older version than Flowgate supports (version 7 or newer, opset 8 to 28)"]
    );
}

fn backend(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/onnx-backend-cf").join(name).join("model.onnx")
}

#[test]
fn import_file_to_module_gives_a_verified_module() {
    let mut ctx = context();
    let module = import_file_to_module(&mut ctx, &backend("test_if_seq")).unwrap_or_else(|d| panic!("{d:?}"));
    assert!(ctx.is_op(module, "builtin.module"));
    flowgate_ir::verify::verify(&ctx, module).expect("verifies");
    let errs = import_file_to_module(&mut ctx, Path::new("/nonexistent/m.onnx")).unwrap_err();
    assert_eq!(errs.len(), 1);
    assert!(errs[0].to_string().starts_with("/nonexistent/m.onnx: error: cannot read file"), "{}", errs[0]);
}

/// Every prefix and a sweep of single-byte corruptions of real models either import or give
/// diagnostics; nothing panics.
#[test]
fn corrupted_models_never_panic() {
    for name in ["test_loop11", "test_scan9_sum", "test_if_opt", "test_scan_sum", "test_loop16_seq_none"] {
        let bytes = std::fs::read(backend(name)).expect("model");
        let mut variants: Vec<Vec<u8>> = (0..bytes.len()).step_by(3).map(|n| bytes[..n].to_vec()).collect();
        for i in (0..bytes.len()).step_by(5) {
            for x in [0x00u8, 0xff, 0x08, 0x12] {
                let mut b = bytes.clone();
                b[i] = x;
                variants.push(b);
            }
        }
        for v in variants {
            let Ok(model) = decode_model_named(&v, "fuzz.onnx") else { continue };
            let mut ctx = context();
            if let Ok(m) = import_model_to_ir(&mut ctx, &model, "fuzz.onnx") {
                flowgate_ir::verify::verify(&ctx, m.module).expect("an imported module verifies");
            }
        }
    }
}

/// Nodes the checker accepts (it does not know operator schemas) but with odd arities and
/// out-of-range attributes: shape inference must not panic, and the verifier reports what the
/// dialect rejects.
#[test]
fn odd_arities_and_attributes_never_panic() {
    let ops = [
        "Add",
        "Equal",
        "Where",
        "Neg",
        "Cast",
        "CastLike",
        "Shape",
        "Size",
        "Reshape",
        "Expand",
        "Flatten",
        "Concat",
        "Transpose",
        "Squeeze",
        "Unsqueeze",
        "MatMul",
        "Range",
        "ConstantOfShape",
        "Constant",
        "Gather",
        "GatherElements",
        "ReduceSum",
        "ReduceMax",
        "ArgMax",
        "Slice",
        "Split",
        "Tile",
        "Pad",
        "SequenceEmpty",
        "SequenceConstruct",
        "SequenceInsert",
        "SequenceAt",
        "SequenceLength",
        "Optional",
        "OptionalGetElement",
        "OptionalHasElement",
        "Dropout",
    ];
    let attrs = [
        "",
        "<axis = 7>",
        "<axis = -9, keepdims = 0>",
        "<perm = [0, 0, 9]>",
        "<to = 999>",
        "<to = 8>",
        "<axes = [-99, 99]>",
        "<allowzero = 1, start = -100, end = 100>",
        "<value = float[2] {1, 2}>",
        "<dtype = 99>",
    ];
    let inputs = ["", "x", "x, s", "x, s, c", "s, s, s, s, s", "x, x, x"];
    for op in ops {
        for a in attrs {
            for i in inputs {
                for o in ["y", "y, z"] {
                    let src = format!(
                        r#"<ir_version: 8, opset_import: ["" : 17]> g (float[2,3] x, int64[2] s, bool c) => () {{ {o} = {op} {a} ({i}) }}"#
                    );
                    let Ok(model) = parse_model_text(&src, "m.onnxtxt") else { continue };
                    let mut ctx = context();
                    let _ = import_model_to_ir(&mut ctx, &model, "m.onnx");
                }
            }
        }
    }
}
