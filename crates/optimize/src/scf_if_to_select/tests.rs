use super::*;
use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};

fn context() -> Context {
    let mut ctx = crate::test_support::context();
    ctx.allow_unregistered = true;
    ctx
}

/// Parse `src`, run the pass with `max_ops`, verify, and return how many ifs were converted and
/// the printed module.
fn run(src: &str, max_ops: u64) -> (usize, String) {
    let mut ctx = context();
    let m = parse_source(&mut ctx, "t.mlir", src, ParserConfig::default()).unwrap_or_else(|d| panic!("{}", d.message));
    flowgate_ir::verify::verify(&ctx, m).unwrap_or_else(|d| panic!("input: {}", d.message));
    let n = convert_ifs(&mut ctx, m, max_ops);
    flowgate_ir::verify::verify(&ctx, m).unwrap_or_else(|d| panic!("output: {}", d.message));
    (n, print_op(&ctx, m, PrintFlags::default()))
}

/// An `scf.if` over `%c` whose then branch holds `then` and yields `%t`, and whose else branch
/// yields the argument `%b`.
fn if_with(then: &str) -> String {
    format!(
        "func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {{
           %r = scf.if %c -> (i32) {{
             {then}
             scf.yield %t : i32
           }} else {{
             scf.yield %b : i32
           }}
           return %r : i32
         }}"
    )
}

#[test]
fn small_pure_branches_become_a_select() {
    let (n, out) = run(&if_with("%x = arith.addi %a, %b : i32\n %t = arith.muli %x, %a : i32"), 4);
    assert_eq!(n, 1);
    assert!(!out.contains("scf.if"), "{out}");
    assert!(out.contains("arith.select %arg0, %1, %arg2 : i32"), "{out}");
    // The hoisted ops keep their order before the select.
    let (add, mul, sel) = (out.find("arith.addi"), out.find("arith.muli"), out.find("arith.select"));
    assert!(add < mul && mul < sel, "{out}");
}

#[test]
fn equal_yields_need_no_select() {
    let src = "func.func @f(%c: i1, %a: i32, %b: i32) -> (i32, i32) {
        %r:2 = scf.if %c -> (i32, i32) {
          %x = arith.addi %a, %b : i32
          scf.yield %x, %a : i32, i32
        } else {
          %y = arith.subi %a, %b : i32
          scf.yield %y, %a : i32, i32
        }
        return %r#0, %r#1 : i32, i32
      }";
    let (n, out) = run(src, 4);
    assert_eq!(n, 1);
    assert_eq!(out.matches("arith.select").count(), 1, "{out}");
    assert!(out.contains("return %2, %arg1 : i32, i32"), "{out}");
}

#[test]
fn ops_with_effects_or_unknown_ops_stay() {
    let (n, out) = run(&if_with("%t = \"test.opaque\"(%a) : (i32) -> i32"), 4);
    assert_eq!(n, 0);
    assert!(out.contains("scf.if"), "{out}");
}

#[test]
fn ops_with_regions_stay() {
    let inner = "%t = scf.if %c -> (i32) {
                   \"test.effect\"() : () -> ()
                   scf.yield %a : i32
                 } else {
                   scf.yield %b : i32
                 }";
    let (n, out) = run(&if_with(inner), 4);
    assert_eq!(n, 0);
    assert_eq!(out.matches("scf.if").count(), 2, "{out}");
}

#[test]
fn division_needs_a_safe_constant_divisor() {
    let cases = [
        ("%t = arith.divsi %a, %b : i32", false),
        ("%t = arith.remui %a, %b : i32", false),
        ("%z = arith.constant 0 : i32\n %t = arith.divui %a, %z : i32", false),
        ("%m = arith.constant -1 : i32\n %t = arith.divsi %a, %m : i32", false),
        ("%m = arith.constant -1 : i32\n %t = arith.floordivsi %a, %m : i32", false),
        ("%m = arith.constant -1 : i32\n %t = arith.ceildivsi %a, %m : i32", false),
        ("%m = arith.constant -1 : i32\n %t = arith.remsi %a, %m : i32", false),
        ("%m = arith.constant -1 : i32\n %t = arith.divui %a, %m : i32", true),
        ("%k = arith.constant 7 : i32\n %t = arith.divsi %a, %k : i32", true),
        ("%k = arith.constant -7 : i32\n %t = arith.remsi %a, %k : i32", true),
        ("%k = arith.constant 3 : i32\n %t = arith.ceildivui %a, %k : i32", true),
    ];
    for (body, converts) in cases {
        let (n, out) = run(&if_with(body), 4);
        assert_eq!(n == 1, converts, "{body}\n{out}");
    }
}

#[test]
fn i1_true_is_minus_one_for_signed_division() {
    let src = "func.func @f(%c: i1, %a: i1, %b: i1) -> i1 {
        %r = scf.if %c -> (i1) {
          %true = arith.constant true
          %t = arith.divsi %a, %true : i1
          scf.yield %t : i1
        } else {
          scf.yield %b : i1
        }
        return %r : i1
      }";
    assert_eq!(run(src, 4).0, 0);
    assert_eq!(run(&src.replace("divsi", "divui"), 4).0, 1);
}

#[test]
fn branch_size_is_bounded_by_the_option() {
    let body = "%x1 = arith.addi %a, %b : i32
                %x2 = arith.addi %x1, %b : i32
                %x3 = arith.addi %x2, %b : i32
                %x4 = arith.addi %x3, %b : i32
                %t = arith.addi %x4, %b : i32";
    assert_eq!(run(&if_with(body), 4).0, 0);
    assert_eq!(run(&if_with(body), 5).0, 1);
    assert_eq!(run(&if_with("%t = arith.addi %a, %b : i32"), 0).0, 0);
}

#[test]
fn ifs_without_results_or_else_stay() {
    let src = "func.func @f(%c: i1, %a: i32) {
        scf.if %c {
          %x = arith.addi %a, %a : i32
        }
        scf.if %c {
          %x = arith.addi %a, %a : i32
        } else {
          %y = arith.subi %a, %a : i32
        }
        return
      }";
    let (n, out) = run(src, 4);
    assert_eq!(n, 0);
    assert_eq!(out.matches("scf.if").count(), 2, "{out}");
}

#[test]
fn inner_ifs_go_first_and_can_make_the_outer_one_eligible() {
    let inner = "%y = scf.if %c -> (i32) {
                   %m = arith.muli %a, %b : i32
                   scf.yield %m : i32
                 } else {
                   scf.yield %a : i32
                 }
                 %t = arith.addi %y, %b : i32";
    let (n, out) = run(&if_with(inner), 4);
    assert_eq!(n, 2);
    assert!(!out.contains("scf.if"), "{out}");
    assert_eq!(out.matches("arith.select").count(), 2, "{out}");
    // With room for only the inner branch, the outer one stays (muli, select, addi > 2).
    let (n, out) = run(&if_with(inner), 2);
    assert_eq!(n, 1);
    assert_eq!(out.matches("scf.if").count(), 1, "{out}");
}

#[test]
fn options_are_parsed_and_checked() {
    let mut o = PassOptions::default();
    assert!((INFO.create)(&o).is_ok());
    o.values.insert(MAX_OPS_OPTION.into(), "two".into());
    assert!((INFO.create)(&o).is_err());
    o.values.clear();
    o.values.insert("max-ops".into(), "2".into());
    let err = (INFO.create)(&o).err().expect("an unknown option is an error");
    assert!(err.contains("max-ops"), "{err}");
}
