"""openWakeWord: the `openwakeword` wheel (0.6.0) ships no model (its resources/models folder
is empty); the melspectrogram, embedding and wake-word models are downloaded from GitHub
releases at run time (openwakeword.utils.download_models), which this machine cannot reach.
`check()` confirms that the pinned wheel still ships none; no cases until a package ships them."""

from real_models import wheels

CASES = []


def check():
    return [n for n in wheels.names("openwakeword") if n.endswith((".onnx", ".tflite"))]
