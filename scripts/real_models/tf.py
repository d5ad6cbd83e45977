"""Keras recurrent layers converted by tf2onnx: each layer becomes an ONNX `Loop`.

tf2onnx 1.17 on Keras 3 (TensorFlow 2.21) keeps a GRU's or SimpleRNN's `while_loop` as a
`Loop` whose body holds the cell (MatMul, Sigmoid, Tanh, ...). Keras LSTMs it rewrites into
one ONNX `LSTM` op: the `*_loop` LSTM cases switch those three rewriters off (a no-op in their
place) so the layer stays a `Loop`, as a model with a custom cell or an unmatched pattern
would; `tf_lstm_digits_rows_onnx_lstm` keeps tf2onnx's default (the `LSTM` op, no Loop). The
build checks that every other case has a `Loop` and fails otherwise.

The models are small classifiers on scikit-learn's bundled `digits` images read as sequences
(8 rows of 8 pixels, or 64 pixels one at a time as in "sequential MNIST"), with seeded weights
trained for a few epochs on the training rows; the inputs are held-out images.

TensorFlow's wheels pin their own numpy/protobuf, so the conversion runs in a separate
interpreter: $FLOWGATE_TF_PYTHON, else /work/venv-tf/bin/python (made with
`python3 -m venv /work/venv-tf && /work/venv-tf/bin/pip install -r
scripts/real_models/requirements-tf.txt`), else this interpreter if it imports tensorflow.
That interpreter runs this file as a script (`tf.py export CASE DIR`): it reads the training
rows from DIR/train.npz and writes DIR/model.onnx. Everything else (datasets, onnxruntime, the
files) runs in the driver's interpreter.
"""

import collections
import os
import subprocess
import sys
import tempfile

import numpy as np

SEED = 0
HELD_OUT = 16  # images per data set; two data sets per case
EPOCHS = 3
OPSET = 18

# Measured with Flowgate against onnxruntime on every case: max abs diff 5.4e-7, max rel
# diff 3.2e-6 (softmax probabilities after 8 to 64 recurrent steps).
RTOL, ATOL = 1e-4, 1e-6
REASON = ("f32 recurrent cells over 8 to 64 steps: Flowgate's vectorized tanh/sigmoid "
          "(within 5e-7) and MatMul summation order differ from onnxruntime's MLAS kernels; "
          "max abs diff 5.4e-7, max rel diff 3.2e-6")

# name: (layer description, input layout)
MODELS = {
    "tf_gru_digits_pixels": ("GRU(32) over 64 pixels", "pixels"),
    "tf_simplernn_digits_pixels": ("SimpleRNN(32) over 64 pixels", "pixels"),
    "tf_lstm_digits_rows_loop": ("LSTM(32) over 8 rows", "rows"),
    "tf_lstm_digits_rows_onnx_lstm": ("LSTM(32) over 8 rows", "rows"),
    "tf_bidirectional_gru_digits_rows": ("Bidirectional(GRU(16), sequences) + GRU(16) over 8 rows",
                                         "rows"),
    "tf_bidirectional_lstm_digits_pixels_loop": ("Bidirectional(LSTM(16)) over 64 pixels",
                                                 "pixels"),
}


def _needs_loop(name):
    return not name.endswith("_onnx_lstm")


def _layout(X, layout):
    X = X.astype(np.float32) / 16.0
    if layout == "pixels":
        return X.reshape(-1, 64, 1)
    return X.reshape(-1, 8, 8)


# ---------------------------------------------------------------------------------------------
# Export side (runs in the TensorFlow interpreter).


def _keras_model(name, steps, features):
    import tensorflow as tf

    L = tf.keras.layers
    inp = tf.keras.Input((steps, features), name="x")
    if name == "tf_gru_digits_pixels":
        h = L.GRU(32)(inp)
    elif name == "tf_simplernn_digits_pixels":
        h = L.SimpleRNN(32)(inp)
    elif name.startswith("tf_lstm_digits_rows"):
        h = L.LSTM(32)(inp)
    elif name == "tf_bidirectional_gru_digits_rows":
        h = L.Bidirectional(L.GRU(16, return_sequences=True))(inp)
        h = L.GRU(16)(h)
    elif name == "tf_bidirectional_lstm_digits_pixels_loop":
        h = L.Bidirectional(L.LSTM(16))(inp)
    else:
        raise SystemExit(f"unknown case {name}")
    out = L.Dense(10, activation="softmax", name="probabilities")(h)
    return tf.keras.Model(inp, out)


