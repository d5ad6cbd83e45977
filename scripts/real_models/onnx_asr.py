"""The preprocessors `onnx-asr` ships: feature extractors (Kaldi fbank, WeSpeaker fbank on
Scan and DFT, NeMo and Whisper log-mel, GigaAM) and the resamplers.

Two releases are used, read from their wheels (wheels.py). The pinned one ships
onnx_asr/preprocessors/data/*.onnx: WeSpeaker on Scan and DFT; Kaldi, NeMo, Whisper and GigaAM
on STFT; fixed-rate resamplers `resample_<from>_<to>` (windowed-sinc Conv). Release 0.9.1 is
the one the issue describes: one resampler per target rate whose sample-rate input picks one of
7 nested Ifs (`resample16.onnx`, `resample8.onnx`), and a Kaldi fbank built on Scan and DFT;
both wheels are fetched from PyPI with `pip download`, not installed.

Inputs are what onnx-asr's Preprocessor/Resampler pass: `waveforms` (batch, N) float32 padded
with zeros, `waveforms_lens` (batch,) int64; here a batch of two utterances of the speech
recording, the second one shorter (so the length masks matter).
"""

import numpy as np

from real_models import wheels
from real_models.common import RealCase
from real_models.speech import speech

OLD = "0.9.1"
RATES = {8: 8000, 11: 11025, 16: 16000, 22: 22050, 24: 24000, 32: 32000, 44: 44100, 48: 48000}


