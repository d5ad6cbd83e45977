//! `func.return` and `func.call`, following the ABI of [`crate::abi`].

use super::Translator;
use crate::abi::{FuncAbi, Kind};
use cranelift_codegen::ir::{self, InstBuilder};
use cranelift_module::Module;
use flowgate_codegen::translate::BuilderMethods;
use flowgate_codegen::Result;
use flowgate_ir::OpId;

impl<M: Module> Translator<'_, '_, M> {
    pub(super) fn ret(&mut self, op: OpId) -> Result<()> {
        let vals = self.ctx.operands(op).to_vec();
        if let Some(pieces) = self.abi.reg_pieces().map(<[_]>::to_vec) {
            let scalars = self.abi_scalars(op, &self.abi.results)?;
            let vals = vals.iter().map(|&v| self.scalar_value(op, v)).collect::<Result<Vec<_>>>()?;
            let regs = crate::retconv::pack(&mut self.b, &pieces, &scalars, &vals);
            self.b.ins().return_(&regs);
            return Ok(());
        }
        match (self.abi.sret().cloned(), self.sret) {
            (Some(layout), Some(ptr)) => {
                for (k, &v) in vals.iter().enumerate() {
                    let parts = self.parts(v)?.to_vec();
                    let kind = self.abi.results[k];
                    self.store_parts(kind, &parts, ptr, layout.offsets[k] as i32);
                }
                self.b.ins().return_(&[]);
            }
            (None, _) => {
                let mut out = Vec::new();
                for &v in &vals {
                    out.extend_from_slice(self.parts(v)?);
                }
                self.b.ins().return_(&out);
            }
            (Some(_), None) => return Err(self.ice("missing struct-return pointer")),
        }
        Ok(())
    }

    /// The scalar types of results returned in registers (all scalars by construction).
    fn abi_scalars(&self, op: OpId, kinds: &[Kind]) -> Result<Vec<crate::abi::Scalar>> {
        kinds
            .iter()
            .map(|k| match k {
                Kind::Scalar(s) => Ok(*s),
                Kind::MemRef { .. } => Err(self.op_err(op, "cannot return a memref in registers")),
            })
            .collect()
    }

    fn scalar_value(&self, op: OpId, v: flowgate_ir::Value) -> Result<ir::Value> {
        match self.parts(v)? {
            [x] => Ok(*x),
            _ => Err(self.op_err(op, "expected a scalar")),
        }
    }

    pub(super) fn call(&mut self, op: OpId, callee: &str, abi: &FuncAbi) -> Result<()> {
        let ctx = self.ctx;
        let abi = abi.clone();
        let fref = self.func_ref(callee).ok_or_else(|| self.ice("callee vanished"))?;
        let operands = ctx.operands(op).to_vec();
        let mut args = Vec::new();
        let sret_buf = abi.sret().map(|l| l.size).map(|size| self.stack_buffer(size));
        args.extend(sret_buf);
        for (k, &v) in operands.iter().enumerate() {
            let parts = self.parts(v)?.to_vec();
            match abi.params[k] {
                Kind::Scalar(_) => args.extend(parts),
                kind @ Kind::MemRef { .. } => {
                    // The callee takes a pointer to a descriptor it may read at any time during
                    // the call, so give it a stack copy.
                    let buf = self.stack_buffer(8 * kind.parts() as u32);
                    self.store_parts(kind, &parts, buf, 0);
                    args.push(buf);
                }
            }
        }
        let inst = self.b.ins().call(fref, &args);
        if let Some(pieces) = abi.reg_pieces() {
            let scalars = self.abi_scalars(op, &abi.results)?;
            let regs: Vec<ir::Value> = self.b.inst_results(inst).to_vec();
            let vals = crate::retconv::unpack(&mut self.b, pieces, &scalars, &regs);
            for (k, v) in vals.into_iter().enumerate() {
                self.define(op, k, vec![v])?;
            }
            return Ok(());
        }
        match (abi.sret(), sret_buf) {
            (Some(layout), Some(buf)) => {
                for (k, kind) in abi.results.iter().enumerate() {
                    let parts = self.load_parts(*kind, buf, layout.offsets[k] as i32);
                    self.define(op, k, parts)?;
                }
            }
            _ => {
                let rets: Vec<ir::Value> = self.b.inst_results(inst).to_vec();
                for (k, r) in rets.into_iter().enumerate() {
                    self.define(op, k, vec![r])?;
                }
            }
        }
        Ok(())
    }
}
