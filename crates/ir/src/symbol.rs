//! Symbol tables: ops with `sym_name` inside an op with the SymbolTable trait.

use crate::{Context, OpId, Traits};

impl Context {
    /// The symbol name an op defines, if any.
    pub fn symbol_name(&self, op: OpId) -> Option<&str> {
        self.attr(op, "sym_name").and_then(|a| self.attr_as_str(a))
    }

    /// Find the symbol `name` visible from `from`: in the nearest enclosing symbol tables,
    /// innermost first.
    pub fn lookup_symbol(&self, from: OpId, name: &str) -> Option<OpId> {
        let mut cur = self.parent_op(from);
        while let Some(table) = cur {
            if self.has_trait(table, Traits::SYMBOL_TABLE) {
                if let Some(found) = self.lookup_symbol_in(table, name) {
                    return Some(found);
                }
            }
            cur = self.parent_op(table);
        }
        None
    }

    /// Find `name` directly inside `table`.
    pub fn lookup_symbol_in(&self, table: OpId, name: &str) -> Option<OpId> {
        for &r in self.regions(table) {
            for &b in self.region_blocks(r) {
                for o in self.block_ops(b) {
                    if self.symbol_name(o) == Some(name) {
                        return Some(o);
                    }
                }
            }
        }
        None
    }
}
