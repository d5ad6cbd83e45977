//! Registration of dialects and operations: traits, hooks for verification, custom syntax,
//! folding and canonicalization. A dialect crate registers its ops explicitly with
//! [`Context::register_op`]; nothing is registered at link time.

use crate::asm::{OpParser, OpPrinter};
use crate::{Attribute, Context, Diagnostic, Location, OpId, Type, Value};

/// Op traits, as a bit set. They drive the generic verifier and the generic passes.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Traits(pub u32);

impl Traits {
    pub const NONE: Traits = Traits(0);
    /// Must be the last op of its block.
    pub const TERMINATOR: Traits = Traits(1);
    /// No memory effects: safe to fold away when unused, and to CSE.
    pub const PURE: Traits = Traits(1 << 1);
    /// Its regions may not use values defined outside of them.
    pub const ISOLATED_FROM_ABOVE: Traits = Traits(1 << 2);
    pub const COMMUTATIVE: Traits = Traits(1 << 3);
    /// Defines a symbol through its `sym_name` attribute.
    pub const SYMBOL: Traits = Traits(1 << 4);
    /// Its single region is a symbol table whose symbols must be unique.
    pub const SYMBOL_TABLE: Traits = Traits(1 << 5);
    /// Its regions' blocks need no terminator (builtin.module).
    pub const NO_TERMINATOR: Traits = Traits(1 << 6);
    /// Each of its regions has at most one block.
    pub const SINGLE_BLOCK: Traits = Traits(1 << 7);
    /// A terminator that returns to the parent op (func.return, scf.yield).
    pub const RETURN_LIKE: Traits = Traits(1 << 8);
    /// Materializes a constant from its `value` attribute; folding reads it.
    pub const CONSTANT_LIKE: Traits = Traits(1 << 9);
    /// All operands and results have the same type.
    pub const SAME_OPERANDS_AND_RESULT_TYPE: Traits = Traits(1 << 10);
    /// Regions whose ops are not ordered by dominance (graph regions, e.g. builtin.module).
    pub const GRAPH_REGION: Traits = Traits(1 << 11);
    /// Has recursive memory effects: pure exactly when everything inside is pure (scf.for).
    pub const RECURSIVE_EFFECTS: Traits = Traits(1 << 12);
    /// Reads memory but does not write it: may be CSE'd when nothing writes in between; not
    /// modelled further, so CSE treats it as having effects.
    pub const READ_ONLY: Traits = Traits(1 << 13);

    pub const fn union(self, other: Traits) -> Traits {
        Traits(self.0 | other.0)
    }

    pub fn contains(self, other: Traits) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for Traits {
    type Output = Traits;
    fn bitor(self, rhs: Traits) -> Traits {
        self.union(rhs)
    }
}

/// How many operands, results, regions or successors an op takes; checked by the generic
/// verifier with upstream's wording.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Count {
    #[default]
    Any,
    Exactly(usize),
    AtLeast(usize),
}

/// The outcome of folding one result.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FoldResult {
    /// The result is this constant; the driver materializes it through the dialect.
    Attr(Attribute),
    /// The result is this existing value.
    Value(Value),
}

