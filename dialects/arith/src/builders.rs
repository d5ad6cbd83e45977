//! Typed constructors for passes that create arith ops. They set the attributes upstream's
//! builders set (the default `overflowFlags` and `fastmath`, the `predicate`), so built ops print
//! exactly as parsed ones do, in generic form too.

use crate::flags::{lookup, BitEnum, CMPF_PREDICATES, CMPI_PREDICATES};
use crate::spec::{spec, Syntax};
use crate::types::i1_same_shape;
use flowgate_ir::{Attribute, Builder, Location, OperationState, Type, Value};

/// `arith.constant` for a typed attribute (integer, float, dense elements); `None` for others.
pub fn constant(b: &mut Builder<'_>, value: Attribute, loc: Location) -> Option<Value> {
    let ty = b.ctx.attr_type(value)?;
    let op = crate::materialize_constant(b, value, ty, loc)?;
    Some(b.ctx.result(op, 0))
}

/// An integer (or index) constant of type `ty`.
pub fn constant_int(b: &mut Builder<'_>, value: i128, ty: Type, loc: Location) -> Value {
    let a = b.ctx.integer_attr(value, ty);
    let st = OperationState::new(b.ctx, "arith.constant", loc).results(&[ty]).attr(b.ctx, "value", a);
    b.create_value(st)
}

pub fn constant_index(b: &mut Builder<'_>, value: i64, loc: Location) -> Value {
    let ty = b.ctx.index_type();
    constant_int(b, value as i128, ty, loc)
}

/// `lhs * rhs` with upstream's default (empty) `overflowFlags`: the index arithmetic that
/// rewrites such as the reshape compositions build.
pub fn muli(b: &mut Builder<'_>, lhs: Value, rhs: Value, loc: Location) -> Value {
    let flags = BitEnum::Overflow.attr(b.ctx, 0);
    let ty = b.ctx.value_type(lhs);
    let st = OperationState::new(b.ctx, "arith.muli", loc).operands(&[lhs, rhs]).results(&[ty]).attr(
        b.ctx,
        "overflowFlags",
        flags,
    );
    b.create_value(st)
}

/// A float constant of float type `ty` (rounded to its precision).
pub fn constant_float(b: &mut Builder<'_>, value: f64, ty: Type, loc: Location) -> Value {
    let a = b.ctx.float_attr(value, ty);
    let st = OperationState::new(b.ctx, "arith.constant", loc).results(&[ty]).attr(b.ctx, "value", a);
    b.create_value(st)
}

/// Any one-result op of the table with operand and result types as given: binary ops
/// (`arith.addi`, `arith.mulf`, ...), `arith.negf` and casts (`arith.index_cast`, ...). The
/// result type of binary ops is the operands' type; casts need `cast_to`.
fn build(b: &mut Builder<'_>, name: &str, operands: &[Value], result: Type, loc: Location) -> Option<Value> {
    let sp = spec(name)?;
    let mut st = OperationState::new(b.ctx, name, loc).operands(operands).results(&[result]);
    if sp.syntax.has_overflow() {
        let a = BitEnum::Overflow.attr(b.ctx, 0);
        st.add_attr(b.ctx, "overflowFlags", a);
    }
    if sp.syntax.default_fastmath() {
        let a = BitEnum::FastMath.attr(b.ctx, 0);
        st.add_attr(b.ctx, "fastmath", a);
    }
    Some(b.create_value(st))
}

/// `name(lhs, rhs)` for a same-type binary op (`"arith.addi"`, `"arith.maxnumf"`, ...);
/// `None` when `name` is not one.
pub fn binary(b: &mut Builder<'_>, name: &str, lhs: Value, rhs: Value, loc: Location) -> Option<Value> {
    let sp = spec(name)?;
    if !matches!(sp.syntax, Syntax::Bin | Syntax::BinExact | Syntax::BinOverflow | Syntax::BinFast) {
        return None;
    }
    let ty = b.ctx.value_type(lhs);
    build(b, name, &[lhs, rhs], ty, loc)
}

pub fn negf(b: &mut Builder<'_>, x: Value, loc: Location) -> Value {
    let ty = b.ctx.value_type(x);
    let fm = BitEnum::FastMath.attr(b.ctx, 0);
    let st = OperationState::new(b.ctx, "arith.negf", loc).operands(&[x]).results(&[ty]).attr(b.ctx, "fastmath", fm);
    b.create_value(st)
}

/// A cast op (`"arith.extsi"`, `"arith.index_cast"`, `"arith.sitofp"`, ...) to type `to`.
pub fn cast(b: &mut Builder<'_>, name: &str, x: Value, to: Type, loc: Location) -> Option<Value> {
    spec(name)?.cast?;
    build(b, name, &[x], to, loc)
}

/// `arith.cmpi pred, lhs, rhs` with `pred` spelled as upstream (`"slt"`); `None` for an
/// unknown predicate.
pub fn cmpi(b: &mut Builder<'_>, pred: &str, lhs: Value, rhs: Value, loc: Location) -> Option<Value> {
    compare(b, "arith.cmpi", &CMPI_PREDICATES, pred, lhs, rhs, loc)
}

