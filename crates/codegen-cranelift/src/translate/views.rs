//! `memref.reinterpret_cast`, the one view op left after `expand-strided-metadata`: the same
//! buffer with a new offset, sizes and strides. Only the descriptor changes.

use super::memref::Desc;
use super::Translator;
use cranelift_codegen::ir::{self, types};
use cranelift_module::Module;
use flowgate_codegen::op_attrs::{reinterpret_cast_lists, ListEntry};
use flowgate_codegen::translate::BuilderMethods;
use flowgate_codegen::Result;
use flowgate_ir::OpId;

impl<M: Module> Translator<'_, '_, M> {
    pub(super) fn reinterpret_cast(&mut self, op: OpId) -> Result<()> {
        let src = self.desc(op, 0)?;
        let res_ty = self.ctx.value_type(self.ctx.result(op, 0));
        let (shape, _, _) = self.memref_info(op, res_ty)?;
        let lists = reinterpret_cast_lists(self.ctx, op, shape.len()).map_err(|m| self.op_err(op, m))?;
        let [offset, sizes, strides] =
            lists.map(|l| l.into_iter().map(|e| self.list_entry(op, e)).collect::<Result<Vec<_>>>());
        let d = Desc {
            allocated: src.allocated,
            aligned: src.aligned,
            offset: offset?[0],
            sizes: sizes?,
            strides: strides?,
        };
        self.define(op, 0, d.into_parts())
    }

    fn list_entry(&mut self, op: OpId, e: ListEntry) -> Result<ir::Value> {
        match e {
            ListEntry::Const(c) => Ok(self.iconst(types::I64, c)),
            ListEntry::Operand(i) => self.operand(op, i),
        }
    }
}
