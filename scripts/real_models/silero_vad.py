"""Silero VAD as the pip package `silero-vad` ships it (silero_vad/data/*.onnx, read from the
wheel): the v6 model
for 8 and 16 kHz (25 nested Ifs around Conv and LSTM), the 16 kHz opset-15 export, the half
precision export, the If-less opset-18 export, the OpenVINO export and the sequence model.

Inputs follow the package's own OnnxWrapper (utils_vad.py) on the first chunks of a stream:
the state starts at zeros(2, 1, 128), each chunk of 512 samples (256 at 8 kHz) gets the 64
(32) samples of context before it (zeros for the first chunk), and the sample rate goes in as
an int64 scalar. Data set K is chunk K of the speech (at 16 kHz, then at 8 kHz for the model that takes both) with the state the previous chunk left,
as the wrapper carries it.
"""

import numpy as np

from real_models import wheels
from real_models.common import RealCase
from real_models.speech import speech
from onnx_cf.oracle import run_ort

# Chunks 20..22 of the recording (0.64 s in at 16 kHz): speech, not the leading silence.
FIRST_CHUNK = 20
CHUNKS = 3


def _model(name):
    return wheels.model("silero-vad", f"silero_vad/data/{name}")


def stream_inputs(model, sr, names, chunks=CHUNKS, batch=1):
    """Data sets for consecutive chunks: (input with context, state[, sr]) in graph order, the
    state carried from onnxruntime's previous output as the wrapper does."""
    num = 512 if sr == 16000 else 256
    ctx = 64 if sr == 16000 else 32
    audio = speech(sr)
    state = np.zeros((2, batch, 128), np.float32)
    context = np.zeros((batch, ctx), np.float32)
    sets = []
    for k in range(FIRST_CHUNK, FIRST_CHUNK + chunks):
        chunk = np.stack([audio[(k + b) * num:(k + b + 1) * num] for b in range(batch)])
        x = np.concatenate([context, chunk], axis=1).astype(np.float32)
        feeds = {"input": x, "state": state, "sr": np.array(sr, dtype=np.int64)}
        ins = [feeds[n] for n in names]
        sets.append(ins)
        out = run_ort(model, dict(zip(names, ins)))
        state = out[1]
        context = x[:, -ctx:]
    return sets


def _case(name, file, rates, rtol=1e-3, atol=1e-7, reason=None):
    def build():
        m = _model(file)
        names = [i.name for i in m.graph.input]
        sets = [s for sr in rates for s in stream_inputs(m, sr, names)]
        return RealCase(
            name=name,
            model=m,
            datasets=sets,
            rtol=rtol,
            atol=atol,
            reason=reason or "default tolerance (DESIGN.md §8): speech probability and LSTM state "
            "after Conv layers and an LSTM, max abs diff 7.2e-7, within rtol",
            source=wheels.source("silero-vad", f"silero_vad/data/{file}") + ", "
            f"{CHUNKS} consecutive chunks at {' and '.join(f'{r} Hz' for r in rates)} of testdata/real/audio/speech_en.wav as "
            "silero_vad.utils_vad.OnnxWrapper feeds them (64/32 samples of context, state carried)",
        )

    return build


def sequence_case():
    """silero_vad_16k_sequence.onnx: a batch of chunks with context (N, 576) and h/c state, as
    the package's SileroVADSequence feeds it for the first window of a stream."""
    m = _model("silero_vad_16k_sequence.onnx")
    audio = speech(16000)
    chunks = audio[FIRST_CHUNK * 512:(FIRST_CHUNK + 8) * 512].reshape(8, 512)
    context = np.concatenate([np.zeros((1, 64), np.float32), chunks[:-1, -64:]], axis=0)
    x = np.concatenate([context, chunks], axis=1).astype(np.float32)
    h = np.zeros((1, 1, 128), np.float32)
    c = np.zeros((1, 1, 128), np.float32)
    return RealCase(
        name="silero_vad_16k_sequence",
        model=m,
        datasets=[[x, h, c]],
        rtol=1e-3,
        atol=1e-7,
        reason="default tolerance (DESIGN.md §8): 8 chunks through Conv layers and an LSTM, "
        "max abs diff 6e-6 on values up to 1, 2.3e-8 beyond rtol",
        source=wheels.source("silero-vad", "silero_vad/data/silero_vad_16k_sequence.onnx") + ", "
        "8 consecutive 16 kHz chunks of testdata/real/audio/speech_en.wav with their 64-sample "
        "context (zeros before the first), h and c zero",
    )


CASES = [
    # One case for both rates (the sr input picks the If branches): one copy of the model.
    ("silero_vad_v6", _case("silero_vad_v6", "silero_vad.onnx", (16000, 8000))),
    ("silero_vad_16k_op15", _case("silero_vad_16k_op15", "silero_vad_16k_op15.onnx", (16000,))),
    ("silero_vad_half", _case("silero_vad_half", "silero_vad_half.onnx", (16000,))),
    ("silero_vad_op18_ifless", _case("silero_vad_op18_ifless", "silero_vad_op18_ifless.onnx", (16000,))),
    ("silero_vad_openvino_16k", _case("silero_vad_openvino_16k", "silero_vad_openvino_16k.onnx", (16000,))),
    ("silero_vad_16k_sequence", sequence_case),
]