/// `arith.cmpf pred, lhs, rhs` (`"olt"`, `"une"`, ...).
pub fn cmpf(b: &mut Builder<'_>, pred: &str, lhs: Value, rhs: Value, loc: Location) -> Option<Value> {
    compare(b, "arith.cmpf", &CMPF_PREDICATES, pred, lhs, rhs, loc)
}

fn compare(
    b: &mut Builder<'_>,
    name: &str,
    table: &[&str],
    pred: &str,
    lhs: Value,
    rhs: Value,
    loc: Location,
) -> Option<Value> {
    let idx = lookup(table, pred)?;
    let lt = b.ctx.value_type(lhs);
    let rt = i1_same_shape(b.ctx, lt);
    let i64t = b.ctx.integer_type(64);
    let p = b.ctx.integer_attr(idx as i128, i64t);
    let mut st = OperationState::new(b.ctx, name, loc).operands(&[lhs, rhs]).results(&[rt]).attr(b.ctx, "predicate", p);
    if name == "arith.cmpf" {
        let fm = BitEnum::FastMath.attr(b.ctx, 0);
        st.add_attr(b.ctx, "fastmath", fm);
    }
    Some(b.create_value(st))
}

/// `arith.select cond, t, f`.
pub fn select(b: &mut Builder<'_>, cond: Value, t: Value, f: Value, loc: Location) -> Value {
    let ty = b.ctx.value_type(t);
    let st = OperationState::new(b.ctx, "arith.select", loc).operands(&[cond, t, f]).results(&[ty]);
    b.create_value(st)
}

#[cfg(test)]
mod tests {
    use super::*;
    use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};

    #[test]
    fn built_ops_print_like_parsed_ones() {
        let mut c = flowgate_ir::Context::new();
        flowgate_builtin::register(&mut c);
        flowgate_func::register(&mut c);
        crate::register(&mut c);
        let src = "func.func @f(%a: i32, %x: f32) {\n  return\n}";
        let m = parse_source(&mut c, "t.mlir", src, ParserConfig::default()).expect("parses");
        let ret = c.find_ops(m, "func.return")[0];
        let blk = c.parent_block(ret).expect("block");
        let (a, x) = (c.block_arg(blk, 0), c.block_arg(blk, 1));
        let loc = c.op_loc(ret);
        let f64t = c.float_type(flowgate_ir::FloatKind::F64);
        let i32t = c.integer_type(32);
        let mut b = Builder::before(&mut c, ret);
        let k = constant_int(&mut b, 7, i32t, loc);
        let s = binary(&mut b, "arith.addi", a, k, loc).expect("addi");
        let cmp = cmpi(&mut b, "slt", s, a, loc).expect("cmpi");
        let sel = select(&mut b, cmp, s, a, loc);
        let e = cast(&mut b, "arith.sitofp", sel, f64t, loc).expect("sitofp");
        let y = cast(&mut b, "arith.extf", x, f64t, loc).expect("extf");
        let z = binary(&mut b, "arith.mulf", e, y, loc).expect("mulf");
        let n = negf(&mut b, z, loc);
        cmpf(&mut b, "uno", n, n, loc).expect("cmpf");
        constant_index(&mut b, -2, loc);
        assert!(binary(&mut b, "arith.cmpi", a, a, loc).is_none());
        assert!(cmpi(&mut b, "oeq", a, a, loc).is_none());
        flowgate_ir::verify::verify(&c, m).expect("verifies");
        for generic in [false, true] {
            let flags = PrintFlags { generic, debuginfo: false, local_scope: false };
            let out = print_op(&c, m, flags);
            let mut c2 = flowgate_ir::Context::new();
            flowgate_builtin::register(&mut c2);
            flowgate_func::register(&mut c2);
            crate::register(&mut c2);
            let m2 = parse_source(&mut c2, "u.mlir", &out, ParserConfig::default()).expect("reparses");
            assert_eq!(print_op(&c2, m2, flags), out, "built and parsed ops print alike");
        }
        let out = print_op(&c, m, PrintFlags::default());
        for line in [
            "%c7_i32 = arith.constant 7 : i32",
            "%0 = arith.addi %arg0, %c7_i32 : i32",
            "%1 = arith.cmpi slt, %0, %arg0 : i32",
            "%2 = arith.select %1, %0, %arg0 : i32",
            "%3 = arith.sitofp %2 : i32 to f64",
            "%4 = arith.extf %arg1 : f32 to f64",
            "%5 = arith.mulf %3, %4 : f64",
            "%6 = arith.negf %5 : f64",
            "%7 = arith.cmpf uno, %6, %6 : f64",
            "%c-2 = arith.constant -2 : index",
        ] {
            assert!(out.contains(line), "missing `{line}` in\n{out}");
        }
    }
}
