//! The [`Context`]: arenas for ops, blocks, regions and values, interners for types,
//! attributes, locations and strings, and the op registry.

use crate::attributes::AttrKind;
use crate::dialect::{OpDefId, Registry};
use crate::interner::{Interner, StrInterner};
use crate::location::LocKind;
use crate::types::TypeKind;
use crate::{Attribute, BlockId, Location, OpId, RegionId, Symbol, Type, Value};
use cranelift_entity::PrimaryMap;

/// Where a value comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ValueDef {
    OpResult {
        op: OpId,
        index: u32,
    },
    BlockArg {
        block: BlockId,
        index: u32,
    },
    /// A value the parser created for a forward reference; it is replaced before parsing ends.
    Placeholder,
}

/// One use of a value: operand `index` of `op`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Use {
    pub op: OpId,
    pub index: u32,
}

pub struct ValueData {
    pub(crate) ty: Type,
    pub(crate) def: ValueDef,
    pub(crate) uses: Vec<Use>,
    /// Block arguments carry their own location; results use their op's.
    pub(crate) loc: Option<Location>,
}

pub struct OpData {
    pub(crate) name: Symbol,
    pub(crate) def: Option<OpDefId>,
    pub(crate) operands: Vec<Value>,
    pub(crate) results: Vec<Value>,
    /// Sorted by attribute name, as upstream's dictionaries are.
    pub(crate) attrs: Vec<(Symbol, Attribute)>,
    pub(crate) regions: Vec<RegionId>,
    pub(crate) successors: Vec<BlockId>,
    pub(crate) loc: Location,
    pub(crate) parent: Option<BlockId>,
    pub(crate) prev: Option<OpId>,
    pub(crate) next: Option<OpId>,
    pub(crate) erased: bool,
}

pub struct BlockData {
    pub(crate) args: Vec<Value>,
    pub(crate) first: Option<OpId>,
    pub(crate) last: Option<OpId>,
    pub(crate) parent: Option<RegionId>,
    /// The ops that name this block as a successor, once per edge (an op branching here twice
    /// is listed twice). Kept so that finding predecessors does not scan the region, which made
    /// canonicalizing long block chains quadratic.
    pub(crate) branch_uses: Vec<OpId>,
}

pub struct RegionData {
    pub(crate) blocks: Vec<BlockId>,
    pub(crate) parent: Option<OpId>,
}

/// A record of a mutation, kept while [`Context::start_tracking`] is on so that rewrite drivers
/// can revisit what changed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Created(OpId),
    Modified(OpId),
    Erased(OpId),
}

/// Owns all IR. Reading needs `&Context`, mutating `&mut Context`.
pub struct Context {
    pub(crate) ops: PrimaryMap<OpId, OpData>,
    pub(crate) blocks: PrimaryMap<BlockId, BlockData>,
    pub(crate) regions: PrimaryMap<RegionId, RegionData>,
    pub(crate) values: PrimaryMap<Value, ValueData>,
    pub(crate) types: Interner<Type, TypeKind>,
    pub(crate) attrs: Interner<Attribute, AttrKind>,
    pub(crate) locs: Interner<Location, LocKind>,
    pub(crate) strings: StrInterner,
    pub(crate) registry: Registry,
    pub(crate) changes: Option<Vec<Change>>,
    /// `builtin` dialect resource blobs by name (`dense_resource<name>`).
    pub(crate) resources: rustc_hash::FxHashMap<String, crate::attributes::ResourceBlob>,
    /// Parse ops of dialects that are not registered (upstream's -allow-unregistered-dialect).
    pub allow_unregistered: bool,
    /// Symbol tables indexed by name while the IR cannot change (`with_symbol_cache`).
    pub(crate) symbol_cache: std::sync::Mutex<Option<crate::symbol::SymbolCache>>,
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

impl Context {
    pub fn new() -> Self {
        Context {
            ops: PrimaryMap::new(),
            blocks: PrimaryMap::new(),
            regions: PrimaryMap::new(),
            values: PrimaryMap::new(),
            types: Interner::default(),
            attrs: Interner::default(),
            locs: Interner::default(),
            strings: StrInterner::default(),
            registry: Registry::default(),
            changes: None,
            resources: Default::default(),
            allow_unregistered: false,
            symbol_cache: Default::default(),
        }
    }

    pub fn intern_str(&mut self, s: &str) -> Symbol {
        self.strings.intern(s)
    }

    pub fn lookup_str(&self, s: &str) -> Option<Symbol> {
        self.strings.lookup(s)
    }

    pub fn str(&self, sym: Symbol) -> &str {
        self.strings.get(sym)
    }

    // ----- change tracking -----

    pub fn start_tracking(&mut self) {
        self.changes = Some(Vec::new());
    }

    pub fn take_changes(&mut self) -> Vec<Change> {
        self.changes.as_mut().map(std::mem::take).unwrap_or_default()
    }

    pub fn stop_tracking(&mut self) {
        self.changes = None;
    }

    pub(crate) fn note(&mut self, c: Change) {
        if let Some(v) = &mut self.changes {
            v.push(c);
        }
    }

