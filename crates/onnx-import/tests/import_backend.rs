//! The 38 backend models import into the onnx dialect, verify, print, and read back to the
//! same text; their control-flow structure (regions and body arity) is what `ir_structure.txt`
//! (derived from the ONNX files by `gen_ir_structure.py` with the reference `onnx` package)
//! states.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};
use flowgate_ir::{Context, LocKind, OpId, WalkOrder};
use flowgate_onnx_import::import_file;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn models() -> Vec<(String, PathBuf)> {
    let root = repo_root().join("testdata/onnx-backend-cf");
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(&root)
        .expect("testdata/onnx-backend-cf")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("model.onnx").is_file())
        .map(|p| (p.file_name().and_then(|n| n.to_str()).unwrap_or("").to_string(), p.join("model.onnx")))
        .collect();
    out.sort();
    out
}

fn context() -> Context {
    let mut ctx = Context::new();
    flowgate_registry::register_all_dialects(&mut ctx);
    ctx
}

fn import(path: &Path) -> (Context, OpId) {
    let mut ctx = context();
    match import_file(&mut ctx, path) {
        Ok(m) => {
            assert!(m.warnings.is_empty(), "{}: unexpected warnings {:?}", path.display(), m.warnings);
            (ctx, m.module)
        }
        Err(d) => panic!("{}: {}", path.display(), d.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n")),
    }
}

/// The node label of an imported op: the name of its `loc("label"("graph/path"))`.
fn label(ctx: &Context, op: OpId) -> Option<(String, String)> {
    let LocKind::Name { name, child: Some(c) } = ctx.loc_kind(ctx.op_loc(op)) else { return None };
    let LocKind::Name { name: path, child: None } = ctx.loc_kind(*c) else { return None };
    Some((ctx.str(*name).to_string(), ctx.str(*path).to_string()))
}

#[test]
fn all_backend_models_import_verify_and_round_trip() {
    let models = models();
    assert_eq!(models.len(), 38);
    for (name, path) in &models {
        let (ctx, module) = import(path);
        flowgate_ir::verify::verify(&ctx, module).unwrap_or_else(|d| panic!("{name}: {}", d.message));
        let text = print_op(&ctx, module, PrintFlags::default());
        assert!(!text.contains("!onnx.unknown"), "{name}: a value of unknown type:\n{text}");
        let mut ctx2 = context();
        let module2 = parse_source(&mut ctx2, name, &text, ParserConfig::default())
            .unwrap_or_else(|d| panic!("{name}: the printed module does not parse: {}\n{text}", d.message));
        flowgate_ir::verify::verify(&ctx2, module2).unwrap_or_else(|d| panic!("{name}: reparsed: {}", d.message));
        let again = print_op(&ctx2, module2, PrintFlags::default());
        assert_eq!(text, again, "{name}: the round trip changed the text");
        // With locations too: every op but the module and function carries its node location.
        let debug = print_op(&ctx, module, PrintFlags { generic: false, debuginfo: true, local_scope: false });
        let mut ctx3 = context();
        let module3 = parse_source(&mut ctx3, name, &debug, ParserConfig::default())
            .unwrap_or_else(|d| panic!("{name}: debuginfo form does not parse: {}", d.message));
        assert_eq!(
            debug,
            print_op(&ctx3, module3, PrintFlags { generic: false, debuginfo: true, local_scope: false }),
            "{name}"
        );
    }
}

#[test]
fn every_onnx_op_is_located_by_node_and_graph_path() {
    for (name, path) in models() {
        let (ctx, module) = import(&path);
        for op in ctx.collect_ops(module, WalkOrder::PreOrder) {
            let n = ctx.op_name(op);
            if !n.starts_with("onnx.") || n == "onnx.Yield" {
                continue;
            }
            let (_, graph) = label(&ctx, op).unwrap_or_else(|| panic!("{name}: {n} has no node location"));
            assert!(graph == name || graph.starts_with(&format!("{name}/")), "{name}: {n} in graph {graph}");
        }
    }
}

fn expected_structure() -> BTreeMap<String, Vec<String>> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ir_structure.txt"))
        .expect("ir_structure.txt");
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut current = String::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        if let Some(name) = line.strip_prefix("model ") {
            current = name.to_string();
            out.entry(current.clone()).or_default();
        } else {
            out.get_mut(&current).expect("a model line first").push(line.to_string());
        }
    }
    out
}

#[test]
fn control_flow_regions_and_body_arguments_match_the_onnx_models() {
    let expected = expected_structure();
    assert_eq!(expected.len(), 38);
    let mut kinds = [0usize; 3];
    for (name, path) in models() {
        let (ctx, module) = import(&path);
        let mut got = Vec::new();
        for op in ctx.collect_ops(module, WalkOrder::PreOrder) {
            let kind = match ctx.op_name(op) {
                "onnx.If" => 0,
                "onnx.Loop" => 1,
                "onnx.Scan" => 2,
                _ => continue,
            };
            kinds[kind] += 1;
            let args: Vec<String> = ctx
                .regions(op)
                .iter()
                .map(|&r| ctx.entry_block(r).map_or(0, |b| ctx.block_args(b).len()).to_string())
                .collect();
            let (l, _) = label(&ctx, op).expect("located");
            got.push(format!(
                "{} {l} regions={} args={}",
                ctx.op_name(op).trim_start_matches("onnx."),
                ctx.regions(op).len(),
                args.join(",")
            ));
        }
        assert_eq!(Some(&got), expected.get(&name), "{name}");
    }
    assert!(kinds.iter().all(|&k| k > 0), "every kind of control flow is covered: {kinds:?}");
}

/// Cross-check with upstream MLIR 22 when it is installed: `mlir-opt` parses every imported
/// module and prints it back to the very same text.
#[test]
fn upstream_mlir_opt_reprints_every_imported_module_identically() {
    let mlir_opt =
        std::env::var_os("MLIR_OPT").map(PathBuf::from).unwrap_or_else(|| "/usr/lib/llvm-22/bin/mlir-opt".into());
    if !mlir_opt.is_file() {
        eprintln!("skipped: {} is not installed", mlir_opt.display());
        return;
    }
    for (name, path) in models() {
        let (ctx, module) = import(&path);
        let text = print_op(&ctx, module, PrintFlags::default());
        let mut child = std::process::Command::new(&mlir_opt)
            .arg("--allow-unregistered-dialect")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("mlir-opt runs");
        {
            use std::io::Write as _;
            let mut stdin = child.stdin.take().expect("stdin");
            stdin.write_all(text.as_bytes()).expect("write");
        }
        let out = child.wait_with_output().expect("mlir-opt finishes");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{name}: upstream rejects the module: {stderr}");
        let upstream = String::from_utf8_lossy(&out.stdout);
        // Upstream ends the output with an empty line.
        assert_eq!(upstream.trim_end(), text.trim_end(), "{name}: upstream prints it differently");
    }
}