/// `fold(ctx, op, constant_operands)`: `Some(results)` with one entry per result when the op
/// folds. Folding must not mutate the IR except the op itself (in-place folds return the op's
/// own results).
pub type FoldFn = fn(&mut Context, OpId, &[Option<Attribute>]) -> Option<Vec<FoldResult>>;
pub type VerifyFn = fn(&Context, OpId) -> Result<(), Diagnostic>;
pub type ParseFn = fn(&mut OpParser<'_, '_>) -> Result<(), Diagnostic>;
pub type PrintFn = fn(&mut OpPrinter<'_>, OpId);
/// Which operands are forwarded to successor `i` (a range into the operand list).
pub type SuccessorOperandsFn = fn(&Context, OpId, usize) -> std::ops::Range<usize>;
/// Which values a region-branch op passes from `point` (entering from the op itself, or the
/// terminator of one of its regions) to its regions' entry arguments and its results
/// (upstream's RegionBranchOpInterface); see `region_branch`.
pub type RegionBranchFn =
    fn(&Context, OpId, crate::region_branch::BranchPoint) -> Vec<crate::region_branch::RegionEdge>;
/// Suggested names for the results when printing (`%c0`, `%cst`), like upstream's
/// `getAsmResultNames`.
pub type ResultNamesFn = fn(&Context, OpId) -> Option<String>;
/// One suggested name per result (`%sum, %overflow`), for ops whose results differ in meaning.
pub type ResultNamesEachFn = fn(&Context, OpId) -> Option<Vec<String>>;
pub type PatternsFn = fn() -> Vec<Box<dyn crate::RewritePattern>>;
/// Build a constant op for `attr` of type `ty` at the builder's insertion point.
pub type MaterializeFn = fn(&mut crate::Builder<'_>, Attribute, Type, Location) -> Option<OpId>;

/// Everything the IR core knows of one op kind.
#[derive(Clone)]
pub struct OpDef {
    pub name: &'static str,
    pub traits: Traits,
    /// Attributes that belong to the op (upstream's properties); printed in `<{...}>` in the
    /// generic form, while others (discardable) go in `{...}`.
    pub inherent_attrs: &'static [&'static str],
    pub verify: Option<VerifyFn>,
    /// Checks that need the ops inside the regions verified first (upstream's
    /// `verifyRegions`); run after them.
    pub verify_regions: Option<VerifyFn>,
    pub parse: Option<ParseFn>,
    pub print: Option<PrintFn>,
    pub fold: Option<FoldFn>,
    /// The op's canonicalization patterns. Each pattern names its root, so a dialect may give
    /// several ops one hook that returns the patterns of all of them (the pattern set calls a
    /// shared hook once).
    pub canonicalize: Option<PatternsFn>,
    pub successor_operands: Option<SuccessorOperandsFn>,
    pub region_branch: Option<RegionBranchFn>,
    pub result_names: Option<ResultNamesFn>,
    /// Like `result_names`, one name per result; takes precedence when it gives a name for
    /// every result. An empty name puts its result in the group of the one before
    /// (`%sizes:2`).
    pub result_names_each: Option<ResultNamesEachFn>,
    /// The terminator custom syntax may leave implicit in single-block regions (`scf.yield`).
    pub implicit_terminator: Option<&'static str>,
    /// Dialect whose ops may be written without their prefix inside this op's regions
    /// (`return` inside `func.func`), like upstream's `getDefaultDialect`.
    pub default_dialect: Option<&'static str>,
    pub operands: Count,
    pub results: Count,
    pub regions: Count,
    pub successors: Count,
}

impl OpDef {
    /// An op with generic syntax only and no hooks; fill in fields with struct update syntax.
    pub const fn new(name: &'static str) -> OpDef {
        OpDef {
            name,
            traits: Traits::NONE,
            inherent_attrs: &[],
            verify: None,
            verify_regions: None,
            parse: None,
            print: None,
            fold: None,
            canonicalize: None,
            successor_operands: None,
            region_branch: None,
            result_names: None,
            result_names_each: None,
            implicit_terminator: None,
            default_dialect: None,
            operands: Count::Any,
            results: Count::Any,
            regions: Count::Any,
            successors: Count::Any,
        }
    }

    /// An op with neither regions nor successors, the shape of most ops.
    pub const fn leaf(name: &'static str) -> OpDef {
        OpDef { regions: Count::Exactly(0), successors: Count::Exactly(0), ..OpDef::new(name) }
    }

    /// A pure leaf op with one result: a value computed from its operands alone.
    pub const fn pure_value(name: &'static str) -> OpDef {
        OpDef { traits: Traits::PURE, results: Count::Exactly(1), ..OpDef::leaf(name) }
    }
}

/// Dialect-level hooks.
#[derive(Clone)]
pub struct DialectDef {
    pub name: &'static str,
    pub materialize_constant: Option<MaterializeFn>,
}

/// Index of an [`OpDef`] inside the registry.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct OpDefId(pub(crate) u32);

#[derive(Default)]
pub(crate) struct Registry {
    pub(crate) ops: Vec<OpDef>,
    pub(crate) by_name: rustc_hash::FxHashMap<crate::Symbol, OpDefId>,
    pub(crate) dialects: Vec<DialectDef>,
    /// Alternative spellings that parse as a registered op (`loop.for` for `scf.for`).
    pub(crate) aliases: rustc_hash::FxHashMap<String, crate::Symbol>,
    /// Dialects that accept ops they did not register (the onnx dialect keeps unknown ONNX
    /// operators as generic ops).
    pub(crate) open_dialects: Vec<String>,
}

impl Context {
    pub fn register_dialect(&mut self, dialect: DialectDef) {
        if !self.registry.dialects.iter().any(|d| d.name == dialect.name) {
            self.registry.dialects.push(dialect);
        }
    }

    /// Register (or re-register, replacing) an op definition.
    pub fn register_op(&mut self, def: OpDef) {
        let name = self.intern_str(def.name);
        if let Some(&id) = self.registry.by_name.get(&name) {
            self.registry.ops[id.0 as usize] = def;
            return;
        }
        let id = OpDefId(self.registry.ops.len() as u32);
        self.registry.ops.push(def);
        self.registry.by_name.insert(name, id);
    }

    /// Room for `n` more op definitions: every tool registers some 900 at start, and a table
    /// of large definitions grown one push at a time is copied a dozen times.
    pub fn reserve_op_defs(&mut self, n: usize) {
        self.registry.ops.reserve(n);
        self.registry.by_name.reserve(n);
    }

    pub fn register_ops(&mut self, defs: impl IntoIterator<Item = OpDef>) {
        for d in defs {
            self.register_op(d);
        }
    }

    /// Make `alias` parse as the registered op `target` (it prints as `target`).
    pub fn register_op_alias(&mut self, alias: &str, target: &str) {
        let t = self.intern_str(target);
        self.registry.aliases.insert(alias.to_string(), t);
    }

    /// Let `dialect` hold ops it did not register, as upstream's `allowsUnknownOperations`.
    pub fn allow_unknown_ops_in(&mut self, dialect: &str) {
        if !self.registry.open_dialects.iter().any(|d| d == dialect) {
            self.registry.open_dialects.push(dialect.to_string());
        }
    }

    pub fn dialect_allows_unknown_ops(&self, dialect: &str) -> bool {
        self.registry.open_dialects.iter().any(|d| d == dialect)
    }

    pub fn resolve_op_alias(&self, name: &str) -> Option<crate::Symbol> {
        self.registry.aliases.get(name).copied()
    }

    pub fn op_def_by_name(&self, name: crate::Symbol) -> Option<&OpDef> {
        self.registry.by_name.get(&name).map(|id| &self.registry.ops[id.0 as usize])
    }

    pub(crate) fn op_def_id(&self, name: crate::Symbol) -> Option<OpDefId> {
        self.registry.by_name.get(&name).copied()
    }

    pub fn op_def(&self, op: OpId) -> Option<&OpDef> {
        self.ops[op].def.map(|id| &self.registry.ops[id.0 as usize])
    }

    pub fn dialect(&self, name: &str) -> Option<&DialectDef> {
        self.registry.dialects.iter().find(|d| d.name == name)
    }

    pub fn is_dialect_registered(&self, name: &str) -> bool {
        self.dialect(name).is_some()
    }

    pub fn registered_ops(&self) -> impl Iterator<Item = &OpDef> {
        self.registry.ops.iter()
    }

    pub fn has_trait(&self, op: OpId, t: Traits) -> bool {
        self.op_def(op).is_some_and(|d| d.traits.contains(t))
    }
}