    /// Tell rewrite drivers that `op` was changed in place (attributes, operands, regions).
    pub fn notify_modified(&mut self, op: OpId) {
        self.note(Change::Modified(op));
    }

    // ----- ops: reading -----

    pub fn op_name(&self, op: OpId) -> &str {
        self.str(self.ops[op].name)
    }

    pub fn op_name_sym(&self, op: OpId) -> Symbol {
        self.ops[op].name
    }

    /// True when `op` is an op named `name` (`ctx.is_op(op, "scf.for")`).
    pub fn is_op(&self, op: OpId, name: &str) -> bool {
        self.op_name(op) == name
    }

    pub fn is_registered(&self, op: OpId) -> bool {
        self.ops[op].def.is_some()
    }

    pub fn is_erased(&self, op: OpId) -> bool {
        self.ops[op].erased
    }

    pub fn operands(&self, op: OpId) -> &[Value] {
        &self.ops[op].operands
    }

    pub fn operand(&self, op: OpId, i: usize) -> Value {
        self.ops[op].operands[i]
    }

    pub fn results(&self, op: OpId) -> &[Value] {
        &self.ops[op].results
    }

    pub fn result(&self, op: OpId, i: usize) -> Value {
        self.ops[op].results[i]
    }

    pub fn regions(&self, op: OpId) -> &[RegionId] {
        &self.ops[op].regions
    }

    pub fn region(&self, op: OpId, i: usize) -> RegionId {
        self.ops[op].regions[i]
    }

    pub fn successors(&self, op: OpId) -> &[BlockId] {
        &self.ops[op].successors
    }

    pub fn op_loc(&self, op: OpId) -> Location {
        self.ops[op].loc
    }

    pub fn set_op_loc(&mut self, op: OpId, loc: Location) {
        self.ops[op].loc = loc;
    }

    pub fn attrs(&self, op: OpId) -> &[(Symbol, Attribute)] {
        &self.ops[op].attrs
    }

    pub fn attr(&self, op: OpId, name: &str) -> Option<Attribute> {
        let sym = self.strings.lookup(name)?;
        self.ops[op].attrs.iter().find(|(n, _)| *n == sym).map(|(_, a)| *a)
    }

    pub fn has_attr(&self, op: OpId, name: &str) -> bool {
        self.attr(op, name).is_some()
    }

    pub fn set_attr(&mut self, op: OpId, name: &str, value: Attribute) {
        let sym = self.intern_str(name);
        self.set_attr_sym(op, sym, value);
    }

    pub fn set_attr_sym(&mut self, op: OpId, sym: Symbol, value: Attribute) {
        let strings = &self.strings;
        let attrs = &mut self.ops[op].attrs;
        match attrs.binary_search_by(|(n, _)| strings.get(*n).cmp(strings.get(sym))) {
            Ok(i) => attrs[i].1 = value,
            Err(i) => attrs.insert(i, (sym, value)),
        }
        self.note(Change::Modified(op));
    }

    pub fn remove_attr(&mut self, op: OpId, name: &str) -> Option<Attribute> {
        let sym = self.strings.lookup(name)?;
        let attrs = &mut self.ops[op].attrs;
        let i = attrs.iter().position(|(n, _)| *n == sym)?;
        let (_, a) = attrs.remove(i);
        self.note(Change::Modified(op));
        Some(a)
    }

    pub fn parent_block(&self, op: OpId) -> Option<BlockId> {
        self.ops[op].parent
    }

    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        let b = self.ops[op].parent?;
        let r = self.blocks[b].parent?;
        self.regions[r].parent
    }

    pub fn parent_region(&self, op: OpId) -> Option<RegionId> {
        self.blocks[self.ops[op].parent?].parent
    }

    pub fn next_op(&self, op: OpId) -> Option<OpId> {
        self.ops[op].next
    }

    pub fn prev_op(&self, op: OpId) -> Option<OpId> {
        self.ops[op].prev
    }

    /// True when `ancestor` is `op` or encloses it.
    pub fn is_ancestor(&self, ancestor: OpId, op: OpId) -> bool {
        let mut cur = Some(op);
        while let Some(o) = cur {
            if o == ancestor {
                return true;
            }
            cur = self.parent_op(o);
        }
        false
    }

    /// Nearest enclosing op (including `op` itself) satisfying `pred`.
    pub fn find_ancestor(&self, op: OpId, pred: impl Fn(&Context, OpId) -> bool) -> Option<OpId> {
        let mut cur = Some(op);
        while let Some(o) = cur {
            if pred(self, o) {
                return Some(o);
            }
            cur = self.parent_op(o);
        }
        None
    }

    // ----- blocks and regions: reading -----

    pub fn block_args(&self, block: BlockId) -> &[Value] {
        &self.blocks[block].args
    }

    pub fn block_arg(&self, block: BlockId, i: usize) -> Value {
        self.blocks[block].args[i]
    }

    pub fn block_parent(&self, block: BlockId) -> Option<RegionId> {
        self.blocks[block].parent
    }

