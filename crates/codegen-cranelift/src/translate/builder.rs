//! [`BuilderMethods`] in Cranelift terms: the generic translation (`flowgate_codegen::translate`)
//! composes these. An `i1` is an `i8` holding 0 or 1, so ops that read it as a signed number
//! negate it first and results are masked back to one bit.

use super::Translator;

/// The trap after `abort` or `exit` (never reached).
pub const ASSERT_TRAP: u8 = 1;
use crate::abi::{part_types, FuncAbi, Kind, Scalar, ScalarExt};
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{self, types, BlockArg, InstBuilder, MemFlagsData, TrapCode};
use cranelift_frontend::{FunctionBuilder, Switch};
use cranelift_module::Module;
use flowgate_codegen::translate::{
    BuilderMethods, FloatBinOp, FloatPredicate, FloatUnOp, IntBinOp, IntPredicate, IntUnOp, ValueMap,
};
use flowgate_codegen::Result;
use flowgate_ir::{BlockId, Context, OpId};

impl<'a, M: Module> BuilderMethods<'a> for Translator<'a, '_, M> {
    type Value = ir::Value;
    type Block = ir::Block;
    const NAME: &'static str = "Cranelift";

    fn ctx(&self) -> &'a Context {
        self.ctx
    }

    fn func_name(&self) -> &str {
        &self.func_name
    }

    fn values(&self) -> &ValueMap<ir::Value> {
        &self.values
    }

    fn values_mut(&mut self) -> &mut ValueMap<ir::Value> {
        &mut self.values
    }

    fn same_representation(&self, a: Kind, b: Kind) -> bool {
        part_types(a) == part_types(b)
    }

    fn const_int(&mut self, s: Scalar, bits: i64) -> Result<ir::Value> {
        Ok(self.iconst(s.cl_type(), bits))
    }

    fn const_float(&mut self, s: Scalar, v: f64) -> Result<ir::Value> {
        Ok(self.fconst(s, v))
    }

    fn int_binary(&mut self, op: IntBinOp, s: Scalar, a: ir::Value, b: ir::Value) -> Result<ir::Value> {
        use IntBinOp::*;
        let a = if matches!(op, SDiv | SRem | SMax | SMin | AShr) { self.sx(a, s) } else { a };
        let b = if matches!(op, SDiv | SRem | SMax | SMin) { self.sx(b, s) } else { b };
        let ins = self.b.ins();
        let r = match op {
            Add => ins.iadd(a, b),
            Sub => ins.isub(a, b),
            Mul => ins.imul(a, b),
            And => ins.band(a, b),
            Or => ins.bor(a, b),
            Xor => ins.bxor(a, b),
            SDiv => ins.sdiv(a, b),
            UDiv => ins.udiv(a, b),
            SRem => ins.srem(a, b),
            URem => ins.urem(a, b),
            Shl => ins.ishl(a, b),
            LShr => ins.ushr(a, b),
            AShr => ins.sshr(a, b),
            SMax => ins.smax(a, b),
            SMin => ins.smin(a, b),
            UMax => ins.umax(a, b),
            UMin => ins.umin(a, b),
        };
        Ok(self.norm(r, s))
    }

    fn icmp(&mut self, p: IntPredicate, s: Scalar, a: ir::Value, b: ir::Value) -> Result<ir::Value> {
        let cc = match p {
            IntPredicate::Eq => IntCC::Equal,
            IntPredicate::Ne => IntCC::NotEqual,
            IntPredicate::Slt => IntCC::SignedLessThan,
            IntPredicate::Sle => IntCC::SignedLessThanOrEqual,
            IntPredicate::Sgt => IntCC::SignedGreaterThan,
            IntPredicate::Sge => IntCC::SignedGreaterThanOrEqual,
            IntPredicate::Ult => IntCC::UnsignedLessThan,
            IntPredicate::Ule => IntCC::UnsignedLessThanOrEqual,
            IntPredicate::Ugt => IntCC::UnsignedGreaterThan,
            IntPredicate::Uge => IntCC::UnsignedGreaterThanOrEqual,
        };
        let (a, b) = if p.is_signed() { (self.sx(a, s), self.sx(b, s)) } else { (a, b) };
        Ok(self.b.ins().icmp(cc, a, b))
    }

    fn float_binary(&mut self, op: FloatBinOp, s: Scalar, a: ir::Value, b: ir::Value) -> Result<ir::Value> {
        let ins = self.b.ins();
        Ok(match op {
            FloatBinOp::Add => ins.fadd(a, b),
            FloatBinOp::Sub => ins.fsub(a, b),
            FloatBinOp::Mul => ins.fmul(a, b),
            FloatBinOp::Div => ins.fdiv(a, b),
            // Cranelift's fmax/fmin propagate NaN and order -0 below +0, as IEEE's maximum does.
            FloatBinOp::Maximum => ins.fmax(a, b),
            FloatBinOp::Minimum => ins.fmin(a, b),
            FloatBinOp::CopySign => ins.fcopysign(a, b),
            FloatBinOp::Rem => {
                let (f, t) = if s == Scalar::F32 { ("fmodf", types::F32) } else { ("fmod", types::F64) };
                self.call_c(f, &[t, t], Some(t), &[a, b])?.ok_or_else(|| self.ice("fmod returned nothing"))?
            }
        })
    }

    fn fneg(&mut self, _s: Scalar, a: ir::Value) -> Result<ir::Value> {
        Ok(self.b.ins().fneg(a))
    }

    fn fcmp(&mut self, p: FloatPredicate, _s: Scalar, a: ir::Value, b: ir::Value) -> Result<ir::Value> {
        let cc = match p {
            FloatPredicate::False | FloatPredicate::True => {
                return Ok(self.iconst(types::I8, (p == FloatPredicate::True) as i64));
            }
            FloatPredicate::Oeq => FloatCC::Equal,
            FloatPredicate::Ogt => FloatCC::GreaterThan,
            FloatPredicate::Oge => FloatCC::GreaterThanOrEqual,
            FloatPredicate::Olt => FloatCC::LessThan,
            FloatPredicate::Ole => FloatCC::LessThanOrEqual,
            FloatPredicate::One => FloatCC::OrderedNotEqual,
            FloatPredicate::Ord => FloatCC::Ordered,
            FloatPredicate::Ueq => FloatCC::UnorderedOrEqual,
            FloatPredicate::Ugt => FloatCC::UnorderedOrGreaterThan,
            FloatPredicate::Uge => FloatCC::UnorderedOrGreaterThanOrEqual,
            FloatPredicate::Ult => FloatCC::UnorderedOrLessThan,
            FloatPredicate::Ule => FloatCC::UnorderedOrLessThanOrEqual,
            FloatPredicate::Une => FloatCC::NotEqual,
            FloatPredicate::Uno => FloatCC::Unordered,
        };
        Ok(self.b.ins().fcmp(cc, a, b))
    }

    fn select(&mut self, c: ir::Value, a: ir::Value, b: ir::Value) -> Result<ir::Value> {
        Ok(self.b.ins().select(c, a, b))
    }

    fn int_cast(&mut self, signed: bool, src: Scalar, dst: Scalar, a: ir::Value) -> Result<ir::Value> {
        let (st, dt) = (src.cl_type(), dst.cl_type());
        let a = if signed { self.sx(a, src) } else { a };
        let r = if dt.bits() > st.bits() {
            if signed {
                self.b.ins().sextend(dt, a)
            } else {
                self.b.ins().uextend(dt, a)
            }
        } else if dt.bits() < st.bits() {
            self.b.ins().ireduce(dt, a)
        } else {
            a
        };
        Ok(self.norm(r, dst))
    }

    fn int_to_float(&mut self, signed: bool, src: Scalar, dst: Scalar, a: ir::Value) -> Result<ir::Value> {
        let a = if signed { self.sx(a, src) } else { a };
        // Widen narrow sources so every target has a conversion for them.
        let a = if src.cl_type().bits() < 32 {
            if signed {
                self.b.ins().sextend(types::I32, a)
            } else {
                self.b.ins().uextend(types::I32, a)
            }
        } else {
            a
        };
        Ok(if signed {
            self.b.ins().fcvt_from_sint(dst.cl_type(), a)
        } else {
            self.b.ins().fcvt_from_uint(dst.cl_type(), a)
        })
    }

    fn float_to_int_sat(&mut self, signed: bool, _src: Scalar, dst: Scalar, a: ir::Value) -> Result<ir::Value> {
        let w = dst.int_width().unwrap_or(64);
        let dt = dst.cl_type();
        if dt.bits() >= 32 && w == dt.bits() {
            return Ok(if signed {
                self.b.ins().fcvt_to_sint_sat(dt, a)
            } else {
                self.b.ins().fcvt_to_uint_sat(dt, a)
            });
        }
        // Saturate through i32, then clamp to the narrow type's range.
        let wide = if signed {
            self.b.ins().fcvt_to_sint_sat(types::I32, a)
        } else {
            self.b.ins().fcvt_to_uint_sat(types::I32, a)
        };
        let clamped = if signed {
            let lo = self.iconst(types::I32, -(1i64 << (w - 1)));
            let hi = self.iconst(types::I32, (1i64 << (w - 1)) - 1);
            let t = self.b.ins().smax(wide, lo);
            self.b.ins().smin(t, hi)
        } else {
            let hi = self.iconst(types::I32, (1i64 << w) - 1);
            self.b.ins().umin(wide, hi)
        };
        let r = self.b.ins().ireduce(dt, clamped);
        Ok(self.norm(r, dst))
    }

    fn float_cast(&mut self, _src: Scalar, dst: Scalar, a: ir::Value) -> Result<ir::Value> {
        Ok(if dst == Scalar::F64 { self.b.ins().fpromote(types::F64, a) } else { self.b.ins().fdemote(types::F32, a) })
    }

    fn bitcast(&mut self, src: Scalar, dst: Scalar, a: ir::Value) -> Result<Option<ir::Value>> {
        Ok(Some(if src.cl_type() == dst.cl_type() {
            a
        } else {
            self.b.ins().bitcast(dst.cl_type(), MemFlagsData::new(), a)
        }))
    }

    fn mul_extended(&mut self, signed: bool, _s: Scalar, a: ir::Value, b: ir::Value) -> Result<(ir::Value, ir::Value)> {
        let lo = self.b.ins().imul(a, b);
        let hi = if signed { self.b.ins().smulhi(a, b) } else { self.b.ins().umulhi(a, b) };
        Ok((lo, hi))
    }

    fn float_unary(&mut self, op: FloatUnOp, _s: Scalar, a: ir::Value) -> Result<ir::Value> {
        let ins = self.b.ins();
        Ok(match op {
            FloatUnOp::Sqrt => ins.sqrt(a),
            FloatUnOp::Abs => ins.fabs(a),
            FloatUnOp::Floor => ins.floor(a),
            FloatUnOp::Ceil => ins.ceil(a),
            FloatUnOp::Trunc => ins.trunc(a),
            FloatUnOp::RoundEven => ins.nearest(a),
        })
    }

    fn int_unary(&mut self, op: IntUnOp, _s: Scalar, a: ir::Value) -> Result<ir::Value> {
        let ins = self.b.ins();
        Ok(match op {
            IntUnOp::Abs => ins.iabs(a),
            IntUnOp::Ctlz => ins.clz(a),
            IntUnOp::Cttz => ins.ctz(a),
            IntUnOp::Ctpop => ins.popcnt(a),
        })
    }

    fn fma(&mut self, _s: Scalar, a: ir::Value, b: ir::Value, c: ir::Value) -> Result<ir::Value> {
        Ok(self.b.ins().fma(a, b, c))
    }

    fn call_libm(&mut self, name: &str, s: Scalar, args: &[ir::Value]) -> Result<ir::Value> {
        let t = s.cl_type();
        let params = vec![t; args.len()];
        self.call_c(name, &params, Some(t), args)?.ok_or_else(|| self.ice(format!("{name} returned nothing")))
    }

    fn new_block(&mut self, params: &[Scalar]) -> Result<ir::Block> {
        let blk = self.b.create_block();
        for s in params {
            self.b.append_block_param(blk, s.cl_type());
        }
        Ok(blk)
    }

    fn block_params(&self, b: ir::Block) -> Result<Vec<ir::Value>> {
        Ok(self.b.block_params(b).to_vec())
    }

    fn switch_to_block(&mut self, b: ir::Block) -> Result<()> {
        // The entry block is current already (its arguments were loaded there).
        if self.b.current_block() != Some(b) {
            self.b.switch_to_block(b);
        }
        Ok(())
    }

    fn br(&mut self, target: ir::Block, args: &[ir::Value]) -> Result<()> {
        self.b.ins().jump(target, &block_args(args));
        Ok(())
    }

    fn cond_br(
        &mut self,
        c: ir::Value,
        t: ir::Block,
        targs: &[ir::Value],
        f: ir::Block,
        fargs: &[ir::Value],
    ) -> Result<()> {
        self.b.ins().brif(c, t, &block_args(targs), f, &block_args(fargs));
        Ok(())
    }

    fn ir_block(&self, b: BlockId) -> Result<ir::Block> {
        self.block(b)
    }

    /// `Switch` targets take no arguments: an edge that passes some goes through a block that
    /// jumps with them, filled after the switch (the builder must finish a block before
    /// leaving it).
    fn switch(
        &mut self,
        _s: Scalar,
        flag: ir::Value,
        default: (ir::Block, Vec<ir::Value>),
        cases: Vec<(u64, (ir::Block, Vec<ir::Value>))>,
    ) -> Result<()> {
        let mut pending = Vec::new();
        let mut trampoline = |b: &mut FunctionBuilder, (target, args): (ir::Block, Vec<ir::Value>)| {
            if args.is_empty() {
                return target;
            }
            let t = b.create_block();
            pending.push((t, target, args));
            t
        };
        let default = trampoline(&mut self.b, default);
        let mut sw = Switch::new();
        for (key, e) in cases {
            sw.set_entry(key as u128, trampoline(&mut self.b, e));
        }
        sw.emit(&mut self.b, flag, default);
        for (t, target, args) in pending {
            self.b.switch_to_block(t);
            self.b.ins().jump(target, &block_args(&args));
        }
        Ok(())
    }

    fn mark_cold(&mut self, b: ir::Block) {
        self.b.set_cold_block(b);
    }

    fn c_string(&mut self, s: &str) -> Result<ir::Value> {
        let data = self.module.declare_anonymous_data(false, false).map_err(|e| self.ice(e))?;
        let mut desc = cranelift_module::DataDescription::new();
        let mut bytes = s.as_bytes().to_vec();
        bytes.push(0);
        desc.define(bytes.into_boxed_slice());
        self.module.define_data(data, &desc).map_err(|e| self.ice(e))?;
        let gv = self.module.declare_data_in_func(data, self.b.func);
        Ok(self.b.ins().symbol_value(types::I64, gv))
    }

    fn call_extern(
        &mut self,
        name: &str,
        params: &[Scalar],
        ret: Option<Scalar>,
        args: &[ir::Value],
    ) -> Result<Option<ir::Value>> {
        let params: Vec<ir::Type> = params.iter().map(|s| s.cl_type()).collect();
        self.call_c(name, &params, ret.map(ScalarExt::cl_type), args)
    }

    fn unreachable(&mut self) -> Result<()> {
        self.b.ins().trap(TrapCode::unwrap_user(ASSERT_TRAP));
        Ok(())
    }

    fn abi(&self) -> &FuncAbi {
        &self.abi
    }

    fn callee_abi(&self, name: &str) -> Option<FuncAbi> {
        self.funcs.get(name).map(|e| e.abi.clone())
    }

    fn set_ir_block(&mut self, id: BlockId, b: ir::Block) {
        self.blocks.insert(id, b);
    }

    fn entry_params(&mut self, b: ir::Block) -> Result<Vec<ir::Value>> {
        self.b.append_block_params_for_function_params(b);
        self.b.switch_to_block(b);
        Ok(self.b.block_params(b).to_vec())
    }

    fn set_sret(&mut self, p: ir::Value) -> Result<()> {
        self.sret = Some(p);
        Ok(())
    }

    fn load_entry_descriptor(&mut self, kind: Kind, p: ir::Value) -> Result<Vec<ir::Value>> {
        Ok(self.load_descriptor(kind, p, 0))
    }

    fn ptr_to_index(&mut self, p: ir::Value) -> Result<ir::Value> {
        Ok(p)
    }

    fn load(&mut self, s: Scalar, p: ir::Value) -> Result<ir::Value> {
        Ok(self.b.ins().load(s.cl_type(), MemFlagsData::new(), p, 0))
    }

    fn store(&mut self, _s: Scalar, v: ir::Value, p: ir::Value) -> Result<()> {
        self.b.ins().store(MemFlagsData::new(), v, p, 0);
        Ok(())
    }

    fn ptr_add(&mut self, p: ir::Value, bytes: ir::Value) -> Result<ir::Value> {
        Ok(self.b.ins().iadd(p, bytes))
    }

    fn stack_alloc(&mut self, bytes: u32, align: u32) -> Result<ir::Value> {
        let shift = align.max(1).trailing_zeros().min(12) as u8;
        let slot =
            self.b.create_sized_stack_slot(ir::StackSlotData::new(ir::StackSlotKind::ExplicitSlot, bytes, shift));
        Ok(self.b.ins().stack_addr(types::I64, slot, 0))
    }

    fn global(&mut self, name: &str) -> Result<Option<(ir::Value, Vec<i64>)>> {
        let Some(g) = self.funcs.globals.get(name).cloned() else { return Ok(None) };
        let gv = self.module.declare_data_in_func(g.id, self.b.func);
        Ok(Some((self.b.ins().symbol_value(types::I64, gv), g.shape)))
    }

    fn func_return(&mut self, op: OpId) -> Result<()> {
        self.ret(op)
    }

    fn func_call(&mut self, op: OpId, callee: &str, abi: &FuncAbi) -> Result<()> {
        self.call(op, callee, abi)
    }
}

impl<M: Module> Translator<'_, '_, M> {
    /// Keep an `i1` in its 0/1 representation after arithmetic.
    pub(super) fn norm(&mut self, v: ir::Value, s: Scalar) -> ir::Value {
        if s == Scalar::Int(1) {
            self.b.ins().band_imm_s(v, 1)
        } else {
            v
        }
    }

    pub(super) fn fconst(&mut self, s: Scalar, v: f64) -> ir::Value {
        if s == Scalar::F32 {
            self.b.ins().f32const(v as f32)
        } else {
            self.b.ins().f64const(v)
        }
    }

    /// The signed reading of a value: an `i1` holding 1 is -1.
    pub(super) fn sx(&mut self, v: ir::Value, s: Scalar) -> ir::Value {
        if s == Scalar::Int(1) {
            self.b.ins().ineg(v)
        } else {
            v
        }
    }
}

fn block_args(args: &[ir::Value]) -> Vec<BlockArg> {
    args.iter().map(|&v| BlockArg::Value(v)).collect()
}
