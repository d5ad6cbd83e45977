//! The canonicalization patterns, applied to a fixed point by a small driver (the real greedy
//! driver lives in flowgate-pass).
mod common;
use common::*;
use flowgate_ir::{Builder, Context, OpId, WalkOrder};

fn canonicalize(ctx: &mut Context, root: OpId) {
    loop {
        let mut changed = false;
        for op in ctx.collect_ops(root, WalkOrder::PostOrder) {
            if ctx.is_erased(op) {
                continue;
            }
            let Some(pats) = ctx.op_def(op).and_then(|d| d.canonicalize) else { continue };
            for p in pats() {
                if ctx.is_erased(op) {
                    break;
                }
                let mut b = Builder::before(ctx, op);
                changed |= p.match_and_rewrite(&mut b, op);
            }
        }
        if !changed {
            break;
        }
    }
}

fn run(body: &str) -> String {
    let src = format!(
        "func.func @f(%lb: index, %ub: index, %x: f32, %c: i1) -> f32 {{\n\
         %c0 = \"arith.constant\"() <{{value = 0 : index}}> : () -> index\n\
         %c1 = \"arith.constant\"() <{{value = 1 : index}}> : () -> index\n\
         %c4 = \"arith.constant\"() <{{value = 4 : index}}> : () -> index\n\
         %t = \"arith.constant\"() <{{value = true}}> : () -> i1\n\
         %f = \"arith.constant\"() <{{value = false}}> : () -> i1\n\
         {body}\n}}"
    );
    let (mut c, m) = check(&src).unwrap_or_else(|e| panic!("{e}\n{src}"));
    canonicalize(&mut c, m);
    flowgate_ir::verify::verify(&c, m).unwrap_or_else(|d| panic!("{}\n{}", d.message, print(&c, m, false)));
    print(&c, m, false)
}

#[test]
fn if_on_constant_condition_inlines_the_taken_branch() {
    let out = run("%r = scf.if %t -> (f32) {\n %a = \"test.a\"() : () -> f32\n scf.yield %a : f32\n } else {\n scf.yield %x : f32\n }\n return %r : f32");
    assert!(!out.contains("scf.if"), "{out}");
    assert!(out.contains("%5 = \"test.a\"() : () -> f32\n    return %5 : f32"), "{out}");
    let out = run("%r = scf.if %f -> (f32) {\n %a = \"test.a\"() : () -> f32\n scf.yield %a : f32\n } else {\n scf.yield %x : f32\n }\n return %r : f32");
    assert!(!out.contains("test.a") && out.contains("return %arg2 : f32"), "{out}");
    // No else and a false condition: nothing runs.
    let out = run("scf.if %f {\n \"test.a\"() : () -> ()\n }\n return %x : f32");
    assert!(!out.contains("test.a") && !out.contains("scf.if"), "{out}");
    // A condition that is not constant stays.
    let out = run("scf.if %c {\n \"test.a\"() : () -> ()\n }\n return %x : f32");
    assert!(out.contains("scf.if %arg3"), "{out}");
}

#[test]
fn unused_if_results_are_dropped() {
    let out = run("%r:2 = scf.if %c -> (f32, i32) {\n %a = \"test.a\"() : () -> f32\n %i = \"test.i\"() : () -> i32\n scf.yield %a, %i : f32, i32\n } else {\n %i = \"test.j\"() : () -> i32\n scf.yield %x, %i : f32, i32\n }\n return %r#0 : f32");
    assert!(out.contains("%5 = scf.if %arg3 -> (f32) {"), "{out}");
    assert!(out.contains("scf.yield %arg2 : f32"), "{out}");
    assert!(out.contains("scf.yield %6 : f32"), "{out}");
    // Values defined above the if become a select.
    let out = run("%r = scf.if %c -> (f32) {\n scf.yield %x : f32\n } else {\n %y = \"test.y\"() : () -> f32\n scf.yield %y : f32\n }\n return %r : f32");
    assert!(out.contains("scf.if"), "{out}");
    let out = run("%r = scf.if %c -> (index) {\n scf.yield %lb : index\n } else {\n scf.yield %ub : index\n }\n \"test.use\"(%r) : (index) -> ()\n return %x : f32");
    assert!(!out.contains("scf.if"), "{out}");
    assert!(out.contains("\"arith.select\"(%arg3, %arg0, %arg1) : (i1, index, index) -> index"), "{out}");
}

#[test]
fn forwarded_and_dead_iter_args_are_removed() {
    let out = run("%r:3 = scf.for %i = %lb to %ub step %c1 iter_args(%a = %x, %b = %x, %d = %x) -> (f32, f32, f32) {\n %n = \"test.n\"(%b) : (f32) -> f32\n %z = \"test.z\"() : () -> f32\n scf.yield %a, %n, %z : f32, f32, f32\n }\n return %r#1 : f32");
    // %a is yielded unchanged, %d is dead: only %b stays.
    assert!(out.contains("%5 = scf.for %arg4 = %arg0 to %arg1 step %1 iter_args(%arg5 = %arg2) -> (f32) {"), "{out}");
    assert!(out.contains("\"test.n\"(%arg5)"), "{out}");
    assert!(out.contains("return %5 : f32"), "{out}");
}

#[test]
fn zero_and_single_trip_loops_disappear() {
    let out = run("%r = scf.for %i = %c4 to %c1 step %c1 iter_args(%a = %x) -> (f32) {\n %n = \"test.n\"(%a) : (f32) -> f32\n scf.yield %n : f32\n }\n return %r : f32");
    assert!(!out.contains("scf.for") && !out.contains("test.n") && out.contains("return %arg2 : f32"), "{out}");
    let out = run("%r = scf.for %i = %c0 to %c4 step %c4 iter_args(%a = %x) -> (f32) {\n %n = \"test.n\"(%a, %i) : (f32, index) -> f32\n scf.yield %n : f32\n }\n return %r : f32");
    assert!(!out.contains("scf.for"), "{out}");
    assert!(out.contains("%5 = \"test.n\"(%arg2, %0) : (f32, index) -> f32\n    return %5 : f32"), "{out}");
    // Two trips: kept.
    let out = run("%r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %x) -> (f32) {\n %n = \"test.n\"(%a, %i) : (f32, index) -> f32\n scf.yield %n : f32\n }\n return %r : f32");
    assert!(out.contains("scf.for"), "{out}");
}
