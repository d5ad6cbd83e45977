//! `memref` ops over MLIR's strided descriptor `{allocated, aligned, offset, sizes, strides}`,
//! held as SSA values (two pointers, then `i64`s). Allocation goes through C's `malloc`/`free`.

use super::{Translator, V};
use crate::abi::memory_type;
use crate::error::Result;
use flowgate_codegen::abi::Scalar;
use flowgate_codegen::translate::BuilderMethods;
use flowgate_ir::{OpId, TypeKind, DYNAMIC};
use inkwell::values::{IntValue, PointerValue};
use inkwell::IntPredicate;

/// A memref's descriptor as LLVM values.
pub(super) struct Desc<'c> {
    pub(super) allocated: PointerValue<'c>,
    pub(super) aligned: PointerValue<'c>,
    pub(super) offset: IntValue<'c>,
    pub(super) sizes: Vec<IntValue<'c>>,
    pub(super) strides: Vec<IntValue<'c>>,
}

impl<'c> Desc<'c> {
    pub(super) fn into_parts(self) -> Vec<V<'c>> {
        let mut v: Vec<V<'c>> = vec![self.allocated.into(), self.aligned.into(), self.offset.into()];
        v.extend(self.sizes.into_iter().map(V::from));
        v.extend(self.strides.into_iter().map(V::from));
        v
    }
}

