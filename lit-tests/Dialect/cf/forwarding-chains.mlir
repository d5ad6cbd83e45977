// Long runs of blocks that only branch. Collapsing an edge through a forwarding block first
// checks that the blocks ahead do not lead back (a cycle would make the rewrites flip edges
// forever); that walk is bounded (64 blocks), so a long chain or cycle costs a constant per
// edge, and chains are still removed by block merging. The unbounded walk (a Vec searched at
// every step) made a fuzz input take minutes.
// RUN: python3 %S/Inputs/forwarding.py chain 3000 > %t.chain.mlir
// RUN: %onnx-opt %t.chain.mlir --canonicalize | FileCheck %s --check-prefix=CHAIN
// RUN: python3 %S/Inputs/forwarding.py cycle 200 > %t.cycle.mlir
// RUN: %onnx-opt %t.cycle.mlir --canonicalize | FileCheck %s --check-prefix=CYCLE

// CHAIN-LABEL: func.func @chain(
// CHAIN-NEXT:    return %arg0 : i32
// CHAIN-NEXT:  }

// The cycle stays a loop (an infinite one), reached only when %c is true.
// CYCLE-LABEL: func.func @cycle(
// CYCLE:         cf.cond_br %arg0, ^bb1, ^bb2
// CYCLE:       ^bb1:
// CYCLE:         cf.br ^bb1
// CYCLE:       ^bb2:
// CYCLE-NEXT:    return
