//! Everything the tools register, in one place: a new dialect or pass adds one line here.

use flowgate_ir::Context;
use flowgate_pass::PassInfo;

/// Register every dialect Flowgate knows.
pub fn register_all_dialects(ctx: &mut Context) {
    // About 900 ops today; more only grow the table as before.
    ctx.reserve_op_defs(1024);
    flowgate_builtin::register(ctx);
    flowgate_func::register(ctx);
    flowgate_onnx::register(ctx);
    flowgate_arith::register(ctx);
    flowgate_cf::register(ctx);
    flowgate_scf::register(ctx);
    flowgate_math::register(ctx);
    flowgate_memref::register(ctx);
    flowgate_tensor::register(ctx);
}

/// Every registered pass, in `--list-passes` order.
pub fn all_passes() -> Vec<PassInfo> {
    let mut passes = Vec::new();
    passes.extend(flowgate_transforms::passes());
    passes.extend(flowgate_conversion::passes());
    passes.extend(flowgate_optimize::passes());
    passes.push(flowgate_onnx_shape::pass_info());
    passes.sort_by_key(|p| p.argument);
    passes
}
