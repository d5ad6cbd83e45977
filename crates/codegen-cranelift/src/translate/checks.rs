//! Run-time checks that stop the program with a located message: a failed check writes
//! `<file>:<line>:<col>: error: <message>` to standard error (with `write`, unbuffered, so
//! nothing is lost) and calls `exit(1)`: a failed allocation is an error of the program's
//! input, not a crash, so the JIT's `onnx-run` and a compiled program both end with status 1
//! (`abort` gave SIGABRT, exit 134, and a core dump).

use super::cf::ASSERT_TRAP;
use super::Translator;
use cranelift_codegen::ir::{self, types, InstBuilder, TrapCode};
use cranelift_module::Module;
use flowgate_codegen::translate::BuilderMethods;
use flowgate_codegen::Result;
use flowgate_ir::OpId;

impl<M: Module> Translator<'_, '_, M> {
    /// Continue when `bad` is zero; otherwise report `msg` at `op`'s location and exit with
    /// status 1.
    pub(super) fn fail_if(&mut self, op: OpId, bad: ir::Value, msg: &str) -> Result<()> {
        let loc = flowgate_ir::describe_loc(self.ctx, self.ctx.op_loc(op));
        let text = if loc.is_empty() { format!("error: {msg}\n") } else { format!("{loc}: error: {msg}\n") };
        let cont = self.b.create_block();
        let fail = self.b.create_block();
        self.b.set_cold_block(fail);
        self.b.ins().brif(bad, fail, &[], cont, &[]);
        self.b.switch_to_block(fail);
        let data = self.module.declare_anonymous_data(false, false).map_err(|e| self.ice(e))?;
        let mut desc = cranelift_module::DataDescription::new();
        let len = text.len() as i64;
        desc.define(text.into_bytes().into_boxed_slice());
        self.module.define_data(data, &desc).map_err(|e| self.ice(e))?;
        let gv = self.module.declare_data_in_func(data, self.b.func);
        let ptr = self.b.ins().symbol_value(types::I64, gv);
        let fd = self.iconst(types::I32, 2);
        let n = self.iconst(types::I64, len);
        self.call_c("write", &[types::I32, types::I64, types::I64], Some(types::I64), &[fd, ptr, n])?;
        let status = self.iconst(types::I32, 1);
        self.call_c("exit", &[types::I32], None, &[status])?;
        self.b.ins().trap(TrapCode::unwrap_user(ASSERT_TRAP));
        self.b.switch_to_block(cont);
        Ok(())
    }
}
