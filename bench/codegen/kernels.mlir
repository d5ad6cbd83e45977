// The benchmark kernels, written in scf as a front end would produce them. onnx-compile lowers
// them with its own pipeline (at -O2 the loop optimizations of crates/optimize, then
// convert-scf-to-cf) and compiles them with Cranelift; codegen_vs_c.py times them against the
// same kernels in C (kernels.c) compiled with gcc -O2.

// Sum of a 1-D f32 buffer, in order (no reassociation, as gcc -O2 without -ffast-math).
func.func @sum_f32(%m: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %m, %c0 : memref<?xf32>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %x = memref.load %m[%i] : memref<?xf32>
    %acc2 = arith.addf %acc, %x : f32
    scf.yield %acc2 : f32
  }
  return %s : f32
}

// A while loop of n steps of integer arithmetic (a linear congruential generator).
func.func @while_int(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %a = arith.constant 6364136223846793005 : i64
  %b = arith.constant 1442695040888963407 : i64
  %c33 = arith.constant 33 : i64
  %r:3 = scf.while (%i = %c0, %x = %c1, %acc = %c0) : (i64, i64, i64) -> (i64, i64, i64) {
    %c = arith.cmpi slt, %i, %n : i64
    scf.condition(%c) %i, %x, %acc : i64, i64, i64
  } do {
  ^bb0(%i: i64, %x: i64, %acc: i64):
    %t = arith.muli %x, %a : i64
    %x2 = arith.addi %t, %b : i64
    %h = arith.shrui %x2, %c33 : i64
    %acc2 = arith.xori %acc, %h : i64
    %i2 = arith.addi %i, %c1 : i64
    scf.yield %i2, %x2, %acc2 : i64, i64, i64
  }
  return %r#2 : i64
}

// for i < n: for j < n: if (i * j) % 3 == 0 then acc += i else acc -= j
func.func @nest(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i64) : i64 {
    %r2 = scf.for %j = %c0 to %n step %c1 iter_args(%a = %acc) -> (i64) : i64 {
      %p = arith.muli %i, %j : i64
      %m = arith.remsi %p, %c3 : i64
      %z = arith.cmpi eq, %m, %c0 : i64
      %a3 = scf.if %z -> (i64) {
        %a1 = arith.addi %a, %i : i64
        scf.yield %a1 : i64
      } else {
        %a2 = arith.subi %a, %j : i64
        scf.yield %a2 : i64
      }
      scf.yield %a3 : i64
    }
    scf.yield %r2 : i64
  }
  return %r : i64
}

// A 2-D parallel loop with a sum-of-squares reduction (scf.parallel + scf.reduce, which runs
// sequentially here).
func.func @par2d(%m: memref<?x?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %rows = memref.dim %m, %c0 : memref<?x?xf32>
  %cols = memref.dim %m, %c1 : memref<?x?xf32>
  %s = scf.parallel (%i, %j) = (%c0, %c0) to (%rows, %cols) step (%c1, %c1) init (%zero) -> f32 {
    %x = memref.load %m[%i, %j] : memref<?x?xf32>
    %sq = arith.mulf %x, %x : f32
    scf.reduce(%sq : f32) {
    ^bb0(%l: f32, %r: f32):
      %t = arith.addf %l, %r : f32
      scf.reduce.return %t : f32
    }
  }
  return %s : f32
}
