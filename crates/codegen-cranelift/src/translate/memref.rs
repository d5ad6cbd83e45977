//! `memref` ops over MLIR's strided descriptor `{allocated, aligned, offset, sizes, strides}`,
//! held as SSA values. Allocation goes through C's `malloc`/`free`.

use super::Translator;
use crate::abi::Scalar;
use crate::error::Result;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{self, types, BlockArg, InstBuilder, MemFlagsData};
use cranelift_module::Module;
use flowgate_ir::{OpId, TypeKind, DYNAMIC};

/// A memref's descriptor as Cranelift values.
struct Desc {
    allocated: ir::Value,
    aligned: ir::Value,
    offset: ir::Value,
    sizes: Vec<ir::Value>,
    strides: Vec<ir::Value>,
}

impl Desc {
    fn from_parts(parts: &[ir::Value]) -> Option<Desc> {
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

    fn into_parts(self) -> Vec<ir::Value> {
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
            "dim" => self.dim(op)?,
            "get_global" => self.get_global(op)?,
            "collapse_shape" => self.collapse_shape(op)?,
            "expand_shape" => self.expand_shape(op)?,
            "extract_aligned_pointer_as_index" => {
                let d = self.desc(op, 0)?;
                self.define1(op, d.aligned)?;
            }
            "extract_strided_metadata" => {
                // Results: the rank-0 base buffer, the offset, then sizes and strides.
                let d = self.desc(op, 0)?;
                let n = self.ctx.results(op).len();
                if n != 2 + 2 * d.sizes.len() {
                    return Err(self.op_err(op, "has a number of results that does not match the source rank"));
                }
                let zero = self.iconst(types::I64, 0);
                self.define(op, 0, vec![d.allocated, d.aligned, zero])?;
                let rest: Vec<ir::Value> = std::iter::once(d.offset).chain(d.sizes).chain(d.strides).collect();
                for (i, v) in rest.into_iter().enumerate() {
                    self.define1_at(op, i + 1, v)?;
                }
            }
            "copy" => self.copy(op)?,
            "realloc" => self.realloc(op)?,
            "reinterpret_cast" => self.reinterpret_cast(op)?,
            "subview" => self.subview(op)?,
            // Same data, a different static view of its type.
            "cast" => {
                let parts = self.operand_parts(op, 0)?;
                let k = self.kind(self.ctx.value_type(self.ctx.result(op, 0)), Some(op))?;
                if k.parts() != parts.len() {
                    return Err(self.op_err(op, "casts between ranks are not supported"));
                }
                self.define(op, 0, parts)?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The element type and rank of memref result/operand type `ty`.
    fn memref_info(&self, op: OpId, ty: flowgate_ir::Type) -> Result<(Vec<i64>, Scalar, bool)> {
        match self.ctx.type_kind(ty) {
            TypeKind::MemRef { shape, element, layout, .. } => {
                let elem = self.scalar(*element, op)?;
                Ok((shape.clone(), elem, layout.is_none()))
            }
            _ => Err(self.op_err(op, "expects a ranked memref type")),
        }
    }

    fn desc(&self, op: OpId, i: usize) -> Result<Desc> {
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
            let bytes = n
                .checked_mul(esize)
                .and_then(|b| u32::try_from(b).ok())
                .ok_or_else(|| self.op_err(op, "is too large for the stack"))?;
            let shift = (align.max(1) as u64).trailing_zeros().min(12) as u8;
            let slot =
                self.b.create_sized_stack_slot(ir::StackSlotData::new(ir::StackSlotKind::ExplicitSlot, bytes, shift));
            let p = self.b.ins().stack_addr(types::I64, slot, 0);
            (p, p)
        } else {
            let mut bytes = self.iconst(types::I64, esize);
            for &s in &sizes {
                bytes = self.b.ins().imul(bytes, s);
            }
            // malloc aligns to 16; ask for slack and round up only when more is wanted.
            let extra = if align > 16 { align - 1 } else { 0 };
            let req = self.b.ins().iadd_imm_s(bytes, extra);
            let p = self
                .call_c("malloc", &[types::I64], Some(types::I64), &[req])?
                .ok_or_else(|| self.ice("malloc returned nothing"))?;
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

    /// The address of element `indices` (operands from `first_index`) of memref operand `m`.
    fn element_address(&mut self, op: OpId, m: usize, first_index: usize) -> Result<(ir::Value, Scalar)> {
        let ty = self.ctx.value_type(self.ctx.operand(op, m));
        let (shape, elem, _) = self.memref_info(op, ty)?;
        let d = self.desc(op, m)?;
        let n = self.ctx.operands(op).len();
        if n < first_index || n - first_index != shape.len() || d.strides.len() != shape.len() {
            return Err(self.op_err(op, "has a number of indices that does not match the memref's rank"));
        }
        let idx = (0..shape.len()).map(|k| self.operand(op, first_index + k)).collect::<Result<Vec<_>>>()?;
        Ok((self.address(&d, &idx, elem), elem))
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

    /// `reassociation = [[0, 1], [2]]`: the groups of dimensions, checked to cover `0..n` in order.
    fn reassociation(&self, op: OpId, n: usize) -> Result<Vec<Vec<usize>>> {
        let ctx = self.ctx;
        let bad = || self.op_err(op, "requires a valid 'reassociation' attribute");
        let groups = ctx.attr(op, "reassociation").and_then(|a| ctx.attr_as_array(a)).ok_or_else(bad)?;
        let mut out = Vec::with_capacity(groups.len());
        let mut next = 0usize;
        for &g in groups {
            let dims = ctx.attr_as_array(g).ok_or_else(bad)?;
            let mut group = Vec::with_capacity(dims.len());
            for &d in dims {
                let d = ctx.attr_as_int(d).and_then(|d| usize::try_from(d).ok()).ok_or_else(bad)?;
                if d != next {
                    return Err(bad());
                }
                next += 1;
                group.push(d);
            }
            if group.is_empty() {
                return Err(bad());
            }
            out.push(group);
        }
        if next != n {
            return Err(bad());
        }
        Ok(out)
    }

    /// `memref.collapse_shape`: each group becomes one dimension whose size is the product and
    /// whose stride is the innermost one (upstream requires the group to be contiguous).
    fn collapse_shape(&mut self, op: OpId) -> Result<()> {
        let src = self.desc(op, 0)?;
        let groups = self.reassociation(op, src.sizes.len())?;
        let (mut sizes, mut strides) = (Vec::new(), Vec::new());
        for g in &groups {
            let mut size = src.sizes[g[0]];
            for &d in &g[1..] {
                size = self.b.ins().imul(size, src.sizes[d]);
            }
            sizes.push(size);
            strides.push(src.strides[g[g.len() - 1]]);
        }
        let d = Desc { allocated: src.allocated, aligned: src.aligned, offset: src.offset, sizes, strides };
        self.define(op, 0, d.into_parts())
    }

    /// `memref.expand_shape`: each source dimension splits into its group; the innermost
    /// dimension of a group keeps the source stride.
    fn expand_shape(&mut self, op: OpId) -> Result<()> {
        let src = self.desc(op, 0)?;
        let res_ty = self.ctx.value_type(self.ctx.result(op, 0));
        let (shape, _, _) = self.memref_info(op, res_ty)?;
        let groups = self.reassociation(op, shape.len())?;
        if groups.len() != src.sizes.len() {
            return Err(self.op_err(op, "has a reassociation that does not match the source rank"));
        }
        let out_shape = self.int_list(op, "static_output_shape").unwrap_or_else(|| shape.clone());
        if out_shape.len() != shape.len() {
            return Err(self.op_err(op, "has an output shape of the wrong rank"));
        }
        let mut dynamic = 1..self.ctx.operands(op).len();
        let mut sizes = Vec::with_capacity(shape.len());
        for &d in &out_shape {
            if d == DYNAMIC {
                let Some(i) = dynamic.next() else { return Err(self.op_err(op, "is missing a dynamic output size")) };
                sizes.push(self.operand(op, i)?);
            } else {
                sizes.push(self.iconst(types::I64, d));
            }
        }
        let mut strides = sizes.clone();
        for (k, g) in groups.iter().enumerate() {
            let mut stride = src.strides[k];
            for &d in g.iter().rev() {
                strides[d] = stride;
                stride = self.b.ins().imul(stride, sizes[d]);
            }
        }
        let d = Desc { allocated: src.allocated, aligned: src.aligned, offset: src.offset, sizes, strides };
        self.define(op, 0, d.into_parts())
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

    fn dim(&mut self, op: OpId) -> Result<()> {
        let d = self.desc(op, 0)?;
        // A constant index picks the size directly; otherwise select among them. An index out of
        // range (undefined upstream) gives 0.
        let idx_val = self.ctx.operand(op, 1);
        let konst = self
            .ctx
            .defining_op(idx_val)
            .filter(|&c| self.ctx.is_op(c, "arith.constant"))
            .and_then(|c| self.ctx.attr(c, "value"))
            .and_then(|a| self.ctx.attr_as_int(a));
        let r = match konst {
            Some(k) if k >= 0 && (k as usize) < d.sizes.len() => d.sizes[k as usize],
            _ => {
                let idx = self.operand(op, 1)?;
                let mut r = self.iconst(types::I64, 0);
                for (k, &s) in d.sizes.iter().enumerate() {
                    let hit = self.b.ins().icmp_imm_s(IntCC::Equal, idx, k as i64);
                    r = self.b.ins().select(hit, s, r);
                }
                r
            }
        };
        self.define1(op, r)
    }

    /// The mixed static/dynamic offsets, sizes and strides of `subview`/`reinterpret_cast`:
    /// operands `[source, offsets..., sizes..., strides...]` split by `operandSegmentSizes`,
    /// `DYNAMIC` entries of the `static_*` arrays taking the next operand. `rank` is the length
    /// of the sizes and strides lists; subview has as many offsets, reinterpret_cast one.
    fn offsets_sizes_strides(
        &mut self,
        op: OpId,
        rank: usize,
    ) -> Result<(Vec<ir::Value>, Vec<ir::Value>, Vec<ir::Value>)> {
        let seg = self
            .int_list(op, "operandSegmentSizes")
            .filter(|s| s.len() == 4 && s.iter().all(|&x| x >= 0))
            .ok_or_else(|| self.op_err(op, "requires a valid 'operandSegmentSizes' attribute"))?;
        let (n_off, n_size) = (seg[1] as usize, seg[2] as usize);
        let mut dyn_off = 1..1 + n_off;
        let mut dyn_size = 1 + n_off..1 + n_off + n_size;
        let mut dyn_stride = 1 + n_off + n_size..self.ctx.operands(op).len();
        let take =
            |this: &mut Self, list: &str, len: usize, range: &mut std::ops::Range<usize>| -> Result<Vec<ir::Value>> {
                let stat =
                    this.int_list(op, list).ok_or_else(|| this.op_err(op, format!("requires attribute '{list}'")))?;
                if stat.len() != len {
                    return Err(this.op_err(op, format!("has '{list}' of the wrong length")));
                }
                let mut out = Vec::with_capacity(len);
                for &s in &stat {
                    if s == DYNAMIC {
                        let Some(i) = range.next() else { return Err(this.op_err(op, "is missing a dynamic operand")) };
                        out.push(this.operand(op, i)?);
                    } else {
                        out.push(this.iconst(types::I64, s));
                    }
                }
                Ok(out)
            };
        let n_offsets = if self.ctx.is_op(op, "memref.reinterpret_cast") { 1 } else { rank };
        let offsets = take(self, "static_offsets", n_offsets, &mut dyn_off)?;
        let sizes = take(self, "static_sizes", rank, &mut dyn_size)?;
        let strides = take(self, "static_strides", rank, &mut dyn_stride)?;
        Ok((offsets, sizes, strides))
    }

    /// `memref.reinterpret_cast`: the same buffer with a new offset, sizes and strides.
    fn reinterpret_cast(&mut self, op: OpId) -> Result<()> {
        let src = self.desc(op, 0)?;
        let res_ty = self.ctx.value_type(self.ctx.result(op, 0));
        let (shape, _, _) = self.memref_info(op, res_ty)?;
        let (offsets, sizes, strides) = self.offsets_sizes_strides(op, shape.len())?;
        let d = Desc { allocated: src.allocated, aligned: src.aligned, offset: offsets[0], sizes, strides };
        self.define(op, 0, d.into_parts())
    }

    fn subview(&mut self, op: OpId) -> Result<()> {
        let src = self.desc(op, 0)?;
        let rank = src.sizes.len();
        let (offsets, sizes, strides) = self.offsets_sizes_strides(op, rank)?;
        let static_sizes = self.int_list(op, "static_sizes").unwrap_or_default();
        let mut offset = src.offset;
        let mut new_strides = Vec::with_capacity(rank);
        for k in 0..rank {
            let t = self.b.ins().imul(offsets[k], src.strides[k]);
            offset = self.b.ins().iadd(offset, t);
            new_strides.push(self.b.ins().imul(strides[k], src.strides[k]));
        }
        // Rank reduction drops unit dimensions the result type does not have.
        let res_ty = self.ctx.value_type(self.ctx.result(op, 0));
        let (res_shape, _, _) = self.memref_info(op, res_ty)?;
        let mut drop = rank
            .checked_sub(res_shape.len())
            .ok_or_else(|| self.op_err(op, "has a result of higher rank than its source"))?;
        let (mut out_sizes, mut out_strides) = (Vec::new(), Vec::new());
        for k in 0..rank {
            let j = out_sizes.len();
            let unit = static_sizes.get(k) == Some(&1);
            if drop > 0 && unit && res_shape.get(j) != Some(&1) {
                drop -= 1;
                continue;
            }
            out_sizes.push(sizes[k]);
            out_strides.push(new_strides[k]);
        }
        if drop > 0 || out_sizes.len() != res_shape.len() {
            return Err(self.op_err(op, "has a rank reduction the Cranelift code generator cannot infer"));
        }
        let d = Desc { allocated: src.allocated, aligned: src.aligned, offset, sizes: out_sizes, strides: out_strides };
        self.define(op, 0, d.into_parts())
    }
}
