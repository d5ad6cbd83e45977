//! The driver as a library: flags, split input, diagnostics checking, pipelines and output.

use onnx_opt::run_opt;

fn opt(args: &[&str], input: &str) -> (i32, String, String) {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let o = run_opt(&args, input.as_bytes());
    (o.status, String::from_utf8(o.stdout).unwrap(), o.stderr)
}

const TWO: &str = "func.func @f() {\n  return\n}\n// -----\nfunc.func @g() {\n  return\n}\n";

#[test]
fn round_trips_and_ends_with_an_empty_line() {
    let (st, out, err) = opt(&[], "func.func @f() {\n  return\n}\n");
    assert_eq!(st, 0, "{err}");
    assert_eq!(out, "module {\n  func.func @f() {\n    return\n  }\n}\n\n");
}

#[test]
fn split_input_joins_outputs_with_markers() {
    let (st, out, _) = opt(&["-split-input-file"], TWO);
    assert_eq!(st, 0);
    assert_eq!(out.matches("// -----\n").count(), 1);
    assert!(out.find("@f").unwrap() < out.find("// -----").unwrap());
    assert!(out.find("@g").unwrap() > out.find("// -----").unwrap());
}

#[test]
fn split_chunks_report_file_line_numbers() {
    let src = "func.func @f() {\n  return\n}\n// -----\nfunc.func @g() {\n  return %x : i32\n}\n";
    let (st, out, err) = opt(&["--split-input-file"], src);
    assert_eq!(st, 1);
    assert!(err.starts_with("<stdin>:6:10: error: use of undeclared SSA value name"), "{err}");
    assert!(err.contains("  return %x : i32\n         ^\n"), "{err}");
    assert!(out.contains("@f"), "other chunks are still processed: {out}");
}

#[test]
fn verify_diagnostics_accepts_matching_expectations() {
    let src = "func.func @f() {\n  // expected-error @+1 {{undeclared SSA value}}\n  return %x : i32\n}\n// -----\n// expected-error@below {{custom op 'foo' is unknown}}\nfoo\n";
    let (st, _, err) = opt(&["--split-input-file", "--verify-diagnostics"], src);
    assert_eq!(st, 0, "{err}");
    assert!(err.is_empty(), "{err}");
}

#[test]
fn verify_diagnostics_reports_mismatches_in_upstream_words() {
    let src = "func.func @f() {\n  // expected-error @+1 {{something else}}\n  return %x : i32\n}\n";
    let (st, _, err) = opt(&["--verify-diagnostics"], src);
    assert_eq!(st, 1);
    assert!(err.contains("<stdin>:3:10: error: unexpected error: use of undeclared SSA value name"), "{err}");
    assert!(
        err.contains("<stdin>:2:6: error: expected error \"something else\" was not produced\n  // expected-error @+1 {{something else}}\n     ^~~~~~~~~~~~~~\n"),
        "{err}"
    );
}

#[test]
fn verify_diagnostics_with_regex() {
    let src = "func.func @f() {\n  // expected-error-re @+1 {{use of {{[a-z]+}} SSA}}\n  return %x : i32\n}\n";
    let (st, _, err) = opt(&["--verify-diagnostics"], src);
    assert_eq!(st, 0, "{err}");
    let bad = "// expected-error-re {{a{{[}}}}\n";
    let (st, _, err) = opt(&["--verify-diagnostics"], bad);
    assert_eq!(st, 1);
    assert!(err.contains("error: invalid regex"), "{err}");
}

#[test]
fn unknown_flags_and_bad_pipelines_fail_cleanly() {
    let (st, _, err) = opt(&["--no-such-flag"], "");
    assert_eq!(st, 1);
    assert!(err.contains("Unknown command line argument '--no-such-flag'"), "{err}");
    let (st, _, err) = opt(&["--pass-pipeline=builtin.module(nope)"], "");
    assert_eq!(st, 1);
    assert!(err.contains("'nope' does not refer to a registered pass or pass pipeline"), "{err}");
    let (st, _, err) = opt(&["--canonicalize=bogus=1"], "");
    assert_eq!(st, 1);
    assert!(err.contains("no such option 'bogus' for pass 'canonicalize'"), "{err}");
}

#[test]
fn pass_flags_run_in_order_with_dumps_and_timing() {
    let src = "func.func private @dead()\nfunc.func @f() {\n  return\n}\n";
    let (st, out, err) = opt(&["--cse", "--symbol-dce", "--mlir-print-ir-after-all", "--mlir-timing"], src);
    assert_eq!(st, 0, "{err}");
    assert!(!out.contains("@dead"), "{out}");
    let cse = err.find("// -----// IR Dump After CSE (cse) //----- //").unwrap();
    let dce = err.find("// -----// IR Dump After SymbolDCE (symbol-dce) //----- //").unwrap();
    assert!(cse < dce);
    assert!(err.contains("... Execution time report ..."), "{err}");
    assert!(err.contains("  ----Wall Time----  ----Name----\n"), "{err}");
    for name in ["Parser", "CSE", "SymbolDCE", "Output", "Rest", "Total"] {
        assert!(err.lines().any(|l| l.ends_with(&format!("%)  {name}"))), "{name}: {err}");
    }
}

#[test]
fn generic_printing_and_list_passes() {
    let (_, out, _) = opt(&["--mlir-print-op-generic"], "func.func @f() {\n  return\n}\n");
    assert!(out.contains("\"func.return\"() : () -> ()"), "{out}");
    let (st, out, _) = opt(&["--list-passes"], "");
    assert_eq!(st, 0);
    for p in ["canonicalize", "cse", "symbol-dce"] {
        assert!(out.lines().any(|l| l.trim_start().starts_with(&format!("{p} "))), "{out}");
    }
}

#[test]
fn unregistered_ops_need_the_flag() {
    let src = "\"u.op\"() : () -> ()\n";
    assert_eq!(opt(&[], src).0, 1);
    assert_eq!(opt(&["--allow-unregistered-dialect"], src).0, 0);
}

#[test]
fn output_file() {
    let dir = std::env::temp_dir().join(format!("onnx-opt-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("out.mlir");
    let (st, out, _) = opt(&["-o", path.to_str().unwrap()], "func.func @f() {\n  return\n}\n");
    assert_eq!(st, 0);
    assert!(out.is_empty());
    assert!(std::fs::read_to_string(&path).unwrap().contains("func.func @f()"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn never_panics_on_odd_input() {
    let inputs = [
        "",
        "}",
        "// -----",
        "// -----\n// -----\n",
        "func.func",
        "\"u.op\"(",
        "// expected-error @-99 {{x}}\n",
        "// expected-error @+4294967295 {{x}}\n",
        "// expected-error-re {{{{}}\n",
        "é\u{0}\u{7f}",
    ];
    let flag_sets: [&[&str]; 5] = [
        &[],
        &["--split-input-file", "--verify-diagnostics"],
        &["--canonicalize", "--cse", "--symbol-dce", "--allow-unregistered-dialect"],
        &["--split-input-file=", "--mlir-timing", "--mlir-print-ir-before-all"],
        &["--pass-pipeline=any(canonicalize{max-iterations=0},cse)"],
    ];
    for i in inputs {
        for f in flag_sets {
            let _ = opt(f, i);
        }
    }
}
