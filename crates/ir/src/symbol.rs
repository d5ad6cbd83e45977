//! Symbol tables: ops with `sym_name` inside an op with the SymbolTable trait.

use crate::{Context, OpId, Traits};
use rustc_hash::FxHashMap;

/// Each symbol table's ops by name, built on first lookup (`Context::with_symbol_cache`).
pub(crate) type SymbolCache = FxHashMap<OpId, FxHashMap<String, OpId>>;

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

    /// Runs `f` with symbol lookups answered from tables indexed once, by name. Without it each
    /// lookup scans the table: the verifier resolves every `func.call` and
    /// `memref.get_global`, so verifying a module of n calls into n runtime declarations was
    /// O(n^2); that scan was 29% of `onnx-run --backend-tests testdata/real` (perf). `&self` keeps
    /// the IR unchanged while the tables are in use.
    pub fn with_symbol_cache<R>(&self, f: impl FnOnce() -> R) -> R {
        let outer = {
            let mut c = self.symbol_cache.lock().unwrap_or_else(|e| e.into_inner());
            let outer = c.is_some();
            if !outer {
                *c = Some(SymbolCache::default());
            }
            outer
        };
        let r = f();
        if !outer {
            *self.symbol_cache.lock().unwrap_or_else(|e| e.into_inner()) = None;
        }
        r
    }

    /// Find `name` directly inside `table`.
    pub fn lookup_symbol_in(&self, table: OpId, name: &str) -> Option<OpId> {
        let mut cache = self.symbol_cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(cache) = cache.as_mut() {
            let names = cache.entry(table).or_insert_with(|| {
                let mut names = FxHashMap::default();
                for &r in self.regions(table) {
                    for &b in self.region_blocks(r) {
                        for o in self.block_ops(b) {
                            // The first op of a name is the one a scan finds.
                            if let Some(n) = self.symbol_name(o) {
                                names.entry(n.to_string()).or_insert(o);
                            }
                        }
                    }
                }
                names
            });
            return names.get(name).copied();
        }
        drop(cache);
        self.scan_symbol_table(table, name)
    }

    fn scan_symbol_table(&self, table: OpId, name: &str) -> Option<OpId> {
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
