"""onnxruntime's `capi` path, for programs that catch `ort.capi.onnxruntime_pybind11_state.X`."""

from . import onnxruntime_pybind11_state  # noqa: F401
