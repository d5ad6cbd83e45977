//! The table of arith ops: syntax shape, type classes and cast rule of each, from which
//! registration, parsing, printing and verification are driven.

use crate::types::Class;

/// The custom assembly shapes arith uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// `%a, %b attr-dict : T`
    Bin,
    /// `%a, %b (overflow<...>)? attr-dict : T`
    BinOverflow,
    /// `%a, %b (fastmath<...>)? attr-dict : T`
    BinFast,
    /// `%a (fastmath<...>)? attr-dict : T`
    UnaryFast,
    /// `%a attr-dict : T to U`
    Cast,
    /// `%a (overflow<...>)? attr-dict : T to U`
    CastOverflow,
    /// `%a (fastmath<...>)? attr-dict : T to U`, fastmath optional (not defaulted)
    CastFast,
    /// `%a (roundingmode)? (fastmath<...>)? attr-dict : T to U`
    TruncF,
    /// `%a, %s (fastmath<...>)? attr-dict : T, S to U`
    ScalingExtF,
    /// `%a, %s (roundingmode)? (fastmath<...>)? attr-dict : T, S to U`
    ScalingTruncF,
    /// `pred, %a, %b attr-dict : T`
    CmpI,
    /// `pred, %a, %b (fastmath<...>)? attr-dict : T`
    CmpF,
    /// `%a, %b attr-dict : T, B` with results (T, B)
    AddExtended,
    /// `%a, %b attr-dict : T` with results (T, T)
    MulExtended,
    /// `%c, %a, %b attr-dict : [C,] T`
    Select,
    /// `attr-dict value`
    Constant,
}

/// Which element types a cast accepts between (checked as upstream's `areCastCompatible`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CastRule {
    IntWiden,
    IntNarrow,
    FloatWiden,
    FloatNarrow,
    IntToFloat,
    FloatToInt,
    /// Exactly one side is `index`.
    Index,
    /// Same bit width.
    Bitcast,
}

#[derive(Copy, Clone, Debug)]
pub struct Spec {
    pub name: &'static str,
    pub syntax: Syntax,
    /// Class of the (first) operand.
    pub operand: Class,
    /// Class of the (first) result.
    pub result: Class,
    pub commutative: bool,
    pub cast: Option<CastRule>,
}

const fn s(name: &'static str, syntax: Syntax, operand: Class, result: Class) -> Spec {
    Spec { name, syntax, operand, result, commutative: false, cast: None }
}

const fn comm(mut sp: Spec) -> Spec {
    sp.commutative = true;
    sp
}

const fn cast(name: &'static str, syntax: Syntax, operand: Class, result: Class, rule: CastRule) -> Spec {
    Spec { name, syntax, operand, result, commutative: false, cast: Some(rule) }
}

use Class::*;
use Syntax::*;

