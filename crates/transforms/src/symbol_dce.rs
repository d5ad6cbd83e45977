//! `symbol-dce`: erase private symbols that nothing live references. Like upstream, a symbol is
//! live when it is public (also inside a private nested table that is itself live), or
//! referenced from a live symbol or from a non-symbol op of its table; references from dead symbols do not
//! count, so dead call chains go away together. Live nested symbol tables (nested modules) are
//! processed the same way, their symbols also kept alive by nested references
//! (`@inner::@f`) from anywhere in the top-level table.

use flowgate_ir::{AttrKind, Attribute, Context, Diagnostic, OpId, Traits};
use flowgate_pass::{Pass, PassInfo, PassOptions};
use rustc_hash::FxHashSet;

pub const INFO: PassInfo = PassInfo {
    argument: "symbol-dce",
    description: "Eliminate dead symbols",
    create: |o: &PassOptions| {
        o.check_known("symbol-dce", &[])?;
        Ok(Box::new(SymbolDce) as Box<dyn flowgate_pass::Pass>)
    },
};

pub struct SymbolDce;

/// A symbol reference: the root name and the nested names (`@a::@b` is `["a", "b"]`).
type Path = Vec<String>;

impl Pass for SymbolDce {
    fn argument(&self) -> &'static str {
        "symbol-dce"
    }

    fn name(&self) -> &'static str {
        "SymbolDCE"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        if !ctx.has_trait(op, Traits::SYMBOL_TABLE) {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                "was scheduled to run under SymbolDCE, but does not define a symbol table",
            ));
        }
        let mut all_refs: Vec<Path> = Vec::new();
        collect_refs(ctx, op, &mut all_refs);
        dce_table(ctx, op, &[], &all_refs);
        Ok(())
    }
}

/// The symbols defined directly in `table`.
fn symbols_of(ctx: &Context, table: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    for &r in ctx.regions(table) {
        for &b in ctx.region_blocks(r) {
            out.extend(ctx.block_ops(b).filter(|&o| ctx.symbol_name(o).is_some()));
        }
    }
    out
}

/// Symbol DCE on `table`, found at `path` from the top-level table.
fn dce_table(ctx: &mut Context, table: OpId, path: &[String], all_refs: &[Path]) {
    let symbols = symbols_of(ctx, table);
    let mut live: FxHashSet<OpId> = FxHashSet::default();
    let mut work: Vec<OpId> = Vec::new();
    let find = |ctx: &Context, name: &str| symbols.iter().copied().find(|&s| ctx.symbol_name(s) == Some(name));
    for &s in &symbols {
        if !is_private(ctx, s) && live.insert(s) {
            work.push(s);
        }
    }
    // Full references into this table from anywhere.
    if !path.is_empty() {
        for r in all_refs {
            if r.len() > path.len() && r[..path.len()] == *path {
                if let Some(s) = find(ctx, &r[path.len()]) {
                    if live.insert(s) {
                        work.push(s);
                    }
                }
            }
        }
    }
    // References from the table's own non-symbol ops, then from live symbols.
    let mut refs: Vec<Path> = Vec::new();
    for &r in ctx.regions(table) {
        for &b in ctx.region_blocks(r) {
            for o in ctx.block_ops(b).filter(|&o| ctx.symbol_name(o).is_none()) {
                collect_refs(ctx, o, &mut refs);
            }
        }
    }
    loop {
        for r in refs.drain(..) {
            if let Some(s) = r.first().and_then(|n| find(ctx, n)) {
                if live.insert(s) {
                    work.push(s);
                }
            }
        }
        let Some(s) = work.pop() else { break };
        collect_refs(ctx, s, &mut refs);
    }
    for &s in &symbols {
        if !live.contains(&s) {
            ctx.erase_op(s);
        }
    }
    for s in symbols.into_iter().filter(|s| live.contains(s)) {
        if !ctx.has_trait(s, Traits::SYMBOL_TABLE) {
            continue;
        }
        let Some(name) = ctx.symbol_name(s).map(str::to_string) else { continue };
        let mut nested = path.to_vec();
        nested.push(name);
        dce_table(ctx, s, &nested, all_refs);
    }
}

fn is_private(ctx: &Context, op: OpId) -> bool {
    ctx.attr(op, "sym_visibility").and_then(|a| ctx.attr_as_str(a)) == Some("private")
}

/// Every symbol reference in attributes of ops nested in `op` (including `op`).
fn collect_refs(ctx: &Context, op: OpId, out: &mut Vec<Path>) {
    ctx.walk(op, &mut |o| {
        for &(_, a) in ctx.attrs(o) {
            attr_refs(ctx, a, out);
        }
    });
}

fn attr_refs(ctx: &Context, a: Attribute, out: &mut Vec<Path>) {
    match ctx.attr_kind(a) {
        AttrKind::SymbolRef { root, nested } => {
            let mut p = vec![ctx.str(*root).to_string()];
            p.extend(nested.iter().map(|n| ctx.str(*n).to_string()));
            out.push(p);
        }
        AttrKind::Array(items) => {
            for &i in items {
                attr_refs(ctx, i, out);
            }
        }
        AttrKind::Dictionary(entries) => {
            for &(_, i) in entries {
                attr_refs(ctx, i, out);
            }
        }
        _ => {}
    }
}
