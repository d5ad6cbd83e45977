//! `--convert-onnx-to-scf` over the 38 ONNX backend control-flow models: each imports, converts,
//! verifies, prints and reads back to the same text; no `onnx.Loop`/`Scan`/`If`/`Yield` is left,
//! and every op the pass created is one the output contract allows (the ops that were already
//! there, the onnx compute ops of the bodies, are left alone).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use flowgate_conversion::onnx_to_scf::ConvertONNXToSCFPass;
use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};
use flowgate_ir::{Context, OpId, WalkOrder};
use flowgate_pass::Pass;

fn context() -> Context {
    let mut ctx = Context::new();
    flowgate_builtin::register(&mut ctx);
    flowgate_func::register(&mut ctx);
    flowgate_onnx::register(&mut ctx);
    flowgate_arith::register(&mut ctx);
    flowgate_scf::register(&mut ctx);
    flowgate_tensor::register(&mut ctx);
    ctx
}

fn models() -> Vec<(String, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/onnx-backend-cf");
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(&root)
        .expect("testdata/onnx-backend-cf")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("model.onnx").is_file())
        .map(|p| (p.file_name().and_then(|n| n.to_str()).unwrap_or("").to_string(), p.join("model.onnx")))
        .collect();
    out.sort();
    out
}

/// Ops the conversion may create (DESIGN §6 and the pass's output contract).
const CREATED: &[&str] = &[
    "scf.for",
    "scf.while",
    "scf.condition",
    "scf.if",
    "scf.yield",
    "tensor.extract",
    "tensor.from_elements",
    "tensor.cast",
    "tensor.dim",
    "onnx.SequenceEmpty",
    "onnx.SequenceInsert",
    "onnx.ConcatFromSequence",
    "onnx.Gather",
    "onnx.Slice",
    "onnx.Constant",
    // The Scan lowering's run-time check that all scan inputs have one length.
    "onnx.Scan.check_length",
    "onnx.Scan.check_batch",
    // Static type changes of sequence and optional values.
    "onnx.Identity",
    "onnx.Optional",
    "onnx.OptionalGetElement",
];

const CONTROL_FLOW: &[&str] = &["onnx.Loop", "onnx.Scan", "onnx.If", "onnx.Yield"];

fn count(ctx: &Context, root: OpId, names: &[&str]) -> usize {
    ctx.collect_ops(root, WalkOrder::PreOrder).into_iter().filter(|&o| names.iter().any(|n| ctx.is_op(o, n))).count()
}

/// The rank of the tensor type of `v`, if ranked.
fn rank(ctx: &Context, v: flowgate_ir::Value) -> Option<usize> {
    ctx.shape(ctx.value_type(v)).map(<[i64]>::len)
}

/// A created op is allowed, and the tensor scalar ops work on rank-0 tensors only.
fn check_created(ctx: &Context, name: &str, op: OpId) {
    let what = ctx.op_name(op);
    let allowed = CREATED.contains(&what) || what.starts_with("arith.");
    assert!(allowed, "{name}: the pass created '{what}', which its output contract does not allow");
    if what.starts_with("arith.") {
        for &v in ctx.operands(op).iter().chain(ctx.results(op)) {
            let t = ctx.value_type(v);
            let scalar = ctx.is_index(t) || matches!(ctx.int_width(t), Some(1 | 64));
            assert!(scalar, "{name}: '{what}' on a value that is not an index, i64 or i1 scalar");
        }
    }
    match what {
        "tensor.extract" => {
            assert_eq!(rank(ctx, ctx.operand(op, 0)), Some(0), "{name}: extract from a non-rank-0 tensor")
        }
        "tensor.from_elements" => {
            assert_eq!(rank(ctx, ctx.result(op, 0)), Some(0), "{name}: from_elements to a non-rank-0 tensor")
        }
        "onnx.Gather" => assert_eq!(rank(ctx, ctx.operand(op, 1)), Some(0), "{name}: Gather with a non-rank-0 index"),
        _ => {}
    }
}

#[test]
fn all_backend_models_convert_verify_and_round_trip() {
    let models = models();
    assert_eq!(models.len(), 38);
    for (name, path) in &models {
        let mut ctx = context();
        let module = flowgate_onnx_import::import_file_to_module(&mut ctx, path)
            .unwrap_or_else(|d| panic!("{name}: {}", d.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n")));
        let before: HashSet<OpId> = ctx.collect_ops(module, WalkOrder::PreOrder).into_iter().collect();
        let constructs = count(&ctx, module, &CONTROL_FLOW[..3]);
        assert!(constructs > 0, "{name}: no control flow to convert");

        ConvertONNXToSCFPass.run(&mut ctx, module).unwrap_or_else(|d| panic!("{name}: {}", d.message));
        flowgate_ir::verify::verify(&ctx, module).unwrap_or_else(|d| panic!("{name}: {}", d.message));
        assert_eq!(count(&ctx, module, CONTROL_FLOW), 0, "{name}: onnx control flow left");
        let structured = count(&ctx, module, &["scf.for", "scf.while", "scf.if"]);
        assert!(structured >= constructs, "{name}: {constructs} constructs gave {structured} scf ops");
        for op in ctx.collect_ops(module, WalkOrder::PreOrder) {
            if !before.contains(&op) {
                check_created(&ctx, name, op);
            }
        }

        let text = print_op(&ctx, module, PrintFlags::default());
        let mut again = context();
        let reparsed = parse_source(&mut again, "converted.mlir", &text, ParserConfig::default())
            .unwrap_or_else(|d| panic!("{name}: reparse: {}", d.message));
        flowgate_ir::verify::verify(&again, reparsed).unwrap_or_else(|d| panic!("{name}: reparsed: {}", d.message));
        assert_eq!(print_op(&again, reparsed, PrintFlags::default()), text, "{name}: printing is not stable");
    }
}
