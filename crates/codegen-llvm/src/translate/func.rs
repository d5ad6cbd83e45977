//! `func.return` and `func.call`, following the ABI of [`crate::abi`]: a struct returned in
//! registers is assembled in a stack buffer laid out as the C struct and read back as the
//! register pieces (as clang coerces such returns; SROA removes the buffer).

use super::{Translator, V};
use crate::abi::{attributes, piece_types, return_type};
use crate::error::Result;
use flowgate_codegen::abi::{FuncAbi, Kind, Piece, StructLayout};
use flowgate_codegen::translate::BuilderMethods;
use flowgate_ir::OpId;
use inkwell::values::{BasicMetadataValueEnum, BasicValue, PointerValue};

impl<'c> Translator<'_, 'c> {
    pub(super) fn ret(&mut self, op: OpId) -> Result<()> {
        let vals = self.ctx.operands(op).to_vec();
        let parts: Vec<Vec<V<'c>>> = vals.iter().map(|&v| Ok(self.parts(v)?.to_vec())).collect::<Result<_>>()?;
        let abi = self.abi.clone();
        if let (Some((layout, _)), Some(pieces)) = (abi.result_struct.as_ref(), abi.reg_pieces()) {
            let buf = self.struct_buffer(layout, pieces)?;
            for (k, p) in parts.iter().enumerate() {
                self.store_parts(abi.results[k], p, buf, layout.offsets[k])?;
            }
            let regs = self.load_pieces(layout, pieces, &abi.results, buf)?;
            self.return_values(&abi, &regs)?;
            return Ok(());
        }
        match (abi.sret(), self.sret) {
            (Some(layout), Some(ptr)) => {
                for (k, p) in parts.iter().enumerate() {
                    self.store_parts(abi.results[k], p, ptr, layout.offsets[k])?;
                }
                self.b.build_return(None)?;
            }
            (None, _) => {
                let flat: Vec<V<'c>> = parts.into_iter().flatten().collect();
                self.return_values(&abi, &flat)?;
            }
            (Some(_), None) => return Err(self.ice("missing struct-return pointer")),
        }
        Ok(())
    }

    fn return_values(&self, abi: &FuncAbi, vals: &[V<'c>]) -> Result<()> {
        match (return_type(self.llc, abi), vals) {
            (None, _) => self.b.build_return(None)?,
            (Some(_), [one]) => self.b.build_return(Some(one))?,
            (Some(_), many) => self.b.build_aggregate_return(many)?,
        };
        Ok(())
    }

    /// A buffer big enough for the struct and for every register piece read from it.
    fn struct_buffer(&self, layout: &StructLayout, pieces: &[Piece]) -> Result<PointerValue<'c>> {
        let end = pieces.iter().map(|p| p.offset(layout) + 8).max().unwrap_or(0);
        self.stack_buffer(layout.size.max(end).div_ceil(8) * 8, 16)
    }

    fn load_pieces(
        &self,
        layout: &StructLayout,
        pieces: &[Piece],
        _results: &[Kind],
        buf: PointerValue<'c>,
    ) -> Result<Vec<V<'c>>> {
        let tys = piece_types(self.llc, pieces);
        pieces
            .iter()
            .zip(tys)
            .map(|(p, t)| {
                let at = self.byte_offset(buf, p.offset(layout))?;
                Ok(self.b.build_load(t, at, "")?)
            })
            .collect()
    }

    pub(super) fn call(&mut self, op: OpId, callee: &str, abi: &FuncAbi) -> Result<()> {
        let ctx = self.ctx;
        let f = self.funcs.get(callee).ok_or_else(|| self.ice("callee vanished"))?.id;
        let abi = abi.clone();
        let operands = ctx.operands(op).to_vec();
        let mut args: Vec<BasicMetadataValueEnum> = Vec::new();
        let sret_buf = match abi.sret() {
            Some(l) => Some(self.stack_buffer(l.size, 16)?),
            None => None,
        };
        args.extend(sret_buf.map(BasicMetadataValueEnum::from));
        for (k, &v) in operands.iter().enumerate() {
            let parts = self.parts(v)?.to_vec();
            match abi.params[k] {
                Kind::Scalar(_) => args.extend(parts.into_iter().map(BasicMetadataValueEnum::from)),
                kind @ Kind::MemRef { .. } => {
                    // The callee reads the descriptor through a pointer: give it a stack copy.
                    let buf = self.stack_buffer(8 * kind.parts() as u32, 8)?;
                    self.store_parts(kind, &parts, buf, 0)?;
                    args.push(buf.into());
                }
            }
        }
        let call = self.b.build_direct_call(f, &args, "")?;
        for (loc, a) in attributes(self.llc, &abi) {
            call.add_attribute(loc, a);
        }
        let ret = call.try_as_basic_value().basic();
        if let (Some((layout, _)), Some(pieces)) = (abi.result_struct.as_ref(), abi.reg_pieces()) {
            let ret = ret.ok_or_else(|| self.ice("call returned nothing"))?;
            let regs: Vec<V<'c>> = if pieces.len() == 1 {
                vec![ret]
            } else {
                (0..pieces.len())
                    .map(|i| Ok(self.b.build_extract_value(ret.into_struct_value(), i as u32, "")?))
                    .collect::<Result<_>>()?
            };
            let buf = self.struct_buffer(layout, pieces)?;
            for (p, r) in pieces.iter().zip(regs) {
                let at = self.byte_offset(buf, p.offset(layout))?;
                self.b.build_store(at, r)?;
            }
            for (k, kind) in abi.results.iter().enumerate() {
                let parts = self.load_parts(*kind, buf, layout.offsets[k])?;
                self.define(op, k, parts)?;
            }
            return Ok(());
        }
        match (abi.sret(), sret_buf) {
            (Some(layout), Some(buf)) => {
                for (k, kind) in abi.results.iter().enumerate() {
                    let parts = self.load_parts(*kind, buf, layout.offsets[k])?;
                    self.define(op, k, parts)?;
                }
            }
            _ => {
                if let Some(r) = ret {
                    self.define(op, 0, vec![r.as_basic_value_enum()])?;
                }
            }
        }
        Ok(())
    }
}
