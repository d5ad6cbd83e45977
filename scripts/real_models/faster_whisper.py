"""The Silero VAD that `faster-whisper` ships (faster_whisper/assets/silero_vad_v6.onnx): a
batch of 576-sample windows (512 samples and 64 of context) with h and c state, fed as
faster_whisper.vad.SileroVADModel.__call__ feeds it."""

import numpy as np

from real_models import wheels
from real_models.common import RealCase
from real_models.speech import speech

MEMBER = "faster_whisper/assets/silero_vad_v6.onnx"

FIRST_CHUNK = 20
CHUNKS = 16


def build_vad():
    m = wheels.model("faster-whisper", MEMBER)
    audio = speech(16000)[FIRST_CHUNK * 512:(FIRST_CHUNK + CHUNKS) * 512]
    # SileroVADModel.__call__: each window's context is the previous window's last 64 samples
    # (zeros for the first), then one run over the whole batch with zero h and c.
    batched = audio.reshape(-1, 512)
    context = batched[..., -64:].copy()
    context[-1] = 0
    context = np.roll(context, 1, 0)
    x = np.concatenate([context, batched], 1).reshape(-1, 576).astype(np.float32)
    h = np.zeros((1, 1, 128), np.float32)
    c = np.zeros((1, 1, 128), np.float32)
    return RealCase(
        name="fw_silero_vad_v6",
        model=m,
        datasets=[[x, h, c]],
        rtol=1e-3,
        atol=1e-7,
        reason="default tolerance (DESIGN.md §8): 16 windows through Conv layers and an LSTM, "
        "max abs diff 2.9e-6, within rtol",
        source=wheels.source("faster-whisper", MEMBER) + ", "
        f"{CHUNKS} consecutive 16 kHz windows of testdata/real/audio/speech_en.wav as "
        "faster_whisper.vad.SileroVADModel feeds them",
    )


CASES = [("fw_silero_vad_v6", build_vad)]
