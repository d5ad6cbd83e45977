//! `memref` ops that make a new view of the same buffer: subview, reinterpret_cast,
//! collapse_shape and expand_shape. Only the descriptor changes.

use super::memref::Desc;
use super::Translator;
use cranelift_codegen::ir::{self, types, InstBuilder};
use cranelift_module::Module;
use flowgate_codegen::op_attrs::int_list;
use flowgate_codegen::Result;
use flowgate_ir::{OpId, DYNAMIC};

impl<M: Module> Translator<'_, '_, M> {
    /// The op's `reassociation` groups (shared decoding: `op_attrs::reassociation`).
    fn reassociation(&self, op: OpId, n: usize) -> Result<Vec<Vec<usize>>> {
        flowgate_codegen::op_attrs::reassociation(self.ctx, op, n)
            .ok_or_else(|| self.op_err(op, "requires a valid 'reassociation' attribute"))
    }

    /// `memref.collapse_shape`: each group becomes one dimension whose size is the product and
    /// whose stride is the innermost one (upstream requires the group to be contiguous).
    pub(super) fn collapse_shape(&mut self, op: OpId) -> Result<()> {
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
    pub(super) fn expand_shape(&mut self, op: OpId) -> Result<()> {
        let src = self.desc(op, 0)?;
        let res_ty = self.ctx.value_type(self.ctx.result(op, 0));
        let (shape, _, _) = self.memref_info(op, res_ty)?;
        let groups = self.reassociation(op, shape.len())?;
        if groups.len() != src.sizes.len() {
            return Err(self.op_err(op, "has a reassociation that does not match the source rank"));
        }
        let out_shape = int_list(self.ctx, op, "static_output_shape").unwrap_or_else(|| shape.clone());
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

    /// The mixed static/dynamic offsets, sizes and strides of `subview`/`reinterpret_cast`:
    /// operands `[source, offsets..., sizes..., strides...]` split by `operandSegmentSizes`,
    /// `DYNAMIC` entries of the `static_*` arrays taking the next operand. `rank` is the length
    /// of the sizes and strides lists; subview has as many offsets, reinterpret_cast one.
    fn offsets_sizes_strides(
        &mut self,
        op: OpId,
        rank: usize,
    ) -> Result<(Vec<ir::Value>, Vec<ir::Value>, Vec<ir::Value>)> {
        let seg = int_list(self.ctx, op, "operandSegmentSizes")
            .filter(|s| s.len() == 4 && s.iter().all(|&x| x >= 0))
            .ok_or_else(|| self.op_err(op, "requires a valid 'operandSegmentSizes' attribute"))?;
        let (n_off, n_size) = (seg[1] as usize, seg[2] as usize);
        let mut dyn_off = 1..1 + n_off;
        let mut dyn_size = 1 + n_off..1 + n_off + n_size;
        let mut dyn_stride = 1 + n_off + n_size..self.ctx.operands(op).len();
        let take =
            |this: &mut Self, list: &str, len: usize, range: &mut std::ops::Range<usize>| -> Result<Vec<ir::Value>> {
                let stat = int_list(this.ctx, op, list)
                    .ok_or_else(|| this.op_err(op, format!("requires attribute '{list}'")))?;
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
    pub(super) fn reinterpret_cast(&mut self, op: OpId) -> Result<()> {
        let src = self.desc(op, 0)?;
        let res_ty = self.ctx.value_type(self.ctx.result(op, 0));
        let (shape, _, _) = self.memref_info(op, res_ty)?;
        let (offsets, sizes, strides) = self.offsets_sizes_strides(op, shape.len())?;
        let d = Desc { allocated: src.allocated, aligned: src.aligned, offset: offsets[0], sizes, strides };
        self.define(op, 0, d.into_parts())
    }

    pub(super) fn subview(&mut self, op: OpId) -> Result<()> {
        let src = self.desc(op, 0)?;
        let rank = src.sizes.len();
        let (offsets, sizes, strides) = self.offsets_sizes_strides(op, rank)?;
        let static_sizes = int_list(self.ctx, op, "static_sizes").unwrap_or_default();
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
