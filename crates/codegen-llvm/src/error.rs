//! Errors of the LLVM code generator.

use flowgate_ir::Diagnostic;

/// Everything that can go wrong between verified IR and machine code.
#[derive(Debug, thiserror::Error)]
pub enum CodegenError {
    /// The input uses something this backend cannot lower (an op, a type); located at the op.
    #[error("{0}")]
    Unsupported(#[from] Diagnostic),
    /// LLVM rejected what we generated, or failed: a bug in this crate, never in the input.
    #[error("internal compiler error while compiling '{func}': {message}")]
    Internal { func: String, message: String },
    /// inkwell refused to build an instruction (a bug in this crate).
    #[error("internal compiler error: LLVM builder: {0}")]
    Builder(#[from] inkwell::builder::BuilderError),
    /// The requested target triple or its settings are not usable.
    #[error("unsupported target '{triple}': {message}")]
    Target { triple: String, message: String },
    /// The JIT could not run the requested function.
    #[error("{0}")]
    Run(String),
}

impl CodegenError {
    pub(crate) fn internal(func: &str, message: impl std::fmt::Display) -> Self {
        CodegenError::Internal { func: func.to_string(), message: message.to_string() }
    }
}

pub type Result<T> = std::result::Result<T, CodegenError>;