    pub fn block_parent_op(&self, block: BlockId) -> Option<OpId> {
        self.regions[self.blocks[block].parent?].parent
    }

    pub fn block_ops(&self, block: BlockId) -> BlockOps<'_> {
        BlockOps { ctx: self, next: self.blocks[block].first }
    }

    pub fn first_op(&self, block: BlockId) -> Option<OpId> {
        self.blocks[block].first
    }

    pub fn last_op(&self, block: BlockId) -> Option<OpId> {
        self.blocks[block].last
    }

    pub fn is_block_empty(&self, block: BlockId) -> bool {
        self.blocks[block].first.is_none()
    }

    /// The last op of the block if it is a registered terminator.
    pub fn terminator(&self, block: BlockId) -> Option<OpId> {
        let last = self.blocks[block].last?;
        self.has_trait(last, crate::Traits::TERMINATOR).then_some(last)
    }

    pub fn region_blocks(&self, region: RegionId) -> &[BlockId] {
        &self.regions[region].blocks
    }

    pub fn entry_block(&self, region: RegionId) -> Option<BlockId> {
        self.regions[region].blocks.first().copied()
    }

    pub fn region_parent(&self, region: RegionId) -> Option<OpId> {
        self.regions[region].parent
    }

    pub fn is_region_empty(&self, region: RegionId) -> bool {
        self.regions[region].blocks.is_empty()
    }

    /// Blocks of the same region whose terminator branches to `block`, once per edge.
    /// The blocks of the same region whose terminator branches to `block`, once per edge.
    pub fn predecessors(&self, block: BlockId) -> Vec<BlockId> {
        let Some(region) = self.blocks[block].parent else { return Vec::new() };
        let mut preds: Vec<BlockId> = self.blocks[block]
            .branch_uses
            .iter()
            .filter_map(|&op| {
                let pb = self.ops[op].parent?;
                (self.blocks[pb].parent == Some(region) && self.blocks[pb].last == Some(op)).then_some(pb)
            })
            .collect();
        // Edge-creation order would depend on rewrite history; block ids give a stable order.
        preds.sort_unstable();
        preds
    }

    // ----- values: reading -----

    pub fn value_type(&self, v: Value) -> Type {
        self.values[v].ty
    }

    pub fn set_value_type(&mut self, v: Value, ty: Type) {
        self.values[v].ty = ty;
    }

    pub fn value_def(&self, v: Value) -> ValueDef {
        self.values[v].def
    }

    pub fn defining_op(&self, v: Value) -> Option<OpId> {
        match self.values[v].def {
            ValueDef::OpResult { op, .. } => Some(op),
            _ => None,
        }
    }

    /// The block that holds the definition: the op's block, or the argument's block.
    pub fn value_block(&self, v: Value) -> Option<BlockId> {
        match self.values[v].def {
            ValueDef::OpResult { op, .. } => self.ops[op].parent,
            ValueDef::BlockArg { block, .. } => Some(block),
            ValueDef::Placeholder => None,
        }
    }

    pub fn value_loc(&self, v: Value) -> Option<Location> {
        match self.values[v].def {
            ValueDef::OpResult { op, .. } => Some(self.ops[op].loc),
            _ => self.values[v].loc,
        }
    }

    pub fn uses(&self, v: Value) -> &[Use] {
        &self.values[v].uses
    }

    pub fn has_uses(&self, v: Value) -> bool {
        !self.values[v].uses.is_empty()
    }

    pub fn result_types(&self, op: OpId) -> Vec<Type> {
        self.ops[op].results.iter().map(|&v| self.values[v].ty).collect()
    }

    pub fn operand_types(&self, op: OpId) -> Vec<Type> {
        self.ops[op].operands.iter().map(|&v| self.values[v].ty).collect()
    }

    /// Operands forwarded to successor `i`, as the op definition lays them out; an op with one
    /// successor and no hook forwards all its operands.
    pub fn successor_operand_range(&self, op: OpId, i: usize) -> std::ops::Range<usize> {
        if let Some(f) = self.op_def(op).and_then(|d| d.successor_operands) {
            let r = f(self, op, i);
            let n = self.ops[op].operands.len();
            return r.start.min(n)..r.end.min(n);
        }
        if self.ops[op].successors.len() == 1 {
            0..self.ops[op].operands.len()
        } else {
            0..0
        }
    }

    pub fn successor_operands(&self, op: OpId, i: usize) -> &[Value] {
        let r = self.successor_operand_range(op, i);
        &self.ops[op].operands[r]
    }

    /// All op handles ever created (including erased ones); mostly for tests and stats.
    pub fn num_ops(&self) -> usize {
        self.ops.len()
    }
}

/// Iterator over the ops of a block in order.
pub struct BlockOps<'a> {
    ctx: &'a Context,
    next: Option<OpId>,
}

impl Iterator for BlockOps<'_> {
    type Item = OpId;
    fn next(&mut self) -> Option<OpId> {
        let cur = self.next?;
        self.next = self.ctx.ops[cur].next;
        Some(cur)
    }
}
