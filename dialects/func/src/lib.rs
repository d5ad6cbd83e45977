//! The func dialect: `func.func`, `func.return`, `func.call`, `func.call_indirect`,
//! `func.constant`, with upstream's syntax and verifiers.

mod call;
mod function;

use flowgate_ir::{Context, DialectDef};

pub use function::{function_type, FuncSignature};

pub fn register(ctx: &mut Context) {
    ctx.register_dialect(DialectDef { name: "func", materialize_constant: None });
    function::register(ctx);
    call::register(ctx);
}
