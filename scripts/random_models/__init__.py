"""Random valid ONNX control-flow models for differential testing against onnxruntime."""