def export(name, workdir):
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    os.environ.setdefault("CUDA_VISIBLE_DEVICES", "")
    import tensorflow as tf
    import tf2onnx
    import tf2onnx.tfonnx

    if name.endswith("_loop") and "lstm" in name:
        def keep(g, ops):
            return ops
        for rewriter in ("rewriter_lstm_tf2", "rewrite_single_direction_lstm",
                         "rewrite_bi_direction_lstm"):
            setattr(tf2onnx.tfonnx, rewriter, keep)

    tf.keras.utils.set_random_seed(SEED)
    tf.config.threading.set_inter_op_parallelism_threads(1)
    tf.config.threading.set_intra_op_parallelism_threads(1)
    data = np.load(os.path.join(workdir, "train.npz"))
    X, y = data["X"], data["y"]
    model = _keras_model(name, X.shape[1], X.shape[2])
    model.compile(optimizer=tf.keras.optimizers.Adam(0.01), loss="sparse_categorical_crossentropy")
    model.fit(X, y, epochs=EPOCHS, batch_size=64, shuffle=False, verbose=0)
    spec = (tf.TensorSpec((None, X.shape[1], X.shape[2]), tf.float32, name="x"),)
    proto, _ = tf2onnx.convert.from_keras(model, input_signature=spec, opset=OPSET)
    with open(os.path.join(workdir, "model.onnx"), "wb") as f:
        f.write(proto.SerializeToString())
    with open(os.path.join(workdir, "versions.txt"), "w") as f:
        f.write(f"tensorflow-cpu {tf.__version__}, keras {tf.keras.__version__}, "
                f"tf2onnx {tf2onnx.__version__}")


# ---------------------------------------------------------------------------------------------
# Driver side.


def _tf_python():
    explicit = os.environ.get("FLOWGATE_TF_PYTHON")
    if explicit:
        return explicit
    venv = "/work/venv-tf/bin/python"
    if os.path.exists(venv):
        return venv
    return sys.executable


def _op_counts(model):
    import onnx

    counts = collections.Counter()

    def walk(nodes):
        for n in nodes:
            counts[n.op_type] += 1
            for a in n.attribute:
                if a.type == onnx.AttributeProto.GRAPH:
                    walk(a.g.node)

    walk(model.graph.node)
    return counts


def _build(name):
    import onnx
    from sklearn.datasets import load_digits

    from .common import RealCase

    layer, layout = MODELS[name]
    X, y = load_digits(return_X_y=True)
    order = np.random.default_rng(SEED).permutation(len(X))
    test, train = order[:2 * HELD_OUT], order[2 * HELD_OUT:]
    X = _layout(X, layout)
    with tempfile.TemporaryDirectory() as d:
        np.savez(os.path.join(d, "train.npz"), X=X[train], y=y[train].astype(np.int64))
        env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="")
        run = subprocess.run([_tf_python(), os.path.abspath(__file__), "export", name, d],
                             env=env, capture_output=True, text=True)
        if run.returncode != 0:
            raise RuntimeError(f"{name}: export failed: {run.stderr.strip().splitlines()[-1:]}")
        model = onnx.load(os.path.join(d, "model.onnx"))
        versions = open(os.path.join(d, "versions.txt")).read()
    counts = _op_counts(model)
    if _needs_loop(name) and counts.get("Loop", 0) == 0:
        raise RuntimeError(f"{name}: the converted graph has no Loop ({dict(counts)})")
    datasets = [[X[test[:HELD_OUT]]], [X[test[HELD_OUT:]]]]
    source = (f"{versions}: Keras model {layer} + Dense(10, softmax), weights from "
              f"keras.utils.set_random_seed({SEED}) then {EPOCHS} epochs of Adam on "
              f"{len(train)} rows of scikit-learn's digits dataset (pixels / 16, as "
              f"{'64 steps of 1 pixel' if layout == 'pixels' else '8 steps of 8 pixels'}); "
              f"converted with tf2onnx.convert.from_keras (opset {OPSET}"
              f"{', LSTM rewriters off' if name.endswith('_loop') and 'lstm' in name else ''}); "
              f"{counts['Loop']} Loop(s), {counts['LSTM']} LSTM op(s). Inputs: two batches of {HELD_OUT} held-out images.")
    return RealCase(name=name, model=model, datasets=datasets, source=source, rtol=RTOL,
                    atol=ATOL, reason=REASON)


def _builder(name):
    return lambda: _build(name)


CASES = [(name, _builder(name)) for name in MODELS]


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] != "export":
        raise SystemExit("usage: tf.py export CASE DIR")
    # This folder is on sys.path when run as a script; its modules must not shadow packages.
    sys.path = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(__file__)]
    export(sys.argv[2], sys.argv[3])
