"""Real speech for the audio models (a helper, not a source: CASES is empty).

No package of the corpus bundles speech, so the recording is synthesized once with espeak-ng
(Debian package `espeak-ng`) and committed as testdata/real/audio/speech_en.wav (22050 Hz,
mono, 16-bit); `speech(sr)` resamples it to the rate a model expects (band-limited, by FFT).
"""

import os
import subprocess
import wave

import numpy as np

from real_models.common import REPO

CASES = []

WAV = os.path.join(REPO, "testdata", "real", "audio", "speech_en.wav")
TEXT = "Voice activity detection finds the speech in this recording."


def _ensure_wav():
    if not os.path.exists(WAV):
        os.makedirs(os.path.dirname(WAV), exist_ok=True)
        subprocess.run(["espeak-ng", "-s", "160", "-w", WAV, TEXT], check=True)


def speech(sr=16000):
    """The recording as float32 in [-1, 1] at `sr` Hz."""
    _ensure_wav()
    with wave.open(WAV) as w:
        rate = w.getframerate()
        pcm = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2")
    x = pcm.astype(np.float64) / 32768.0
    if sr != rate:
        n = int(round(len(x) * sr / rate))
        spec = np.fft.rfft(x)
        keep = min(len(spec), n // 2 + 1)
        out = np.zeros(n // 2 + 1, dtype=complex)
        out[:keep] = spec[:keep]
        x = np.fft.irfft(out, n) * (n / len(x))
    return x.astype(np.float32)