pub const SPECS: &[Spec] = &[
    s("arith.constant", Constant, Any, Any),
    comm(s("arith.addi", BinOverflow, SignlessIntLike, SignlessIntLike)),
    s("arith.subi", BinOverflow, SignlessIntLike, SignlessIntLike),
    comm(s("arith.muli", BinOverflow, SignlessIntLike, SignlessIntLike)),
    s("arith.divsi", Bin, SignlessIntLike, SignlessIntLike),
    s("arith.divui", Bin, SignlessIntLike, SignlessIntLike),
    s("arith.ceildivsi", Bin, SignlessIntLike, SignlessIntLike),
    s("arith.ceildivui", Bin, SignlessIntLike, SignlessIntLike),
    s("arith.floordivsi", Bin, SignlessIntLike, SignlessIntLike),
    s("arith.remsi", Bin, SignlessIntLike, SignlessIntLike),
    s("arith.remui", Bin, SignlessIntLike, SignlessIntLike),
    comm(s("arith.andi", Bin, SignlessIntLike, SignlessIntLike)),
    comm(s("arith.ori", Bin, SignlessIntLike, SignlessIntLike)),
    comm(s("arith.xori", Bin, SignlessIntLike, SignlessIntLike)),
    s("arith.shli", BinOverflow, SignlessIntLike, SignlessIntLike),
    s("arith.shrsi", Bin, SignlessIntLike, SignlessIntLike),
    s("arith.shrui", Bin, SignlessIntLike, SignlessIntLike),
    comm(s("arith.maxsi", Bin, SignlessIntLike, SignlessIntLike)),
    comm(s("arith.maxui", Bin, SignlessIntLike, SignlessIntLike)),
    comm(s("arith.minsi", Bin, SignlessIntLike, SignlessIntLike)),
    comm(s("arith.minui", Bin, SignlessIntLike, SignlessIntLike)),
    comm(s("arith.addui_extended", AddExtended, SignlessIntLike, SignlessIntLike)),
    comm(s("arith.mulsi_extended", MulExtended, SignlessIntLike, SignlessIntLike)),
    comm(s("arith.mului_extended", MulExtended, SignlessIntLike, SignlessIntLike)),
    comm(s("arith.addf", BinFast, FloatLike, FloatLike)),
    s("arith.subf", BinFast, FloatLike, FloatLike),
    comm(s("arith.mulf", BinFast, FloatLike, FloatLike)),
    s("arith.divf", BinFast, FloatLike, FloatLike),
    s("arith.remf", BinFast, FloatLike, FloatLike),
    comm(s("arith.maximumf", BinFast, FloatLike, FloatLike)),
    comm(s("arith.minimumf", BinFast, FloatLike, FloatLike)),
    comm(s("arith.maxnumf", BinFast, FloatLike, FloatLike)),
    comm(s("arith.minnumf", BinFast, FloatLike, FloatLike)),
    s("arith.negf", UnaryFast, FloatLike, FloatLike),
    s("arith.cmpi", CmpI, SignlessIntLike, BoolLike),
    s("arith.cmpf", CmpF, FloatLike, BoolLike),
    s("arith.select", Select, BoolLike, Any),
    cast("arith.extsi", Cast, FixedIntLike, FixedIntLike, CastRule::IntWiden),
    cast("arith.extui", Cast, FixedIntLike, FixedIntLike, CastRule::IntWiden),
    cast("arith.trunci", CastOverflow, FixedIntLike, FixedIntLike, CastRule::IntNarrow),
    cast("arith.extf", CastFast, FloatLike, FloatLike, CastRule::FloatWiden),
    cast("arith.truncf", TruncF, FloatLike, FloatLike, CastRule::FloatNarrow),
    cast("arith.scaling_extf", ScalingExtF, FloatLike, FloatLike, CastRule::FloatWiden),
    cast("arith.scaling_truncf", ScalingTruncF, FloatLike, FloatLike, CastRule::FloatNarrow),
    cast("arith.sitofp", Cast, FixedIntLike, FloatLike, CastRule::IntToFloat),
    cast("arith.uitofp", Cast, FixedIntLike, FloatLike, CastRule::IntToFloat),
    cast("arith.fptosi", Cast, FloatLike, FixedIntLike, CastRule::FloatToInt),
    cast("arith.fptoui", Cast, FloatLike, FixedIntLike, CastRule::FloatToInt),
    cast("arith.index_cast", Cast, IntLikeOrMemref, IntLikeOrMemref, CastRule::Index),
    cast("arith.index_castui", Cast, IntLikeOrMemref, IntLikeOrMemref, CastRule::Index),
    cast("arith.bitcast", Cast, IntOrFloatLikeOrMemref, IntOrFloatLikeOrMemref, CastRule::Bitcast),
];

pub fn spec(name: &str) -> Option<&'static Spec> {
    SPECS.iter().find(|s| s.name == name)
}

impl Syntax {
    /// Ops whose `fastmath` attribute has a default (`none`) and is always present.
    pub fn default_fastmath(self) -> bool {
        matches!(self, BinFast | UnaryFast | CmpF)
    }

    pub fn has_fastmath(self) -> bool {
        self.default_fastmath() || matches!(self, CastFast | TruncF | ScalingExtF | ScalingTruncF)
    }

    pub fn has_overflow(self) -> bool {
        matches!(self, BinOverflow | CastOverflow)
    }

    pub fn has_rounding(self) -> bool {
        matches!(self, TruncF | ScalingTruncF)
    }

    pub fn operand_count(self) -> usize {
        match self {
            Constant => 0,
            UnaryFast | Cast | CastOverflow | CastFast | TruncF => 1,
            Select => 3,
            _ => 2,
        }
    }

    pub fn result_count(self) -> usize {
        match self {
            Constant | Select => 1,
            AddExtended | MulExtended => 2,
            _ => 1,
        }
    }
}
