//! An upstream MLIR context with every dialect, pass and LLVM translation registered, and a
//! diagnostic handler that captures what upstream reports instead of printing it.

use crate::diag::Captured;
use melior::dialect::DialectRegistry;
use melior::utility::{register_all_dialects, register_all_llvm_translations, register_all_passes};
use std::cell::RefCell;
use std::rc::Rc;

pub struct Upstream {
    // Declared first so it is dropped before the diagnostics it writes to (the handler's box
    // holds its own `Rc`, so either order would be sound; this one reads naturally).
    context: melior::Context,
    captured: Rc<RefCell<Vec<Captured>>>,
}

impl Upstream {
    /// A context as `mlir-opt` has one: all dialects registered and loaded, all passes
    /// registered (process-wide, once), LLVM IR translations for the execution engine.
    /// `allow_unregistered` lets ops of dialects upstream does not know (ours, `onnx`) through,
    /// as `--allow-unregistered-dialect` does.
    pub fn new(allow_unregistered: bool) -> Self {
        let registry = DialectRegistry::new();
        register_all_dialects(&registry);
        // Multi-threading off: the machines have 2 cores shared by many jobs, and single-threaded
        // diagnostics come in a deterministic order.
        let context = melior::Context::new_with_registry(&registry, false);
        context.load_all_available_dialects();
        register_all_llvm_translations(&context);
        register_all_passes();
        context.set_allow_unregistered_dialects(allow_unregistered);
        let captured: Rc<RefCell<Vec<Captured>>> = Rc::default();
        let sink = Rc::clone(&captured);
        context.attach_diagnostic_handler(move |d| {
            sink.borrow_mut().push(Captured::from_upstream(&d));
            // Handled: upstream must not print it to stderr as well.
            true
        });
        Upstream { context, captured }
    }

    pub fn context(&self) -> &melior::Context {
        &self.context
    }

    /// The diagnostics captured since the last call, oldest first.
    pub fn take_diagnostics(&self) -> Vec<Captured> {
        std::mem::take(&mut *self.captured.borrow_mut())
    }
}
