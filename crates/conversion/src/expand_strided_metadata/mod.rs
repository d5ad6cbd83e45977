//! `--expand-strided-metadata`: the pass over `flowgate_memref::expand_strided_metadata`, which
//! turns `memref.subview`, `expand_shape` and `collapse_shape` into
//! `extract_strided_metadata`, index arithmetic and `reinterpret_cast`, as upstream's pass of
//! the same name does. The lowering pipeline runs it after `convert-scf-to-cf`, so that the
//! code generators compute no view's strides themselves.

use flowgate_ir::{Context, Diagnostic, OpId};
use flowgate_pass::{Pass, PassInfo, PassOptions};

pub struct ExpandStridedMetadataPass;

pub fn pass_info() -> PassInfo {
    PassInfo {
        argument: "expand-strided-metadata",
        description: "Expand memref view ops into extract_strided_metadata, index arithmetic and reinterpret_cast",
        create: |opts: &PassOptions| {
            opts.check_known("expand-strided-metadata", &[])?;
            Ok(Box::new(ExpandStridedMetadataPass))
        },
    }
}

impl Pass for ExpandStridedMetadataPass {
    fn argument(&self) -> &'static str {
        "expand-strided-metadata"
    }

    fn name(&self) -> &'static str {
        "ExpandStridedMetadataPass"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        flowgate_memref::expand_strided_metadata::expand_strided_metadata(ctx, op)
    }
}
