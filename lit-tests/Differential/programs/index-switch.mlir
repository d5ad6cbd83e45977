// REQUIRES: mlir-upstream
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt %s | FileCheck %s
// The same program through Flowgate alone: JIT (onnx-run) and AOT (onnx-compile + cc).
// RUN: %onnx-run %s | FileCheck %s --check-prefix=NATIVE
// RUN: %onnx-run -O0 %s | FileCheck %s --check-prefix=NATIVE
// RUN: bash %S/../run-aot.sh %onnx-compile %cc %s %t | FileCheck %s --check-prefix=NATIVE
// NATIVE: {{^}}76030069552317191{{$}}
// CHECK: {{^}}checksum: 76030069552317191{{$}}

// scf.index_switch with results and without, unsorted and negative case
// values, inside a loop.
func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c3 = arith.constant 3 : index
  %c50 = arith.constant 50 : index
  %zero = arith.constant 0 : i64
  %cell = memref.alloca() : memref<i64>
  memref.store %zero, %cell[] : memref<i64>
  %r:2 = scf.for %i = %c0 to %c50 step %c1 iter_args(%acc = %zero, %f = %zero) -> (i64, i64) {
    %sel = arith.remui %i, %c5 : index
    %ii = arith.index_cast %i : index to i64
    %v:2 = scf.index_switch %sel -> i64, i64
    case 3 {
      %a = arith.muli %ii, %ii : i64
      scf.yield %a, %ii : i64, i64
    }
    case 0 {
      %b = arith.addi %acc, %ii : i64
      scf.yield %b, %zero : i64, i64
    }
    case 1 {
      %c = arith.subi %acc, %ii : i64
      %one = arith.constant 1 : i64
      scf.yield %c, %one : i64, i64
    }
    default {
      %d = arith.xori %acc, %ii : i64
      scf.yield %d, %ii : i64, i64
    }
    // A switch on a value that is sometimes negative (as index).
    %shift = arith.subi %sel, %c3 : index
    scf.index_switch %shift
    case -2 {
      %old = memref.load %cell[] : memref<i64>
      %new = arith.addi %old, %ii : i64
      memref.store %new, %cell[] : memref<i64>
      scf.yield
    }
    case 1 {
      %old = memref.load %cell[] : memref<i64>
      %k = arith.constant 3 : i64
      %new = arith.muli %old, %k : i64
      memref.store %new, %cell[] : memref<i64>
      scf.yield
    }
    default {
    }
    %acc2 = arith.addi %acc, %v#0 : i64
    %f2 = arith.addi %f, %v#1 : i64
    scf.yield %acc2, %f2 : i64, i64
  }
  %cv = memref.load %cell[] : memref<i64>
  %s1 = arith.xori %r#0, %cv : i64
  %k = arith.constant 65536 : i64
  %s2 = arith.muli %s1, %k : i64
  %s3 = arith.addi %s2, %r#1 : i64
  return %s3 : i64
}
