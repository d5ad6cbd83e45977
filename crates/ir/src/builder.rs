//! Creating and rewriting IR: [`OperationState`], [`Builder`] with an insertion point, and the
//! structural mutations (erase, replace-all-uses, move, inline a region, split or merge blocks).
//! Every mutation keeps use lists and block links consistent, and reports to change tracking.

use crate::context::{BlockData, Change, OpData, RegionData, Use, ValueData, ValueDef};
use crate::{Attribute, BlockId, Context, Location, OpId, RegionId, Symbol, Type, Value};

/// Everything needed to create an op. Regions are created beforehand (detached) and adopted.
#[derive(Clone, Debug)]
pub struct OperationState {
    pub name: Symbol,
    pub loc: Location,
    pub operands: Vec<Value>,
    pub result_types: Vec<Type>,
    pub attrs: Vec<(Symbol, Attribute)>,
    pub regions: Vec<RegionId>,
    pub successors: Vec<BlockId>,
}

impl OperationState {
    pub fn new(ctx: &mut Context, name: &str, loc: Location) -> Self {
        let name = ctx.intern_str(name);
        Self::with_symbol(name, loc)
    }

    pub fn with_symbol(name: Symbol, loc: Location) -> Self {
        OperationState {
            name,
            loc,
            operands: Vec::new(),
            result_types: Vec::new(),
            attrs: Vec::new(),
            regions: Vec::new(),
            successors: Vec::new(),
        }
    }

    pub fn operands(mut self, vals: &[Value]) -> Self {
        self.operands.extend_from_slice(vals);
        self
    }

    pub fn results(mut self, tys: &[Type]) -> Self {
        self.result_types.extend_from_slice(tys);
        self
    }

    pub fn attr(mut self, ctx: &mut Context, name: &str, value: Attribute) -> Self {
        self.add_attr(ctx, name, value);
        self
    }

    pub fn add_attr(&mut self, ctx: &mut Context, name: &str, value: Attribute) {
        let sym = ctx.intern_str(name);
        self.set_attr_sym(sym, value);
    }

    pub fn set_attr_sym(&mut self, sym: Symbol, value: Attribute) {
        if let Some(e) = self.attrs.iter_mut().find(|(n, _)| *n == sym) {
            e.1 = value;
        } else {
            self.attrs.push((sym, value));
        }
    }

    pub fn get_attr(&self, ctx: &Context, name: &str) -> Option<Attribute> {
        let sym = ctx.lookup_str(name)?;
        self.attrs.iter().find(|(n, _)| *n == sym).map(|(_, a)| *a)
    }

    pub fn regions(mut self, regions: &[RegionId]) -> Self {
        self.regions.extend_from_slice(regions);
        self
    }

    pub fn successors(mut self, succs: &[BlockId]) -> Self {
        self.successors.extend_from_slice(succs);
        self
    }
}

impl Context {
    /// Create a detached op from `state`. Insert it with [`Context::append_op`],
    /// [`Context::insert_op_before`] or a [`Builder`].
    pub fn create_op(&mut self, state: OperationState) -> OpId {
        let def = self.op_def_id(state.name);
        let mut attrs = state.attrs;
        {
            let strings = &self.strings;
            attrs.sort_by(|a, b| strings.get(a.0).cmp(strings.get(b.0)));
            attrs.dedup_by(|a, b| a.0 == b.0);
        }
        let op = self.ops.push(OpData {
            name: state.name,
            def,
            operands: Vec::new(),
            results: Vec::with_capacity(state.result_types.len()),
            attrs,
            regions: state.regions.clone(),
            successors: state.successors,
            loc: state.loc,
            parent: None,
            prev: None,
            next: None,
            erased: false,
        });
        for (i, ty) in state.result_types.into_iter().enumerate() {
            let v = self.values.push(ValueData {
                ty,
                def: ValueDef::OpResult { op, index: i as u32 },
                uses: Vec::new(),
                loc: None,
            });
            self.ops[op].results.push(v);
        }
        for r in state.regions {
            self.regions[r].parent = Some(op);
        }
        for i in 0..self.ops[op].successors.len() {
            let s = self.ops[op].successors[i];
            self.blocks[s].branch_uses.push(op);
        }
        self.set_operands(op, state.operands);
        self.note(Change::Created(op));
        op
    }

    pub fn create_region(&mut self) -> RegionId {
        self.regions.push(RegionData { blocks: Vec::new(), parent: None })
    }

