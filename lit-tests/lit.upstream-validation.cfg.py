# Validation-only lit config used on the lit-scf branch: runs every test with
# upstream mlir-opt standing in for onnx-opt (what FLOWGATE_OPT_OVERRIDE does
# in the project's real lit.cfg.py). It is NOT the project's lit.cfg.py and lit
# does not pick it up by this name; to use it, copy it to lit.cfg.py in a
# scratch checkout and run /usr/lib/llvm-22/bin/lit lit-tests.
#
# Substitutions and features the scf/memref/math/tensor/SCFToCF/Differential
# tests rely on: %onnx-opt, %mlir-opt, %mlir-runner, `mlir-upstream`,
# `upstream-as-flowgate`, FileCheck on PATH, FILECHECK_OPTS=-enable-var-scope.
import os
import lit.formats

config.name = "Flowgate (upstream validation)"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)

llvm_bin = "/usr/lib/llvm-22/bin"
config.environment["PATH"] = llvm_bin + os.pathsep + config.environment.get("PATH", os.environ.get("PATH", ""))
config.environment["FILECHECK_OPTS"] = "-enable-var-scope"

mlir_opt = os.path.join(llvm_bin, "mlir-opt")
config.substitutions.append(("%onnx-opt", mlir_opt))
config.substitutions.append(("%mlir-opt", mlir_opt))
config.substitutions.append(("%mlir-runner", os.path.join(llvm_bin, "mlir-runner")))
config.available_features.add("mlir-upstream")
config.available_features.add("upstream-as-flowgate")
