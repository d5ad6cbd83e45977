//! The LLVM backend reports `flowgate_codegen::CodegenError`, the one error type of every
//! backend. Inside the crate, results carry it in [`Error`], which also takes inkwell's
//! builder errors with `?` (neither type is this crate's, so `From` cannot join them directly).

use flowgate_codegen::CodegenError;
use flowgate_ir::Diagnostic;

#[derive(Debug)]
pub(crate) struct Error(pub(crate) CodegenError);

impl From<CodegenError> for Error {
    fn from(e: CodegenError) -> Self {
        Error(e)
    }
}

impl From<Diagnostic> for Error {
    fn from(d: Diagnostic) -> Self {
        Error(CodegenError::Unsupported(d))
    }
}

impl From<inkwell::builder::BuilderError> for Error {
    fn from(e: inkwell::builder::BuilderError) -> Self {
        Error(CodegenError::Builder(format!("LLVM builder: {e}")))
    }
}

impl From<Error> for CodegenError {
    fn from(e: Error) -> Self {
        e.0
    }
}

pub(crate) type Result<T> = std::result::Result<T, Error>;
