//! What each `arith` op needs once its odd-width values live in a machine width. Every such
//! value is kept sign-extended from its declared width N to the machine width M (the
//! representation that makes `cmpi` of every predicate, `select`, the bitwise ops,
//! `max`/`min`, `remsi`, `shrsi`, `extsi`, `index_cast` and `sitofp` right as they are, since
//! sign extension keeps both the signed and the unsigned order). An op whose M-bit result can
//! differ from the N-bit one in the high bits is followed by a sign-extend-in-register
//! (`shli` then `shrsi` by M - N): the wrap-around of `addi`/`subi`/`muli`/`shli`, the
//! unsigned results of `divui`/`remui`/`shrui`, truncations and float conversions. Ops that
//! read their operands as unsigned (`divui`, `remui`, `ceildivui`, `shrui`, `extui`,
//! `index_castui`, `uitofp`) get them zero-extended-in-register (`andi` with 2^N - 1) first.

use flowgate_arith::builders;
use flowgate_arith::BitEnum;
use flowgate_ir::{Builder, Context, Diagnostic, OpId, Value};

/// The arith ops the pass knows: those that need nothing are listed too, so that any other op
/// carrying an odd width is reported instead of silently computed at the machine width.
pub const KNOWN: &[&str] = &[
    "arith.constant",
    "arith.addi",
    "arith.subi",
    "arith.muli",
    "arith.shli",
    "arith.divsi",
    "arith.ceildivsi",
    "arith.floordivsi",
    "arith.divui",
    "arith.remui",
    "arith.ceildivui",
    "arith.shrui",
    "arith.remsi",
    "arith.shrsi",
    "arith.andi",
    "arith.ori",
    "arith.xori",
    "arith.maxsi",
    "arith.minsi",
    "arith.maxui",
    "arith.minui",
    "arith.cmpi",
    "arith.select",
    "arith.extsi",
    "arith.extui",
    "arith.trunci",
    "arith.index_cast",
    "arith.index_castui",
    "arith.sitofp",
    "arith.uitofp",
    "arith.fptosi",
    "arith.fptoui",
    "arith.bitcast",
    "arith.addui_extended",
];

/// The declared odd widths of an op's first operand and first result, taken before any type
/// changes (earlier rewrites replace operands by values that no longer say their width).
#[derive(Clone, Copy, Default)]
pub struct Declared {
    pub src: Option<u32>,
    pub res: Option<u32>,
    /// An operand or result is a vector (or other shaped value) of odd-width integers.
    pub shaped: bool,
}

pub fn declared(ctx: &Context, op: OpId) -> Declared {
    let w = |v: Option<&Value>| v.and_then(|&v| super::types::odd_width(ctx, ctx.value_type(v)));
    let shaped = ctx.operands(op).iter().chain(ctx.results(op)).any(|&v| {
        let t = ctx.value_type(v);
        ctx.element_type(t).is_some() && super::types::has_odd(ctx, t)
    });
    Declared { src: w(ctx.operands(op).first()), res: w(ctx.results(op).first()), shaped }
}

