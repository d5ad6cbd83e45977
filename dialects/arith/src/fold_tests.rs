//! Folds checked one by one: each snippet's last op before `return` is folded with the constant
//! operands its defining ops provide.

use crate::canonicalize::constant_of;
use flowgate_ir::asm::{attr_to_string, parse_source, ParserConfig};
use flowgate_ir::{Context, FoldResult, OpId, ValueDef};

fn ctx() -> Context {
    let mut ctx = Context::new();
    flowgate_builtin::register(&mut ctx);
    flowgate_func::register(&mut ctx);
    crate::register(&mut ctx);
    ctx
}

/// Fold the op before `return` in `body`; results as text: attributes printed, values as
/// `%argN` or `%<defining op name>`.
fn fold(body: &str) -> Option<Vec<String>> {
    let src = format!(
        "func.func @f(%a: i32, %b: i32, %x: f32, %y: f32, %c: i1, %i: index, %v: vector<4xi32>) {{\n{body}\nreturn\n}}"
    );
    let mut c = ctx();
    let m = parse_source(&mut c, "t.mlir", &src, ParserConfig::default())
        .unwrap_or_else(|d| panic!("{}\n{src}", d.message));
    flowgate_ir::verify::verify(&c, m).unwrap_or_else(|d| panic!("verify: {}", d.message));
    let ops: Vec<OpId> = c.collect_ops(m, flowgate_ir::WalkOrder::PreOrder);
    let ret = ops.iter().position(|&o| c.is_op(o, "func.return")).expect("return");
    let op = ops[ret - 1];
    let consts: Vec<_> = c.operands(op).iter().map(|&v| constant_of(&c, v)).collect();
    let f = c.op_def(op).and_then(|d| d.fold).expect("fold hook");
    let res = f(&mut c, op, &consts)?;
    Some(
        res.into_iter()
            .map(|r| match r {
                FoldResult::Attr(a) => attr_to_string(&c, a),
                FoldResult::Value(v) => match c.value_def(v) {
                    ValueDef::BlockArg { index, .. } => format!("%arg{index}"),
                    ValueDef::OpResult { op, .. } => format!("%{}", c.op_name(op)),
                    ValueDef::Placeholder => "?".to_string(),
                },
            })
            .collect(),
    )
}

pub(crate) fn one(body: &str) -> Option<String> {
    fold(body).map(|v| v.join(", "))
}

/// Fold `op` applied to two constants of type `ty`.
/// An `arith.constant` operand: `true`/`false` are typed already (upstream rejects `true : i1`).
fn lit(v: &str, ty: &str) -> String {
    if v == "true" || v == "false" {
        v.to_string()
    } else {
        format!("{v} : {ty}")
    }
}

fn bin(op: &str, l: &str, r: &str, ty: &str) -> Option<String> {
    let (l, r) = (lit(l, ty), lit(r, ty));
    one(&format!("%l = arith.constant {l}\n%r = arith.constant {r}\n%z = arith.{op} %l, %r : {ty}"))
}

fn cmp(kind: &str, pred: &str, l: &str, r: &str, ty: &str) -> Option<String> {
    one(&format!(
        "%l = arith.constant {}\n%r = arith.constant {}\n%z = arith.{kind} {pred}, %l, %r : {ty}",
        lit(l, ty),
        lit(r, ty)
    ))
}

fn cast(op: &str, v: &str, from: &str, to: &str) -> Option<String> {
    one(&format!("%l = arith.constant {}\n%z = arith.{op} %l : {from} to {to}", lit(v, from)))
}

/// The float value a fold produces (independent of how floats print).
fn float_of(text: Option<String>) -> Option<f64> {
    let t = text?;
    let mut c = ctx();
    let a = flowgate_ir::asm::parse_attr_str(&mut c, &t).ok()?;
    c.attr_as_float(a)
}

fn binf(op: &str, l: &str, r: &str, ty: &str) -> Option<f64> {
    float_of(bin(op, l, r, ty))
}

fn castf(op: &str, v: &str, from: &str, to: &str) -> Option<f64> {
    float_of(cast(op, v, from, to))
}

pub(crate) fn s(x: &str) -> Option<String> {
    Some(x.to_string())
}

