// memref alloc/load/store/dim/subview with a dynamic dimension, and a memref passed to a call.
// RUN: %onnx-run %s --allow-unregistered-dialect | FileCheck %s

// CHECK: 3
// CHECK-NEXT: 4
// CHECK-NEXT: 1.300000e+01
// CHECK-NEXT: 2.300000e+01
// CHECK-NEXT: 8.600000e+01
"func.func"() <{function_type = () -> (index, index, f32, f32, f32), sym_name = "main"}> ({
  %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
  %c1 = "arith.constant"() <{value = 1 : index}> : () -> index
  %c4 = "arith.constant"() <{value = 4 : index}> : () -> index
  %n = "arith.constant"() <{value = 3 : index}> : () -> index
  %ten = "arith.constant"() <{value = 10 : index}> : () -> index
  %m = "memref.alloc"(%n) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?x4xf32>
  "cf.br"(%c0)[^outer] : (index) -> ()
^outer(%i: index):
  %ci = "arith.cmpi"(%i, %n) <{predicate = 2 : i64}> : (index, index) -> i1
  "cf.cond_br"(%ci, %c0)[^inner, ^done] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, index) -> ()
^inner(%j: index):
  %cj = "arith.cmpi"(%j, %c4) <{predicate = 2 : i64}> : (index, index) -> i1
  "cf.cond_br"(%cj)[^store, ^next_row] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^store:
  %t = "arith.muli"(%i, %ten) : (index, index) -> index
  %v = "arith.addi"(%t, %j) : (index, index) -> index
  %vi = "arith.index_cast"(%v) : (index) -> i64
  %vf = "arith.sitofp"(%vi) : (i64) -> f32
  "memref.store"(%vf, %m, %i, %j) : (f32, memref<?x4xf32>, index, index) -> ()
  %j2 = "arith.addi"(%j, %c1) : (index, index) -> index
  "cf.br"(%j2)[^inner] : (index) -> ()
^next_row:
  %i2 = "arith.addi"(%i, %c1) : (index, index) -> index
  "cf.br"(%i2)[^outer] : (index) -> ()
^done:
  %d0 = "memref.dim"(%m, %c0) : (memref<?x4xf32>, index) -> index
  %d1 = "memref.dim"(%m, %c1) : (memref<?x4xf32>, index) -> index
  %sv = "memref.subview"(%m, %c1) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 1>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 2>}> : (memref<?x4xf32>, index) -> memref<2x2xf32, strided<[4, 2], offset: ?>>
  %x0 = "memref.load"(%sv, %c0, %c1) : (memref<2x2xf32, strided<[4, 2], offset: ?>>, index, index) -> f32
  %x1 = "memref.load"(%sv, %c1, %c1) : (memref<2x2xf32, strided<[4, 2], offset: ?>>, index, index) -> f32
  %row = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 2, 0>, static_sizes = array<i64: 1, 4>, static_strides = array<i64: 1, 1>}> : (memref<?x4xf32>) -> memref<4xf32, strided<[1], offset: 8>>
  %sum = "func.call"(%row) <{callee = @sum}> : (memref<4xf32, strided<[1], offset: 8>>) -> f32
  "memref.dealloc"(%m) : (memref<?x4xf32>) -> ()
  "func.return"(%d0, %d1, %x0, %x1, %sum) : (index, index, f32, f32, f32) -> ()
}) : () -> ()

"func.func"() <{function_type = (memref<4xf32, strided<[1], offset: 8>>) -> f32, sym_name = "sum"}> ({
^bb0(%m: memref<4xf32, strided<[1], offset: 8>>):
  %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
  %c1 = "arith.constant"() <{value = 1 : index}> : () -> index
  %zero = "arith.constant"() <{value = 0.0 : f32}> : () -> f32
  %n = "memref.dim"(%m, %c0) : (memref<4xf32, strided<[1], offset: 8>>, index) -> index
  "cf.br"(%c0, %zero)[^head] : (index, f32) -> ()
^head(%i: index, %s: f32):
  %c = "arith.cmpi"(%i, %n) <{predicate = 2 : i64}> : (index, index) -> i1
  "cf.cond_br"(%c)[^body, ^exit] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^body:
  %x = "memref.load"(%m, %i) : (memref<4xf32, strided<[1], offset: 8>>, index) -> f32
  %s2 = "arith.addf"(%s, %x) : (f32, f32) -> f32
  %i2 = "arith.addi"(%i, %c1) : (index, index) -> index
  "cf.br"(%i2, %s2)[^head] : (index, f32) -> ()
^exit:
  "func.return"(%s) : (f32) -> ()
}) : () -> ()
