//! Textual pipelines and pass managers: parsing good and bad strings, nesting, verification
//! after each pass, IR dump headers and timing.

mod toy;

use flowgate_ir::{Context, Diagnostic, OpId};
use flowgate_pass::{
    parse_pass_options, parse_pass_pipeline, parse_pipeline_elements, OpPassManager, Pass, PassEntry, PassInfo,
    PassManager, PassOptions, PipelineElement, RunOptions,
};

/// Records the names of the ops it ran on into a `visited` attribute list on the module.
struct Record {
    arg: &'static str,
}

impl Pass for Record {
    fn argument(&self) -> &'static str {
        self.arg
    }
    fn name(&self) -> &'static str {
        "Record"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        let name = ctx.symbol_name(op).unwrap_or("<none>").to_string();
        let a = ctx.string_attr(&format!("{}:{name}", self.arg));
        let root = ctx.find_ancestor(op, |c, o| c.parent_op(o).is_none()).unwrap_or(op);
        let mut list =
            ctx.attr(root, "test.visited").and_then(|v| ctx.attr_as_array(v).map(|s| s.to_vec())).unwrap_or_default();
        list.push(a);
        let arr = ctx.array_attr(list);
        ctx.set_attr(root, "test.visited", arr);
        Ok(())
    }
}

/// Breaks the IR: erases the terminator of every block of a func.
struct Break;

impl Pass for Break {
    fn argument(&self) -> &'static str {
        "break"
    }
    fn name(&self) -> &'static str {
        "Break"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        for &r in ctx.regions(op).to_vec().iter() {
            for b in ctx.region_blocks(r).to_vec() {
                if let Some(t) = ctx.last_op(b) {
                    ctx.erase_op(t);
                }
            }
        }
        Ok(())
    }
}

fn registry() -> Vec<PassInfo> {
    vec![
        PassInfo {
            argument: "rec",
            description: "record",
            create: |o: &PassOptions| {
                o.check_known("rec", &["level"])?;
                o.get_u64("level", 0)?;
                Ok(Box::new(Record { arg: "rec" }) as Box<dyn Pass>)
            },
        },
        PassInfo { argument: "rec2", description: "record", create: |_| Ok(Box::new(Record { arg: "rec2" })) },
        PassInfo { argument: "break", description: "break", create: |_| Ok(Box::new(Break)) },
    ]
}

const MODULE: &str = r#"
func.func @a() {
  func.return
}
func.func @b() {
  func.return
}
"#;

fn visited(ctx: &Context, m: OpId) -> Vec<String> {
    let Some(v) = ctx.attr(m, "test.visited") else { return Vec::new() };
    ctx.attr_as_array(v).unwrap().iter().map(|&a| ctx.attr_as_str(a).unwrap().to_string()).collect()
}

fn run(pipeline: &str, options: RunOptions) -> (Context, OpId, Result<(), Diagnostic>, PassManager) {
    let mut ctx = toy::context();
    let m = toy::parse(&mut ctx, MODULE);
    let pm = parse_pass_pipeline(pipeline, &registry()).unwrap();
    let mut pm = PassManager::new(pm, options);
    let r = pm.run(&mut ctx, m);
    (ctx, m, r, pm)
}