#[test]
fn integer_arithmetic_wraps_at_the_width() {
    assert_eq!(bin("addi", "7", "5", "i32"), s("12 : i32"));
    assert_eq!(bin("addi", "127", "1", "i8"), s("-128 : i8"));
    assert_eq!(bin("subi", "0", "1", "i16"), s("-1 : i16"));
    assert_eq!(bin("muli", "16", "16", "i8"), s("0 : i8"));
    assert_eq!(bin("muli", "4294967296", "4294967296", "i64"), s("0 : i64"));
    assert_eq!(bin("addi", "9223372036854775807", "1", "index"), s("-9223372036854775808 : index"));
    assert_eq!(bin("andi", "12", "10", "i32"), s("8 : i32"));
    assert_eq!(bin("ori", "12", "10", "i32"), s("14 : i32"));
    assert_eq!(bin("xori", "12", "10", "i32"), s("6 : i32"));
    assert_eq!(bin("addi", "true", "true", "i1"), s("false"));
}

#[test]
fn division_and_remainder() {
    assert_eq!(bin("divsi", "-7", "2", "i32"), s("-3 : i32"));
    assert_eq!(bin("divui", "-1", "2", "i8"), s("127 : i8"));
    assert_eq!(bin("remsi", "-7", "2", "i32"), s("-1 : i32"));
    assert_eq!(bin("remui", "-1", "10", "i8"), s("5 : i8"));
    assert_eq!(bin("ceildivsi", "7", "2", "i32"), s("4 : i32"));
    assert_eq!(bin("ceildivsi", "-7", "2", "i32"), s("-3 : i32"));
    assert_eq!(bin("ceildivsi", "-7", "-2", "i32"), s("4 : i32"));
    assert_eq!(bin("ceildivsi", "7", "-2", "i32"), s("-3 : i32"));
    assert_eq!(bin("ceildivsi", "0", "-2", "i32"), s("0 : i32"));
    // Upstream gives up when negating INT_MIN on the way.
    assert_eq!(bin("ceildivsi", "-128", "7", "i8"), None);
    assert_eq!(bin("ceildivsi", "7", "-128", "i8"), None);
    // x / 1 holds even where evaluation overflows (`true` is -1 as a signed i1).
    assert_eq!(bin("divsi", "true", "true", "i1"), s("%arith.constant"));
    assert_eq!(bin("ceildivui", "7", "2", "i32"), s("4 : i32"));
    assert_eq!(bin("ceildivui", "8", "2", "i32"), s("4 : i32"));
    assert_eq!(bin("floordivsi", "-7", "2", "i32"), s("-4 : i32"));
    assert_eq!(bin("floordivsi", "7", "-2", "i32"), s("-4 : i32"));
    assert_eq!(bin("floordivsi", "6", "-2", "i32"), s("-3 : i32"));
}

#[test]
fn division_by_zero_and_overflow_do_not_fold() {
    for op in ["divsi", "divui", "remsi", "remui", "ceildivsi", "ceildivui", "floordivsi"] {
        assert_eq!(bin(op, "7", "0", "i32"), None, "{op}");
    }
    for op in ["divsi", "ceildivsi", "floordivsi"] {
        assert_eq!(bin(op, "-128", "-1", "i8"), None, "{op}");
    }
    // The remainder of that division is well defined.
    assert_eq!(bin("remsi", "-128", "-1", "i8"), s("0 : i8"));
    assert_eq!(bin("remsi", "-9223372036854775808", "-1", "i64"), s("0 : i64"));
}

#[test]
fn shifts() {
    assert_eq!(bin("shli", "1", "3", "i32"), s("8 : i32"));
    assert_eq!(bin("shli", "1", "7", "i8"), s("-128 : i8"));
    assert_eq!(bin("shrsi", "-8", "1", "i8"), s("-4 : i8"));
    assert_eq!(bin("shrui", "-8", "1", "i8"), s("124 : i8"));
    assert_eq!(bin("shli", "1", "8", "i8"), None);
    assert_eq!(bin("shrui", "1", "-1", "i8"), None);
}

