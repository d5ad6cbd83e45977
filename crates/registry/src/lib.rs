//! Everything the tools register, in one place: a new dialect or pass adds one line here.

use flowgate_ir::Context;
use flowgate_pass::PassInfo;

/// Register every dialect Flowgate knows.
pub fn register_all_dialects(ctx: &mut Context) {
    flowgate_builtin::register(ctx);
    flowgate_func::register(ctx);
    flowgate_onnx::register(ctx);
    flowgate_arith::register(ctx);
    flowgate_cf::register(ctx);
}

/// Every registered pass, in `--list-passes` order.
pub fn all_passes() -> Vec<PassInfo> {
    Vec::new()
}
