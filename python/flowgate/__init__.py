"""Flowgate from Python, with onnxruntime's interface.

Replace ``import onnxruntime as ort`` by ``import flowgate as ort`` and the rest of a program that
uses ``ort.InferenceSession`` keeps working (README.md, "Use from Python", lists what differs).
The model is imported, lowered and JIT-compiled in process by the Rust library behind the
``onnx-run`` tool; ``run`` releases the GIL, and one session may be used from several threads.
"""

import operator
import os
import warnings

from . import _flowgate
from . import capi  # noqa: F401  (onnxruntime's path to its exceptions)
from ._flowgate import (
    Fail,
    FlowgateError,
    InvalidArgument,
    InvalidGraph,
    InvalidProtobuf,
    NoSuchFile,
    NotImplemented,
)

__all__ = [
    "InferenceSession",
    "SessionOptions",
    "RunOptions",
    "GraphOptimizationLevel",
    "ExecutionMode",
    "NodeArg",
    "ModelMetadata",
    "FlowgateError",
    "Fail",
    "InvalidArgument",
    "InvalidGraph",
    "InvalidProtobuf",
    "NoSuchFile",
    "NotImplemented",
    "get_available_providers",
    "get_all_providers",
    "get_device",
]

__version__ = "0.1.0"

# The one execution provider Flowgate is: the host CPU. Other providers are accepted (a program
# written for onnxruntime often lists CUDA first) and ignored with a warning, as onnxruntime does
# for a provider it was built without.
_CPU = "CPUExecutionProvider"
_KNOWN_PROVIDERS = [
    "TensorrtExecutionProvider", "CUDAExecutionProvider", "MIGraphXExecutionProvider",
    "ROCMExecutionProvider", "OpenVINOExecutionProvider", "DnnlExecutionProvider",
    "VitisAIExecutionProvider", "QNNExecutionProvider", "NnapiExecutionProvider",
    "VSINPUExecutionProvider", "JsExecutionProvider", "CoreMLExecutionProvider",
    "ArmNNExecutionProvider", "ACLExecutionProvider", "DmlExecutionProvider",
    "RknpuExecutionProvider", "WebNNExecutionProvider", "WebGpuExecutionProvider",
    "XnnpackExecutionProvider", "CANNExecutionProvider", "AzureExecutionProvider",
    "NvTensorRTRTXExecutionProvider", _CPU,
]


def get_available_providers():
    return [_CPU]


def get_all_providers():
    return list(_KNOWN_PROVIDERS)


def get_device():
    return "CPU"


class GraphOptimizationLevel:
    """onnxruntime's levels. ``ORT_DISABLE_ALL`` compiles at -O0; the others at the backend's
    default level (``SessionOptions.opt_level`` chooses one exactly)."""

    ORT_DISABLE_ALL = 0
    ORT_ENABLE_BASIC = 1
    ORT_ENABLE_EXTENDED = 2
    ORT_ENABLE_LAYOUT = 3
    ORT_ENABLE_ALL = 99


class ExecutionMode:
    ORT_SEQUENTIAL = 0
    ORT_PARALLEL = 1


def _flag(name, v):
    # As onnxruntime's pybind11 bool: True/False (numpy's bool too), not 0/1 or "yes".
    if type(v).__name__ not in ("bool", "bool_"):
        raise TypeError(f"SessionOptions.{name} must be a bool, got {type(v).__name__} {v!r}")
    return bool(v)


def _count(name, v, low=0):
    if isinstance(v, bool) or not hasattr(v, "__index__"):
        raise TypeError(f"SessionOptions.{name} must be an int, got {type(v).__name__} {v!r}")
    v = operator.index(v)
    if v < low:
        raise ValueError(f"SessionOptions.{name} must be at least {low}, got {v}")
    return v


def _one_of(choices):
    def check(name, v):
        if isinstance(v, bool) or v not in choices:
            raise ValueError(f"SessionOptions.{name} must be one of {', '.join(map(repr, choices))}; got {v!r}")
        return v

    return check


def _text(name, v):
    if not isinstance(v, str):
        raise TypeError(f"SessionOptions.{name} must be a str, got {type(v).__name__} {v!r}")
    return v


def _opt_level(name, v):
    # onnx-run's -O levels; which ones a backend takes is checked when a session is made.
    if v is None:
        return None
    if isinstance(v, str) and v.isdigit():
        v = int(v)
    return _one_of((0, 1, 2, 3))(name, v)


def _directory(name, v):
    if v is None:
        return None
    if not isinstance(v, (str, os.PathLike)):
        raise TypeError(f"SessionOptions.{name} must be a path (str or os.PathLike) or None, got {type(v).__name__}")
    return os.fsdecode(os.fspath(v))