    /// A detached block; add it to a region with [`Context::append_block`].
    pub fn create_block(&mut self) -> BlockId {
        self.blocks.push(BlockData { args: Vec::new(), first: None, last: None, parent: None, branch_uses: Vec::new() })
    }

    /// Create a block at the end of `region`, with arguments of the given types.
    pub fn add_block(&mut self, region: RegionId, arg_types: &[Type], loc: Location) -> BlockId {
        let b = self.create_block();
        for &t in arg_types {
            self.add_block_arg(b, t, loc);
        }
        self.append_block(region, b);
        b
    }

    pub fn append_block(&mut self, region: RegionId, block: BlockId) {
        self.blocks[block].parent = Some(region);
        self.regions[region].blocks.push(block);
    }

    /// Insert `block` into `region` before `before` (or at the end when `None`).
    pub fn insert_block(&mut self, region: RegionId, block: BlockId, before: Option<BlockId>) {
        self.blocks[block].parent = Some(region);
        let blocks = &mut self.regions[region].blocks;
        let pos = before.and_then(|b| blocks.iter().position(|&x| x == b)).unwrap_or(blocks.len());
        blocks.insert(pos, block);
    }

    pub fn add_block_arg(&mut self, block: BlockId, ty: Type, loc: Location) -> Value {
        let index = self.blocks[block].args.len() as u32;
        let v = self.values.push(ValueData {
            ty,
            def: ValueDef::BlockArg { block, index },
            uses: Vec::new(),
            loc: Some(loc),
        });
        self.blocks[block].args.push(v);
        v
    }

    /// Remove argument `i` of `block`; it must have no uses left.
    pub fn erase_block_arg(&mut self, block: BlockId, i: usize) {
        self.blocks[block].args.remove(i);
        for (j, &a) in self.blocks[block].args.iter().enumerate().skip(i) {
            self.values[a].def = ValueDef::BlockArg { block, index: j as u32 };
        }
    }

    /// A value standing for a not-yet-defined name (parser forward references).
    pub fn create_placeholder(&mut self, ty: Type) -> Value {
        self.values.push(ValueData { ty, def: ValueDef::Placeholder, uses: Vec::new(), loc: None })
    }

    // ----- operands and use lists -----

    fn add_use(&mut self, v: Value, op: OpId, index: u32) {
        self.values[v].uses.push(Use { op, index });
    }

    fn remove_use(&mut self, v: Value, op: OpId, index: u32) {
        let uses = &mut self.values[v].uses;
        if let Some(p) = uses.iter().position(|u| u.op == op && u.index == index) {
            uses.swap_remove(p);
        }
    }

    pub fn set_operand(&mut self, op: OpId, i: usize, v: Value) {
        let old = self.ops[op].operands[i];
        self.remove_use(old, op, i as u32);
        self.ops[op].operands[i] = v;
        self.add_use(v, op, i as u32);
        self.note(Change::Modified(op));
    }

    /// Replace the whole operand list.
    pub fn set_operands(&mut self, op: OpId, vals: Vec<Value>) {
        let old = std::mem::take(&mut self.ops[op].operands);
        for (i, v) in old.into_iter().enumerate() {
            self.remove_use(v, op, i as u32);
        }
        for (i, &v) in vals.iter().enumerate() {
            self.add_use(v, op, i as u32);
        }
        self.ops[op].operands = vals;
        self.note(Change::Modified(op));
    }

    pub fn set_successor(&mut self, op: OpId, i: usize, block: BlockId) {
        let old = std::mem::replace(&mut self.ops[op].successors[i], block);
        self.remove_branch_use(old, op);
        self.blocks[block].branch_uses.push(op);
        self.note(Change::Modified(op));
    }

    /// Redirect every use of `from` to `to`.
    pub fn replace_all_uses(&mut self, from: Value, to: Value) {
        if from == to {
            return;
        }
        let uses = std::mem::take(&mut self.values[from].uses);
        for u in &uses {
            self.ops[u.op].operands[u.index as usize] = to;
            self.note(Change::Modified(u.op));
        }
        self.values[to].uses.extend(uses);
    }

    /// Replace the uses of `op`'s results with `values` (one per result) and erase `op`.
    pub fn replace_op(&mut self, op: OpId, values: &[Value]) {
        let results = self.ops[op].results.clone();
        for (r, &v) in results.iter().zip(values) {
            self.replace_all_uses(*r, v);
        }
        self.erase_op(op);
    }

    // ----- placement -----

