//! `flowgate._flowgate`: the compiled half of the Python package `flowgate` (README.md).
//! It calls flowgate-driver in process: no subprocess, no temporary file.

mod convert;
mod errors;
mod session;
mod types;

use pyo3::pymodule;

#[pymodule]
mod _flowgate {
    use pyo3::prelude::*;

    #[pymodule_export]
    use crate::errors::{
        Fail, FlowgateError, InvalidArgument, InvalidGraph, InvalidProtobuf, NoSuchFile, NotImplemented,
    };
    #[pymodule_export]
    use crate::session::Session;

    /// Values alive in the runtime (tensors, sequences, optionals): the tests' leak check.
    #[pyfunction]
    fn live_values() -> i64 {
        flowgate_runtime::live_values()
    }
}
