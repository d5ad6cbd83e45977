//! `--convert-scf-to-cf`: structured control flow to a CFG of blocks with arguments, in the
//! shapes upstream's SCFToControlFlow produces. Loop headers carry the induction variable and the
//! loop-carried values as block arguments; `if`, `index_switch` and `execute_region` results
//! arrive as arguments of a continuation block; `scf.parallel` becomes nested `scf.for` loops
//! (accumulators as iter_args, reduction bodies inlined) that are then lowered like any loop.

mod branches;
pub(crate) mod build;
mod forall;
mod loops;
pub(crate) mod parallel;

use flowgate_ir::{BlockId, Context, Diagnostic, OpId, RegionId, WalkOrder};
use flowgate_pass::{Pass, PassInfo, PassOptions};
use flowgate_scf::{ForOp, IfOp, WhileOp};

pub struct SCFToControlFlowPass;

pub fn pass_info() -> PassInfo {
    PassInfo {
        argument: "convert-scf-to-cf",
        description: "Convert SCF dialect to ControlFlow dialect, replacing structured control flow with a CFG",
        create: |opts: &PassOptions| {
            opts.check_known("convert-scf-to-cf", &[])?;
            Ok(Box::new(SCFToControlFlowPass))
        },
    }
}

impl Pass for SCFToControlFlowPass {
    fn argument(&self) -> &'static str {
        "convert-scf-to-cf"
    }

    fn name(&self) -> &'static str {
        "SCFToControlFlowPass"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        convert_scf_to_cf(ctx, op)
    }
}

/// The ops the conversion rewrites; their terminators go with them.
const ROOTS: &[&str] =
    &[ForOp::NAME, IfOp::NAME, WhileOp::NAME, "scf.parallel", "scf.forall", "scf.index_switch", "scf.execute_region"];

/// Lower every scf op nested in `root`. Outer ops go first (as upstream's conversion walks), so
/// each lowering finds its op in a block of a CFG region; `scf.parallel` leaves `scf.for` ops
/// behind, which the next round lowers.
pub fn convert_scf_to_cf(ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
    lower_outer_first(ctx, root, ROOTS, lower)?;
    let mut left = None;
    ctx.walk(root, &mut |o| {
        if left.is_none() && o != root && ctx.op_name(o).starts_with("scf.") {
            left = Some(o);
        }
    });
    match left {
        Some(o) => Err(Diagnostic::error(ctx.op_loc(o), format!("failed to legalize operation '{}'", ctx.op_name(o)))),
        None => Ok(()),
    }
}

/// Apply `lower` to each op named in `names` nested in `root`, outer ops first, in rounds until
/// none is left: a lowering may leave new such ops behind (an `scf.parallel` its `scf.for`
/// nest) or move inner ones (the same op) into a region the round's walk has passed.
pub(crate) fn lower_outer_first(
    ctx: &mut Context,
    root: OpId,
    names: &[&str],
    lower: fn(&mut Context, OpId) -> Result<(), Diagnostic>,
) -> Result<(), Diagnostic> {
    loop {
        let todo: Vec<OpId> = ctx
            .collect_ops(root, WalkOrder::PreOrder)
            .into_iter()
            .filter(|&o| o != root && names.iter().any(|n| ctx.is_op(o, n)))
            .collect();
        if todo.is_empty() {
            return Ok(());
        }
        for op in todo {
            if !ctx.is_erased(op) {
                lower(ctx, op)?;
            }
        }
    }
}

fn lower(ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
    match ctx.op_name(op) {
        ForOp::NAME => loops::lower_for(ctx, op),
        WhileOp::NAME => loops::lower_while(ctx, op),
        IfOp::NAME => branches::lower_if(ctx, op),
        "scf.index_switch" => branches::lower_switch(ctx, op),
        "scf.execute_region" => branches::lower_execute_region(ctx, op),
        "scf.parallel" => parallel::lower_parallel(ctx, op),
        "scf.forall" => forall::forall_to_parallel(ctx, op),
        _ => Ok(()),
    }
}

/// The block and region holding `op`, which the lowering splits.
pub(crate) fn position(ctx: &Context, op: OpId) -> Result<(BlockId, RegionId), Diagnostic> {
    match (ctx.parent_block(op), ctx.parent_region(op)) {
        (Some(b), Some(r)) => Ok((b, r)),
        _ => Err(Diagnostic::op_error(ctx, op, "cannot be lowered outside of a block")),
    }
}

/// The entry block of region `i` of `op`, which must exist.
pub(crate) fn entry(ctx: &Context, op: OpId, i: usize) -> Result<BlockId, Diagnostic> {
    ctx.regions(op)
        .get(i)
        .and_then(|&r| ctx.entry_block(r))
        .ok_or_else(|| Diagnostic::op_error(ctx, op, format!("expects a block in region #{i}")))
}

/// The terminator of `block`, which must be `name`.
pub(crate) fn terminator(ctx: &Context, op: OpId, block: BlockId, name: &str) -> Result<OpId, Diagnostic> {
    ctx.last_op(block)
        .filter(|&t| ctx.is_op(t, name))
        .ok_or_else(|| Diagnostic::op_error(ctx, op, format!("expects its region to end with '{name}'")))
}
