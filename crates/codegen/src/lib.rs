//! The backend-neutral half of Flowgate's code generators, in the manner of
//! `rustc_codegen_ssa`: everything about `func`/`arith`/`math`/`cf`/`memref` input that does not
//! depend on the target IR. The ABI classification ([`abi`]), the function table ([`funcs`]),
//! the byte layout of globals ([`globals`]), block order and successor operands ([`cfg`]),
//! attribute decoding ([`op_attrs`]), the C header ([`header`]), running an entry ([`run`]),
//! the lowering pipeline the tools run before code generation ([`pipeline`]) and the one error
//! type ([`CodegenError`]). The backends (`flowgate-codegen-cranelift`, `flowgate-codegen-llvm`)
//! keep only what speaks their IR.

pub mod abi;
pub mod backend;
pub mod cfg;
mod error;
pub mod funcs;
pub mod globals;
pub mod header;
pub mod op_attrs;
pub mod pipeline;
pub mod run;
pub mod translate;

pub use error::{CodegenError, Result};

/// The optimization level of the lowering pipeline: `-O0` runs [`pipeline::LOWERING_PIPELINE`],
/// `-O2` adds the loop optimizations (and is Cranelift's `speed`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum OptLevel {
    None,
    #[default]
    Speed,
}
