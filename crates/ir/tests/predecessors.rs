//! `Context::predecessors` reads per-block edge lists kept up to date by op creation,
//! `set_successor` and erasure (it used to scan the region, which made canonicalizing long
//! block chains quadratic). These tests check the lists against a scan of the region.

use flowgate_ir::asm::{parse_source, ParserConfig};
use flowgate_ir::{BlockId, Context, OpId, RegionId};

const SRC: &str = r#""t.f"() ({
^bb0(%c: i1):
  "t.cond_br"(%c) [^bb1, ^bb1] : (i1) -> ()
^bb1:
  "t.br"() [^bb2] : () -> ()
^bb2:
  "t.br"() [^bb1] : () -> ()
^bb3:
  "t.br"() [^bb2] : () -> ()
}) : () -> ()"#;

fn parse(ctx: &mut Context) -> (OpId, RegionId) {
    ctx.allow_unregistered = true;
    let m = parse_source(ctx, "t.mlir", SRC, ParserConfig::default()).unwrap_or_else(|d| panic!("{}", d.message));
    let f = ctx.block_ops(ctx.entry_block(ctx.region(m, 0)).unwrap()).next().unwrap();
    (m, ctx.region(f, 0))
}

/// The reference: every edge from a terminator of the region, in block-id order.
fn scanned(ctx: &Context, region: RegionId, block: BlockId) -> Vec<BlockId> {
    let mut preds = Vec::new();
    for &b in ctx.region_blocks(region) {
        if let Some(t) = ctx.last_op(b) {
            preds.extend(ctx.successors(t).iter().filter(|&&s| s == block).map(|_| b));
        }
    }
    preds.sort_unstable();
    preds
}

fn check_all(ctx: &Context, region: RegionId) {
    for &b in ctx.region_blocks(region) {
        assert_eq!(ctx.predecessors(b), scanned(ctx, region, b), "predecessors of {b:?}");
    }
}

#[test]
fn edges_follow_creation_redirection_and_erasure() {
    let mut ctx = Context::new();
    let (_, region) = parse(&mut ctx);
    let blocks = ctx.region_blocks(region).to_vec();
    let [b0, b1, b2, b3] = blocks[..] else { panic!("four blocks") };
    check_all(&ctx, region);
    // Two edges from the same block count twice (upstream's getSinglePredecessor relies on it).
    assert_eq!(ctx.predecessors(b1), vec![b0, b0, b2]);
    assert_eq!(ctx.predecessors(b2), vec![b1, b3]);

    // Redirect one edge of the cond_br.
    let cond_br = ctx.last_op(b0).unwrap();
    ctx.set_successor(cond_br, 1, b3);
    check_all(&ctx, region);
    assert_eq!(ctx.predecessors(b3), vec![b0]);

    // Erasing a terminator removes its edge.
    let br3 = ctx.last_op(b3).unwrap();
    ctx.erase_op(br3);
    check_all(&ctx, region);
    assert_eq!(ctx.predecessors(b2), vec![b1]);

    // A block taken out of the region is no longer a predecessor, and has none.
    ctx.unlink_block(b2);
    assert_eq!(ctx.predecessors(b1), vec![b0]);
    assert!(ctx.predecessors(b2).is_empty());
}
