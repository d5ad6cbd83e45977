//! Upstream's verifier over our module.

use crate::error::Result;
use crate::text::to_upstream;
use crate::upstream::Upstream;
use flowgate_ir::{Context, OpId};

/// Hand `module` to upstream and let its verifier (which runs as part of parsing) judge it.
/// `allow_unregistered` accepts ops of dialects upstream does not know, as
/// `mlir-opt --allow-unregistered-dialect` does; ours (`onnx`) are such dialects.
pub fn verify(ctx: &mut Context, module: OpId, allow_unregistered: bool) -> Result<()> {
    let up = Upstream::new(allow_unregistered);
    to_upstream(&up, ctx, module).map(drop)
}