#[test]
fn min_max() {
    assert_eq!(bin("maxsi", "-1", "1", "i32"), s("1 : i32"));
    assert_eq!(bin("maxui", "-1", "1", "i32"), s("-1 : i32"));
    assert_eq!(bin("minsi", "-1", "1", "i32"), s("-1 : i32"));
    assert_eq!(bin("minui", "-1", "1", "i32"), s("1 : i32"));
}

#[test]
fn all_cmpi_predicates() {
    let want = [
        ("eq", false),
        ("ne", true),
        ("slt", true),
        ("sle", true),
        ("sgt", false),
        ("sge", false),
        ("ult", false),
        ("ule", false),
        ("ugt", true),
        ("uge", true),
    ];
    for (p, r) in want {
        assert_eq!(cmp("cmpi", p, "-1", "1", "i32"), s(if r { "true" } else { "false" }), "{p}");
    }
}

#[test]
fn cmpf_predicates_with_and_without_nan() {
    let nan = "0x7FC00000";
    let want = [
        ("false", false, false),
        ("oeq", false, false),
        ("ogt", false, false),
        ("oge", false, false),
        ("olt", true, false),
        ("ole", true, false),
        ("one", true, false),
        ("ord", true, false),
        ("ueq", false, true),
        ("ugt", false, true),
        ("uge", false, true),
        ("ult", true, true),
        ("ule", true, true),
        ("une", true, true),
        ("uno", false, true),
        ("true", true, true),
    ];
    let b = |x: bool| s(if x { "true" } else { "false" });
    for (p, ordered, with_nan) in want {
        assert_eq!(cmp("cmpf", p, "1.0", "2.0", "f32"), b(ordered), "{p}");
        assert_eq!(cmp("cmpf", p, nan, "2.0", "f32"), b(with_nan), "{p} NaN lhs");
        assert_eq!(cmp("cmpf", p, "1.0", "0x7FF8000000000000", "f64"), b(with_nan), "{p} NaN rhs");
    }
    // One NaN operand decides even when the other is not constant.
    assert_eq!(one(&format!("%n = arith.constant {nan} : f32\n%z = arith.cmpf uno, %x, %n : f32")), s("true"));
}

#[test]
fn float_arithmetic_rounds_to_the_type() {
    assert_eq!(bin("addf", "1.5", "2.25", "f32"), s("3.750000e+00 : f32"));
    // 2^24 + 1 is not an f32; 2^53 + 1 is not an f64.
    assert_eq!(binf("addf", "16777216.0", "1.0", "f32"), Some(16777216.0));
    assert_eq!(binf("addf", "16777216.0", "3.0", "f32"), Some(16777220.0));
    assert_eq!(binf("addf", "9007199254740992.0", "1.0", "f64"), Some(9007199254740992.0));
    assert_eq!(binf("divf", "1.0", "3.0", "f32"), Some((1.0f32 / 3.0) as f64));
    assert_eq!(binf("divf", "1.0", "3.0", "f64"), Some(1.0 / 3.0));
    assert_eq!(binf("divf", "1.0", "3.0", "f16"), Some(half::f16::from_f32(1.0 / 3.0).to_f64()));
    assert_eq!(binf("mulf", "1.5", "1.5", "bf16"), Some(2.25));
    assert_eq!(bin("addf", "2048.0", "1.0", "f16"), s("2.048000e+03 : f16"));
    assert_eq!(bin("addf", "256.0", "1.0", "bf16"), s("2.560000e+02 : bf16"));
    assert_eq!(bin("addf", "65504.0", "65504.0", "f16"), s("0x7C00 : f16"));
    assert_eq!(bin("mulf", "0.1", "3.0", "f32"), s("3.000000e-01 : f32"));
    assert_eq!(bin("divf", "1.0", "0.0", "f32"), s("0x7F800000 : f32"));
    // Invalid operations give the positive default NaN, as APFloat does.
    assert_eq!(bin("divf", "0.0", "0.0", "f32"), s("0x7FC00000 : f32"));
    assert_eq!(bin("remf", "1.0", "0.0", "f16"), s("0x7E00 : f16"));
    assert_eq!(bin("subf", "0x7FF0000000000000", "0x7FF0000000000000", "f64"), s("0x7FF8000000000000 : f64"));
    assert_eq!(bin("remf", "5.5", "2.0", "f64"), s("1.500000e+00 : f64"));
    assert_eq!(bin("remf", "-5.5", "2.0", "f64"), s("-1.500000e+00 : f64"));
    assert_eq!(bin("subf", "1.0", "1.0", "f32"), s("0.000000e+00 : f32"));
}

