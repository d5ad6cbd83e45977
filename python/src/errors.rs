//! The package's exceptions: `flowgate.FlowgateError` and one subclass per kind of failure,
//! named as onnxruntime's (`onnxruntime.capi.onnxruntime_pybind11_state`) where one fits, so a
//! program's `except` clauses keep their meaning after the import changes.

use flowgate_onnx_import::ImportError;
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::PyErr;

create_exception!(flowgate, FlowgateError, PyException, "The base class of every error Flowgate raises.");
create_exception!(
    flowgate,
    InvalidArgument,
    FlowgateError,
    "A bad argument: a feed that is missing, unknown, or of the wrong type, rank or size (names the input)."
);
create_exception!(flowgate, Fail, FlowgateError, "The model failed while it ran (names the node).");
create_exception!(flowgate, NoSuchFile, FlowgateError, "The model file does not exist or cannot be read.");
create_exception!(flowgate, InvalidProtobuf, FlowgateError, "The bytes are not an ONNX model.");
create_exception!(
    flowgate,
    InvalidGraph,
    FlowgateError,
    "The model breaks an ONNX rule or the importer refuses it (names the node and graph path)."
);
create_exception!(
    flowgate,
    NotImplemented,
    FlowgateError,
    "The model uses an op, attribute or type Flowgate does not support yet (named and located)."
);

/// A model that could not be loaded: a missing file, bytes that are no model, a broken graph.
pub fn load_error(e: &ImportError) -> PyErr {
    let msg = e.to_string();
    match e {
        ImportError::Io { .. } | ImportError::ExternalData { .. } => NoSuchFile::new_err(msg),
        ImportError::Decode { .. } | ImportError::NotAModel { .. } | ImportError::Text(_) => {
            InvalidProtobuf::new_err(msg)
        }
        ImportError::NestingLimit { .. } | ImportError::Check(_) => InvalidGraph::new_err(msg),
    }
}

/// A compile error: the importer's refusals are `InvalidGraph`, lowering's and code
/// generation's (an op or type not supported) `NotImplemented`.
pub fn compile_error(e: flowgate_driver::model::CompileError) -> PyErr {
    let msg = e.message.trim_end().to_string();
    match e.stage {
        flowgate_driver::model::Stage::Import => InvalidGraph::new_err(msg),
        flowgate_driver::model::Stage::Lower => NotImplemented::new_err(msg),
    }
}
