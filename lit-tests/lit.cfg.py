# -*- Python -*-
# lit configuration for Flowgate's lit suite (LLVM's lit + FileCheck, see DESIGN.md §9).
#
# Environment knobs:
#   FLOWGATE_BIN_DIR        where onnx-opt, onnx-translate, onnx-run, onnx-compile live
#                           (default: <repo>/target/debug)
#   FLOWGATE_OPT_OVERRIDE   a path to another mlir-opt-compatible binary used for %onnx-opt.
#                           With /usr/lib/llvm-22/bin/mlir-opt it validates the suite against
#                           upstream MLIR; the feature `upstream-as-flowgate` is then set so
#                           Flowgate-only tests can say `UNSUPPORTED: upstream-as-flowgate`.
#   FLOWGATE_LLVM_BIN_DIR   where FileCheck, not, split-file, mlir-opt, mlir-runner live
#                           (default: /usr/lib/llvm-22/bin)
#   CC                      the C compiler for %cc (default: cc)
#
# Features:
#   mlir-upstream           upstream mlir-opt 22 is installed (cross-check tests REQUIRE it)
#   mlir-runner             upstream mlir-runner is installed
#   upstream-as-flowgate    %onnx-opt is really upstream mlir-opt (FLOWGATE_OPT_OVERRIDE)
#   llvm-backend            onnx-run was built with the cargo feature `llvm` and
#                           `--backend llvm` runs a program
#   mlir-bridge             onnx-run and onnx-opt were built with the cargo feature `mlir`:
#                           `onnx-run --backend mlir` runs a program through upstream MLIR in
#                           process, and `onnx-opt --upstream-verify` works; RUN_DIFF_BRIDGE is
#                           then set for Differential/run-diff.sh

import os
import shutil

import lit.formats

config.name = "Flowgate"
# lit's internal shell, as upstream MLIR uses: portable, and pipefail is on.
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".onnxtxt", ".c"]
# Inputs that are not tests: helper scripts, and anything under an `Inputs` folder.
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py", "README.md"]

config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = getattr(config, "flowgate_test_exec_root", config.test_source_root)

repo_root = os.path.dirname(config.test_source_root)
llvm_bin_dir = os.environ.get("FLOWGATE_LLVM_BIN_DIR", "/usr/lib/llvm-22/bin")
llvm_lib_dir = os.path.join(os.path.dirname(llvm_bin_dir), "lib")
flowgate_bin_dir = os.path.abspath(
    os.environ.get("FLOWGATE_BIN_DIR", os.path.join(repo_root, "target", "debug"))
)

# PATH: the Flowgate binaries first, then LLVM's tools (FileCheck, not, split-file, ...).
path = os.pathsep.join(
    [flowgate_bin_dir, llvm_bin_dir, config.environment.get("PATH", os.environ["PATH"])]
)
config.environment["PATH"] = path

# Pass a few variables through; everything else of the caller's environment is dropped by lit.
for var in ["HOME", "TMPDIR", "TEMP", "TMP", "LD_LIBRARY_PATH", "RUST_BACKTRACE",
            "RUST_LOG", "CC", "CFLAGS"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]
config.environment["FILECHECK_OPTS"] = "-enable-var-scope"
# Diagnostics must not depend on the terminal.
config.environment["NO_COLOR"] = "1"


def tool(name):
    return os.path.join(flowgate_bin_dir, name)


opt_override = os.environ.get("FLOWGATE_OPT_OVERRIDE", "").strip()
if opt_override:
    onnx_opt = opt_override
    config.available_features.add("upstream-as-flowgate")
    lit_config.note("%onnx-opt is overridden by " + opt_override)
else:
    onnx_opt = tool("onnx-opt")

upstream_opt = os.path.join(llvm_bin_dir, "mlir-opt")
upstream_runner = os.path.join(llvm_bin_dir, "mlir-runner")
if os.path.exists(upstream_opt):
    config.available_features.add("mlir-upstream")
if os.path.exists(upstream_runner):
    config.available_features.add("mlir-runner")


def shared_lib(stem):
    """Upstream runner libs; Debian ships only the versioned file name."""
    for name in sorted(os.listdir(llvm_lib_dir)) if os.path.isdir(llvm_lib_dir) else []:
        if name == stem + ".so" or name.startswith(stem + ".so."):
            return os.path.join(llvm_lib_dir, name)
    return os.path.join(llvm_lib_dir, stem + ".so")


def llvm_backend_works():
    """onnx-run built with `--features llvm` runs a trivial program through LLVM."""
    import subprocess

    prog = "func.func @main() -> i64 {\n  %c = arith.constant 42 : i64\n  return %c : i64\n}\n"
    try:
        r = subprocess.run(
            [tool("onnx-run"), "--backend", "llvm", "-"],
            input=prog, capture_output=True, text=True, timeout=60,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return r.returncode == 0 and r.stdout.strip() == "42"


if llvm_backend_works():
    config.available_features.add("llvm-backend")
else:
    lit_config.note("onnx-run --backend llvm is not available: llvm-backend tests are skipped")


def mlir_bridge_works():
    """onnx-run and onnx-opt built with `--features mlir` reach upstream MLIR in process."""
    import subprocess

    prog = "func.func @main() -> i64 {\n  %c = arith.constant 42 : i64\n  return %c : i64\n}\n"
    try:
        r = subprocess.run(
            [tool("onnx-run"), "--backend", "mlir", "-"],
            input=prog, capture_output=True, text=True, timeout=120,
        )
        v = subprocess.run(
            [tool("onnx-opt"), "--upstream-verify", "-"],
            input=prog, capture_output=True, text=True, timeout=120,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return r.returncode == 0 and r.stdout.strip() == "42" and v.returncode == 0


if mlir_bridge_works():
    config.available_features.add("mlir-bridge")
    # Differential/run-diff.sh then also runs both of its lowerings in process through the
    # bridge (every test that uses it: Differential/programs, Optimize/*differential*).
    config.environment["RUN_DIFF_BRIDGE"] = tool("onnx-run")
else:
    lit_config.note("onnx-run/onnx-opt lack the upstream MLIR bridge: mlir-bridge tests are skipped")


cc = os.environ.get("CC") or shutil.which("cc") or "cc"

# Longer names first: lit applies substitutions in order, as regexes.
config.substitutions.extend(
    [
        ("%onnx-opt", onnx_opt),
        ("%onnx-translate", tool("onnx-translate")),
        ("%onnx-run", tool("onnx-run")),
        ("%onnx-compile", tool("onnx-compile")),
        ("%mlir-opt", upstream_opt),
        ("%mlir-runner", upstream_runner),
        ("%mlir_c_runner_utils", shared_lib("libmlir_c_runner_utils")),
        ("%mlir_runner_utils", shared_lib("libmlir_runner_utils")),
        ("%flowgate_src_root", repo_root),
        ("%flowgate_runtime", os.path.join(flowgate_bin_dir, "libflowgate_runtime.a")),
        ("%testdata", os.path.join(repo_root, "testdata")),
        ("%cc", cc),
    ]
)
