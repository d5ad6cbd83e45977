"""The exceptions under the module path onnxruntime gives them, so that
`except ort.capi.onnxruntime_pybind11_state.InvalidArgument:` keeps working after
`import flowgate as ort`."""

from .._flowgate import (  # noqa: F401
    Fail,
    FlowgateError,
    InvalidArgument,
    InvalidGraph,
    InvalidProtobuf,
    NoSuchFile,
    NotImplemented,
)