#[test]
fn float_min_max_nan_and_signed_zero() {
    let nan = "0x7FC00000";
    assert_eq!(bin("maximumf", nan, "1.0", "f32"), s("0x7FC00000 : f32"));
    assert_eq!(bin("minimumf", "1.0", nan, "f32"), s("0x7FC00000 : f32"));
    assert_eq!(bin("maxnumf", nan, "1.0", "f32"), s("1.000000e+00 : f32"));
    // A NaN right-hand side is minnum's identity: the fold gives back the left operand itself.
    assert_eq!(bin("minnumf", "1.0", nan, "f32"), s("%arith.constant"));
    assert_eq!(bin("maximumf", "-0.0", "0.0", "f32"), s("0.000000e+00 : f32"));
    assert_eq!(bin("minimumf", "0.0", "-0.0", "f32"), s("-0.000000e+00 : f32"));
    assert_eq!(bin("maximumf", "-2.0", "3.0", "f64"), s("3.000000e+00 : f64"));
    assert_eq!(bin("minnumf", "-2.0", "3.0", "f64"), s("-2.000000e+00 : f64"));
}

#[test]
fn negf() {
    assert_eq!(one("%l = arith.constant 1.5 : f32\n%z = arith.negf %l : f32"), s("-1.500000e+00 : f32"));
    assert_eq!(one("%n = arith.negf %x : f32\n%z = arith.negf %n : f32"), s("%arg2"));
    assert_eq!(one("%z = arith.negf %x : f32"), None);
}

#[test]
fn integer_identities() {
    assert_eq!(one("%0 = arith.constant 0 : i32\n%z = arith.addi %a, %0 : i32"), s("%arg0"));
    assert_eq!(one("%0 = arith.constant 0 : i32\n%z = arith.addi %0, %a : i32"), s("%arg0"));
    assert_eq!(one("%0 = arith.constant 0 : i32\n%z = arith.subi %a, %0 : i32"), s("%arg0"));
    assert_eq!(one("%1 = arith.constant 1 : i32\n%z = arith.muli %a, %1 : i32"), s("%arg0"));
    assert_eq!(one("%0 = arith.constant 0 : i32\n%z = arith.muli %a, %0 : i32"), s("%arith.constant"));
    assert_eq!(one("%1 = arith.constant 1 : i32\n%z = arith.divsi %a, %1 : i32"), s("%arg0"));
    assert_eq!(one("%1 = arith.constant 1 : i32\n%z = arith.remui %a, %1 : i32"), s("0 : i32"));
    assert_eq!(one("%z = arith.subi %a, %a : i32"), s("0 : i32"));
    assert_eq!(one("%z = arith.andi %a, %a : i32"), s("%arg0"));
    assert_eq!(one("%z = arith.ori %a, %a : i32"), s("%arg0"));
    assert_eq!(one("%z = arith.xori %a, %a : i32"), s("0 : i32"));
    assert_eq!(one("%m = arith.constant -1 : i32\n%z = arith.andi %a, %m : i32"), s("%arg0"));
    assert_eq!(one("%m = arith.constant -1 : i32\n%z = arith.ori %m, %a : i32"), s("%arith.constant"));
    assert_eq!(one("%0 = arith.constant 0 : i32\n%z = arith.shli %a, %0 : i32"), s("%arg0"));
    assert_eq!(one("%s = arith.subi %a, %b : i32\n%z = arith.addi %s, %b : i32"), s("%arg0"));
    assert_eq!(one("%s = arith.addi %a, %b : i32\n%z = arith.subi %s, %a : i32"), s("%arg1"));
    assert_eq!(one("%s = arith.xori %a, %b : i32\n%z = arith.xori %s, %b : i32"), s("%arg0"));
    assert_eq!(one("%m = arith.constant 2147483647 : i32\n%z = arith.maxsi %a, %m : i32"), s("%arith.constant"));
    assert_eq!(one("%z = arith.minui %a, %a : i32"), s("%arg0"));
    assert_eq!(one("%z = arith.addi %a, %b : i32"), None);
    assert_eq!(one("%z = arith.subi %a, %b : i32"), None);
}

