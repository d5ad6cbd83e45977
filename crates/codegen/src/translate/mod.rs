//! The generic front half of code generation, in the shape of `rustc_codegen_ssa`: a backend
//! implements [`BuilderMethods`] (its value type, the value map it keeps for the function, and
//! one method per instruction the IR needs, at the IR's types and semantics), and the
//! translations here decode each op once, check its types and compose those instructions. A
//! backend's methods only map an IR-level instruction onto its own IR (Cranelift keeps `i1` as
//! an `i8` holding 0 or 1, LLVM has a native `i1`); everything else (which operand is what,
//! which result an undefined case gets) is written here once.

pub mod arith;
pub mod body;
mod builder;
pub mod cf;
pub mod math;
mod memory;
pub mod memref;
pub mod views;

pub use builder::{BuilderMethods, FloatBinOp, FloatPredicate, FloatUnOp, IntBinOp, IntPredicate, IntUnOp, ValueMap};
