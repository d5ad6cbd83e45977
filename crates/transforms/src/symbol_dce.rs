//! `symbol-dce`: erase symbols that nothing live references, as upstream's SymbolDCE. A symbol
//! can go when it is private, or nested (not public) inside a symbol table that is hidden from
//! above: the top-level table unless it is a public or nested symbol itself, and every table
//! inside a hidden one or inside a private symbol. Liveness starts at non-symbol ops and at
//! symbols that must stay, and follows references (flat or nested, `@a::@b`) resolved from the
//! user's own symbol table. An unregistered op with one region may be a symbol table whose uses
//! we cannot see, so it is an error, as upstream.

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
        // A table that is itself a symbol is hidden from its parent scope only when private.
        let hidden = match ctx.parent_op(op) {
            Some(_) if ctx.symbol_name(op).is_some() => is_private(ctx, op),
            _ => true,
        };
        let mut live: FxHashSet<OpId> = FxHashSet::default();
        compute_liveness(ctx, op, hidden, &mut live)?;
        // Erase dead symbols, innermost tables first so that erasing an outer one never leaves
        // an inner table half-processed.
        let mut tables = Vec::new();
        ctx.walk(op, &mut |o| {
            if ctx.has_trait(o, Traits::SYMBOL_TABLE) {
                tables.push(o);
            }
        });
        for &t in tables.iter().rev() {
            for s in symbols_of(ctx, t) {
                if !live.contains(&s) {
                    ctx.erase_op(s);
                }
            }
        }
        Ok(())
    }
}

/// The symbols defined directly in `table`.
fn symbols_of(ctx: &Context, table: OpId) -> Vec<OpId> {
    direct_ops(ctx, table).into_iter().filter(|&o| ctx.symbol_name(o).is_some()).collect()
}

fn direct_ops(ctx: &Context, table: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    for &r in ctx.regions(table) {
        for &b in ctx.region_blocks(r) {
            out.extend(ctx.block_ops(b));
        }
    }
    out
}

/// Marks the live symbols of `table` (and of the live tables nested in it) in `live`.
fn compute_liveness(ctx: &Context, table: OpId, hidden: bool, live: &mut FxHashSet<OpId>) -> Result<(), Diagnostic> {
    let mut work: Vec<OpId> = Vec::new();
    for o in direct_ops(ctx, table) {
        if ctx.symbol_name(o).is_none() {
            work.push(o);
            continue;
        }
        let discardable = !is_public(ctx, o) && (hidden || is_private(ctx, o));
        if !discardable && live.insert(o) {
            work.push(o);
        }
    }
    while let Some(o) = work.pop() {
        if ctx.has_trait(o, Traits::SYMBOL_TABLE) {
            let inner_hidden = hidden || ctx.symbol_name(o).is_none() || is_private(ctx, o);
            compute_liveness(ctx, o, inner_hidden, live)?;
        }
        let mut uses = Vec::new();
        if !symbol_uses(ctx, o, &mut uses) {
            return Err(Diagnostic::op_error(
                ctx,
                o,
                "operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses",
            ));
        }
        let Some(from) = ctx.parent_op(o) else { continue };
        for path in uses {
            for s in resolve(ctx, from, &path) {
                if live.insert(s) {
                    work.push(s);
                }
            }
        }
    }
    Ok(())
}

/// An unregistered op with a single region might define a symbol table.
fn potentially_unknown_table(ctx: &Context, op: OpId) -> bool {
    !ctx.is_registered(op) && ctx.regions(op).len() == 1
}

/// The symbol references held by `op` and the ops nested in it, not looking into nested symbol
/// tables; false when an op on the way might be an unknown symbol table.
fn symbol_uses(ctx: &Context, op: OpId, out: &mut Vec<Path>) -> bool {
    if potentially_unknown_table(ctx, op) {
        return false;
    }
    for &(_, a) in ctx.attrs(op) {
        attr_refs(ctx, a, out);
    }
    if ctx.has_trait(op, Traits::SYMBOL_TABLE) {
        return true;
    }
    let mut stack: Vec<OpId> = Vec::new();
    for &r in ctx.regions(op) {
        for &b in ctx.region_blocks(r) {
            stack.extend(ctx.block_ops(b));
        }
    }
    while let Some(o) = stack.pop() {
        if potentially_unknown_table(ctx, o) {
            return false;
        }
        for &(_, a) in ctx.attrs(o) {
            attr_refs(ctx, a, out);
        }
        if ctx.has_trait(o, Traits::SYMBOL_TABLE) {
            continue;
        }
        for &r in ctx.regions(o) {
            for &b in ctx.region_blocks(r) {
                stack.extend(ctx.block_ops(b));
            }
        }
    }
    true
}

/// The ops a reference names, looked up from the nearest symbol table around `from` (the
/// root, then each nested name in the table before it); empty when a name is unknown.
fn resolve(ctx: &Context, from: OpId, path: &[String]) -> Vec<OpId> {
    let mut table = Some(from);
    while let Some(t) = table {
        if ctx.has_trait(t, Traits::SYMBOL_TABLE) {
            break;
        }
        table = ctx.parent_op(t);
    }
    let Some(mut table) = table else { return Vec::new() };
    let mut out = Vec::new();
    for name in path {
        let Some(s) = symbols_of(ctx, table).into_iter().find(|&s| ctx.symbol_name(s) == Some(name.as_str())) else {
            return Vec::new();
        };
        out.push(s);
        table = s;
    }
    out
}

fn visibility(ctx: &Context, op: OpId) -> Option<&str> {
    ctx.attr(op, "sym_visibility").and_then(|a| ctx.attr_as_str(a))
}

fn is_private(ctx: &Context, op: OpId) -> bool {
    visibility(ctx, op) == Some("private")
}

fn is_public(ctx: &Context, op: OpId) -> bool {
    !matches!(visibility(ctx, op), Some("private" | "nested"))
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