#[test]
fn float_identities() {
    assert_eq!(one("%0 = arith.constant -0.0 : f32\n%z = arith.addf %x, %0 : f32"), s("%arg2"));
    // x + 0.0 is not x when x is -0.0.
    assert_eq!(one("%0 = arith.constant 0.0 : f32\n%z = arith.addf %x, %0 : f32"), None);
    assert_eq!(one("%0 = arith.constant 0.0 : f32\n%z = arith.subf %x, %0 : f32"), s("%arg2"));
    assert_eq!(one("%1 = arith.constant 1.0 : f32\n%z = arith.mulf %x, %1 : f32"), s("%arg2"));
    assert_eq!(one("%1 = arith.constant 1.0 : f32\n%z = arith.divf %x, %1 : f32"), s("%arg2"));
    assert_eq!(one("%z = arith.maximumf %x, %x : f32"), s("%arg2"));
    assert_eq!(one("%n = arith.constant 0xFF800000 : f32\n%z = arith.maximumf %x, %n : f32"), s("%arg2"));
}

#[test]
fn comparisons_of_equal_operands() {
    assert_eq!(one("%z = arith.cmpi eq, %a, %a : i32"), s("true"));
    assert_eq!(one("%z = arith.cmpi sge, %a, %a : i32"), s("true"));
    assert_eq!(one("%z = arith.cmpi ult, %a, %a : i32"), s("false"));
    assert_eq!(one("%z = arith.cmpi ne, %v, %v : vector<4xi32>"), s("dense<false> : vector<4xi1>"));
    assert_eq!(one("%z = arith.cmpi eq, %a, %b : i32"), None);
}

#[test]
fn select() {
    assert_eq!(one("%t = arith.constant true\n%z = arith.select %t, %a, %b : i32"), s("%arg0"));
    assert_eq!(one("%t = arith.constant false\n%z = arith.select %t, %a, %b : i32"), s("%arg1"));
    assert_eq!(one("%z = arith.select %c, %a, %a : i32"), s("%arg0"));
    assert_eq!(
        one("%t = arith.constant true\n%f = arith.constant false\n%z = arith.select %c, %t, %f : i1"),
        s("%arg4")
    );
    assert_eq!(one("%z = arith.select %c, %a, %b : i32"), None);
}

#[test]
fn dense_and_splat_constants() {
    assert_eq!(bin("addi", "dense<[1, 2]>", "dense<[3, 4]>", "vector<2xi32>"), s("dense<[4, 6]> : vector<2xi32>"));
    assert_eq!(bin("addi", "dense<1>", "dense<[3, 4]>", "tensor<2xi32>"), s("dense<[4, 5]> : tensor<2xi32>"));
    assert_eq!(bin("muli", "dense<3>", "dense<5>", "vector<4xi8>"), s("dense<15> : vector<4xi8>"));
    assert_eq!(
        bin("subf", "dense<[1.0, 2.0]>", "dense<1.0>", "vector<2xf32>"),
        s("dense<[0.000000e+00, 1.000000e+00]> : vector<2xf32>")
    );
    assert_eq!(
        cmp("cmpi", "slt", "dense<[1, 5]>", "dense<3>", "vector<2xi32>"),
        s("dense<[true, false]> : vector<2xi1>")
    );
    assert_eq!(bin("divsi", "dense<[1, 5]>", "dense<[1, 0]>", "vector<2xi32>"), None);
    assert_eq!(cast("extsi", "dense<-1>", "vector<2xi8>", "vector<2xi32>"), s("dense<-1> : vector<2xi32>"));
}