# Every attribute a SessionOptions has: onnxruntime's (most accepted and without effect here,
# see README.md) and Flowgate's, each with its default and the check a new value must pass.
_OPTIONS = {
    "intra_op_num_threads": (0, _count),
    "inter_op_num_threads": (0, _count),
    "graph_optimization_level": (99, _one_of((0, 1, 2, 3, 99))),
    "execution_mode": (0, _one_of((0, 1))),
    "execution_order": (0, _one_of((0, 1, 2))),
    "log_severity_level": (2, _one_of((0, 1, 2, 3, 4))),
    "log_verbosity_level": (0, _count),
    "logid": ("", _text),
    "enable_profiling": (False, _flag),
    "profile_file_prefix": ("onnxruntime_profile_", _text),
    "enable_cpu_mem_arena": (True, _flag),
    "enable_mem_pattern": (True, _flag),
    "enable_mem_reuse": (True, _flag),
    "use_deterministic_compute": (False, _flag),
    "optimized_model_filepath": ("", _text),
    # Flowgate's own.
    "backend": ("cranelift", _one_of(("cranelift", "llvm", "mlir"))),
    "opt_level": (None, _opt_level),
    "compiled_tensors": (True, _flag),
    "specialize": (True, _flag),
    "stack_size": (64 << 20, lambda n, v: _count(n, v, 1 << 16)),
    "cache_dir": (None, _directory),
}


class SessionOptions:
    """onnxruntime's session options, plus Flowgate's own. Setting an attribute checks its value
    (``TypeError`` for a wrong type, ``ValueError`` for a bad value, when it is set); an
    attribute that neither onnxruntime nor Flowgate has is an ``AttributeError``.

    - ``backend``: ``"cranelift"`` (the one this package is built with; ``"llvm"`` and
      ``"mlir"`` need builds with those cargo features, and a session refuses them naming it).
    - ``opt_level``: ``None`` (the backend's default) or ``-O``'s level (``0``, ``2``, ``3``);
      ``graph_optimization_level = ORT_DISABLE_ALL`` is ``-O0`` when ``opt_level`` is None.
    - ``specialize``: True (onnx-run's default) compiles the model again for each new set of
      input shapes (up to 8, then the symbolic code serves); False is ``--no-specialize``.
    - ``compiled_tensors``: False is onnx-run's ``--no-compiled-tensors``.
    - ``stack_size``: bytes of stack for the thread compiled code runs on (``--stack-size``).
    - ``intra_op_num_threads``: the number of threads the kernels split their work over (the
      caller included), as onnx-run's ``--threads``. The count is the process's, not the
      session's: a session made with a non-zero count sets it for every session; 0 (the
      default) leaves it as it is (at first, the number of physical cores).
    - ``cache_dir``: a directory of compiled models (onnx-run's ``--cache-dir``): a model
      compiled once is loaded from there by the next session, in this process or another.
      ``None`` (the default) uses ``$FLOWGATE_CACHE_DIR`` when set, else no cache.

    The other onnxruntime attributes (``log_severity_level``, ``enable_profiling``, ...) are
    checked as onnxruntime checks them and have no effect.
    """

    __slots__ = ("_values", "_configs")

    def __init__(self):
        object.__setattr__(self, "_values", {k: d for k, (d, _) in _OPTIONS.items()})
        object.__setattr__(self, "_configs", {})

    def __getattr__(self, name):
        values = object.__getattribute__(self, "_values")
        if name in values:
            return values[name]
        raise AttributeError(f"'SessionOptions' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        if name not in _OPTIONS:
            raise AttributeError(f"'SessionOptions' object has no attribute '{name}'")
        self._values[name] = _OPTIONS[name][1](name, value)

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(_OPTIONS))

    def __repr__(self):
        return "SessionOptions(" + ", ".join(f"{k}={v!r}" for k, v in self._values.items()) + ")"

    def add_session_config_entry(self, key, value):
        self._configs[str(key)] = str(value)

    def get_session_config_entry(self, key):
        return self._configs[key]

    def _compile_options(self):
        level = self.opt_level
        if level is None and self.graph_optimization_level == GraphOptimizationLevel.ORT_DISABLE_ALL:
            level = 0
        return dict(
            backend=self.backend,
            opt_level=None if level is None else str(level),
            compiled_tensors=self.compiled_tensors,
            specialize=self.specialize,
            stack_size=self.stack_size,
            threads=self.intra_op_num_threads or None,
            cache_dir=self.cache_dir,
        )


class RunOptions:
    """Accepted by ``run`` for onnxruntime's sake; its settings have no effect."""

    def __init__(self):
        self.log_severity_level = 2
        self.log_verbosity_level = 0
        self.logid = ""
        self.terminate = False
        self.only_execute_path_to_fetches = False

    def add_run_config_entry(self, key, value):
        pass


