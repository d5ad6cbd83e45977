// memref ops are in generic form until the memref dialect is registered.
// Benchmark kernels in cf form (what convert-scf-to-cf produces), compiled by onnx-compile and
// compared with kernels.c compiled by gcc -O2. See codegen_vs_c.py.

// Sum of a 1-D f32 buffer, in order (no reassociation, as gcc -O2 without -ffast-math).
func.func @sum_f32(%m: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = "memref.dim"(%m, %c0) : (memref<?xf32>, index) -> index
  cf.br ^head(%c0, %zero : index, f32)
^head(%i: index, %s: f32):
  %c = arith.cmpi slt, %i, %n : index
  cf.cond_br %c, ^body, ^exit
^body:
  %x = "memref.load"(%m, %i) : (memref<?xf32>, index) -> f32
  %s2 = arith.addf %s, %x : f32
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2, %s2 : index, f32)
^exit:
  return %s : f32
}

// A while loop of n steps of integer arithmetic (a linear congruential generator).
func.func @while_int(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %a = arith.constant 6364136223846793005 : i64
  %b = arith.constant 1442695040888963407 : i64
  %c33 = arith.constant 33 : i64
  cf.br ^head(%c0, %c1, %c0 : i64, i64, i64)
^head(%i: i64, %x: i64, %acc: i64):
  %c = arith.cmpi slt, %i, %n : i64
  cf.cond_br %c, ^body, ^exit
^body:
  %t = arith.muli %x, %a : i64
  %x2 = arith.addi %t, %b : i64
  %h = arith.shrui %x2, %c33 : i64
  %acc2 = arith.xori %acc, %h : i64
  %i2 = arith.addi %i, %c1 : i64
  cf.br ^head(%i2, %x2, %acc2 : i64, i64, i64)
^exit:
  return %acc : i64
}

// for i < n: for j < n: if (i * j) % 3 == 0 then acc += i else acc -= j
func.func @nest(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  cf.br ^outer(%c0, %c0 : i64, i64)
^outer(%i: i64, %acc: i64):
  %ci = arith.cmpi slt, %i, %n : i64
  cf.cond_br %ci, ^inner(%c0, %acc : i64, i64), ^exit
^inner(%j: i64, %a: i64):
  %cj = arith.cmpi slt, %j, %n : i64
  cf.cond_br %cj, ^body, ^next
^body:
  %p = arith.muli %i, %j : i64
  %r = arith.remsi %p, %c3 : i64
  %z = arith.cmpi eq, %r, %c0 : i64
  cf.cond_br %z, ^then, ^else
^then:
  %a1 = arith.addi %a, %i : i64
  cf.br ^join(%a1 : i64)
^else:
  %a2 = arith.subi %a, %j : i64
  cf.br ^join(%a2 : i64)
^join(%a3: i64):
  %j2 = arith.addi %j, %c1 : i64
  cf.br ^inner(%j2, %a3 : i64, i64)
^next:
  %i2 = arith.addi %i, %c1 : i64
  cf.br ^outer(%i2, %a : i64, i64)
^exit:
  return %acc : i64
}

// A 2-D parallel loop with a sum-of-squares reduction, as scf.parallel + scf.reduce lowers
// sequentially.
func.func @par2d(%m: memref<?x?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %rows = "memref.dim"(%m, %c0) : (memref<?x?xf32>, index) -> index
  %cols = "memref.dim"(%m, %c1) : (memref<?x?xf32>, index) -> index
  cf.br ^outer(%c0, %zero : index, f32)
^outer(%i: index, %acc: f32):
  %ci = arith.cmpi slt, %i, %rows : index
  cf.cond_br %ci, ^inner(%c0, %acc : index, f32), ^exit
^inner(%j: index, %a: f32):
  %cj = arith.cmpi slt, %j, %cols : index
  cf.cond_br %cj, ^body, ^next
^body:
  %x = "memref.load"(%m, %i, %j) : (memref<?x?xf32>, index, index) -> f32
  %sq = arith.mulf %x, %x : f32
  %a2 = arith.addf %a, %sq : f32
  %j2 = arith.addi %j, %c1 : index
  cf.br ^inner(%j2, %a2 : index, f32)
^next:
  %i2 = arith.addi %i, %c1 : index
  cf.br ^outer(%i2, %a : index, f32)
^exit:
  return %acc : f32
}
