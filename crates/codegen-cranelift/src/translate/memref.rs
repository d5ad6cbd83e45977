//! `memref` ops over MLIR's strided descriptor `{allocated, aligned, offset, sizes, strides}`,
//! held as SSA values. Allocation goes through C's `malloc`/`free`.

use super::Translator;
use crate::abi::{Scalar, ScalarExt};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{self, types, BlockArg, InstBuilder, MemFlagsData};
use cranelift_module::Module;
use flowgate_codegen::translate::BuilderMethods;
use flowgate_codegen::Result;
use flowgate_ir::{OpId, TypeKind, DYNAMIC};

/// A memref's descriptor as Cranelift values.
pub(super) struct Desc {
    pub(super) allocated: ir::Value,
    pub(super) aligned: ir::Value,
    pub(super) offset: ir::Value,
    pub(super) sizes: Vec<ir::Value>,
    pub(super) strides: Vec<ir::Value>,
}

impl Desc {
    pub(super) fn from_parts(parts: &[ir::Value]) -> Option<Desc> {
        let [allocated, aligned, offset, rest @ ..] = parts else { return None };
        if rest.len() % 2 != 0 {
            return None;
        }
        let (sizes, strides) = rest.split_at(rest.len() / 2);
        Some(Desc {
            allocated: *allocated,
            aligned: *aligned,
            offset: *offset,
            sizes: sizes.to_vec(),
            strides: strides.to_vec(),
        })
    }

    pub(super) fn into_parts(self) -> Vec<ir::Value> {
        let mut v = vec![self.allocated, self.aligned, self.offset];
        v.extend(self.sizes);
        v.extend(self.strides);
        v
    }
}

