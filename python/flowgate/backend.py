"""Flowgate as an ONNX backend (`onnx.backend.base.Backend`), so onnx's own test runner
(`onnx.backend.test.BackendTest`) can run its node and model tests against it:

    import onnx.backend.test
    import flowgate.backend
    globals().update(onnx.backend.test.BackendTest(flowgate.backend, __name__).test_cases)

Needs the `onnx` package (the rest of flowgate does not).
"""

import numpy as np
import onnx
from onnx.backend.base import Backend, BackendRep

from . import InferenceSession, SessionOptions


class FlowgateRep(BackendRep):
    """A compiled model; `run` takes the inputs in graph order (or a dict by name), as the
    backend API does, and returns the outputs in graph order."""

    def __init__(self, session):
        self._session = session
        # Inputs that an initializer gives a value may be left out of a positional list.
        self._inputs = [a.name for a in session.get_inputs()]

    def run(self, inputs, **kwargs):
        if isinstance(inputs, dict):
            feed = dict(inputs)
        else:
            if isinstance(inputs, np.ndarray) or not isinstance(inputs, (list, tuple)):
                inputs = [inputs]
            feed = dict(zip(self._inputs, inputs))
        return self._session.run(None, feed)


class FlowgateBackend(Backend):
    @classmethod
    def is_compatible(cls, model, device="CPU", **kwargs):
        return cls.supports_device(device)

    @classmethod
    def supports_device(cls, device):
        return device == "CPU"

    @classmethod
    def prepare(cls, model, device="CPU", **kwargs):
        """`model`: a ModelProto, its bytes, or a path. `kwargs` set SessionOptions attributes
        (`backend`, `opt_level`, `compiled_tensors`, ...)."""
        if not cls.supports_device(device):
            raise RuntimeError(f"Flowgate runs on the CPU only, not on '{device}'")
        opts = SessionOptions()
        for k, v in kwargs.items():
            if hasattr(opts, k):
                setattr(opts, k, v)
        if isinstance(model, onnx.ModelProto):
            model = model.SerializeToString()
        return FlowgateRep(InferenceSession(model, sess_options=opts))

    @classmethod
    def run_model(cls, model, inputs, device="CPU", **kwargs):
        return cls.prepare(model, device, **kwargs).run(inputs)

    @classmethod
    def run_node(cls, node, inputs, device="CPU", outputs_info=None, **kwargs):
        """One node as a model of its own: inputs typed from the given arrays, outputs from
        `outputs_info` ((dtype, shape) pairs) when given, else left untyped."""
        from onnx import helper

        names = [n for n in node.input if n]
        vi = [
            helper.make_tensor_value_info(n, helper.np_dtype_to_tensor_dtype(np.asarray(x).dtype), np.shape(x))
            for n, x in zip(names, inputs)
        ]
        outs = []
        for k, n in enumerate(node.output):
            if outputs_info is not None and k < len(outputs_info):
                dt, shape = outputs_info[k]
                outs.append(helper.make_tensor_value_info(n, helper.np_dtype_to_tensor_dtype(np.dtype(dt)), shape))
            else:
                outs.append(helper.make_empty_tensor_value_info(n))
        graph = helper.make_graph([node], "run_node", vi, outs)
        opset = kwargs.pop("opset_version", onnx.defs.onnx_opset_version())
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
        return cls.run_model(model, dict(zip(names, inputs)), device, **kwargs)


prepare = FlowgateBackend.prepare
run_model = FlowgateBackend.run_model
run_node = FlowgateBackend.run_node
supports_device = FlowgateBackend.supports_device
is_compatible = FlowgateBackend.is_compatible