#[test]
fn parses_nested_pipelines_with_options() {
    let e = parse_pipeline_elements("func.func(canonicalize{max-iterations=3}, cse) ,cse").unwrap();
    assert_eq!(e.len(), 2);
    match &e[0] {
        PipelineElement::Nested { anchor, elements, .. } => {
            assert_eq!(anchor, "func.func");
            assert_eq!(
                elements[0],
                PipelineElement::Pass {
                    name: "canonicalize".into(),
                    options: Some("max-iterations=3".into()),
                    col: 11
                }
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(parse_pipeline_elements("").unwrap().is_empty());
}

#[test]
fn parses_option_values() {
    let o = parse_pass_options("a=1 b='x y' c={p=1 q=2} flag").unwrap();
    assert_eq!(o.get("a"), Some("1"));
    assert_eq!(o.get("b"), Some("x y"));
    assert_eq!(o.get("c"), Some("{p=1 q=2}"));
    assert_eq!(o.get("flag"), Some("true"));
    assert!(parse_pass_options("a='x").is_err());
    assert!(parse_pass_options("=1").is_err());
}

#[test]
fn bad_pipelines_are_errors_naming_the_problem() {
    let reg = registry();
    let cases = [
        ("builtin.module(nope)", "'nope' does not refer to a registered pass or pass pipeline"),
        ("builtin.module(rec{bogus=1})", "no such option 'bogus' for pass 'rec'"),
        ("builtin.module(rec{level=x})", "invalid value 'x' for integer option 'level'"),
        ("builtin.module(func.func(rec)", "1:11: error: encountered unbalanced parentheses"),
        ("builtin.module(func.func(rec),,rec)", "'' does not refer to a registered pass"),
        ("rec", "expected pass pipeline to be wrapped with the anchor operation type"),
        ("builtin.module(rec{level=1)", "missing closing '}'"),
        ("builtin.module(func.func(rec) rec)", "expected ',' after parsing pipeline"),
        // As upstream: the extra parenthesis is reported where it is (issue 11).
        ("builtin.module(func.func(rec)))", "1:15: error: encountered extra closing ')' creating unbalanced parentheses"),
        ("builtin.module(a(b(c(", "expected pass pipeline to be wrapped"),
        ("x(y(z)", "encountered unbalanced parentheses"),
        ("x(y(z w))", "unbalanced parentheses"),
        ("builtin.module(break)", "Can't add pass 'Break' restricted to 'func.func' on a PassManager intended to run on 'builtin.module', did you intend to nest?"),
    ];
    for (text, want) in cases {
        match parse_pass_pipeline(text, &reg) {
            Ok(_) => panic!("{text} should fail"),
            Err(e) => assert!(e.message.contains(want), "{text}: {}", e.message),
        }
    }
}

#[test]
fn never_panics_on_odd_strings() {
    let reg = registry();
    for text in ["", "(", ")", "()", "a()", "a(,)", "a({)", "a(b{})", "a(b{=})", "a(b{c=\"})", "é(ü)", "a(b{é=ü})"]
    {
        let _ = parse_pass_pipeline(text, &reg);
    }
}

#[test]
fn nested_managers_run_on_each_matching_child() {
    let (ctx, m, r, _) = run("builtin.module(func.func(rec, rec2), rec)", RunOptions::default());
    r.unwrap();
    assert_eq!(visited(&ctx, m), ["rec:a", "rec2:a", "rec:b", "rec2:b", "rec:<none>"]);
}

#[test]
fn any_anchor_matches_every_op() {
    let (ctx, m, r, _) = run("any(any(rec))", RunOptions::default());
    r.unwrap();
    assert_eq!(visited(&ctx, m), ["rec:a", "rec:b"]);
}

#[test]
fn anchor_mismatch_is_an_error() {
    let (_, _, r, _) = run("func.func(rec)", RunOptions::default());
    assert_eq!(r.unwrap_err().message, "can't run 'func.func' pass manager on 'builtin.module' op");
}

#[test]
fn verify_each_catches_broken_ir() {
    let (_, _, r, _) = run("builtin.module(func.func(break))", RunOptions::default());
    let d = r.unwrap_err();
    assert!(d.message.contains("terminator") || d.message.contains("empty block"), "{}", d.message);
    let (_, _, r, _) = run("builtin.module(func.func(break))", RunOptions { verify_each: false, ..Default::default() });
    assert!(r.is_ok());
}

#[test]
fn implicit_nesting_groups_consecutive_passes() {
    let mut pm = OpPassManager::new("builtin.module");
    pm.add_pass(Box::new(Break));
    pm.add_pass(Box::new(Break));
    pm.add_pass(Box::new(Record { arg: "rec" }));
    pm.add_pass(Box::new(Break));
    assert_eq!(pm.to_text(), "builtin.module(func.func(break,break),rec,func.func(break))");
    assert!(matches!(pm.entries()[0], PassEntry::Nested(_)));
}

#[test]
fn ir_dumps_have_upstream_headers() {
    let opts = RunOptions { print_before_all: true, print_after_all: true, ..Default::default() };
    let (_, _, r, pm) = run("builtin.module(func.func(rec2),rec)", opts);
    r.unwrap();
    let headers: Vec<&str> = pm.ir_dump.lines().filter(|l| l.starts_with("// -----//")).collect();
    assert_eq!(headers.len(), 6);
    assert_eq!(headers[0], "// -----// IR Dump Before Record (rec2) //----- //");
    assert_eq!(headers[5], "// -----// IR Dump After Record (rec) //----- //");
    assert!(pm.ir_dump.contains("// -----// IR Dump Before Record (rec2) //----- //\nfunc.func @a() {"));
    let opts = RunOptions { print_after_all: true, print_module_scope: true, ..Default::default() };
    let (_, _, _, pm) = run("builtin.module(func.func(rec2),rec)", opts);
    assert!(pm.ir_dump.contains("IR Dump After Record (rec2) ('func.func' operation: @b) //----- //\nmodule"));
    assert!(pm.ir_dump.contains("IR Dump After Record (rec) ('builtin.module' operation) //----- //"));
}

#[test]
fn timing_tree_follows_the_pipeline() {
    let (_, _, r, pm) = run("builtin.module(func.func(rec2),rec)", RunOptions::default());
    r.unwrap();
    let names: Vec<&str> = pm.timing.children.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["'func.func' Pipeline", "Record"]);
    assert_eq!(pm.timing.children[0].children[0].name, "Record");
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    use flowgate_pass::{parse_pipeline_elements, PIPELINE_NESTING_LIMIT};
    let nest = |n: usize| format!("{}cse{}", "any(".repeat(n), ")".repeat(n));
    // 100,000 levels: the parser stops at the limit, whatever the stack.
    let err = parse_pipeline_elements(&nest(100_000)).expect_err("too deep");
    let col = 4 * PIPELINE_NESTING_LIMIT + 1;
    assert!(
        err.message
            .starts_with(&format!("MLIR Textual PassPipeline Parser:1:{col}: error: nesting too deep (limit 1000)")),
        "{}",
        &err.message[..200.min(err.message.len())]
    );
    // At the limit it parses.
    let ok = parse_pipeline_elements(&nest(PIPELINE_NESTING_LIMIT)).expect("at the limit");
    assert_eq!(ok.len(), 1);
}

#[test]
fn an_extra_closing_parenthesis_is_reported_where_it_is() {
    let reg: Vec<PassInfo> = Vec::new();
    let err = parse_pass_pipeline("builtin.module(cse))", &reg).err().map(|e| e.message).unwrap_or_default();
    assert_eq!(
        err,
        "MLIR Textual PassPipeline Parser:1:4: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline\ncse)\n   ^"
    );
    let err = parse_pass_pipeline("builtin.module(cse", &reg).err().map(|e| e.message).unwrap_or_default();
    assert!(err.starts_with("expected pass pipeline to be wrapped"), "{err}");
}