impl<M: Module> Translator<'_, '_, M> {
    pub(super) fn memref(&mut self, op: OpId) -> Result<bool> {
        let name = self.ctx.op_name(op);
        let Some(short) = name.strip_prefix("memref.") else { return Ok(false) };
        match short {
            "alloc" | "alloca" => self.alloc(op, short == "alloca")?,
            "dealloc" => {
                let d = self.desc(op, 0)?;
                self.call_c("free", &[types::I64], None, &[d.allocated])?;
            }
            "load" => {
                let (addr, elem) = self.element_address(op, 0, 1)?;
                let v = self.b.ins().load(elem.cl_type(), MemFlagsData::new(), addr, 0);
                self.define1(op, v)?;
            }
            "store" => {
                let v = self.operand(op, 0)?;
                let (addr, _) = self.element_address(op, 1, 2)?;
                self.b.ins().store(MemFlagsData::new(), v, addr, 0);
            }
            "get_global" => self.get_global(op)?,
            "copy" => self.copy(op)?,
            "realloc" => self.realloc(op)?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The element type and rank of memref result/operand type `ty`.
    pub(super) fn memref_info(&self, op: OpId, ty: flowgate_ir::Type) -> Result<(Vec<i64>, Scalar, bool)> {
        match self.ctx.type_kind(ty) {
            TypeKind::MemRef { shape, element, layout, .. } => {
                let elem = self.scalar(*element, op)?;
                Ok((shape.clone(), elem, layout.is_none()))
            }
            _ => Err(self.op_err(op, "expects a ranked memref type")),
        }
    }

    pub(super) fn desc(&self, op: OpId, i: usize) -> Result<Desc> {
        let parts = self.operand_parts(op, i)?;
        Desc::from_parts(&parts).ok_or_else(|| self.op_err(op, format!("operand #{i} is not a memref")))
    }

    fn alloc(&mut self, op: OpId, stack: bool) -> Result<()> {
        let res_ty = self.ctx.value_type(self.ctx.result(op, 0));
        let (shape, elem, identity) = self.memref_info(op, res_ty)?;
        if !identity {
            return Err(self.op_err(op, "with a non-identity layout is not supported by the Cranelift code generator"));
        }
        let n_dyn = shape.iter().filter(|&&d| d == DYNAMIC).count();
        let ops = self.ctx.operands(op).to_vec();
        if ops.len() < n_dyn {
            return Err(self.op_err(op, "has fewer size operands than dynamic dimensions"));
        }
        let mut dyn_sizes = ops.iter().take(n_dyn);
        let mut sizes = Vec::with_capacity(shape.len());
        let mut static_elems: Option<i64> = Some(1);
        for &d in &shape {
            if d == DYNAMIC {
                let Some(&v) = dyn_sizes.next() else { return Err(self.op_err(op, "missing a dynamic size")) };
                let p = self.parts(v)?;
                let [x] = p else { return Err(self.op_err(op, "has a size that is not a scalar")) };
                sizes.push(*x);
                static_elems = None;
            } else {
                sizes.push(self.iconst(types::I64, d));
                static_elems = static_elems.and_then(|n| n.checked_mul(d));
            }
        }
        let strides = self.row_major_strides(&sizes);
        let align = self
            .ctx
            .attr(op, "alignment")
            .and_then(|a| self.ctx.attr_as_int(a))
            .filter(|&a| a > 0 && (a as u64).is_power_of_two())
            .unwrap_or(16) as i64;
        let esize = elem.size() as i64;
        let (allocated, aligned) = if stack {
            let Some(n) = static_elems else {
                return Err(self.op_err(op, "with dynamic sizes is not supported by the Cranelift code generator"));
            };
            // Cranelift's frames stay under 1 GiB; a larger slot is the input's limit, reported
            // at the op.
            let bytes = n
                .checked_mul(esize)
                .filter(|&b| b < 1 << 30)
                .and_then(|b| u32::try_from(b).ok())
                .ok_or_else(|| self.op_err(op, "is too large for the stack (1 GiB or more)"))?;
            let shift = (align.max(1) as u64).trailing_zeros().min(12) as u8;
            let slot =
                self.b.create_sized_stack_slot(ir::StackSlotData::new(ir::StackSlotKind::ExplicitSlot, bytes, shift));
            let p = self.b.ins().stack_addr(types::I64, slot, 0);
            (p, p)
        } else {
            // malloc aligns to 16; ask for slack and round up only when more is wanted.
            let extra = if align > 16 { align - 1 } else { 0 };
            let req = self.heap_bytes(op, &shape, &sizes, esize, extra)?;
            let p = self
                .call_c("malloc", &[types::I64], Some(types::I64), &[req])?
                .ok_or_else(|| self.ice("malloc returned nothing"))?;
            // malloc(0) may return NULL; any other NULL is a failed allocation.
            let null = self.b.ins().icmp_imm_s(IntCC::Equal, p, 0);
            let nonzero = self.b.ins().icmp_imm_s(IntCC::NotEqual, req, 0);
            let failed = self.b.ins().band(null, nonzero);
            flowgate_codegen::translate::cf::fail_if(
                self,
                op,
                failed,
                "'memref.alloc' could not allocate memory (malloc returned NULL)",
            )?;
            let a = if extra > 0 {
                let t = self.b.ins().iadd_imm_s(p, extra);
                self.b.ins().band_imm_s(t, !extra)
            } else {
                p
            };
            (p, a)
        };
        let offset = self.iconst(types::I64, 0);
        let d = Desc { allocated, aligned, offset, sizes, strides };
        self.define(op, 0, d.into_parts())
    }

    /// `esize * sizes... + extra`, the bytes to ask malloc for. The verifier has checked that the
    /// static part fits; dynamic sizes are checked here, when the code runs: a negative size or
    /// a product that does not fit a signed 64-bit size stops the program with a located error
    /// (a wrapped product would allocate a few bytes for a huge buffer).
    fn heap_bytes(
        &mut self,
        op: OpId,
        shape: &[i64],
        sizes: &[ir::Value],
        esize: i64,
        extra: i64,
    ) -> Result<ir::Value> {
        let mut bytes = self.iconst(types::I64, esize);
        if shape.iter().all(|&d| d != DYNAMIC) {
            for &s in sizes {
                bytes = self.b.ins().imul(bytes, s);
            }
            return Ok(self.b.ins().iadd_imm_s(bytes, extra));
        }
        let mut bad = self.iconst(types::I8, 0);
        for (&d, &s) in shape.iter().zip(sizes) {
            if d == DYNAMIC {
                let negative = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, s, 0);
                bad = self.b.ins().bor(bad, negative);
            }
            // Unsigned: a negative size is already flagged, and its product must not hide it.
            // The high half of the product is non-zero exactly when it overflows (umulhi, since
            // not every backend lowers umul_overflow).
            let high = self.b.ins().umulhi(bytes, s);
            let o = self.b.ins().icmp_imm_s(IntCC::NotEqual, high, 0);
            bytes = self.b.ins().imul(bytes, s);
            bad = self.b.ins().bor(bad, o);
        }
        let req = self.b.ins().iadd_imm_s(bytes, extra);
        let o = self.b.ins().icmp(IntCC::UnsignedLessThan, req, bytes);
        bad = self.b.ins().bor(bad, o);
        let too_big = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, req, 0);
        bad = self.b.ins().bor(bad, too_big);
        flowgate_codegen::translate::cf::fail_if(
            self,
            op,
            bad,
            "'memref.alloc' size is negative or its byte count overflows",
        )?;
        Ok(req)
    }

