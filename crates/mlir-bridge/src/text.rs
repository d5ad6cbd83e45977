//! The bridge itself: modules cross as text in the generic form, with their locations, so
//! neither side needs to know the other's custom syntax and diagnostics point into the user's
//! file.

use crate::diag::to_diagnostic;
use crate::error::Result;
use crate::upstream::Upstream;
use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};
use flowgate_ir::{Context, OpId};
use melior::ir::operation::{OperationLike as _, OperationPrintingFlags};
use melior::ir::Module;

/// The name our parser gives upstream's printed text: a location it makes up itself (an op
/// upstream left without one) points there rather than into the user's file.
pub const UPSTREAM_BUFFER: &str = "<upstream>";

/// Our module as upstream-parsable text: the generic form with every location inline.
pub fn print_for_upstream(ctx: &Context, module: OpId) -> String {
    print_op(ctx, module, PrintFlags { generic: true, debuginfo: true, local_scope: true })
}

/// Parse (and so verify: upstream's parser verifies what it built) our module in upstream's
/// context. What upstream rejects comes back as our diagnostic.
pub fn to_upstream<'c>(up: &'c Upstream, ctx: &mut Context, module: OpId) -> Result<Module<'c>> {
    let text = print_for_upstream(ctx, module);
    up.take_diagnostics();
    match Module::parse(up.context(), &text) {
        Some(m) => {
            up.take_diagnostics();
            Ok(m)
        }
        None => {
            let captured = up.take_diagnostics();
            Err(to_diagnostic(ctx, &captured, "upstream MLIR could not parse the module").into())
        }
    }
}

/// Upstream's module as text our parser reads: generic form, locations inline.
pub fn print_upstream(m: &Module) -> Result<String> {
    let flags = OperationPrintingFlags::new().enable_debug_info(true, false).print_generic_operation_form();
    m.as_operation()
        .to_string_with_flags(flags)
        .map_err(|e| crate::BridgeError::Run(format!("cannot print the upstream module: {e}")))
}

/// Read upstream's module back into `ctx` as a new module of ours (verified).
pub fn from_upstream(ctx: &mut Context, m: &Module) -> Result<OpId> {
    let text = print_upstream(m)?;
    let module = parse_source(ctx, UPSTREAM_BUFFER, &text, ParserConfig::default())?;
    flowgate_ir::verify::verify(ctx, module)?;
    Ok(module)
}