#[test]
fn integer_casts() {
    assert_eq!(cast("extui", "-1", "i8", "i32"), s("255 : i32"));
    assert_eq!(cast("extsi", "-1", "i8", "i32"), s("-1 : i32"));
    assert_eq!(cast("extui", "true", "i1", "i8"), s("1 : i8"));
    assert_eq!(cast("extsi", "true", "i1", "i8"), s("-1 : i8"));
    assert_eq!(cast("trunci", "257", "i32", "i8"), s("1 : i8"));
    assert_eq!(cast("trunci", "3", "i32", "i1"), s("true"));
    assert_eq!(cast("index_cast", "-1", "i32", "index"), s("-1 : index"));
    assert_eq!(cast("index_castui", "-1", "i32", "index"), s("4294967295 : index"));
    assert_eq!(cast("index_cast", "4294967297", "index", "i32"), s("1 : i32"));
    assert_eq!(one("%e = arith.extsi %a : i32 to i64\n%z = arith.trunci %e : i64 to i32"), s("%arg0"));
    assert_eq!(one("%e = arith.index_cast %a : i32 to index\n%z = arith.index_cast %e : index to i32"), s("%arg0"));
}

#[test]
fn float_casts() {
    assert_eq!(cast("sitofp", "-3", "i32", "f32"), s("-3.000000e+00 : f32"));
    assert_eq!(cast("uitofp", "-1", "i8", "f32"), s("2.550000e+02 : f32"));
    assert_eq!(castf("sitofp", "16777217", "i32", "f32"), Some(16777216.0));
    assert_eq!(castf("sitofp", "16777219", "i32", "f32"), Some(16777220.0));
    assert_eq!(cast("uitofp", "2049", "i32", "f16"), s("2.048000e+03 : f16"));
    assert_eq!(cast("fptosi", "2.7", "f32", "i32"), s("2 : i32"));
    assert_eq!(cast("fptosi", "-2.7", "f64", "i8"), s("-2 : i8"));
    assert_eq!(cast("fptoui", "255.5", "f32", "i8"), s("-1 : i8"));
    assert_eq!(cast("fptoui", "-1.0", "f32", "i8"), None);
    assert_eq!(cast("fptosi", "128.0", "f32", "i8"), None);
    assert_eq!(cast("fptosi", "0x7FC00000", "f32", "i32"), None);
    assert_eq!(cast("extf", "1.5", "f16", "f32"), s("1.500000e+00 : f32"));
    // Only exact conversions fold, whatever the rounding mode.
    assert_eq!(cast("truncf", "1.0000001", "f32", "f16"), None);
    assert_eq!(cast("truncf", "0.1", "f64", "f32"), None);
    assert_eq!(cast("truncf", "1.0e10", "f64", "f32"), s("1.000000e+10 : f32"));
    assert_eq!(
        one("%l = arith.constant 1.5 : f64\n%z = arith.truncf %l downward : f64 to f32"),
        s("1.500000e+00 : f32")
    );
    assert_eq!(cast("truncf", "0x7FF8000000000000", "f64", "f32"), s("0x7FC00000 : f32"));
    assert_eq!(cast("bitcast", "1.0", "f32", "i32"), s("1065353216 : i32"));
    assert_eq!(cast("bitcast", "-1082130432", "i32", "f32"), s("-1.000000e+00 : f32"));
    assert_eq!(cast("bitcast", "1.0", "f16", "bf16"), s("7.812500e-03 : bf16"));
}

#[test]
fn extended_arithmetic() {
    let two = |body: &str| fold(body);
    assert_eq!(
        two(
            "%l = arith.constant -56 : i8\n%r = arith.constant 100 : i8\n%s, %o = arith.addui_extended %l, %r : i8, i1"
        ),
        Some(vec!["44 : i8".into(), "true".into()])
    );
    assert_eq!(
        two("%l = arith.constant 1 : i8\n%r = arith.constant 2 : i8\n%s, %o = arith.addui_extended %l, %r : i8, i1"),
        Some(vec!["3 : i8".into(), "false".into()])
    );
    assert_eq!(
        two("%l = arith.constant -1 : i8\n%r = arith.constant -1 : i8\n%s, %o = arith.mului_extended %l, %r : i8"),
        Some(vec!["1 : i8".into(), "-2 : i8".into()])
    );
    assert_eq!(
        two("%l = arith.constant -1 : i8\n%r = arith.constant -1 : i8\n%s, %o = arith.mulsi_extended %l, %r : i8"),
        Some(vec!["1 : i8".into(), "0 : i8".into()])
    );
    assert_eq!(
        two("%r = arith.constant 0 : i32\n%s, %o = arith.addui_extended %a, %r : i32, i1"),
        Some(vec!["%arg0".into(), "false".into()])
    );
}

