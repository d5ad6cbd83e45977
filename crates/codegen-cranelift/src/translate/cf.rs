//! `cf` ops: block arguments become Cranelift block parameters, one per descriptor word for
//! memrefs.

use super::Translator;
use cranelift_codegen::ir::{self, BlockArg, InstBuilder, TrapCode};
use cranelift_frontend::Switch;
use cranelift_module::Module;
use flowgate_codegen::cfg::{successor, successor_operands, switch_cases};
use flowgate_codegen::translate::BuilderMethods;
use flowgate_codegen::Result;
use flowgate_ir::OpId;

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
        self.block(successor(self.ctx, op, i)?)
    }

    /// The flattened Cranelift arguments op `op` passes to successor `i`.
    fn branch_args(&self, op: OpId, i: usize) -> Result<Vec<BlockArg>> {
        let mut out = Vec::new();
        for &v in successor_operands(self.ctx, op, i)? {
            out.extend(self.parts(v)?.iter().map(|&x| BlockArg::Value(x)));
        }
        Ok(out)
    }

    fn switch(&mut self, op: OpId) -> Result<()> {
        let flag = self.operand(op, 0)?;
        let s = self.operand_scalar(op, 0)?;
        let width = s.int_width().ok_or_else(|| self.op_err(op, "expects an integer flag"))?;
        let cases = switch_cases(self.ctx, op, width)?;
        let mut pending = Vec::new();
        let default = self.trampoline(op, 0, &mut pending)?;
        let mut sw = Switch::new();
        for (key, succ) in cases {
            let target = self.trampoline(op, succ, &mut pending)?;
            sw.set_entry(key as u128, target);
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
