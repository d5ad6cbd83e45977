use flowgate_ir::Diagnostic;

/// What can go wrong on the bridge.
#[derive(Debug, thiserror::Error)]
pub enum BridgeError {
    /// Upstream (or our parser reading upstream's output) rejected the module; the diagnostic
    /// is located in the user's file where the location allows.
    #[error("{0}")]
    Diagnostic(Box<Diagnostic>),
    /// A pass pipeline that upstream cannot parse.
    #[error("invalid upstream pass pipeline: {0}")]
    Pipeline(String),
    /// Running compiled code failed (a missing entry point, an unsupported signature).
    #[error("{0}")]
    Run(String),
}

impl From<Diagnostic> for BridgeError {
    fn from(d: Diagnostic) -> Self {
        BridgeError::Diagnostic(Box::new(d))
    }
}

pub type Result<T> = std::result::Result<T, BridgeError>;