def batch(sr, seconds=1.0, second=0.5, count=2):
    """Two utterances at `sr`: the first `seconds`, the second `second` long and zero-padded."""
    audio = speech(sr)
    start = int(0.4 * sr)  # skip the leading silence
    n = int(seconds * sr)
    m = int(second * sr)
    w = np.zeros((count, n), np.float32)
    w[0] = audio[start:start + n]
    if count == 1:
        return w, np.array([n], np.int64)
    w[1, :m] = audio[start + n // 3:start + n // 3 + m]
    return w, np.array([n, m], np.int64)


def _current(file):
    return wheels.model("onnx-asr", f"onnx_asr/preprocessors/data/{file}")


def _old(file):
    return wheels.model("onnx-asr", f"onnx_asr/preprocessors/{file}", OLD)


def feature_case(name, file, rtol, atol, reason, old=False, count=2):
    def build():
        m = _old(file) if old else _current(file)
        w, lens = batch(16000, count=count)
        where = wheels.source("onnx-asr", f"onnx_asr/preprocessors/{file}", OLD) if old else \
            wheels.source("onnx-asr", f"onnx_asr/preprocessors/data/{file}")
        return RealCase(
            name=name, model=m, datasets=[[w, lens]], rtol=rtol, atol=atol, reason=reason,
            source=f"{where}; a batch of 16 kHz utterances of "
            "testdata/real/audio/speech_en.wav (1 s, and 0.5 s zero-padded), as onnx-asr's "
            "Preprocessor feeds them" + ("" if count == 2 else " (the first only: Whisper pads to 30 s)"),
        )

    return build


def resample_case(src, dst):
    file = f"resample_{src}_{dst}.onnx"

    def build():
        m = _current(file)
        w, lens = batch(RATES[src], seconds=0.5, second=0.25)
        return RealCase(
            name=f"onnxasr_resample_{src}_{dst}", model=m, datasets=[[w, lens]],
            rtol=1e-3, atol=1e-7,
            reason=DEFAULT + "below 2.4e-7 (windowed-sinc Conv, summation order)",
            source=wheels.source("onnx-asr", f"onnx_asr/preprocessors/data/{file}") + "; two "
            f"{RATES[src]} Hz utterances of testdata/real/audio/speech_en.wav (0.5 s, 0.25 s padded)",
        )

    return build


def nested_if_resampler(target):
    """0.9.1's resample<target>.onnx: the sample rate (an input) selects one of 7 nested Ifs.
    One data set per source rate the package accepts, so each branch runs."""
    def build():
        m = _old(f"resample{target // 1000}.onnx")
        sets = []
        for sr in (8000, 22050, 44100, 48000):
            if sr == target:
                continue
            w, lens = batch(sr, seconds=0.5, second=0.25)
            sets.append([w, lens, np.array([sr], np.int64)])
        return RealCase(
            name=f"onnxasr_resample{target // 1000}_if", model=m, datasets=sets,
            rtol=1e-3, atol=1e-7,
            reason=DEFAULT + "below 2.4e-7 (windowed-sinc Conv, summation order)",
            source=wheels.source("onnx-asr", f"onnx_asr/preprocessors/resample{target // 1000}.onnx", OLD) + "; "
            "two utterances of testdata/real/audio/speech_en.wav (0.5 s, 0.25 s padded) at "
            "each source rate, as onnx-asr 0.9.1's Resampler feeds them",
        )

    return build


# onnxruntime's float32 STFT is off by up to 1.3e-4 (7e-6 of the peak magnitude) against a
# float64 FFT on this speech; Flowgate's FFT runs in f64 and rounds once. The log of mel
# energies far below the peak magnifies that difference.
STFT = ("onnxruntime's float32 STFT differs from an f64 FFT by up to 7e-6 of the peak magnitude "
        "(Flowgate computes in f64); the log of mel energies 60+ dB below the peak magnifies it: ")
DEFAULT = "default tolerance (DESIGN.md §8): max abs diff "

CASES = [
    ("onnxasr_kaldi", feature_case("onnxasr_kaldi", "kaldi.onnx", 1e-3, 1e-7,
                                   DEFAULT + "3.4e-4 on log-mel values around -10, within rtol")),
    ("onnxasr_wespeaker", feature_case("onnxasr_wespeaker", "wespeaker.onnx", 1e-3, 1e-7,
                                       DEFAULT + "3.3e-4 on log-mel values around -10, within rtol")),
    ("onnxasr_nemo80", feature_case("onnxasr_nemo80", "nemo80.onnx", 1e-3, 4e-6,
                                    STFT + "normalized features off by 2e-6 beyond rtol 1e-3 (max abs diff 4.3e-5)")),
    ("onnxasr_nemo128", feature_case("onnxasr_nemo128", "nemo128.onnx", 1e-3, 2e-5,
                                     STFT + "normalized features off by 8.2e-6 beyond rtol 1e-3 (max abs diff 1.2e-4)")),
    # Whisper pads every utterance to 30 s (3000 frames): one utterance keeps the files small.
    ("onnxasr_whisper80", feature_case("onnxasr_whisper80", "whisper80.onnx", 1e-3, 5e-3,
                                       STFT + "max abs diff 3.7e-3 on features in [-1, 1.5]", count=1)),
    ("onnxasr_whisper128", feature_case("onnxasr_whisper128", "whisper128.onnx", 1e-3, 6e-3,
                                        STFT + "max abs diff 4.4e-3 on features in [-1, 1.5]", count=1)),
    ("onnxasr_gigaam_v2", feature_case("onnxasr_gigaam_v2", "gigaam_v2.onnx", 1e-3, 5e-2,
                                       STFT + "max abs diff 4.2e-2 on log-mel values down to -20")),
    ("onnxasr_gigaam_v3", feature_case("onnxasr_gigaam_v3", "gigaam_v3.onnx", 1e-3, 7e-3,
                                       STFT + "max abs diff 1.7e-2 on log-mel values down to -20")),
    ("onnxasr_kaldi_scan", feature_case("onnxasr_kaldi_scan", "kaldi.onnx", 1e-3, 2e-7,
                                        "DFT in a Scan, f64 in Flowgate: log-mel values off by 9e-8 beyond "
                                        "rtol 1e-3 (max abs diff 2.6e-4)", old=True)),
    ("onnxasr_resample16_if", nested_if_resampler(16000)),
    ("onnxasr_resample8_if", nested_if_resampler(8000)),
    ("onnxasr_resample_8_16", resample_case(8, 16)),
    ("onnxasr_resample_22_16", resample_case(22, 16)),
    ("onnxasr_resample_44_8", resample_case(44, 8)),
    ("onnxasr_resample_48_16", resample_case(48, 16)),
]
