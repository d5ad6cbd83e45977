//! `symbol-dce`: erase private symbols that nothing references. Like upstream, a symbol is
//! live when it is public, or referenced (by a symbol reference attribute anywhere under the
//! symbol table) from a live region; references from dead symbols do not count, so dead call
//! chains go away together.

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
        let symbols: Vec<OpId> = ctx
            .regions(op)
            .iter()
            .flat_map(|&r| ctx.region_blocks(r).to_vec())
            .flat_map(|b| ctx.block_ops(b).collect::<Vec<_>>())
            .filter(|&o| ctx.symbol_name(o).is_some())
            .collect();
        // A nested symbol table that is itself a symbol is judged by its own visibility; its
        // contents are not visited here (upstream recurses only into live nested tables).
        let mut live: FxHashSet<OpId> = FxHashSet::default();
        let mut work: Vec<OpId> = Vec::new();
        for &s in &symbols {
            if !is_private(ctx, s) {
                live.insert(s);
                work.push(s);
            }
        }
        // Uses from the table's non-symbol ops are roots too.
        let mut roots: Vec<OpId> = Vec::new();
        for &r in ctx.regions(op) {
            for &b in ctx.region_blocks(r) {
                roots.extend(ctx.block_ops(b).filter(|&o| ctx.symbol_name(o).is_none()));
            }
        }
        let mut refs = Vec::new();
        for o in roots {
            collect_refs(ctx, o, &mut refs);
        }
        mark(ctx, op, &symbols, &mut refs, &mut live, &mut work);
        while let Some(s) = work.pop() {
            let mut refs = Vec::new();
            collect_refs(ctx, s, &mut refs);
            mark(ctx, op, &symbols, &mut refs, &mut live, &mut work);
        }
        for s in symbols {
            if !live.contains(&s) {
                ctx.erase_op(s);
            }
        }
        Ok(())
    }
}

fn is_private(ctx: &Context, op: OpId) -> bool {
    ctx.attr(op, "sym_visibility").and_then(|a| ctx.attr_as_str(a)) == Some("private")
}

fn mark(
    ctx: &Context,
    table: OpId,
    symbols: &[OpId],
    refs: &mut Vec<String>,
    live: &mut FxHashSet<OpId>,
    work: &mut Vec<OpId>,
) {
    for name in refs.drain(..) {
        if let Some(&s) = symbols.iter().find(|&&s| ctx.symbol_name(s) == Some(name.as_str())) {
            if s != table && live.insert(s) {
                work.push(s);
            }
        }
    }
}

/// The root names of every symbol reference in attributes of ops nested in `op`.
fn collect_refs(ctx: &Context, op: OpId, out: &mut Vec<String>) {
    ctx.walk(op, &mut |o| {
        for &(_, a) in ctx.attrs(o) {
            attr_refs(ctx, a, out);
        }
    });
}

fn attr_refs(ctx: &Context, a: Attribute, out: &mut Vec<String>) {
    match ctx.attr_kind(a) {
        AttrKind::SymbolRef { root, .. } => out.push(ctx.str(*root).to_string()),
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
