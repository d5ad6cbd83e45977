//! The math dialect: upstream MLIR 22's elementary functions (`math.sin`, `math.powf`,
//! `math.fma`, `math.ctlz`, `math.isnan`, `math.sincos`, ...) with its syntax and verifiers.

mod fastmath;
mod ops;

use flowgate_ir::{Context, DialectDef};

/// Names of every registered math op.
pub fn op_names() -> impl Iterator<Item = &'static str> {
    ops::OPS.iter().map(|(n, _)| *n)
}

pub fn register(ctx: &mut Context) {
    ctx.register_dialect(DialectDef { name: "math", materialize_constant: None });
    for &(name, kind) in ops::OPS {
        ctx.register_op(ops::def(name, kind));
    }
}
