"""openWakeWord. The current wheel (0.6.0) ships no model (they are downloaded from GitHub at run
time, which this machine cannot reach), but the 0.5.1 wheel on PyPI still bundles them in
openwakeword/resources/models. The inputs follow openwakeword.utils.AudioFeatures and
openwakeword.Model.predict on real speech: 16 kHz int16-scaled samples -> melspectrogram
(then x/10 + 2) -> embeddings of 76-frame windows every 8 frames -> the wake-word classifier on
the last 16 embeddings. Each stage's input is the previous stage's output from onnxruntime.
The bundled Silero VAD (an older one, 9 Ifs, h/c state of [2, 1, 64]) runs on 16 kHz chunks."""

import numpy as np

from real_models import wheels
from real_models.common import RealCase, run_ort
from real_models.speech import speech

VERSION = "0.5.1"
DIR = "openwakeword/resources/models/"


def _model(name):
    return wheels.model("openwakeword", DIR + name, VERSION)


def _source(name, how):
    return wheels.source("openwakeword", DIR + name, VERSION) + ", " + how


def _audio():
    # openwakeword takes 16-bit PCM as float32 values in the int16 range.
    return (speech(16000) * 32767.0).astype(np.float32)


def _mel(audio):
    m = _model("melspectrogram.onnx")
    (out,) = run_ort(m, {m.graph.input[0].name: audio[None, :]})
    return np.squeeze(out) / 10.0 + 2.0  # AudioFeatures._get_melspectrogram's transform


def _embeddings(mel):
    windows = np.stack([mel[i:i + 76] for i in range(0, mel.shape[0] - 76 + 1, 8)])
    m = _model("embedding_model.onnx")
    (out,) = run_ort(m, {m.graph.input[0].name: windows[..., None].astype(np.float32)})
    return windows, np.squeeze(out)


def build_melspectrogram():
    audio = _audio()
    return RealCase(
        name="oww_melspectrogram",
        model=_model("melspectrogram.onnx"),
        datasets=[[audio[None, :16000]], [audio[None, 16000:16000 + 1280 * 4]]],
        rtol=1e-3,
        atol=1e-4,
        reason="log-mel of int16-range audio: values up to ~1e2 from sums of ~1e9, atol 1e-4 on "
        "values near 0 (summation order of the STFT power)",
        source=_source("melspectrogram.onnx", "1 s and 0.32 s of testdata/real/audio/speech_en.wav at 16 kHz"),
    )


def build_embedding():
    windows, _ = _embeddings(_mel(_audio()))
    return RealCase(
        name="oww_embedding",
        model=_model("embedding_model.onnx"),
        datasets=[[windows[:8, :, :, None].astype(np.float32)]],
        rtol=1e-3,
        atol=1e-5,
        reason="convolutional embedding of 76x32 mel windows: summation order, values O(1)",
        source=_source("embedding_model.onnx", "8 windows of 76 mel frames of the speech recording"),
    )


def _wakeword(name, case):
    def build():
        _, emb = _embeddings(_mel(_audio()))
        if emb.shape[0] < 16:
            raise RuntimeError(f"only {emb.shape[0]} embeddings")
        sets = [[emb[k:k + 16][None].astype(np.float32)] for k in (0, emb.shape[0] - 16)]
        return RealCase(
            name=case,
            model=_model(name),
            datasets=sets,
            rtol=1e-3,
            atol=1e-6,
            reason="small dense classifier on embeddings; scores near 0 need atol 1e-6",
            source=_source(name, "16 consecutive embeddings of the speech recording, as Model.predict"),
        )
    return build


def build_vad():
    audio = speech(16000)
    sets = []
    for k in (10, 40):
        x = audio[None, k * 512:(k + 1) * 512].astype(np.float32)
        sets.append([x, np.array(16000, np.int64), np.zeros((2, 1, 64), np.float32), np.zeros((2, 1, 64), np.float32)])
    m = _model("silero_vad.onnx")
    order = [i.name for i in m.graph.input]
    if order != ["input", "sr", "h", "c"]:
        raise RuntimeError(f"unexpected inputs {order}")
    return RealCase(
        name="oww_silero_vad",
        model=m,
        datasets=sets,
        rtol=1e-3,
        atol=1e-7,
        reason="default tolerance (DESIGN.md §8)",
        source=_source("silero_vad.onnx", "512-sample 16 kHz chunks of the speech recording, zero h and c"),
    )


CASES = [
    ("oww_melspectrogram", build_melspectrogram),
    ("oww_embedding", build_embedding),
    ("oww_hey_jarvis", _wakeword("hey_jarvis_v0.1.onnx", "oww_hey_jarvis")),
    ("oww_hey_mycroft", _wakeword("hey_mycroft_v0.1.onnx", "oww_hey_mycroft")),
    ("oww_silero_vad", build_vad),
]


def check():
    return [n for n in wheels.names("openwakeword", VERSION) if n.endswith(".onnx")]
