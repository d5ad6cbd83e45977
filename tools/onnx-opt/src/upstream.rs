//! `--upstream-pass-pipeline` and `--upstream-verify`: the module goes to upstream MLIR 22 in
//! process through `flowgate-mlir-bridge` (cargo feature `mlir`). Without the feature the
//! flags are an error that names it, reported before any input is read.

use crate::args::Options;
#[cfg(feature = "mlir")]
use flowgate_ir::Diagnostic;
use flowgate_ir::{Context, OpId};

/// Reject the upstream flags in a build without the bridge, and an upstream pipeline that
/// upstream cannot parse in one with it.
pub fn check(opts: &Options) -> Result<(), String> {
    #[cfg(not(feature = "mlir"))]
    {
        let flag = if opts.upstream_pipeline.is_some() {
            Some("--upstream-pass-pipeline")
        } else if opts.upstream_verify {
            Some("--upstream-verify")
        } else {
            None
        };
        match flag {
            Some(f) => Err(format!(
                "{f} needs upstream MLIR: this onnx-opt was built without the cargo feature `mlir` \
                 (build with `--features mlir`, see README)"
            )),
            None => Ok(()),
        }
    }
    #[cfg(feature = "mlir")]
    {
        match &opts.upstream_pipeline {
            Some(p) => flowgate_mlir_bridge::passes::check_pipeline(p).map_err(|e| e.to_string()),
            None => Ok(()),
        }
    }
}

/// After our pipeline: upstream's passes (the module read back replaces ours), then
/// upstream's verifier. Returns the module to print.
///
/// Upstream sees the module as `mlir-opt` would: ops of dialects it does not know (our `onnx`)
/// are accepted only under `--allow-unregistered-dialect`, which also lets ours read back ops
/// of upstream dialects Flowgate does not have (`llvm`).
#[cfg(feature = "mlir")]
pub fn run(opts: &Options, ctx: &mut Context, module: OpId) -> Result<OpId, Diagnostic> {
    let into_diag = |ctx: &mut Context, e: flowgate_mlir_bridge::BridgeError| match e {
        flowgate_mlir_bridge::BridgeError::Diagnostic(d) => *d,
        other => Diagnostic::error(ctx.unknown_loc(), other.to_string()),
    };
    let mut module = module;
    if let Some(p) = &opts.upstream_pipeline {
        module = flowgate_mlir_bridge::passes::run_pipeline(ctx, module, p, opts.allow_unregistered)
            .map_err(|e| into_diag(ctx, e))?;
    }
    if opts.upstream_verify {
        flowgate_mlir_bridge::verify::verify(ctx, module, opts.allow_unregistered).map_err(|e| into_diag(ctx, e))?;
    }
    Ok(module)
}

/// Without the bridge `check` has already refused the flags; nothing to do.
#[cfg(not(feature = "mlir"))]
pub fn run(_opts: &Options, _ctx: &mut Context, module: OpId) -> Result<OpId, flowgate_ir::Diagnostic> {
    Ok(module)
}
