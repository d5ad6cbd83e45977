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

    /// Bytes of inputs lent to the runtime without a copy, bytes of inputs copied, bytes of
    /// outputs copied, lent inputs kept alive (see `convert::Lent`): the tests' copy check.
    #[pyfunction]
    fn copy_stats() -> (u64, u64, u64, u64) {
        let [a, b, c, d] = crate::convert::copy_stats();
        (a, b, c, d)
    }

    /// The number of threads the runtime's kernels use now (the tests' check of
    /// `intra_op_num_threads`).
    #[pyfunction]
    fn num_threads() -> usize {
        flowgate_runtime::num_threads()
    }

    /// Values alive in the runtime (tensors, sequences, optionals): the tests' leak check.
    #[pyfunction]
    fn live_values() -> i64 {
        flowgate_runtime::live_values()
    }
}
