//! What the passes' unit tests share: a context with the dialects their inputs use.

use flowgate_ir::Context;

/// builtin, func, arith and scf registered; unregistered ops rejected unless the test allows
/// them (`ctx.allow_unregistered = true`, for side-effecting stand-ins).
pub fn context() -> Context {
    let mut ctx = Context::new();
    flowgate_builtin::register(&mut ctx);
    flowgate_func::register(&mut ctx);
    flowgate_arith::register(&mut ctx);
    flowgate_scf::register(&mut ctx);
    ctx
}
