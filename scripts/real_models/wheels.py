"""Models shipped inside pip packages, read straight from the package's wheel (a helper, not a
source: CASES is empty).

The wheel of a pinned version is fetched once with `pip download --no-deps` into
target/real-models/wheels and read as a zip: no install, so none of the packages' own
dependencies (silero-vad's torch, faster-whisper's ctranslate2) are needed, and several releases
of one package can be used side by side.
"""

import os
import subprocess
import sys
import zipfile

import onnx

from real_models.common import REPO

CASES = []

CACHE = os.path.join(REPO, "target", "real-models", "wheels")

# The releases the corpus was built from.
PINS = {
    "silero-vad": "6.2.3",
    "faster-whisper": "1.2.1",
    "onnx-asr": "0.12.0",
    "openwakeword": "0.6.0",
}


def wheel(dist, version=None):
    version = version or PINS[dist]
    stem = dist.replace("-", "_")
    path = os.path.join(CACHE, f"{stem}-{version}-py3-none-any.whl")
    if not os.path.exists(path):
        os.makedirs(CACHE, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:",
                        "-q", "-d", CACHE, f"{dist}=={version}"], check=True)
    if not os.path.exists(path):
        raise RuntimeError(f"pip download did not produce {path}")
    return path


def names(dist, version=None):
    with zipfile.ZipFile(wheel(dist, version)) as z:
        return z.namelist()


def model(dist, member, version=None):
    """The ONNX model `member` (a path inside the wheel) of `dist`."""
    with zipfile.ZipFile(wheel(dist, version)) as z:
        return onnx.load_from_string(z.read(member))


def source(dist, member, version=None):
    return f"{dist} {version or PINS[dist]} (wheel from PyPI): {member}"
