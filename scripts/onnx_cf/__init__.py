"""The pieces of scripts/gen-onnx-cf.py: graph building, cases, oracles."""