/// Fold the op before `return` and print the function afterwards (for in-place folds).
fn fold_in_place(body: &str) -> (Option<Vec<String>>, String) {
    let src = format!("func.func @f(%a: i8, %x: f16) {{\n{body}\nreturn\n}}");
    let mut c = ctx();
    let m = parse_source(&mut c, "t.mlir", &src, ParserConfig::default())
        .unwrap_or_else(|d| panic!("{}\n{src}", d.message));
    let ops: Vec<OpId> = c.collect_ops(m, flowgate_ir::WalkOrder::PreOrder);
    let ret = ops.iter().position(|&o| c.is_op(o, "func.return")).expect("return");
    let op = ops[ret - 1];
    let consts: Vec<_> = c.operands(op).iter().map(|&v| constant_of(&c, v)).collect();
    let f = c.op_def(op).and_then(|d| d.fold).expect("fold hook");
    let res = f(&mut c, op, &consts).map(|r| {
        r.into_iter()
            .map(|r| match r {
                FoldResult::Value(v) if c.defining_op(v) == Some(op) => "self".to_string(),
                _ => "other".to_string(),
            })
            .collect()
    });
    flowgate_ir::verify::verify(&c, m).unwrap_or_else(|d| panic!("verify: {}", d.message));
    (res, flowgate_ir::asm::print_op(&c, m, flowgate_ir::asm::PrintFlags::default()))
}

#[test]
fn cast_chains_fold_in_place() {
    let (r, out) = fold_in_place("%0 = arith.extui %a : i8 to i16\n%1 = arith.extui %0 : i16 to i64");
    assert_eq!(r, Some(vec!["self".to_string()]));
    assert!(out.contains("%1 = arith.extui %arg0 : i8 to i64"), "{out}");
    let (r, out) = fold_in_place("%0 = arith.extsi %a : i8 to i16\n%1 = arith.extsi %0 : i16 to i64");
    assert_eq!(r, Some(vec!["self".to_string()]));
    assert!(out.contains("%1 = arith.extsi %arg0 : i8 to i64"), "{out}");
    let (r, out) = fold_in_place("%0 = arith.extsi %a : i8 to i64\n%1 = arith.trunci %0 : i64 to i4");
    assert_eq!(r, Some(vec!["self".to_string()]));
    assert!(out.contains("%1 = arith.trunci %arg0 : i8 to i4"), "{out}");
    let (r, out) = fold_in_place("%0 = arith.trunci %a : i8 to i6\n%1 = arith.trunci %0 : i6 to i4");
    assert_eq!(r, Some(vec!["self".to_string()]));
    assert!(out.contains("%1 = arith.trunci %arg0 : i8 to i4"), "{out}");
    assert_eq!(fold_in_place("%0 = arith.extf %x : f16 to f32\n%1 = arith.extf %0 : f32 to f64").0, None);
    // Different extensions, or a source narrower than the result, stay.
    assert_eq!(fold_in_place("%0 = arith.extui %a : i8 to i16\n%1 = arith.extsi %0 : i16 to i64").0, None);
    assert_eq!(fold_in_place("%0 = arith.extui %a : i8 to i64\n%1 = arith.trunci %0 : i64 to i16").0, None);
}

#[test]
fn cmpi_moves_a_constant_to_the_right() {
    let (r, out) = fold_in_place("%k = arith.constant 5 : i8\n%0 = arith.cmpi slt, %k, %a : i8");
    assert_eq!(r, Some(vec!["self".to_string()]));
    assert!(out.contains("%0 = arith.cmpi sgt, %arg0, %c5_i8 : i8"), "{out}");
    let (r, out) = fold_in_place("%k = arith.constant 5 : i8\n%0 = arith.cmpi ne, %k, %a : i8");
    assert_eq!(r, Some(vec!["self".to_string()]));
    assert!(out.contains("%0 = arith.cmpi ne, %arg0, %c5_i8 : i8"), "{out}");
    assert_eq!(fold_in_place("%k = arith.constant 5 : i8\n%0 = arith.cmpi ule, %a, %k : i8").0, None);
}

#[test]
fn constant_folds_to_its_value() {
    assert_eq!(one("%z = arith.constant 42 : i32"), s("42 : i32"));
}
