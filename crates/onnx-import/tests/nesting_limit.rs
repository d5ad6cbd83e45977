//! Issue 11: a model with more If bodies nested than the protobuf decoder's recursion limit
//! allows (100 nested messages: about 31 Ifs) says that the nesting limit was hit, not
//! "malformed protobuf".

use flowgate_onnx_import::proto::{AttributeProto, GraphProto, ModelProto, NodeProto, OperatorSetIdProto};
use flowgate_onnx_import::{decode_model_named, ImportError};
use prost::Message;

fn identity_graph(name: &str) -> GraphProto {
    GraphProto {
        name: Some(name.into()),
        node: vec![NodeProto {
            op_type: Some("Identity".into()),
            input: vec!["x".into()],
            output: vec!["y".into()],
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// `depth` Ifs, each in the then-branch of the one above.
fn nested_ifs(depth: usize) -> Vec<u8> {
    let graph_attr = |name: &str, g: GraphProto| AttributeProto {
        name: Some(name.into()),
        r#type: Some(5), // GRAPH
        g: Some(g),
        ..Default::default()
    };
    let mut g = identity_graph("leaf");
    for d in 0..depth {
        let node = NodeProto {
            op_type: Some("If".into()),
            name: Some(format!("if_{d}")),
            input: vec!["c".into()],
            output: vec!["y".into()],
            attribute: vec![graph_attr("then_branch", g), graph_attr("else_branch", identity_graph("else"))],
            ..Default::default()
        };
        g = GraphProto { name: Some(format!("g{d}")), node: vec![node], ..Default::default() };
    }
    let model = ModelProto {
        ir_version: Some(8),
        opset_import: vec![OperatorSetIdProto { domain: Some(String::new()), version: Some(17) }],
        graph: Some(g),
        ..Default::default()
    };
    model.encode_to_vec()
}

#[test]
fn thirty_two_nested_ifs_decode() {
    if let Err(e) = decode_model_named(&nested_ifs(32), "m.onnx") {
        panic!("{e}");
    }
}

#[test]
fn deeper_nesting_names_the_limit() {
    // Graphs without value infos: 32 Ifs still fit the 100 messages, 33 do not.
    for depth in [33, 40, 200] {
        let Err(err) = decode_model_named(&nested_ifs(depth), "m.onnx") else { panic!("{depth} levels decoded") };
        assert!(matches!(err, ImportError::NestingLimit { .. }), "{depth}: {err}");
        let text = err.to_string();
        assert!(
            text.starts_with(
                "m.onnx: error: the model nests subgraphs too deeply: the protobuf decoder's nesting limit"
            ),
            "{text}"
        );
        assert!(text.contains("If/Loop/Scan bodies down"), "{text}");
        assert!(!text.contains("malformed protobuf"), "{text}");
        assert!(!text.contains('\n'), "{text}");
    }
}
