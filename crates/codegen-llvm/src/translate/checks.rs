//! Run-time checks that stop the program with a located message, as the Cranelift backend's:
//! a failed check writes `<file>:<line>:<col>: error: <message>` to standard error (with
//! `write`, unbuffered, so nothing is lost) and calls `exit(1)`. A failed allocation is an
//! error of the program's input, not a crash: no abort, no core dump.

use super::Translator;
use crate::error::Result;
use flowgate_ir::OpId;
use inkwell::values::IntValue;

impl<'c> Translator<'_, 'c> {
    /// Continue when `bad` (an `i1`) is false; otherwise report `msg` at `op`'s location and
    /// exit with status 1.
    pub(super) fn fail_if(&mut self, op: OpId, bad: IntValue<'c>, msg: &str) -> Result<()> {
        let loc = flowgate_ir::describe_loc(self.ctx, self.ctx.op_loc(op));
        let text = if loc.is_empty() { format!("error: {msg}\n") } else { format!("{loc}: error: {msg}\n") };
        let cont = self.named_block("check.ok");
        let fail = self.named_block("check.fail");
        self.b.build_conditional_branch(bad, fail, cont)?;
        self.b.position_at_end(fail);
        let len = text.len() as i64;
        let s = self.b.build_global_string_ptr(&text, "check_msg")?;
        let i32t = self.llc.i32_type();
        let ptr = self.ptrt().into();
        let fd = i32t.const_int(2, false);
        self.call_c(
            "write",
            &[i32t.into(), ptr, self.i64t().into()],
            Some(self.i64t().into()),
            &[fd.into(), s.as_pointer_value().into(), self.i64c(len).into()],
        )?;
        self.call_c("exit", &[i32t.into()], None, &[i32t.const_int(1, false).into()])?;
        self.b.build_unreachable()?;
        self.b.position_at_end(cont);
        Ok(())
    }
}
