// Issue 11: scripts/test.sh no longer adds apt sources when LLVM 22 is missing from apt; it
// stops with a message that names the package without a candidate.
// RUN: bash %S/Inputs/check-candidates.sh %flowgate_src_root/scripts/test.sh | FileCheck %s
// CHECK: error: apt has no installation candidate for: mlir-22-tools
// CHECK: install_missing: 1
// CHECK: apt-get update
// CHECK-NOT: apt-get install
// CHECK-NOT: tee
// CHECK-NOT: sources.list
