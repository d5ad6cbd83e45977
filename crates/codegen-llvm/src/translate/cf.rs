//! `cf` ops: block arguments are phis, one per part (a memref has one per descriptor word).
//! An edge that passes arguments goes through its own block when the source has several
//! successors, so two edges to one target never meet in one phi from one predecessor.

use super::{Translator, V};
use crate::error::Result;
use flowgate_ir::{AttrKind, DenseElements, OpId, Value};
use inkwell::basic_block::BasicBlock;
use inkwell::values::{BasicValue, PhiValue};
use std::ops::Range;

impl<'c> Translator<'_, 'c> {
    /// Translate a `cf` op; returns whether it terminated the block.
    pub(super) fn cf(&mut self, op: OpId) -> Result<bool> {
        match self.ctx.op_name(op) {
            "cf.br" => {
                let target = self.edge(op, 0, false)?;
                self.b.build_unconditional_branch(target)?;
                Ok(true)
            }
            "cf.cond_br" => {
                let c = self.int_operand(op, 0)?;
                let t = self.edge(op, 0, true)?;
                let f = self.edge(op, 1, true)?;
                self.b.build_conditional_branch(c, t, f)?;
                Ok(true)
            }
            "cf.switch" => {
                self.switch(op)?;
                Ok(true)
            }
            "cf.assert" => {
                self.assert(op)?;
                Ok(false)
            }
            _ => Err(self.unsupported(op)),
        }
    }

    /// `cf.assert`: as upstream's lowering, a failure `puts` the message and calls `abort`;
    /// stdio is flushed in between so the message is not lost in a buffer.
    fn assert(&mut self, op: OpId) -> Result<()> {
        let c = self.int_operand(op, 0)?;
        let msg = self.ctx.attr(op, "msg").and_then(|a| self.ctx.attr_as_str(a)).unwrap_or("").to_string();
        let cont = self.new_block("assert.ok");
        let fail = self.new_block("assert.fail");
        self.b.build_conditional_branch(c, cont, fail)?;
        self.b.position_at_end(fail);
        // A NUL inside the message would end it early in C; drop such bytes.
        let clean: String = msg.chars().filter(|&ch| ch != '\0').collect();
        let s = self.b.build_global_string_ptr(&clean, "assert_msg")?;
        let ptr = self.ptrt().into();
        let i32t = self.llc.i32_type().into();
        self.call_c("puts", &[ptr], Some(i32t), &[s.as_pointer_value().into()])?;
        self.call_c("fflush", &[ptr], Some(i32t), &[self.ptrt().const_null().into()])?;
        self.call_c("abort", &[], None, &[])?;
        self.b.build_unreachable()?;
        self.b.position_at_end(cont);
        Ok(())
    }

    /// The LLVM block to jump to for successor `i` of `op`, with the phis of the target fed.
    /// With `split`, an edge carrying arguments gets its own block.
    fn edge(&self, op: OpId, i: usize, split: bool) -> Result<BasicBlock<'c>> {
        let Some(&s) = self.ctx.successors(op).get(i) else {
            return Err(self.op_err(op, format!("expected successor #{i}")));
        };
        let region = self.ctx.block_parent(s);
        if region.and_then(|r| self.ctx.entry_block(r)) == Some(s) {
            return Err(self.op_err(op, "cannot branch to the entry block of a region"));
        }
        let (target, phis) = self.block(s)?;
        let args = self.branch_args(op, i)?;
        if args.is_empty() {
            return Ok(target);
        }
        let here = self.current()?;
        if !split {
            self.feed(&phis, &args, here)?;
            return Ok(target);
        }
        let tramp = self.new_block("edge");
        self.feed(&phis, &args, tramp)?;
        let b = self.llc.create_builder();
        b.position_at_end(tramp);
        b.build_unconditional_branch(target)?;
        Ok(tramp)
    }

    fn feed(&self, phis: &[Vec<PhiValue<'c>>], args: &[Vec<V<'c>>], from: BasicBlock<'c>) -> Result<()> {
        for (ps, vs) in phis.iter().zip(args) {
            if ps.len() != vs.len() {
                return Err(self.ice("branch argument does not match its block argument"));
            }
            for (p, v) in ps.iter().zip(vs) {
                p.add_incoming(&[(v as &dyn BasicValue<'c>, from)]);
            }
        }
        Ok(())
    }

    /// The parts of each argument op `op` passes to successor `i`.
    fn branch_args(&self, op: OpId, i: usize) -> Result<Vec<Vec<V<'c>>>> {
        let range = self.successor_operand_range(op, i)?;
        let Some(vals) = self.ctx.operands(op).get(range) else {
            return Err(self.op_err(op, "has successor operands out of range"));
        };
        let Some(&succ) = self.ctx.successors(op).get(i) else {
            return Err(self.op_err(op, format!("expected successor #{i}")));
        };
        let args = self.ctx.block_args(succ);
        let same = vals.len() == args.len()
            && vals.iter().zip(args).all(|(&v, &a)| self.ctx.value_type(v) == self.ctx.value_type(a));
        if !same {
            return Err(self.op_err(op, format!("passes operands that do not match the arguments of successor #{i}")));
        }
        vals.iter().map(|&v: &Value| Ok(self.parts(v)?.to_vec())).collect()
    }

    /// Which operands go to successor `i`. A registered `cf` dialect answers through its hook;
    /// for ops parsed without it we read the segment attributes as upstream lays them out.
    fn successor_operand_range(&self, op: OpId, i: usize) -> Result<Range<usize>> {
        let ctx = self.ctx;
        if ctx.op_def(op).and_then(|d| d.successor_operands).is_some() {
            return Ok(ctx.successor_operand_range(op, i));
        }
        let n = ctx.operands(op).len();
        match ctx.op_name(op) {
            "cf.br" => Ok(0..n),
            "cf.cond_br" => {
                let seg = self.segments(op, "operandSegmentSizes", 3)?;
                let start = 1 + if i == 0 { 0 } else { seg[1] };
                Ok(start..start + seg[1 + i.min(1)])
            }
            "cf.switch" => {
                let seg = self.segments(op, "operandSegmentSizes", 3)?;
                if i == 0 {
                    return Ok(1..1 + seg[1]);
                }
                let cases = self.int_list(op, "case_operand_segments").unwrap_or_default();
                let mut start = 1 + seg[1];
                for (k, &len) in cases.iter().enumerate() {
                    let len = usize::try_from(len).map_err(|_| self.op_err(op, "has a negative operand segment"))?;
                    if k + 1 == i {
                        return Ok(start..start + len);
                    }
                    start += len;
                }
                Ok(start..start)
            }
            _ => Ok(ctx.successor_operand_range(op, i)),
        }
    }

    fn segments(&self, op: OpId, name: &str, n: usize) -> Result<Vec<usize>> {
        let seg = self.int_list(op, name).ok_or_else(|| self.op_err(op, format!("requires attribute '{name}'")))?;
        let seg: Vec<usize> = seg.iter().filter_map(|&x| usize::try_from(x).ok()).collect();
        if seg.len() != n || seg.iter().sum::<usize>() != self.ctx.operands(op).len() {
            return Err(self.op_err(op, format!("has an '{name}' attribute that does not match its operands")));
        }
        Ok(seg)
    }

    /// Integers of a dense array or dense elements attribute.
    pub(super) fn int_list(&self, op: OpId, name: &str) -> Option<Vec<i64>> {
        let a = self.ctx.attr(op, name)?;
        match self.ctx.attr_kind(a) {
            AttrKind::DenseArray { values, .. } => Some(values.iter().map(|&v| v as i64).collect()),
            AttrKind::DenseElements { data: DenseElements::Ints(v), .. } => Some(v.iter().map(|&v| v as i64).collect()),
            AttrKind::Array(items) => items.iter().map(|&x| self.ctx.attr_as_int(x).map(|v| v as i64)).collect(),
            _ => None,
        }
    }

    fn switch(&mut self, op: OpId) -> Result<()> {
        let flag = self.int_operand(op, 0)?;
        let values = self.int_list(op, "case_values").unwrap_or_default();
        let succs = self.ctx.successors(op).len();
        if values.len() + 1 != succs {
            return Err(self.op_err(op, "has a number of case values that does not match its successors"));
        }
        let ty = flag.get_type();
        let default = self.edge(op, 0, true)?;
        let mut seen = std::collections::HashSet::new();
        let mut cases = Vec::new();
        for (k, &v) in values.iter().enumerate() {
            let c = ty.const_int(v as u64, true);
            let key = c.get_zero_extended_constant();
            // The first case with a value wins: in a C switch the duplicate is unreachable.
            if !seen.insert(key) {
                continue;
            }
            cases.push((c, self.edge(op, k + 1, true)?));
        }
        self.b.build_switch(flag, default, &cases)?;
        Ok(())
    }
}
