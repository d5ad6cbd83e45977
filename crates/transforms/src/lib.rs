//! Generic transformations over any dialect: `canonicalize`, `cse` and `symbol-dce`.

mod canonicalize;
mod cse;
mod dominance;
mod symbol_dce;

pub use canonicalize::Canonicalizer;
pub use cse::Cse;
pub use symbol_dce::SymbolDce;

use flowgate_pass::PassInfo;

/// The passes of this crate, for the registry.
pub fn passes() -> Vec<PassInfo> {
    vec![canonicalize::INFO, cse::INFO, symbol_dce::INFO]
}