/// Rewrite `op` (its types already widened) so that it computes at the declared widths.
pub fn legalize(ctx: &mut Context, op: OpId, declared: Declared) -> Result<(), Diagnostic> {
    let name = ctx.op_name(op).to_string();
    let res = ctx.results(op).first().copied();
    let src = ctx.operands(op).first().copied();
    let res_w = declared.res;
    let src_w = declared.src;
    if declared.shaped && needs_scalar(&name) {
        return Err(Diagnostic::op_error(ctx, op, "on vectors of odd-width integers is not supported"));
    }
    match name.as_str() {
        "arith.addi" | "arith.subi" | "arith.muli" | "arith.shli" => {
            if let (Some(r), Some(n)) = (res, res_w) {
                // nsw/nuw at N bits say nothing about the M-bit operation on sign-extended
                // values; drop them rather than let a backend assume them.
                let none = BitEnum::Overflow.attr(ctx, 0);
                ctx.set_attr(op, "overflowFlags", none);
                normalize_result(ctx, op, r, n);
            }
        }
        "arith.divsi" | "arith.ceildivsi" | "arith.floordivsi" => {
            // The one quotient that does not fit, MIN / -1, is poison upstream; wrap it anyway.
            if let (Some(r), Some(n)) = (res, res_w) {
                normalize_result(ctx, op, r, n);
            }
        }
        "arith.divui" | "arith.remui" | "arith.ceildivui" | "arith.shrui" => {
            if let (Some(r), Some(n)) = (res, res_w) {
                let read_unsigned = if name == "arith.shrui" { 1 } else { 2 };
                for i in 0..read_unsigned {
                    zero_extend_operand(ctx, op, i, n);
                }
                normalize_result(ctx, op, r, n);
            }
        }
        "arith.extsi" | "arith.bitcast" => {
            if let (Some(r), Some(x)) = (res, src) {
                if ctx.value_type(r) == ctx.value_type(x) {
                    replace(ctx, op, x);
                }
            }
        }
        "arith.extui" | "arith.uitofp" | "arith.index_castui" => {
            if let Some(n) = src_w {
                zero_extend_operand(ctx, op, 0, n);
            }
            let Some(r) = res else { return Ok(()) };
            if name == "arith.index_castui" {
                if let Some(n) = res_w {
                    normalize_result(ctx, op, r, n);
                }
            } else if name == "arith.extui" && ctx.value_type(r) == ctx.value_type(ctx.operand(op, 0)) {
                // extui into the machine width that carries the source (i33 to i64, i3 to i5):
                // the zero-extension in register is all there is to do.
                let x = ctx.operand(op, 0);
                replace(ctx, op, x);
            }
        }
        "arith.trunci" | "arith.index_cast" | "arith.fptosi" | "arith.fptoui" => {
            if let (Some(r), Some(n)) = (res, res_w) {
                let x = ctx.operand(op, 0);
                if ctx.value_type(r) == ctx.value_type(x) {
                    // trunci between two odd widths (or from the machine width itself).
                    let mut b = Builder::before(ctx, op);
                    let loc = b.ctx.op_loc(op);
                    let y = sign_extend_in_reg(&mut b, x, n, loc);
                    replace(ctx, op, y);
                } else {
                    normalize_result(ctx, op, r, n);
                }
            }
        }
        "arith.addui_extended" => {
            if let (Some(sum), Some(n)) = (res, res_w) {
                // The M-bit carry is not the N-bit one: with the sum wrapped at N bits, the
                // carry is `sum < lhs`, unsigned (sign extension keeps the unsigned order).
                let carry = ctx.result(op, 1);
                let lhs = ctx.operand(op, 0);
                let mut b = Builder::before(ctx, op);
                b.set_insertion_point_after(op);
                let loc = b.ctx.op_loc(op);
                let s = sign_extend_in_reg(&mut b, sum, n, loc);
                let c = builders::cmpi(&mut b, "ult", s, lhs, loc).expect("ult is a cmpi predicate");
                let s_op = ctx.defining_op(s);
                ctx.replace_all_uses(sum, s);
                ctx.replace_all_uses(carry, c);
                // The new ops read the old sum; put it back where the replacement took it.
                restore_operand(ctx, s_op, sum);
            }
        }
        _ => {}
    }
    Ok(())
}

/// The ops whose rewrite builds scalar constants.
fn needs_scalar(name: &str) -> bool {
    !matches!(
        name,
        "arith.constant"
            | "arith.remsi"
            | "arith.shrsi"
            | "arith.andi"
            | "arith.ori"
            | "arith.xori"
            | "arith.maxsi"
            | "arith.minsi"
            | "arith.maxui"
            | "arith.minui"
            | "arith.cmpi"
            | "arith.select"
            | "arith.sitofp"
            | "arith.bitcast"
    )
}

/// Replace `op`'s only result by `v` and erase `op`.
fn replace(ctx: &mut Context, op: OpId, v: Value) {
    let r = ctx.result(op, 0);
    ctx.replace_all_uses(r, v);
    ctx.erase_op(op);
}

/// Follow `op` with a sign-extend-in-register of its result `r` from `n` bits, and let every
/// other use of `r` read that instead.
fn normalize_result(ctx: &mut Context, op: OpId, r: Value, n: u32) {
    let mut b = Builder::before(ctx, op);
    b.set_insertion_point_after(op);
    let loc = b.ctx.op_loc(op);
    let y = sign_extend_in_reg(&mut b, r, n, loc);
    let first = ctx.defining_op(y);
    ctx.replace_all_uses(r, y);
    restore_operand(ctx, first, r);
}

/// After `replace_all_uses(r, y)`, the `shrsi` that computes `y` reads itself through its
/// `shli`: give the `shli` (the op defining `shrsi`'s first operand) `r` back.
fn restore_operand(ctx: &mut Context, shrsi: Option<OpId>, r: Value) {
    if let Some(shli) = shrsi.and_then(|o| ctx.defining_op(ctx.operand(o, 0))) {
        ctx.set_operand(shli, 0, r);
    }
}

/// Operand `i` of `op`, zero-extended-in-register from `n` bits.
fn zero_extend_operand(ctx: &mut Context, op: OpId, i: usize, n: u32) {
    let x = ctx.operand(op, i);
    let ty = ctx.value_type(x);
    let mut b = Builder::before(ctx, op);
    let loc = b.ctx.op_loc(op);
    let mask = builders::constant_int(&mut b, (1i128 << n) - 1, ty, loc);
    let z = builders::binary(&mut b, "arith.andi", x, mask, loc).expect("andi is binary");
    ctx.set_operand(op, i, z);
}

/// `x` (of a machine width M) with bits n.. copies of bit n-1: `(x << (M-n)) >>s (M-n)`.
fn sign_extend_in_reg(b: &mut Builder<'_>, x: Value, n: u32, loc: flowgate_ir::Location) -> Value {
    let ty = b.ctx.value_type(x);
    let m = b.ctx.int_width(ty).unwrap_or(64);
    let k = builders::constant_int(b, i128::from(m - n), ty, loc);
    let t = builders::binary(b, "arith.shli", x, k, loc).expect("shli is binary");
    builders::binary(b, "arith.shrsi", t, k, loc).expect("shrsi is binary")
}
