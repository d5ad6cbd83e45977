//! [`BuilderMethods`] in LLVM terms: the generic translation (`flowgate_codegen::translate`)
//! composes these. Nothing here may produce poison: shift amounts are masked to the width, and
//! the generic translation keeps divisions defined.

use super::{Translator, V};
use crate::abi::{int_type, part_types};
use crate::error::Error;
use flowgate_codegen::abi::{FuncAbi, Kind, Scalar};
use flowgate_codegen::translate::{
    BuilderMethods, FloatBinOp, FloatPredicate, FloatUnOp, IntBinOp, IntPredicate, IntUnOp, ValueMap,
};
use flowgate_codegen::CodegenError;
use flowgate_codegen::Result;
use flowgate_ir::{BlockId, Context, OpId};
use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::basic_block::BasicBlock;
use inkwell::types::BasicTypeEnum;
use inkwell::values::BasicValue;
use inkwell::values::{CallSiteValue, InstructionOpcode, PhiValue};

/// An inkwell builder result as the generic translation's.
fn ok<T>(r: std::result::Result<T, inkwell::builder::BuilderError>) -> Result<T> {
    r.map_err(|e| Error::from(e).0)
}

impl<'a, 'c> BuilderMethods<'a> for Translator<'a, 'c> {
    type Value = V<'c>;
    type Block = BasicBlock<'c>;
    const NAME: &'static str = "LLVM";

    fn ctx(&self) -> &'a Context {
        self.ctx
    }

    fn func_name(&self) -> &str {
        &self.func_name
    }

    fn values(&self) -> &ValueMap<V<'c>> {
        &self.values
    }

    fn values_mut(&mut self) -> &mut ValueMap<V<'c>> {
        &mut self.values
    }

    fn same_representation(&self, a: Kind, b: Kind) -> bool {
        part_types(self.llc, a) == part_types(self.llc, b)
    }

    fn const_int(&mut self, s: Scalar, bits: i64) -> Result<V<'c>> {
        let w = s.int_width().ok_or_else(|| self.ice("integer constant of a non-integer type"))?;
        Ok(int_type(self.llc, w).const_int(bits as u64, false).into())
    }

    fn const_float(&mut self, s: Scalar, v: f64) -> Result<V<'c>> {
        Ok(self.fconst(s, v)?.into())
    }

    fn int_binary(&mut self, op: IntBinOp, s: Scalar, a: V<'c>, b: V<'c>) -> Result<V<'c>> {
        use IntBinOp::*;
        let (a, b) = (self.int(a)?, self.int(b)?);
        let minmax = match op {
            SMax => Some("llvm.smax"),
            SMin => Some("llvm.smin"),
            UMax => Some("llvm.umax"),
            UMin => Some("llvm.umin"),
            _ => None,
        };
        if let Some(name) = minmax {
            return Ok(self.intrinsic(name, &[self.ty(s)], &[a.into(), b.into()])?);
        }
        let bx = &self.b;
        // A shift amount is masked to the width: LLVM's shift by the width or more is poison.
        let amount = |bx: &inkwell::builder::Builder<'c>| {
            let w = s.int_width().unwrap_or(64) as u64;
            bx.build_and(b, a.get_type().const_int(w - 1, false), "")
        };
        let r = match op {
            Add => bx.build_int_add(a, b, ""),
            Sub => bx.build_int_sub(a, b, ""),
            Mul => bx.build_int_mul(a, b, ""),
            And => bx.build_and(a, b, ""),
            Or => bx.build_or(a, b, ""),
            Xor => bx.build_xor(a, b, ""),
            SDiv => bx.build_int_signed_div(a, b, ""),
            UDiv => bx.build_int_unsigned_div(a, b, ""),
            SRem => bx.build_int_signed_rem(a, b, ""),
            URem => bx.build_int_unsigned_rem(a, b, ""),
            Shl => bx.build_left_shift(a, ok(amount(bx))?, ""),
            LShr => bx.build_right_shift(a, ok(amount(bx))?, false, ""),
            AShr => bx.build_right_shift(a, ok(amount(bx))?, true, ""),
            SMax | SMin | UMax | UMin => return Err(BuilderMethods::ice(self, "min/max handled above")),
        };
        Ok(ok(r)?.into())
    }

    fn icmp(&mut self, p: IntPredicate, _s: Scalar, a: V<'c>, b: V<'c>) -> Result<V<'c>> {
        use inkwell::IntPredicate as P;
        let cc = match p {
            IntPredicate::Eq => P::EQ,
            IntPredicate::Ne => P::NE,
            IntPredicate::Slt => P::SLT,
            IntPredicate::Sle => P::SLE,
            IntPredicate::Sgt => P::SGT,
            IntPredicate::Sge => P::SGE,
            IntPredicate::Ult => P::ULT,
            IntPredicate::Ule => P::ULE,
            IntPredicate::Ugt => P::UGT,
            IntPredicate::Uge => P::UGE,
        };
        Ok(ok(self.b.build_int_compare(cc, self.int(a)?, self.int(b)?, ""))?.into())
    }

    fn float_binary(&mut self, op: FloatBinOp, s: Scalar, a: V<'c>, b: V<'c>) -> Result<V<'c>> {
        let (x, y) = (self.float(a)?, self.float(b)?);
        let bx = &self.b;
        let r = match op {
            FloatBinOp::Add => bx.build_float_add(x, y, ""),
            FloatBinOp::Sub => bx.build_float_sub(x, y, ""),
            FloatBinOp::Mul => bx.build_float_mul(x, y, ""),
            FloatBinOp::Div => bx.build_float_div(x, y, ""),
            FloatBinOp::Rem => bx.build_float_rem(x, y, ""),
            FloatBinOp::Maximum | FloatBinOp::Minimum | FloatBinOp::CopySign => {
                let name = match op {
                    FloatBinOp::Maximum => "llvm.maximum",
                    FloatBinOp::Minimum => "llvm.minimum",
                    _ => "llvm.copysign",
                };
                return Ok(self.intrinsic(name, &[self.ty(s)], &[a, b])?);
            }
        };
        Ok(ok(r)?.into())
    }

    fn fneg(&mut self, _s: Scalar, a: V<'c>) -> Result<V<'c>> {
        Ok(ok(self.b.build_float_neg(self.float(a)?, ""))?.into())
    }

    fn fcmp(&mut self, p: FloatPredicate, _s: Scalar, a: V<'c>, b: V<'c>) -> Result<V<'c>> {
        use inkwell::FloatPredicate as P;
        let cc = match p {
            FloatPredicate::False => P::PredicateFalse,
            FloatPredicate::Oeq => P::OEQ,
            FloatPredicate::Ogt => P::OGT,
            FloatPredicate::Oge => P::OGE,
            FloatPredicate::Olt => P::OLT,
            FloatPredicate::Ole => P::OLE,
            FloatPredicate::One => P::ONE,
            FloatPredicate::Ord => P::ORD,
            FloatPredicate::Ueq => P::UEQ,
            FloatPredicate::Ugt => P::UGT,
            FloatPredicate::Uge => P::UGE,
            FloatPredicate::Ult => P::ULT,
            FloatPredicate::Ule => P::ULE,
            FloatPredicate::Une => P::UNE,
            FloatPredicate::Uno => P::UNO,
            FloatPredicate::True => P::PredicateTrue,
        };
        Ok(ok(self.b.build_float_compare(cc, self.float(a)?, self.float(b)?, ""))?.into())
    }

    fn select(&mut self, c: V<'c>, a: V<'c>, b: V<'c>) -> Result<V<'c>> {
        ok(self.b.build_select(self.int(c)?, a, b, ""))
    }

    fn int_cast(&mut self, signed: bool, src: Scalar, dst: Scalar, a: V<'c>) -> Result<V<'c>> {
        let (Some(sw), Some(dw)) = (src.int_width(), dst.int_width()) else {
            return Err(BuilderMethods::ice(self, "integer cast of a non-integer type"));
        };
        let (a, dt) = (self.int(a)?, int_type(self.llc, dw));
        let r = if dw > sw {
            if signed {
                self.b.build_int_s_extend(a, dt, "")
            } else {
                self.b.build_int_z_extend(a, dt, "")
            }
        } else if dw < sw {
            self.b.build_int_truncate(a, dt, "")
        } else {
            return Ok(a.into());
        };
        Ok(ok(r)?.into())
    }

    fn int_to_float(&mut self, signed: bool, _src: Scalar, dst: Scalar, a: V<'c>) -> Result<V<'c>> {
        let BasicTypeEnum::FloatType(ft) = self.ty(dst) else { return Err(BuilderMethods::ice(self, "float type")) };
        let a = self.int(a)?;
        let r = if signed {
            self.b.build_signed_int_to_float(a, ft, "")
        } else {
            self.b.build_unsigned_int_to_float(a, ft, "")
        };
        Ok(ok(r)?.into())
    }

    fn float_to_int_sat(&mut self, signed: bool, src: Scalar, dst: Scalar, a: V<'c>) -> Result<V<'c>> {
        let name = if signed { "llvm.fptosi.sat" } else { "llvm.fptoui.sat" };
        Ok(self.intrinsic(name, &[self.ty(dst), self.ty(src)], &[a])?)
    }

    fn float_cast(&mut self, _src: Scalar, dst: Scalar, a: V<'c>) -> Result<V<'c>> {
        let a = self.float(a)?;
        let r = if dst == Scalar::F64 {
            self.b.build_float_ext(a, self.llc.f64_type(), "")
        } else {
            self.b.build_float_trunc(a, self.llc.f32_type(), "")
        };
        Ok(ok(r)?.into())
    }

    fn bitcast(&mut self, src: Scalar, dst: Scalar, a: V<'c>) -> Result<Option<V<'c>>> {
        if src == Scalar::Ptr || dst == Scalar::Ptr {
            return Ok(None);
        }
        Ok(Some(ok(self.b.build_bit_cast(a, self.ty(dst), ""))?))
    }

    fn mul_extended(&mut self, signed: bool, s: Scalar, a: V<'c>, b: V<'c>) -> Result<(V<'c>, V<'c>)> {
        let w = s.int_width().unwrap_or(64);
        let (a, b) = (self.int(a)?, self.int(b)?);
        let wide = int_type(self.llc, 2 * w);
        let bx = &self.b;
        let ext = |x| if signed { bx.build_int_s_extend(x, wide, "") } else { bx.build_int_z_extend(x, wide, "") };
        let p = ok(bx.build_int_mul(ok(ext(a))?, ok(ext(b))?, ""))?;
        let t = a.get_type();
        let lo = ok(bx.build_int_truncate(p, t, ""))?;
        let sh = ok(bx.build_right_shift(p, wide.const_int(w as u64, false), false, ""))?;
        let hi = ok(bx.build_int_truncate(sh, t, ""))?;
        Ok((lo.as_basic_value_enum(), hi.as_basic_value_enum()))
    }

    fn float_unary(&mut self, op: FloatUnOp, s: Scalar, a: V<'c>) -> Result<V<'c>> {
        let name = match op {
            FloatUnOp::Sqrt => "llvm.sqrt",
            FloatUnOp::Abs => "llvm.fabs",
            FloatUnOp::Floor => "llvm.floor",
            FloatUnOp::Ceil => "llvm.ceil",
            FloatUnOp::Trunc => "llvm.trunc",
            FloatUnOp::RoundEven => "llvm.roundeven",
        };
        Ok(self.intrinsic(name, &[self.ty(s)], &[a])?)
    }

    fn int_unary(&mut self, op: IntUnOp, s: Scalar, a: V<'c>) -> Result<V<'c>> {
        // The flag is false: abs(INT_MIN) wraps to INT_MIN, a zero input counts the full width.
        let no_poison = self.llc.bool_type().const_zero().into();
        let t = [self.ty(s)];
        Ok(match op {
            IntUnOp::Abs => self.intrinsic("llvm.abs", &t, &[a, no_poison])?,
            IntUnOp::Ctlz => self.intrinsic("llvm.ctlz", &t, &[a, no_poison])?,
            IntUnOp::Cttz => self.intrinsic("llvm.cttz", &t, &[a, no_poison])?,
            IntUnOp::Ctpop => self.intrinsic("llvm.ctpop", &t, &[a])?,
        })
    }

    fn fma(&mut self, s: Scalar, a: V<'c>, b: V<'c>, c: V<'c>) -> Result<V<'c>> {
        Ok(self.intrinsic("llvm.fma", &[self.ty(s)], &[a, b, c])?)
    }

    /// `nobuiltin` keeps LLVM from constant-folding the call with its own (differently
    /// rounded) implementation, so results are libm's bits, as the Cranelift backend computes
    /// them.
    fn call_libm(&mut self, name: &str, s: Scalar, args: &[V<'c>]) -> Result<V<'c>> {
        let ty = self.ty(s);
        let params = vec![ty; args.len()];
        let r = self
            .call_c(name, &params, Some(ty), args)?
            .ok_or_else(|| BuilderMethods::ice(self, format!("{name} returned nothing")))?;
        if let Some(call) = r.as_instruction_value().and_then(|i| CallSiteValue::try_from(i).ok()) {
            let nb = self.llc.create_enum_attribute(Attribute::get_named_enum_kind_id("nobuiltin"), 0);
            call.add_attribute(AttributeLoc::Function, nb);
        }
        Ok(r)
    }

    fn new_block(&mut self, params: &[Scalar]) -> Result<BasicBlock<'c>> {
        let bb = self.llc.append_basic_block(self.func, "");
        let at = self.llc.create_builder();
        at.position_at_end(bb);
        for &s in params {
            ok(at.build_phi(self.ty(s), ""))?;
        }
        Ok(bb)
    }

    fn block_params(&self, b: BasicBlock<'c>) -> Result<Vec<V<'c>>> {
        Ok(phis(b).into_iter().map(|p| p.as_basic_value()).collect())
    }

    fn switch_to_block(&mut self, b: BasicBlock<'c>) -> Result<()> {
        self.b.position_at_end(b);
        Ok(())
    }

    fn br(&mut self, target: BasicBlock<'c>, args: &[V<'c>]) -> Result<()> {
        let here = self.current()?;
        feed_phis(target, args, here)?;
        ok(self.b.build_unconditional_branch(target))?;
        Ok(())
    }

    /// Two edges from one block to one target cannot feed its phis different values, so then
    /// each edge that carries arguments goes through its own block.
    fn cond_br(
        &mut self,
        c: V<'c>,
        t: BasicBlock<'c>,
        targs: &[V<'c>],
        f: BasicBlock<'c>,
        fargs: &[V<'c>],
    ) -> Result<()> {
        let here = self.current()?;
        let (t2, f2) = (self.edge(here, t, targs, t == f)?, self.edge(here, f, fargs, t == f)?);
        ok(self.b.build_conditional_branch(self.int(c)?, t2, f2))?;
        Ok(())
    }

    fn ir_block(&self, b: BlockId) -> Result<BasicBlock<'c>> {
        self.blocks.get(&b).copied().ok_or_else(|| BuilderMethods::ice(self, "branch to a block outside the function"))
    }

    /// Each edge that passes arguments goes through its own block, so two edges to one target
    /// never meet in one phi from one predecessor.
    fn switch(
        &mut self,
        _s: Scalar,
        flag: V<'c>,
        default: (BasicBlock<'c>, Vec<V<'c>>),
        cases: Vec<(u64, (BasicBlock<'c>, Vec<V<'c>>))>,
    ) -> Result<()> {
        let flag = self.int(flag)?;
        let here = self.current()?;
        let edge = |(target, args): (BasicBlock<'c>, Vec<V<'c>>)| self.edge(here, target, &args, true);
        let default = edge(default)?;
        let ty = flag.get_type();
        let cases =
            cases.into_iter().map(|(k, e)| Ok((ty.const_int(k, false), edge(e)?))).collect::<Result<Vec<_>>>()?;
        ok(self.b.build_switch(flag, default, &cases))?;
        Ok(())
    }

    fn mark_cold(&mut self, _b: BasicBlock<'c>) {}

    fn c_string(&mut self, s: &str) -> Result<V<'c>> {
        Ok(ok(self.b.build_global_string_ptr(s, "msg"))?.as_pointer_value().into())
    }

    fn call_extern(
        &mut self,
        name: &str,
        params: &[Scalar],
        ret: Option<Scalar>,
        args: &[V<'c>],
    ) -> Result<Option<V<'c>>> {
        let params: Vec<BasicTypeEnum<'c>> = params.iter().map(|&s| self.ty(s)).collect();
        Ok(self.call_c(name, &params, ret.map(|s| self.ty(s)), args)?)
    }

    fn unreachable(&mut self) -> Result<()> {
        ok(self.b.build_unreachable())?;
        Ok(())
    }

    fn abi(&self) -> &FuncAbi {
        &self.abi
    }

    fn callee_abi(&self, name: &str) -> Option<FuncAbi> {
        self.funcs.get(name).map(|e| e.abi.clone())
    }

    fn set_ir_block(&mut self, id: BlockId, b: BasicBlock<'c>) {
        self.blocks.insert(id, b);
    }

    fn entry_params(&mut self, b: BasicBlock<'c>) -> Result<Vec<V<'c>>> {
        self.b.position_at_end(b);
        Ok(self.func.get_param_iter().collect())
    }

    fn set_sret(&mut self, p: V<'c>) -> Result<()> {
        self.sret = Some(self.ptr(p)?);
        Ok(())
    }

    /// Loaded in the prologue.
    fn load_entry_descriptor(&mut self, kind: Kind, p: V<'c>) -> Result<Vec<V<'c>>> {
        let ptr = self.ptr(p)?;
        Ok(super::load_descriptor(&self.allocas, self.llc, kind, ptr, 0)?)
    }

    fn ptr_to_index(&mut self, p: V<'c>) -> Result<V<'c>> {
        let p = self.ptr(p)?;
        Ok(ok(self.b.build_ptr_to_int(p, self.i64t(), ""))?.into())
    }

    fn load(&mut self, s: Scalar, p: V<'c>) -> Result<V<'c>> {
        let p = self.ptr(p)?;
        Ok(self.load_scalar(s, p)?)
    }

    fn store(&mut self, s: Scalar, v: V<'c>, p: V<'c>) -> Result<()> {
        let p = self.ptr(p)?;
        Ok(self.store_scalar(s, v, p)?)
    }

    fn ptr_add(&mut self, p: V<'c>, bytes: V<'c>) -> Result<V<'c>> {
        let (p, bytes) = (self.ptr(p)?, self.int(bytes)?);
        // SAFETY: a GEP without `inbounds` is address arithmetic; an out-of-range index is the
        // program's error (undefined upstream too), not something LLVM assumes away.
        let q = unsafe { ok(self.b.build_gep(self.llc.i8_type(), p, &[bytes], ""))? };
        Ok(q.into())
    }

    fn stack_alloc(&mut self, bytes: u32, align: u32) -> Result<V<'c>> {
        Ok(self.stack_buffer(bytes, align)?.into())
    }

    fn global(&mut self, name: &str) -> Result<Option<(V<'c>, Vec<i64>)>> {
        let Some(g) = self.funcs.globals.get(name) else { return Ok(None) };
        Ok(Some((g.value.as_pointer_value().into(), g.shape.clone())))
    }

    fn func_return(&mut self, op: OpId) -> Result<()> {
        Ok(self.ret(op)?)
    }

    fn func_call(&mut self, op: OpId, callee: &str, abi: &FuncAbi) -> Result<()> {
        Ok(self.call(op, callee, abi)?)
    }
}

impl<'c> Translator<'_, 'c> {
    /// The block to branch to from `from` for an edge to `target` with `args`: the target
    /// itself, its phis fed from `from`, or with `split` and arguments a block of its own.
    fn edge(
        &self,
        from: BasicBlock<'c>,
        target: BasicBlock<'c>,
        args: &[V<'c>],
        split: bool,
    ) -> Result<BasicBlock<'c>> {
        if !split || args.is_empty() {
            feed_phis(target, args, from)?;
            return Ok(target);
        }
        let tramp = self.llc.append_basic_block(self.func, "edge");
        feed_phis(target, args, tramp)?;
        let at = self.llc.create_builder();
        at.position_at_end(tramp);
        ok(at.build_unconditional_branch(target))?;
        Ok(tramp)
    }

    pub(super) fn fconst(&self, s: Scalar, v: f64) -> Result<inkwell::values::FloatValue<'c>> {
        match s {
            Scalar::F32 => Ok(self.llc.f32_type().const_float(v)),
            Scalar::F64 => Ok(self.llc.f64_type().const_float(v)),
            _ => Err(BuilderMethods::ice(self, "float constant of a non-float type")),
        }
    }
}

/// The phis at the head of `b`: its arguments.
fn phis(b: BasicBlock<'_>) -> Vec<PhiValue<'_>> {
    let mut out = Vec::new();
    let mut inst = b.get_first_instruction();
    while let Some(i) = inst.filter(|i| i.get_opcode() == InstructionOpcode::Phi) {
        out.extend(PhiValue::try_from(i).ok());
        inst = i.get_next_instruction();
    }
    out
}

/// Give the argument phis of `target` their values for the edge from `from`.
fn feed_phis<'c>(target: BasicBlock<'c>, args: &[V<'c>], from: BasicBlock<'c>) -> Result<()> {
    let ps = phis(target);
    if ps.len() != args.len() {
        return Err(CodegenError::internal("", "branch arguments do not match the block's arguments"));
    }
    for (p, v) in ps.iter().zip(args) {
        p.add_incoming(&[(v as &dyn BasicValue<'c>, from)]);
    }
    Ok(())
}
