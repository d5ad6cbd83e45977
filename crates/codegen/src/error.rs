//! Errors of code generation, one type for every backend: the tools render them alike.

use flowgate_ir::Diagnostic;

/// Everything that can go wrong between verified IR and machine code.
#[derive(Debug, thiserror::Error)]
pub enum CodegenError {
    /// The input uses something the backend cannot lower (an op, a type); located at the op.
    #[error("{0}")]
    Unsupported(#[from] Diagnostic),
    /// The backend's verifier rejected what we generated: a bug here, never in the input.
    #[error("internal compiler error: {backend}'s verifier rejected function '{func}':\n{message}")]
    Verifier { backend: &'static str, func: String, message: String },
    /// Any other failure inside the backend while compiling `func`.
    #[error("internal compiler error while compiling '{func}': {message}")]
    Internal { func: String, message: String },
    /// The backend refused to build an instruction (a bug here).
    #[error("internal compiler error: {0}")]
    Builder(String),
    /// The requested target triple or its settings are not usable.
    #[error("unsupported target '{triple}': {message}")]
    Target { triple: String, message: String },
    /// The JIT could not run the requested function.
    #[error("{0}")]
    Run(String),
}

impl CodegenError {
    pub fn internal(func: &str, message: impl std::fmt::Display) -> Self {
        CodegenError::Internal { func: func.to_string(), message: message.to_string() }
    }
}

pub type Result<T> = std::result::Result<T, CodegenError>;
