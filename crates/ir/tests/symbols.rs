//! Symbol lookup answers the same with the verifier's indexed tables
//! (`Context::with_symbol_cache`) as with a scan of the table, and the tables are dropped when
//! the closure returns (the IR may change afterwards).

use flowgate_ir::asm::{parse_source, ParserConfig};
use flowgate_ir::{Context, OpId};

const SRC: &str = r#""t.sym"() {sym_name = "a"} : () -> ()
"t.sym"() {sym_name = "b"} : () -> ()
"t.table"() ({
  "t.sym"() {sym_name = "a"} : () -> ()
  "t.user"() : () -> ()
}) : () -> ()
"t.user"() : () -> ()"#;

fn ops(ctx: &Context, parent: OpId) -> Vec<OpId> {
    ctx.block_ops(ctx.entry_block(ctx.region(parent, 0)).unwrap()).collect()
}

#[test]
fn cached_lookups_agree_with_scans() {
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let m = parse_source(&mut ctx, "t.mlir", SRC, ParserConfig::default()).unwrap_or_else(|d| panic!("{}", d.message));
    let top = ops(&ctx, m);
    let scanned: Vec<Option<OpId>> = ["a", "b", "c"].iter().map(|n| ctx.lookup_symbol_in(m, n)).collect();
    assert_eq!(scanned, vec![Some(top[0]), Some(top[1]), None]);
    let cached: Vec<Option<OpId>> =
        ctx.with_symbol_cache(|| ["a", "b", "c"].iter().map(|n| ctx.lookup_symbol_in(m, n)).collect());
    assert_eq!(cached, scanned);
    // Nested calls share the tables; a table inside another is indexed on its own.
    let inner = top[2];
    let nested = ctx.with_symbol_cache(|| {
        ctx.with_symbol_cache(|| (ctx.lookup_symbol_in(inner, "a"), ctx.lookup_symbol_in(inner, "b")))
    });
    assert_eq!(nested, (Some(ops(&ctx, inner)[0]), None));
    // After the closure the tables are gone: a symbol erased since is not found.
    ctx.erase_op(top[1]);
    assert_eq!(ctx.with_symbol_cache(|| ctx.lookup_symbol_in(m, "b")), None);
    assert_eq!(ctx.lookup_symbol_in(m, "b"), None);
}
