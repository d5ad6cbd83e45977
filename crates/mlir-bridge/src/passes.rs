//! Upstream pass pipelines over our modules.

use crate::diag::to_diagnostic;
use crate::error::{BridgeError, Result};
use crate::text::{from_upstream, to_upstream};
use crate::upstream::Upstream;
use flowgate_ir::{Context, OpId};
use melior::pass::PassManager;
use melior::utility::parse_pass_pipeline;

/// Check that upstream can parse `pipeline` (`builtin.module(...)`), before any input is read.
pub fn check_pipeline(pipeline: &str) -> Result<()> {
    let up = Upstream::new(true);
    let pm = PassManager::new(up.context());
    parse_pass_pipeline(pm.as_operation_pass_manager(), pipeline)
        .map_err(|e| BridgeError::Pipeline(pipeline_message(e)))
}

/// melior wraps the parser's message; keep upstream's own words.
fn pipeline_message(e: melior::Error) -> String {
    match e {
        melior::Error::ParsePassPipeline(m) => m,
        other => other.to_string(),
    }
}

/// Run the textual upstream pipeline `pipeline` (`builtin.module(...)`, as `mlir-opt
/// --pass-pipeline` takes it) over `module` and read the result back: the returned module
/// replaces `module`, which is left as it was. Upstream's failures come back as our
/// diagnostics.
pub fn run_pipeline(ctx: &mut Context, module: OpId, pipeline: &str, allow_unregistered: bool) -> Result<OpId> {
    let up = Upstream::new(allow_unregistered);
    let mut m = to_upstream(&up, ctx, module)?;
    run_on(&up, ctx, &mut m, pipeline)?;
    from_upstream(ctx, &m)
}

/// Run `pipeline` over an upstream module in `up`.
pub(crate) fn run_on(up: &Upstream, ctx: &mut Context, m: &mut melior::ir::Module, pipeline: &str) -> Result<()> {
    let pm = PassManager::new(up.context());
    parse_pass_pipeline(pm.as_operation_pass_manager(), pipeline)
        .map_err(|e| BridgeError::Pipeline(pipeline_message(e)))?;
    up.take_diagnostics();
    let res = pm.run(m);
    let captured = up.take_diagnostics();
    match res {
        Ok(()) => Ok(()),
        Err(_) => Err(to_diagnostic(ctx, &captured, &format!("upstream pass pipeline '{pipeline}' failed")).into()),
    }
}
