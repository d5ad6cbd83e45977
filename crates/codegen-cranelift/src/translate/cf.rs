//! `cf` ops: block arguments become Cranelift block parameters, one per descriptor word for
//! memrefs.

use super::Translator;
use crate::error::Result;
use cranelift_codegen::ir::{self, BlockArg, InstBuilder, TrapCode};
use cranelift_frontend::Switch;
use cranelift_module::Module;
use flowgate_ir::{AttrKind, DenseElements, OpId, Value};
use std::ops::Range;

/// The trap after `abort` in a failed `cf.assert` (never reached).
pub const ASSERT_TRAP: u8 = 1;

impl<M: Module> Translator<'_, '_, M> {
    /// Translate a `cf` op; returns whether it terminated the block.
    pub(super) fn cf(&mut self, op: OpId) -> Result<bool> {
        match self.ctx.op_name(op) {
            "cf.br" => {
                let target = self.successor(op, 0)?;
                let args = self.branch_args(op, 0)?;
                self.b.ins().jump(target, &args);
                Ok(true)
            }
            "cf.cond_br" => {
                let c = self.operand(op, 0)?;
                let t = self.successor(op, 0)?;
                let f = self.successor(op, 1)?;
                let targs = self.branch_args(op, 0)?;
                let fargs = self.branch_args(op, 1)?;
                self.b.ins().brif(c, t, &targs, f, &fargs);
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
        let c = self.operand(op, 0)?;
        let msg = self.ctx.attr(op, "msg").and_then(|a| self.ctx.attr_as_str(a)).unwrap_or("").to_string();
        let cont = self.b.create_block();
        let fail = self.b.create_block();
        self.b.set_cold_block(fail);
        self.b.ins().brif(c, cont, &[], fail, &[]);
        self.b.switch_to_block(fail);
        let data = self.module.declare_anonymous_data(false, false).map_err(|e| self.ice(e))?;
        let mut desc = cranelift_module::DataDescription::new();
        let mut bytes = msg.into_bytes();
        bytes.push(0);
        desc.define(bytes.into_boxed_slice());
        self.module.define_data(data, &desc).map_err(|e| self.ice(e))?;
        let gv = self.module.declare_data_in_func(data, self.b.func);
        let ptr = self.b.ins().symbol_value(ir::types::I64, gv);
        self.call_c("puts", &[ir::types::I64], Some(ir::types::I32), &[ptr])?;
        let null = self.iconst(ir::types::I64, 0);
        self.call_c("fflush", &[ir::types::I64], Some(ir::types::I32), &[null])?;
        self.call_c("abort", &[], None, &[])?;
        self.b.ins().trap(TrapCode::unwrap_user(ASSERT_TRAP));
        self.b.switch_to_block(cont);
        Ok(())
    }

    fn successor(&self, op: OpId, i: usize) -> Result<ir::Block> {
        let Some(&s) = self.ctx.successors(op).get(i) else {
            return Err(self.op_err(op, format!("expected successor #{i}")));
        };
        let region = self.ctx.block_parent(s);
        if region.and_then(|r| self.ctx.entry_block(r)) == Some(s) {
            return Err(self.op_err(op, "cannot branch to the entry block of a region"));
        }
        self.block(s)
    }

    /// The flattened Cranelift arguments op `op` passes to successor `i`.
    fn branch_args(&self, op: OpId, i: usize) -> Result<Vec<BlockArg>> {
        let range = self.successor_operand_range(op, i)?;
        let Some(vals) = self.ctx.operands(op).get(range) else {
            return Err(self.op_err(op, "has successor operands out of range"));
        };
        // Unregistered branches are not checked by the verifier; check them here.
        let Some(&succ) = self.ctx.successors(op).get(i) else {
            return Err(self.op_err(op, format!("expected successor #{i}")));
        };
        let args = self.ctx.block_args(succ);
        let same = vals.len() == args.len()
            && vals.iter().zip(args).all(|(&v, &a)| self.ctx.value_type(v) == self.ctx.value_type(a));
        if !same {
            return Err(self.op_err(op, format!("passes operands that do not match the arguments of successor #{i}")));
        }
        self.flatten(vals)
    }

    fn flatten(&self, vals: &[Value]) -> Result<Vec<BlockArg>> {
        let mut out = Vec::new();
        for &v in vals {
            out.extend(self.parts(v)?.iter().map(|&x| BlockArg::Value(x)));
        }
        Ok(out)
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
        let flag = self.operand(op, 0)?;
        let s = self.operand_scalar(op, 0)?;
        let width = s.int_width().ok_or_else(|| self.op_err(op, "expects an integer flag"))?;
        let values = self.int_list(op, "case_values").unwrap_or_default();
        let succs = self.ctx.successors(op).len();
        if values.len() + 1 != succs {
            return Err(self.op_err(op, "has a number of case values that does not match its successors"));
        }
        let mut pending = Vec::new();
        let default = self.trampoline(op, 0, &mut pending)?;
        let mut sw = Switch::new();
        let mask: u128 = if width >= 64 { u64::MAX as u128 } else { (1u128 << width) - 1 };
        let mut seen = std::collections::HashSet::new();
        for (k, &v) in values.iter().enumerate() {
            let key = (v as i128 as u128) & mask;
            // The first case with a value wins, as in a C switch the duplicate is unreachable.
            if !seen.insert(key) {
                continue;
            }
            let target = self.trampoline(op, k + 1, &mut pending)?;
            sw.set_entry(key, target);
        }
        sw.emit(&mut self.b, flag, default);
        // Fill the trampolines only now: the builder must finish a block before leaving it.
        for (t, target, args) in pending {
            self.b.switch_to_block(t);
            self.b.ins().jump(target, &args);
        }
        Ok(())
    }

    /// A block that jumps to successor `i` with its arguments, since `Switch` targets take none.
    fn trampoline(
        &mut self,
        op: OpId,
        i: usize,
        pending: &mut Vec<(ir::Block, ir::Block, Vec<BlockArg>)>,
    ) -> Result<ir::Block> {
        let target = self.successor(op, i)?;
        let args = self.branch_args(op, i)?;
        if args.is_empty() {
            return Ok(target);
        }
        let t = self.b.create_block();
        pending.push((t, target, args));
        Ok(t)
    }
}