    /// The address of element `indices` (operands from `first_index`) of memref operand `m`.
    fn element_address(&mut self, op: OpId, m: usize, first_index: usize) -> Result<(ir::Value, Scalar)> {
        let ty = self.ctx.value_type(self.ctx.operand(op, m));
        let (shape, elem, identity) = self.memref_info(op, ty)?;
        let d = self.desc(op, m)?;
        let n = self.ctx.operands(op).len();
        if n < first_index || n - first_index != shape.len() || d.strides.len() != shape.len() {
            return Err(self.op_err(op, "has a number of indices that does not match the memref's rank"));
        }
        let idx = (0..shape.len()).map(|k| self.operand(op, first_index + k)).collect::<Result<Vec<_>>>()?;
        if identity && shape.iter().all(|&s| s != DYNAMIC) {
            return Ok((self.static_address(d.aligned, &shape, &idx, elem), elem));
        }
        Ok((self.address(&d, &idx, elem), elem))
    }

    /// `aligned + sum(idx * stride) * sizeof(elem)` with the strides of a static identity
    /// layout as constants (and its offset, zero): a descriptor's strides are SSA values, block
    /// parameters once a buffer is carried by a loop, so each access of a compiled loop body paid
    /// one multiply per dimension (perf on the Scan RNN: the `[1,64] x [64,64]` MatMul nest's
    /// address arithmetic was most of its instructions).
    fn static_address(&mut self, aligned: ir::Value, shape: &[i64], idx: &[ir::Value], elem: Scalar) -> ir::Value {
        let mut lin: Option<ir::Value> = None;
        let mut stride = 1i64;
        for (&i, &s) in idx.iter().zip(shape).rev() {
            let t = if stride == 1 { i } else { self.b.ins().imul_imm_s(i, stride) };
            lin = Some(match lin {
                Some(l) => self.b.ins().iadd(l, t),
                None => t,
            });
            stride = stride.wrapping_mul(s);
        }
        match lin {
            Some(l) => {
                let bytes = self.b.ins().imul_imm_s(l, elem.size() as i64);
                self.b.ins().iadd(aligned, bytes)
            }
            None => aligned,
        }
    }

    /// `aligned + (offset + sum(idx * stride)) * sizeof(elem)`.
    fn address(&mut self, d: &Desc, idx: &[ir::Value], elem: Scalar) -> ir::Value {
        let mut lin = d.offset;
        for (&i, &st) in idx.iter().zip(&d.strides) {
            let t = self.b.ins().imul(i, st);
            lin = self.b.ins().iadd(lin, t);
        }
        let bytes = self.b.ins().imul_imm_s(lin, elem.size() as i64);
        self.b.ins().iadd(d.aligned, bytes)
    }

    /// Row-major strides of a contiguous buffer of the given sizes.
    fn row_major_strides(&mut self, sizes: &[ir::Value]) -> Vec<ir::Value> {
        let one = self.iconst(types::I64, 1);
        let mut strides = vec![one; sizes.len()];
        for i in (0..sizes.len().saturating_sub(1)).rev() {
            strides[i] = self.b.ins().imul(strides[i + 1], sizes[i + 1]);
        }
        strides
    }

    /// `memref.get_global`: the address of a `memref.global` buffer.
    fn get_global(&mut self, op: OpId) -> Result<()> {
        let name = self
            .ctx
            .attr(op, "name")
            .and_then(|a| self.ctx.attr_as_symbol_ref(a))
            .ok_or_else(|| self.op_err(op, "requires a 'name' symbol reference"))?;
        let Some(g) = self.funcs.globals.get(name).cloned() else {
            return Err(self.op_err(op, format!("'{name}' does not reference a memref.global")));
        };
        let gv = self.module.declare_data_in_func(g.id, self.b.func);
        let ptr = self.b.ins().symbol_value(types::I64, gv);
        let sizes: Vec<ir::Value> = g.shape.iter().map(|&d| self.iconst(types::I64, d)).collect();
        let strides = self.row_major_strides(&sizes);
        let offset = self.iconst(types::I64, 0);
        self.define(op, 0, Desc { allocated: ptr, aligned: ptr, offset, sizes, strides }.into_parts())
    }

