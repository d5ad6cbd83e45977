//! Shared helpers: parse, verify and print with builtin, func and scf registered.
#![allow(dead_code)]

use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};
use flowgate_ir::{Context, OpId};

pub fn ctx() -> Context {
    let mut ctx = Context::new();
    flowgate_builtin::register(&mut ctx);
    flowgate_func::register(&mut ctx);
    flowgate_scf::register(&mut ctx);
    ctx.allow_unregistered = true;
    ctx
}

pub fn parse(ctx: &mut Context, src: &str) -> Result<OpId, String> {
    parse_source(ctx, "t.mlir", src, ParserConfig::default()).map_err(|d| d.message)
}

/// Parse and verify; the first error message on failure.
pub fn check(src: &str) -> Result<(Context, OpId), String> {
    let mut c = ctx();
    let m = parse(&mut c, src)?;
    flowgate_ir::verify::verify(&c, m).map_err(|d| d.message)?;
    Ok((c, m))
}

pub fn print(ctx: &Context, m: OpId, generic: bool) -> String {
    print_op(ctx, m, PrintFlags { generic, debuginfo: false, local_scope: false })
}

/// Parse, verify, print, and check that printing the reparsed output gives the same text.
pub fn roundtrip(src: &str, generic: bool) -> String {
    let (c, m) = check(src).unwrap_or_else(|e| panic!("{e}"));
    let out = print(&c, m, generic);
    let (c2, m2) = check(&out).unwrap_or_else(|e| panic!("reparse: {e}\n{out}"));
    assert_eq!(out, print(&c2, m2, generic), "printing is not a fixed point");
    out
}

/// The verifier's (or parser's) error for `src`.
pub fn error(src: &str) -> String {
    match check(src) {
        Ok((c, m)) => panic!("expected an error, got:\n{}", print(&c, m, false)),
        Err(e) => e,
    }
}
