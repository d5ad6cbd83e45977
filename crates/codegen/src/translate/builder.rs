//! [`BuilderMethods`]: what a backend provides to the generic translation, and the op decoding
//! helpers every dialect's translation uses (provided methods over the backend's value map).

use crate::abi::{kind_of, scalar_of, FuncAbi, Kind, Scalar};
use crate::{CodegenError, Result};
use flowgate_ir::{BlockId, Context, Diagnostic, OpId, Type, Value};
use std::collections::HashMap;

/// The backend values of each IR value of the function: one for a scalar, one per descriptor
/// word for a memref.
pub type ValueMap<V> = HashMap<Value, Vec<V>>;

/// Integer operations on two operands of one type, wrapping as two's complement. The generic
/// translation never passes a zero divisor or `INT_MIN / -1` to a division or remainder, and the
/// result of a shift by the width or more is not used (it must only be defined, not poison).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IntBinOp {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
    SDiv,
    UDiv,
    SRem,
    URem,
    Shl,
    LShr,
    AShr,
    SMax,
    SMin,
    UMax,
    UMin,
}

/// `arith.cmpi`'s predicates, in the order of their attribute values.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IntPredicate {
    Eq,
    Ne,
    Slt,
    Sle,
    Sgt,
    Sge,
    Ult,
    Ule,
    Ugt,
    Uge,
}

impl IntPredicate {
    pub const ALL: [IntPredicate; 10] = [
        IntPredicate::Eq,
        IntPredicate::Ne,
        IntPredicate::Slt,
        IntPredicate::Sle,
        IntPredicate::Sgt,
        IntPredicate::Sge,
        IntPredicate::Ult,
        IntPredicate::Ule,
        IntPredicate::Ugt,
        IntPredicate::Uge,
    ];

    /// Whether the operands are read as signed numbers.
    pub fn is_signed(self) -> bool {
        matches!(self, IntPredicate::Slt | IntPredicate::Sle | IntPredicate::Sgt | IntPredicate::Sge)
    }
}

/// `arith.cmpf`'s predicates, in the order of their attribute values (`O*` ordered, `U*`
/// unordered: true when either operand is NaN).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FloatPredicate {
    False,
    Oeq,
    Ogt,
    Oge,
    Olt,
    Ole,
    One,
    Ord,
    Ueq,
    Ugt,
    Uge,
    Ult,
    Ule,
    Une,
    Uno,
    True,
}

impl FloatPredicate {
    pub const ALL: [FloatPredicate; 16] = [
        FloatPredicate::False,
        FloatPredicate::Oeq,
        FloatPredicate::Ogt,
        FloatPredicate::Oge,
        FloatPredicate::Olt,
        FloatPredicate::Ole,
        FloatPredicate::One,
        FloatPredicate::Ord,
        FloatPredicate::Ueq,
        FloatPredicate::Ugt,
        FloatPredicate::Uge,
        FloatPredicate::Ult,
        FloatPredicate::Ule,
        FloatPredicate::Une,
        FloatPredicate::Uno,
        FloatPredicate::True,
    ];
}

/// Floating-point operations on two operands of one type. `Maximum`/`Minimum` are IEEE
/// 754-2019's: NaN propagates and -0 orders below +0; `Rem` is C's `fmod`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FloatBinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Maximum,
    Minimum,
    CopySign,
}

/// Floating-point operations on one operand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FloatUnOp {
    Sqrt,
    Abs,
    Floor,
    Ceil,
    Trunc,
    /// Round to nearest, ties to even.
    RoundEven,
}

/// Integer operations on one operand of width 8 or more (`i1` is handled generically).
/// `Abs` of `INT_MIN` wraps to `INT_MIN`; the counts of zero are the width.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IntUnOp {
    Abs,
    Ctlz,
    Cttz,
    Ctpop,
}