    /// `memref.copy %src, %dst`: an element-wise loop nest over the shape, any layouts; between
    /// two static memrefs of one shape without layouts (contiguous, offset zero) one `memmove`
    /// of their bytes (perf on the Mamba selective-scan benchmark: the loop copying its
    /// loop-carried `[1, 256, 16]` state each step, 11 instructions per element, was 15% of the run).
    fn copy(&mut self, op: OpId) -> Result<()> {
        let ty = self.ctx.value_type(self.ctx.operand(op, 0));
        let (shape, elem, identity) = self.memref_info(op, ty)?;
        let dst_ty = self.ctx.value_type(self.ctx.operand(op, 1));
        let (dst_shape, _, dst_identity) = self.memref_info(op, dst_ty)?;
        let src = self.desc(op, 0)?;
        let dst = self.desc(op, 1)?;
        if src.sizes.len() != dst.sizes.len() {
            return Err(self.op_err(op, "requires source and target of the same rank"));
        }
        if identity && dst_identity && shape == dst_shape && shape.iter().all(|&d| d != DYNAMIC) {
            let bytes = shape.iter().try_fold(elem.size() as i64, |a, &d| a.checked_mul(d));
            if let Some(bytes) = bytes.filter(|&b| b > 0) {
                let n = self.iconst(types::I64, bytes);
                let t = types::I64;
                self.call_c("memmove", &[t, t, t], Some(t), &[dst.aligned, src.aligned, n])?;
            }
            return Ok(());
        }
        let sizes = src.sizes.clone();
        let mut idx = Vec::new();
        self.loop_nest(&sizes, &mut idx, &mut |t, idx| {
            let from = t.address(&src, idx, elem);
            let v = t.b.ins().load(elem.cl_type(), MemFlagsData::new(), from, 0);
            let to = t.address(&dst, idx, elem);
            t.b.ins().store(MemFlagsData::new(), v, to, 0);
        });
        Ok(())
    }

    /// Emit `for idx in 0..sizes (row-major) { body(idx) }`; leaves the builder after the nest.
    fn loop_nest(
        &mut self,
        sizes: &[ir::Value],
        idx: &mut Vec<ir::Value>,
        body: &mut dyn FnMut(&mut Self, &[ir::Value]),
    ) {
        let k = idx.len();
        if k == sizes.len() {
            body(self, idx);
            return;
        }
        let header = self.b.create_block();
        let i = self.b.append_block_param(header, types::I64);
        let inner = self.b.create_block();
        let exit = self.b.create_block();
        let zero = self.iconst(types::I64, 0);
        self.b.ins().jump(header, &[BlockArg::Value(zero)]);
        self.b.switch_to_block(header);
        let c = self.b.ins().icmp(IntCC::SignedLessThan, i, sizes[k]);
        self.b.ins().brif(c, inner, &[], exit, &[]);
        self.b.switch_to_block(inner);
        idx.push(i);
        self.loop_nest(sizes, idx, body);
        idx.pop();
        let next = self.b.ins().iadd_imm_s(i, 1);
        self.b.ins().jump(header, &[BlockArg::Value(next)]);
        self.b.switch_to_block(exit);
    }

    /// `memref.realloc`: C's `realloc` of a 1-D identity-layout buffer.
    fn realloc(&mut self, op: OpId) -> Result<()> {
        let src = self.desc(op, 0)?;
        let res_ty = self.ctx.value_type(self.ctx.result(op, 0));
        let (shape, elem, identity) = self.memref_info(op, res_ty)?;
        let [dim] = shape[..] else { return Err(self.op_err(op, "expects a 1-D result")) };
        if !identity {
            return Err(self.op_err(op, "expects an identity layout"));
        }
        let n = if dim == DYNAMIC { self.operand(op, 1)? } else { self.iconst(types::I64, dim) };
        let bytes = self.b.ins().imul_imm_s(n, elem.size() as i64);
        let p = self
            .call_c("realloc", &[types::I64, types::I64], Some(types::I64), &[src.allocated, bytes])?
            .ok_or_else(|| self.ice("realloc returned nothing"))?;
        let offset = self.iconst(types::I64, 0);
        let one = self.iconst(types::I64, 1);
        self.define(op, 0, Desc { allocated: p, aligned: p, offset, sizes: vec![n], strides: vec![one] }.into_parts())
    }
}
