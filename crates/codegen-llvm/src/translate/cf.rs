//! `cf` ops: block arguments are phis, one per part (a memref has one per descriptor word).
//! An edge that passes arguments goes through its own block when the source has several
//! successors, so two edges to one target never meet in one phi from one predecessor.

use super::{Translator, V};
use crate::error::Result;
use flowgate_codegen::cfg::{successor, successor_operands, switch_cases};
use flowgate_codegen::translate::BuilderMethods;
use flowgate_ir::{OpId, Value};
use inkwell::basic_block::BasicBlock;
use inkwell::values::{BasicValue, PhiValue};

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
        let cont = self.named_block("assert.ok");
        let fail = self.named_block("assert.fail");
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
        let (target, phis) = self.block(successor(self.ctx, op, i)?)?;
        let args: Vec<Vec<V<'c>>> = successor_operands(self.ctx, op, i)?
            .iter()
            .map(|&v: &Value| Ok(self.parts(v)?.to_vec()))
            .collect::<Result<_>>()?;
        if args.is_empty() {
            return Ok(target);
        }
        let here = self.current()?;
        if !split {
            self.feed(&phis, &args, here)?;
            return Ok(target);
        }
        let tramp = self.named_block("edge");
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

    fn switch(&mut self, op: OpId) -> Result<()> {
        let flag = self.int_operand(op, 0)?;
        let ty = flag.get_type();
        let keys = switch_cases(self.ctx, op, ty.get_bit_width())?;
        let default = self.edge(op, 0, true)?;
        let mut cases = Vec::new();
        for (key, succ) in keys {
            cases.push((ty.const_int(key, false), self.edge(op, succ, true)?));
        }
        self.b.build_switch(flag, default, &cases)?;
        Ok(())
    }
}