class MissingInput(InvalidArgument, ValueError):
    """A required input is not in the feed: onnxruntime raises ValueError for it, so this is
    both that and Flowgate's InvalidArgument."""


class NodeArg:
    """A graph input or output: ``name``, ``type`` (``'tensor(float)'``, ``'seq(tensor(int64))'``,
    ...) and ``shape`` (ints, symbolic names as str, None when unknown), as onnxruntime's."""

    __slots__ = ("name", "type", "shape")

    def __init__(self, name, type, shape):
        self.name = name
        self.type = type
        self.shape = shape

    def __repr__(self):
        return f"NodeArg(name={self.name!r}, type={self.type!r}, shape={self.shape!r})"


class ModelMetadata:
    """onnxruntime's ``ModelMetadata``: producer_name, graph_name, domain, description,
    graph_description, version, custom_metadata_map."""

    def __init__(self, fields):
        for k, v in fields.items():
            setattr(self, k, v)


def _providers(providers, provider_options):
    if providers is None:
        return
    if isinstance(providers, str):
        raise ValueError("providers must be a list of provider names, not a str")
    for p in providers:
        name = p[0] if isinstance(p, (tuple, list)) else p
        if not isinstance(name, str):
            raise ValueError(f"a provider must be a name or a (name, options) pair, got {p!r}")
        if name not in _KNOWN_PROVIDERS:
            raise ValueError(f"unknown execution provider '{name}' (available: {_CPU})")
        if name != _CPU:
            warnings.warn(
                f"Flowgate runs on the CPU only; execution provider '{name}' is ignored",
                RuntimeWarning,
                stacklevel=3,
            )


class InferenceSession:
    """``onnxruntime.InferenceSession`` over Flowgate: the model (a path or its bytes) is
    compiled once here; ``run`` calls the compiled code."""

    def __init__(self, path_or_bytes, sess_options=None, providers=None, provider_options=None, **kwargs):
        _providers(providers, provider_options)
        self._sess_options = sess_options if sess_options is not None else SessionOptions()
        if isinstance(path_or_bytes, (bytes, bytearray, memoryview)):
            model = bytes(path_or_bytes)
            self._model_path = None
        elif isinstance(path_or_bytes, (str, os.PathLike)):
            model = os.fspath(path_or_bytes)
            if isinstance(model, bytes):
                model = os.fsdecode(model)
            self._model_path = model
        else:
            raise TypeError(
                f"Unable to load from type '{type(path_or_bytes)}': give a model path (str, os.PathLike) or bytes"
            )
        self._sess = _flowgate.Session(model, **self._sess_options._compile_options())
        inputs = self._sess.inputs()
        # As onnxruntime: inputs an initializer gives a value are overridable initializers.
        self._inputs = [NodeArg(*a[:3]) for a in inputs if not a[3]]
        self._overridable = [NodeArg(*a[:3]) for a in inputs if a[3]]
        self._outputs = [NodeArg(*a[:3]) for a in self._sess.outputs()]

    def get_inputs(self):
        return list(self._inputs)

    def get_outputs(self):
        return list(self._outputs)

    def get_overridable_initializers(self):
        return list(self._overridable)

    def get_modelmeta(self):
        return ModelMetadata(self._sess.metadata())

    def get_providers(self):
        return [_CPU]

    def get_provider_options(self):
        return {_CPU: {}}

    def set_providers(self, providers=None, provider_options=None):
        _providers(providers, provider_options)

    def get_session_options(self):
        return self._sess_options

    def disable_fallback(self):
        pass

    def enable_fallback(self):
        pass

    def run(self, output_names, input_feed, run_options=None):
        """Runs the model on ``input_feed`` (name -> numpy array; a list of arrays for a
        sequence; None for an empty optional) and returns the outputs named in
        ``output_names`` (all when None), in that order: numpy arrays, lists for sequences, None
        for empty optionals."""
        if not isinstance(input_feed, dict):
            raise InvalidArgument(f"input_feed must be a dict of input name to value, got {type(input_feed).__name__}")
        missing = [a.name for a in self._inputs if a.name not in input_feed and not a.type.startswith("optional")]
        if missing:
            # onnxruntime checks this in Python and raises ValueError, with these words.
            raise MissingInput(f"Required inputs ({missing}) are missing from input feed ({list(input_feed)}).")
        if isinstance(output_names, str):
            output_names = [output_names]
        names = None if output_names is None else [str(n) for n in output_names]
        feed = dict(input_feed)
        for a in self._inputs:
            # An optional input left out is an empty optional, as in onnxruntime.
            if a.type.startswith("optional") and a.name not in feed:
                feed[a.name] = None
        return self._sess.run(names, feed)