/// A backend's builder, positioned in the function being translated. Values are the backend's
/// SSA values; every `Scalar` argument is the IR type of the operands, so a backend can map the
/// operation onto its representation of that type.
pub trait BuilderMethods<'a> {
    type Value: Copy;
    /// A basic block with typed arguments.
    type Block: Copy;

    /// The backend's name in diagnostics ("Cranelift", "LLVM").
    const NAME: &'static str;

    fn ctx(&self) -> &'a Context;
    fn func_name(&self) -> &str;
    fn values(&self) -> &ValueMap<Self::Value>;
    fn values_mut(&mut self) -> &mut ValueMap<Self::Value>;

    /// Whether values of kinds `a` and `b` are the same backend values, so a cast between them
    /// is free.
    fn same_representation(&self, a: Kind, b: Kind) -> bool;

    // ----- instructions -----

    /// An integer constant; `bits` already fits the width of `s`.
    fn const_int(&mut self, s: Scalar, bits: i64) -> Result<Self::Value>;
    fn const_float(&mut self, s: Scalar, v: f64) -> Result<Self::Value>;
    fn int_binary(&mut self, op: IntBinOp, s: Scalar, a: Self::Value, b: Self::Value) -> Result<Self::Value>;
    /// An `i1` result.
    fn icmp(&mut self, p: IntPredicate, s: Scalar, a: Self::Value, b: Self::Value) -> Result<Self::Value>;
    fn float_binary(&mut self, op: FloatBinOp, s: Scalar, a: Self::Value, b: Self::Value) -> Result<Self::Value>;
    fn fneg(&mut self, s: Scalar, a: Self::Value) -> Result<Self::Value>;
    /// An `i1` result.
    fn fcmp(&mut self, p: FloatPredicate, s: Scalar, a: Self::Value, b: Self::Value) -> Result<Self::Value>;
    /// `c` is an `i1`.
    fn select(&mut self, c: Self::Value, a: Self::Value, b: Self::Value) -> Result<Self::Value>;
    /// Sign- or zero-extend to a wider integer, or truncate to a narrower one.
    fn int_cast(&mut self, signed: bool, src: Scalar, dst: Scalar, a: Self::Value) -> Result<Self::Value>;
    fn int_to_float(&mut self, signed: bool, src: Scalar, dst: Scalar, a: Self::Value) -> Result<Self::Value>;
    /// Saturating: out of range gives the bound of `dst`, NaN gives 0.
    fn float_to_int_sat(&mut self, signed: bool, src: Scalar, dst: Scalar, a: Self::Value) -> Result<Self::Value>;
    /// `f32` to `f64` or back.
    fn float_cast(&mut self, src: Scalar, dst: Scalar, a: Self::Value) -> Result<Self::Value>;
    /// Reinterpret the bits of a value as another type of the same size; `None` where the
    /// backend cannot (a pointer in LLVM).
    fn bitcast(&mut self, src: Scalar, dst: Scalar, a: Self::Value) -> Result<Option<Self::Value>>;
    /// The low and high halves of the double-width product.
    fn mul_extended(
        &mut self,
        signed: bool,
        s: Scalar,
        a: Self::Value,
        b: Self::Value,
    ) -> Result<(Self::Value, Self::Value)>;

    fn float_unary(&mut self, op: FloatUnOp, s: Scalar, a: Self::Value) -> Result<Self::Value>;
    fn int_unary(&mut self, op: IntUnOp, s: Scalar, a: Self::Value) -> Result<Self::Value>;
    /// `a * b + c` rounded once.
    fn fma(&mut self, s: Scalar, a: Self::Value, b: Self::Value, c: Self::Value) -> Result<Self::Value>;
    /// Call the C math library's `name` on operands and result of type `s`, as an opaque call
    /// (so both backends compute libm's bits, not a folded approximation).
    fn call_libm(&mut self, name: &str, s: Scalar, args: &[Self::Value]) -> Result<Self::Value>;

    // ----- blocks -----

    /// A new block taking arguments of types `params`; the builder stays where it is.
    fn new_block(&mut self, params: &[Scalar]) -> Result<Self::Block>;
    fn block_params(&self, b: Self::Block) -> Result<Vec<Self::Value>>;
    /// Continue appending in `b`.
    fn switch_to_block(&mut self, b: Self::Block) -> Result<()>;
    fn br(&mut self, target: Self::Block, args: &[Self::Value]) -> Result<()>;
    /// `c` is an `i1`; the two targets differ when both take arguments.
    fn cond_br(
        &mut self,
        c: Self::Value,
        t: Self::Block,
        targs: &[Self::Value],
        f: Self::Block,
        fargs: &[Self::Value],
    ) -> Result<()>;

    /// The block of an IR block of the function.
    fn ir_block(&self, b: BlockId) -> Result<Self::Block>;
    /// Branch on integer `flag` of type `s`: to the block of the first case whose key it
    /// equals, else to `default`, each with its arguments.
    #[allow(clippy::type_complexity)]
    fn switch(
        &mut self,
        s: Scalar,
        flag: Self::Value,
        default: (Self::Block, Vec<Self::Value>),
        cases: Vec<(u64, (Self::Block, Vec<Self::Value>))>,
    ) -> Result<()>;
    /// A hint that `b` is rarely run (a failure path).
    fn mark_cold(&mut self, b: Self::Block);
    /// A pointer to a NUL-terminated copy of `s` (which holds no NUL) in read-only data.
    fn c_string(&mut self, s: &str) -> Result<Self::Value>;
    /// Call the C function `name` (declared on first use) with C types `params` and `ret`.
    fn call_extern(
        &mut self,
        name: &str,
        params: &[Scalar],
        ret: Option<Scalar>,
        args: &[Self::Value],
    ) -> Result<Option<Self::Value>>;
    /// End the block with a trap that is never reached (after `abort` or `exit`).
    fn unreachable(&mut self) -> Result<()>;

    // ----- the function (see `body::translate_body`) -----

    /// The ABI of the function being translated.
    fn abi(&self) -> &FuncAbi;
    /// The ABI of function `name` of the module, when it has one.
    fn callee_abi(&self, name: &str) -> Option<FuncAbi>;
    fn set_ir_block(&mut self, id: BlockId, b: Self::Block);
    /// The function's parameters as values of the entry block `b`, where the builder is left.
    fn entry_params(&mut self, b: Self::Block) -> Result<Vec<Self::Value>>;
    fn set_sret(&mut self, p: Self::Value) -> Result<()>;
    /// The parts of the memref descriptor a parameter points to.
    fn load_entry_descriptor(&mut self, kind: Kind, p: Self::Value) -> Result<Vec<Self::Value>>;
    /// The address in pointer `p` as an `index`.
    fn ptr_to_index(&mut self, p: Self::Value) -> Result<Self::Value>;

    // ----- memory (see `memory.rs`) -----

    /// Load a value of type `s` from address `p` (an `i1` is a byte in memory).
    fn load(&mut self, s: Scalar, p: Self::Value) -> Result<Self::Value>;
    /// Store `v` of type `s` at address `p`.
    fn store(&mut self, s: Scalar, v: Self::Value, p: Self::Value) -> Result<()>;
    /// `p + bytes` (an `index`), plain address arithmetic that may leave the object.
    fn ptr_add(&mut self, p: Self::Value, bytes: Self::Value) -> Result<Self::Value>;
    /// A buffer of `bytes` bytes in the function's frame, aligned to `align` (a power of two
    /// up to 4096).
    fn stack_alloc(&mut self, bytes: u32, align: u32) -> Result<Self::Value>;
    /// The address and shape of the module's `memref.global` `name`, when it has one.
    fn global(&mut self, name: &str) -> Result<Option<(Self::Value, Vec<i64>)>>;
    /// `func.return`, its operand count checked.
    fn func_return(&mut self, op: OpId) -> Result<()>;
    /// `func.call` of `callee`, its operand and result counts checked against `abi`.
    fn func_call(&mut self, op: OpId, callee: &str, abi: &FuncAbi) -> Result<()>;

    // ----- errors (provided) -----

    fn unsupported(&self, op: OpId) -> CodegenError {
        let msg = format!("is not supported by the {} code generator", Self::NAME);
        Diagnostic::op_error(self.ctx(), op, msg).into()
    }

    fn op_err(&self, op: OpId, msg: impl std::fmt::Display) -> CodegenError {
        Diagnostic::op_error(self.ctx(), op, msg).into()
    }

    fn ice(&self, msg: impl std::fmt::Display) -> CodegenError {
        CodegenError::internal(self.func_name(), msg)
    }

    // ----- types (provided) -----

    /// The kind of a type, or an error naming `op` (or the function when there is no op).
    fn kind(&self, ty: Type, op: Option<OpId>) -> Result<Kind> {
        kind_of(self.ctx(), ty).ok_or_else(|| {
            let t = flowgate_ir::asm::type_to_string(self.ctx(), ty);
            match op {
                Some(op) => self
                    .op_err(op, format!("uses type '{t}', which the {} code generator does not support", Self::NAME)),
                None => self.ice(format!("unsupported type '{t}'")),
            }
        })
    }

    fn scalar(&self, ty: Type, op: OpId) -> Result<Scalar> {
        scalar_of(self.ctx(), ty).ok_or_else(|| {
            let t = flowgate_ir::asm::type_to_string(self.ctx(), ty);
            self.op_err(op, format!("uses type '{t}', which the {} code generator does not support here", Self::NAME))
        })
    }

    /// The scalar type of result `i` of `op`.
    fn result_scalar(&self, op: OpId, i: usize) -> Result<Scalar> {
        let Some(&v) = self.ctx().results(op).get(i) else {
            return Err(self.op_err(op, format!("expected result #{i}")));
        };
        self.scalar(self.ctx().value_type(v), op)
    }

    fn operand_scalar(&self, op: OpId, i: usize) -> Result<Scalar> {
        let Some(&v) = self.ctx().operands(op).get(i) else {
            return Err(self.op_err(op, format!("expected operand #{i}")));
        };
        self.scalar(self.ctx().value_type(v), op)
    }

    // ----- values (provided) -----

    fn parts(&self, v: Value) -> Result<&[Self::Value]> {
        self.values().get(&v).map(Vec::as_slice).ok_or_else(|| self.ice("use of a value that was not translated"))
    }

    /// The single backend value of a scalar operand `i` of `op`.
    fn operand(&self, op: OpId, i: usize) -> Result<Self::Value> {
        let Some(&v) = self.ctx().operands(op).get(i) else {
            return Err(self.op_err(op, format!("expected operand #{i}")));
        };
        match self.parts(v)? {
            [x] => Ok(*x),
            _ => Err(self.op_err(op, format!("operand #{i} is not a scalar"))),
        }
    }

    fn operand_parts(&self, op: OpId, i: usize) -> Result<Vec<Self::Value>> {
        let Some(&v) = self.ctx().operands(op).get(i) else {
            return Err(self.op_err(op, format!("expected operand #{i}")));
        };
        Ok(self.parts(v)?.to_vec())
    }

    fn define(&mut self, op: OpId, i: usize, parts: Vec<Self::Value>) -> Result<()> {
        let Some(&v) = self.ctx().results(op).get(i) else {
            return Err(self.op_err(op, format!("expected result #{i}")));
        };
        self.values_mut().insert(v, parts);
        Ok(())
    }

    fn define1(&mut self, op: OpId, x: Self::Value) -> Result<()> {
        self.define(op, 0, vec![x])
    }

    /// A cast left by a partial conversion is free when each operand and its result are
    /// represented alike (e.g. `index` and `i64`, or two layouts of one memref); returns false
    /// otherwise so the op is reported as unsupported.
    fn conversion_cast(&mut self, op: OpId) -> Result<bool> {
        let ctx = self.ctx();
        let (ins, outs) = (ctx.operands(op), ctx.results(op));
        if ins.len() != outs.len() {
            return Ok(false);
        }
        for (i, (&a, &r)) in ins.iter().zip(outs).enumerate() {
            let (Some(ka), Some(kr)) = (kind_of(ctx, ctx.value_type(a)), kind_of(ctx, ctx.value_type(r))) else {
                return Ok(false);
            };
            if !self.same_representation(ka, kr) {
                return Ok(false);
            }
            let parts = self.parts(a)?.to_vec();
            self.define(op, i, parts)?;
        }
        Ok(true)
    }
}