impl<'c> Translator<'_, 'c> {
    pub(super) fn memref(&mut self, op: OpId) -> Result<bool> {
        let name = self.ctx.op_name(op);
        let Some(short) = name.strip_prefix("memref.") else { return Ok(false) };
        match short {
            "alloc" | "alloca" => self.alloc(op, short == "alloca")?,
            "dealloc" => {
                let d = self.desc(op, 0)?;
                self.call_c("free", &[self.ptrt().into()], None, &[d.allocated.into()])?;
            }
            "load" => {
                let (addr, elem) = self.element_address(op, 0, 1)?;
                let v = self.load_scalar(elem, addr)?;
                self.define1(op, v)?;
            }
            "store" => {
                let v = self.operand(op, 0)?;
                let (addr, elem) = self.element_address(op, 1, 2)?;
                self.store_scalar(elem, v, addr)?;
            }
            "get_global" => self.get_global(op)?,
            "copy" => self.copy(op)?,
            "realloc" => self.realloc(op)?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The shape, element type and whether the layout is the identity, of memref type `ty`.
    pub(super) fn memref_info(&self, op: OpId, ty: flowgate_ir::Type) -> Result<(Vec<i64>, Scalar, bool)> {
        match self.ctx.type_kind(ty) {
            TypeKind::MemRef { shape, element, layout, .. } => {
                let elem = self.scalar(*element, op)?;
                Ok((shape.clone(), elem, layout.is_none()))
            }
            _ => Err(self.op_err(op, "expects a ranked memref type")),
        }
    }

    pub(super) fn desc(&self, op: OpId, i: usize) -> Result<Desc<'c>> {
        let parts = self.operand_parts(op, i)?;
        let bad = || self.op_err(op, format!("operand #{i} is not a memref"));
        let [allocated, aligned, offset, rest @ ..] = &parts[..] else { return Err(bad()) };
        if rest.len() % 2 != 0 {
            return Err(bad());
        }
        let ints = |vs: &[V<'c>]| vs.iter().map(|&v| self.int(v)).collect::<Result<Vec<_>>>();
        let (sizes, strides) = rest.split_at(rest.len() / 2);
        Ok(Desc {
            allocated: self.ptr(*allocated)?,
            aligned: self.ptr(*aligned)?,
            offset: self.int(*offset)?,
            sizes: ints(sizes)?,
            strides: ints(strides)?,
        })
    }

    fn alloc(&mut self, op: OpId, stack: bool) -> Result<()> {
        let res_ty = self.ctx.value_type(self.ctx.result(op, 0));
        let (shape, elem, identity) = self.memref_info(op, res_ty)?;
        if !identity {
            return Err(self.op_err(op, "with a non-identity layout is not supported by the LLVM code generator"));
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
                let [x] = self.parts(v)? else { return Err(self.op_err(op, "has a size that is not a scalar")) };
                sizes.push(self.int(*x)?);
                static_elems = None;
            } else {
                sizes.push(self.i64c(d));
                static_elems = static_elems.and_then(|n| n.checked_mul(d));
            }
        }
        let strides = self.row_major_strides(&sizes)?;
        let align = self
            .ctx
            .attr(op, "alignment")
            .and_then(|a| self.ctx.attr_as_int(a))
            .filter(|&a| a > 0 && (a as u64).is_power_of_two())
            .unwrap_or(16) as i64;
        let esize = elem.size() as i64;
        let (allocated, aligned) = if stack {
            let Some(n) = static_elems else {
                return Err(self.op_err(op, "with dynamic sizes is not supported by the LLVM code generator"));
            };
            let bytes = n
                .checked_mul(esize)
                .and_then(|b| u32::try_from(b).ok())
                .ok_or_else(|| self.op_err(op, "is too large for the stack"))?;
            let p = self.stack_buffer(bytes, align.clamp(1, 4096) as u32)?;
            (p, p)
        } else {
            // malloc aligns to 16; ask for slack and round up only when more is wanted.
            let extra = if align > 16 { align - 1 } else { 0 };
            let req = self.heap_bytes(op, &shape, &sizes, esize, extra)?;
            let p = self
                .call_c("malloc", &[self.i64t().into()], Some(self.ptrt().into()), &[req.into()])?
                .ok_or_else(|| self.ice("malloc returned nothing"))?;
            let p = self.ptr(p)?;
            // malloc(0) may return NULL; any other NULL is a failed allocation.
            let null = self.b.build_is_null(p, "")?;
            let nonzero = self.b.build_int_compare(IntPredicate::NE, req, self.i64c(0), "")?;
            let failed = self.b.build_and(null, nonzero, "")?;
            flowgate_codegen::translate::cf::fail_if(
                self,
                op,
                failed.into(),
                "'memref.alloc' could not allocate memory (malloc returned NULL)",
            )?;
            let a = if extra > 0 {
                let i = self.b.build_ptr_to_int(p, self.i64t(), "")?;
                let t = self.b.build_int_add(i, self.i64c(extra), "")?;
                let m = self.b.build_and(t, self.i64c(!extra), "")?;
                // The aligned pointer is an offset into the same allocation.
                let delta = self.b.build_int_sub(m, i, "")?;
                // SAFETY: plain byte arithmetic (no `inbounds`).
                unsafe { self.b.build_gep(self.llc.i8_type(), p, &[delta], "")? }
            } else {
                p
            };
            (p, a)
        };
        let d = Desc { allocated, aligned, offset: self.i64c(0), sizes, strides };
        Ok(self.define(op, 0, d.into_parts())?)
    }

    /// `esize * sizes... + extra`, the bytes to ask malloc for, as the Cranelift backend
    /// computes them: the verifier has checked that the static part fits; a negative dynamic
    /// size or a product that does not fit a signed 64-bit size stops the program with a
    /// located error (a wrapped product would allocate a few bytes for a huge buffer).
    fn heap_bytes(
        &mut self,
        op: OpId,
        shape: &[i64],
        sizes: &[IntValue<'c>],
        esize: i64,
        extra: i64,
    ) -> Result<IntValue<'c>> {
        let mut bytes = self.i64c(esize);
        if shape.iter().all(|&d| d != DYNAMIC) {
            for &s in sizes {
                bytes = self.b.build_int_mul(bytes, s, "")?;
            }
            return Ok(self.b.build_int_add(bytes, self.i64c(extra), "")?);
        }
        let i128t = self.llc.i128_type();
        let mut bad = self.llc.bool_type().const_zero();
        for (&d, &s) in shape.iter().zip(sizes) {
            if d == DYNAMIC {
                let negative = self.b.build_int_compare(IntPredicate::SLT, s, self.i64c(0), "")?;
                bad = self.b.build_or(bad, negative, "")?;
            }
            // Unsigned, in 128 bits: the high half is non-zero exactly when the product
            // overflows (a negative size is already flagged).
            let wide = self.b.build_int_mul(
                self.b.build_int_z_extend(bytes, i128t, "")?,
                self.b.build_int_z_extend(s, i128t, "")?,
                "",
            )?;
            let high = self.b.build_right_shift(wide, i128t.const_int(64, false), false, "")?;
            let o = self.b.build_int_compare(IntPredicate::NE, high, i128t.const_zero(), "")?;
            bad = self.b.build_or(bad, o, "")?;
            bytes = self.b.build_int_truncate(wide, self.i64t(), "")?;
        }
        // The request must stay a non-negative i64 (the slack included).
        let req = self.b.build_int_add(bytes, self.i64c(extra), "")?;
        let too_big = self.b.build_int_compare(IntPredicate::ULT, req, bytes, "")?;
        bad = self.b.build_or(bad, too_big, "")?;
        let negative = self.b.build_int_compare(IntPredicate::SLT, req, self.i64c(0), "")?;
        bad = self.b.build_or(bad, negative, "")?;
        flowgate_codegen::translate::cf::fail_if(
            self,
            op,
            bad.into(),
            "'memref.alloc' size is negative or its byte count overflows",
        )?;
        Ok(req)
    }

    /// The address of element `indices` (operands from `first_index`) of memref operand `m`.
    fn element_address(&mut self, op: OpId, m: usize, first_index: usize) -> Result<(PointerValue<'c>, Scalar)> {
        let ty = self.ctx.value_type(self.ctx.operand(op, m));
        let (shape, elem, _) = self.memref_info(op, ty)?;
        let d = self.desc(op, m)?;
        let n = self.ctx.operands(op).len();
        if n < first_index || n - first_index != shape.len() || d.strides.len() != shape.len() {
            return Err(self.op_err(op, "has a number of indices that does not match the memref's rank"));
        }
        let idx = (0..shape.len()).map(|k| self.int_operand(op, first_index + k)).collect::<Result<Vec<_>>>()?;
        Ok((self.address(&d, &idx, elem)?, elem))
    }

    /// `&aligned[offset + sum(idx * stride)]` in elements.
    fn address(&self, d: &Desc<'c>, idx: &[IntValue<'c>], elem: Scalar) -> Result<PointerValue<'c>> {
        let mut lin = d.offset;
        for (&i, &st) in idx.iter().zip(&d.strides) {
            let t = self.b.build_int_mul(i, st, "")?;
            lin = self.b.build_int_add(lin, t, "")?;
        }
        // SAFETY: a GEP without `inbounds` is address arithmetic; an out-of-range index is the
        // program's error (undefined upstream too), not something LLVM assumes away.
        Ok(unsafe { self.b.build_gep(memory_type(self.llc, elem), d.aligned, &[lin], "")? })
    }

    fn row_major_strides(&self, sizes: &[IntValue<'c>]) -> Result<Vec<IntValue<'c>>> {
        let mut strides = vec![self.i64c(1); sizes.len()];
        for i in (0..sizes.len().saturating_sub(1)).rev() {
            strides[i] = self.b.build_int_mul(strides[i + 1], sizes[i + 1], "")?;
        }
        Ok(strides)
    }

    fn get_global(&mut self, op: OpId) -> Result<()> {
        let name = self
            .ctx
            .attr(op, "name")
            .and_then(|a| self.ctx.attr_as_symbol_ref(a))
            .ok_or_else(|| self.op_err(op, "requires a 'name' symbol reference"))?;
        let Some(g) = self.funcs.globals.get(name).cloned() else {
            return Err(self.op_err(op, format!("'{name}' does not reference a memref.global")));
        };
        let ptr = g.value.as_pointer_value();
        let sizes: Vec<IntValue<'c>> = g.shape.iter().map(|&d| self.i64c(d)).collect();
        let strides = self.row_major_strides(&sizes)?;
        Ok(self.define(
            op,
            0,
            Desc { allocated: ptr, aligned: ptr, offset: self.i64c(0), sizes, strides }.into_parts(),
        )?)
    }

    /// `memref.copy %src, %dst`: an element-wise loop nest over the shape, any layouts.
    fn copy(&mut self, op: OpId) -> Result<()> {
        let ty = self.ctx.value_type(self.ctx.operand(op, 0));
        let (_, elem, _) = self.memref_info(op, ty)?;
        let src = self.desc(op, 0)?;
        let dst = self.desc(op, 1)?;
        if src.sizes.len() != dst.sizes.len() {
            return Err(self.op_err(op, "requires source and target of the same rank"));
        }
        let sizes = src.sizes.clone();
        let mut idx = Vec::new();
        self.loop_nest(&sizes, &mut idx, &mut |t, idx| {
            let from = t.address(&src, idx, elem)?;
            let v = t.b.build_load(memory_type(t.llc, elem), from, "")?;
            let to = t.address(&dst, idx, elem)?;
            t.b.build_store(to, v)?;
            Ok(())
        })
    }

    /// Emit `for idx in 0..sizes (row-major) { body(idx) }`; leaves the builder after the nest.
    fn loop_nest(
        &mut self,
        sizes: &[IntValue<'c>],
        idx: &mut Vec<IntValue<'c>>,
        body: &mut dyn FnMut(&mut Self, &[IntValue<'c>]) -> Result<()>,
    ) -> Result<()> {
        let k = idx.len();
        if k == sizes.len() {
            return body(self, idx);
        }
        let pre = self.current()?;
        let (header, inner, exit) =
            (self.named_block("copy.head"), self.named_block("copy.body"), self.named_block("copy.exit"));
        self.b.build_unconditional_branch(header)?;
        self.b.position_at_end(header);
        let i = self.b.build_phi(self.i64t(), "i")?;
        let iv = i.as_basic_value().into_int_value();
        let c = self.b.build_int_compare(IntPredicate::SLT, iv, sizes[k], "")?;
        self.b.build_conditional_branch(c, inner, exit)?;
        self.b.position_at_end(inner);
        idx.push(iv);
        self.loop_nest(sizes, idx, body)?;
        idx.pop();
        let next = self.b.build_int_add(iv, self.i64c(1), "")?;
        let latch = self.current()?;
        self.b.build_unconditional_branch(header)?;
        i.add_incoming(&[(&self.i64c(0), pre), (&next, latch)]);
        self.b.position_at_end(exit);
        Ok(())
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
        let n = if dim == DYNAMIC { self.int_operand(op, 1)? } else { self.i64c(dim) };
        let bytes = self.b.build_int_mul(n, self.i64c(elem.size() as i64), "")?;
        let p = self
            .call_c(
                "realloc",
                &[self.ptrt().into(), self.i64t().into()],
                Some(self.ptrt().into()),
                &[src.allocated.into(), bytes.into()],
            )?
            .ok_or_else(|| self.ice("realloc returned nothing"))?;
        let p = self.ptr(p)?;
        let d = Desc { allocated: p, aligned: p, offset: self.i64c(0), sizes: vec![n], strides: vec![self.i64c(1)] };
        Ok(self.define(op, 0, d.into_parts())?)
    }
}
