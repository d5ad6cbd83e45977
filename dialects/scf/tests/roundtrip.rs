mod common;
use common::*;

/// Every op's custom form prints exactly as upstream `mlir-opt` 22 prints the same input
/// (`ops_expected.mlir` is its output for `ops_input.mlir`).
#[test]
fn custom_syntax_matches_upstream() {
    let out = roundtrip(include_str!("ops_input.mlir"), false);
    // mlir-opt ends its output with an empty line.
    let want = include_str!("ops_expected.mlir").trim_end();
    for (i, (a, b)) in out.lines().zip(want.lines()).enumerate() {
        assert_eq!(a, b, "line {}\n{out}", i + 1);
    }
    assert_eq!(out.lines().count(), want.lines().count(), "{out}");
}

#[test]
fn generic_form_round_trips() {
    let g = roundtrip(include_str!("ops_input.mlir"), true);
    assert!(g.contains("\"scf.for\"(%arg5, %arg5, %arg5) <{unsignedCmp}> ({"), "{g}");
    assert!(g.contains("<{operandSegmentSizes = array<i32: 2, 2, 2, 1>}>"), "{g}");
    assert!(g.contains("\"scf.index_switch\"(%arg0) <{cases = array<i64: 2, 5>}> ({"), "{g}");
    // The generic form of upstream's output parses back to the same custom form.
    let (c, m) = check(&g).unwrap();
    assert_eq!(print(&c, m, false).trim_end(), include_str!("ops_expected.mlir").trim_end());
}

#[test]
fn loop_aliases_parse_as_scf() {
    let src = r#"
func.func @f(%lb: index, %c: i1, %x: f32) -> f32 {
  %r = loop.for %i = %lb to %lb step %lb iter_args(%a = %x) -> (f32) {
    %y = loop.if %c -> (f32) {
      loop.yield %a : f32
    } else {
      loop.yield %x : f32
    }
    loop.yield %y : f32
  }
  return %r : f32
}
"#;
    let out = roundtrip(src, false);
    assert!(out.contains("scf.for %arg3 = %arg0 to %arg0 step %arg0 iter_args(%arg4 = %arg2) -> (f32) {"), "{out}");
    assert!(out.contains("%1 = scf.if %arg1 -> (f32) {"), "{out}");
    assert!(!out.contains("loop."), "{out}");
}

#[test]
fn implicit_terminators_are_created() {
    let (c, m) = check(
        "func.func @f(%lb: index, %c: i1) {\n scf.for %i = %lb to %lb step %lb {\n }\n scf.if %c {\n }\n return\n}",
    )
    .unwrap();
    assert_eq!(c.find_ops(m, "scf.yield").len(), 2);
    let g = print(&c, m, true);
    assert!(g.contains("\"scf.yield\"() : () -> ()"), "{g}");
}

/// Each case of `invalid_input.mlir` fails with the message upstream `mlir-opt` 22 gives
/// (`invalid_expected.txt`, one line per case, generated from upstream's output).
#[test]
fn invalid_ir_gets_upstream_messages() {
    let cases: Vec<&str> = include_str!("invalid_input.mlir").split("// -----\n").collect();
    let want: Vec<&str> = include_str!("invalid_expected.txt").lines().collect();
    assert_eq!(cases.len(), want.len());
    let mut bad = Vec::new();
    for (src, msg) in cases.iter().zip(&want) {
        let got = error(src);
        if got != *msg {
            bad.push(format!("want: {msg}\n got: {got}\n{src}"));
        }
    }
    assert!(bad.is_empty(), "{} mismatches:\n{}", bad.len(), bad.join("\n"));
}

#[test]
fn every_loop_alias_parses() {
    let src = r#"
func.func @f(%lb: index, %c: i1, %x: f32) -> f32 {
  %w = loop.while (%a = %x) : (f32) -> f32 {
    loop.condition(%c) %a : f32
  } do {
  ^bb0(%a: f32):
    loop.yield %a : f32
  }
  %p = loop.parallel (%i) = (%lb) to (%lb) step (%lb) init (%w) -> f32 {
    loop.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      loop.reduce.return %l : f32
    }
  }
  %e = loop.execute_region -> f32 {
    loop.yield %p : f32
  }
  %s = loop.index_switch %lb -> f32
  case 1 {
    loop.yield %e : f32
  }
  default {
    loop.yield %x : f32
  }
  return %s : f32
}
"#;
    let (c, m) = check(src).unwrap();
    for op in flowgate_scf::OPS {
        if !["for", "if", "yield"].contains(op) {
            assert_eq!(c.find_ops(m, &format!("scf.{op}")).len(), 1, "{op}");
        }
    }
    assert!(!print(&c, m, false).contains("loop."));
}