    fn link_after(&mut self, op: OpId, block: BlockId, prev: Option<OpId>) {
        let next = match prev {
            Some(p) => self.ops[p].next,
            None => self.blocks[block].first,
        };
        let d = &mut self.ops[op];
        d.parent = Some(block);
        d.prev = prev;
        d.next = next;
        match prev {
            Some(p) => self.ops[p].next = Some(op),
            None => self.blocks[block].first = Some(op),
        }
        match next {
            Some(n) => self.ops[n].prev = Some(op),
            None => self.blocks[block].last = Some(op),
        }
    }

    /// Detach `op` from its block (it stays alive and can be reinserted).
    pub fn unlink_op(&mut self, op: OpId) {
        let Some(block) = self.ops[op].parent else { return };
        let (prev, next) = (self.ops[op].prev, self.ops[op].next);
        match prev {
            Some(p) => self.ops[p].next = next,
            None => self.blocks[block].first = next,
        }
        match next {
            Some(n) => self.ops[n].prev = prev,
            None => self.blocks[block].last = prev,
        }
        let d = &mut self.ops[op];
        d.parent = None;
        d.prev = None;
        d.next = None;
    }

    pub fn append_op(&mut self, block: BlockId, op: OpId) {
        self.unlink_op(op);
        let last = self.blocks[block].last;
        self.link_after(op, block, last);
    }

    pub fn prepend_op(&mut self, block: BlockId, op: OpId) {
        self.unlink_op(op);
        self.link_after(op, block, None);
    }

    pub fn insert_op_before(&mut self, op: OpId, anchor: OpId) {
        self.unlink_op(op);
        let Some(block) = self.ops[anchor].parent else { return };
        let prev = self.ops[anchor].prev;
        self.link_after(op, block, prev);
    }

    pub fn insert_op_after(&mut self, op: OpId, anchor: OpId) {
        self.unlink_op(op);
        let Some(block) = self.ops[anchor].parent else { return };
        self.link_after(op, block, Some(anchor));
    }

    // ----- erasure -----

    /// Erase `op` and everything nested in it. Uses of its results must already be gone;
    /// any left dangle, which the verifier reports.
    pub fn erase_op(&mut self, op: OpId) {
        if self.ops[op].erased {
            return;
        }
        self.unlink_op(op);
        self.drop_op_references(op);
        self.note(Change::Erased(op));
    }

    /// Forget one edge from `op` to `block`.
    fn remove_branch_use(&mut self, block: BlockId, op: OpId) {
        let uses = &mut self.blocks[block].branch_uses;
        if let Some(p) = uses.iter().position(|&o| o == op) {
            uses.swap_remove(p);
        }
    }

    fn drop_op_references(&mut self, op: OpId) {
        let operands = std::mem::take(&mut self.ops[op].operands);
        for (i, v) in operands.into_iter().enumerate() {
            self.remove_use(v, op, i as u32);
        }
        for i in 0..self.ops[op].successors.len() {
            let s = self.ops[op].successors[i];
            self.remove_branch_use(s, op);
        }
        self.ops[op].erased = true;
        for r in self.ops[op].regions.clone() {
            for b in self.regions[r].blocks.clone() {
                let ops: Vec<OpId> = self.block_ops(b).collect();
                for o in ops {
                    self.drop_op_references(o);
                    self.note(Change::Erased(o));
                }
            }
        }
    }

    /// Erase a block and its ops, removing it from its region.
    pub fn erase_block(&mut self, block: BlockId) {
        let ops: Vec<OpId> = self.block_ops(block).collect();
        for o in ops.into_iter().rev() {
            self.erase_op(o);
        }
        self.unlink_block(block);
    }

    /// Remove `block` from its region without touching its ops.
    pub fn unlink_block(&mut self, block: BlockId) {
        if let Some(r) = self.blocks[block].parent.take() {
            // A block is in its region once: find it and shift the tail down (a memmove),
            // instead of `retain`'s element-by-element pass.
            let blocks = &mut self.regions[r].blocks;
            if let Some(p) = blocks.iter().position(|&b| b == block) {
                blocks.remove(p);
            }
        }
    }

    // ----- block surgery -----

    /// Split `block` before `op`: `op` and everything after it move to a new block inserted
    /// right after `block`, which is returned.
    pub fn split_block(&mut self, block: BlockId, op: OpId) -> BlockId {
        let new = self.create_block();
        if let Some(r) = self.blocks[block].parent {
            let blocks = &mut self.regions[r].blocks;
            let pos = blocks.iter().position(|&b| b == block).map_or(blocks.len(), |p| p + 1);
            blocks.insert(pos, new);
            self.blocks[new].parent = Some(r);
        }
        let mut cur = Some(op);
        while let Some(o) = cur {
            cur = self.ops[o].next;
            self.append_op(new, o);
        }
        new
    }

