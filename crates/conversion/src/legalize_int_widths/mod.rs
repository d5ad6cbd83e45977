//! `--legalize-int-widths`: integers of any width from 2 to 63 bits, as upstream MLIR compiles
//! them, for code generators that know only 1, 8, 16, 32 and 64 bits. Each odd-width value
//! (`i2`, `i17`, `i33`, ...: op results, block and function arguments, function results,
//! memref elements) moves to the next machine width and is kept there sign-extended from its
//! declared width; the arith ops that could leave other bits in the high part, or that read
//! their operands as unsigned, get the re-normalisation they need (see `arith.rs`). Both
//! backends then see machine widths only, and compute with upstream's wrap-around at the
//! declared width.
//!
//! The pass runs last in the lowering pipeline, after `convert-scf-to-cf`, so it meets `func`,
//! `cf`, `arith`, `memref` and `ub` ops. Structured ops that only carry values (`scf.if`,
//! `scf.while`, `scf.yield`, iter_args) are fine too; an `scf.for` whose induction variable
//! has an odd width must be lowered first (its increment wraps at that width), and any other
//! op that carries an odd-width integer is an error that names it.

mod arith;
mod types;

use flowgate_ir::{AttrKind, Context, Diagnostic, OpId, Value, WalkOrder};
use flowgate_pass::{Pass, PassInfo, PassOptions};
use flowgate_scf::ForOp;

pub struct LegalizeIntWidthsPass;

pub fn pass_info() -> PassInfo {
    PassInfo {
        argument: "legalize-int-widths",
        description:
            "Carry integers of odd widths (i2, i17, i33, ...) in the next machine width, wrapping at the declared one",
        create: |opts: &PassOptions| {
            opts.check_known("legalize-int-widths", &[])?;
            Ok(Box::new(LegalizeIntWidthsPass))
        },
    }
}

impl Pass for LegalizeIntWidthsPass {
    fn argument(&self) -> &'static str {
        "legalize-int-widths"
    }

    fn name(&self) -> &'static str {
        "LegalizeIntWidthsPass"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        legalize_int_widths(ctx, op)
    }
}

/// Ops that pass odd-width values along without computing on them.
const CARRIERS: &[&str] = &[
    "builtin.module",
    "func.func",
    "func.call",
    "func.call_indirect",
    "func.return",
    "cf.br",
    "cf.cond_br",
    "cf.switch",
    "scf.yield",
    "scf.condition",
    "scf.if",
    "scf.while",
    "scf.execute_region",
    "scf.index_switch",
    ForOp::NAME,
    "ub.poison",
];

/// Legalize every odd-width integer nested in `root`.
pub fn legalize_int_widths(ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
    let ops = ctx.collect_ops(root, WalkOrder::PreOrder);
    let mut touched = Vec::new();
    for &op in &ops {
        if touches(ctx, op) {
            check_supported(ctx, op)?;
            touched.push(op);
        }
    }
    if touched.is_empty() {
        return Ok(());
    }
    // The declared widths, before any type changes.
    let declared: Vec<arith::Declared> = touched.iter().map(|&op| arith::declared(ctx, op)).collect();
    let mut values: Vec<Value> = Vec::new();
    for &op in &touched {
        values.extend_from_slice(ctx.results(op));
        for &r in ctx.regions(op) {
            for &b in ctx.region_blocks(r) {
                values.extend_from_slice(ctx.block_args(b));
            }
        }
    }
    // Types and attributes first, so that every rewrite below builds at machine widths.
    for &v in &values {
        let ty = ctx.value_type(v);
        if let Some(t) = types::legal_type(ctx, ty) {
            ctx.set_value_type(v, t);
        }
    }
    for &op in &touched {
        let attrs = ctx.attrs(op).to_vec();
        for (name, a) in attrs {
            match types::legal_attr(ctx, a) {
                Ok(Some(n)) => ctx.set_attr_sym(op, name, n),
                Ok(None) => {}
                Err(types::Unsupported(what)) => {
                    return Err(Diagnostic::op_error(
                        ctx,
                        op,
                        format!("has {what}, which --legalize-int-widths does not rewrite"),
                    ));
                }
            }
        }
    }
    for (&op, &d) in touched.iter().zip(&declared) {
        if ctx.op_name(op).starts_with("arith.") {
            arith::legalize(ctx, op, d)?;
        }
    }
    Ok(())
}

/// Whether `op` has an odd-width integer in an operand, a result, an argument of one of its
/// blocks or a typed attribute.
fn touches(ctx: &Context, op: OpId) -> bool {
    let odd = |v: &Value| types::has_odd(ctx, ctx.value_type(*v));
    if ctx.operands(op).iter().chain(ctx.results(op)).any(odd) {
        return true;
    }
    let in_blocks =
        ctx.regions(op).iter().any(|&r| ctx.region_blocks(r).iter().any(|&b| ctx.block_args(b).iter().any(odd)));
    in_blocks
        || ctx.attrs(op).iter().any(|&(_, a)| match ctx.attr_kind(a) {
            AttrKind::Integer { ty, .. } | AttrKind::Type(ty) | AttrKind::DenseElements { ty, .. } => {
                types::has_odd(ctx, *ty)
            }
            _ => false,
        })
}

fn check_supported(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let name = ctx.op_name(op);
    if let Some(for_op) = ForOp::cast(ctx, op) {
        if let Some(iv) = for_op.induction_var(ctx) {
            if types::odd_width(ctx, ctx.value_type(iv)).is_some() {
                return Err(Diagnostic::op_error(
                    ctx,
                    op,
                    "with an odd-width induction variable must be lowered (--convert-scf-to-cf) before --legalize-int-widths",
                ));
            }
        }
        return Ok(());
    }
    let memref_ok = name.starts_with("memref.") && !name.contains("atomic");
    if memref_ok || CARRIERS.contains(&name) || arith::KNOWN.contains(&name) {
        return Ok(());
    }
    let ty = ctx
        .operands(op)
        .iter()
        .chain(ctx.results(op))
        .map(|&v| ctx.value_type(v))
        .find(|&t| types::has_odd(ctx, t))
        .map(|t| format!(" of type '{}'", flowgate_ir::asm::type_to_string(ctx, t)))
        .unwrap_or_default();
    Err(Diagnostic::op_error(ctx, op, format!("on an odd-width integer{ty} is not supported by --legalize-int-widths")))
}