    /// Move all ops of `src` to the end of `dest`, replacing `src`'s arguments with `args`, and
    /// erase `src`.
    pub fn merge_blocks(&mut self, src: BlockId, dest: BlockId, args: &[Value]) {
        self.inline_block_before(src, dest, None, args);
    }

    /// Move the ops of `src` into `dest` before `before` (end when `None`), replacing its
    /// arguments with `args`; `src` is removed from its region.
    pub fn inline_block_before(&mut self, src: BlockId, dest: BlockId, before: Option<OpId>, args: &[Value]) {
        let src_args = self.blocks[src].args.clone();
        for (a, &v) in src_args.iter().zip(args) {
            self.replace_all_uses(*a, v);
        }
        let ops: Vec<OpId> = self.block_ops(src).collect();
        for o in ops {
            match before {
                Some(b) => self.insert_op_before(o, b),
                None => self.append_op(dest, o),
            }
        }
        self.unlink_block(src);
    }

    /// Move every block of `src` into `dest` before block `before` (end when `None`).
    pub fn inline_region_before(&mut self, src: RegionId, dest: RegionId, before: Option<BlockId>) {
        let blocks = std::mem::take(&mut self.regions[src].blocks);
        for b in blocks {
            self.insert_block(dest, b, before);
        }
    }

    /// Move the blocks of `src` into `dest` (which should be empty) — takes a region's body.
    pub fn take_region_body(&mut self, src: RegionId, dest: RegionId) {
        self.inline_region_before(src, dest, None);
    }
}

/// Where a [`Builder`] inserts new ops.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InsertPoint {
    /// Before this op.
    Before(OpId),
    /// At the end of this block.
    End(BlockId),
    /// Nowhere: ops stay detached.
    Detached,
}

/// Creates ops at an insertion point.
pub struct Builder<'a> {
    pub ctx: &'a mut Context,
    pub ip: InsertPoint,
}

impl<'a> Builder<'a> {
    pub fn new(ctx: &'a mut Context) -> Self {
        Builder { ctx, ip: InsertPoint::Detached }
    }

    pub fn at_end(ctx: &'a mut Context, block: BlockId) -> Self {
        Builder { ctx, ip: InsertPoint::End(block) }
    }

    pub fn before(ctx: &'a mut Context, op: OpId) -> Self {
        Builder { ctx, ip: InsertPoint::Before(op) }
    }

    pub fn set_insertion_point_before(&mut self, op: OpId) {
        self.ip = InsertPoint::Before(op);
    }

    /// After `op`: before its successor, or at the end of its block.
    pub fn set_insertion_point_after(&mut self, op: OpId) {
        self.ip = match (self.ctx.next_op(op), self.ctx.parent_block(op)) {
            (Some(n), _) => InsertPoint::Before(n),
            (None, Some(b)) => InsertPoint::End(b),
            _ => InsertPoint::Detached,
        };
    }

    pub fn set_insertion_point_to_end(&mut self, block: BlockId) {
        self.ip = InsertPoint::End(block);
    }

    pub fn set_insertion_point_to_start(&mut self, block: BlockId) {
        self.ip = match self.ctx.first_op(block) {
            Some(o) => InsertPoint::Before(o),
            None => InsertPoint::End(block),
        };
    }

    pub fn insert(&mut self, op: OpId) -> OpId {
        match self.ip {
            InsertPoint::Before(anchor) => self.ctx.insert_op_before(op, anchor),
            InsertPoint::End(b) => self.ctx.append_op(b, op),
            InsertPoint::Detached => {}
        }
        op
    }

    /// Create an op from `state` and insert it.
    pub fn create(&mut self, state: OperationState) -> OpId {
        let op = self.ctx.create_op(state);
        self.insert(op)
    }

    /// Create an op with a single result and return that result.
    pub fn create_value(&mut self, state: OperationState) -> Value {
        let op = self.create(state);
        self.ctx.result(op, 0)
    }

    /// Shorthand: `build("arith.addi", &[a, b], &[t], loc)`.
    pub fn build(&mut self, name: &str, operands: &[Value], results: &[Type], loc: Location) -> OpId {
        let st = OperationState::new(self.ctx, name, loc).operands(operands).results(results);
        self.create(st)
    }
}
